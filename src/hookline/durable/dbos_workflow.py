"""DbosWorkflow: a multi-agent workflow's runs as DBOS workflows.

Each member's turn is a durable turn (``DbosAgent``'s steps: model calls, tool calls and
conversation-store reads and writes), the run's state writes and the speaker selector's
model calls are DBOS steps too; all of them run inline in the run's one DBOS workflow, in
the order the run makes them.  A run cut off by a crash is finished by DBOS recovery:
the members whose turns had finished are not asked again.

Example::

    workflow = Workflow("review", [writer, critic], state_store=SqliteWorkflowStateStore(path))
    durable = DbosWorkflow(workflow)          # before DBOS.launch()
    DBOS.launch()
    result = await durable.run("Write a haiku", user=alice, state_id="haiku-1")
"""

from __future__ import annotations

import asyncio
import copy
import functools
import inspect
from collections.abc import Callable, Mapping
from typing import Any

from dbos import DBOS, SetWorkflowID, WorkflowHandleAsync

from hookline.durable.dbos import durable_copy
from hookline.durable.dbos_steps import begin_execution, run_step
from hookline.llm.base import LlmService
from hookline.llm.models import LlmRequest, LlmResponse
from hookline.storage.models import new_conversation_id
from hookline.tools.approval import ApprovalDecision
from hookline.users.models import RequestContext, User
from hookline.workflows.context_tools import CONTEXT_PARAMETER
from hookline.workflows.result import WorkflowRunResult
from hookline.workflows.state import WorkflowState
from hookline.workflows.state_store import MemoryWorkflowStateStore, WorkflowStateStore
from hookline.workflows.workflow import Workflow

__all__ = [
    "DbosLlmService",
    "DbosWorkflow",
    "DbosWorkflowStateStore",
    "lifecycle_step",
]

ANSWER_TOPIC = "hookline.workflow_answer"
"""The DBOS message topic a paused run's workflow waits on (``DbosWorkflow.answer``)."""
DAY = 24 * 3600.0
STEP_MARK = "hookline_dbos_step"
"""Set on a function ``lifecycle_step`` made (it is not wrapped twice)."""


class DbosWorkflow:
    """``workflow``'s runs as DBOS workflows; ``workflow`` itself is not changed.

    Create it before ``DBOS.launch()`` in every process that runs or recovers its runs.
    A run that pauses (``ask_user``, a call waiting for a reviewer) waits in its workflow
    for ``answer`` (``answer_timeout`` seconds, default 7 days; then it ends paused and
    ``Workflow.resume`` continues it as usual).
    Every member agent needs a conversation store that outlives the process, and the
    workflow a state store that does too (``SqliteWorkflowStateStore``).  Lifecycle tools
    run as steps (``lifecycle_step``, wrapped in place: outside DBOS they run as before);
    event handlers are the run's own code: recovery runs them again.

    Example::

        durable = DbosWorkflow(workflow)
        DBOS.launch()
        handle = await durable.start("Plan a launch", state_id="launch-1")
        print((await handle.get_result()).text)
    """

    def __init__(self, workflow: Workflow, *, answer_timeout: float = 7 * DAY) -> None:
        if isinstance(workflow.state_store, MemoryWorkflowStateStore):
            raise ValueError(
                "DbosWorkflow needs a workflow state store that outlives the process "
                "(SqliteWorkflowStateStore), not MemoryWorkflowStateStore"
            )
        self.workflow = workflow
        self.answer_timeout = answer_timeout
        self.durable = _durable_workflow(workflow)
        self.workflow_name = f"hookline.workflow.{workflow.name}"

        async def run(message: str, user: User, state_id: str) -> WorkflowRunResult:
            begin_execution()
            result = await self.durable.run(message, user=user, state_id=state_id)
            while result.paused:
                sent = await DBOS.recv_async(ANSWER_TOPIC, timeout_seconds=self.answer_timeout)
                if sent is None:
                    return result
                user_input, decisions = sent
                result = await self.durable.resume(
                    state_id, user_input, user=user, decisions=decisions
                )
            return result

        self.dbos_workflow = DBOS.workflow(name=self.workflow_name)(run)

    async def start(
        self,
        message: str,
        *,
        user: User | None = None,
        state_id: str | None = None,
        workflow_id: str | None = None,
    ) -> WorkflowHandleAsync[WorkflowRunResult]:
        """Start a run as a DBOS workflow (id: ``workflow_id``, default the run's
        ``state_id``); ``await handle.get_result()`` is its ``WorkflowRunResult``."""
        user = user or await self.workflow.agents[0].user_resolver.resolve_user(RequestContext())
        state_id = state_id or new_conversation_id()
        with SetWorkflowID(workflow_id or f"workflow/{state_id}"):
            return await DBOS.start_workflow_async(self.dbos_workflow, message, user, state_id)

    async def run(self, message: str, **options: Any) -> WorkflowRunResult:
        """``start`` and its result."""
        handle = await self.start(message, **options)
        return await handle.get_result()

    async def answer(
        self,
        workflow_id: str,
        user_input: str = "",
        *,
        decisions: Mapping[str, ApprovalDecision] | None = None,
    ) -> None:
        """Continue the run waiting in ``workflow_id`` (``ask_user``'s question, or a
        member's call waiting for a reviewer), from any process: what ``Workflow.resume``
        takes, sent to the run's workflow."""
        sent = (user_input, dict(decisions) if decisions else None)
        await DBOS.send_async(workflow_id, sent, topic=ANSWER_TOPIC)


def _durable_workflow(workflow: Workflow) -> Workflow:
    """A shallow copy of ``workflow`` whose members, state store and selector model run
    their work as DBOS steps (and its lifecycle tools, see ``lifecycle_step``)."""
    for tool in workflow.lifecycle_tools:
        if not getattr(tool.func, STEP_MARK, False):
            tool.func = lifecycle_step(tool.func)
    durable = copy.copy(workflow)
    durable._agents = {name: durable_copy(agent) for name, agent in workflow._agents.items()}
    durable.state_store = DbosWorkflowStateStore(workflow.state_store)
    selector = getattr(workflow.pattern, "llm", None)
    if isinstance(selector, LlmService):
        durable.pattern = copy.copy(workflow.pattern)
        durable.pattern.llm = DbosLlmService(selector)  # type: ignore[attr-defined]
    return durable


class DbosWorkflowStateStore:
    """``store`` with each save, load and delete a DBOS step."""

    def __init__(self, store: WorkflowStateStore) -> None:
        self.store = store

    async def create_state(self, state: WorkflowState) -> bool:
        snapshot = state.model_copy(deep=True)

        async def create(may_have_run: bool) -> bool:
            if await self.store.create_state(snapshot):
                return True
            stored = await self.store.load_state(snapshot.state_id) if may_have_run else None
            return stored is not None and (stored.user_id, stored.workflow, stored.status) == (
                snapshot.user_id,
                snapshot.workflow,
                "running",
            )  # this run's own claim, made before a crash

        created: bool = await run_step("hookline.workflow_state.create", create)
        return created

    async def save_state(self, state: WorkflowState) -> None:
        snapshot = state.model_copy(deep=True)

        async def save(_: bool) -> None:
            await self.store.save_state(snapshot)

        await run_step("hookline.workflow_state.save", save)

    async def load_state(self, state_id: str) -> WorkflowState | None:
        async def load(_: bool) -> WorkflowState | None:
            return await self.store.load_state(state_id)

        state: WorkflowState | None = await run_step("hookline.workflow_state.load", load)
        return state

    async def delete_state(self, state_id: str) -> bool:
        async def delete(_: bool) -> bool:
            return await self.store.delete_state(state_id)

        deleted: bool = await run_step("hookline.workflow_state.delete", delete)
        return deleted

    async def close(self) -> None:
        await self.store.close()


class DbosLlmService(LlmService):
    """``llm`` with each request a DBOS step (the speaker selector's calls)."""

    def __init__(self, llm: LlmService) -> None:
        self.llm = llm
        self.model = llm.model

    async def send_request(self, request: LlmRequest) -> LlmResponse:
        async def send(_: bool) -> LlmResponse:
            return await self.llm.send_request(request)

        response: LlmResponse = await run_step("hookline.selector_call", send)
        return response


def lifecycle_step(func: Callable[..., Any]) -> Callable[..., Any]:
    """A lifecycle tool's function as a DBOS step, when it runs in a DBOS workflow.

    The step's checkpoint holds what the function returned and the context variables it
    left, so a recovered run gets both back without running it.  Outside a DBOS workflow
    it is the function, called as before: ``DbosWorkflow`` wraps the workflow's lifecycle
    tools in place, and the workflow itself runs as it did.
    """
    name = f"hookline.lifecycle_tool:{getattr(func, '__name__', 'lifecycle_tool')}"

    async def plain(**kwargs: Any) -> Any:
        if inspect.iscoroutinefunction(func):
            return await func(**kwargs)
        value = await asyncio.to_thread(func, **kwargs)
        return await value if inspect.isawaitable(value) else value

    @functools.wraps(func)
    async def step(**kwargs: Any) -> Any:
        if DBOS.workflow_id is None:
            return await plain(**kwargs)
        context = kwargs.get(CONTEXT_PARAMETER)

        async def run(_: bool) -> tuple[Any, dict[str, Any] | None]:
            value = await plain(**kwargs)
            return value, dict(context.data) if context is not None else None

        value, data = await run_step(name, run)
        if context is not None and data is not None:
            context.data.clear()
            context.data.update(data)
        return value

    step.__dict__[STEP_MARK] = True
    return step
