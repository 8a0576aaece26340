"""What every endpoint shares: the agent, the user resolver, the metrics; and the
dependencies that hand them (and the resolved user) to a route.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Annotated

from fastapi import Depends, Request

from hookline.server.auth import request_context, resolve_user
from hookline.server.durable_turns import DurableTurns
from hookline.server.metrics import ServerMetrics
from hookline.server.stateless import StatelessRequests
from hookline.users.models import User
from hookline.users.resolvers import UserResolver

if TYPE_CHECKING:
    from hookline.agent.agent import Agent

__all__ = ["CurrentUser", "ServerContext", "ServerDep", "current_user", "server_context"]


@dataclass(kw_only=True)
class ServerContext:
    """The app's shared state (``app.state.hookline``)."""

    agent: Agent
    """The agent the app's turns run with: its own copy of the one ``create_app`` was
    given (``served_agent``), so the app's hooks never reach that one."""
    user_resolver: UserResolver
    metrics: ServerMetrics
    durable: DurableTurns | None = None
    """A ``DbosAgent`` of the given agent (``hookline serve --durable``): every endpoint's turns
    run as its DBOS workflows (docs/durable.md); None: in the request."""
    stateless: StatelessRequests = field(default_factory=StatelessRequests)
    """Stateless OpenAI requests' clean-ups and client-tool pause timers."""

    @property
    def turn_agent(self) -> Agent:
        """The agent whose hooks run the turns: ``agent``, or its durable copy."""
        return self.agent if self.durable is None else self.durable.durable


async def server_context(request: Request) -> ServerContext:
    context = request.app.state.hookline
    assert isinstance(context, ServerContext)
    return context


ServerDep = Annotated[ServerContext, Depends(server_context)]


async def current_user(request: Request, server: ServerDep) -> User:
    """The resolved user of ``request``; 401 when the resolver refuses it."""
    return await resolve_user(server.user_resolver, request_context(request))


CurrentUser = Annotated[User, Depends(current_user)]
