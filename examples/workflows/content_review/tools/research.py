"""An agent tool of the content_review example: it reads and writes the context variables."""

from __future__ import annotations

from typing import Any

FACTS = {
    "hookline": "hookline is an asyncio runtime for LLM agents; every step of a turn is a hook.",
}


def lookup_fact(topic: str, context_variables: Any) -> str:
    """Look up a fact about a topic.

    Args:
        topic: What to look up, e.g. "hookline".
    """
    fact = FACTS.get(topic.lower(), f"No fact known about {topic}.")
    context_variables.data.setdefault("facts", []).append(fact)
    return fact
