"""Two tools whose effects land in a file, shared by a worker that gets killed and the
test that recovers after it (tests/agent/test_crash_processes.py)."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

from hookline import ToolContext, ToolRegistry, tool

READY = "blocked"


def record(effects: Path, line: str) -> None:
    """Append ``line`` to ``effects`` durably (one write, then fsync)."""
    fd = os.open(effects, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
    try:
        os.write(fd, f"{line}\n".encode())
        os.fsync(fd)
    finally:
        os.close(fd)


def crash_tools(effects: Path, *, hang: bool) -> ToolRegistry:
    """``send_email`` (ordinary) and ``charge`` (idempotent); ``hang``: after the effect,
    announce ``blocked`` on stdout and wait forever (the parent kills the process)."""

    async def happen(name: str, context: ToolContext) -> None:
        record(effects, f"{name} {context.idempotency_key}")
        if hang:
            print(READY, flush=True)
            await asyncio.Event().wait()

    @tool
    async def send_email(to: str, context: ToolContext) -> str:
        """Send an email."""
        await happen("send_email", context)
        return f"sent to {to}"

    @tool(idempotent=True)
    async def charge(amount: int, context: ToolContext) -> str:
        """Charge a card."""
        await happen("charge", context)
        return f"charged {amount}"

    return ToolRegistry([send_email, charge])
