"""The built-in tools run on the SQL layer's fixtures: the sample database and runners."""

from tests.sql.conftest import sample_copy, sample_db, sample_runner

__all__ = ["sample_copy", "sample_db", "sample_runner"]
