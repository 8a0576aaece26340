"""The planner's role follows the model: with ``HOOKLINE_PLANNER=hint`` a capable model that
writes the right SQL answers a question the linker misreads (its reading is only a hint);
``answer`` is the default for the embedded model, ``hint`` for any other, ``off`` plans
nothing; the banner says which.
Questions about the schema itself are answered from the catalog without the model, in the
CLI and over the API."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import openai
import pytest

from hookline import Agent, LlmRequest, LlmResponse, ToolRegistry
from hookline.cli.models import LazyLlmService
from hookline.cli.wiring import build_agent, planner_mode
from hookline.components import RichTextComponent
from hookline.llm.scripted import ScriptedLlmService, text_reply, tool_call_reply
from hookline.middleware.sql_planner import ABSTAINED, DOCS, HINT, SqlPlannerMiddleware
from hookline.server import BackgroundServer, create_app
from hookline.sql import SchemaAwareSystemPromptBuilder, SqliteRunner, ensure_sample_database
from hookline.sql.catalog import SqlCatalog
from hookline.sql.linking import link_question
from hookline.sql.plan import compile_plan
from hookline.tools.builtin import RunSqlTool
from hookline.users.models import RequestContext
from tests.cli.test_chat import run

DECLINED = "What is the average number of items per order?"  # the planner declines ("per")
RIGHT_SQL = (
    "SELECT ROUND(AVG(items), 2) AS items_per_order FROM "
    "(SELECT order_id, SUM(quantity) AS items FROM order_items GROUP BY order_id)"
)


def gold(database: Path, sql: str) -> float:
    with sqlite3.connect(database) as connection:
        return float(connection.execute(sql).fetchone()[0])


async def linker_sql(database: Path, question: str) -> str | None:
    """What the planner would run for ``question`` (None: it does not link)."""
    catalog = await SqlCatalog.load(SqliteRunner(database))
    plan = link_question(question, catalog)
    return compile_plan(plan, catalog) if plan is not None else None


async def test_in_hint_mode_the_models_right_sql_answers_a_question_the_planner_declines(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOOKLINE_PLANNER", "hint")
    prompts: list[str] = []

    def write_sql(request: LlmRequest) -> LlmResponse:
        prompts.append(request.system_prompt or "")
        return tool_call_reply("run_sql", {"sql": RIGHT_SQL})

    def read_rows(request: LlmRequest) -> LlmResponse:
        average = (request.messages[-1].content or "").splitlines()[1]
        return text_reply(f"An order holds {average} items on average.")

    llm = ScriptedLlmService([write_sql, read_rows])
    wiring = build_agent(data_dir=tmp_path / "data", llm=llm)
    database = tmp_path / "data" / "sample.sqlite3"

    result = await wiring.agent.run(DECLINED)
    await wiring.agent.conversation_store.close()

    expected = gold(database, RIGHT_SQL)
    assert result.text == f"An order holds {expected:g} items on average."
    assert [call.arguments["sql"] for call in result.tool_calls] == [RIGHT_SQL]
    assert wiring.planner == "hint (HOOKLINE_PLANNER)"
    # it once read AVG(quantity) of a line; now it declines, and the model is not misled
    assert await linker_sql(database, DECLINED) is None
    assert HINT not in prompts[0]


@pytest.mark.parametrize(
    ("spec", "mode"),
    [("local", "answer"), ("local:/models/big.gguf", "answer"), ("openai:gpt-4o-mini", "hint"),
     ("anthropic:claude-sonnet-4-5", "hint"), ("ollama:llama3.1", "hint")],
)  # fmt: skip
def test_the_default_role_follows_the_model(spec: str, mode: str) -> None:
    assert planner_mode(LazyLlmService({}, spec), {})[0] == mode
    assert planner_mode(LazyLlmService({}, spec), {"HOOKLINE_PLANNER": "Off"})[0] == "off"
    assert planner_mode(ScriptedLlmService([]), {})[0] == "answer"


def test_an_unknown_role_stops_the_command_and_the_banner_shows_the_role(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOOKLINE_PLANNER", "guess")
    refused = run(tmp_path, ["chat", "--message", "/help"])
    monkeypatch.setenv("HOOKLINE_PLANNER", "off")
    shown = run(tmp_path, ["chat"], stdin="/exit\n")
    monkeypatch.delenv("HOOKLINE_PLANNER")
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-not-used")  # the model check wants a key
    default = run(tmp_path, ["chat"], model="openai:gpt-4o-mini", stdin="/exit\n")

    assert refused.exit_code == 2
    assert "HOOKLINE_PLANNER='guess': use one of answer, hint, off." in refused.output
    assert "planner:  off (HOOKLINE_PLANNER)" in shown.output
    assert "planner:  hint (the default for this model" in default.output


async def test_off_plans_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOOKLINE_PLANNER", "off")
    llm = ScriptedLlmService([text_reply("Hello."), text_reply("Hello.")])
    wiring = build_agent(data_dir=tmp_path / "data", llm=llm)
    await wiring.agent.run("How many customers live in Italy?")
    await wiring.agent.run("What tables are there?")
    await wiring.agent.conversation_store.close()
    assert len(llm.requests) == 2  # both went to the model
    assert HINT not in (llm.requests[0].system_prompt or "")


SCHEMA_ANSWERS = {
    "What tables are there?": (
        "The database has 4 tables: **customers**, **order_items**, **orders**, **products**."
    ),
    "What columns does orders have?": (
        "**orders** has 4 columns: order_id (INTEGER, primary key), customer_id (INTEGER, "
        "refers to customers.customer_id), order_date (TEXT), status (TEXT)."
    ),
    "Describe the database": "- **orders**: order_id, customer_id, order_date, status "
    "(linked to customers)",
}


@pytest.mark.parametrize("planner", ["answer", "hint"])
async def test_schema_questions_are_answered_from_the_catalog_without_the_model(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, planner: str
) -> None:
    monkeypatch.setenv("HOOKLINE_PLANNER", planner)
    llm = ScriptedLlmService([text_reply("SELECT * FROM garbled")])
    wiring = build_agent(data_dir=tmp_path / "data", llm=llm)

    for number, (question, expected) in enumerate(SCHEMA_ANSWERS.items()):
        components = [
            c async for c in wiring.agent.send_message(RequestContext(), question, f"c-{number}")
        ]
        texts = [c.rich_component for c in components]
        shown = "".join(t.content for t in texts if isinstance(t, RichTextComponent))
        assert expected in shown, shown
        assert any(isinstance(t, RichTextComponent) and t.delta for t in texts)  # streamed
    await wiring.agent.conversation_store.close()

    assert llm.requests == []


def test_what_tables_are_in_the_database_over_the_api(tmp_path: Path) -> None:
    llm = ScriptedLlmService([text_reply("customers(customer_id INTEGER) and an error")])
    wiring = build_agent(data_dir=tmp_path / "data", llm=llm)
    with BackgroundServer(create_app(wiring.agent, close_store_on_shutdown=True)) as server:
        client = openai.OpenAI(base_url=f"{server.url}/v1", api_key="-", max_retries=0)
        question = "What tables are in the database?"
        whole = client.chat.completions.create(
            model="hookline", messages=[{"role": "user", "content": question}]
        )
        stream = client.chat.completions.create(
            model="hookline", messages=[{"role": "user", "content": question}], stream=True
        )
        streamed = "".join(c.choices[0].delta.content or "" for c in stream if c.choices)

    expected = SCHEMA_ANSWERS["What tables are there?"]
    assert (whole.choices[0].message.content or "").startswith(expected)
    assert streamed.startswith(expected)
    assert llm.requests == []


async def test_the_documentation_is_shown_after_the_schema_and_cut_when_long(
    tmp_path: Path,
) -> None:
    runner = SqliteRunner(ensure_sample_database(tmp_path / "sample.sqlite3"))
    llm = ScriptedLlmService([text_reply("Hello."), text_reply("Hello.")])
    short = "# customers\nA customer is anyone who signed up, bought or not."
    for docs in ([short], [short, "\n".join(["- filler line"] * 400)]):
        planner = SqlPlannerMiddleware(runner, documentation=docs, doc_chars=1000, mode="hint")
        agent = Agent(
            llm,
            tool_registry=ToolRegistry([RunSqlTool(runner)]),
            system_prompt_builder=SchemaAwareSystemPromptBuilder(runner),
            middleware=[planner],
        )
        await agent.run("Tell me a joke about customers")  # the planner's hint comes last
    whole, cut = (
        (request.system_prompt or "").split(f"\n\n{ABSTAINED}") for request in llm.requests
    )
    assert len(whole) == len(cut) == 2
    assert "Database schema (sqlite" in whole[0]
    assert whole[0].index("Database schema (") < whole[0].index(f"{DOCS}{short}")
    assert cut[0].endswith("(the rest is cut)")
    assert len(cut[0]) - len(whole[0]) < 1000
