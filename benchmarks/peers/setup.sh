#!/usr/bin/env bash
# Build the peers' virtual environment (.peers-venv/ at the repository root, or
# $HOOKLINE_PEERS_VENV): vanna==2.0.2, langchain 1.x, strands-agents and
# hookline's own runtime dependencies -- never the project's environment.
# Each peer is installed on its own; one that fails is reported, not fatal.
set -euo pipefail
cd "$(dirname "$0")/../.."
exec python benchmarks/peers/run.py --setup-only --reinstall "$@"
