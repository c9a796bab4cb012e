#!/usr/bin/env bash
# Prints half of the spec files that hold a @slow tag, as a comma-separated list for
# `node ace test --files=...`: `bin/slow_spec_files.sh 1` the 1st, 3rd, ... of the sorted list,
# `bin/slow_spec_files.sh 0` the 2nd, 4th, ... Those specs wait for part of their time
# (processes started and stopped, outages, timeouts), so two processes running a half each fill
# the waits of each other. bin/test.sh and .ci/run split them this way.
set -euo pipefail
cd "$(dirname "$0")/.."
case "${1:-}" in
  0 | 1) ;;
  *) echo "usage: bin/slow_spec_files.sh 0|1" >&2; exit 2 ;;
esac
grep -rl --include='*.spec.ts' '@slow' tests modules | sort | awk -v half="$1" 'NR % 2 == half' |
  paste -sd, -
