"""A PostgreSQL database with json, jsonb, array and bytea columns: the catalog reads them
but never compares them, and the sample-style questions are answered (issue 31: every
question failed with "could not identify an equality operator for type json")."""

from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator

import pytest

from hookline.sql import PostgresRunner
from hookline.sql.catalog import SqlCatalog
from hookline.sql.linking import Abstention, read_question
from hookline.sql.plan import compile_plan
from tests.security.sql_support import dsn_for, reader_role

asyncpg = pytest.importorskip("asyncpg", reason="the postgres-sql extra is not installed")

DSN = os.environ.get("HOOKLINE_TEST_POSTGRES_DSN", "postgresql://postgres@127.0.0.1:5432/test")


@pytest.fixture
async def runner() -> AsyncIterator[PostgresRunner]:
    """A private schema with customers, products and orders carrying JSON, arrays, bytes."""
    try:
        connection = await asyncpg.connect(DSN, timeout=5)
    except (OSError, asyncpg.PostgresError) as exc:
        pytest.skip(f"PostgreSQL is not reachable at {DSN}: {exc}")
    name = f"hl_json_{uuid.uuid4().hex[:10]}"
    await connection.execute(
        f"""
        CREATE SCHEMA {name};
        CREATE TABLE {name}.customers (
            customer_id integer PRIMARY KEY, first_name text, last_name text, country text,
            profile json, settings jsonb, tags text[], photo bytea);
        CREATE TABLE {name}.products (
            product_id integer PRIMARY KEY, name text, category text, unit_price numeric,
            attributes jsonb, sizes integer[]);
        CREATE TABLE {name}.orders (
            order_id integer PRIMARY KEY,
            customer_id integer REFERENCES {name}.customers (customer_id),
            product_id integer REFERENCES {name}.products (product_id),
            quantity integer, status text, order_date date, payload json);
        INSERT INTO {name}.customers
            SELECT i, 'First' || i, 'Last' || i, (ARRAY['Italy', 'Japan', 'Peru'])[1 + i % 3],
                   json_build_object('age', i), jsonb_build_object('theme', 'dark'),
                   ARRAY['a', 'b'], '\\x0001'::bytea
            FROM generate_series(1, 30) i;
        INSERT INTO {name}.products
            SELECT i, 'Product ' || i, (ARRAY['Books', 'Toys'])[1 + i % 2], i * 2.5,
                   jsonb_build_object('color', 'red'), ARRAY[1, 2]
            FROM generate_series(1, 10) i;
        INSERT INTO {name}.orders
            SELECT i, CASE WHEN i > 185 THEN 7 ELSE 1 + i % 30 END, 1 + i % 10, 1 + i % 4,
                   (ARRAY['shipped', 'cancelled'])[1 + (i % 5 = 0)::int],
                   DATE '2023-06-01' + i * 3, json_build_object('n', i)
            FROM generate_series(1, 200) i;
        """
    )
    try:
        async with reader_role(connection, schemas=(name,)) as role:  # never a superuser
            runner = PostgresRunner(dsn_for(role, DSN), schema=name)
            try:
                yield runner
            finally:
                await runner.close()
    finally:
        await connection.execute(f"DROP SCHEMA {name} CASCADE")
        await connection.close()


QUESTIONS = [
    ("How many customers are there?", "SELECT COUNT(*) FROM customers"),
    ("How many customers live in Japan?", "SELECT COUNT(*) FROM customers WHERE country = 'Japan'"),
    ("How many orders were cancelled?", "SELECT COUNT(*) FROM orders WHERE status = 'cancelled'"),
    ("How many orders were placed in 2024?",
     "SELECT COUNT(*) FROM orders WHERE order_date >= DATE '2024-01-01' "
     "AND order_date < DATE '2025-01-01'"),
    ("Which country has the most customers?",
     "SELECT country FROM customers GROUP BY country ORDER BY COUNT(*) DESC, country LIMIT 1"),
    ("What is the most expensive product?",
     "SELECT name FROM products ORDER BY unit_price DESC LIMIT 1"),
    ("Which customer placed the most orders?",
     "SELECT c.first_name || ' ' || c.last_name FROM orders o JOIN customers c "
     "ON c.customer_id = o.customer_id GROUP BY c.customer_id "
     "ORDER BY COUNT(*) DESC, c.customer_id LIMIT 1"),
    ("How many products are in the Books category?",
     "SELECT COUNT(*) FROM products WHERE category = 'Books'"),
    ("What is the average unit price of products?",
     "SELECT ROUND(AVG(unit_price), 2) FROM products"),
]  # fmt: skip


async def test_json_array_and_binary_columns_are_read_never_compared(
    runner: PostgresRunner,
) -> None:
    catalog = await SqlCatalog.load(runner)

    opaque = {(c.table, c.name) for c in catalog.columns if c.opaque}
    assert opaque == {
        ("customers", "profile"), ("customers", "settings"), ("customers", "tags"),
        ("customers", "photo"), ("products", "attributes"), ("products", "sizes"),
        ("orders", "payload"),
    }  # fmt: skip
    assert all(not c.values for c in catalog.columns if c.opaque)
    indexed = {(table, column) for table, column, _ in catalog.index.values}
    assert not indexed & opaque
    assert sorted(catalog.column("customers", "country").values) == ["Italy", "Japan", "Peru"]


@pytest.mark.parametrize(("question", "gold_sql"), QUESTIONS, ids=[q for q, _ in QUESTIONS])
async def test_sample_style_questions_are_answered(
    runner: PostgresRunner, question: str, gold_sql: str
) -> None:
    catalog = await SqlCatalog.load(runner)
    plan = read_question(question, catalog)
    assert not isinstance(plan, Abstention), plan.message
    result = await runner.run(compile_plan(plan, catalog), max_rows=10, timeout_s=5.0)
    gold = await runner.run(gold_sql, max_rows=10, timeout_s=5.0)
    assert result.rows[0][0] == gold.rows[0][0] or str(gold.rows[0][0]) in map(
        str, result.rows[0]
    ), (result.rows, gold.rows)
