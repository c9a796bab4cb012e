#!/usr/bin/env bash
# Installs what is needed, typechecks, and runs the tests (docs/contributing.md has the map):
#
#   bin/test.sh               every suite: unit, architecture and integration in one process and,
#                             beside it in a second one, the end-to-end suite (whole apps made by
#                             `init`); each prints its own report, the end-to-end one last
#   bin/test.sh --quick       unit, architecture and integration without the specs tagged @slow
#   bin/test.sh ARGS...       `node ace test ARGS...`: a suite name, --files=..., --tags=...
#
# The database is the embedded SQLite unless DB_CONNECTION=pg and DATABASE_URL say otherwise
# (the end-to-end specs choose their own databases). --reporters=... goes to every run. Ports:
# TEST_PORT (5100 by default) and the 329 above it; the end-to-end process takes TEST_PORT + 2000.
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
e2e_log="$(mktemp)"
trap 'rm -f "$e2e_log"' EXIT
# The end-to-end process: its own ports and host database (its specs make their own apps and
# databases), and no contract recording (that is the integration suite's traffic).
TEST_PORT=$((main_port + 2000)) DB_CONNECTION=sqlite SQLITE_FILENAME=tmp/e2e/test.sqlite3 \
  CONTRACT_RECORD='' node ace test e2e "${reporters[@]}" >"$e2e_log" 2>&1 &
e2e_pid=$!

set +e
node ace test unit architecture integration "${reporters[@]}"
main_status=$?
wait "$e2e_pid"
e2e_status=$?
echo
echo "=== end-to-end suite (ran beside the one above)"
cat "$e2e_log"
[ "$main_status" -eq 0 ] && [ "$e2e_status" -eq 0 ]
