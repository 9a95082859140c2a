#!/usr/bin/env bash
# Regenerates the balance report in docs/balance/ (README.md and SVG charts) by simulating games
# with the smart bot (default and strongest) and the random bot on every difficulty, and the
# policy experiments behind the box's replayability goals (1,000 Normal games each, per-card ones
# replaying only the games they touch).
#
#   scripts/balance.sh                 4,000 games per difficulty and bot (the goals ask for the
#                                      strongest bot on 4,000+ Normal games). On 2 otherwise idle
#                                      cores of this machine it takes 307 s, the median of three
#                                      runs of 303-328 s (farm-bench -n 3 -- unbroken report
#                                      --games 4000: 605 s CPU median, under 6 s of steal). The
#                                      same work costs from 21 % less to 9 % more CPU than a
#                                      median run from hour to hour (the host, not the report).
#                                      UNBROKEN_PHASES=1 prints the time of each phase and what
#                                      is played again. The report must take under 6 minutes. How
#                                      long it takes also depends on the box: a per-card
#                                      screening that misses its goal, or a
#                                      strongest-bot commit:W or never-ambushed one whose
#                                      interval reaches past its limit, is played again on all
#                                      4,000 Normal games
#   GAMES=1000 scripts/balance.sh      a quicker look (the committed report uses the default)
#   scripts/balance.sh --threads 1     any further options go to `unbroken report`
#
# The report is deterministic except for its speed figures: the same content and seed give the
# same tables and charts on every machine and any number of threads.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

GAMES="${GAMES:-4000}"
section "build"
cargo build --release --bin unbroken
section "simulate ${GAMES} games per difficulty and bot"
start=$SECONDS
./target/release/unbroken report --games "$GAMES" --out docs/balance "$@"
note "docs/balance/ written in $((SECONDS - start)) s"
