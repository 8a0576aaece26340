"""Shared pieces of the SQL security tests: a tool context and the local PostgreSQL."""

from __future__ import annotations

import os

from hookline.tools.context import ToolContext
from hookline.users import User

POSTGRES_DSN = os.environ.get(
    "HOOKLINE_TEST_POSTGRES_DSN", "postgresql://postgres@127.0.0.1:5432/test"
)


def tool_context() -> ToolContext:
    return ToolContext(user=User(id="attacker"), conversation_id="c-sec", request_id="r-sec")
