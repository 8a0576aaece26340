"""create_app: a hookline agent as a web service (FastAPI).

Middleware, outermost first: metrics, the Host check, CORS (only when origins
are listed), the body size limit, the JSON body check; then FastAPI's error
handling and the routes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from fastapi import FastAPI, Response
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles
from prometheus_client import CollectorRegistry
from starlette.middleware.cors import CORSMiddleware

from hookline.server import (
    agui,
    approvals,
    chat,
    conversations,
    openai_compat,
    openai_responses,
)
from hookline.server.auth import check_resolver_proxies
from hookline.server.client_tools import ClientTools
from hookline.server.context import ServerContext
from hookline.server.cors import check_cors_origins
from hookline.server.durable_turns import DurableTurns
from hookline.server.errors import install_error_handlers
from hookline.server.hosts import HostCheckMiddleware
from hookline.server.json_body import DEFAULT_MAX_JSON_DEPTH, JsonBodyCheckMiddleware
from hookline.server.limits import DEFAULT_MAX_BODY_BYTES, BodySizeLimitMiddleware
from hookline.server.metrics import (
    CONTENT_TYPE_LATEST,
    MetricsMiddleware,
    ServerMetrics,
    server_metrics,
)
from hookline.server.stateless import (
    DEFAULT_CLIENT_TOOL_TIMEOUT,
    DEFAULT_ORPHAN_GRACE,
    StatelessRequests,
)
from hookline.server.tool_choice import ToolChoices
from hookline.users.resolvers import UserResolver

if TYPE_CHECKING:
    from collections.abc import AsyncIterator

    from hookline.agent.agent import Agent

__all__ = ["PAGE_SECURITY_HEADERS", "MetricsSource", "create_app", "static_dir"]

PAGE_SECURITY_HEADERS = {
    "content-security-policy": (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
    ),
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
}


class MetricsSource(Protocol):
    """Anything holding the Prometheus registry to serve (an observability provider)."""

    registry: CollectorRegistry


def static_dir() -> Path:
    """The web chat page's files, inside the installed package."""
    return Path(str(resources.files("hookline.server") / "static"))


def create_app(
    agent: Agent,
    *,
    user_resolver: UserResolver | None = None,
    cors_origins: Iterable[str] = (),
    cors_allow_credentials: bool = False,
    max_body_bytes: int = DEFAULT_MAX_BODY_BYTES,
    allowed_hosts: Iterable[str] = (),
    max_json_depth: int = DEFAULT_MAX_JSON_DEPTH,
    metrics_registry: CollectorRegistry | None = None,
    metrics_provider: MetricsSource | None = None,
    serve_ui: bool = True,
    close_store_on_shutdown: bool = False,
    title: str = "hookline",
    durable: DurableTurns | None = None,
    client_tool_timeout: float = DEFAULT_CLIENT_TOOL_TIMEOUT,
    insecure: bool = False,
) -> FastAPI:
    """A FastAPI app serving ``agent``: SSE chat, conversations, OpenAI-compatible and
    AG-UI endpoints, health, Prometheus metrics and the web chat page.

    ``user_resolver`` (default: the agent's) resolves every request; a refusal
    is 401.  A request whose ``Host`` is neither a loopback name (localhost,
    127.0.0.1, [::1], any port) nor in ``allowed_hosts`` gets 421 (``"*"``
    turns the check off).  CORS is off unless ``cors_origins`` lists origins
    (``*`` is refused).  Bodies over ``max_body_bytes`` get 413; JSON bodies
    that are not UTF-8, hold a lone surrogate or nest deeper than
    ``max_json_depth`` get 422.  ``/metrics`` serves
    ``metrics_registry``, or ``metrics_provider.registry``, or a registry of
    its own; the server's request metrics are added to it.  ``durable`` (a
    ``DbosAgent`` of ``agent``, DBOS configured, not launched) runs every endpoint's
    turns as DBOS workflows; DBOS is launched as the app starts.  ``agent`` is not
    changed: the server's own hooks (client tools, ``tool_choice``) go on a copy of its
    registry for the turns that need them (with ``durable``, on the runner's own copy).
    ``client_tool_timeout``: seconds a stateless OpenAI request paused for a client
    tool waits for its result (then it is deleted; a later result gets 410).  A
    ``HeaderUserResolver`` trusting a proxy network wider than /8 (IPv4) or /32 (IPv6)
    is a ``ValueError`` unless ``insecure``.

    Example::

        app = create_app(agent, allowed_hosts=["chat.example.com"])
        uvicorn.run(app, host="127.0.0.1", port=8000, proxy_headers=False)
    """
    origins = check_cors_origins(cors_origins, allow_credentials=cors_allow_credentials)
    check_resolver_proxies(user_resolver or agent.user_resolver, insecure=insecure)
    metrics = server_metrics(_registry(metrics_registry, metrics_provider))

    stateless = StatelessRequests(
        client_tool_timeout=client_tool_timeout,
        orphan_grace=max(DEFAULT_ORPHAN_GRACE, 2 * agent.config.turn_lock_timeout),
    )
    lifespan = _lifespan(agent, durable, stateless, close_store=close_store_on_shutdown)
    app = FastAPI(
        title=title, docs_url=None, redoc_url=None, openapi_url="/openapi.json", lifespan=lifespan
    )
    app.state.hookline = _server_context(
        agent, user_resolver or agent.user_resolver, metrics, durable, stateless
    )
    install_error_handlers(app)
    for module in (chat, conversations, approvals, openai_compat, openai_responses, agui):
        app.include_router(module.router)
    _add_service_routes(app)
    if serve_ui:
        _add_ui(app)
    _add_middleware(
        app,
        origins=origins,
        allow_credentials=cors_allow_credentials,
        max_body_bytes=max_body_bytes,
        max_json_depth=max_json_depth,
        allowed_hosts=allowed_hosts,
        metrics=metrics,
    )
    return app


def _server_context(
    agent: Agent,
    user_resolver: UserResolver,
    metrics: ServerMetrics,
    durable: DurableTurns | None,
    stateless: StatelessRequests,
) -> ServerContext:
    """The app's shared state, with its own client tools and forced tool choices.  Their
    hooks go on each turn that needs them (``ServerContext.turn_hooks``); with
    ``durable``, on the runner's own turn agent, now (its workflows run the turns)."""
    tools, choices = ClientTools(agent), ToolChoices()
    if durable is not None:
        tools.register(durable.durable.hooks)
        choices.register(durable.durable.hooks)
    return ServerContext(
        agent=agent,
        user_resolver=user_resolver,
        metrics=metrics,
        durable=durable,
        stateless=stateless,
        client_tools=tools,
        tool_choices=choices,
    )


def _registry(
    metrics_registry: CollectorRegistry | None, metrics_provider: MetricsSource | None
) -> CollectorRegistry:
    if metrics_registry is not None:
        return metrics_registry
    return metrics_provider.registry if metrics_provider is not None else CollectorRegistry()


def _lifespan(
    agent: Agent, durable: DurableTurns | None, stateless: StatelessRequests, *, close_store: bool
) -> Callable[[FastAPI], AbstractAsyncContextManager[None]]:
    """As the app starts: DBOS launched (``durable``), the paused stateless requests'
    timers re-armed and the ones a killed server left mid-turn cleaned up; as it stops,
    the stateless clean-ups awaited, the store closed."""

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        if durable is not None:
            durable.launch()  # in the server's event loop: recovered turns run in it
        stateless.start(agent.conversation_store)
        yield
        await stateless.drain()
        if durable is not None:
            durable.shutdown()
        if close_store:
            await agent.conversation_store.close()

    return lifespan


def _add_middleware(
    app: FastAPI,
    *,
    origins: list[str],
    allow_credentials: bool,
    max_body_bytes: int,
    max_json_depth: int,
    allowed_hosts: Iterable[str],
    metrics: ServerMetrics,
) -> None:
    """Innermost first (the last one added runs first)."""
    app.add_middleware(JsonBodyCheckMiddleware, max_depth=max_json_depth)
    app.add_middleware(BodySizeLimitMiddleware, max_body_bytes=max_body_bytes)
    if origins:
        app.add_middleware(
            CORSMiddleware,
            allow_origins=origins,
            allow_credentials=allow_credentials,
            allow_methods=["GET", "POST", "DELETE", "OPTIONS"],
            allow_headers=["authorization", "content-type", "x-hookline-conversation-id"],
            expose_headers=["x-conversation-id", "x-hookline-conversation-id"],
            max_age=600,
        )
    app.add_middleware(HostCheckMiddleware, allowed_hosts=allowed_hosts)
    app.add_middleware(MetricsMiddleware, metrics=metrics)


def _add_service_routes(app: FastAPI) -> None:
    @app.get("/health")
    async def health() -> dict[str, Any]:
        """Liveness: the process answers."""
        return {"status": "ok"}

    @app.get("/metrics")
    async def prometheus_metrics() -> Response:
        """Prometheus text format."""
        server = app.state.hookline
        assert isinstance(server, ServerContext)
        return Response(server.metrics.render(), media_type=CONTENT_TYPE_LATEST)


def _add_ui(app: FastAPI) -> None:
    folder = static_dir()
    index = folder / "index.html"

    @app.get("/", include_in_schema=False)
    async def page() -> FileResponse:
        return FileResponse(index, headers=PAGE_SECURITY_HEADERS)

    app.mount("/static", StaticFiles(directory=folder), name="static")
