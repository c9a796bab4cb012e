# Sourced by bin/start.sh, bin/test.sh and .ci/run: Node.js 24 on PATH (bin/node24.sh), the npm
# packages installed from package-lock.json (again whenever the lock file changes), and the kit
# compiled into dist/ whenever its sources changed: this repository's reference app imports
# @pantheon/kit by its own package name, which resolves to dist/.

source "$(dirname "${BASH_SOURCE[0]}")/node24.sh"

pantheon_install_stamp="$pantheon_root/node_modules/.pantheon-install-stamp"
pantheon_lock_hash="$(node -e "const c=require('node:crypto');process.stdout.write(c.createHash('sha256').update(require('node:fs').readFileSync('$pantheon_root/package-lock.json')).digest('hex')+process.version)")"

if [ ! -f "$pantheon_install_stamp" ] || [ "$(cat "$pantheon_install_stamp")" != "$pantheon_lock_hash" ]; then
  echo "Installing npm packages (npm ci) ..." >&2
  (cd "$pantheon_root" && npm ci --no-audit --no-fund --loglevel=error) || { echo "npm ci failed" >&2; exit 1; }
  echo "$pantheon_lock_hash" > "$pantheon_install_stamp"
fi

pantheon_kit_stamp="$pantheon_root/node_modules/.pantheon-kit-stamp"
pantheon_kit_hash="$(cd "$pantheon_root" && node -e "
  const { createHash } = require('node:crypto')
  const { globSync, readFileSync } = require('node:fs')
  const hash = createHash('sha256')
  for (const file of globSync('{app/**/*.ts,commands/**/*.{ts,json},stubs/pantheon/**/*,package.json,tsconfig.json}').sort()) {
    try { hash.update(file).update(readFileSync(file)) } catch {}
  }
  process.stdout.write(hash.digest('hex'))
")"
if [ ! -f "$pantheon_root/dist/app/kit/main.js" ] || [ ! -f "$pantheon_kit_stamp" ] || [ "$(cat "$pantheon_kit_stamp")" != "$pantheon_kit_hash" ]; then
  echo "Compiling the kit into dist/ ..." >&2
  (cd "$pantheon_root" && npm run --silent build:kit >&2) || { echo "the kit did not compile" >&2; exit 1; }
  echo "$pantheon_kit_hash" > "$pantheon_kit_stamp"
fi
