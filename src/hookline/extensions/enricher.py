"""ToolContextEnricher: add data to the turn's ``ToolContext.metadata`` for tools to read.

Rides on ``EnrichToolContextEvent`` (step 6, once per turn).
"""

from __future__ import annotations

from collections.abc import Sequence

from hookline.hooks.events import EnrichToolContextEvent
from hookline.hooks.options import options_kwargs
from hookline.hooks.registry import Event, Handler, HookRegistry
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
    """The adapter: one labelled handler per enricher, in list order
    (``agent.context.enrichment``, ``enricher=<class name>``)."""

    def __init__(self, enrichers: Sequence[ToolContextEnricher]) -> None:
        self.enrichers = list(enrichers)

    def register_hooks(self, registry: HookRegistry) -> None:
        for enricher in self.enrichers:
            registry.on(
                EnrichToolContextEvent,
                _enrich(enricher),
                name="agent.context.enrichment",
                attributes={"enricher": type(enricher).__name__},
                **options_kwargs(enricher),
            )


def _enrich(enricher: ToolContextEnricher) -> Handler[EnrichToolContextEvent]:
    async def enrich_context(event: Event[EnrichToolContextEvent]) -> None:
        event.data.context = await enricher.enrich_context(event.data.context)

    return enrich_context
