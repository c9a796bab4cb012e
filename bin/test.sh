#!/usr/bin/env bash
# Installs what is needed, typechecks, and runs the tests (docs/contributing.md has the map):
#
#   bin/test.sh               every suite: unit, architecture and integration without @slow in one
#                             process and, beside it in four more, the integration specs tagged
#                             @slow (two halves) and the end-to-end suite (whole apps made by
#                             `init`; @long and the rest); each prints its own report, in that order
#   bin/test.sh --quick       unit, architecture and integration without the specs tagged @slow,
#                             half of the spec files in each of two processes (one process on
#                             PostgreSQL)
#   bin/test.sh ARGS...       the tests ARGS select: a suite name, --files=..., --tags=... (as
#                             `node ace test ARGS...`; --watch goes through it)
#
# The database is the embedded SQLite unless DB_CONNECTION=pg and DATABASE_URL say otherwise
# (the end-to-end specs choose their own databases). --reporters=... goes to every run. Ports:
# TEST_PORT (5100 by default) and the 329 above it; the processes beside it take the same span
# from TEST_PORT + 1200, + 1600, + 2000 and + 2400 (5100-5429 and 6300-7829 by default).
# PANTHEON_SKIP_TYPECHECK=1 leaves the typecheck out (CI runs it once, as a step of its own).
set -euo pipefail
source "$(dirname "$0")/setup.sh"
cd "$pantheon_root"
if [ "${PANTHEON_SKIP_TYPECHECK:-}" != "1" ]; then
  echo "Typechecking ..." >&2
  npx --no-install tsc --noEmit
fi

# What `node ace test` does before its run (the assembler hook): each module's index written
# from its files, so a module added or changed by hand is served as it is.
node ace pantheon:index >/dev/null

# The suites, run by bin/test.ts itself with the kit's TypeScript loader: `node ace test` does the
# same from a parent process that boots ace and the assembler, and runs bin/test.ts with
# ts-exec, whose hooks answer every import (a package's `require` too) from another thread;
# this way each run spends about 2 s less processor, and a run of one spec file takes about
# half the time.
test_command=(node --import=@pantheon/kit/typescript --enable-source-maps bin/test.ts)
run_tests() { "${test_command[@]}" "$@"; }
# `--watch` needs ace's file watcher.
for arg in "$@"; do
  case "$arg" in --watch*) exec node ace test "$@" ;; esac
done

if [ "${1:-}" = "--quick" ]; then
  shift
  quick_suites=(unit architecture integration --tags='~@slow')
  # Two processes, one per core, on the embedded database: each runs every other spec file of
  # the three suites, with its own ports and database file. A shared database (PostgreSQL, as
  # the shell or .env sets it, or a module's own <MODULE>_DATABASE_URL) would have both
  # processes empty each other's tables, and a run narrowed to some files or tests gains
  # nothing from halves: one process runs those.
  env_setting() {
    [ -f .env ] || return 0
    sed -n "s/^[[:space:]]*$1[[:space:]]*=[[:space:]]*[\"']*\([^\"' ]*\).*/\1/p" .env | tail -n 1
  }
  quick_database="${DB_CONNECTION:-$(env_setting DB_CONNECTION)}"
  single=$([ "${quick_database:-sqlite}" = "sqlite" ] && echo no || echo yes)
  if env | grep -q '^[A-Z0-9_]*_DATABASE_URL=.' ||
    grep -q '^[[:space:]]*[A-Z0-9_]*_DATABASE_URL=.' .env 2>/dev/null; then
    single=yes
  fi
  for arg in "$@"; do
    case "$arg" in --files* | --tests* | --groups*) single=yes ;; esac
  done
  if [ "$single" = "yes" ]; then
    run_tests "${quick_suites[@]}" "$@"
    exit
  fi
  quick_half() {
    find tests/unit tests/architecture tests/integration modules/*/tests/unit \
      modules/*/tests/architecture modules/*/tests/integration -name '*.spec.ts' 2>/dev/null |
      sort | awk -v half="$1" 'NR % 2 == half' | paste -sd, -
  }
  side_log="$(mktemp)"
  trap 'rm -f "$side_log"' EXIT
  TEST_PORT=$((${TEST_PORT:-5100} + 1200)) SQLITE_FILENAME=tmp/side-quick/test.sqlite3 \
    CONTRACT_RECORD='' run_tests "${quick_suites[@]}" --files="$(quick_half 1)" "$@" \
    >"$side_log" 2>&1 &
  side_pid=$!
  set +e
  run_tests "${quick_suites[@]}" --files="$(quick_half 0)" "$@"
  status=$?
  wait "$side_pid" || status=1
  echo
  echo "=== the other half of the spec files (ran beside the run above)"
  cat "$side_log"
  exit "$status"
fi
# The whole run only when nothing but reporters was asked for.
reporters=()
for arg in "$@"; do
  case "$arg" in
    --reporters=*) reporters+=("$arg") ;;
    *)
      run_tests "$@"
      exit
      ;;
  esac
done

main_port="${TEST_PORT:-5100}"
side_logs="$(mktemp -d)"
trap 'rm -rf "$side_logs"' EXIT
# Four processes beside the main one, as in CI: the integration specs tagged @slow (they mostly
# wait) in two halves, and the end-to-end suite (it mostly computes) in two parts, @long and the
# rest. Each has its own ports and host database (the end-to-end specs make their own apps and
# databases), and none records the contract traffic (that is the main run's).
parts=(slow-1 slow-0 long other)
side_pids=()
for part in "${parts[@]}"; do
  case "$part" in
    slow-1) offset=1200 args=(integration --tags=@slow --files="$(bin/slow_spec_files.sh 1)") ;;
    slow-0) offset=1600 args=(integration --tags=@slow --files="$(bin/slow_spec_files.sh 0)") ;;
    long) offset=2000 args=(e2e --tags=@long) ;;
    other) offset=2400 args=(e2e --tags='~@long') ;;
  esac
  # The end-to-end parts at a lower CPU priority, as in CI (.ci/run says why).
  priority=()
  case "$part" in long | other) priority=(nice -n 10) ;; esac
  TEST_PORT=$((main_port + offset)) DB_CONNECTION=sqlite SQLITE_FILENAME="tmp/side-$part/test.sqlite3" \
    CONTRACT_RECORD='' "${priority[@]}" "${test_command[@]}" "${args[@]}" "${reporters[@]}" >"$side_logs/$part.log" 2>&1 &
  side_pids+=($!)
done

set +e
run_tests unit architecture integration --tags='~@slow' "${reporters[@]}"
status=$?
for index in "${!parts[@]}"; do
  wait "${side_pids[$index]}" || status=1
  case "${parts[$index]}" in
    slow-1) label='integration specs tagged @slow, first half' ;;
    slow-0) label='integration specs tagged @slow, second half' ;;
    long) label='end-to-end specs tagged @long' ;;
    other) label='end-to-end specs not tagged @long' ;;
  esac
  echo
  echo "=== $label (ran beside the run above)"
  cat "$side_logs/${parts[$index]}.log"
done
exit "$status"
