"""parse_documentation: Markdown and YAML documents to descriptions and synonyms, and
what the catalog takes from them (an amount documented in cents)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from hookline.sql import SqliteRunner
from hookline.sql.catalog import SqlCatalog
from hookline.sql.documentation import DatabaseDocs, DocumentationError, parse_documentation
from hookline.sql.linking import Abstention, read_question
from hookline.sql.plan import compile_plan

MARKDOWN = """\
# Invoice
One row per sale,
billed to a customer.
- Total: the amount charged, in dollars
- `BillingCountry` — where the invoice was sent

## Table: Employee
- Title: the job title, e.g. Title = 'Sales Support Agent'
- revenue = InvoiceLine.UnitPrice * InvoiceLine.Quantity

## Synonyms
- sales agent = Employee where Title = 'Sales Support Agent'
- "big spender": Customer.SupportRepId IS NOT NULL
"""

YAML = """\
tables:
  orders:
    description: One row per order.
    columns:
      status: shipped, delivered, cancelled or returned
      order_date: {description: the day the order was placed}
  customers: People who bought something.
synonyms:
  revenue: order_items.quantity * order_items.unit_price
  loyal customer: customers where signup_date < '2023-01-01'
"""


def test_markdown_tables_columns_and_synonyms() -> None:
    docs = parse_documentation(MARKDOWN)
    assert docs == DatabaseDocs(
        text=MARKDOWN,
        descriptions={
            "Invoice": "One row per sale, billed to a customer.",
            "Invoice.Total": "the amount charged, in dollars",
            "Invoice.BillingCountry": "where the invoice was sent",
            "Employee.Title": "the job title, e.g. Title = 'Sales Support Agent'",
        },
        synonyms={
            "revenue": "InvoiceLine.UnitPrice * InvoiceLine.Quantity",
            "sales agent": "Employee.Title = 'Sales Support Agent'",
            "big spender": "Customer.SupportRepId IS NOT NULL",
        },
    )


def test_yaml_is_detected_and_read() -> None:
    docs = parse_documentation(YAML)
    assert dict(docs.descriptions) == {
        "orders": "One row per order.",
        "orders.status": "shipped, delivered, cancelled or returned",
        "orders.order_date": "the day the order was placed",
        "customers": "People who bought something.",
    }
    assert dict(docs.synonyms) == {
        "revenue": "order_items.quantity * order_items.unit_price",
        "loyal customer": "customers.signup_date < '2023-01-01'",
    }
    assert docs.text == YAML


def test_comparisons_in_descriptions_are_not_synonyms() -> None:
    docs = parse_documentation("# t\n- price: must be >= 0\n- a != b\n")
    assert dict(docs.synonyms) == {}
    assert docs.descriptions["t.price"] == "must be >= 0"


def test_plain_text_has_no_structure_but_keeps_its_text() -> None:
    docs = parse_documentation("Just some notes about the data.\n")
    assert (docs.text, dict(docs.descriptions), dict(docs.synonyms)) == (
        "Just some notes about the data.\n",
        {},
        {},
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("tables: [a, b]\n", "tables: expected a mapping"),
        ("tables:\n  t: [1]\n", "tables.t: expected a description or a mapping"),
        ("tables:\n  t:\n    columns: 3\n", "tables.t.columns: expected a mapping"),
        ("synonyms: {a: [\n", "not valid YAML"),
    ],
    ids=["tables-list", "table-list", "columns-int", "broken"],
)
def test_bad_yaml_says_where(text: str, message: str) -> None:
    with pytest.raises(DocumentationError, match=message):
        parse_documentation(text)


async def test_an_amount_documented_in_cents_is_measured_in_whole_units(tmp_path: Path) -> None:
    """A column the document says is "in cents" is added up, averaged and ranked in whole
    units: the average price of 560 and 640 cents is 6, never 600."""
    path = tmp_path / "menu.db"
    with sqlite3.connect(path) as connection:
        connection.executescript("""
            CREATE TABLE dish (dish_id INTEGER PRIMARY KEY, dish_name TEXT, price INTEGER);
            INSERT INTO dish VALUES (1, 'Soup', 560), (2, 'Stew', 640);
        """)  # fmt: skip
    docs = parse_documentation("# DISH\n- Price: the menu price, in cents\n")
    catalog = await SqlCatalog.load(SqliteRunner(path), docs=docs)
    plain = await SqlCatalog.load(SqliteRunner(path))

    def answer(catalog: SqlCatalog, question: str) -> list[tuple[object, ...]]:
        plan = read_question(question, catalog)
        assert not isinstance(plan, Abstention), plan.message
        return connection.execute(compile_plan(plan, catalog)).fetchall()

    with sqlite3.connect(path) as connection:
        assert answer(catalog, "What is the average price of a dish?") == [(6.0,)]
        assert answer(catalog, "Which dish has the highest price?") == [("Stew", 6.4)]
        assert answer(plain, "What is the average price of a dish?") == [(600.0,)]
    assert docs.described("dish", "price") == "the menu price, in cents"


def test_a_list_item_wrapped_over_lines_is_one_description() -> None:
    docs = parse_documentation(
        "# stations\nOne row per station.\n"
        "- region: where it stands: NO North, SO South,\n"
        "  EA East, WE West\n"
        "  - zone: a nested item stays an item\n"
        "- name: its name\n"
    )

    assert docs.descriptions["stations.region"] == (
        "where it stands: NO North, SO South, EA East, WE West"
    )
    assert docs.descriptions["stations"] == "One row per station."
    assert docs.descriptions["stations.zone"] == "a nested item stays an item"
