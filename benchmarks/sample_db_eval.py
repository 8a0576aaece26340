"""The first-run eval: ordinary questions about the sample database, asked the way a new
user asks them, through the README's main job (``hookline chat --message``).

Each question runs in a fresh data directory (a new sample database, no memory of earlier
questions) on whatever model ``HOOKLINE_MODEL`` names (default: the embedded local model).
Its gold answer is computed here by SQL on the same sample database.  A question counts as
answered when every gold value appears in what the terminal showed (the table or the
text; the tool line with the SQL itself is left out): an integer exactly, a decimal within
0.5 % (or rounded to a whole number), a name case-insensitively.

    python benchmarks/sample_db_eval.py               # every question
    python benchmarks/sample_db_eval.py --subset 10   # the first 10 (what .ci/run asks)
    python benchmarks/sample_db_eval.py --quick       # the first 3: a smoke run

Prints one line per question (ok / MISS, seconds), then "N of M" and the median time.
"""

from __future__ import annotations

import argparse
import os
import re
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))  # this checkout's hookline, installed or not

from hookline.sql import ensure_sample_database  # noqa: E402

REVENUE = "SUM(oi.quantity * oi.unit_price)"
ITEMS = "order_items oi JOIN orders o ON o.order_id = oi.order_id"


@dataclass(frozen=True)
class Question:
    """A question and the SQL whose first row (or first column, ``column=True``) answers it."""

    text: str
    gold_sql: str
    column: bool = False


QUESTIONS = [
    Question("How many customers are there?", "SELECT COUNT(*) FROM customers"),
    Question("How many products are there?", "SELECT COUNT(*) FROM products"),
    Question("How many orders are there?", "SELECT COUNT(*) FROM orders"),
    Question("How many customers live in Italy?",
             "SELECT COUNT(*) FROM customers WHERE country = 'Italy'"),
    Question("How many orders were cancelled?",
             "SELECT COUNT(*) FROM orders WHERE status = 'cancelled'"),
    Question("What is the most expensive product?",
             "SELECT name FROM products ORDER BY unit_price DESC LIMIT 1"),
    Question("Which country has the most customers?",
             "SELECT country FROM customers GROUP BY country ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many orders were placed in 2024?",
             "SELECT COUNT(*) FROM orders WHERE order_date LIKE '2024%'"),
    Question("What is the total revenue?", f"SELECT ROUND({REVENUE}, 2) FROM order_items oi"),
    Question("How many products are in the Books category?",
             "SELECT COUNT(*) FROM products WHERE category = 'Books'"),
    Question("How many product categories are there?",
             "SELECT COUNT(DISTINCT category) FROM products"),
    Question("How many customers are from Japan?",
             "SELECT COUNT(*) FROM customers WHERE country = 'Japan'"),
    Question("How many orders have the status delivered?",
             "SELECT COUNT(*) FROM orders WHERE status = 'delivered'"),
    Question("How many orders were returned?",
             "SELECT COUNT(*) FROM orders WHERE status = 'returned'"),
    Question("How many orders were shipped?",
             "SELECT COUNT(*) FROM orders WHERE status = 'shipped'"),
    Question("How many orders were placed in 2023?",
             "SELECT COUNT(*) FROM orders WHERE order_date LIKE '2023%'"),
    Question("How many products are in the Electronics category?",
             "SELECT COUNT(*) FROM products WHERE category = 'Electronics'"),
    Question("What is the average unit price of products?",
             "SELECT ROUND(AVG(unit_price), 2) FROM products"),
    Question("What is the cheapest product?",
             "SELECT name FROM products ORDER BY unit_price ASC LIMIT 1"),
    Question("What is the average price of Kitchen products?",
             "SELECT ROUND(AVG(unit_price), 2) FROM products WHERE category = 'Kitchen'"),
    Question("Which city has the most customers?",
             "SELECT city FROM customers GROUP BY city ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which category has the highest average product price?",
             "SELECT category FROM products GROUP BY category "
             "ORDER BY AVG(unit_price) DESC LIMIT 1"),
    Question("Which product category has the highest revenue?",
             f"SELECT p.category FROM order_items oi JOIN products p "
             f"ON p.product_id = oi.product_id GROUP BY p.category "
             f"ORDER BY {REVENUE} DESC LIMIT 1"),
    Question("Which customer placed the most orders?",
             "SELECT c.first_name || ' ' || c.last_name FROM customers c JOIN orders o "
             "ON o.customer_id = c.customer_id GROUP BY c.customer_id "
             "ORDER BY COUNT(*) DESC, c.customer_id LIMIT 1"),
    Question("Which customer spent the most money?",
             f"SELECT c.first_name || ' ' || c.last_name FROM customers c JOIN orders o "
             f"ON o.customer_id = c.customer_id JOIN order_items oi ON oi.order_id = o.order_id "
             f"GROUP BY c.customer_id ORDER BY {REVENUE} DESC LIMIT 1"),
    Question("What was the total revenue in 2023?",
             f"SELECT ROUND({REVENUE}, 2) FROM {ITEMS} WHERE o.order_date LIKE '2023%'"),
    Question("What was the total revenue in 2024?",
             f"SELECT ROUND({REVENUE}, 2) FROM {ITEMS} WHERE o.order_date LIKE '2024%'"),
    Question("How many items were sold in total?", "SELECT SUM(quantity) FROM order_items"),
    Question("Which product category sold the most units?",
             "SELECT p.category FROM order_items oi JOIN products p "
             "ON p.product_id = oi.product_id "
             "GROUP BY p.category ORDER BY SUM(oi.quantity) DESC LIMIT 1"),
    Question("Which country's customers placed the most orders?",
             "SELECT c.country FROM orders o JOIN customers c ON c.customer_id = o.customer_id "
             "GROUP BY c.country ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which product brought in the most revenue?",
             f"SELECT p.name FROM order_items oi JOIN products p ON p.product_id = oi.product_id "
             f"GROUP BY p.product_id ORDER BY {REVENUE} DESC LIMIT 1"),
    Question("How many customers signed up in 2024?",
             "SELECT COUNT(*) FROM customers WHERE signup_date LIKE '2024%'"),
    Question("How many different cities do customers live in?",
             "SELECT COUNT(DISTINCT city) FROM customers"),
    Question("What are the top 3 countries by number of customers?",
             "SELECT country FROM customers GROUP BY country ORDER BY COUNT(*) DESC LIMIT 3",
             column=True),
    Question("What are the 3 most expensive products?",
             "SELECT name FROM products ORDER BY unit_price DESC LIMIT 3", column=True),
    Question("How many orders were placed in December 2024?",
             "SELECT COUNT(*) FROM orders WHERE order_date LIKE '2024-12%'"),
    Question("How many orders did customers from Germany place?",
             "SELECT COUNT(*) FROM orders o JOIN customers c ON c.customer_id = o.customer_id "
             "WHERE c.country = 'Germany'"),
    Question("What is the revenue from the Toys category?",
             f"SELECT ROUND({REVENUE}, 2) FROM order_items oi JOIN products p "
             f"ON p.product_id = oi.product_id WHERE p.category = 'Toys'"),
    Question("How many units of Garden products were sold?",
             "SELECT SUM(oi.quantity) FROM order_items oi JOIN products p "
             "ON p.product_id = oi.product_id WHERE p.category = 'Garden'"),
    Question("What is the average quantity per order item?",
             "SELECT ROUND(AVG(quantity), 2) FROM order_items"),
    Question("What is the highest unit price of any product?",
             "SELECT MAX(unit_price) FROM products"),
    Question("How many customers are in the United States?",
             "SELECT COUNT(*) FROM customers WHERE country = 'United States'"),
    Question("How many different products have been ordered?",
             "SELECT COUNT(DISTINCT product_id) FROM order_items"),
]  # fmt: skip
"""The first ten are the CI subset: one of each kind (counts, filters, top-1, dates, sums).
Every "which ... most" answer is unique in the sample data (no ties)."""


def gold_values(database: Path, question: Question) -> list[object]:
    """What the answer must show: the first row's values, or the first column's."""
    with sqlite3.connect(database) as connection:
        rows = connection.execute(question.gold_sql).fetchall()
    return [row[0] for row in rows] if question.column else list(rows[0])


def shows(output: str, value: object) -> bool:
    """True when ``output`` shows ``value`` (numbers compared as numbers)."""
    if isinstance(value, str):
        return value.lower() in output.lower()
    numbers = [float(n.replace(",", "")) for n in re.findall(r"-?\d[\d,]*(?:\.\d+)?", output)]
    target = float(value)  # type: ignore[arg-type]
    if isinstance(value, int):
        return target in numbers
    return any(abs(n - target) <= 0.005 * abs(target) or n == round(target) for n in numbers)


def ask(question: str, data_dir: Path) -> str:
    """What ``hookline chat --message`` showed, the tool lines (with the SQL) left out."""
    env = {**os.environ, "HOOKLINE_DATA_DIR": str(data_dir), "COLUMNS": "160"}
    env["PYTHONPATH"] = str(ROOT / "src") + os.pathsep + env.get("PYTHONPATH", "")
    done = subprocess.run(
        [sys.executable, "-m", "hookline.cli", "chat", "--message", question],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=False,
    )
    lines = (done.stdout + done.stderr).splitlines()
    return "\n".join(line for line in lines if not line.lstrip().startswith("⚙"))


def evaluate(questions: list[Question]) -> tuple[int, list[float]]:
    """Ask every question in a fresh data directory; print a line each; (right, seconds)."""
    right, seconds = 0, []
    for number, question in enumerate(questions, start=1):
        with tempfile.TemporaryDirectory() as tmp:
            data_dir = Path(tmp)
            started = time.perf_counter()
            output = ask(question.text, data_dir / "data")
            seconds.append(time.perf_counter() - started)
            gold = gold_values(ensure_sample_database(data_dir / "gold.sqlite3"), question)
        ok = all(shows(output, value) for value in gold)
        right += ok
        verdict = "ok  " if ok else "MISS"
        print(f"{number:>3} {verdict} {seconds[-1]:5.1f} s  {question.text}  (gold: {gold})")
    return right, seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--subset", type=int, default=None, help="only the first N questions")
    parser.add_argument("--quick", action="store_true", help="the first 3 questions")
    args = parser.parse_args()
    count = 3 if args.quick else args.subset
    questions = QUESTIONS[:count] if count else QUESTIONS
    model = os.environ.get("HOOKLINE_MODEL") or "local (embedded SmolLM2-135M)"
    print(f"sample-database eval: {len(questions)} questions, model {model}")
    right, seconds = evaluate(questions)
    print(
        f"{right} of {len(questions)} answered correctly ({right / len(questions):.0%}); "
        f"median {statistics.median(seconds):.1f} s per question"
        f" (load average {os.getloadavg()[0]:.1f})"
    )


if __name__ == "__main__":
    main()
