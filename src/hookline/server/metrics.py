"""Prometheus metrics of the server: requests, latency, streams in flight, turns.

The app serves one ``CollectorRegistry`` at ``GET /metrics``.  Give it the
registry your agent's metrics live on (a Prometheus observability provider's
``registry``) and both appear on one page.
"""

from __future__ import annotations

import time
import weakref

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram
from prometheus_client.exposition import CONTENT_TYPE_LATEST, generate_latest
from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = ["CONTENT_TYPE_LATEST", "MetricsMiddleware", "ServerMetrics", "server_metrics"]

_LATENCY_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0)
_by_registry: weakref.WeakKeyDictionary[CollectorRegistry, ServerMetrics] = (
    weakref.WeakKeyDictionary()
)


class ServerMetrics:
    """The server's metric families on ``registry``.

    Example::

        metrics = server_metrics(CollectorRegistry())
        metrics.turns.labels(endpoint="chat", outcome="completed").inc()
    """

    def __init__(self, registry: CollectorRegistry) -> None:
        self.registry = registry
        self.requests = Counter(
            "hookline_http_requests",
            "HTTP requests by method, route template and status code.",
            ["method", "route", "status"],
            registry=registry,
        )
        self.latency = Histogram(
            "hookline_http_request_duration_seconds",
            "Time from request to the end of the response (whole stream for SSE).",
            ["method", "route"],
            buckets=_LATENCY_BUCKETS,
            registry=registry,
        )
        self.in_progress = Gauge(
            "hookline_http_requests_in_progress",
            "Requests being handled (open streams included).",
            registry=registry,
        )
        self.turns = Counter(
            "hookline_server_turns",
            "Turns run by the server, by endpoint and outcome "
            "(completed, paused, failed, cancelled).",
            ["endpoint", "outcome"],
            registry=registry,
        )

    def render(self) -> bytes:
        """The registry in the Prometheus text format."""
        return generate_latest(self.registry)


def server_metrics(registry: CollectorRegistry) -> ServerMetrics:
    """The server metrics on ``registry``, created once per registry."""
    metrics = _by_registry.get(registry)
    if metrics is None:
        metrics = _by_registry[registry] = ServerMetrics(registry)
    return metrics


class MetricsMiddleware:
    """Counts requests and observes their latency, labelled by route template."""

    def __init__(self, app: ASGIApp, *, metrics: ServerMetrics) -> None:
        self.app = app
        self.metrics = metrics

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        status = 500
        started = time.perf_counter()

        async def send_status(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = int(message["status"])
            await send(message)

        metrics = self.metrics
        metrics.in_progress.inc()
        try:
            await self.app(scope, receive, send_status)
        finally:
            metrics.in_progress.dec()
            route = _route(scope)
            method = scope.get("method", "GET")
            metrics.requests.labels(method=method, route=route, status=str(status)).inc()
            metrics.latency.labels(method=method, route=route).observe(
                time.perf_counter() - started
            )


def _route(scope: Scope) -> str:
    route = scope.get("route")
    path = getattr(route, "path", None)
    return path if isinstance(path, str) and path else "unmatched"
