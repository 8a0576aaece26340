"""SqlPlannerMiddleware: the runtime answers the questions it can read, the model the rest.

A question about the database is linked to a ``QueryPlan`` (``hookline.sql.linking``):
the kind of answer, the measure, the grouping, the values it filters by — all from the
database's own schema and values.  When the question links, the middleware answers the
first model call itself with a ``run_sql`` call of the compiled SQL (the tool runs as
any other: its line, its table, the query log, approvals), and the call after the tool
with an answer built from the rows it returned: every number in the text comes from the
result, and a failed query is said plainly, with its SQL.  A question the linker does
not fully understand gets its honest "I don't know what 'X' means in this database" —
never an answer built from part of it (``read_question``); small talk and a chart
request ("Chart the categories") go to the model.  A question about the schema itself
("What tables are there?", "What columns does orders have?", "Describe the database") is
answered from the schema, without a query or the model
(``hookline.sql.schema_questions``).

The planner's role is its ``mode``: ``"answer"`` (the default, for a small embedded
model) answers linked questions itself, as above; ``"hint"`` (for a capable model)
gives the model the plan's SQL (or what the planner did not understand) as a hint in
its system prompt and lets it decide what
to run, so a misread question does not preempt a model that reads it right; ``"off"``
plans nothing (schema questions go to the model too).  In every mode the model's
prompt shows the tables the question is about, the example pairs most like it and the
database's documentation.

Example::

    agent = Agent(llm, tool_registry=ToolRegistry([RunSqlTool(runner)]),
                  middleware=[SqlPlannerMiddleware(runner, mode="hint")])
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal, get_args

from hookline.components.rich import DataFrameComponent
from hookline.hooks.events import ModelCallNext, ToolCallNext, ToolInvocation
from hookline.llm.models import TOOL_CHOICE_KEY, LlmMessage, LlmRequest, LlmResponse, ToolCall
from hookline.middleware.base import AgentMiddleware
from hookline.sql.catalog import SqlCatalog
from hookline.sql.documentation import combined_documentation
from hookline.sql.examples import SqlExamples, examples_prompt
from hookline.sql.linking import Abstention, asks_for_chart, read_question
from hookline.sql.plan import QueryPlan, compile_plan
from hookline.sql.question_tables import linked_tables
from hookline.sql.runner import DatabaseSchema, SqlRunner
from hookline.sql.schema_prompt import format_schema, replace_schema
from hookline.sql.schema_questions import schema_answer, schema_facts
from hookline.sql.words import identifier_words
from hookline.storage.models import Message
from hookline.tools.result import ToolResult

__all__ = ["PLANNER_MODES", "PlannerMode", "SqlPlannerMiddleware"]

PlannerMode = Literal["answer", "hint", "off"]
"""What the planner does with a question it links (see the module doc)."""
PLANNER_MODES: tuple[PlannerMode, ...] = get_args(PlannerMode)

logger = logging.getLogger(__name__)
CALL_PREFIX = "plan_"
NO_ROWS = "(no rows)"
"""How ``run_sql`` tells the model a query found nothing (``format_result_for_llm``)."""
VALUES_SHOWN = 12
"""Values of a short-listed text column shown to the model (schema linking)."""
HINT = (
    "The runtime's planner read the question as the query below. It may have misread "
    "it: run it if it answers the whole question, otherwise write your own query.\n"
)
ABSTAINED = (
    "The runtime's planner could not read the whole question; say so rather than guess "
    "if the schema does not answer it either:\n"
)
DOCS = "What the owner of this database wrote about it:\n"


@dataclass(kw_only=True)
class _Planned:
    plan: QueryPlan
    sql: str
    result: ToolResult | None = None


class SqlPlannerMiddleware(AgentMiddleware):
    """Plans, compiles and answers questions about ``runner``'s database (see module doc).

    ``tool_name`` is the SQL tool the planned call goes to (``RunSqlTool``'s name).
    When the model writes the SQL itself, its system prompt shows only the tables the
    question is about (with their columns' values) and the ``example_count`` pairs of
    ``examples`` most like the question; a failed query goes back
    to it with the error, and so does an empty result (``max_sql_retries`` more tries in a
    turn, counted only while the queries keep failing or finding nothing); then the turn ends
    with an honest "I could not answer that" and the last SQL tried, never with an
    invented answer.  A text reply right after a failed or empty query ends the turn the
    same way: it has no rows behind it (that reply is taken whole, never streamed).
    ``mode`` is the planner's role (see the module doc); ``documentation`` is text about
    the database (``hookline train --doc``), shown to the model after the schema, at most
    ``doc_chars`` characters of it.
    """

    def __init__(
        self,
        runner: SqlRunner,
        *,
        tool_name: str = "run_sql",
        max_sql_retries: int = 2,
        examples: SqlExamples | None = None,
        example_count: int = 3,
        mode: PlannerMode = "answer",
        documentation: Sequence[str] = (),
        doc_chars: int = 4000,
    ) -> None:
        if mode not in PLANNER_MODES:
            raise ValueError(f"planner mode {mode!r}: use one of {', '.join(PLANNER_MODES)}")
        self.mode = mode
        self.documentation = tuple(documentation)
        self.docs = combined_documentation(self.documentation)
        self.doc_chars = doc_chars
        self.runner = runner
        self.tool_name = tool_name
        self.max_sql_retries = max_sql_retries
        self.examples = examples
        self.example_count = example_count
        self._catalog: SqlCatalog | None = None
        self._loading = asyncio.Lock()
        self._planned: dict[str, _Planned] = {}
        self._facts: str | None = None

    async def catalog(self) -> SqlCatalog:
        """The database's catalog, read once."""
        async with self._loading:
            if self._catalog is None:
                self._catalog = await SqlCatalog.load(self.runner, docs=self.docs)
            return self._catalog

    async def grounding(self, request: LlmRequest) -> str:
        """What the planner's own answers are made of: the schema's names, types and
        counts, and its abstention for the question asked (in answer mode) — the grounding
        an answer checker (``GroundedAnswerGuardrail(grounding=...)``) adds."""
        if self._facts is None:
            self._facts = schema_facts((await self.catalog()).schema)
        last = request.messages[-1] if request.messages else None
        if self.mode == "answer" and last is not None and last.role == "user" and last.content:
            reading = await self._read(last.content)
            if isinstance(reading, Abstention):
                return f"{self._facts}\n{reading.message}"
        return self._facts

    async def sent_prompt(self, request: LlmRequest) -> str:
        """The system prompt ``wrap_model_call`` sends the model for ``request`` (its
        linked schema and values, documentation, examples and hint) — what an answer
        checker (``GroundedAnswerGuardrail(prompt=...)``) takes names from, whether or not
        the call ran in this process."""
        last = request.messages[-1] if request.messages else None
        question = last.content if last is not None and last.role == "user" else None
        hint = await self._hint(question) if question and self.mode == "hint" else ""
        return (await self._for_the_model(request, hint)).system_prompt or ""

    async def wrap_model_call(self, request: LlmRequest, call_next: ModelCallNext) -> LlmResponse:
        if TOOL_CHOICE_KEY in request.metadata:  # the client forces one of its tools
            return await call_next(request)
        last = request.messages[-1] if request.messages else None
        if last is not None and last.role == "tool" and last.tool_call_id in self._planned:
            return self._answer(self._planned.pop(last.tool_call_id))
        failed = self._failed_queries(request)
        if failed:
            return await self._retry(request, failed, call_next)
        hint = ""
        if last is not None and last.role == "user" and last.content and self.mode != "off":
            answer = schema_answer(last.content, (await self.catalog()).schema)
            if answer is not None:
                return LlmResponse(content=answer, finish_reason="stop")
            if self.mode == "answer":
                reading = await self._read(last.content)
                if isinstance(reading, Abstention):
                    return LlmResponse(content=reading.message, finish_reason="stop")
                if reading is not None:
                    call = self._plan_call(*reading)
                    return LlmResponse(tool_calls=[call], finish_reason="tool_calls")
            else:
                hint = await self._hint(last.content)
        return await call_next(await self._for_the_model(request, hint))

    async def _retry(
        self, request: LlmRequest, failed: list[tuple[str, str]], call_next: ModelCallNext
    ) -> LlmResponse:
        """After a failed or empty query: another query from the model, or the honest end.
        The model's reply is taken whole (not streamed): text written after a query that
        returned nothing has no rows behind it, so it is never shown."""
        if len(failed) > self.max_sql_retries:
            return LlmResponse(content=gave_up(failed), finish_reason="stop")
        whole = (await self._for_the_model(request)).model_copy(update={"stream": False})
        response = await call_next(whole)
        if response.tool_calls:
            return response
        return LlmResponse(content=gave_up(failed), finish_reason="stop", usage=response.usage)

    async def wrap_tool_call(
        self, invocation: ToolInvocation, call_next: ToolCallNext
    ) -> ToolResult:
        result = await call_next(invocation)
        planned = self._planned.get(invocation.call.id)
        if planned is not None:
            planned.result = result
        return result

    async def _for_the_model(self, request: LlmRequest, hint: str = "") -> LlmRequest:
        """``request`` with only the tables the question is about in its schema section,
        then the database's documentation, the example pairs most like the question and
        the planner's hint."""
        question = next((m.content for m in reversed(request.messages) if m.role == "user"), "")
        if not question:
            return request
        prompt = request.system_prompt or ""
        tables = linked_tables(question, await self.catalog())
        if tables:
            prompt = replace_schema(prompt, linked_schema(await self.catalog(), tables))
        sections = [prompt, self._documentation()]
        if self.examples is not None:
            sections.append(examples_prompt(self.examples.similar(question, k=self.example_count)))
        sections.append(hint)
        prompt = "\n\n".join(section for section in sections if section)
        return request.model_copy(update={"system_prompt": prompt or None})

    def _documentation(self) -> str:
        text = "\n\n".join(doc.strip() for doc in self.documentation if doc.strip())
        if not text:
            return ""
        if len(text) > self.doc_chars:
            text = text[: self.doc_chars].rsplit("\n", 1)[0] + "\n(the rest is cut)"
        return DOCS + text

    async def _hint(self, question: str) -> str:
        """The plan's SQL, or what the planner did not understand, for the model to weigh
        (hint mode); "" when the planner has nothing to say."""
        reading = await self._read(question)
        if isinstance(reading, Abstention):
            return ABSTAINED + reading.message
        return f"{HINT}{reading[1]}" if reading is not None else ""

    def _failed_queries(self, request: LlmRequest) -> list[tuple[str, str]]:
        """(SQL, error) of this turn's failed SQL calls, when the last message is one."""
        messages = request.messages
        if not messages or messages[-1].role != "tool" or not _failed(messages[-1]):
            return []
        start = max((i for i, m in enumerate(messages) if m.role == "user"), default=0)
        sql = {
            call.id: str(call.arguments.get("sql", ""))
            for message in messages[start:]
            for call in message.tool_calls or []
            if call.name == self.tool_name
        }
        return [
            (sql[m.tool_call_id], m.content or "")
            for m in messages[start:]
            if m.role == "tool" and m.tool_call_id in sql and _failed(m)
        ]

    def _plan_call(self, plan: QueryPlan, sql: str) -> ToolCall:
        call_id = CALL_PREFIX + os.urandom(6).hex()
        self._planned[call_id] = _Planned(plan=plan, sql=sql)
        return ToolCall(id=call_id, name=self.tool_name, arguments={"sql": sql})

    async def _read(self, question: str) -> tuple[QueryPlan, str] | Abstention | None:
        """The question's plan and its SQL, or the planner's honest "I don't know"
        (``read_question``); None (the model's turn) for a slash command, small talk, a
        chart request or a plan that does not compile."""
        if question.startswith("/"):
            return None
        catalog = await self.catalog()
        if asks_for_chart(question, catalog):
            return None
        reading = read_question(question, catalog)
        if isinstance(reading, Abstention):
            return None if reading.small_talk else reading
        try:
            return reading, compile_plan(reading, catalog)
        except (ValueError, KeyError) as error:
            logger.info("No plan for %r: %s", question, error)
            return None

    def _answer(self, planned: _Planned) -> LlmResponse:
        return LlmResponse(content=grounded_answer(planned), finish_reason="stop")


def linked_schema(catalog: SqlCatalog, tables: list[str]) -> str:
    """The schema lines of ``tables``, and the values of their short-listed text columns."""
    schema = DatabaseSchema(
        dialect=catalog.schema.dialect, tables=[catalog.table(name) for name in tables]
    )
    lines = [format_schema(schema)]
    for column in catalog.columns:
        if column.table in tables and column.values:
            shown = ", ".join(column.values[:VALUES_SHOWN])
            more = ", ..." if len(column.values) > VALUES_SHOWN else ""
            lines.append(f"Values of {column.ref}: {shown}{more}")
    return "\n".join(lines)


def _failed(message: LlmMessage) -> bool:
    """A SQL call that failed, or that returned no rows (both go back to the model)."""
    if (message.content or "").endswith(NO_ROWS):
        return True
    return isinstance(message, Message) and message.metadata.get("status") == "error"


def gave_up(failed: list[tuple[str, str]]) -> str:
    """The honest end of a turn whose queries all failed: the last one and its outcome."""
    sql, error = failed[-1]
    outcome = "it returned no rows" if error.endswith(NO_ROWS) else f"the database said: {error}"
    return (
        f"I could not answer that: {_queries(len(failed))} failed or found nothing. "
        f"The last one was:\n\n{sql}\n\nand {outcome}"
    )


def _queries(count: int) -> str:
    return "1 query" if count == 1 else f"{count} queries"


def grounded_answer(planned: _Planned) -> str:
    """What the query returned, in words; nothing that is not in the result."""
    result = planned.result
    if result is None or not result.success:
        reason = result.error if result is not None else "the query did not run"
        return f"I could not answer that: {reason}. The query I tried was:\n\n{planned.sql}"
    table = result.ui_component.rich_component if result.ui_component else None
    if (not isinstance(table, DataFrameComponent) or not table.rows) and planned.plan.filters:
        return (
            "I could not answer that: no rows matched the conditions as I read them from "
            "the question, so either there are none or I misread one of them (a value in "
            f"another column, a date written otherwise). The query I ran was:\n\n{planned.sql}"
        )
    if not isinstance(table, DataFrameComponent) or not table.rows:
        return f"The query returned no rows, so there is no answer to give.\n\n{planned.sql}"
    if len(table.columns) == 1 and len(table.rows) == 1 and table.rows[0][0] is None:
        return (
            f"I could not answer that: no rows matched, so there is no "
            f"{table.columns[0].replace('_', ' ')} to give. The query I ran was:\n\n{planned.sql}"
        )
    if _no_winner(planned.plan, table.rows):
        return (
            f"I could not answer that: the largest {table.columns[-1].replace('_', ' ')} "
            f"found is {_shown(table.rows[0][-1])}, so no row has the most; the question "
            f"may mean another column. The query I ran was:\n\n{planned.sql}"
        )
    return _sentence(planned.plan, table.columns, table.rows)


def _no_winner(plan: QueryPlan, rows: list[list[Any]]) -> bool:
    """A ranking by a measure whose first row has none of it (0 or empty): every group
    ties at nothing, and naming one as "the most" would be a confident wrong answer."""
    if plan.kind not in ("rank", "list") or plan.measure is None or plan.ascending:
        return False
    return rows[0][-1] in (0, None)


def _sentence(plan: QueryPlan, columns: list[str], rows: list[list[Any]]) -> str:
    if len(columns) == 1 and len(rows) == 1:
        shown = _shown(rows[0][0], columns[0])
        return f"The answer is **{shown}** ({columns[0].replace('_', ' ')})."
    if len(columns) == 1:  # the rows a "who is" / "which ... are" plan names
        named = ", ".join(f"**{row[0]}**" for row in rows)
        return f"{columns[0]}: {named}{_more(plan, len(rows))}."
    if len(rows) == 1:
        label, value = rows[0][0], rows[0][-1]
        return f"**{label}**, with {columns[-1].replace('_', ' ')} {_shown(value, columns[-1])}."
    listed = ", ".join(f"**{row[0]}** ({_shown(row[-1], columns[-1])})" for row in rows)
    if plan.kind in ("rank", "list") and len(rows) > plan.limit:  # the SQL ranks ties alike
        top = "A tie at the top" if plan.limit == 1 else f"The top {plan.limit} with ties"
        return f"{top}: {listed}."
    if len(rows) < plan.limit:  # every group there is, not a top
        return f"All {len(rows)}: {listed}."
    return f"The top {len(rows)}: {listed}."


def _more(plan: QueryPlan, count: int) -> str:
    """The note of a list cut at the plan's limit (never shown as the whole list)."""
    return " (the list stops there: there may be more)" if count >= plan.limit else ""


def _shown(value: Any, column: str = "") -> str:
    """A number as a reader writes it: "1,297", "3.5", "0.566" (three significant digits
    below 1) — but a year as "1883", not "1,883"."""
    if _is_year(value, column):
        return str(int(value))
    if isinstance(value, float) and 0 < abs(value) < 1:
        return f"{value:.3g}"  # 0.566, 0.00012: never rounded away to 0.57 or 0
    if isinstance(value, float):
        return f"{value:,.2f}".rstrip("0").rstrip(".")
    if isinstance(value, int):
        return f"{value:,}"
    return str(value)


def _is_year(value: Any, column: str) -> bool:
    in_range = isinstance(value, int | float) and value == int(value) and 1000 <= value <= 9999
    return in_range and "year" in identifier_words(column)
