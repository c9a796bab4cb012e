# Sourced by bin/start.sh, bin/test.sh and .ci/run: Node.js 24 on PATH (bin/node24.sh), the npm
# packages installed from package-lock.json (again whenever the lock file changes), and the kit
# compiled into dist/ whenever its sources changed. The reference app runs the kit's sources
# (package.json exports them); dist/ is what `node ace init` packs into new apps.

source "$(dirname "${BASH_SOURCE[0]}")/node24.sh"

pantheon_install_stamp="$pantheon_root/node_modules/.pantheon-install-stamp"
pantheon_lock_hash="$(node -e "const c=require('node:crypto');process.stdout.write(c.createHash('sha256').update(require('node:fs').readFileSync('$pantheon_root/package-lock.json')).digest('hex')+process.version)")"

# node_modules that `npm install` or `npm ci` made from this lock file is taken as it is: every
# package the lock file names (but optional ones) is installed at its version, as npm's own
# record of the install (node_modules/.package-lock.json) says. Its native addon must load in
# this Node.js: an install made with another Node.js is rebuilt, not installed again.
pantheon_installed_by_npm() {
  (cd "$pantheon_root" && node -e "
    const { readFileSync } = require('node:fs')
    const packages = (file) => JSON.parse(readFileSync(file, 'utf8')).packages
    const locked = packages('package-lock.json')
    const installed = packages('node_modules/.package-lock.json')
    const at = (entry) => entry && (entry.version ?? entry.resolved)
    const same = Object.entries(locked).every(
      ([path, entry]) => path === '' || entry.optional || at(installed[path]) === at(entry)
    )
    process.exit(same ? 0 : 1)
  " 2>/dev/null) || return 1
  [ -d "$pantheon_root/node_modules/better-sqlite3" ] || return 0
  (cd "$pantheon_root" && node -e "new (require('better-sqlite3'))(':memory:').close()" 2>/dev/null) && return 0
  echo "Rebuilding better-sqlite3 for Node.js $(node --version) ..." >&2
  (cd "$pantheon_root" && npm rebuild better-sqlite3 >&2)
}

if [ ! -f "$pantheon_install_stamp" ] || [ "$(cat "$pantheon_install_stamp")" != "$pantheon_lock_hash" ]; then
  if pantheon_installed_by_npm; then
    echo "Using the npm packages already installed from package-lock.json" >&2
  else
    echo "Installing npm packages (npm ci; a few minutes the first time) ..." >&2
    (cd "$pantheon_root" && npm ci --no-audit --no-fund) >&2 || { echo "npm ci failed" >&2; exit 1; }
  fi
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
