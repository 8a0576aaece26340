"""otel_provider_from_env: OTEL_* variables, a real OTLP/HTTP receiver, and no import cost."""

from __future__ import annotations

import importlib.util
import logging
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

import hookline
from hookline import text_reply, tool_call_reply
from hookline.observability import OpenTelemetryObservabilityProvider, otel_provider_from_env
from tests.conftest import make_agent

pytest.importorskip("opentelemetry.exporter.otlp.proto.http", reason="otel extra not installed")

from opentelemetry.proto.collector.metrics.v1.metrics_service_pb2 import (
    ExportMetricsServiceRequest,
)
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest


@pytest.fixture(autouse=True)
def clean_env(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in list(os.environ):
        if name.startswith("OTEL_"):
            monkeypatch.delenv(name)


class Collector:
    """An OTLP/HTTP receiver on a free port that keeps every request."""

    def __init__(self) -> None:
        self.requests: list[tuple[str, str, bytes]] = []
        collector = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers["Content-Length"]))
                collector.requests.append((self.path, self.headers["Content-Type"], body))
                self.send_response(200)
                self.send_header("Content-Type", "application/x-protobuf")
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, format: str, *args: object) -> None:
                return None

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def bodies(self, path: str) -> list[bytes]:
        return [body for seen, _, body in self.requests if seen == path]


@pytest.fixture
def collector() -> Iterator[Collector]:
    running = Collector()
    yield running
    running.server.shutdown()


def built(monkeypatch: pytest.MonkeyPatch, **env: str) -> OpenTelemetryObservabilityProvider:
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    provider = otel_provider_from_env()
    assert provider is not None
    return provider


def test_nothing_configured_means_no_provider() -> None:
    assert otel_provider_from_env() is None


@pytest.mark.parametrize(
    "env",
    [
        {"OTEL_SDK_DISABLED": "true", "OTEL_EXPORTER_OTLP_ENDPOINT": "http://x:4318"},
        {
            "OTEL_EXPORTER_OTLP_ENDPOINT": "http://x:4318",
            "OTEL_TRACES_EXPORTER": "none",
            "OTEL_METRICS_EXPORTER": "none",
        },
        {"OTEL_SERVICE_NAME": "shop"},
    ],
    ids=["sdk-disabled", "exporters-none", "no-exporter"],
)
def test_settings_that_export_nothing(monkeypatch: pytest.MonkeyPatch, env: dict[str, str]) -> None:
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert otel_provider_from_env() is None


async def test_an_otlp_endpoint_receives_the_turns_spans_and_metrics(
    monkeypatch: pytest.MonkeyPatch, collector: Collector
) -> None:
    provider = built(monkeypatch, OTEL_EXPORTER_OTLP_ENDPOINT=collector.url)
    try:
        agent, _ = make_agent(
            [tool_call_reply("lookup", {"city": "Rome"}), text_reply("ok")],
            observability_provider=provider,
            name="geo",
        )
        await agent.run("Rome?")
        assert provider.force_flush(10_000)
    finally:
        provider.shutdown()

    assert {(path, kind) for path, kind, _ in collector.requests} == {
        ("/v1/traces", "application/x-protobuf"),
        ("/v1/metrics", "application/x-protobuf"),
    }
    names: list[str] = []
    services: set[str] = set()
    for body in collector.bodies("/v1/traces"):
        request = ExportTraceServiceRequest.FromString(body)
        for resource_spans in request.resource_spans:
            for attribute in resource_spans.resource.attributes:
                if attribute.key == "service.name":
                    services.add(attribute.value.string_value)
            for scope in resource_spans.scope_spans:
                assert scope.scope.name == "hookline"
                names.extend(span.name for span in scope.spans)
    assert services == {"hookline"}
    assert sorted(n for n in names if not n.startswith("agent.")) == [
        "chat scripted",
        "chat scripted",
        "execute_tool lookup",
        "invoke_agent geo",
    ]
    metric_names = {
        metric.name
        for body in collector.bodies("/v1/metrics")
        for resource in ExportMetricsServiceRequest.FromString(body).resource_metrics
        for scope in resource.scope_metrics
        for metric in scope.metrics
    }
    assert {"gen_ai.client.token.usage", "agent.tool.duration"} <= metric_names


def test_service_name_and_content_capture_from_env(monkeypatch: pytest.MonkeyPatch) -> None:
    provider = built(
        monkeypatch,
        OTEL_TRACES_EXPORTER="console",
        OTEL_SERVICE_NAME="shop",
        OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT="true",
    )
    try:
        assert provider.capture_content is True
        resource = provider.tracer_provider.resource  # type: ignore[attr-defined]
        assert resource.attributes["service.name"] == "shop"
    finally:
        provider.shutdown()


def test_the_console_exporter_prints_spans() -> None:
    script = (
        "import asyncio\n"
        "from hookline import Agent, ScriptedLlmService, text_reply\n"
        "from hookline.observability import otel_provider_from_env\n"
        "provider = otel_provider_from_env()\n"
        "agent = Agent(ScriptedLlmService([text_reply('ok')]), observability_provider=provider)\n"
        "asyncio.run(agent.run('hi'))\n"
    )
    result = run_python(script, OTEL_TRACES_EXPORTER="console")
    assert '"name": "invoke_agent agent"' in result.stdout  # flushed at exit by the SDK


@pytest.mark.skipif(
    importlib.util.find_spec("opentelemetry.exporter.otlp.proto.grpc") is not None,
    reason="the gRPC exporter is installed",
)
def test_grpc_without_its_exporter_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OTEL_EXPORTER_OTLP_ENDPOINT", "http://127.0.0.1:4317")
    monkeypatch.setenv("OTEL_EXPORTER_OTLP_PROTOCOL", "grpc")
    with pytest.raises(ImportError, match="opentelemetry-exporter-otlp-proto-grpc"):
        otel_provider_from_env()


def test_without_the_sdk_a_configured_env_warns_and_returns_none(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setenv("OTEL_EXPORTER_OTLP_ENDPOINT", "http://127.0.0.1:4318")
    for name in [m for m in sys.modules if m.startswith("opentelemetry.sdk")]:
        monkeypatch.setitem(sys.modules, name, None)  # as if not installed
    monkeypatch.setitem(sys.modules, "opentelemetry.sdk", None)
    monkeypatch.delitem(sys.modules, "hookline.observability.otel_setup", raising=False)
    with caplog.at_level(logging.WARNING, logger="hookline.observability"):
        assert otel_provider_from_env() is None
    assert "pip install 'hookline[otel]'" in caplog.text


def test_importing_hookline_imports_no_telemetry_sdk() -> None:
    script = (
        "import sys, hookline, hookline.observability as o\n"
        "assert o.otel_provider_from_env() is None\n"
        "o.CompositeObservabilityProvider([])\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in "
        "('opentelemetry', 'prometheus_client')))\n"
    )
    assert run_python(script).stdout.strip() == "[]"


def run_python(script: str, **env: str) -> subprocess.CompletedProcess[str]:
    """``python -c script`` on this checkout, with no OTEL_* variable but ``env``."""
    clean = {k: v for k, v in os.environ.items() if not k.startswith("OTEL_")}
    clean["PYTHONPATH"] = str(Path(hookline.__file__).resolve().parents[1])
    return subprocess.run(
        [sys.executable, "-c", script],
        env={**clean, **env},
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
