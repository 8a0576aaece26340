"""How conversations map to database rows: JSON metadata, microsecond times, errors."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from typing import Any

from hookline.errors import ConversationNotFoundError
from hookline.storage.titles import with_clean_title

__all__ = ["check_page", "dump_metadata", "from_micros", "not_found", "to_micros"]

_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def dump_metadata(metadata: dict[str, Any]) -> str:
    """``metadata`` as JSON text, its title cleaned (``clean_title``); a ``TypeError``
    names what is not serialisable."""
    try:
        return json.dumps(with_clean_title(metadata), ensure_ascii=False)
    except (TypeError, ValueError) as exc:
        raise TypeError(f"Conversation metadata must be JSON-serialisable: {exc}") from exc


def check_page(limit: int, offset: int) -> None:
    """Reject a negative page size or offset."""
    if limit < 0 or offset < 0:
        raise ValueError("limit and offset must be >= 0.")


def not_found(conversation_id: str) -> ConversationNotFoundError:
    """The error for an id that is absent or someone else's (indistinguishable on purpose)."""
    return ConversationNotFoundError(f"Conversation {conversation_id!r} not found.")


def to_micros(moment: datetime) -> int:
    """Microseconds since the epoch, exactly."""
    return (moment - _EPOCH) // timedelta(microseconds=1)


def from_micros(micros: int) -> datetime:
    """The UTC datetime ``micros`` microseconds after the epoch."""
    return _EPOCH + timedelta(microseconds=micros)
