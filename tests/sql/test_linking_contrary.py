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
