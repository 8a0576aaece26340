"""Platform defaults: every workflow logs its start and its completion (with duration).

Registered by every ``Workflow`` before anything else, without being
declared anywhere; the ``hookline.workflows`` logger at INFO.
"""

from __future__ import annotations

import logging
from datetime import UTC, datetime

from hookline.hooks.registry import Event, HookRegistry
from hookline.workflows.events import ChatCompletedEvent, ChatStartedEvent

__all__ = ["WorkflowLifecycleLogging"]

logger = logging.getLogger("hookline.workflows")


class WorkflowLifecycleLogging:
    """Logs ``Workflow started | ...`` and ``Workflow completed | ... | duration=1.23s``.

    Example::

        HookRegistry().add(WorkflowLifecycleLogging())
    """

    def register_hooks(self, registry: HookRegistry) -> None:
        registry.on(ChatStartedEvent, self.log_workflow_start)
        registry.on(ChatCompletedEvent, self.log_workflow_completion)

    def log_workflow_start(self, event: Event[ChatStartedEvent]) -> None:
        data = event.data
        logger.info(
            "Workflow started | workflow=%s | chat=%s | user=%s | timestamp=%s",
            data.workflow, data.state_id, data.user.id, _now(),
        )  # fmt: skip

    def log_workflow_completion(self, event: Event[ChatCompletedEvent]) -> None:
        data = event.data
        logger.info(
            "Workflow completed | workflow=%s | chat=%s | reason=%s | rounds=%d | "
            "duration=%.2fs | timestamp=%s",
            data.workflow, data.state_id, data.reason, data.rounds,
            data.duration_ms / 1000.0, _now(),
        )  # fmt: skip


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")
