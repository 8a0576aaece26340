"""Two tables joined two ways — a batch's own key to the product it makes, and a table of
inputs joining batches to the products they use: a question that does not say the key's
own words ("output") is declined, not read through the key (which counts what each
product makes); one that says them, or a second way through a table of rows of their own
(a refund of an order, at a shop), is answered."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.sql.linking_schemas import Database, abstains, open_database, rows

SCHEMA = """
CREATE TABLE products (product_id INTEGER PRIMARY KEY, name TEXT);
INSERT INTO products VALUES (1, 'Flour'), (2, 'Bread'), (3, 'Cake'), (4, 'Sugar');
CREATE TABLE batches (batch_id INTEGER PRIMARY KEY,
                      output_product_id INTEGER REFERENCES products(product_id),
                      size INTEGER);
INSERT INTO batches VALUES (1, 2, 10), (2, 2, 12), (3, 3, 4), (4, 2, 9);
CREATE TABLE batch_inputs (batch_id INTEGER REFERENCES batches(batch_id),
                           product_id INTEGER REFERENCES products(product_id),
                           amount INTEGER, PRIMARY KEY (batch_id, product_id));
INSERT INTO batch_inputs VALUES (1, 1, 5), (2, 1, 6), (3, 1, 2), (3, 4, 1), (4, 1, 4);
CREATE TABLE shops (shop_id INTEGER PRIMARY KEY, name TEXT);
INSERT INTO shops VALUES (1, 'Corner'), (2, 'Market');
CREATE TABLE orders (order_id INTEGER PRIMARY KEY, shop_id INTEGER REFERENCES shops(shop_id));
INSERT INTO orders VALUES (1, 1), (2, 1), (3, 2);
CREATE TABLE refunds (order_id INTEGER PRIMARY KEY REFERENCES orders(order_id),
                      shop_id INTEGER REFERENCES shops(shop_id), amount INTEGER);
INSERT INTO refunds VALUES (2, 1, 5);
"""


@pytest.fixture
async def bakery(tmp_path: Path) -> Database:
    return await open_database(tmp_path, SCHEMA)


@pytest.mark.parametrize(
    "question",
    ["Which product is used in the most batches?",
     "How many batches use flour?",
     "Which product has the most batches?"],
)  # fmt: skip
async def test_a_key_beside_a_table_of_links_is_declined_unless_said(
    bakery: Database, question: str
) -> None:
    assert abstains(bakery, question)


async def test_the_key_said_or_the_only_way_is_answered(bakery: Database) -> None:
    assert rows(bakery, "Which output product has the most batches?") == [("Bread", 3)]
    assert rows(bakery, "Which shop has the most orders?") == [("Corner", 2)]
