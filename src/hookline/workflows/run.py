"""The engine: one run of a workflow, from its first speaker to its end or its next pause.

The loop reads top to bottom in ``WorkflowRun.loop``: select a speaker
(``SelectSpeakerEvent``), run its turn (``AgentTurnStartedEvent``, the
agent's own pipeline, ``AgentTurnCompletedEvent``), then check for an
input request (pause) and the termination conditions.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from hookline.agent.agent import Agent
from hookline.agent.result import RunResult
from hookline.errors import TurnFailedError
from hookline.hooks.options import StepSkipped
from hookline.llm.models import ToolCall, Usage
from hookline.tools.approval import ApprovalDecision
from hookline.tools.base import Tool
from hookline.users.models import User
from hookline.workflows.context import ContextVariables, InputRequest
from hookline.workflows.control import AskUserTool, FinishTool, HandoffTool, TurnSignals
from hookline.workflows.errors import WorkflowError
from hookline.workflows.events import (
    AgentTurnCompletedEvent,
    AgentTurnStartedEvent,
    ChatCompletedEvent,
    ChatStartedEvent,
    InputRequestEvent,
    SelectSpeakerEvent,
)
from hookline.workflows.members import build_member
from hookline.workflows.patterns import AskUser, SpeakerSelection
from hookline.workflows.result import WorkflowRunResult
from hookline.workflows.state import (
    USER_SPEAKER,
    PendingApproval,
    PendingInput,
    TranscriptEntry,
    WorkflowState,
)

if TYPE_CHECKING:
    from hookline.workflows.workflow_view import WorkflowView as Workflow

__all__ = ["WorkflowRun"]

logger = logging.getLogger("hookline.workflows")

CONTINUE_MESSAGE = "Continue."


@dataclass(frozen=True)
class _Step:
    """What the loop does after a turn: go on, let ``agent`` continue, pause, or end."""

    action: Literal["next", "continue", "pause", "complete"]
    agent: str | None = None
    reason: str | None = None


_NEXT = _Step("next")
_PAUSE = _Step("pause")


class WorkflowRun:
    """The state of one run in this process, and the loop that advances it."""

    def __init__(
        self,
        workflow: Workflow,
        state: WorkflowState,
        user: User,
        context_variables: ContextVariables,
    ) -> None:
        self.workflow = workflow
        self.hooks = workflow.hooks
        self.state = state
        self.user = user
        self.context_variables = context_variables
        self.signals = TurnSignals()
        self.members: dict[str, Agent] = {}
        self.usage = Usage()

    # -- entry points -----------------------------------------------------------

    async def start(self) -> WorkflowRunResult:
        """Claim the ``state_id`` (insert-if-absent: "already in use" when it is taken,
        and nothing runs), then run; a run that fails frees the id again."""
        if not await self.workflow.state_store.create_state(self.state):
            raise WorkflowError(
                f"state_id {self.state.state_id!r} is already in use: choose another id, "
                "or continue your own paused run with Workflow.resume."
            )
        try:
            return await self._begin()
        except BaseException:
            await self._free_claim()
            raise

    async def _free_claim(self) -> None:
        """Delete the claimed state if it is still this run's, unfinished."""
        stored = await self.workflow.state_store.load_state(self.state.state_id)
        if stored is not None and stored.status == "running" and stored.user_id == self.user.id:
            await self.workflow.state_store.delete_state(self.state.state_id)

    async def _begin(self) -> WorkflowRunResult:
        """``before_chat``, the task joins the transcript, then the loop."""
        data = self.context_variables.data
        data.setdefault("workflow_name", self.workflow.name)
        data.setdefault("chat_id", self.state.state_id)
        data.setdefault("user_id", self.user.id)
        if self.hooks.has_handlers(ChatStartedEvent):
            event = await self.hooks.emit(
                ChatStartedEvent(
                    workflow=self.workflow.name,
                    state_id=self.state.state_id,
                    user=self.user,
                    message=self.state.message,
                    context_variables=self.context_variables,
                )
            )
            self.state.message = event.message
        self._append(USER_SPEAKER, self.state.message)
        request = self.context_variables.take_input_request()
        if request is not None:
            step = await self._ask(InputRequest(prompt=request.prompt, key=request.key))
            if step is _PAUSE:
                return self._paused()
        return await self.loop(None, synthetic=False)

    async def resume_approval(self, decisions: Mapping[str, ApprovalDecision]) -> WorkflowRunResult:
        """The paused member's turn resumes with the reviewer's decisions, then the loop."""
        pending = self.state.pending_approval
        if pending is None:
            raise WorkflowError(f"Workflow state {self.state.state_id!r} waits for no approval.")
        self.state.pending_approval = None
        self.signals = TurnSignals()
        member = self._member(pending.agent)
        conversation_id = self.state.conversation_ids[pending.agent]
        result = await member.resume(conversation_id, decisions, user=self.user)
        self.usage = self.usage + result.usage
        if result.paused:
            step = await self._wait_for_approval(pending.agent, pending.round, result)
        else:
            step = await self._after_turn(pending.agent, pending.round, result)
        return await self._continue(step)

    async def _wait_for_approval(self, speaker: str, round_number: int, result: RunResult) -> _Step:
        calls = [c.model_dump(mode="json") for c in result.pending_tool_calls]
        self.state.pending_approval = PendingApproval(
            agent=speaker, round=round_number, calls=calls
        )
        self.state.status = "paused"
        await self._save()
        return _PAUSE

    async def _continue(self, step: _Step) -> WorkflowRunResult:
        if step is _PAUSE:
            return self._paused()
        if step.action == "complete":
            return await self._complete(step.reason or "pattern")
        return await self.loop(step.agent if step.action == "continue" else None, synthetic=False)

    async def resume(self, user_input: str) -> WorkflowRunResult:
        """Apply the answer to the pending request; its agent's turn continues."""
        pending = self.state.pending_input
        if pending is None:
            raise WorkflowError(f"Workflow state {self.state.state_id!r} is not waiting for input.")
        self.state.pending_input = None
        self.state.status = "running"
        request = InputRequest(prompt=pending.prompt, agent=pending.agent, key=pending.key)
        self._apply_answer(request, user_input)
        logger.info(
            "Workflow resumed | workflow=%s | chat=%s | continuing=%s",
            self.workflow.name, self.state.state_id, pending.agent,
        )  # fmt: skip
        return await self.loop(pending.agent, synthetic=True)

    # -- the loop -----------------------------------------------------------------

    async def loop(self, continuing: str | None, *, synthetic: bool) -> WorkflowRunResult:
        """Speaker, turn, pause or termination check; until the run ends or pauses."""
        while True:
            if continuing is not None:
                speaker = await self._announce(continuing, synthetic=synthetic)
            else:
                choice = await self._select()
                if isinstance(choice, AskUser):
                    step = await self._ask(InputRequest(prompt=choice.prompt, agent=choice.agent))
                    if step is _PAUSE:
                        return self._paused()
                    continuing, synthetic = step.agent, False
                    continue
                speaker = choice
            continuing, synthetic = None, False
            if speaker is None:
                return await self._complete("pattern")
            step = await self._turn(speaker)
            if step.action == "pause":
                return self._paused()
            if step.action == "complete":
                return await self._complete(step.reason or "pattern")
            if step.action == "continue":
                continuing = step.agent

    async def _select(self) -> str | AskUser | None:
        state = self.state
        selection = SpeakerSelection(
            agents=self.workflow.agent_names,
            descriptions=dict(self.workflow.descriptions),
            last_speaker=state.last_speaker,
            handoff_to=state.handoff_to,
            transcript=list(state.transcript),
            round=state.rounds + 1,
            context_variables=self.context_variables,
            pattern_state=state.pattern_state,
        )
        choice = await self.workflow.pattern.select(selection)
        state.handoff_to = None
        if isinstance(choice, AskUser):
            if choice.agent is not None:
                self._check_speaker(choice.agent, "The pattern asked the user for")
            return choice
        if choice is not None:
            self._check_speaker(choice, "The pattern chose")
        return await self._announce(choice, synthetic=False)

    async def _announce(self, speaker: str | None, *, synthetic: bool) -> str | None:
        if not self.hooks.has_handlers(SelectSpeakerEvent):
            return speaker
        event = await self.hooks.emit(
            SelectSpeakerEvent(
                workflow=self.workflow.name,
                state_id=self.state.state_id,
                round=self.state.rounds + 1,
                speaker=speaker,
                previous_speaker=self.state.last_speaker,
                candidates=self.workflow.agent_names,
                context_variables=self.context_variables,
                synthetic=synthetic,
            )
        )
        if event.speaker is not None:
            self._check_speaker(event.speaker, "A SelectSpeakerEvent handler chose")
        return event.speaker

    # -- one agent turn -------------------------------------------------------------

    async def _turn(self, speaker: str) -> _Step:
        round_number = self.state.rounds + 1
        seen = len(self.state.transcript)
        try:
            message = await self._turn_started(speaker, round_number)
        except StepSkipped as skipped:  # a before_agent hook with on_error="skip_step" failed
            return self._skipped(speaker, round_number, skipped)
        request = self.context_variables.take_input_request()
        if request is not None:  # asked in before_agent: the turn has not run
            return await self._ask(
                InputRequest(prompt=request.prompt, agent=speaker, key=request.key)
            )
        self.state.seen[speaker] = seen
        self.signals = TurnSignals()
        result = await self._run_agent(speaker, message, round_number)
        if result.paused:  # a call of this step waits for a reviewer: the run pauses
            return await self._wait_for_approval(speaker, round_number, result)
        return await self._after_turn(speaker, round_number, result)

    def _skipped(self, speaker: str, round_number: int, skipped: StepSkipped) -> _Step:
        """The round passes without the agent's turn; the transcript says why."""
        logger.warning("Workflow %s: %s's turn skipped: %s", self.workflow.name, speaker, skipped)
        self._append(speaker, f"({speaker} skipped: {skipped.handler} failed)", round_number)
        self.state.rounds, self.state.last_speaker = round_number, speaker
        self.signals = TurnSignals()
        reason = self._termination("")
        return _Step("complete", reason=reason) if reason else _NEXT

    async def _after_turn(self, speaker: str, round_number: int, result: RunResult) -> _Step:
        """The rest of a member's turn: its text joins the transcript, then what comes next."""
        text = await self._turn_completed(speaker, round_number, result)
        self._append(speaker, text, round_number)
        state = self.state
        state.rounds, state.last_speaker = round_number, speaker
        state.handoff_to = self.signals.handoff_to
        request = self._turn_input_request(speaker)
        if request is not None:
            return await self._ask(request)
        reason = self._termination(text)
        return _Step("complete", reason=reason) if reason else _NEXT

    async def _turn_started(self, speaker: str, round_number: int) -> str:
        message = self._message_for(speaker)
        if self.hooks.has_handlers(AgentTurnStartedEvent):
            event = await self.hooks.emit(
                AgentTurnStartedEvent(
                    workflow=self.workflow.name,
                    state_id=self.state.state_id,
                    agent=speaker,
                    round=round_number,
                    message=message,
                    context_variables=self.context_variables,
                )
            )
            message = event.message
        return message or CONTINUE_MESSAGE

    async def _run_agent(self, speaker: str, message: str, round_number: int) -> RunResult:
        member = self._member(speaker)
        conversation_id = self.state.conversation_ids.setdefault(
            speaker, f"{self.state.state_id}.{speaker}"
        )
        try:
            result = await member.run(message, user=self.user, conversation_id=conversation_id)
        except TurnFailedError as error:
            raise WorkflowError(
                f"Agent {speaker!r} failed in round {round_number} of workflow "
                f"{self.workflow.name!r}: {error}"
            ) from error
        self.usage = self.usage + result.usage
        return result

    async def _turn_completed(self, speaker: str, round_number: int, result: RunResult) -> str:
        text = result.text
        if result.halted:
            text = f"({speaker} stopped: {result.error})"
        if self.hooks.has_handlers(AgentTurnCompletedEvent):
            event = await self.hooks.emit(
                AgentTurnCompletedEvent(
                    workflow=self.workflow.name,
                    state_id=self.state.state_id,
                    agent=speaker,
                    round=round_number,
                    text=text,
                    result=result,
                    context_variables=self.context_variables,
                    handoff_to=self.signals.handoff_to,
                    finished=self.signals.finished,
                )
            )
            text = event.text
        return text

    def _turn_input_request(self, speaker: str) -> InputRequest | None:
        requested = self.context_variables.take_input_request()
        if self.signals.question is not None:
            return InputRequest(prompt=self.signals.question, agent=speaker)
        if requested is not None:
            return InputRequest(prompt=requested.prompt, agent=speaker, key=requested.key)
        return None

    def _termination(self, text: str) -> str | None:
        workflow = self.workflow
        if self.signals.finished:
            return "finish_tool"
        if workflow.done_marker and workflow.done_marker in text:
            return "done_marker"
        if workflow.terminate_when is not None and workflow.terminate_when(self.context_variables):
            return "condition"
        if self.state.rounds >= workflow.max_rounds:
            return "max_rounds"
        return None

    # -- members, messages, transcript ----------------------------------------------

    def _member(self, speaker: str) -> Agent:
        member = self.members.get(speaker)
        if member is None:
            member = build_member(
                self.workflow.agent(speaker),
                workflow=self.workflow.name,
                workflow_hooks=self.hooks,
                forward_events=self.workflow.forward_events,
                extra_tools=self._control_tools(speaker),
                context_variables=self.context_variables,
                closing_text=self._closing_text,
            )
            self.members[speaker] = member
        return member

    def close(self) -> None:
        """The run ended (completed, paused or failed): the members' registries stop
        tapping into the workflow's, so the workflow keeps nothing of this run."""
        for member in self.members.values():
            member.hooks.release()

    def _control_tools(self, speaker: str) -> list[Tool[Any]]:
        workflow = self.workflow
        tools: list[Tool[Any]] = []
        if workflow.pattern.handoff_tools:
            tools.extend(
                HandoffTool(name, workflow.descriptions.get(name, ""), self._signals)
                for name in workflow.agent_names
                if name != speaker
            )
        if workflow.finish_tool:
            tools.append(FinishTool(self._signals))
        if workflow.human_input:
            tools.append(AskUserTool(self._signals))
        return tools

    def _signals(self) -> TurnSignals:
        return self.signals

    def _closing_text(self) -> str | None:
        if self.signals.closing_text is not None:
            return self.signals.closing_text
        if self.context_variables.input_requested:
            return "Waiting for the user's answer."
        return None

    def _message_for(self, speaker: str) -> str:
        start = self.state.seen.get(speaker, 0)
        unseen = [e for e in self.state.transcript[start:] if e.speaker != speaker]
        return "\n\n".join(f"[{e.speaker}]: {e.content}" for e in unseen) or CONTINUE_MESSAGE

    def _append(self, speaker: str, content: str, round_number: int | None = None) -> None:
        entry = TranscriptEntry(speaker=speaker, content=content, round=round_number)
        self.state.transcript.append(entry)
        if speaker != USER_SPEAKER:
            self.state.seen[speaker] = len(self.state.transcript)

    def _check_speaker(self, name: str, who: str) -> None:
        if name not in self.workflow.agent_names:
            raise WorkflowError(
                f"{who} {name!r}, which is not an agent of workflow {self.workflow.name!r} "
                f"({', '.join(self.workflow.agent_names)})."
            )

    # -- pause, resume, completion -----------------------------------------------------

    async def _ask(self, request: InputRequest) -> _Step:
        """Emit ``InputRequestEvent``; answered at once, continue; else save and pause."""
        event = await self.hooks.emit(
            InputRequestEvent(
                workflow=self.workflow.name,
                state_id=self.state.state_id,
                prompt=request.prompt,
                agent=request.agent,
                key=request.key,
                round=self.state.rounds,
            )
        )
        if event.response is not None:
            self._apply_answer(request, event.response)
            return _Step("continue", agent=request.agent)
        self.state.pending_input = PendingInput(
            prompt=request.prompt, agent=request.agent, key=request.key
        )
        self.state.status = "paused"
        await self._save()
        logger.info(
            "Workflow paused for input | workflow=%s | chat=%s | continuing=%s",
            self.workflow.name, self.state.state_id, request.agent,
        )  # fmt: skip
        return _PAUSE

    def _apply_answer(self, request: InputRequest, answer: str) -> None:
        if request.key is not None:
            self.context_variables.data[request.key] = answer
        else:
            self._append(USER_SPEAKER, answer)

    async def _save(self) -> None:
        self.state.context_variables = _json_data(self.context_variables)
        self.state.updated_at = time.time()
        await self._check_owner()
        await self.workflow.state_store.save_state(self.state)

    async def _check_owner(self) -> None:
        """Refuse to write or delete a stored run of another user or workflow (a run
        started concurrently under the same id)."""
        stored = await self.workflow.state_store.load_state(self.state.state_id)
        if stored is not None and (
            stored.user_id != self.state.user_id or stored.workflow != self.state.workflow
        ):
            raise WorkflowError(f"state_id {self.state.state_id!r} is already in use.")

    def _paused(self) -> WorkflowRunResult:
        approval = self.state.pending_approval
        if approval is not None:
            result = self._result("paused", None, None)
            result.pending_tool_calls = [ToolCall.model_validate(c) for c in approval.calls]
            return result
        pending = self.state.pending_input
        assert pending is not None
        request = InputRequest(prompt=pending.prompt, agent=pending.agent, key=pending.key)
        return self._result("paused", None, request)

    async def _complete(self, reason: str) -> WorkflowRunResult:
        state = self.state
        state.status, state.completion_reason = "completed", reason
        duration_ms = (time.time() - state.started_at) * 1000.0
        if self.hooks.has_handlers(ChatCompletedEvent):
            await self.hooks.emit(
                ChatCompletedEvent(
                    workflow=self.workflow.name,
                    state_id=state.state_id,
                    reason=reason,
                    rounds=state.rounds,
                    duration_ms=duration_ms,
                    transcript=list(state.transcript),
                    context_variables=self.context_variables,
                )
            )
        if self.context_variables.take_input_request() is not None:
            logger.warning("An input request made in after_chat was ignored: the run is over.")
        await self._check_owner()
        await self.workflow.state_store.delete_state(state.state_id)
        return self._result("completed", reason, None, duration_ms)

    def _result(
        self,
        status: Literal["completed", "paused"],
        reason: str | None,
        request: InputRequest | None,
        duration_ms: float | None = None,
    ) -> WorkflowRunResult:
        state = self.state
        if duration_ms is None:
            duration_ms = (time.time() - state.started_at) * 1000.0
        return WorkflowRunResult(
            status=status,
            state_id=state.state_id,
            transcript=list(state.transcript),
            context_variables=self.context_variables,
            rounds=state.rounds,
            reason=reason,
            last_speaker=state.last_speaker,
            input_request=request,
            duration_ms=duration_ms,
            usage=self.usage,
        )


def _json_data(context_variables: ContextVariables) -> dict[str, Any]:
    """``data`` as JSON values; a value that is not JSON-serialisable is a clear error."""
    data: dict[str, Any] = {}
    for key, value in context_variables.data.items():
        try:
            data[key] = json.loads(json.dumps(value))
        except (TypeError, ValueError) as error:
            raise WorkflowError(
                f"Cannot pause: context variable {key!r} is not JSON-serialisable ({error}). "
                "Keep context variables to JSON values, or answer the input request at once "
                "with an InputRequestEvent handler."
            ) from None
    return data
