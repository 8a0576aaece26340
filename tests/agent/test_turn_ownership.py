"""The Turn owns its state (issue 33).

- One outcome value (``TurnOutcome``), set by the turn's own methods; ``halted``,
  ``failed`` and ``paused`` are read from it.
- No module but agent/turn.py assigns an attribute of a ``Turn`` (or a ``TurnView``):
  others ask the turn to act.
- Every store write of a turn goes through ``TurnWriter`` (agent/saving.py): read in the
  source, and seen at run time by a store that records who calls its write methods.
"""

from __future__ import annotations

import ast
import inspect
import re
import sys
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any, TypeGuard

import pytest

import hookline
from hookline import (
    Agent,
    AgentConfig,
    AgentError,
    Event,
    MemoryConversationStore,
    RequestContext,
    ScriptedLlmService,
    ToolRegistry,
    User,
    approve,
    text_reply,
    tool,
)
from hookline.agent.outcome import TurnOutcome
from hookline.agent.turn import Turn
from hookline.events import BeforeToolCallEvent, HandleMessageEvent, MessageReceivedEvent
from hookline.llm.models import LlmResponse, ToolCall
from hookline.storage import ConversationStore, Message
from hookline.storage.ledger import LedgerEntry
from hookline.storage.models import Conversation

SRC = Path(hookline.__file__).parent
TURN_TYPES = {("hookline.agent.turn", "Turn"), ("hookline.agent.turn_view", "TurnView")}
STORE_WRITES = frozenset(
    {
        "append_messages",
        "compare_and_set_metadata",
        "create_conversation",
        "delete_conversation",
        "replace_messages",
        "settle_tool_calls",
        "start_tool_call",
        "update_metadata",
    }
)
STORE_READS = frozenset(
    {
        "close",
        "get_conversation",
        "hidden_conversations",
        "list_conversations",
        "pending_approval",
        "pending_approvals",
        "tool_calls",
        "turn_lock",
    }
)
USER = User(id="default", username="default")


# -- nobody else assigns a Turn's attributes ------------------------------------------


def _turn_type_names(tree: ast.Module) -> set[str]:
    """The names this module gives ``Turn`` and ``TurnView`` (aliases included)."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            for alias in node.names:
                if (node.module, alias.name) in TURN_TYPES:
                    names.add(alias.asname or alias.name)
    return names


def _turn_factories(tree: ast.Module, types: set[str]) -> set[str]:
    """What makes a turn when called: the types, and the functions that return one."""
    return types | {
        node.name
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and _is_turn(node.returns, types)
    }


def _is_turn(annotation: ast.expr | None, types: set[str]) -> bool:
    if annotation is None:
        return False
    text = ast.unparse(annotation)
    return any(re.search(rf"\b{name}\b", text) for name in types)


def _makes_turn(value: ast.expr | None, factories: set[str], typed: set[str]) -> bool:
    """``value`` is a turn: ``Turn(...)``, a call of a function (or method) that returns
    one, or a name known to hold one."""
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Name):
        return value.func.id in factories
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute):
        return value.func.attr in factories
    return isinstance(value, ast.Name) and value.id in typed


def _targets(node: ast.AST) -> Iterator[ast.expr]:
    """The targets ``node`` assigns, tuples unpacked."""
    if isinstance(node, ast.Assign):
        pending = list(node.targets)
    elif isinstance(node, ast.AugAssign | ast.AnnAssign):
        pending = [node.target]
    else:
        return
    while pending:
        target = pending.pop()
        if isinstance(target, ast.Tuple | ast.List):
            pending.extend(target.elts)
        elif isinstance(target, ast.Starred):
            pending.append(target.value)
        else:
            yield target


def _typed_names(
    func: ast.FunctionDef | ast.AsyncFunctionDef, types: set[str], factories: set[str]
) -> set[str]:
    """The local names of ``func`` that hold a turn: annotated parameters, and names
    annotated with or assigned a turn."""
    arguments = [*func.args.posonlyargs, *func.args.args, *func.args.kwonlyargs]
    typed = {a.arg for a in arguments if _is_turn(a.annotation, types)}
    for node in ast.walk(func):
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            if _is_turn(node.annotation, types) or _makes_turn(node.value, factories, typed):
                typed.add(node.target.id)
        elif isinstance(node, ast.Assign) and _makes_turn(node.value, factories, typed):
            typed.update(t.id for t in node.targets if isinstance(t, ast.Name))
    return typed


def _self_attribute(target: ast.expr) -> str | None:
    """``x`` for the target ``self.x``."""
    if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name):
        return target.attr if target.value.id == "self" else None
    return None


def _turn_attributes(cls: ast.ClassDef, types: set[str], factories: set[str]) -> set[str]:
    """The attributes of ``cls``'s instances that hold a turn (``self.turn``)."""
    held = {
        node.target.id
        for node in cls.body
        if isinstance(node, ast.AnnAssign)
        and isinstance(node.target, ast.Name)
        and _is_turn(node.annotation, types)
    }
    for func in ast.walk(cls):
        if not isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        typed = _typed_names(func, types, factories)
        for node in ast.walk(func):
            value = node.value if isinstance(node, ast.Assign | ast.AnnAssign) else None
            annotated = isinstance(node, ast.AnnAssign) and _is_turn(node.annotation, types)
            if annotated or _makes_turn(value, factories, typed):
                held.update(a for t in _targets(node) if (a := _self_attribute(t)) is not None)
    return held


def _holds_turn(value: ast.expr, typed: set[str], attributes: set[str]) -> bool:
    """``value`` (what an assigned attribute belongs to) is a turn."""
    if isinstance(value, ast.Name):
        return value.id in typed
    return _self_attribute(value) in attributes


def _is_setattr(node: ast.AST) -> TypeGuard[ast.Call]:
    if not isinstance(node, ast.Call) or not node.args:
        return False
    return isinstance(node.func, ast.Name) and node.func.id == "setattr"


def turn_assignments(source: str) -> list[str]:
    """Each assignment to an attribute of a turn in ``source``, as ``"line: target"``.

    A turn is a parameter or variable annotated ``Turn`` / ``TurnView`` (under any
    alias), a name assigned ``Turn(...)`` or what a function of the module annotated to
    return a turn returns, or an attribute of ``self`` that holds one.
    ``setattr(turn, ...)`` counts too.
    """
    tree = ast.parse(source)
    types = _turn_type_names(tree)
    if not types:
        return []
    factories = _turn_factories(tree, types)
    attributes: set[str] = set()
    for cls in ast.walk(tree):
        if isinstance(cls, ast.ClassDef):
            attributes |= _turn_attributes(cls, types, factories)
    found: list[str] = []
    for func in ast.walk(tree):
        if not isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        typed = _typed_names(func, types, factories)
        for node in ast.walk(func):
            if not isinstance(node, ast.stmt | ast.expr):
                continue
            assigned = [
                t
                for t in _targets(node)
                if isinstance(t, ast.Attribute) and _holds_turn(t.value, typed, attributes)
            ]
            found.extend(f"{node.lineno}: {ast.unparse(target)}" for target in assigned)
            if _is_setattr(node) and _holds_turn(node.args[0], typed, attributes):
                found.append(f"{node.lineno}: {ast.unparse(node)}")
    return sorted(set(found), key=lambda line: int(line.split(":")[0]))


def test_no_module_but_turn_py_assigns_an_attribute_of_a_turn() -> None:
    offenders = {}
    for path in sorted(SRC.rglob("*.py")):
        if path == SRC / "agent" / "turn.py":
            continue
        found = turn_assignments(path.read_text(encoding="utf-8"))
        if found:
            offenders[str(path.relative_to(SRC))] = found
    assert offenders == {}


def test_the_ownership_check_finds_each_way_of_assigning_a_turn_attribute() -> None:
    source = """
from hookline.agent.turn import Turn
from hookline.agent.turn_view import TurnView as View

def step(turn: Turn, other: "View | None", mark: object) -> None:
    turn.approver = 1
    other.decisions, count = {}, 2
    turn.iteration += 1
    mark.x = 1  # not a turn
    built = Turn(agent, context, "hi")
    built.finished = True
    setattr(turn, "paused", True)
    resumed = make_turn()
    resumed.approver = None

def make_turn() -> Turn: ...

class Holder:
    kept: Turn

    def __init__(self, turn: Turn) -> None:
        self.turn = turn

    def go(self) -> None:
        self.turn.decisions = {}
        self.kept.error = "x"
        self.other = 1
"""
    assert turn_assignments(source) == [
        "6: turn.approver",
        "7: other.decisions",
        "8: turn.iteration",
        "11: built.finished",
        "12: setattr(turn, 'paused', True)",
        "14: resumed.approver",
        "25: self.turn.decisions",
        "26: self.kept.error",
    ]


# -- every store write of a turn through TurnWriter --------------------------------------


def test_every_store_method_is_known_as_a_read_or_a_write() -> None:
    """A new store method must be sorted here: a write belongs in ``TurnWriter``."""
    methods = {
        name
        for name, member in inspect.getmembers(ConversationStore, callable)
        if not name.startswith("_") and name in vars(ConversationStore)
    }
    assert methods == STORE_WRITES | STORE_READS


def test_only_saving_py_calls_a_store_write_method_in_the_agent_package() -> None:
    callers = {}
    for path in sorted((SRC / "agent").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        calls = sorted(
            node.func.attr
            for node in ast.walk(tree)
            if isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in STORE_WRITES
        )
        if calls:
            callers[path.name] = calls
    assert set(callers) == {"saving.py"}
    assert set(callers["saving.py"]) == STORE_WRITES - {"delete_conversation"}


class SpyStore(MemoryConversationStore):
    """A memory store that records which module calls each of its write methods."""

    def __init__(self) -> None:
        super().__init__()
        self.writes: list[tuple[str, str]] = []  # (caller module, method)
        self.recording = False
        for name in STORE_WRITES:
            setattr(self, name, self._spy(name, getattr(self, name)))

    def _spy(self, name: str, write: Callable[..., Awaitable[Any]]) -> Callable[..., Any]:
        def spied(*args: Any, **kwargs: Any) -> Awaitable[Any]:
            caller = sys._getframe(1).f_globals["__name__"]
            if self.recording and not caller.startswith("hookline.storage"):
                self.writes.append((caller, name))
            return write(*args, **kwargs)

        return spied


@tool
async def refund(order: int) -> str:
    """Refund an order."""
    return f"refunded {order}"


def needs_approval(event: Event[BeforeToolCallEvent]) -> None:
    if not event.data.approved:
        event.data.defer_reason = "Refunds need a human."


def reset_command(event: Event[HandleMessageEvent]) -> None:
    async def forget(conversation: Conversation) -> None:
        conversation.messages.clear()

    if event.data.message == "/reset":
        event.data.handled = True
        event.data.components = []
        event.data.conversation_mutation = forget


async def cut_off_turn(store: SpyStore) -> None:
    """Conversation c0: a user's message and a call the ledger shows ``started``."""
    await store.create_conversation(USER, conversation_id="c0")
    await store.append_messages("c0", USER, [Message(role="user", content="mail it")])
    entry = LedgerEntry(
        conversation_id="c0", turn_id="t0", call_id="m1", tool="send_mail", arguments={}
    )
    await store.start_tool_call(USER, entry)


async def test_every_write_of_every_kind_of_turn_comes_from_the_turn_writer() -> None:
    """A paused turn, its resume (claim, ledger, save), a recovered turn and a workflow's
    change: each store write is called from ``hookline.agent.saving``."""
    store = SpyStore()
    await cut_off_turn(store)
    script = [
        LlmResponse(tool_calls=[ToolCall(id="r1", name="refund", arguments={"order": 7})]),
        text_reply("Refunded."),
        text_reply("Noted."),
    ]
    agent = Agent(
        ScriptedLlmService(script),
        tool_registry=ToolRegistry([refund]),
        conversation_store=store,
        config=AgentConfig(tool_ledger=True),
    )
    agent.hooks.on(BeforeToolCallEvent, needs_approval)
    agent.hooks.on(HandleMessageEvent, reset_command)
    store.recording = True

    paused = await agent.run("refund order 7", conversation_id="c1", user=USER)
    resumed = await agent.resume("c1", {"r1": approve()}, user=USER)
    recovered = await agent.run("and now?", conversation_id="c0", user=USER)
    reset = await agent.run("/reset", conversation_id="c1", user=USER)

    assert (paused.paused, resumed.text, recovered.text, reset.text) == (
        True,
        "Refunded.",
        "Noted.",
        "",
    )
    assert {caller for caller, _ in store.writes} == {"hookline.agent.saving"}
    assert {method for _, method in store.writes} == STORE_WRITES - {"delete_conversation"}


# -- the outcome --------------------------------------------------------------------------


async def drained(agent: Agent, message: str, **kwargs: Any) -> Turn:
    turn = Turn(agent, RequestContext(), message, user=USER, **kwargs)
    async for _ in turn.run():
        pass
    return turn


def flags(turn: Turn) -> tuple[TurnOutcome | None, bool, bool, bool]:
    return turn.outcome, turn.halted, turn.failed, turn.paused


async def test_a_turn_the_model_answers_is_completed() -> None:
    turn = await drained(Agent(ScriptedLlmService([text_reply("Hi.")])), "hello")
    assert flags(turn) == (TurnOutcome.COMPLETED, False, False, False)


async def test_a_turn_whose_call_waits_for_a_reviewer_is_paused() -> None:
    call = LlmResponse(tool_calls=[ToolCall(id="r1", name="refund", arguments={"order": 7})])
    agent = Agent(ScriptedLlmService([call]), tool_registry=ToolRegistry([refund]))
    agent.hooks.on(BeforeToolCallEvent, needs_approval)
    turn = await drained(agent, "refund order 7")
    assert flags(turn) == (TurnOutcome.PAUSED, False, False, True)
    assert [p.call.id for p in turn.pending.calls] == ["r1"]


async def test_an_agent_error_halts_the_turn() -> None:
    def refuse(event: Event[MessageReceivedEvent]) -> None:
        raise AgentError("Not today.")

    agent = Agent(ScriptedLlmService([]))
    agent.hooks.on(MessageReceivedEvent, refuse)
    turn = await drained(agent, "hello")
    assert flags(turn) == (TurnOutcome.HALTED, True, False, False)
    assert turn.error == "Not today."


async def test_an_unexpected_exception_fails_the_turn() -> None:
    def crash(event: Event[MessageReceivedEvent]) -> None:
        raise RuntimeError("bug")

    agent = Agent(ScriptedLlmService([]))
    agent.hooks.on(MessageReceivedEvent, crash)
    turn = await drained(agent, "hello")
    assert flags(turn) == (TurnOutcome.FAILED, False, True, False)
    assert isinstance(turn.exception, RuntimeError)


async def test_a_workflow_answer_short_circuits_the_turn() -> None:
    agent = Agent(ScriptedLlmService([]))
    agent.hooks.on(HandleMessageEvent, reset_command)
    turn = await drained(agent, "/reset")
    assert flags(turn) == (TurnOutcome.SHORT_CIRCUITED, False, False, False)


async def test_a_resumed_turn_gets_its_approver_when_it_is_built() -> None:
    manager = User(id="max", username="max")
    turn = Turn(
        Agent(ScriptedLlmService([])),
        RequestContext(),
        "",
        "c1",
        decisions={"r1": approve()},
        approver=manager,
    )
    assert (turn.approver, turn.outcome) == (manager, None)
    with pytest.raises(AttributeError):
        turn.paused = True  # type: ignore[misc]
