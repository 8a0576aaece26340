"""WorkflowView: what a run reads of its workflow.

``WorkflowRun`` takes a ``WorkflowView``, not ``Workflow``: the workflow builds
runs, so a run that imported it would close a circle (see docs/architecture.md).
``Workflow`` has every member.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from hookline.agent.agent import Agent
from hookline.hooks.registry import HookRegistry
from hookline.workflows.context import ContextVariables
from hookline.workflows.patterns import SpeakerPattern
from hookline.workflows.state_store import WorkflowStateStore

__all__ = ["WorkflowView"]


class WorkflowView(Protocol):
    """A workflow's settings, agents and stores, read-only.

    Example::

        def describe(workflow: WorkflowView) -> str:
            return f"{workflow.name}: {', '.join(workflow.agent_names)}"
    """

    @property
    def name(self) -> str: ...

    @property
    def pattern(self) -> SpeakerPattern: ...

    @property
    def max_rounds(self) -> int: ...

    @property
    def done_marker(self) -> str | None: ...

    @property
    def finish_tool(self) -> bool: ...

    @property
    def human_input(self) -> bool: ...

    @property
    def terminate_when(self) -> Callable[[ContextVariables], bool] | None: ...

    @property
    def descriptions(self) -> dict[str, str]: ...

    @property
    def forward_events(self) -> tuple[type[Any], ...]: ...

    @property
    def state_store(self) -> WorkflowStateStore: ...

    @property
    def hooks(self) -> HookRegistry: ...

    @property
    def agent_names(self) -> list[str]: ...

    def agent(self, name: str) -> Agent:
        """The agent called ``name``."""
        ...
