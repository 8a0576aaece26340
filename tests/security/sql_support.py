"""Shared pieces of the SQL security tests: a tool context, the local PostgreSQL and a
least-privilege role created for the test."""

from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from hookline.tools.context import ToolContext
from hookline.users import User

POSTGRES_DSN = os.environ.get(
    "HOOKLINE_TEST_POSTGRES_DSN", "postgresql://postgres@127.0.0.1:5432/test"
)


def tool_context() -> ToolContext:
    return ToolContext(user=User(id="attacker"), conversation_id="c-sec", request_id="r-sec")


def dsn_for(role: str, dsn: str = POSTGRES_DSN) -> str:
    """``dsn`` with ``role`` as the user (the local server trusts 127.0.0.1)."""
    parts = urlsplit(dsn)
    host = parts.hostname or "127.0.0.1"
    netloc = f"{role}@{host}" + (f":{parts.port}" if parts.port else "")
    return urlunsplit((parts.scheme, netloc, parts.path, parts.query, parts.fragment))


@asynccontextmanager
async def reader_role(admin: Any, *, schemas: tuple[str, ...] = ()) -> AsyncIterator[str]:
    """A LOGIN role that can only read: ``pg_read_all_data``, or SELECT on ``schemas``."""
    role = f"hl_reader_{uuid.uuid4().hex[:10]}"
    await admin.execute(f"CREATE ROLE {role} LOGIN NOSUPERUSER NOBYPASSRLS")
    database = await admin.fetchval("SELECT current_database()")
    await admin.execute(f'GRANT CONNECT ON DATABASE "{database}" TO {role}')
    if schemas:
        for schema in schemas:
            await admin.execute(
                f"GRANT USAGE ON SCHEMA {schema} TO {role}; "
                f"GRANT SELECT ON ALL TABLES IN SCHEMA {schema} TO {role}"
            )
    else:
        await admin.execute(f"GRANT pg_read_all_data TO {role}")
    try:
        yield role
    finally:
        await admin.execute(f"DROP OWNED BY {role}; DROP ROLE {role}")
