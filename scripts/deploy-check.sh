#!/usr/bin/env bash
# Runs the Dockerfile's two stages without Docker (no engine runs on these machines, and the
# image's base cannot be pulled). The build stage: the checkout filtered by .dockerignore with
# Docker's own rules (scripts/image-context.ts) is copied to a clean folder, where `npm ci
# --ignore-scripts` and `npm run build` run as in the image, so a file the build needs and the
# context lacks fails here. The runtime stage: the files it copies (package.json,
# package-lock.json, dist/, catalogue/catalogue.json, scripts/cli.mjs, scripts/start-in-image.sh)
# go to another clean folder, production dependencies only are installed there, and the server
# must start as the image starts it (its environment, its start script), answer, and stop on
# SIGTERM. The owner's CLIs run there too; a price change built with the CLI while the server
# runs must reach the product page within seconds, without a restart; a backup taken while it
# runs must restore into an empty folder, and a server started on it must serve the same prices.
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

# body URL: prints the response body, or nothing when nothing answers.
body() {
  node -e '
    fetch(process.argv[1], { signal: AbortSignal.timeout(5000) })
      .then((r) => r.text()).then((t) => process.stdout.write(t))
      .catch(() => {});
  ' "$1"
}

# status URL: prints the HTTP status, or 000 when nothing answers (Node's fetch: no curl needed).
status() {
  node -e '
    fetch(process.argv[1], { redirect: "manual", signal: AbortSignal.timeout(5000) })
      .then((r) => { console.log(r.status); return r.arrayBuffer(); })
      .catch(() => console.log("000"));
  ' "$1"
}

work=$(mktemp -d "${TMPDIR:-/tmp}/deploy-check.XXXXXX")

step "The image's build stage on its build context (.dockerignore applied)"
context=$work/context
mkdir -p "$context"
npx tsx scripts/image-context.ts "$context" >"$work/context.log" 2>&1 ||
  { cat "$work/context.log" >&2; fail 'could not copy the build context'; }
[[ ! -e $context/tests && ! -e $context/node_modules && ! -e $context/dist ]] ||
  fail 'the build context holds tests/, node_modules/ or dist/: .dockerignore must leave them out'
(cd "$context" && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error) >"$work/build.log" 2>&1 ||
  { cat "$work/build.log" >&2; fail 'npm ci --ignore-scripts failed in the build context'; }
(cd "$context" && npm run build) >"$work/build.log" 2>&1 ||
  { tail -n 30 "$work/build.log" >&2; fail 'npm run build failed in the build context (a file it needs is left out by .dockerignore?)'; }
for file in package.json package-lock.json catalogue/catalogue.json dist/server/index.js \
  dist/client/.vite/manifest.json dist/cli/catalogue.js dist/cli/messages.js dist/cli/owner.js \
  dist/cli/backup.js dist/cli/restore.js scripts/cli.mjs scripts/start-in-image.sh; do
  [[ -f $context/$file ]] || fail "missing $file in the build stage"
done
ok "$(cat "$work/context.log") in the context, npm ci and npm run build there"

step 'Copy what the image copies into a clean folder'
app=$work/app
mkdir -p "$app/catalogue" "$app/data" "$app/scripts"
cp "$context/package.json" "$context/package-lock.json" "$app/"
cp "$context/scripts/cli.mjs" "$context/scripts/start-in-image.sh" "$app/scripts/"
cp "$context/catalogue/catalogue.json" "$app/catalogue/"
cp -R "$context/dist" "$app/dist"
# The image's environment (Dockerfile ENV), with its folders under $app.
image_env=(NODE_ENV=production DATA_DIR="$app/data" CATALOGUE_FILE="$app/data/catalogue/catalogue.json"
  BACKUP_DIR="$app/backups")
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

step 'sharp loads and resizes on the production install (gallery photos)'
# sharp's libvips comes as optional @img/sharp-<platform> packages, so --ignore-scripts is
# enough; the Docker image (glibc, x64 or arm64) gets the same packages for its platform.
(cd "$app" && node --input-type=module -e '
  import sharp from "sharp";
  const jpeg = await sharp({ create: { width: 1080, height: 1350, channels: 3, background: "#c33" } })
    .jpeg().toBuffer();
  const { info } = await sharp(jpeg).resize({ width: 360 }).webp().toBuffer({ resolveWithObject: true });
  if (info.format !== "webp" || info.width !== 360 || info.height !== 450) throw new Error(JSON.stringify(info));
  console.log(`libvips ${sharp.versions.vips}, ${process.platform}-${process.arch}: 1080x1350 JPEG -> 360x450 WebP`);
') >"$work/sharp.log" 2>&1 || { cat "$work/sharp.log" >&2; fail 'sharp does not work on the production install'; }
ok "$(cat "$work/sharp.log")"

step 'Start as the image does: sh scripts/start-in-image.sh (its environment only)'
port=$(node -e '
  const s = require("node:net").createServer().listen(0, "127.0.0.1", () => {
    console.log(s.address().port);
    s.close();
  });
')
url="http://127.0.0.1:$port"
# env -i: no secrets or project variables leak in from this shell, as in a fresh container.
(cd "$app" && exec env -i PATH="$PATH" "${image_env[@]}" PORT="$port" LOG_LEVEL=warn SITE_URL="$url" \
  sh scripts/start-in-image.sh) >"$work/server.log" 2>&1 &
server_pid=$!
deadline=$((SECONDS + 20))
until [[ $(status "$url/healthz") == 200 ]]; do
  kill -0 "$server_pid" 2>/dev/null || fail 'the server exited during start'
  ((SECONDS < deadline)) || fail "GET /healthz did not answer 200 within 20 s"
  sleep 0.2
done
cmp -s catalogue/catalogue.json "$app/data/catalogue/catalogue.json" ||
  fail 'the first start did not copy the image'"'"'s catalogue onto the data volume'
ok "GET /healthz 200 on port $port; the catalogue copied onto the empty data volume"

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

step 'Share picture drawn on the production install (DejaVu outlines, sharp) and the product feed'
(cd "$app" && node --input-type=module -e '
  import sharp from "sharp";
  const base = process.argv[1];
  const html = await fetch(`${base}/parabrisa/ford/fiesta`).then((r) => r.text());
  const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
  if (!image) throw new Error("no og:image on /parabrisa/ford/fiesta");
  const res = await fetch(image);
  const png = Buffer.from(await res.arrayBuffer());
  const meta = await sharp(png).metadata();
  if (res.status !== 200 || meta.width !== 1200 || meta.height !== 630 || png.length > 300 * 1024)
    throw new Error(`${image}: ${res.status}, ${meta.width}x${meta.height}, ${png.length} bytes`);
  const feed = await fetch(`${base}/feed/productos.xml`);
  const xml = await feed.text();
  if (feed.status !== 200 || !xml.includes("<g:price>")) throw new Error(`feed: ${feed.status}`);
  console.log(`${new URL(image).pathname}: ${meta.width}x${meta.height}, ${png.length} bytes; feed ${xml.length} bytes`);
' "$url") >"$work/share.log" 2>&1 || { cat "$work/share.log" >&2; fail 'the share picture or the feed failed on the production install'; }
ok "$(cat "$work/share.log")"

# Seconds from <since> (a wall-clock time) until <url> shows <text>, polled every 100 ms by one
# node process; "timeout" after 5 s.
seconds_until_shown() {
  node -e '
    const [url, text, since0] = process.argv.slice(1);
    const since = () => Date.now() / 1000 - Number(since0);
    const poll = async () => {
      const html = await fetch(url, { signal: AbortSignal.timeout(2000) }).then((r) => r.text(), () => "");
      if (html.includes(text)) return console.log(since().toFixed(2));
      if (since() > 5) return console.log("timeout");
      setTimeout(poll, 100);
    };
    poll();
  ' "$1" "$2" "$3"
}

step "The owner's tools on the production install (npm run catalogue / messages / owner, no tsx)"
owner=$work/owner
mkdir -p "$owner"
cp catalogue/precios.csv "$owner/precios.csv"
# env -i as for the server; INIT_CWD is what npm sets: the folder where the owner typed it.
owner_run() {
  (cd "$app" && env -i PATH="$PATH" "${image_env[@]}" npm run --silent "$@") >"$work/owner.log" 2>&1 ||
    { cat "$work/owner.log" >&2; fail "npm run $* failed on the production install"; }
}
(cd "$owner" && env -i PATH="$PATH" "${image_env[@]}" npm --prefix "$app" run --silent catalogue -- check precios.csv) \
  >"$work/owner.log" 2>&1 || { cat "$work/owner.log" >&2; fail 'npm run catalogue -- check failed on the production install'; }
grep -q '53 modelos (46 parabrisas y 7 lunetas)' "$work/owner.log" || fail "catalogue check did not read the CSV: $(cat "$work/owner.log")"
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
(cd "$owner" && env -i PATH="$PATH" "${image_env[@]}" npm --prefix "$app" run --silent messages -- export --output mensajes.csv) \
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
# The panel's access: an invitation, a sign-in link that really signs in, the list, a revoke.
owner_panel() {
  (cd "$app" && env -i PATH="$PATH" "${image_env[@]}" SITE_URL="$url" npm run --silent owner -- "$@") \
    >"$work/owner.log" 2>"$work/owner.err" ||
    { cat "$work/owner.log" "$work/owner.err" >&2; fail "npm run owner -- $* failed on the production install"; }
}
owner_panel invite dueno@example.com --nombre 'Dueño'
grep -q "^$url/panel/invitacion?t=[A-Za-z0-9_-]\{40,\}\$" "$work/owner.log" ||
  fail "owner invite did not print the link alone on its line: $(cat "$work/owner.log")"
printf '    npm run owner -- invite dueno@example.com: ok (link on its own line)\n'
owner_panel link dueno@example.com
link=$(cat "$work/owner.log")
[[ $link == "$url/panel/enlace?t="* ]] || fail "owner link printed: $link"
code=$(status "$link")
[[ $code == 200 ]] || fail "GET of the sign-in link answered $code, expected 200"
node -e '
  const link = new URL(process.argv[1]);
  fetch(link.origin + link.pathname, {
    method: "POST", redirect: "manual", signal: AbortSignal.timeout(10000),
    headers: { "content-type": "application/x-www-form-urlencoded", origin: link.origin },
    body: new URLSearchParams({ t: link.searchParams.get("t") }).toString(),
  }).then((r) => {
    const cookie = r.headers.get("set-cookie") ?? "";
    process.exit(r.status === 303 && /^__Host-panel=.*HttpOnly/i.test(cookie) ? 0 : 1);
  }, () => process.exit(1));
' "$link" || fail 'POST of the sign-in link did not sign in (303 with the session cookie)'
printf '    npm run owner -- link: ok (the link signs in with a POST)\n'
owner_panel list
grep -q 'dueno@example.com (Dueño): 0 llaves, 1 sesión abierta' "$work/owner.log" ||
  fail "owner list: $(cat "$work/owner.log")"
owner_panel revoke dueno@example.com
owner_panel list
grep -q 'dueno@example.com (Dueño): sin acceso' "$work/owner.log" || fail "owner revoke: $(cat "$work/owner.log")"
printf '    npm run owner -- list / revoke: ok\n'
ok

step 'A live price change: the owner builds a new catalogue while the server runs (no restart)'
old_hash=$(body "$url/healthz" | node -pe 'JSON.parse(require("fs").readFileSync(0, "utf8")).catalogue.hash')
body "$url/parabrisa/ford/fiesta" | grep -q '198.500,00' || fail 'the Ford Fiesta page does not show the sample price $ 198.500,00'
sed 's/^Ford;Fiesta;[^;]*;/Ford;Fiesta;$ 211.111,11;/' catalogue/precios.csv >"$owner/precios.csv"
grep -q '^Ford;Fiesta;\$ 211.111,11;' "$owner/precios.csv" || fail 'could not prepare the changed CSV'
(cd "$owner" && env -i PATH="$PATH" "${image_env[@]}" npm --prefix "$app" run --silent catalogue -- build precios.csv) \
  >"$work/owner.log" 2>&1 || { cat "$work/owner.log" >&2; fail 'npm run catalogue -- build failed on the production install'; }
grep -q 'Ford Fiesta: \$ 198.500,00 → \$ 211.111,11' "$work/owner.log" ||
  fail "catalogue build did not report the price change: $(cat "$work/owner.log")"
printf '    npm run catalogue -- build precios.csv: ok (Ford Fiesta $ 198.500,00 → $ 211.111,11)\n'
# The time counts from the end of the build (wall clock).
took=$(seconds_until_shown "$url/parabrisa/ford/fiesta" '211.111,11' "$EPOCHREALTIME")
[[ $took != timeout ]] || fail 'the product page did not show the new price within 5 s'
kill -0 "$server_pid" 2>/dev/null || fail 'the server exited after the catalogue changed'
printf '    GET /parabrisa/ford/fiesta shows $ 211.111,11 %ss after the build finished, same server process\n' "$took"
today=$(node -p 'new Intl.DateTimeFormat("es-AR", { timeZone: "America/Argentina/Jujuy", day: "2-digit", month: "2-digit", year: "numeric" }).format()')
body "$url/parabrisa/ford/fiesta" | grep -q "Precios actualizados el <!-- -->$today" ||
  fail "the product page does not say the prices were updated today ($today)"
printf '    and says "Precios actualizados el %s"\n' "$today"
new_hash=$(body "$url/healthz" | node -pe 'JSON.parse(require("fs").readFileSync(0, "utf8")).catalogue.hash')
[[ $new_hash != "$old_hash" ]] || fail "/healthz still reports the old catalogue hash $old_hash"
printf '    /healthz catalogue hash %s → %s\n' "$old_hash" "$new_hash"
ok

step "The shop's facts from the owner's CLI while the server runs (npm run owner -- facts)"
body "$url/" | grep -q 'tel:+5493884123456' || fail 'the home page does not link the sample phone'
(cd "$owner" && env -i PATH="$PATH" DATA_DIR="$app/data" npm --prefix "$app" run --silent owner -- facts show) \
  >"$owner/datos.json" 2>"$work/owner.err" || { cat "$work/owner.err" >&2; fail 'npm run owner -- facts show failed on the production install'; }
node -e '
  const fs = require("fs");
  const facts = JSON.parse(fs.readFileSync(process.argv[1], "utf8"));
  facts.contact.phone = "(0388) 15 498-7654";
  fs.writeFileSync(process.argv[1], JSON.stringify(facts, null, 2));
' "$owner/datos.json" || fail 'could not change the facts file'
(cd "$owner" && env -i PATH="$PATH" DATA_DIR="$app/data" npm --prefix "$app" run --silent owner -- facts set datos.json) \
  >"$work/owner.log" 2>&1 || { cat "$work/owner.log" >&2; fail 'npm run owner -- facts set failed on the production install'; }
grep -q 'El teléfono pasa de (0388) 15 412-3456 a (0388) 15 498-7654' "$work/owner.log" ||
  fail "facts set did not report the change: $(cat "$work/owner.log")"
took=$(seconds_until_shown "$url/" 'tel:+5493884987654' "$EPOCHREALTIME")
[[ $took != timeout ]] || fail 'the home page did not show the new phone within 5 s'
ok "facts show / set: the home page links tel:+5493884987654 ${took}s after the publish, same server process"

step 'A backup while the server runs (npm run backup on the production install), and a restore it refuses'
owner_run backup
backup=$(sed -n 's/^Copia de seguridad guardada en \(.*\.sqlite\) (.*$/\1/p' "$work/owner.log")
[[ $backup == "$app/backups/backup-"*Z.sqlite && -s $backup ]] ||
  fail "npm run backup did not write a backup into BACKUP_DIR: $(cat "$work/owner.log")"
grep -q 'personas del panel 1' "$work/owner.log" || fail "the backup does not hold the panel's person: $(cat "$work/owner.log")"
grep -q 'versiones del historial de precios' "$work/owner.log" ||
  fail "the backup does not hold the catalogue's history: $(cat "$work/owner.log")"
printf '    npm run backup: ok (%s, with the person and the price history)\n' "${backup#"$app/"}"
refused=0
(cd "$app" && env -i PATH="$PATH" "${image_env[@]}" npm run --silent restore -- "$backup" --force) \
  >"$work/owner.log" 2>&1 || refused=$?
((refused == 1)) && grep -q 'Hay un servidor' "$work/owner.log" ||
  fail "npm run restore over the running server was not refused: $(cat "$work/owner.log")"
printf '    npm run restore -- %s --force while it runs: refused\n' "${backup##*/}"
ok

step 'A second server on the busy port must fail (a supervisor restarts or alerts on non-zero)'
second_rc=0
(cd "$app" && exec env -i PATH="$PATH" "${image_env[@]}" PORT="$port" LOG_LEVEL=warn \
  timeout 10 node dist/server/index.js) >"$work/second.log" 2>&1 || second_rc=$?
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

step 'The disk is lost: npm run restore into an empty folder, then the site serves the same data'
restored=(NODE_ENV=production DATA_DIR="$work/restored/data"
  CATALOGUE_FILE="$work/restored/data/catalogue/catalogue.json" BACKUP_DIR="$work/restored/backups")
(cd "$app" && env -i PATH="$PATH" "${restored[@]}" npm run --silent restore -- "$backup") >"$work/owner.log" 2>&1 ||
  { cat "$work/owner.log" >&2; fail 'npm run restore failed on the production install'; }
cmp -s "$app/data/catalogue/catalogue.json" "$work/restored/data/catalogue/catalogue.json" ||
  fail 'the restored catalogue is not the one that was live'
(cd "$app" && env -i PATH="$PATH" "${restored[@]}" npm run --silent owner -- list) >"$work/owner.log" 2>&1
grep -q 'dueno@example.com (Dueño): sin acceso' "$work/owner.log" ||
  fail "the restored database does not know the panel's person: $(cat "$work/owner.log")"
(cd "$app" && exec env -i PATH="$PATH" "${restored[@]}" PORT="$port" LOG_LEVEL=warn SITE_URL="$url" \
  sh scripts/start-in-image.sh) >"$work/server.log" 2>&1 &
server_pid=$!
deadline=$((SECONDS + 20))
until [[ $(status "$url/healthz") == 200 ]]; do
  kill -0 "$server_pid" 2>/dev/null || fail 'the server on the restored data exited during start'
  ((SECONDS < deadline)) || fail 'the server on the restored data did not answer /healthz within 20 s'
  sleep 0.2
done
body "$url/parabrisa/ford/fiesta" | grep -q '211.111,11' || fail 'the restored site does not serve the published price'
kill -TERM "$server_pid"
wait "$server_pid" || fail 'the server on the restored data did not stop cleanly'
server_pid=''
ok 'restored, started, serves $ 211.111,11 for the Ford Fiesta'

printf '\nDeploy check passed in %ss.\n' "$(elapsed "$started")"
