"""SqlPlannerMiddleware in a real turn: a linked question is answered from the rows of the
planned run_sql call without calling the model; a failed query is said plainly with its
SQL; a question the planner cannot read gets its abstention as the answer (answer mode) or
goes to the model with the abstention as a hint (hint mode); small talk, slash commands
and chart requests go to the model; the stored history is a valid turn."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from hookline import (
    Agent,
    AgentConfig,
    MemoryConversationStore,
    ScriptedLlmService,
    ToolRegistry,
    User,
    text_reply,
    tool_call_reply,
)
from hookline.events import TextDeltaEvent
from hookline.middleware.sql_planner import ABSTAINED, HINT, PlannerMode, SqlPlannerMiddleware
from hookline.sql import SqliteRunner, ensure_sample_database
from hookline.sql.runner import QueryResult, SqlExecutionError
from hookline.tools.builtin import RunSqlTool

USER = User(id="ada")


def planned_agent(
    tmp_path: Path,
    *,
    stream: bool = True,
    runner: SqliteRunner | None = None,
    replies: list[str] | None = None,
    mode: PlannerMode = "answer",
) -> tuple[Agent, ScriptedLlmService]:
    runner = runner or SqliteRunner(ensure_sample_database(tmp_path / "sample.sqlite3"))
    llm = ScriptedLlmService([text_reply(r) for r in replies or []])
    agent = Agent(
        llm,
        tool_registry=ToolRegistry([RunSqlTool(runner)]),
        conversation_store=MemoryConversationStore(),
        config=AgentConfig(stream=stream),
        middleware=[SqlPlannerMiddleware(runner, mode=mode)],
    )
    return agent, llm


async def test_a_linked_question_is_answered_from_the_rows_without_the_model(
    tmp_path: Path,
) -> None:
    agent, llm = planned_agent(tmp_path)

    result = await agent.run("How many customers live in Italy?", user=USER)

    assert result.text == "The answer is **35** (customers)."
    assert llm.requests == []  # the model was never called
    (call,) = result.tool_calls
    assert call.name == "run_sql"
    assert call.arguments["sql"] == (
        "SELECT COUNT(*) AS \"customers\" FROM customers WHERE customers.country = 'Italy'"
    )
    stored = await agent.conversation_store.get_conversation(result.conversation_id, USER)
    assert stored is not None
    assert [m.role for m in stored.messages] == ["user", "assistant", "tool", "assistant"]
    assert stored.messages[2].content == "customers\n35\n(1 row)"


async def test_a_ranking_names_the_rows_it_returned(tmp_path: Path) -> None:
    agent, _ = planned_agent(tmp_path, stream=False)

    result = await agent.run("What are the 3 most expensive products?")

    assert result.text == (
        "The top 3: **Classic Keyboard** (348.95), **Classic Monitor** (299.69), "
        "**Deluxe Headphones** (294.61)."
    )


async def test_a_tie_for_the_most_names_every_group_in_it(tmp_path: Path) -> None:
    """Two teams tied for the most players are both the answer, and a top 3 with a tie at
    third place names all four: never the first the database happened to return."""
    path = tmp_path / "league.db"
    with sqlite3.connect(path) as connection:
        connection.executescript("""
            CREATE TABLE team (team_id INTEGER PRIMARY KEY, team_name TEXT);
            CREATE TABLE player (player_id INTEGER PRIMARY KEY, player_name TEXT,
                                 team_id INTEGER REFERENCES team (team_id));
            INSERT INTO team VALUES (1, 'Owls'), (2, 'Hawks'), (3, 'Crows'), (4, 'Wrens'),
              (5, 'Jays');
            INSERT INTO player VALUES (1, 'A', 1), (2, 'B', 1), (3, 'C', 1), (4, 'D', 2),
              (5, 'E', 2), (6, 'F', 3), (7, 'G', 3), (8, 'H', 4), (9, 'I', 4), (10, 'J', 4),
              (11, 'K', 5);
        """)  # fmt: skip
    agent, llm = planned_agent(tmp_path, runner=SqliteRunner(path), stream=False)

    most = await agent.run("Which team has the most players?")
    top = await agent.run("What are the top 3 teams by number of players?")
    fewest = await agent.run("Which team has the fewest players?")

    assert most.text == "A tie at the top: **Owls** (3), **Wrens** (3)."
    assert top.text == (
        "The top 3 with ties: **Owls** (3), **Wrens** (3), **Crows** (2), **Hawks** (2)."
    )
    assert fewest.text == "**Jays**, with player 1."
    assert "RANK() OVER" in top.tool_calls[0].arguments["sql"]
    assert llm.requests == []


async def test_every_group_of_a_breakdown_is_all_of_them_not_a_top(tmp_path: Path) -> None:
    agent, _ = planned_agent(tmp_path, stream=False)

    result = await agent.run("How many products are there in each category?")

    assert result.text == (
        "All 6: **Books** (10), **Electronics** (10), **Garden** (10), **Kitchen** (10), "
        "**Sports** (10), **Toys** (10)."
    )


async def test_rows_tied_for_the_highest_value_are_all_named(tmp_path: Path) -> None:
    """Two units share the highest defence: both are the answer, said as a tie; a lone
    lowest is named alone."""
    path = tmp_path / "fort.db"
    with sqlite3.connect(path) as connection:
        connection.executescript("""
            CREATE TABLE unit (id INTEGER PRIMARY KEY, name TEXT UNIQUE, defense INTEGER);
            INSERT INTO unit VALUES (1, 'Pikeman', 2), (2, 'Bastion', 9), (3, 'Rampart', 9),
              (4, 'Scout', 1);
        """)  # fmt: skip
    agent, llm = planned_agent(tmp_path, runner=SqliteRunner(path), stream=False)

    highest = await agent.run("Which unit has the highest defense?")
    lowest = await agent.run("Which unit has the lowest defense?")

    assert highest.text == "A tie at the top: **Bastion** (9), **Rampart** (9)."
    assert lowest.text == "**Scout**, with defense 1."
    assert llm.requests == []


async def test_who_is_names_the_rows_a_value_selects(tmp_path: Path) -> None:
    path = tmp_path / "staff.db"
    with sqlite3.connect(path) as connection:
        connection.executescript("""
            CREATE TABLE staff (staff_id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT,
                                job_title TEXT);
            INSERT INTO staff VALUES (1, 'Ada', 'Lind', 'Night Manager'),
              (2, 'Bo', 'Sand', 'Porter'), (3, 'Cy', 'Holm', 'Porter');
        """)  # fmt: skip
    agent, llm = planned_agent(tmp_path, runner=SqliteRunner(path), stream=False)

    manager = await agent.run("Who is the Night Manager?")
    porters = await agent.run("Who are the porters?")

    assert manager.text == "The answer is **Ada Lind** (staff)."
    assert porters.text == "staff: **Bo Sand**, **Cy Holm**."
    assert llm.requests == []


async def test_a_list_cut_at_its_limit_says_there_may_be_more(tmp_path: Path) -> None:
    path = tmp_path / "stock.db"
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE item (item_id INTEGER PRIMARY KEY, item_name TEXT, "
                           "list_price REAL)")  # fmt: skip
        connection.executemany(
            "INSERT INTO item VALUES (?, ?, ?)", [(i, f"Item {i:03d}", 10.0 + i) for i in range(60)]
        )
    agent, _ = planned_agent(tmp_path, runner=SqliteRunner(path), stream=False)

    every = await agent.run("Which items cost more than 15?")
    few = await agent.run("Which items cost more than 66?")

    assert every.text.endswith("**Item 055** (the list stops there: there may be more).")
    assert few.text == "item: **Item 057**, **Item 058**, **Item 059**."


async def test_a_failed_query_is_said_plainly_with_its_sql(tmp_path: Path) -> None:
    class Broken(SqliteRunner):
        async def run(self, sql: str, **kwargs: object) -> QueryResult:
            if "COUNT" in sql:
                raise SqlExecutionError("disk I/O")
            return await super().run(sql, **kwargs)  # type: ignore[arg-type]

    runner = Broken(ensure_sample_database(tmp_path / "sample.sqlite3"))
    agent, llm = planned_agent(tmp_path, runner=runner)

    result = await agent.run("How many orders were cancelled?")

    assert result.text.startswith("I could not answer that: ")
    assert "disk I/O" in result.text
    assert "SELECT COUNT(*)" in result.text and "'cancelled'" in result.text
    assert llm.requests == []


LOYALTY = "How many customers have a loyalty tier of gold?"
NOT_UNDERSTOOD = (
    "I don't know what 'loyalty tier', 'gold' means in this database — the customers table "
    "has: customer_id, first_name, last_name, email, city, country, signup_date."
)
ABSTENTIONS = {
    LOYALTY: NOT_UNDERSTOOD,
    "Tell me a joke": "I don't know what 'joke' means in this database — its tables are: "
    "customers, order_items, orders, products.",
    "¿Cuántos clientes hay en Italia?": "I could not answer that: I only understand questions "
    "in English. Please ask it in English.",
    "How many orders will be placed next year?": "I could not answer that: the database "
    "records what has happened, so it cannot tell what will happen.",
}


@pytest.mark.parametrize("question", list(ABSTENTIONS))
async def test_in_answer_mode_the_abstention_is_the_answer_and_the_model_is_not_called(
    tmp_path: Path, question: str
) -> None:
    agent, llm = planned_agent(tmp_path, replies=["The answer is 17."])
    shown: list[str] = []
    agent.hooks.on(TextDeltaEvent, lambda e: shown.append(e.data.text))

    result = await agent.run(question, user=USER)

    assert result.text == ABSTENTIONS[question]
    assert llm.requests == [] and result.tool_calls == []  # no model, no query
    assert "".join(shown) == result.text  # streamed as any answer
    stored = await agent.conversation_store.get_conversation(result.conversation_id, USER)
    assert stored is not None
    assert [(m.role, m.content) for m in stored.messages] == [
        ("user", question),
        ("assistant", ABSTENTIONS[question]),
    ]


async def test_in_hint_mode_the_model_answers_with_the_abstention_in_its_prompt(
    tmp_path: Path,
) -> None:
    agent, llm = planned_agent(
        tmp_path, mode="hint", replies=["This database has no loyalty tiers."]
    )

    result = await agent.run(LOYALTY, user=USER)

    assert result.text == "This database has no loyalty tiers."
    (request,) = llm.requests
    prompt = request.system_prompt or ""
    assert prompt.endswith(f"{ABSTAINED}{NOT_UNDERSTOOD}")
    assert HINT not in prompt
    assert request.messages[-1].content == LOYALTY


@pytest.mark.parametrize("mode", ["answer", "hint"])
@pytest.mark.parametrize("question", ["Hello!", "thanks", "/summarize", "Chart the categories"])
async def test_small_talk_slash_commands_and_charts_go_to_the_model_without_a_hint(
    tmp_path: Path, mode: PlannerMode, question: str
) -> None:
    agent, llm = planned_agent(tmp_path, mode=mode, replies=["Over to the model."])

    result = await agent.run(question, user=USER)

    assert result.text == "Over to the model."
    (request,) = llm.requests
    prompt = request.system_prompt or ""
    assert ABSTAINED not in prompt and HINT not in prompt
    assert request.messages[-1].content == question


async def test_the_models_failing_sql_gets_bounded_retries_then_an_honest_answer(
    tmp_path: Path,
) -> None:
    runner = SqliteRunner(ensure_sample_database(tmp_path / "sample.sqlite3"))
    bad = [tool_call_reply("run_sql", {"sql": f"SELECT nope{n} FROM customers"}) for n in range(5)]
    llm = ScriptedLlmService(bad)
    agent = Agent(
        llm,
        tool_registry=ToolRegistry([RunSqlTool(runner)]),
        conversation_store=MemoryConversationStore(),
        middleware=[SqlPlannerMiddleware(runner, max_sql_retries=2, mode="hint")],
    )

    # hint mode: the model writes the SQL (in answer mode the planner abstains on this one)
    result = await agent.run("Tell me something about the data", user=USER)

    assert len(llm.requests) == 3  # the first try and two retries, each seeing the error
    assert "no such column: nope0" in (llm.requests[1].messages[-1].content or "")
    assert [call.arguments["sql"] for call in result.tool_calls] == [
        "SELECT nope0 FROM customers",
        "SELECT nope1 FROM customers",
        "SELECT nope2 FROM customers",
    ]
    assert result.text.startswith("I could not answer that: 3 queries failed or found nothing.")
    assert "SELECT nope2 FROM customers" in result.text
    assert "no such column: nope2" in result.text


async def test_a_failure_then_a_success_is_the_models_own_answer(tmp_path: Path) -> None:
    runner = SqliteRunner(ensure_sample_database(tmp_path / "sample.sqlite3"))
    llm = ScriptedLlmService(
        [
            tool_call_reply("run_sql", {"sql": "SELECT nope FROM customers"}),
            tool_call_reply("run_sql", {"sql": "SELECT COUNT(*) FROM customers"}),
            text_reply("There are 400 customers."),
        ]
    )
    agent = Agent(
        llm,
        tool_registry=ToolRegistry([RunSqlTool(runner)]),
        conversation_store=MemoryConversationStore(),
        middleware=[SqlPlannerMiddleware(runner, mode="hint")],
    )

    result = await agent.run("Tell me something about the data", user=USER)

    assert result.text == "There are 400 customers."


async def test_queries_that_find_nothing_get_the_same_bounded_retries(tmp_path: Path) -> None:
    runner = SqliteRunner(ensure_sample_database(tmp_path / "sample.sqlite3"))
    empty = "SELECT * FROM customers WHERE country = 'Atlantis'"
    llm = ScriptedLlmService([tool_call_reply("run_sql", {"sql": empty}) for _ in range(4)])
    agent = Agent(
        llm,
        tool_registry=ToolRegistry([RunSqlTool(runner)]),
        conversation_store=MemoryConversationStore(),
        middleware=[SqlPlannerMiddleware(runner, max_sql_retries=1, mode="hint")],
    )

    result = await agent.run("Tell me something about the data", user=USER)

    assert len(result.tool_calls) == 2
    assert result.text.endswith(f"{empty}\n\nand it returned no rows")


async def test_text_after_a_refused_query_is_never_shown(tmp_path: Path) -> None:
    """The model's reply after a failed query names data it never read: it is not streamed,
    not stored, and the turn ends honestly with the SQL that failed."""
    runner = SqliteRunner(ensure_sample_database(tmp_path / "sample.sqlite3"))
    refused = "DELETE FROM customers"
    llm = ScriptedLlmService(
        [tool_call_reply("run_sql", {"sql": refused}), text_reply("John, 1 customer")]
    )
    agent = Agent(
        llm,
        tool_registry=ToolRegistry([RunSqlTool(runner)]),
        conversation_store=MemoryConversationStore(),
        config=AgentConfig(stream=True),
        middleware=[SqlPlannerMiddleware(runner, mode="hint")],
    )
    shown: list[str] = []
    agent.hooks.on(TextDeltaEvent, lambda e: shown.append(e.data.text))

    result = await agent.run("Which city has the customers who signed up earliest?", user=USER)

    assert [r.stream for r in llm.requests] == [True, False]  # the reply after is taken whole
    assert result.text.startswith("I could not answer that: 1 query failed or found nothing.")
    assert refused in result.text
    assert "John" not in "".join(shown) and "".join(shown) == result.text
    stored = await agent.conversation_store.get_conversation(result.conversation_id, USER)
    assert stored is not None
    assert [m.role for m in stored.messages] == ["user", "assistant", "tool", "assistant"]
    assert "John" not in (stored.messages[-1].content or "")


async def test_a_year_is_shown_as_written_and_other_numbers_with_separators(
    tmp_path: Path,
) -> None:
    database = tmp_path / "bridges.sqlite3"
    with sqlite3.connect(database) as connection:
        connection.executescript(
            "CREATE TABLE bridges (bridge_id INTEGER PRIMARY KEY, name TEXT UNIQUE NOT NULL,"
            " opened_year INTEGER, length INTEGER);"
            "INSERT INTO bridges VALUES (1, 'Stone Arch', 1883, 2640), (2, 'Iron Span', 1910,"
            " 1200), (3, 'Glass Way', 2001, 300);"
        )
    agent, _ = planned_agent(tmp_path, runner=SqliteRunner(database))

    opened = await agent.run("In which year was the Stone Arch opened?", user=USER)
    length = await agent.run("What is the total length of all bridges?", user=USER)

    assert opened.text == "The answer is **1883** (opened year)."
    assert length.text == "The answer is **4,140** (sum length)."


async def test_a_small_average_keeps_three_significant_digits(tmp_path: Path) -> None:
    database = tmp_path / "decays.sqlite3"
    with sqlite3.connect(database) as connection:
        connection.executescript(
            "CREATE TABLE decays (decay_id INTEGER PRIMARY KEY, fraction REAL);"
            "INSERT INTO decays VALUES (1, 0.5), (2, 0.6311), (3, 0.0001), (4, 0.0002);"
        )
    agent, _ = planned_agent(tmp_path, runner=SqliteRunner(database))

    average = await agent.run("What is the average fraction of the decays?", user=USER)

    assert average.text == "The answer is **0.283** (avg fraction)."  # never 0.28
