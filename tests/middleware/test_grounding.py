"""GroundedAnswerGuardrail: a number or name the turn's tool results do not hold never
reaches the client, split across chunks or not; a grounded answer passes untouched; the
stored conversation is what was shown and stays valid; the data agent's own answers pass."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from hookline import (
    Agent,
    AgentConfig,
    Event,
    LlmRequest,
    LlmResponse,
    LlmService,
    LlmStreamChunk,
    MemoryConversationStore,
    RequestContext,
    ToolCall,
    ToolRegistry,
    tool,
)
from hookline.agent.system_prompt import DefaultSystemPromptBuilder
from hookline.components import RichTextComponent
from hookline.durable.dbos_steps import OUTERMOST
from hookline.events import GuardrailTrippedEvent, TextDeltaEvent
from hookline.hooks.events import MODEL_CALL, ModelCallNext
from hookline.hooks.registry import HookProvider, HookRegistry
from hookline.llm.scripted import ScriptedLlmService, text_reply, tool_call_reply
from hookline.middleware.grounding import (
    DEFAULT_GROUNDING_NOTE,
    GroundedAnswerGuardrail,
    GroundedTextStream,
)
from hookline.middleware.grounding_terms import Grounding
from hookline.middleware.sql_planner import PlannerMode, SqlPlannerMiddleware
from hookline.sql import SqliteRunner, ensure_sample_database
from hookline.sql.catalog import SqlCatalog
from hookline.sql.linking import Abstention, read_question
from hookline.sql.refusals import FREE_TEXT
from hookline.sql.schema_prompt import SchemaAwareSystemPromptBuilder
from hookline.tools.builtin import RunSqlTool
from hookline.users.models import User

USER = User(id="ada", username="ada")
SQL = "SELECT SUM(amount) AS revenue FROM payments"
RESULT = "revenue\n512340.75\n(1 row)"
INVENTED = "The total revenue is 632,008.25 for the year."
GROUNDED = "The total revenue is 512,340.75 (about 512k), from 1 query."
NOTE = DEFAULT_GROUNDING_NOTE.replace("{kind}", "number") + f"\n\nThe last query was:\n\n{SQL}"


@tool
async def run_sql(sql: str) -> str:
    """Runs a query (here: always the same result)."""
    return RESULT


QUERY = None
"""A step of ``Pieces``: call ``run_sql``."""


class Pieces(LlmService):
    """Replays its steps: ``QUERY`` (a run_sql call) or an answer streamed in exactly the
    given pieces."""

    def __init__(self, steps: Sequence[Sequence[str] | None]) -> None:
        self.steps = [None if s is None else list(s) for s in steps]
        self.requests: list[LlmRequest] = []

    def _next(self, request: LlmRequest) -> LlmResponse | list[str]:
        self.requests.append(request)
        step = self.steps.pop(0)
        if step is None:
            call = ToolCall(id=f"c{len(self.requests)}", name="run_sql", arguments={"sql": SQL})
            return LlmResponse(tool_calls=[call], finish_reason="tool_calls")
        return step

    async def send_request(self, request: LlmRequest) -> LlmResponse:
        step = self._next(request)
        return step if isinstance(step, LlmResponse) else LlmResponse(content="".join(step))

    async def stream_request(self, request: LlmRequest) -> AsyncIterator[LlmStreamChunk]:
        step = self._next(request)
        if isinstance(step, LlmResponse):
            yield LlmStreamChunk(tool_calls=step.tool_calls, finish_reason="tool_calls")
            return
        for piece in step:
            yield LlmStreamChunk(content=piece)
        yield LlmStreamChunk(finish_reason="stop")


def guarded(llm: LlmService, *, stream: bool = True, **options: Any) -> Agent:
    return Agent(
        llm,
        tool_registry=ToolRegistry([run_sql]),
        conversation_store=MemoryConversationStore(),
        config=AgentConfig(stream=stream),
        middleware=[GroundedAnswerGuardrail(**options)],
    )


def shown_text(components: Sequence[Any]) -> str:
    return "".join(
        c.rich_component.content
        for c in components
        if isinstance(c.rich_component, RichTextComponent)
    )


async def stored(agent: Agent, conversation_id: str) -> list[tuple[str, str | None]]:
    conversation = await agent.conversation_store.get_conversation(conversation_id, USER)
    assert conversation is not None
    return [(m.role, m.content) for m in conversation.messages]


def assert_withheld(text: str, before: str, note: str) -> None:
    """``text`` is at most ``before`` (what came before the withheld value), then ``note``."""
    assert text.endswith(note), text
    head = text.removesuffix(note)
    assert head == "" or (head.endswith("\n\n") and before.startswith(head[:-2])), text


def two_cuts(text: str) -> list[list[str]]:
    """``text`` cut in three pieces at every pair of places around the invented number."""
    start = text.index("632")
    spots = range(start - 3, start + len("632,008.25") + 2)
    return [[text[:a], text[a:b], text[b:]] for a in spots for b in spots if a < b]


async def test_an_invented_number_split_across_chunks_never_reaches_the_client() -> None:
    for pieces in [["The total revenue is 63", "2,008.25 for the year."], *two_cuts(INVENTED)]:
        agent = guarded(Pieces([QUERY, pieces]))
        deltas: list[str] = []
        tripped: list[tuple[str, str]] = []

        def seen(event: Event[TextDeltaEvent], deltas: list[str] = deltas) -> None:
            deltas.append(event.data.text)

        agent.hooks.on(TextDeltaEvent, seen)

        def stopped(event: Event[GuardrailTrippedEvent], t: list[Any] = tripped) -> None:
            t.append((event.data.guardrail, event.data.reason or ""))

        agent.hooks.on(GuardrailTrippedEvent, stopped)
        components = [
            c async for c in agent.send_message(RequestContext(), "Revenue?", "c-1", user=USER)
        ]

        shown = shown_text(components)
        assert_withheld(shown, "The total revenue is ", NOTE)
        assert "".join(deltas) == shown
        assert "63" not in shown.replace(SQL, "")
        assert tripped == [("grounded_answer", "an ungrounded number")]
        assert await stored(agent, "c-1") == [
            ("user", "Revenue?"),
            ("assistant", None),
            ("tool", RESULT),
            ("assistant", shown),
        ]


async def test_a_grounded_answer_passes_untouched_however_it_is_split() -> None:
    cuts = [[GROUNDED[:i], GROUNDED[i:j], GROUNDED[j:]] for i in range(1, 40, 3) for j in (45, 52)]
    for pieces in cuts:
        agent = guarded(Pieces([QUERY, pieces]))
        components = [
            c async for c in agent.send_message(RequestContext(), "Revenue?", "c-2", user=USER)
        ]
        assert shown_text(components) == GROUNDED, pieces
        assert (await stored(agent, "c-2"))[-1] == ("assistant", GROUNDED)


async def test_an_answer_that_does_not_stream_is_checked_whole() -> None:
    agent = guarded(Pieces([QUERY, [INVENTED], QUERY, [GROUNDED]]), stream=False)

    invented = await agent.run("Revenue?", conversation_id="c-3", user=USER)
    grounded = await agent.run("And now?", conversation_id="c-3", user=USER)

    assert invented.text == NOTE  # nothing of the invented answer, not even its start
    assert grounded.text == GROUNDED
    assert [role for role, _ in await stored(agent, "c-3")] == [
        "user", "assistant", "tool", "assistant", "user", "assistant", "tool", "assistant",
    ]  # fmt: skip


async def test_numbers_from_an_earlier_turn_are_not_grounding() -> None:
    agent = guarded(Pieces([QUERY, [GROUNDED], ["Last time it was 512,340.75."]]))
    await agent.run("Revenue?", conversation_id="c-4", user=USER)
    again = await agent.run("What was it?", conversation_id="c-4", user=USER)
    assert_withheld(
        again.text, "Last time it was ", DEFAULT_GROUNDING_NOTE.replace("{kind}", "number")
    )


@pytest.mark.parametrize(
    ("answer", "before"),
    [
        ("The top customer is Alice Smith.", "The top customer is "),
        ("Weather in Paris: Sunny Skies all day.", "Weather in Paris: "),
    ],
    ids=["person", "place-in-question"],
)
async def test_an_invented_name_is_withheld_too(answer: str, before: str) -> None:
    agent = guarded(Pieces([QUERY, [answer[:9], answer[9:]]]))
    result = await agent.run("Who buys most in Paris?", user=USER)
    note = DEFAULT_GROUNDING_NOTE.replace("{kind}", "name")
    assert_withheld(result.text, before, f"{note}\n\nThe last query was:\n\n{SQL}")


async def test_names_from_the_question_and_the_system_prompt_pass() -> None:
    answer = "Sales from Payments In Berlin: 512,340.75 (Revenue)."
    agent = Agent(
        Pieces([QUERY, [answer]]),
        tool_registry=ToolRegistry([run_sql]),
        system_prompt_builder=DefaultSystemPromptBuilder("Tables: payments(amount)"),
        config=AgentConfig(stream=True),
        middleware=[GroundedAnswerGuardrail()],
    )
    result = await agent.run("What was revenue in berlin?", user=USER)
    assert result.text == answer


async def test_a_text_answer_without_any_tool_has_no_numbers_to_stand_on() -> None:
    replies = {"Hello": "Hello! Ask me about your data.", "How many": "The answer is 8."}

    class Talker(LlmService):
        async def send_request(self, request: LlmRequest) -> LlmResponse:
            question = request.messages[-1].content or ""
            return LlmResponse(content=next(v for k, v in replies.items() if k in question))

    agent = Agent(Talker(), middleware=[GroundedAnswerGuardrail()])
    hello = await agent.run("Hello", user=USER)
    guess = await agent.run("How many people have a loyalty tier?", user=USER)
    echo = await agent.run("How many is 8 plus nothing?", user=USER)

    assert hello.text == "Hello! Ask me about your data."
    # no query ran: no SQL in the note
    assert_withheld(
        guess.text, "The answer is ", DEFAULT_GROUNDING_NOTE.replace("{kind}", "number")
    )
    assert echo.text == "The answer is 8."  # the question's own numbers are grounding


@pytest.mark.parametrize(
    ("text", "missing"),
    [
        ("632,008.25", None),
        ("632008.25", None),
        ("632,008.3", None),
        ("632,008", None),
        ("632k", None),
        ("0.63 million", None),
        ("632,009", "number"),
        ("632,008.35", "number"),
        ("45%", None),
        ("46%", "number"),
        ("the 3rd", None),
        ("the 11th", "number"),
        ("1. First\n2) Second", None),
        ("Q3 and address2", None),
        ("2010-05-03", None),
        ("in 2011", "number"),
        ("Orders by Unit Price", None),
        ("sold to Alice Smith", "name"),
        ("Hugging Face made it", "name"),
        ("Paris is nice", None),
    ],
)
def test_what_counts_as_grounded(text: str, missing: str | None) -> None:
    grounding = Grounding.of(
        numbers=["total | share\n632008.25 | 0.45\n(1 row)", "What happened on 2010-05-03?"],
        names=["orders(order_id INTEGER, UnitPrice REAL)"],
    )
    assert grounding.missing(text) == missing


def test_the_numbers_of_a_results_names_ground_the_answer_that_spells_them() -> None:
    """A table named ``iso_4217`` is shown as "iso 4217": its number is the result's own."""
    grounding = Grounding.of(numbers=["iso_4217 | sales_2023\n181 | 7\n(1 row)"])
    assert grounding.missing("The answer is **181** (iso 4217), sales 2023: 7.") is None
    assert grounding.missing("The answer is 181 (iso 4218).") == "number"


def test_the_stream_holds_back_only_what_could_still_grow() -> None:
    stream = GroundedTextStream(Grounding.of(numbers=["n\n632008\n(1 row)"]))
    assert stream.feed("There are 63") == "There are "
    assert stream.feed("2,008 orders") == ""  # "632,008 " may yet be "632,008 million"
    assert stream.feed(" in all.") == "632,008 orders in "
    assert stream.flush() == "all."


def data_agent(runner: SqliteRunner, llm: LlmService, mode: PlannerMode) -> Agent:
    planner = SqlPlannerMiddleware(runner, max_sql_retries=1, mode=mode)
    return Agent(
        llm,
        tool_registry=ToolRegistry([RunSqlTool(runner)]),
        conversation_store=MemoryConversationStore(),
        config=AgentConfig(stream=True),
        middleware=[planner, GroundedAnswerGuardrail(grounding=planner.grounding)],
    )


async def test_the_data_agents_own_answers_pass_the_guardrail(tmp_path: Path) -> None:
    runner = SqliteRunner(ensure_sample_database(tmp_path / "sample.sqlite3"))
    agent = data_agent(runner, Pieces([]), "answer")
    count = await agent.run("How many customers live in Italy?", user=USER)
    top = await agent.run("What are the 3 most expensive products?", user=USER)
    tables = await agent.run("What tables are there?", user=USER)
    unknown = await agent.run("Tell me something about the data", user=USER)
    broken = [tool_call_reply("run_sql", {"sql": f"SELECT nope{n} FROM customers"}) for n in "12"]
    writer = ScriptedLlmService([*broken, text_reply("Probably 17 of them.")])
    # hint mode: the model writes the SQL (in answer mode the planner abstains on this one)
    gave_up = await data_agent(runner, writer, "hint").run(
        "Tell me something about the data", user=USER
    )
    assert count.text == "The answer is **35** (customers)."
    assert top.text == (
        "The top 3: **Classic Keyboard** (348.95), **Classic Monitor** (299.69), "
        "**Deluxe Headphones** (294.61)."
    )
    assert tables.text.startswith("The database has 4 tables: **customers**")
    assert unknown.text == FREE_TEXT  # free text in English: declined as such
    assert gave_up.text.startswith("I could not answer that: 2 queries failed or found nothing.")
    assert gave_up.text.endswith("no such column: nope2")


@pytest.mark.parametrize(
    "question",
    [
        "How many customers have a loyalty tier of gold?",
        "¿Cuántos clientes hay en Italia?",
        "How many orders will be placed next year?",
        "Summarize this: our customers love the new catalogue.",
        "Tell me the customer count",
    ],
)
async def test_the_planners_abstentions_pass_the_guardrail_whole(
    tmp_path: Path, question: str
) -> None:
    runner = SqliteRunner(ensure_sample_database(tmp_path / "sample.sqlite3"))
    catalog = await SqlCatalog.load(runner)
    said = read_question(question, catalog)
    assert isinstance(said, Abstention) and not said.small_talk
    agent = data_agent(runner, Pieces([]), "answer")
    deltas: list[str] = []
    agent.hooks.on(TextDeltaEvent, lambda e: deltas.append(e.data.text))

    result = await agent.run(question, user=USER)

    assert result.text == said.message  # "English" is no invented name
    assert "".join(deltas) == said.message


@pytest.mark.parametrize(
    "answer",
    [
        "Revenue: **632,008.25**.",
        "| year | revenue |\n|---|---|\n| 2023 | 632008 |",
        "About $632k in all.",
        "Revenue was `632008.25` exactly.",
        "Revenue was 632 008 (spaces).",
        "Revenue was \uff16\uff13\uff12,\uff10\uff10\uff18.",
        "The best customer is Dana Whitfield.",
    ],
    ids=["bold", "table", "currency-k", "code", "spaced", "fullwidth", "name"],
)
async def test_an_invented_value_in_any_dress_is_withheld_at_every_split(answer: str) -> None:
    secret = next(part for part in ("632", "\uff16\uff13\uff12", "Dana") if part in answer)
    for cut in range(1, len(answer)):
        agent = guarded(Pieces([QUERY, [answer[:cut], answer[cut:]]]))
        deltas: list[str] = []
        agent.hooks.on(TextDeltaEvent, lambda e, d=deltas: d.append(e.data.text))  # type: ignore[misc]
        result = await agent.run("Revenue?", user=USER)
        assert secret not in "".join(deltas) and secret not in result.text, (cut, result.text)
        assert "I could not answer that" in result.text


CATEGORIES = "The products fall into six categories, from Books to Toys."
"""Names the planner's prompt shows the model (the category values), not the turn's own."""


class Replayed(HookProvider):
    """The answer given back without the call, as a durable turn's replayed model step."""

    def __init__(self, answer: str) -> None:
        self.answer = answer

    def register_hooks(self, registry: HookRegistry) -> None:
        registry.wrap(MODEL_CALL, self.replay, priority=OUTERMOST)

    async def replay(self, request: LlmRequest, call_next: ModelCallNext) -> LlmResponse:
        return LlmResponse(content=self.answer, finish_reason="stop")


def hinted_agent(tmp_path: Path, answer: str, *, replayed: bool, prompt: bool = True) -> Agent:
    """The data agent in hint mode whose model says ``answer`` (streamed in two pieces, or
    replayed whole); the guardrail takes the planner's prompt (``prompt``) or not."""
    runner = SqliteRunner(ensure_sample_database(tmp_path / "sample.sqlite3"))
    planner = SqlPlannerMiddleware(runner, mode="hint")
    sent = planner.sent_prompt if prompt else None
    layers: list[Any] = [planner, GroundedAnswerGuardrail(grounding=planner.grounding, prompt=sent)]
    llm = Pieces([] if replayed else [[answer[:30], answer[30:]]])
    return Agent(
        llm,
        tool_registry=ToolRegistry([RunSqlTool(runner)]),
        conversation_store=MemoryConversationStore(),
        config=AgentConfig(stream=True),
        system_prompt_builder=SchemaAwareSystemPromptBuilder(runner),
        middleware=[*layers, Replayed(answer)] if replayed else layers,
    )


@pytest.mark.parametrize("replayed", [False, True], ids=["streamed", "replayed"])
async def test_names_the_planners_prompt_showed_pass_whether_the_call_ran_or_was_replayed(
    tmp_path: Path, replayed: bool
) -> None:
    agent = hinted_agent(tmp_path, CATEGORIES, replayed=replayed)

    result = await agent.run("Break the products down by category", user=USER)

    assert result.text == CATEGORIES
    assert await stored(agent, result.conversation_id) == [
        ("user", "Break the products down by category"),
        ("assistant", CATEGORIES),
    ]


async def test_a_replayed_answer_checked_without_the_planners_prompt_loses_its_names(
    tmp_path: Path,
) -> None:
    """Why the guardrail takes ``prompt``: the turn's own request has no category values."""
    agent = hinted_agent(tmp_path, CATEGORIES, replayed=True, prompt=False)

    result = await agent.run("Break the products down by category", user=USER)

    assert result.text == DEFAULT_GROUNDING_NOTE.replace("{kind}", "name")  # checked whole


@pytest.mark.parametrize("replayed", [False, True], ids=["streamed", "replayed"])
async def test_a_name_in_no_prompt_is_withheld_streamed_or_replayed(
    tmp_path: Path, replayed: bool
) -> None:
    invented = "The products fall into six categories, from Books to Zithers."
    agent = hinted_agent(tmp_path, invented, replayed=replayed)

    result = await agent.run("Break the products down by category", user=USER)

    assert "Zithers" not in result.text
    assert result.text.endswith(DEFAULT_GROUNDING_NOTE.replace("{kind}", "name"))
