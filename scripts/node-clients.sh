#!/usr/bin/env bash
# The Node clients (@ag-ui/client, openai) of the client matrix test
# (tests/server/test_client_matrix.py), from the
# npm registry, cached in .node-clients/ (gitignored). Prints the node_modules folder.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=.node-clients
if [ ! -f "$dir/node_modules/@ag-ui/client/package.json" ] || [ ! -f "$dir/node_modules/openai/package.json" ]; then
  mkdir -p "$dir"
  [ -f "$dir/package.json" ] || echo '{"name": "hookline-node-clients", "private": true}' > "$dir/package.json"
  npm install --prefix "$dir" --no-audit --no-fund --silent "@ag-ui/client@^1" "openai@^7" >&2
fi
echo "$PWD/$dir/node_modules"
