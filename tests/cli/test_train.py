"""``hookline train``: a pair whose SQL runs is added for its database, a write or broken
SQL is refused, ``--from`` takes ``logs export`` pairs, ``--doc`` keeps a document,
``--list`` and ``--remove`` manage them; the default agent shows the model the pairs most
like a question the planner cannot read and the documents, of its own database only."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from pathlib import Path

import pytest

from hookline import RunResult
from hookline.cli.wiring import PLANNER_ENV, build_agent
from hookline.llm.scripted import ScriptedLlmService, text_reply, tool_call_reply
from hookline.sql.training import TrainingStore
from tests.cli.test_chat import run

HINT_MODE = {PLANNER_ENV: "hint"}
"""The model, not the planner, answers what the planner cannot read (in the default
``answer`` mode the planner's abstention is the answer and the model sees no prompt)."""


def sample_store(tmp_path: Path) -> TrainingStore:
    data = tmp_path / "data"
    return TrainingStore.open(data, data / "sample.sqlite3")


def stored(tmp_path: Path) -> list[tuple[str, str]]:
    return [(p.question, p.sql) for p in sample_store(tmp_path).examples().pairs]


def test_a_pair_whose_sql_runs_is_added(tmp_path: Path) -> None:
    sql = "SELECT COUNT(*) FROM orders WHERE status = 'shipped'"
    result = run(tmp_path, ["train", "-q", "How many orders are on their way?", "--sql", sql])

    assert result.exit_code == 0, result.output
    assert "Added 1 example(s)." in result.output
    assert stored(tmp_path) == [("How many orders are on their way?", sql)]


def test_a_write_and_a_broken_query_are_refused(tmp_path: Path) -> None:
    pairs = tmp_path / "pairs.jsonl"
    lines = [
        {"question": "Wipe the orders", "sql": "DELETE FROM orders"},
        {"question": "Typo", "sql": "SELECT nope FROM orders"},
        {"question": "How many products?", "sql": "SELECT COUNT(*) FROM products"},
    ]
    pairs.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")

    result = run(tmp_path, ["train", "--from", str(pairs)])

    assert result.exit_code == 1
    assert "Added 1 example(s)." in result.output
    assert "'Wipe the orders'" in result.output and "read-only" in result.output
    assert "no such column: nope" in result.output
    assert stored(tmp_path) == [("How many products?", "SELECT COUNT(*) FROM products")]


def test_arguments_are_checked(tmp_path: Path) -> None:
    assert run(tmp_path, ["train", "-q", "only a question"]).exit_code == 2
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"question": "no sql"}\n', encoding="utf-8")
    result = run(tmp_path, ["train", "--from", str(bad)])
    assert result.exit_code == 2 and "line 1: not a question/sql pair" in result.output


async def test_the_model_sees_the_pairs_most_like_an_unlinked_question(tmp_path: Path) -> None:
    data = tmp_path / "data"
    sample_store(tmp_path).add_pair(
        "Which customers ordered garden tools?", "SELECT 'trained pair'", schema="-"
    )
    llm = ScriptedLlmService([text_reply("ok")])
    wiring = build_agent(data_dir=data, llm=llm, environ=HINT_MODE)

    await wiring.agent.run("Tell me about customers who like garden tools")
    await wiring.agent.conversation_store.close()

    prompt = llm.requests[0].system_prompt or ""
    assert "Q: Which customers ordered garden tools?\nSQL: SELECT 'trained pair'" in prompt


async def test_the_model_sees_only_the_tables_the_question_is_about(tmp_path: Path) -> None:
    llm = ScriptedLlmService([text_reply("ok"), text_reply("ok")])
    wiring = build_agent(data_dir=tmp_path / "data", llm=llm, environ=HINT_MODE)

    await wiring.agent.run("Tell me something about the customers")
    await wiring.agent.run("Tell me a joke")  # names no table: the whole schema
    await wiring.agent.conversation_store.close()

    linked, whole = (request.system_prompt or "" for request in llm.requests)
    assert "\ncustomers(customer_id INTEGER PK" in linked
    assert "order_items(" not in linked and "products(" not in linked
    assert "Values of customers.country: " in linked
    assert "order_items(" in whole and "products(" in whole


async def test_good_keeps_the_last_answered_question_and_its_sql(tmp_path: Path) -> None:
    sql = "SELECT COUNT(*) AS n FROM orders WHERE status = 'shipped'"
    llm = ScriptedLlmService(
        [tool_call_reply("run_sql", {"sql": sql}), text_reply("188 orders are on their way.")]
    )
    data = tmp_path / "data"
    wiring = build_agent(data_dir=data, llm=llm, environ=HINT_MODE)
    agent = wiring.agent

    nothing = await agent.run("/good")
    first = await agent.run("Tell me what is on its way")
    saved = await agent.run("/good", conversation_id=first.conversation_id)
    help_text = await agent.run("/help")
    await agent.conversation_store.close()

    assert shown(nothing).startswith("Nothing to save yet")
    assert shown(saved) == (
        "Saved as an example for similar questions: **Tell me what is on its way**"
    )
    assert stored(tmp_path) == [("Tell me what is on its way", sql)]
    assert "`/good` — keep the last question and its SQL as an example" in shown(help_text)
    assert len(llm.requests) == 2  # the commands never reached the model


def shown(result: RunResult) -> str:
    """The text a command answered with (its components: a command is no model answer)."""
    texts = (getattr(c.rich_component, "content", "") for c in result.components)
    return "\n".join(text for text in texts if text)


async def first_prompt(tmp_path: Path, db: str | None) -> str:
    """The system prompt the model gets for a question about ``db`` the planner cannot read."""
    llm = ScriptedLlmService([text_reply("ok")])
    wiring = build_agent(data_dir=tmp_path / "data", llm=llm, db=db, environ=HINT_MODE)
    await wiring.agent.run("Tell me about the parcels moved")
    await wiring.agent.conversation_store.close()
    return llm.requests[0].system_prompt or ""


def other_database(tmp_path: Path) -> str:
    """A second database, nothing like the sample."""
    path = tmp_path / "fleet.sqlite3"
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE shipments (shipment_id INTEGER PRIMARY KEY, carrier TEXT)")
        connection.execute("INSERT INTO shipments VALUES (1, 'Gullwing Freight')")
    return str(path)


def test_doc_list_and_remove(tmp_path: Path) -> None:
    doc = tmp_path / "shop.md"
    doc.write_text("# orders\nOne row per order.\n- status: shipped or cancelled\n", "utf-8")
    sql = "SELECT COUNT(*) FROM products"

    kept = run(tmp_path, ["train", "--doc", str(doc)])
    added = run(tmp_path, ["train", "-q", "How many products?", "--sql", sql])
    listed = run(tmp_path, ["train", "--list"])

    assert kept.exit_code == 0 and added.exit_code == 0, kept.output + added.output
    doc_id = kept.output.split()[2]
    (pair,) = sample_store(tmp_path).examples().pairs
    lines = listed.output.splitlines()
    assert lines[0].startswith(f"Training for sqlite://{tmp_path / 'data' / 'sample.sqlite3'}")
    assert f"  {pair.id}  pair      How many products?  ->  {sql}" in lines
    assert f"  {doc_id}  document  shop.md (3 lines)" in lines
    assert [d.text for d in sample_store(tmp_path).docs()] == [doc.read_text("utf-8")]

    removed = run(tmp_path, ["train", "--remove", pair.id])
    unknown = run(tmp_path, ["train", "--remove", pair.id])
    assert (
        removed.exit_code == 0 and f"Removed pair {pair.id}: How many products?" in removed.output
    )
    assert unknown.exit_code == 1 and "No pair or document" in unknown.output
    assert run(tmp_path, ["train", "--remove", doc_id]).exit_code == 0
    assert "Nothing yet" in run(tmp_path, ["train", "--list"]).output


@pytest.mark.parametrize(
    ("name", "content", "error"),
    [
        ("empty.md", b"  \n", "the document is empty"),
        ("binary.md", b"\xff\xfe\x00bad", "not UTF-8 text"),
        ("broken.yaml", b"tables: [unclosed\n", "not valid YAML"),
        ("list.yml", b"- just\n- a list\n", "must be a mapping"),
        ("huge.md", b"x" * 70_000, "a document is at most"),
    ],
    ids=["empty", "binary", "bad-yaml", "yaml-list", "too-long"],
)
def test_a_bad_document_is_refused_and_nothing_is_kept(
    tmp_path: Path, name: str, content: bytes, error: str
) -> None:
    path = tmp_path / name
    path.write_bytes(content)
    result = run(tmp_path, ["train", "--doc", str(path)])
    assert result.exit_code == 2 and error in result.output
    assert sample_store(tmp_path).docs() == []
    missing = run(tmp_path, ["train", "--doc", str(tmp_path / "nope.md")])
    assert missing.exit_code == 2 and "nope.md" in missing.output


def test_one_thing_at_a_time(tmp_path: Path) -> None:
    result = run(tmp_path, ["train", "--list", "--remove", "p1234567"])
    assert result.exit_code == 2 and "Give one of" in result.output


def test_one_databases_pairs_and_docs_never_reach_anothers_prompt(tmp_path: Path) -> None:
    fleet = other_database(tmp_path)
    doc = tmp_path / "fleet.md"
    doc.write_text("# shipments\nA carrier is the company that moves a parcel.\n", "utf-8")
    fleet_sql = "SELECT COUNT(*) FROM shipments"
    shop_sql = "SELECT COUNT(*) FROM customers"
    assert (
        run(
            tmp_path, ["train", "--db", fleet, "-q", "How many parcels moved?", "--sql", fleet_sql]
        ).exit_code
        == 0
    )
    assert run(tmp_path, ["train", "--db", fleet, "--doc", str(doc)]).exit_code == 0
    assert (
        run(
            tmp_path, ["train", "-q", "How many parcels of customers?", "--sql", shop_sql]
        ).exit_code
        == 0
    )

    prompts = {db: asyncio.run(first_prompt(tmp_path, db)) for db in (None, fleet)}

    assert f"SQL: {fleet_sql}" in prompts[fleet] and f"SQL: {shop_sql}" not in prompts[fleet]
    assert "A carrier is the company that moves a parcel." in prompts[fleet]
    assert f"SQL: {shop_sql}" in prompts[None] and f"SQL: {fleet_sql}" not in prompts[None]
    assert "carrier" not in prompts[None]
