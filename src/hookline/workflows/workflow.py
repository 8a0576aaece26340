"""Workflow: several hookline agents taking turns on one task, with hooks at every step."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hookline.agent.agent import Agent
from hookline.extensions.observability import ObservabilityProvider
from hookline.hooks.events import ALL_EVENT_TYPES
from hookline.hooks.registry import HookContext, HookRegistry
from hookline.llm.base import LlmService
from hookline.storage.models import new_conversation_id
from hookline.tools.approval import ApprovalDecision
from hookline.users.models import RequestContext, User
from hookline.workflows.conditions import Condition, parse_condition
from hookline.workflows.context import ContextVariables
from hookline.workflows.errors import WorkflowError, WorkflowStateNotFoundError
from hookline.workflows.lifecycle import LifecycleTool, LifecycleTools
from hookline.workflows.loader import workflow_arguments
from hookline.workflows.metrics import WorkflowMetrics
from hookline.workflows.pattern_resolver import resolve_pattern
from hookline.workflows.patterns import PatternLike, SpeakerPattern
from hookline.workflows.platform import WorkflowLifecycleLogging
from hookline.workflows.result import WorkflowRunResult
from hookline.workflows.run import WorkflowRun
from hookline.workflows.state import WorkflowState
from hookline.workflows.state_store import MemoryWorkflowStateStore, WorkflowStateStore

if TYPE_CHECKING:
    from hookline.storage.base import ConversationStore
    from hookline.workflows.llm_factory import LlmFactory

__all__ = ["Workflow"]

_AGENT_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9_-]{0,63}$")
_WORKFLOW_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$")
_STATE_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_:-]{0,63}$")

TerminateWhen = Condition | Mapping[str, Any] | Callable[[ContextVariables], bool]


class Workflow:
    """Hookline ``Agent``s taking turns on one task, orchestrated by a speaker pattern.

    ``pattern``: "round_robin" (default), "sequential", "handoff",
    "llm_selected" (with ``selector_llm``), a ``SpeakerPattern``, or a
    function ``SpeakerSelection -> name | AskUser | None``.  A run ends
    after ``max_rounds`` agent turns, when an answer contains
    ``done_marker``, when an agent calls ``finish`` (``finish_tool=True``),
    when ``terminate_when`` holds on the context variables, or when the
    pattern names nobody.  ``human_input=True`` gives agents an ``ask_user``
    tool; a paused run is saved in ``state_store`` and continued with
    ``resume``.  ``observability_provider`` receives the workflow's metrics
    (``WorkflowMetrics``).

    Registered on ``hooks`` first, in this order: the platform's start and
    completion logging, the ``lifecycle_tools``, the metrics; handlers added
    later with ``workflow.hooks.on`` run after them.

    Each agent's turn runs through its own pipeline (its handlers,
    middleware, tools and store) in a conversation of its own per run; the
    message it receives is the transcript it has not seen yet, one
    ``[speaker]: text`` block per entry.  Its events carry the
    ``HookContext.agent_path`` "<workflow>.<agent>" and reach the handlers
    of ``workflow.hooks`` too.  Every run starts from a copy of
    ``context_variables``.

    Example::

        writer = Agent(ScriptedLlmService([text_reply("Draft.")]), name="writer")
        critic = Agent(ScriptedLlmService([text_reply("Fine. TERMINATE")]), name="critic")
        workflow = Workflow("review", [writer, critic], max_rounds=4)
        result = await workflow.run("Write a haiku")
        assert result.reason == "done_marker"
    """

    def __init__(
        self,
        name: str,
        agents: Sequence[Agent],
        *,
        pattern: PatternLike = "round_robin",
        context_variables: ContextVariables | Mapping[str, Any] | None = None,
        max_rounds: int = 10,
        done_marker: str | None = "TERMINATE",
        finish_tool: bool = False,
        human_input: bool = False,
        terminate_when: TerminateWhen | None = None,
        selector_llm: LlmService | None = None,
        descriptions: Mapping[str, str] | None = None,
        lifecycle_tools: Sequence[LifecycleTool] = (),
        hooks: HookRegistry | None = None,
        state_store: WorkflowStateStore | None = None,
        observability_provider: ObservabilityProvider | None = None,
        forward_events: Iterable[type[Any]] = ALL_EVENT_TYPES,
    ) -> None:
        if not _WORKFLOW_NAME.match(name):
            raise WorkflowError(f"Workflow name {name!r}: use letters, digits, '_' or '-'.")
        if max_rounds < 1:
            raise WorkflowError("max_rounds must be at least 1.")
        self.name = name
        self._agents = _index_agents(agents)
        self.pattern: SpeakerPattern = resolve_pattern(pattern, selector_llm=selector_llm)
        self.context_variables = _context(context_variables)
        self.max_rounds = max_rounds
        self.done_marker = done_marker or None
        self.finish_tool = finish_tool
        self.human_input = human_input
        self.terminate_when = _termination(terminate_when)
        self.descriptions = dict(descriptions or {})
        self.forward_events = tuple(forward_events)
        self.state_store: WorkflowStateStore = state_store or MemoryWorkflowStateStore()
        self.lifecycle_tools = list(lifecycle_tools)
        self._check_names()
        self.hooks = hooks if hooks is not None else HookRegistry()
        if self.hooks.context is None:
            self.hooks.context = HookContext(
                agent_type=type(self), agent_path=name, agent_name=name
            )
        self.hooks.add(WorkflowLifecycleLogging())
        if self.lifecycle_tools:
            self.hooks.add(LifecycleTools(self.lifecycle_tools))
        if observability_provider is not None:
            self.hooks.add(WorkflowMetrics(observability_provider))

    @property
    def agents(self) -> list[Agent]:
        """The agents, in order."""
        return list(self._agents.values())

    @property
    def agent_names(self) -> list[str]:
        """The agents' names, in order."""
        return list(self._agents)

    def agent(self, name: str) -> Agent:
        """The agent called ``name``."""
        try:
            return self._agents[name]
        except KeyError:
            raise WorkflowError(f"Workflow {self.name!r} has no agent {name!r}.") from None

    async def run(
        self, message: str, *, user: User | None = None, state_id: str | None = None
    ) -> WorkflowRunResult:
        """Run the workflow on ``message`` until it completes or pauses for input.

        ``user`` defaults to what the first agent's user resolver returns;
        ``state_id`` (default: a fresh id) names the run in the state store.
        A ``state_id`` the store already holds is refused (``WorkflowError``),
        whoever owns it: a run never replaces or takes over another run.
        """
        if state_id is not None:
            await self._check_new_state_id(state_id)
        resolved = user or await self._default_user()
        state = WorkflowState(
            state_id=state_id or new_conversation_id(),
            workflow=self.name,
            user_id=resolved.id,
            message=message,
        )
        run = WorkflowRun(self, state, resolved, self.context_variables.copy())
        try:
            return await run.start()
        finally:
            run.close()

    async def resume(
        self,
        state_id: str,
        user_input: str = "",
        *,
        user: User | None = None,
        decisions: Mapping[str, ApprovalDecision] | None = None,
    ) -> WorkflowRunResult:
        """Continue a paused run with the human's answer, or a reviewer's ``decisions``.

        A run paused because a member's tool call waits for a reviewer
        (``result.pending_tool_calls``) continues with ``decisions`` keyed by
        call id: that member's turn resumes where it paused (nothing it ran
        before runs again), then the run goes on.

        A synthetic ``SelectSpeakerEvent`` (``synthetic=True``) is emitted
        for the agent whose turn continues.  Raises
        ``WorkflowStateNotFoundError`` when there is no paused run with this
        id for this user and workflow.  If the resumed run fails, the saved
        state is put back as it was, so the resume can be retried.
        """
        resolved = user or await self._default_user()
        state = await self.state_store.load_state(state_id)
        if state is None or state.user_id != resolved.id or state.workflow != self.name:
            raise WorkflowStateNotFoundError(
                f"No paused run {state_id!r} of workflow {self.name!r}."
            )
        if state.status != "paused":
            raise WorkflowError(f"Run {state_id!r} is {state.status}, not paused.")
        paused = state.model_copy(deep=True)
        state.status = "running"
        await self.state_store.save_state(state)  # a second resume now sees "running"
        run = WorkflowRun(self, state, resolved, ContextVariables(state.context_variables))
        try:
            if state.pending_approval is not None:
                return await run.resume_approval(decisions or {})
            return await run.resume(user_input)
        except BaseException:
            await self.state_store.save_state(paused)  # a failed resume can be retried
            raise
        finally:
            run.close()

    @classmethod
    def from_directory(
        cls,
        path: str | Path,
        *,
        llm_factory: LlmFactory | None = None,
        conversation_store: ConversationStore | None = None,
        state_store: WorkflowStateStore | None = None,
        hooks: HookRegistry | None = None,
    ) -> Workflow:
        """Load a declarative workflow from its folder.

        The folder holds ``workflow.json``, and optionally ``tools.json``
        and ``context_variables.json``.

        ``llm_factory(model_name)`` builds each agent's model (default:
        ``hookline.llm.from_env`` with ``HOOKLINE_MODEL`` set to the name).
        Raises ``WorkflowConfigError`` naming the file, index and field of
        the first problem.  See ``docs/workflows.md`` for the formats.
        """
        arguments = workflow_arguments(
            Path(path),
            llm_factory=llm_factory,
            conversation_store=conversation_store,
            state_store=state_store,
            hooks=hooks,
        )
        return cls(**arguments)

    async def _check_new_state_id(self, state_id: str) -> None:
        if not _STATE_ID.match(state_id):
            raise WorkflowError(f"state_id {state_id!r}: 1-64 letters, digits, '_', ':' or '-'.")
        if await self.state_store.load_state(state_id) is not None:
            raise WorkflowError(
                f"state_id {state_id!r} is already in use: choose another id, or continue "
                "your own paused run with Workflow.resume."
            )

    async def _default_user(self) -> User:
        first = next(iter(self._agents.values()))
        return await first.user_resolver.resolve_user(RequestContext())

    def _check_names(self) -> None:
        for name in self.descriptions:
            self.agent(name)
        for tool in self.lifecycle_tools:
            if tool.agent is not None:
                self.agent(tool.agent)
        initial = getattr(self.pattern, "initial_agent", None)
        if isinstance(initial, str):
            self.agent(initial)


def _index_agents(agents: Sequence[Agent]) -> dict[str, Agent]:
    if not agents:
        raise WorkflowError("A workflow needs at least one agent.")
    indexed: dict[str, Agent] = {}
    for agent in agents:
        if not _AGENT_NAME.match(agent.name):
            raise WorkflowError(
                f"Agent name {agent.name!r}: start with a letter; then letters, digits, '_', '-' "
                "(it becomes part of tool names)."
            )
        if agent.name in indexed:
            raise WorkflowError(
                f"Two agents are named {agent.name!r}: give each one Agent(..., name=...)."
            )
        indexed[agent.name] = agent
    return indexed


def _context(value: ContextVariables | Mapping[str, Any] | None) -> ContextVariables:
    if isinstance(value, ContextVariables):
        return value
    return ContextVariables(value)


def _termination(value: TerminateWhen | None) -> Callable[[ContextVariables], bool] | None:
    if value is None:
        return None
    if isinstance(value, Condition):
        condition = value
    elif isinstance(value, Mapping):
        condition = parse_condition(dict(value))
    else:
        return value
    return lambda context: condition.evaluate(context.data)
