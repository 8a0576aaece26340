"""create_app: a hookline agent as a web service (FastAPI).

Middleware, outermost first: metrics, CORS (only when origins are listed),
the body size limit; then FastAPI's error handling and the routes.
"""

from __future__ import annotations

from collections.abc import Iterable
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from fastapi import FastAPI, Response
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles
from prometheus_client import CollectorRegistry
from starlette.middleware.cors import CORSMiddleware

from hookline.server import agui, chat, conversations, openai_compat, openai_responses
from hookline.server.context import ServerContext
from hookline.server.cors import check_cors_origins
from hookline.server.errors import install_error_handlers
from hookline.server.limits import DEFAULT_MAX_BODY_BYTES, BodySizeLimitMiddleware
from hookline.server.metrics import CONTENT_TYPE_LATEST, MetricsMiddleware, server_metrics
from hookline.server.turns import observe_turns
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
    metrics_registry: CollectorRegistry | None = None,
    metrics_provider: MetricsSource | None = None,
    serve_ui: bool = True,
    close_store_on_shutdown: bool = False,
    title: str = "hookline",
) -> FastAPI:
    """A FastAPI app serving ``agent``: SSE chat, conversations, OpenAI-compatible and
    AG-UI endpoints, health, Prometheus metrics and the web chat page.

    ``user_resolver`` (default: the agent's) resolves every request; a refusal
    is 401.  CORS is off unless ``cors_origins`` lists origins (``*`` is
    refused).  Bodies over ``max_body_bytes`` get 413.  ``/metrics`` serves
    ``metrics_registry``, or ``metrics_provider.registry``, or a registry of
    its own; the server's request metrics are added to it.

    Example::

        app = create_app(agent, cors_origins=["https://app.example.com"])
        uvicorn.run(app, host="127.0.0.1", port=8000)
    """
    origins = check_cors_origins(cors_origins, allow_credentials=cors_allow_credentials)
    registry = metrics_registry or (
        metrics_provider.registry if metrics_provider is not None else CollectorRegistry()
    )
    metrics = server_metrics(registry)
    observe_turns(agent)

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        yield
        if close_store_on_shutdown:
            await agent.conversation_store.close()

    app = FastAPI(
        title=title, docs_url=None, redoc_url=None, openapi_url="/openapi.json", lifespan=lifespan
    )
    app.state.hookline = ServerContext(
        agent=agent, user_resolver=user_resolver or agent.user_resolver, metrics=metrics
    )
    install_error_handlers(app)
    for module in (chat, conversations, openai_compat, openai_responses, agui):
        app.include_router(module.router)
    _add_service_routes(app)
    if serve_ui:
        _add_ui(app)
    app.add_middleware(BodySizeLimitMiddleware, max_body_bytes=max_body_bytes)
    if origins:
        app.add_middleware(
            CORSMiddleware,
            allow_origins=origins,
            allow_credentials=cors_allow_credentials,
            allow_methods=["GET", "POST", "DELETE", "OPTIONS"],
            allow_headers=["authorization", "content-type", "x-hookline-conversation-id"],
            expose_headers=["x-conversation-id", "x-hookline-conversation-id"],
            max_age=600,
        )
    app.add_middleware(MetricsMiddleware, metrics=metrics)
    return app


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
