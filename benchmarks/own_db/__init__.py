"""The own-database eval's data: public databases built from registry packages, and the
questions asked about them (benchmarks/own_db_eval.py)."""
