"""A provider that keeps what it is given: spans as they end, metrics as recorded."""

from __future__ import annotations

from typing import Any

from hookline import ObservabilityProvider
from hookline.extensions import Metric, Span


class RecordingProvider(ObservabilityProvider):
    """Keeps ended spans and metrics; ``capture_content`` as a user would set it."""

    def __init__(self, *, capture_content: bool = False) -> None:
        self.capture_content = capture_content
        self.created: list[Span] = []
        self.ended: list[Span] = []
        self.metrics: list[Metric] = []

    async def record_metric(
        self, name: str, value: float, unit: str = "", tags: dict[str, str] | None = None
    ) -> None:
        self.metrics.append(Metric(name=name, value=value, unit=unit, tags=dict(tags or {})))

    async def create_span(self, name: str, attributes: dict[str, Any] | None = None) -> Span:
        span = await super().create_span(name, attributes)
        self.created.append(span)
        return span

    async def end_span(self, span: Span) -> None:
        await super().end_span(span)
        self.ended.append(span)

    def named(self, name: str) -> list[Span]:
        return [span for span in self.ended if span.name == name]

    def tree(self) -> list[tuple[str, str | None]]:
        """(name, parent name) for every ended span, in the order they ended."""
        names = {span.id: span.name for span in self.created}
        return [(span.name, names.get(span.parent_id or "")) for span in self.ended]
