#!/usr/bin/env bash
# Prints the path of the newest CPython 3.12+ on this machine (PATH, then pyenv's versions),
# or nothing. .ci/run runs the test suite on it too: hookline supports Python >= 3.11.
set -uo pipefail
root="$(pyenv root 2>/dev/null || echo "$HOME/.pyenv")"
for minor in 14 13 12; do
  found="$(command -v "python3.$minor" 2>/dev/null)"
  if [ -n "$found" ] && "$found" -c "" 2>/dev/null; then  # a pyenv shim may not run
    echo "$found"
    exit 0
  fi
  for candidate in "$root"/versions/3."$minor".*/bin/python3."$minor"; do
    if [ -x "$candidate" ] && "$candidate" -c "" 2>/dev/null; then
      echo "$candidate"
      exit 0
    fi
  done
done
exit 0
