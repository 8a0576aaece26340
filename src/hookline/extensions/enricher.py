"""ToolContextEnricher: add data to the turn's ``ToolContext.metadata`` for tools to read.

Rides on ``EnrichToolContextEvent`` (step 6, once per turn).
"""

from __future__ import annotations

from collections.abc import Sequence

from hookline.extensions.tracing import Tracer, traced
from hookline.hooks.events import EnrichToolContextEvent
from hookline.hooks.registry import Event, HookRegistry
from hookline.tools.context import ToolContext

__all__ = ["ToolContextEnricher", "ToolContextEnrichers"]


class ToolContextEnricher:
    """Adds context every tool of the turn can read.

    Example::

        class TimezoneEnricher(ToolContextEnricher):
            async def enrich_context(self, context):
                context.metadata["timezone"] = "Europe/Oslo"
                return context
    """

    async def enrich_context(self, context: ToolContext) -> ToolContext:
        """Return the context (usually the same object, with metadata added)."""
        return context


class ToolContextEnrichers:
    """The adapter: runs the enrichers in list order."""

    def __init__(
        self, enrichers: Sequence[ToolContextEnricher], tracer: Tracer | None = None
    ) -> None:
        self.enrichers = list(enrichers)
        self.tracer = tracer

    def register_hooks(self, registry: HookRegistry) -> None:
        if self.enrichers:
            registry.on(EnrichToolContextEvent, self._enrich)

    async def _enrich(self, event: Event[EnrichToolContextEvent]) -> None:
        data = event.data
        for enricher in self.enrichers:
            name = type(enricher).__name__
            async with traced(
                self.tracer,
                event.context,
                "agent.context.enrichment",
                {"enricher": name},
                metric="agent.enrichment.duration",
                tags={"enricher": name},
            ):
                data.context = await enricher.enrich_context(data.context)
