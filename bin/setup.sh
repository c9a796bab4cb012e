# Sourced by bin/start.sh, bin/test.sh and .ci/run: Node.js 24 on PATH (bin/node24.sh) and the
# npm packages installed from package-lock.json, again whenever the lock file changes.

source "$(dirname "${BASH_SOURCE[0]}")/node24.sh"

pantheon_install_stamp="$pantheon_root/node_modules/.pantheon-install-stamp"
pantheon_lock_hash="$(node -e "const c=require('node:crypto');process.stdout.write(c.createHash('sha256').update(require('node:fs').readFileSync('$pantheon_root/package-lock.json')).digest('hex')+process.version)")"

if [ ! -f "$pantheon_install_stamp" ] || [ "$(cat "$pantheon_install_stamp")" != "$pantheon_lock_hash" ]; then
  echo "Installing npm packages (npm ci) ..." >&2
  (cd "$pantheon_root" && npm ci --no-audit --no-fund --loglevel=error) || { echo "npm ci failed" >&2; exit 1; }
  echo "$pantheon_lock_hash" > "$pantheon_install_stamp"
fi
