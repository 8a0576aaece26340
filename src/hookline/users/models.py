"""Who is talking to the agent, and the request they came with."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from hookline._model import Model

__all__ = ["RequestContext", "User"]


class User(Model):
    """A resolved user. ``group_memberships`` decide which tools they may use."""

    id: str
    username: str | None = None
    email: str | None = None
    group_memberships: list[str] = Field(default_factory=list)
    metadata: dict[str, Any] = Field(default_factory=dict)


class RequestContext(Model):
    """What a transport knows about a request: headers, cookies, free metadata.

    ``metadata["starter_ui_request"] = True`` asks for the starter UI.
    """

    headers: dict[str, str] = Field(default_factory=dict)
    cookies: dict[str, str] = Field(default_factory=dict)
    query_params: dict[str, str] = Field(default_factory=dict)
    metadata: dict[str, Any] = Field(default_factory=dict)
    remote_addr: str | None = None
