"""A measure whose words say the other extreme, or one of two columns of one measure word
"combined", is declined (a job table and a match table of their own, snake_case): "the
maximum salary" is never the largest ``min_salary``, and "the highest combined score" is
never the largest ``home_score``."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.sql.linking_schemas import Database, abstains, open_database, rows

JOBS = """
CREATE TABLE job (job_code TEXT PRIMARY KEY, job_title TEXT, min_salary INTEGER);
CREATE TABLE fixture (fixture_id INTEGER PRIMARY KEY, home_score INTEGER,
                      away_score INTEGER);
INSERT INTO job VALUES ('VP', 'Vice President', 80000), ('CLK', 'Clerk', 20000);
INSERT INTO fixture VALUES (1, 30, 40), (2, 35, 10);
"""


@pytest.fixture
async def jobs(tmp_path: Path) -> Database:
    return await open_database(tmp_path, JOBS)


async def test_a_min_column_is_never_the_maximum(jobs: Database) -> None:
    assert abstains(jobs, "What is the maximum salary for a Vice President?")  # never 80000
    assert abstains(jobs, "What is the highest salary of any job?")


async def test_the_extreme_its_words_name_still_answers(jobs: Database) -> None:
    assert rows(jobs, "What is the highest min salary of any job?") == [(80000,)]


async def test_one_of_two_columns_combined_is_declined(jobs: Database) -> None:
    assert abstains(jobs, "What is the highest combined score of any fixture?")  # never 35
    assert rows(jobs, "What is the highest home score of any fixture?") == [(35,)]


OFFICE = """
CREATE TABLE unit (unit_no TEXT PRIMARY KEY, unit_name TEXT, budget INTEGER);
CREATE TABLE unit_budget (unit_no TEXT REFERENCES unit (unit_no), year INTEGER,
                        planned_budget INTEGER);
CREATE TABLE worker (worker_no INTEGER PRIMARY KEY, land TEXT, salary INTEGER);
INSERT INTO unit VALUES ('A', 'Audit', 100), ('B', 'Build', 300);
INSERT INTO unit_budget VALUES ('A', 1994, 50), ('B', 1994, 60);
INSERT INTO worker VALUES (1, 'USA', 100), (2, 'Japan', 9000);
"""


@pytest.fixture
async def office(tmp_path: Path) -> Database:
    return await open_database(tmp_path, OFFICE)


async def test_a_named_tables_own_measure_is_never_anothers(office: Database) -> None:
    assert abstains(office, "What is the total budget of all units?")  # never 110
    assert rows(office, "What is the total planned budget?") == [(110,)]


async def test_a_capitalised_function_word_is_read_or_declined(office: Database) -> None:
    assert abstains(office, "What is the average salary of the US workers?")  # never 4550
    assert rows(office, "What is the average salary of the workers?") == [(4550,)]


BRANCHES = """
CREATE TABLE branch (branch_no TEXT PRIMARY KEY, branch_name TEXT,
                     head_no INTEGER REFERENCES clerk (clerk_no));
CREATE TABLE clerk (clerk_no INTEGER PRIMARY KEY, clerk_name TEXT,
                    branch_no TEXT REFERENCES branch (branch_no));
INSERT INTO branch VALUES ('N', 'North', 1), ('S', 'South', 4);
INSERT INTO clerk VALUES (1, 'Ann', 'N'), (2, 'Bo', 'N'), (3, 'Cy', 'N'), (4, 'Di', 'S');
"""


async def test_rows_reach_a_group_by_their_own_key(tmp_path: Path) -> None:
    branches = await open_database(tmp_path, BRANCHES)  # not by the branch's head_no
    assert rows(branches, "How many clerks are in each branch?") == [("North", 3), ("South", 1)]
    assert rows(branches, "Which branch has the most clerks?") == [("North", 3)]
