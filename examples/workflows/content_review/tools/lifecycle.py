"""Lifecycle tools of the content_review example (declared in tools.json)."""

from __future__ import annotations

import asyncio
import time
from typing import Any


def initialize(context_variables: Any) -> dict[str, str]:
    """before_chat: the run starts in the research stage."""
    context_variables.data["stage"] = "research"
    context_variables.data["started"] = time.time()
    return {"status": "initialized", "topic": context_variables.data.get("topic", "")}


def count_turn(context_variables: Any) -> int:
    """before_agent, every agent: count the turns."""
    context_variables.data["turns"] = context_variables.data.get("turns", 0) + 1
    return int(context_variables.data["turns"])


def start_writing(context_variables: Any) -> str:
    """before_agent, writer only, when the stage is "research"."""
    context_variables.data["stage"] = "writing"
    return "stage=writing"


async def record_review(context_variables: Any) -> dict[str, Any]:
    """after_agent, reviewer only (async, with a timeout and one retry)."""
    await asyncio.sleep(0)
    context_variables.data["reviews"] = context_variables.data.get("reviews", 0) + 1
    return {"status": "recorded", "reviews": context_variables.data["reviews"]}


def report(context_variables: Any) -> dict[str, Any]:
    """after_chat: what the run did."""
    data = context_variables.data
    return {"turns": data.get("turns"), "facts": len(data.get("facts", [])), "stage": data["stage"]}
