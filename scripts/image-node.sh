#!/usr/bin/env bash
# Prints the directory holding the `node` binary of the Docker image's exact Node version (the
# Dockerfile's ARG NODE_IMAGE), installed from the npm registry into node_modules/.cache on
# first use. Used by .ci/run (the image's line of the tests) and `npm run bench` (the server
# measured on the Node production runs).
#
# The registry's `node@x.y.z` only fetches its binary in a preinstall script; the package that
# script installs, `node-linux-<arch>@x.y.z`, carries the binary itself and has no script, so
# it installs with --ignore-scripts (no install script of any package runs). The same
# node_modules serve: every native dependency is N-API with prebuilt binaries.
set -euo pipefail
cd "$(dirname "$0")/.."

version=$(sed -n 's/^ARG NODE_IMAGE=node:\([0-9][0-9.]*\)-.*/\1/p' Dockerfile)
case "$version" in
  *.*.*) ;;
  *) echo "the Dockerfile must name an exact Node version (node:X.Y.Z-...), found '$version'" >&2; exit 1 ;;
esac
case "$(uname -m)" in
  x86_64) arch=x64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *) echo "no registry Node binary for $(uname -m)" >&2; exit 1 ;;
esac
dir="$PWD/node_modules/.cache/image-node/$version"
bin="$dir/node_modules/.bin"
if [ "$("$bin/node" --version 2>/dev/null)" != "v$version" ]; then
  rm -rf "$dir"
  mkdir -p "$dir"
  npm install --prefix "$dir" --no-save --no-audit --no-fund --ignore-scripts --loglevel=error \
    "node-linux-$arch@$version" >/dev/null
  [ "$("$bin/node" --version)" = "v$version" ] || {
    echo "node-linux-$arch@$version did not install Node $version ($("$bin/node" --version))" >&2
    exit 1
  }
fi
echo "$bin"
