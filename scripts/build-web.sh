#!/usr/bin/env bash
# Builds the browser app into dist/ with Trunk: release, cargo profile `web`, offline.
# Does not install anything: run scripts/setup.sh first (test.sh and serve.sh do).
# Extra arguments go to `trunk build` (e.g. --public-url /some/path/).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

# Trunk passes --offline to cargo, so make sure every crate (wasm32 ones too) is downloaded.
cargo fetch --quiet
RUST_LIB_BACKTRACE=0 trunk build --release --offline "$@"

# A little sanity: the page and the three kinds of files it loads are there.
[ -f dist/index.html ] || die "dist/index.html missing after trunk build"
for ext in wasm js css; do
  ls dist/*."$ext" >/dev/null 2>&1 || die "no .$ext file in dist/"
done
note "dist/ ready: $(du -sh dist | cut -f1) ($(ls dist | wc -l) entries)"
