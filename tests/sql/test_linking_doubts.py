"""Plans that read every word and still answer another question, on a small star schema
of prefixed columns (a sales fact and a refunds fact around their dimensions): the head
noun of "refund causes", a group column of the counted rows' own prefix, a documented
synonym of a text column, "how many sales" when sales is money, a yes/no group column,
a time no condition reads, a year of the wrong rows, and a state two tables have.  Each
answer is right, or the linker abstains; never a confident wrong one."""

from __future__ import annotations

from pathlib import Path

import pytest

from hookline.sql.catalog import Measure
from hookline.sql.documentation import parse_documentation
from hookline.sql.doubts import plan_doubts
from hookline.sql.plan import QueryPlan
from hookline.sql.plan_reading import PlanReading
from tests.sql.linking_schemas import Database, abstains, open_database, rows

STAR = """
CREATE TABLE shop (sh_shop_sk INTEGER PRIMARY KEY, sh_shop_name TEXT, sh_state TEXT);
CREATE TABLE home (h_home_sk INTEGER PRIMARY KEY, h_city TEXT, h_state TEXT);
CREATE TABLE member (m_member_sk INTEGER PRIMARY KEY, m_first_name TEXT, m_last_name TEXT,
                     m_birth_year INTEGER);
CREATE TABLE cause (cs_cause_sk INTEGER PRIMARY KEY, cs_cause_desc TEXT);
CREATE TABLE day_dim (dd_day_sk INTEGER PRIMARY KEY, dd_date TEXT, dd_year INTEGER,
                      dd_day_name TEXT, dd_current_week TEXT);
CREATE TABLE promo (pr_promo_sk INTEGER PRIMARY KEY, pr_promo_name TEXT,
                    pr_start_sk INTEGER REFERENCES day_dim (dd_day_sk),
                    pr_end_sk INTEGER REFERENCES day_dim (dd_day_sk));
CREATE TABLE shop_sales (ss_day_sk INTEGER REFERENCES day_dim (dd_day_sk),
                         ss_shop_sk INTEGER REFERENCES shop (sh_shop_sk),
                         ss_home_sk INTEGER REFERENCES home (h_home_sk),
                         ss_member_sk INTEGER REFERENCES member (m_member_sk),
                         ss_quantity INTEGER, ss_paid REAL);
CREATE TABLE shop_refunds (sr_day_sk INTEGER REFERENCES day_dim (dd_day_sk),
                           sr_shop_sk INTEGER REFERENCES shop (sh_shop_sk),
                           sr_home_sk INTEGER REFERENCES home (h_home_sk),
                           sr_cause_sk INTEGER REFERENCES cause (cs_cause_sk),
                           sr_amount REAL);
INSERT INTO shop VALUES (1, 'Northgate', 'OH'), (2, 'Riverside', 'OH'), (3, 'Lakeview', 'MI');
INSERT INTO home VALUES (1, 'Austin', 'TX'), (2, 'Dallas', 'TX'), (3, 'Macon', 'GA'),
  (4, 'Tulsa', 'OK');
INSERT INTO member VALUES (1, 'Ada', 'Moss', 2023), (2, 'Bo', 'Lind', 1990);
INSERT INTO cause VALUES (1, 'Broken'), (2, 'Too small'), (3, 'Gift'), (4, 'Late');
INSERT INTO day_dim VALUES (1, '2023-03-03', 2023, 'Friday', 'N'),
  (2, '2024-03-02', 2024, 'Saturday', 'N'), (3, '2024-03-03', 2024, 'Sunday', 'N'),
  (4, '2024-03-04', 2024, 'Monday', 'N');
INSERT INTO promo VALUES (1, 'Spring', 1, 2), (2, 'Summer', 3, 4);
INSERT INTO shop_sales VALUES (1, 1, 1, 1, 2, 30.0), (1, 1, 3, 1, 1, 5.0), (1, 2, 4, 2, 1, 7.0),
  (2, 2, 3, 2, 3, 300.0), (4, 1, 1, 2, 1, 2.0), (2, 1, 2, 1, 1, 9.0);
INSERT INTO shop_refunds VALUES (2, 2, 3, 1, 100.0), (3, 1, 1, 2, 15.0), (3, 1, 1, 1, 2.0);
"""
"""Surrogate keys ending in _sk, every column of a table behind its own prefix; a state
of the shops and of the homes, a member's birth year, a promotion's start and end day."""

DOCS = """
# shop_sales
One row per item on a ticket (a sale).

# shop_refunds
One row per item brought back (a refund).

# cause
One row per reason a customer gives for a refund.

## Synonyms
- sales = shop_sales.ss_paid
- state = home.h_state
"""


@pytest.fixture
async def star(tmp_path: Path) -> Database:
    return await open_database(tmp_path, STAR)


@pytest.fixture
async def documented(tmp_path: Path) -> Database:
    (tmp_path / "documented").mkdir()
    catalog, connection = await open_database(tmp_path / "documented", STAR)
    catalog.docs, catalog.cache = parse_documentation(DOCS), {}
    return catalog, connection


# -- the head noun of a compound is what is counted -------------------------------------


async def test_a_compound_counts_its_head_noun(star: Database) -> None:
    assert rows(star, "How many refund causes are there?") == [(4,)]
    assert rows(star, "How many shop refunds are there?") == [(3,)]


async def test_a_modifier_is_never_what_is_counted(star: Database) -> None:
    assert abstains(star, "How many shop causes are there?")  # unrelated: not the shops
    assert abstains(star, "How many home sales are there?")  # the sales, not the homes


# -- the group column: the counted rows' own, or the one the documentation names -------


async def test_a_group_column_is_the_counted_rows_own(star: Database) -> None:
    assert rows(star, "Which state has the most homes?") == [("TX", 2)]
    assert rows(star, "Which state has the most shops?") == [("OH", 2)]


async def test_a_state_of_two_near_tables_abstains_unless_documented(
    star: Database, documented: Database
) -> None:
    assert abstains(star, "Which state has the most refunds?")  # the shop's, or the home's?
    assert abstains(star, "Which shop state has the most refunds?")
    assert rows(documented, "Which state has the most refunds?") == [("TX", 2)]


async def test_a_synonym_of_a_text_column_groups_never_sums(documented: Database) -> None:
    assert rows(documented, "Which state has the most homes?") == [("TX", 2)]


async def test_a_yes_no_column_is_no_group_of_a_word_it_shares(documented: Database) -> None:
    assert abstains(documented, "Which day of the week has the most sales?")


async def test_groups_joined_by_a_day_they_share_abstain(documented: Database) -> None:
    assert abstains(documented, "Which promo has the most sales?")  # no sale has a promo


# -- "how many sales" when sales is money: the sale rows --------------------------------


async def test_how_many_of_an_amount_counts_its_rows(documented: Database) -> None:
    assert rows(documented, "How many sales are there?") == [(6,)]
    assert rows(documented, "How many sales did each shop make?") == [
        ("Northgate", 4),
        ("Riverside", 2),
    ]
    assert rows(documented, "What were the total sales?") == [(353.0,)]
    assert rows(documented, "How many dollars of sales were there?") == [(353.0,)]


# -- a time: read by a condition on the rows' own date, or declined ---------------------


async def test_a_relative_time_is_declined(star: Database) -> None:
    assert abstains(star, "How many homes were there this year?")
    assert abstains(star, "How many refunds were there this month?")
    assert abstains(star, "How many causes were there in 2024?")  # causes have no date


async def test_a_year_is_the_rows_own_day_not_a_persons_birth_year(documented: Database) -> None:
    assert rows(documented, "How many sales were made in 2023?") == [(3,)]
    assert abstains(documented, "How many sales were made in 2023 or 2024?")  # one year read
    assert rows(documented, "How many sales were made since 2024?") == [(3,)]
    assert abstains(documented, "How many sales were made until 2023?")  # up to, not in
    assert abstains(documented, "How many sales were made by 2024?")
    assert rows(documented, "How many refunds were there in 2024?") == [(3,)]


async def test_a_year_is_never_a_birth_year_the_question_does_not_say(star: Database) -> None:
    assert abstains(star, "How many members signed up in 2023?")
    assert abstains(star, "How many members are there in 2023?")
    assert rows(star, "How many members were born in 1990?") == [(1,)]


async def test_a_year_of_two_days_to_choose_from_abstains(star: Database) -> None:
    assert abstains(star, "How many promos were there in 2024?")  # started, or ended?


# -- the doubts of hand-made plans --------------------------------------------------------


async def test_a_group_reached_through_child_rows_is_in_doubt(star: Database) -> None:
    catalog, _ = star
    plan = QueryPlan(kind="rank", table="home", column=catalog.column("shop", "sh_state"))
    assert plan_doubts(PlanReading("Which state has the most homes?", plan, catalog)) == ["state"]


async def test_a_sum_of_a_text_column_is_in_doubt(star: Database) -> None:
    catalog, _ = star
    state = Measure(name="state", table="home", sql="home.h_state", words=("state",))
    plan = QueryPlan(kind="rank", table="home", column=catalog.column("home", "h_city"),
                     measure=state)  # fmt: skip
    assert "state" in plan_doubts(PlanReading("Which city has the most state?", plan, catalog))


async def test_a_year_no_condition_reads_is_in_doubt(star: Database) -> None:
    catalog, _ = star
    plan = QueryPlan(kind="count", table="member")
    reading = PlanReading("How many members signed up in 2023?", plan, catalog)
    assert plan_doubts(reading) == ["2023"]


STOCKIST = """
CREATE TABLE item (it_item_sk INTEGER PRIMARY KEY, it_name TEXT, it_brand TEXT);
CREATE TABLE item_return (ir_item_sk INTEGER REFERENCES item (it_item_sk),
                          ir_return_quantity INTEGER);
INSERT INTO item VALUES (1, 'Lamp', 'Lumo'), (2, 'Fan', 'Lumo'), (3, 'Kettle', 'Brewa');
INSERT INTO item_return VALUES (3, 40), (1, 2);
"""
"""An item table, and a quantity of returned items on another table."""


async def test_the_most_items_counts_the_item_rows(tmp_path: Path) -> None:
    stockist = await open_database(tmp_path, STOCKIST)
    assert rows(stockist, "Which brand has the most items?") == [("Lumo", 2)]


BAZAAR = """
CREATE TABLE agent (agent_id INTEGER PRIMARY KEY, agent_name TEXT, city TEXT);
CREATE TABLE atelier (atelier_id INTEGER PRIMARY KEY, atelier_name TEXT, city TEXT);
CREATE TABLE ware (ware_id INTEGER PRIMARY KEY, ware_name TEXT,
                   atelier_id INTEGER REFERENCES atelier (atelier_id));
CREATE TABLE patron (patron_id INTEGER PRIMARY KEY, patron_name TEXT, city TEXT,
                     agent_id INTEGER REFERENCES agent (agent_id));
CREATE TABLE purchase (purchase_id INTEGER PRIMARY KEY,
                       patron_id INTEGER REFERENCES patron (patron_id));
CREATE TABLE purchase_line (line_id INTEGER PRIMARY KEY, qty INTEGER,
                            purchase_id INTEGER REFERENCES purchase (purchase_id),
                            ware_id INTEGER REFERENCES ware (ware_id));
INSERT INTO atelier VALUES (1, 'Loom', 'Lyon'), (2, 'Kiln', 'Porto');
INSERT INTO ware VALUES (1, 'Scarf', 1), (2, 'Bowl', 2);
INSERT INTO agent VALUES (1, 'Olle', 'Malmo');
INSERT INTO patron VALUES (1, 'Ines', 'Porto', 1), (2, 'Jan', 'Ghent', 1), (3, 'Kai', 'Ghent', 1);
INSERT INTO purchase VALUES (1, 1), (2, 2), (3, 3);
INSERT INTO purchase_line VALUES (1, 1, 1, 1), (2, 1, 1, 1), (3, 1, 1, 1), (4, 1, 2, 2),
  (5, 1, 3, 2);
"""
"""A city of the makers (reached from a purchase only through its lines), of the patrons
(a purchase's parent) and of the patrons' agents (a parent further up)."""


async def test_a_group_column_is_the_one_a_parent_has(tmp_path: Path) -> None:
    bazaar = await open_database(tmp_path, BAZAAR)
    assert rows(bazaar, "Which city has the most purchases?") == [("Ghent", 2)]
    # through the lines to the makers of their wares: each purchase once per maker
    assert rows(bazaar, "Which atelier has the most purchases?") == [("Kiln", 2)]


TILL = """
CREATE TABLE buyer (buyer_id INTEGER PRIMARY KEY, buyer_name TEXT);
CREATE TABLE ticket (ticket_id INTEGER PRIMARY KEY,
                     buyer_id INTEGER REFERENCES buyer (buyer_id));
CREATE TABLE ticket_line (line_id INTEGER PRIMARY KEY, qty INTEGER, ext_price REAL,
                          ticket_id INTEGER REFERENCES ticket (ticket_id));
INSERT INTO buyer VALUES (1, 'Asta'), (2, 'Bruno');
INSERT INTO ticket VALUES (1, 1), (2, 2);
INSERT INTO ticket_line VALUES (1, 10, 10.0, 1), (2, 1, 50.0, 2);
"""
"""A line's extended price (already its quantity times the unit price) and a quantity:
a derived revenue (quantity x price) that the documentation defines otherwise."""


async def test_money_spent_is_the_documented_revenue(tmp_path: Path) -> None:
    catalog, connection = await open_database(tmp_path, TILL)
    catalog.docs = parse_documentation("## Synonyms\n- revenue = ticket_line.ext_price\n")
    catalog.cache = {}
    assert rows((catalog, connection), "Which buyer spent the most?") == [("Bruno", 50.0)]
