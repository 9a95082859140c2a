#!/usr/bin/env bash
# Installs what is missing, then serves the game on http://127.0.0.1:8080/ (PORT=... to change).
#
#   scripts/serve.sh            trunk serve: debug build, rebuilds and reloads on save
#   scripts/serve.sh --release  trunk serve of the release build (cargo profile `web`, wasm-opt)
#   scripts/serve.sh --static   release build into dist/, then a plain static server of dist/,
#                               mounted under BASE (default /), e.g. BASE=/games/unbroken/
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

PORT="${PORT:-8080}"
mode="dev"
case "${1:-}" in
  "") ;;
  --release) mode="release" ;;
  --static) mode="static" ;;
  -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
  *) die "unknown option: $1 (try --help)" ;;
esac

bash scripts/setup.sh

if [ "$mode" = static ]; then
  bash scripts/build-web.sh
  exec node scripts/static-server.mjs --dir dist --port "$PORT" --base "${BASE:-/}"
fi

cargo fetch --quiet
mkdir -p target # Trunk.toml's watch ignore list must exist
# Its own output folder: dist/ stays the release build that the tests and budgets measure
# (a `trunk serve` build carries a live-reload script that only works under trunk serve).
args=(serve --offline --dist target/trunk-serve --address 127.0.0.1 --port "$PORT")
[ "$mode" = release ] && args+=(--release)
note "trunk ${args[*]}"
exec trunk "${args[@]}"
