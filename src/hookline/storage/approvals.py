"""The index of tool calls waiting for a reviewer, across every user's conversations.

The calls that wait live in a conversation's metadata under ``PENDING_KEY``
(``hookline.tools.approval`` writes them).  Every store keeps an index of them,
derived from that metadata in the same write (one transaction in the SQL
stores): whatever writes the metadata updates the index, so the two never
disagree.  ``GET /api/v1/approvals`` reads it to list, across conversations,
what a reviewer may decide without loading any conversation.

The index is NOT owner-scoped: its reader (the approvals endpoint) applies
the approver policy to every row before showing it.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from hookline.storage.rows import dump_metadata

__all__ = [
    "PENDING_KEY",
    "ApprovalRecord",
    "approval_id",
    "approval_records",
    "record_row",
    "row_record",
    "selected",
]

PENDING_KEY = "hookline.pending_tool_calls"
"""In a conversation's metadata: the tool calls that wait for a reviewer (their JSON)."""


@dataclass(frozen=True, kw_only=True)
class ApprovalRecord:
    """One waiting call as the index holds it.

    ``entry`` is the stored pending entry (``PendingToolCall.to_json()``):
    the call, the reason, the digest, who asked.  ``owner_id`` owns the
    conversation; ``requested_at`` is when the call was deferred.
    """

    approval_id: str
    conversation_id: str
    owner_id: str
    call_id: str
    tool: str
    digest: str
    requested_at: datetime
    entry: dict[str, Any]


def record_row(record: ApprovalRecord, requested_at: Any) -> tuple[Any, ...]:
    """``record`` as an index row of the SQL stores, ``requested_at`` in the store's own
    form (SQLite: microseconds; PostgreSQL: the datetime)."""
    return (
        record.approval_id,
        record.conversation_id,
        record.owner_id,
        record.call_id,
        record.tool,
        record.digest,
        requested_at,
        dump_metadata(record.entry),
    )


def row_record(row: Sequence[Any], requested_at: datetime) -> ApprovalRecord:
    """The ``ApprovalRecord`` of an index row (``record_row``'s order)."""
    return ApprovalRecord(
        approval_id=row[0],
        conversation_id=row[1],
        owner_id=row[2],
        call_id=row[3],
        tool=row[4],
        digest=row[5],
        requested_at=requested_at,
        entry=json.loads(row[7]),
    )


def approval_id(conversation_id: str, call_id: str) -> str:
    """The id of the approval of ``call_id`` in ``conversation_id`` (stable, URL-safe).

    Call ids are unique within a conversation (a re-issued id gets a fresh one),
    so this names one call.

    Example::

        approval_id("c-1", "call_7")  # 'ap_' + 32 hex digits
    """
    digest = hashlib.sha256(f"{conversation_id}\0{call_id}".encode()).hexdigest()
    return f"ap_{digest[:32]}"


def selected(record: ApprovalRecord, owner_id: str | None, tools: Collection[str] | None) -> bool:
    """True when ``pending_approvals(owner_id=..., tools=...)`` keeps ``record``."""
    if owner_id is None and tools is None:
        return True
    return record.owner_id == owner_id or (tools is not None and record.tool in tools)


def approval_records(
    conversation_id: str, owner_id: str, metadata: dict[str, Any], *, now: datetime | None = None
) -> list[ApprovalRecord]:
    """The index rows for ``metadata``: its entries in state "pending" (one per call id)."""
    records: dict[str, ApprovalRecord] = {}
    for entry in metadata.get(PENDING_KEY) or ():
        record = _record(conversation_id, owner_id, entry, now)
        if record is not None and record.approval_id not in records:
            records[record.approval_id] = record
    return list(records.values())


def _record(
    conversation_id: str, owner_id: str, entry: Any, now: datetime | None
) -> ApprovalRecord | None:
    if not isinstance(entry, dict) or entry.get("state", "pending") != "pending":
        return None
    call = entry.get("call")
    if not isinstance(call, dict) or not isinstance(call.get("id"), str):
        return None
    return ApprovalRecord(
        approval_id=approval_id(conversation_id, call["id"]),
        conversation_id=conversation_id,
        owner_id=owner_id,
        call_id=call["id"],
        tool=str(call.get("name", "")),
        digest=str(entry.get("digest", "")),
        requested_at=_when(entry.get("requested_at"), now),
        entry=entry,
    )


def _when(value: Any, now: datetime | None) -> datetime:
    """The entry's ``requested_at`` (ISO 8601), or ``now`` for an entry stored without it."""
    if isinstance(value, str):
        try:
            parsed = datetime.fromisoformat(value)
        except ValueError:
            parsed = None
        if parsed is not None:
            return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)
    return now or datetime.now(UTC)
