"""The jaffle shop's questions (jaffle.md): the fifth held-out database, chosen after TPC-DS
had been looked at.  Written from jafgen's data model and a look at the built rows (its
stores, menu and supplies) by a helper who never read the linker's code, before the agent
was ever run on it; every gold SQL was checked with sqlite3 alone.  Money is stored in
cents; the gold answers give dollars, as jaffle.md's "revenue" does."""

from __future__ import annotations

from .questions import Question

_ORDER_STORE = "raw_orders o JOIN raw_stores s ON s.id = o.store_id"
_ORDER_CUSTOMER = "raw_orders o JOIN raw_customers c ON c.id = o.customer"
_ITEM_PRODUCT = "raw_items i JOIN raw_products p ON p.sku = i.sku"
_ITEM_ORDER_STORE = (
    "raw_items i JOIN raw_products p ON p.sku = i.sku "
    "JOIN raw_orders o ON o.id = i.order_id JOIN raw_stores s ON s.id = o.store_id"
)
_DOLLARS = "ROUND(SUM(o.order_total) / 100.0, 2)"  # revenue, as jaffle.md defines it


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


JAFFLE = [
    Question("How many customers are there?", "SELECT COUNT(*) FROM raw_customers"),
    Question("How many orders have we received?", "SELECT COUNT(*) FROM raw_orders"),
    Question("How many stores do we have?", "SELECT COUNT(*) FROM raw_stores"),
    Question("How many products are on the menu?", "SELECT COUNT(*) FROM raw_products"),
    Question("How many tweets have customers posted about us?",
             "SELECT COUNT(*) FROM raw_tweets"),
    Question("How many items have we sold in total?", "SELECT COUNT(*) FROM raw_items"),
    Question("How many different supplies do we use?",
             "SELECT COUNT(DISTINCT id) FROM raw_supplies"),
    Question("How many orders were placed at the Brooklyn store?",
             f"SELECT COUNT(*) FROM {_ORDER_STORE} WHERE s.name = 'Brooklyn'"),
    Question("How many jaffles are on the menu?",
             "SELECT COUNT(*) FROM raw_products WHERE type = 'jaffle'"),
    Question("How many tangaroos have we sold?",
             f"SELECT COUNT(*) FROM {_ITEM_PRODUCT} WHERE p.name = 'tangaroo'"),
    Question("How many orders did Edward Bush place?",
             f"SELECT COUNT(*) FROM {_ORDER_CUSTOMER} WHERE c.name = 'Edward Bush'"),
    Question("How many of our supplies are perishable?",
             "SELECT COUNT(DISTINCT id) FROM raw_supplies WHERE perishable = 'True'"),
    Question("When did the Chicago store open?",
             "SELECT substr(opened_at, 1, 10) FROM raw_stores WHERE name = 'Chicago'"),
    Question("How many orders were placed in 2019?",
             "SELECT COUNT(*) FROM raw_orders WHERE ordered_at LIKE '2019%'"),
    Question("How many orders were placed in December 2018?",
             "SELECT COUNT(*) FROM raw_orders WHERE ordered_at LIKE '2018-12%'"),
    Question("How many tweets were posted in July 2019?",
             "SELECT COUNT(*) FROM raw_tweets WHERE tweeted_at LIKE '2019-07%'"),
    Question("What was our revenue in 2018?",
             f"SELECT {_DOLLARS} FROM raw_orders o WHERE o.ordered_at LIKE '2018%'"),
    Question("What was the revenue in March 2019?",
             f"SELECT {_DOLLARS} FROM raw_orders o WHERE o.ordered_at LIKE '2019-03%'"),
    Question("What is our total revenue?", f"SELECT {_DOLLARS} FROM raw_orders o"),
    Question("What is the average order value in dollars?",
             "SELECT ROUND(AVG(order_total) / 100.0, 2) FROM raw_orders"),
    Question("How much tax have we collected in total?",
             "SELECT ROUND(SUM(tax_paid) / 100.0, 2) FROM raw_orders"),
    Question("What is the total revenue of the Philadelphia store?",
             f"SELECT {_DOLLARS} FROM {_ORDER_STORE} WHERE s.name = 'Philadelphia'"),
    Question("What is the average price of a beverage?",
             "SELECT ROUND(AVG(price) / 100.0, 2) FROM raw_products WHERE type = 'beverage'"),
    Question("How much does the krautback cost?",
             "SELECT price / 100.0 FROM raw_products WHERE name = 'the krautback'"),
    Question("How much has Edward Bush spent with us?",
             f"SELECT {_DOLLARS} FROM {_ORDER_CUSTOMER} WHERE c.name = 'Edward Bush'"),
    Question("What is the most expensive product on the menu?",
             "SELECT name FROM raw_products ORDER BY price DESC LIMIT 1"),
    Question("What is our cheapest drink?",
             "SELECT name FROM raw_products WHERE type = 'beverage' ORDER BY price LIMIT 1"),
    Question("Which supply costs us the most?",
             "SELECT name FROM raw_supplies ORDER BY cost DESC LIMIT 1"),
    Question("How many orders did each store take?",
             f"SELECT COUNT(*) FROM {_ORDER_STORE} GROUP BY s.id", column=True),
    Question("What was the revenue of each store?",
             f"SELECT {_DOLLARS} FROM {_ORDER_STORE} GROUP BY s.id", column=True),
    Question("How many items of each product type did we sell?",
             f"SELECT COUNT(*) FROM {_ITEM_PRODUCT} GROUP BY p.type", column=True),
    Question("How many orders were placed each month in 2019?",
             "SELECT COUNT(*) FROM raw_orders WHERE ordered_at LIKE '2019%' "
             "GROUP BY substr(ordered_at, 1, 7)", column=True),
    Question("What are the top 3 best-selling products?",
             f"SELECT p.name FROM {_ITEM_PRODUCT} GROUP BY p.sku "
             f"ORDER BY COUNT(*) DESC LIMIT 3", column=True),
    Question("Who are our top 5 customers by revenue?",
             f"SELECT c.name FROM {_ORDER_CUSTOMER} GROUP BY c.id "
             f"ORDER BY SUM(o.order_total) DESC LIMIT 5", column=True),
    Question("Which customer placed the most orders?",
             f"SELECT c.name FROM {_ORDER_CUSTOMER} GROUP BY c.id "
             f"ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which customer tweeted the most?",
             "SELECT c.name FROM raw_tweets t JOIN raw_customers c ON c.id = t.user_id "
             "GROUP BY c.id ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which store has the highest revenue?",
             f"SELECT s.name FROM {_ORDER_STORE} GROUP BY s.id "
             f"ORDER BY SUM(o.order_total) DESC LIMIT 1"),
    Question("Which jaffle sold the most?",
             f"SELECT p.name FROM {_ITEM_PRODUCT} WHERE p.type = 'jaffle' GROUP BY p.sku "
             f"ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which product brought in the most revenue?",
             f"SELECT TRIM(p.name) FROM {_ITEM_PRODUCT} GROUP BY p.sku "
             f"ORDER BY SUM(p.price) DESC LIMIT 1"),
    Question("How many orders included a flame impala?",
             f"SELECT COUNT(DISTINCT i.order_id) FROM {_ITEM_PRODUCT} "
             f"WHERE p.name = 'flame impala'"),
    Question("How many vanilla ices were sold at the Brooklyn store?",
             f"SELECT COUNT(*) FROM {_ITEM_ORDER_STORE} "
             f"WHERE p.name = 'vanilla ice' AND s.name = 'Brooklyn'"),
    Question("Which stores have never had an order?",
             "SELECT name FROM raw_stores WHERE id NOT IN (SELECT store_id FROM raw_orders) "
             "ORDER BY name", column=True),
    Question("How many customers have never tweeted?",
             "SELECT COUNT(*) FROM raw_customers WHERE id NOT IN "
             "(SELECT user_id FROM raw_tweets)"),
    Question("How many customers placed more than 100 orders?",
             "SELECT COUNT(*) FROM (SELECT customer FROM raw_orders GROUP BY customer "
             "HAVING COUNT(*) > 100)"),
    Question("What was our total revenue excluding tax?",
             "SELECT ROUND(SUM(subtotal) / 100.0, 2) FROM raw_orders"),
    Question("List the jaffles on our menu.",
             "SELECT name FROM raw_products WHERE type = 'jaffle' ORDER BY sku", column=True),
    Question("List the supplies that go into the flame impala.",
             "SELECT su.name FROM raw_supplies su JOIN raw_products p ON p.sku = su.sku "
             "WHERE p.name = 'flame impala' ORDER BY su.id", column=True),
    *_no(
        "What is Edward Bush's email address?",
        "How many employees work at the Brooklyn store?",
        "How many orders were paid with a gift card?",
        "Which supplier delivers our bread?",
        "How many calories are in the flame impala?",
        "Which of our customers are vegetarian?",
        "How many orders will we get in 2025?",
        "What is the population of Chicago?",
        "What's the weather like in Brooklyn today?",
        "Write a tweet advertising the tangaroo.",
        "¿Cuántos pedidos hubo en la tienda de Brooklyn?",
        "Combien de clients avons-nous ?",
    ),
]  # fmt: skip
