"""A count answers only a question that asks for a number ("how many", "the number of"):
"the phone number of <a row>" names a value of one row, and "list ..." asks for rows."""

from __future__ import annotations

from pathlib import Path

from hookline.sql.linking import read_question
from hookline.sql.number_asks import counts_rows, number_of_rows, unasked_count
from hookline.sql.plan import QueryPlan
from tests.sql.linking_schemas import abstains, open_database, rows

LODGES = """
CREATE TABLE lodges (id INTEGER PRIMARY KEY, name TEXT, town TEXT);
INSERT INTO lodges VALUES (1, 'Pine Lodge', 'Arlen'), (2, 'Oak Lodge', 'Brisk'),
    (3, 'Elm Lodge', 'Arlen');
CREATE TABLE lodge_contacts (lodge INTEGER REFERENCES lodges(id), kind TEXT, detail TEXT);
INSERT INTO lodge_contacts VALUES (1, 'phone', '+3210'), (1, 'email', 'pine@x.org'),
    (2, 'phone', '+3220'), (3, 'fax', '+3230');
CREATE TABLE sigils (lodge INTEGER REFERENCES lodges(id), kind TEXT, value INTEGER);
INSERT INTO sigils VALUES (1, 'a', 7), (2, 'a', 9), (3, 'b', 4), (3, 'a', 5);
"""


def test_number_of_counts_only_after_a_counting_word() -> None:
    assert number_of_rows(["what", "is", "the", "number", "of", "lodges"])
    assert number_of_rows(["number", "of", "lodges", "in", "arlen"])
    assert number_of_rows(["top", "5", "towns", "by", "number", "of", "lodges"])
    assert not number_of_rows(["what", "is", "the", "phone", "number", "of", "pine", "lodge"])
    assert not number_of_rows(["what", "is", "the", "sigil", "number", "of", "pine", "lodge"])
    assert counts_rows(["how", "many", "lodges", "are", "there"])
    assert not counts_rows(["list", "the", "lodges", "in", "arlen"])


async def test_a_noun_number_of_a_row_is_never_a_count(tmp_path: Path) -> None:
    database = await open_database(tmp_path, LODGES)
    for question in (
        "What is the phone number of the lodge in Brisk?",
        "What is the sigil number of Pine Lodge?",
    ):
        plan = read_question(question, database[0])
        assert not (isinstance(plan, QueryPlan) and plan.kind in ("count", "count_distinct"))
    assert abstains(database, "What is the sigil number of Pine Lodge?")
    assert rows(database, "How many lodges are there in Arlen?") == [(2,)]
    assert rows(database, "What is the number of lodges in Arlen?") == [(2,)]


def test_a_count_plan_for_a_list_question_is_declined() -> None:
    count = QueryPlan(kind="count", table="lodges")
    assert unasked_count("List the lodges in Arlen.", count) is not None
    assert unasked_count("What is the sigil number of Pine Lodge?", count) is not None
    assert unasked_count("How many lodges are in Arlen?", count) is None
    listed = QueryPlan(kind="rows", table="lodges")
    assert unasked_count("List the lodges in Arlen.", listed) is None
