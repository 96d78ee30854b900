#!/usr/bin/env bash
# Runs the Dockerfile's runtime stage without Docker: the files that stage copies (package.json,
# package-lock.json, dist/, catalogue/catalogue.json) go to a clean temporary folder, production
# dependencies only are installed there, and the server must start, answer, and stop on SIGTERM.
# Builds first when there is no build (set DEPLOY_CHECK_BUILD=1 to always build).
# Usage: scripts/deploy-check.sh   (exit 0 when every step passed)
set -euo pipefail
cd "$(dirname "$0")/.."

started=$EPOCHREALTIME
step_started=$started
work=''
server_pid=''

elapsed() { awk -v a="$1" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }'; }
step() {
  step_started=$EPOCHREALTIME
  printf '\n==> %s\n' "$*"
}
ok() { printf '    ok (%ss) %s\n' "$(elapsed "$step_started")" "$*"; }
fail() {
  printf '\nDEPLOY CHECK FAILED: %s\n' "$*" >&2
  if [[ -n $work && -s $work/server.log ]]; then
    printf -- '--- server output ---\n' >&2
    tail -n 40 "$work/server.log" >&2
  fi
  exit 1
}

cleanup() {
  if [[ -n $server_pid ]] && kill -0 "$server_pid" 2>/dev/null; then
    { kill -KILL "$server_pid" && wait "$server_pid"; } 2>/dev/null || true
  fi
  if [[ -n $work ]]; then rm -rf "$work"; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# status URL: prints the HTTP status, or 000 when nothing answers (Node's fetch: no curl needed).
status() {
  node -e '
    fetch(process.argv[1], { redirect: "manual", signal: AbortSignal.timeout(5000) })
      .then((r) => { console.log(r.status); return r.arrayBuffer(); })
      .catch(() => console.log("000"));
  ' "$1"
}

step 'Build'
if [[ ${DEPLOY_CHECK_BUILD:-0} == 1 || ! -f dist/server/index.js ]]; then
  npm run build --silent >/dev/null || fail 'npm run build failed (run it to see the errors)'
  ok 'built'
else
  ok 'using the existing dist/ (DEPLOY_CHECK_BUILD=1 to rebuild)'
fi
for file in package.json package-lock.json catalogue/catalogue.json dist/server/index.js \
  dist/client/.vite/manifest.json dist/cli/catalogue.js dist/cli/messages.js; do
  [[ -f $file ]] || fail "missing $file"
done

step 'Copy what the image copies into a clean folder'
work=$(mktemp -d "${TMPDIR:-/tmp}/deploy-check.XXXXXX")
app=$work/app
mkdir -p "$app/catalogue" "$app/data" "$app/scripts"
cp package.json package-lock.json "$app/"
cp scripts/cli.mjs "$app/scripts/"
cp catalogue/catalogue.json "$app/catalogue/"
cp -R dist "$app/dist"
ok "$app"

step 'npm ci --omit=dev --ignore-scripts'
(cd "$app" && npm ci --omit=dev --ignore-scripts --no-audit --no-fund --loglevel=error) \
  >"$work/npm.log" 2>&1 || { cat "$work/npm.log" >&2; fail 'npm ci --omit=dev failed'; }
for dev in vite vitest tsx typescript eslint autocannon; do
  [[ ! -e $app/node_modules/$dev ]] || fail "devDependency $dev was installed in production"
done
for dep in express react react-dom react-router kysely libsql pg; do
  [[ -d $app/node_modules/$dep ]] || fail "dependency $dep is missing after npm ci --omit=dev"
done
ok "node_modules $(du -sh "$app/node_modules" | cut -f1), no devDependencies"

step 'Start node dist/server/index.js (NODE_ENV=production, clean environment)'
port=$(node -e '
  const s = require("node:net").createServer().listen(0, "127.0.0.1", () => {
    console.log(s.address().port);
    s.close();
  });
')
url="http://127.0.0.1:$port"
# env -i: no secrets or project variables leak in from this shell, as in a fresh container.
(cd "$app" && exec env -i PATH="$PATH" NODE_ENV=production PORT="$port" DATA_DIR="$app/data" \
  LOG_LEVEL=warn SITE_URL="$url" node dist/server/index.js) >"$work/server.log" 2>&1 &
server_pid=$!
deadline=$((SECONDS + 20))
until [[ $(status "$url/healthz") == 200 ]]; do
  kill -0 "$server_pid" 2>/dev/null || fail 'the server exited during start'
  ((SECONDS < deadline)) || fail "GET /healthz did not answer 200 within 20 s"
  sleep 0.2
done
ok "GET /healthz 200 on port $port"

step 'Pages'
asset=$(node -p 'Object.values(require(process.argv[1]))[0].file' "$app/dist/client/.vite/manifest.json")
for path in / /parabrisa/ford/fiesta "/$asset"; do
  code=$(status "$url$path")
  [[ $code == 200 ]] || fail "GET $path answered $code, expected 200"
  printf '    GET %s 200\n' "$path"
done
code=$(status "$url/parabrisa/ford/no-existe")
[[ $code == 404 ]] || fail "GET /parabrisa/ford/no-existe answered $code, expected 404"
printf '    GET /parabrisa/ford/no-existe 404\n'
ok

step "The owner's tools on the production install (npm run catalogue / messages, no tsx)"
owner=$work/owner
mkdir -p "$owner"
cp catalogue/precios.csv "$owner/precios.csv"
# env -i as for the server; INIT_CWD is what npm sets: the folder where the owner typed it.
owner_run() {
  (cd "$app" && env -i PATH="$PATH" DATA_DIR="$app/data" npm run --silent "$@") >"$work/owner.log" 2>&1 ||
    { cat "$work/owner.log" >&2; fail "npm run $* failed on the production install"; }
}
(cd "$owner" && env -i PATH="$PATH" npm --prefix "$app" run --silent catalogue -- check precios.csv) \
  >"$work/owner.log" 2>&1 || { cat "$work/owner.log" >&2; fail 'npm run catalogue -- check failed on the production install'; }
grep -q '46 modelos' "$work/owner.log" || fail "catalogue check did not read the CSV: $(cat "$work/owner.log")"
printf '    npm run catalogue -- check precios.csv: ok\n'
# A message through the running server, then every messages command on it.
node -e '
  fetch(process.argv[1] + "/contact", {
    method: "POST", redirect: "manual", signal: AbortSignal.timeout(10000),
    headers: { "content-type": "application/x-www-form-urlencoded", origin: process.argv[1] },
    body: "name=Prueba+Deploy&email=deploy%40example.com&message=Mensaje+de+prueba&website=",
  }).then((r) => process.exit(r.status === 303 ? 0 : 1), () => process.exit(1));
' "$url" || fail 'POST /contact did not answer 303'
owner_run messages -- list
grep -q 'Prueba Deploy' "$work/owner.log" || fail "messages list did not show the stored message: $(cat "$work/owner.log")"
printf '    npm run messages -- list: ok (shows the message just posted)\n'
(cd "$owner" && env -i PATH="$PATH" DATA_DIR="$app/data" npm --prefix "$app" run --silent messages -- export --output mensajes.csv) \
  >"$work/owner.log" 2>&1 || { cat "$work/owner.log" >&2; fail 'npm run messages -- export failed on the production install'; }
grep -q 'Prueba Deploy' "$owner/mensajes.csv" || fail 'messages export did not write the message to mensajes.csv where the owner typed it'
printf '    npm run messages -- export --output mensajes.csv: ok\n'
owner_run messages -- purge --older-than 30
grep -q 'Borré 0 mensaje' "$work/owner.log" || fail "messages purge: $(cat "$work/owner.log")"
printf '    npm run messages -- purge --older-than 30: ok\n'
owner_run messages -- delete --email deploy@example.com
grep -q 'Borré 1 mensaje' "$work/owner.log" || fail "messages delete: $(cat "$work/owner.log")"
owner_run messages -- list
grep -q 'No hay mensajes guardados' "$work/owner.log" || fail "the message was still listed after delete: $(cat "$work/owner.log")"
printf '    npm run messages -- delete --email deploy@example.com: ok (gone from list)\n'
ok

step 'A second server on the busy port must fail (a supervisor restarts or alerts on non-zero)'
second_rc=0
(cd "$app" && exec env -i PATH="$PATH" NODE_ENV=production PORT="$port" DATA_DIR="$app/data" \
  LOG_LEVEL=warn timeout 10 node dist/server/index.js) >"$work/second.log" 2>&1 || second_rc=$?
((second_rc != 124)) || fail 'a second server on a port in use kept running for 10 s'
((second_rc != 0)) || fail "a second server on a port in use exited 0; it must exit non-zero ($(tail -c 300 "$work/second.log"))"
ok "exited $second_rc"

step 'SIGTERM'
kill -TERM "$server_pid"
deadline=$((SECONDS + 10))
while kill -0 "$server_pid" 2>/dev/null; do
  ((SECONDS < deadline)) || fail 'the server did not exit within 10 s of SIGTERM'
  sleep 0.1
done
rc=0
wait "$server_pid" || rc=$?
server_pid=''
((rc == 0)) || fail "the server exited with status $rc after SIGTERM, expected 0"
ok 'exited 0'

printf '\nDeploy check passed in %ss.\n' "$(elapsed "$started")"
