#!/usr/bin/env bash
# Installs what is needed, typechecks, and runs every test suite (unit, architecture,
# integration). The database is the embedded SQLite unless DB_CONNECTION=pg and DATABASE_URL
# say otherwise. Extra arguments go to `node ace test` (e.g. a suite name or --files=...).
set -euo pipefail
source "$(dirname "$0")/setup.sh"
cd "$pantheon_root"
echo "Typechecking ..." >&2
npx --no-install tsc --noEmit
exec node ace test "$@"
