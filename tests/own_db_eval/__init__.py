"""The own-database eval's held-out databases: one row each (heldout.py), one test per kind
of check (test_heldout.py), and the parsers of the dumps some of them ship as.  Importing
the package puts benchmarks/ on the path, so its modules import ``own_db`` at the top."""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))
