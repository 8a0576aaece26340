"""read_question on the sample database: what it declines, and how it says so — never a
number for a question it has not understood."""

from __future__ import annotations

import asyncio
import sqlite3

import pytest

from hookline.sql import SqliteRunner, ensure_sample_database
from hookline.sql.catalog import SqlCatalog
from hookline.sql.linking import Abstention, link_question, read_question
from hookline.sql.plan import compile_plan
from hookline.sql.refusals import FREE_TEXT, FUTURE, NOT_ENGLISH, refusal


@pytest.fixture(scope="module")
def sample(tmp_path_factory: pytest.TempPathFactory) -> tuple[SqlCatalog, sqlite3.Connection]:
    path = ensure_sample_database(tmp_path_factory.mktemp("abstain") / "sample.sqlite3")
    catalog = asyncio.run(SqlCatalog.load(SqliteRunner(path)))
    return catalog, sqlite3.connect(path, check_same_thread=False)


@pytest.mark.parametrize(
    ("question", "message"),
    [
        ("¿Cuántos clientes hay en Italia?", NOT_ENGLISH),
        ("Wie viele Bestellungen gibt es?", NOT_ENGLISH),
        ("Combien de clients habitent en France ?", NOT_ENGLISH),
        ("How many orders will be placed next year?", FUTURE),
        ("What will revenue be in 2030?", FUTURE),
        ("Summarize this: customers love the catalogue.", FREE_TEXT),
        ("Write a poem about orders.", FREE_TEXT),
        ("Say something about sales", FREE_TEXT),  # English free text, not another language
        ("Tell me something about customers", FREE_TEXT),
        ("Write something interesting about products", FREE_TEXT),
    ],
)
def test_declined_before_linking(
    sample: tuple[SqlCatalog, sqlite3.Connection], question: str, message: str
) -> None:
    assert refusal(question) == message
    reading = read_question(question, sample[0])
    assert reading == Abstention(message=message)
    assert not any(ch.isdigit() for ch in reading.message)


def test_english_data_questions_are_not_refused() -> None:
    questions = ("How many customers are there?", "Which customer spent the most money?",
                 "Show revenue by category", "What was the total revenue in 2024?")  # fmt: skip
    assert [refusal(q) for q in questions] == [None] * 4


@pytest.mark.parametrize(
    ("question", "unknown", "table"),
    [
        ("What is the date of birth of Yara Okafor?", ("birth",), "customers"),
        ("Is it raining in Paris?", ("raining",), "customers"),  # a city of customers
        ("Is it raining?", ("raining",), None),
        ("What is the average rating of products?", ("rating",), "products"),
        ("Which warehouse shipped the most orders?", ("warehouse",), "orders"),
    ],
)
def test_a_word_naming_nothing_is_named_back(
    sample: tuple[SqlCatalog, sqlite3.Connection],
    question: str,
    unknown: tuple[str, ...],
    table: str | None,
) -> None:
    catalog, _ = sample
    reading = read_question(question, catalog)
    assert isinstance(reading, Abstention) and reading.unknown == unknown
    said = ", ".join(f"'{w}'" for w in unknown)
    assert reading.message.startswith(f"I don't know what {said} means in this database — ")
    if table is None:
        assert "its tables are: customers, order_items, orders, products" in reading.message
    else:
        columns = ", ".join(c.name for c in catalog.table_columns(table))
        assert f"the {table} table has: {columns}." in reading.message
    assert link_question(question, catalog) is None  # the model's, in hint mode


def test_small_talk_is_marked_for_the_model(sample: tuple[SqlCatalog, sqlite3.Connection]) -> None:
    reading = read_question("Hello, thanks!", sample[0])
    assert isinstance(reading, Abstention) and reading.small_talk


@pytest.mark.parametrize(
    ("question", "gold_sql"),
    [
        ("How many customers never placed an order?",
         "SELECT COUNT(*) FROM customers WHERE customer_id NOT IN "
         "(SELECT customer_id FROM orders)"),
        ("How many orders were placed excluding cancelled ones?",
         "SELECT COUNT(*) FROM orders WHERE status != 'cancelled'"),
        ("How many customers placed more than 5 orders?",
         "SELECT COUNT(*) FROM (SELECT customer_id FROM orders GROUP BY customer_id "
         "HAVING COUNT(*) > 5)"),
        ("How many orders were placed by customers from the country with the most customers?",
         "SELECT COUNT(*) FROM orders o JOIN customers c ON c.customer_id = o.customer_id "
         "WHERE c.country = (SELECT country FROM customers GROUP BY country "
         "ORDER BY COUNT(*) DESC LIMIT 1)"),
        ("How many products cost more than 200?",
         "SELECT COUNT(*) FROM products WHERE unit_price > 200"),
    ],
)  # fmt: skip
def test_compound_questions_it_compiles(
    sample: tuple[SqlCatalog, sqlite3.Connection], question: str, gold_sql: str
) -> None:
    catalog, connection = sample
    plan = read_question(question, catalog)
    assert not isinstance(plan, Abstention), plan.message
    assert connection.execute(compile_plan(plan, catalog)).fetchall() == (
        connection.execute(gold_sql).fetchall()
    )


def test_a_named_column_the_plan_would_ignore_abstains(
    sample: tuple[SqlCatalog, sqlite3.Connection],
) -> None:
    """ "email" names a column; counting customers would not read it."""
    reading = read_question("How many customers have an email?", sample[0])
    assert isinstance(reading, Abstention)


@pytest.mark.parametrize(
    ("question", "ignored"),
    [
        ("How many customers placed their first order in the same month they signed up?",
         ("first", "same")),
        ("How many customers placed their first order in the same year they signed up?",
         ("first", "same")),
        ("How many customers ordered for the first time in the month they signed up?",
         ("first",)),
        ("What is the average number of items per order?", ("per",)),  # not per order line
        ("How many items does an order have on average?", ("average",)),  # not a SUM
    ],
)  # fmt: skip
def test_a_word_the_plan_would_ignore_is_named_back(
    sample: tuple[SqlCatalog, sqlite3.Connection], question: str, ignored: tuple[str, ...]
) -> None:
    catalog, _ = sample
    reading = read_question(question, catalog)
    assert isinstance(reading, Abstention) and reading.unknown == ignored
    said = ", ".join(f"'{w}'" for w in ignored)
    assert reading.message.startswith(f"I could not answer that: I don't know how to use {said}")
    assert not any(ch.isdigit() for ch in reading.message)


@pytest.mark.parametrize(
    ("question", "gold_sql"),
    [
        ("What is the average quantity per order item?",
         "SELECT ROUND(AVG(quantity), 6) FROM order_items"),
        ("Which 3 customers placed the most orders?",
         "SELECT COUNT(*) FROM orders GROUP BY customer_id ORDER BY COUNT(*) DESC LIMIT 1"),
        ("How many customers have the first name Yara?",
         "SELECT COUNT(*) FROM customers WHERE first_name = 'Yara'"),
    ],
)  # fmt: skip
def test_the_same_words_are_read_where_the_plan_uses_them(
    sample: tuple[SqlCatalog, sqlite3.Connection], question: str, gold_sql: str
) -> None:
    catalog, connection = sample
    reading = read_question(question, catalog)
    assert not isinstance(reading, Abstention), reading
    shown = connection.execute(compile_plan(reading, catalog)).fetchall()
    gold = connection.execute(gold_sql).fetchone()
    assert gold is not None and any(gold[0] in row for row in shown), (shown, gold)
