"""What every endpoint shares: the agent, the user resolver, the metrics; and the
dependencies that hand them (and the resolved user) to a route.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Annotated

from fastapi import Depends, Request

from hookline.hooks.registry import HookRegistry
from hookline.server.auth import request_context, resolve_user
from hookline.server.client_tools import ClientTools
from hookline.server.durable_turns import DurableTurns
from hookline.server.metrics import ServerMetrics
from hookline.server.stateless import StatelessRequests
from hookline.server.tool_choice import ToolChoices
from hookline.users.models import User
from hookline.users.resolvers import UserResolver

if TYPE_CHECKING:
    from hookline.agent.agent import Agent

__all__ = ["CurrentUser", "ServerContext", "ServerDep", "current_user", "server_context"]


@dataclass(kw_only=True)
class ServerContext:
    """The app's shared state (``app.state.hookline``)."""

    agent: Agent
    """The agent ``create_app`` was given; the app never changes it (``turn_hooks``)."""
    user_resolver: UserResolver
    metrics: ServerMetrics
    durable: DurableTurns | None = None
    """A ``DbosAgent`` of the given agent (``hookline serve --durable``): every endpoint's turns
    run as its DBOS workflows (docs/durable.md); None: in the request."""
    stateless: StatelessRequests = field(default_factory=StatelessRequests)
    """Stateless OpenAI requests' clean-ups and client-tool pause timers."""

    client_tools: ClientTools
    """The client tools the app's requests offer (OpenAI ``tools``, AG-UI frontend tools)."""
    tool_choices: ToolChoices = field(default_factory=ToolChoices)
    """The tool choices the app's OpenAI requests force."""

    def turn_hooks(self, conversation_id: str) -> HookRegistry | None:
        """The registry a turn of ``conversation_id`` run in the request uses: None (the
        agent's own) unless a request offered client tools or forced a tool choice for
        it; then a copy of the agent's with the server's hooks on it, for that turn only
        (``release`` it when the turn ends).  With ``durable``, the hooks are on the
        runner's own turn copy instead (``create_app``)."""
        needed = self.client_tools.offered(conversation_id) or self.tool_choices.forces(
            conversation_id
        )
        if self.durable is not None or not needed:
            return None
        hooks = self.agent.hooks.copy()
        self.client_tools.register(hooks)
        self.tool_choices.register(hooks)
        return hooks


async def server_context(request: Request) -> ServerContext:
    context = request.app.state.hookline
    assert isinstance(context, ServerContext)
    return context


ServerDep = Annotated[ServerContext, Depends(server_context)]


async def current_user(request: Request, server: ServerDep) -> User:
    """The resolved user of ``request``; 401 when the resolver refuses it."""
    return await resolve_user(server.user_resolver, request_context(request))


CurrentUser = Annotated[User, Depends(current_user)]
