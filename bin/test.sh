#!/usr/bin/env bash
# Installs what is needed, typechecks, and runs the tests (docs/contributing.md has the map):
#
#   bin/test.sh               every suite: unit, architecture and integration in one process and,
#                             beside it in two more, the end-to-end suite (whole apps made by
#                             `init`); each prints its own report, the end-to-end ones last
#   bin/test.sh --quick       unit, architecture and integration without the specs tagged @slow
#   bin/test.sh ARGS...       `node ace test ARGS...`: a suite name, --files=..., --tags=...
#
# The database is the embedded SQLite unless DB_CONNECTION=pg and DATABASE_URL say otherwise
# (the end-to-end specs choose their own databases). --reporters=... goes to every run. Ports:
# TEST_PORT (5100 by default) and the 329 above it; the end-to-end processes take TEST_PORT + 2000
# and TEST_PORT + 2400.
# PANTHEON_SKIP_TYPECHECK=1 leaves the typecheck out (CI runs it once, as a step of its own).
set -euo pipefail
source "$(dirname "$0")/setup.sh"
cd "$pantheon_root"
if [ "${PANTHEON_SKIP_TYPECHECK:-}" != "1" ]; then
  echo "Typechecking ..." >&2
  npx --no-install tsc --noEmit
fi

if [ "${1:-}" = "--quick" ]; then
  shift
  exec node ace test unit architecture integration --tags='~@slow' "$@"
fi
# The whole run only when nothing but reporters was asked for.
reporters=()
for arg in "$@"; do
  case "$arg" in
    --reporters=*) reporters+=("$arg") ;;
    *) exec node ace test "$@" ;;
  esac
done

main_port="${TEST_PORT:-5100}"
e2e_logs="$(mktemp -d)"
trap 'rm -rf "$e2e_logs"' EXIT
# The end-to-end suite in two processes beside the main one (its specs mostly compute while the
# integration specs mostly wait): the specs tagged @long in one, the others in the other. Each
# has its own ports and host database (the specs make their own apps and databases), and none
# records the contract traffic (that is the integration suite's).
e2e_pids=()
for part in long other; do
  if [ "$part" = long ]; then tags='@long' offset=2000; else tags='~@long' offset=2400; fi
  TEST_PORT=$((main_port + offset)) DB_CONNECTION=sqlite SQLITE_FILENAME="tmp/e2e-$part/test.sqlite3" \
    CONTRACT_RECORD='' node ace test e2e --tags="$tags" "${reporters[@]}" >"$e2e_logs/$part.log" 2>&1 &
  e2e_pids+=($!)
done

set +e
node ace test unit architecture integration "${reporters[@]}"
status=$?
for part in long other; do
  wait "${e2e_pids[0]}" || status=1
  e2e_pids=("${e2e_pids[@]:1}")
  echo
  if [ "$part" = long ]; then label='tagged @long'; else label='not tagged @long'; fi
  echo "=== end-to-end specs $label (ran beside the run above)"
  cat "$e2e_logs/$part.log"
done
exit "$status"
