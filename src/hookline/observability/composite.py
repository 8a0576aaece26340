"""CompositeObservabilityProvider: several providers behind the one an ``Agent`` takes.

Each span is created by every provider; the first one's span goes to the
agent, the others are kept as linked copies.  When a span ends, the copies
get its attributes and their ``parent_id`` translated to their own ids (for
the span and its open ancestors, so a provider that starts spans lazily,
like OpenTelemetry's, sees the whole chain), then each provider ends its own.
Copies get the span's ``details`` too; details set on an ancestor before its
end (the agent name) reach a copy when the ancestor ends.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from hookline.extensions.observability import ObservabilityProvider, Span

__all__ = ["CompositeObservabilityProvider"]

MAX_OPEN_SPANS = 10_000


@dataclass(slots=True)
class _Linked:
    primary: Span
    copies: list[Span]


class CompositeObservabilityProvider(ObservabilityProvider):
    """Sends every span and metric to each of ``providers``, in order.

    ``capture_content`` is true when any provider asks for content.

    Example::

        provider = CompositeObservabilityProvider(
            [OpenTelemetryObservabilityProvider(), PrometheusObservabilityProvider()]
        )
        agent = Agent(llm, observability_provider=provider)
    """

    def __init__(self, providers: Iterable[ObservabilityProvider]) -> None:
        self.providers = tuple(providers)
        self.capture_content = any(getattr(p, "capture_content", False) for p in self.providers)
        self._open: OrderedDict[str, _Linked] = OrderedDict()
        self._ended: OrderedDict[str, list[str]] = OrderedDict()  # primary id -> copy ids

    async def record_metric(
        self, name: str, value: float, unit: str = "", tags: dict[str, str] | None = None
    ) -> None:
        for provider in self.providers:
            await provider.record_metric(name, value, unit, tags)

    async def create_span(self, name: str, attributes: dict[str, Any] | None = None) -> Span:
        if not self.providers:
            return await super().create_span(name, attributes)
        spans = [await p.create_span(name, attributes) for p in self.providers]
        primary = spans[0]
        if len(spans) > 1:
            self._open[primary.id] = _Linked(primary, spans[1:])
            if len(self._open) > MAX_OPEN_SPANS:
                self._open.popitem(last=False)
        return primary

    async def end_span(self, span: Span) -> None:
        if not self.providers:
            return await super().end_span(span)
        linked = self._open.get(span.id)
        if linked is not None:
            self._sync_ancestry(linked)
            for copy in linked.copies:
                copy.attributes = dict(span.attributes)
                copy.details = dict(span.details)
            del self._open[span.id]
            self._ended[span.id] = [copy.id for copy in linked.copies]
            if len(self._ended) > MAX_OPEN_SPANS:
                self._ended.popitem(last=False)
        await self.providers[0].end_span(span)
        for provider, copy in zip(
            self.providers[1:], linked.copies if linked else (), strict=False
        ):
            await provider.end_span(copy)

    def _sync_ancestry(self, linked: _Linked | None) -> None:
        """Give the copies of ``linked`` and of its open ancestors their parents' copy ids."""
        seen: set[str] = set()
        while linked is not None and linked.primary.id not in seen:
            seen.add(linked.primary.id)
            parent_id = linked.primary.parent_id
            parent = self._open.get(parent_id) if parent_id else None
            ids = self._copy_ids(parent, parent_id, len(linked.copies))
            for copy, copy_parent_id in zip(linked.copies, ids, strict=True):
                copy.parent_id = copy_parent_id
            linked = parent

    def _copy_ids(
        self, parent: _Linked | None, parent_id: str | None, count: int
    ) -> list[str | None]:
        if parent is not None:
            return [copy.id for copy in parent.copies]
        ended = self._ended.get(parent_id) if parent_id else None
        return list(ended) if ended is not None else [parent_id] * count
