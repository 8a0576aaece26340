"""The local PostgreSQL fixture of the store tests, for the durable tests too."""

from tests.storage.conftest import pg_dsn

__all__ = ["pg_dsn"]
