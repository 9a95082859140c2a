#!/usr/bin/env bash
# Installs whatever this project needs and is missing; skips what is already there.
# Safe to run again and again, as root or with sudo, with no input (CI=true is fine).
#   rust target wasm32-unknown-unknown, rustfmt, clippy
#   wasm-bindgen-cli (the version pinned in Cargo.toml), trunk 0.21.14   (cargo install)
#   chromium + chromium-driver                                          (apt)
#   node_modules: binaryen (wasm-opt), terser, playwright-core, axe-core,
#                 @guidepup/virtual-screen-reader (npm ci, from package-lock.json)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

command -v cargo >/dev/null || die "cargo not found: install Rust (rustup) first"

# --- Rust target and components -------------------------------------------------------------
if command -v rustup >/dev/null; then
  if ! rustup target list --installed | grep -qx "$WASM_TARGET"; then
    note "adding rust target $WASM_TARGET"
    rustup target add "$WASM_TARGET"
  fi
  for comp in rustfmt clippy; do
    if ! rustup component list --installed | grep -q "^$comp"; then
      note "adding rust component $comp"
      rustup component add "$comp"
    fi
  done
fi

# --- wasm-bindgen-cli (exact version: Trunk checks it against Cargo.lock) -------------------
have_wbg="$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)"
if [ "$have_wbg" != "$WASM_BINDGEN_VERSION" ]; then
  note "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION (found: ${have_wbg:-none}); takes a few minutes"
  # Not --locked: its own lockfile pins crates that no longer build with current Rust.
  cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --force
fi

# --- trunk ----------------------------------------------------------------------------------
have_trunk="$(trunk --version 2>/dev/null | awk '{print $2}' || true)"
if [ "$have_trunk" != "$TRUNK_VERSION" ]; then
  note "installing trunk $TRUNK_VERSION (found: ${have_trunk:-none}); takes ~15 minutes on 2 cores"
  cargo install trunk --version "$TRUNK_VERSION" --locked --force
fi

# --- Chromium (Debian's; Playwright never downloads a browser here) --------------------------
if [ ! -x "$CHROMIUM" ]; then
  note "installing chromium from apt"
  export DEBIAN_FRONTEND=noninteractive
  as_root apt-get update -q
  as_root apt-get install -y -q chromium chromium-driver
fi

# --- Node packages --------------------------------------------------------------------------
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  note "installing nodejs + npm from apt"
  export DEBIAN_FRONTEND=noninteractive
  as_root apt-get update -q
  as_root apt-get install -y -q nodejs npm
fi
stamp="node_modules/.unbroken-lock.sha256"
want="$(sha256sum package.json package-lock.json | sha256sum | cut -d' ' -f1)"
if [ ! -d node_modules ] || [ "$(cat "$stamp" 2>/dev/null || true)" != "$want" ]; then
  note "npm ci (node_modules missing or stale)"
  npm ci --no-audit --no-fund --loglevel=error
  printf '%s\n' "$want" >"$stamp"
fi

note "tools: $(wasm-bindgen --version), $(trunk --version), $(wasm-opt --version | head -n1), $("$CHROMIUM" --version 2>/dev/null | head -n1), node $(node --version)"
