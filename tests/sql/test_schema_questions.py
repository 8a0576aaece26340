"""Questions about the schema itself are recognised whole (a data question that mentions
tables is not one) and answered from ``describe()``: tables, one table's columns with
types and keys, the database at a glance."""

from __future__ import annotations

import pytest

from hookline.sql import SqliteRunner
from hookline.sql.runner import DatabaseSchema
from hookline.sql.schema_questions import schema_answer, schema_facts

TABLES = "The database has 4 tables: **customers**, **order_items**, **orders**, **products**."


@pytest.fixture
async def schema(sample_runner: SqliteRunner) -> DatabaseSchema:
    return await sample_runner.describe()


@pytest.mark.parametrize(
    "question",
    ["What tables are there?", "What tables are in the database?", "Which tables do you have?",
     "list the tables", "Show me all tables in the database.", "What are the tables?",
     "Tables?", "What tables exist?"],
)  # fmt: skip
def test_the_tables(schema: DatabaseSchema, question: str) -> None:
    answer = schema_answer(question, schema)
    assert answer is not None and answer.startswith(TABLES)


@pytest.mark.parametrize(
    "question",
    ["What columns does orders have?", "Which fields are in orders?", "Describe the orders table",
     "What are the columns of order?", "describe orders"],
)  # fmt: skip
def test_one_tables_columns(schema: DatabaseSchema, question: str) -> None:
    assert schema_answer(question, schema) == (
        "**orders** has 4 columns: order_id (INTEGER, primary key), customer_id (INTEGER, "
        "refers to customers.customer_id), order_date (TEXT), status (TEXT)."
    )


def test_the_database_at_a_glance(schema: DatabaseSchema) -> None:
    answer = schema_answer("Describe the database", schema)
    assert answer is not None
    assert answer.splitlines()[:3] == [
        "The database (sqlite) has 4 tables:",
        "- **customers**: customer_id, first_name, last_name, email, city, country, signup_date",
        "- **order_items**: order_item_id, order_id, product_id, quantity, unit_price "
        "(linked to orders, products)",
    ]
    assert schema_answer("What's in the database?", schema) == answer


@pytest.mark.parametrize(
    "question",
    ["Which tables have a customer_id column?", "Which table has the most rows?",
     "What tables are linked to orders?", "What columns does invoices have?",
     "How many orders are there?", "Describe the data in orders by month"],
)  # fmt: skip
def test_other_questions_are_not_schema_questions(schema: DatabaseSchema, question: str) -> None:
    assert schema_answer(question, schema) is None


def test_the_facts_hold_every_name_and_count(schema: DatabaseSchema) -> None:
    facts = schema_facts(schema)
    assert facts.startswith("4 tables\ncustomers: 7 columns\ncustomers.customer_id INTEGER")
    assert "order_items.product_id -> products.product_id" in facts
