#!/usr/bin/env bash
# Everything CI checks, in order; installs what is missing first (scripts/setup.sh).
#
#   scripts/test.sh             all steps
#   scripts/test.sh STEP...     only these steps (setup always runs), e.g. `scripts/test.sh build e2e`
#
# Steps: fmt, clippy (native, all targets), clippy-wasm (the browser binary), doc (cargo doc,
# warnings denied), test (native, release), fuzz (tests/fuzz.rs again in debug, overflow checks
# on), build (trunk build --release --offline into dist/), e2e (Chromium), budgets.
# Every step runs even after one fails (except e2e/budgets when the build failed); a summary
# with timings closes the run, and the exit code is non-zero if any step failed.
set -uo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

ALL_STEPS=(fmt clippy clippy-wasm doc test fuzz build e2e budgets)
if [ $# -gt 0 ]; then STEPS=("$@"); else STEPS=("${ALL_STEPS[@]}"); fi
for s in "${STEPS[@]}"; do
  [[ " ${ALL_STEPS[*]} " == *" $s "* ]] || die "unknown step '$s' (steps: ${ALL_STEPS[*]})"
done

declare -a SUMMARY=()
FAILED=0
BUILD_OK=1
T_ALL=$SECONDS

record() { # name status seconds
  SUMMARY+=("$(printf '%-12s %-8s %5ss' "$1" "$2" "$3")")
  [ "$2" = FAIL ] && FAILED=1
  return 0
}

run_step() { # name title command...
  local name="$1" title="$2"
  shift 2
  section "$title"
  local t0=$SECONDS
  if "$@"; then record "$name" ok $((SECONDS - t0)); return 0; fi
  record "$name" FAIL $((SECONDS - t0))
  return 1
}

section "setup: install what is missing"
t0=$SECONDS
if ! bash scripts/setup.sh; then
  record setup FAIL $((SECONDS - t0))
  printf '\nsetup failed; nothing else can run\n'
  exit 1
fi
record setup ok $((SECONDS - t0))

for step in "${STEPS[@]}"; do
  case "$step" in
    fmt) run_step fmt "cargo fmt --check" cargo fmt --all -- --check --color never ;;
    clippy) run_step clippy "cargo clippy --all-targets -D warnings (native)" \
      cargo clippy --all-targets -- -D warnings ;;
    clippy-wasm) run_step clippy-wasm "cargo clippy -D warnings (wasm32: the app, the title, records and bot modules)" \
      cargo clippy --target "$WASM_TARGET" --bin unbroken-web --bin unbroken-title --bin unbroken-records --bin unbroken-bot -- -D warnings ;;
    doc) run_step doc "cargo doc --no-deps (warnings denied: broken doc links fail)" \
      env RUSTDOCFLAGS="-D warnings" cargo doc --no-deps ;;
    # Release speed (opt-level 3) for the big property test, but without the release profile's
    # fat LTO and single codegen unit: linking ~10 test binaries that way costs minutes per run.
    test) run_step test "cargo test --release (native; LTO off for tests)" \
      env CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 cargo test --release ;;
    # The fuzz test again in a debug build, where integer overflow panics (the
    # records import, the save loader and the link parser with overflow checks on).
    fuzz) run_step fuzz "cargo test --test fuzz (debug: overflow checks on)" cargo test --test fuzz ;;
    build) run_step build "trunk build --release --offline -> dist/" bash scripts/build-web.sh || BUILD_OK=0 ;;
    e2e)
      if [ "$BUILD_OK" = 1 ] && [ -f dist/index.html ]; then
        run_step e2e "e2e tests in Chromium (tests/e2e)" node tests/e2e/run.mjs
      else
        section "e2e tests in Chromium (tests/e2e)"; echo "skipped: no build"; record e2e FAIL 0
      fi ;;
    budgets)
      if [ "$BUILD_OK" = 1 ] && [ -f dist/index.html ]; then
        run_step budgets "budgets (size, time to interactive, action latency)" node scripts/budgets.mjs
      else
        section "budgets"; echo "skipped: no build"; record budgets FAIL 0
      fi ;;
  esac
done

section "summary"
printf '%s\n' "${SUMMARY[@]}"
printf 'total %ss\n' $((SECONDS - T_ALL))
if [ "$FAILED" = 1 ]; then
  echo "RESULT: FAILED"
  exit 1
fi
echo "RESULT: all steps ok"
