"""parse_documentation: Markdown and YAML documents to descriptions and synonyms."""

from __future__ import annotations

import pytest

from hookline.sql.documentation import DatabaseDocs, DocumentationError, parse_documentation

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
