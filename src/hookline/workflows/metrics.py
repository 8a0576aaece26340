"""WorkflowMetrics: a workflow's measurements, sent to an ``ObservabilityProvider``.

One more subscriber of the workflow's events (nothing is wired into the
loop).  Metrics: ``workflow.duration`` (ms; tags workflow, reason),
``workflow.rounds`` (count; tags workflow, reason),
``workflow.lifecycle_tool.duration`` (ms; tags trigger, function, status)
and, for every tolerated lifecycle tool failure, ``agent.error.count``
(tags error_type ``lifecycle_tool:<Exception>``).
"""

from __future__ import annotations

from hookline.extensions.observability import ObservabilityProvider
from hookline.hooks.registry import Event, HookRegistry
from hookline.workflows.events import ChatCompletedEvent, LifecycleToolEvent

__all__ = ["WorkflowMetrics"]


class WorkflowMetrics:
    """Records workflow metrics on ``provider`` (``Workflow(observability_provider=...)``).

    Example::

        workflow.hooks.add(WorkflowMetrics(LoggingObservabilityProvider()))
    """

    def __init__(self, provider: ObservabilityProvider) -> None:
        self.provider = provider

    def register_hooks(self, registry: HookRegistry) -> None:
        registry.on(LifecycleToolEvent, self._lifecycle)
        registry.on(ChatCompletedEvent, self._completed)

    async def _lifecycle(self, event: Event[LifecycleToolEvent]) -> None:
        data = event.data
        if data.kind == "tool_call":
            return
        tags = {"trigger": data.trigger, "function": data.function, "status": data.status}
        await self.provider.record_metric(
            "workflow.lifecycle_tool.duration", data.elapsed_ms, "ms", tags
        )
        if data.kind == "tool_error":
            error_type = (data.result or "Exception").split(":", 1)[0]
            await self.provider.record_metric(
                "agent.error.count", 1, "count", {"error_type": f"lifecycle_tool:{error_type}"}
            )

    async def _completed(self, event: Event[ChatCompletedEvent]) -> None:
        data = event.data
        tags = {"workflow": data.workflow, "reason": data.reason}
        await self.provider.record_metric("workflow.duration", data.duration_ms, "ms", tags)
        await self.provider.record_metric("workflow.rounds", data.rounds, "count", tags)
