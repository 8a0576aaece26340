"""Conversation titles: one line of text a sidebar can show as it is.

A title is set in a conversation's metadata (``metadata["title"]``) or derived
from its first user message.  Either way it goes through ``clean_title``: runs
of whitespace (newlines, tabs) become one space, and what a reader cannot see
but a terminal or a browser acts on is removed — C0 controls (NUL included),
DEL, C1 controls, and the bidirectional marks, embeddings, overrides and
isolates (U+061C, U+200E, U+200F, U+202A-U+202E, U+2066-U+2069) that can make
a title read backwards.  Message content is never changed: only titles.
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["TITLE_KEY", "clean_title", "with_clean_title"]

TITLE_KEY = "title"
"""The metadata key of a conversation's title."""

_INVISIBLE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def clean_title(text: str) -> str:
    """``text`` as a title: one line, no control or bidi-override characters, trimmed.

    Example::

        assert clean_title("Q3\\u202e report\\x00\\n draft") == "Q3 report draft"
    """
    return " ".join(_INVISIBLE.sub("", " ".join(text.split())).split())


def with_clean_title(metadata: dict[str, Any]) -> dict[str, Any]:
    """``metadata`` as stored: a string ``title`` cleaned (a copy only when it changes)."""
    title = metadata.get(TITLE_KEY)
    if not isinstance(title, str):
        return metadata
    clean = clean_title(title)
    return metadata if clean == title else {**metadata, TITLE_KEY: clean}
