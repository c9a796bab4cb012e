#!/usr/bin/env bash
# Installs what is needed (Node.js 24 where the machine's is older, the npm packages) and starts
# Pantheon on the embedded SQLite database: http://localhost:5000 and https://localhost:5001.
# Pending migrations are applied at start. Environment variables: see .env.example.
set -euo pipefail
source "$(dirname "$0")/setup.sh"
cd "$pantheon_root"
export NODE_ENV="${NODE_ENV:-development}"
exec node --enable-source-maps --import=@pantheon/kit/typescript bin/server.ts
