# shellcheck shell=bash
# Shared settings for the scripts in this folder; source it, don't run it.

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export ROOT

# Pinned tool versions. wasm-bindgen-cli must equal the `wasm-bindgen = "=X"` pin in Cargo.toml.
WASM_BINDGEN_VERSION="$(sed -n 's/^wasm-bindgen *= *"=\([0-9.]*\)".*/\1/p' "$ROOT/Cargo.toml" | head -n1)"
WASM_BINDGEN_VERSION="${WASM_BINDGEN_VERSION:-0.2.130}"
TRUNK_VERSION="0.21.14"
WASM_TARGET="wasm32-unknown-unknown"
CHROMIUM="${CHROMIUM:-/usr/bin/chromium}"
export WASM_BINDGEN_VERSION TRUNK_VERSION WASM_TARGET CHROMIUM

# Cargo-installed tools, then our npm tools (wasm-opt from binaryen) ahead of any system ones,
# so Trunk finds exactly the pinned versions and never downloads anything.
export PATH="$ROOT/node_modules/.bin:${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
# playwright-core never downloads browsers; belt and braces.
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
export CARGO_TERM_COLOR="${CARGO_TERM_COLOR:-never}"

section() {
  printf '\n==================== %s ====================\n' "$*"
}

note() {
  printf '[%s] %s\n' "$(basename "$0")" "$*"
}

die() {
  printf '[%s] error: %s\n' "$(basename "$0")" "$*" >&2
  exit 1
}

# Run as root directly, otherwise through sudo when there is one.
as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else
    die "need root for: $*"
  fi
}
