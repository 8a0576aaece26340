"""The embedded sample database: a small, deterministic retail dataset in SQLite.

``ensure_sample_database()`` creates it on first use (no download: it is
generated from a fixed random seed) under ``$HOOKLINE_DATA_DIR`` or the
user data directory (``~/.local/share/hookline/sample.sqlite3`` on Linux).
Tables: customers (400), products (60), orders (2,000), order_items (~5,000),
with primary and foreign keys; dates are ISO text, prices REAL.
"""

from __future__ import annotations

import datetime
import hashlib
import os
import random
import sqlite3
import sys
from pathlib import Path

__all__ = [
    "SAMPLE_DB_VERSION",
    "SAMPLE_QUESTIONS",
    "default_data_dir",
    "ensure_sample_database",
    "sample_database_checksum",
]

SAMPLE_DB_VERSION = 1
"""Stored as ``PRAGMA user_version``; a file with another version is rebuilt."""
SAMPLE_QUESTIONS = (
    "How many customers live in Italy?",
    "Which customer spent the most money?",
    "What are the 3 most expensive products?",
    "What was the total revenue in 2023?",
)
"""``/help``'s examples for the sample database: questions of the first-run eval
(benchmarks/sample_db_eval.py) that the default agent answers correctly (tested)."""

_SEED = 20240601
_TABLES = ("customers", "products", "orders", "order_items")
_SCHEMA = """
CREATE TABLE customers (
    customer_id INTEGER PRIMARY KEY,
    first_name TEXT NOT NULL,
    last_name TEXT NOT NULL,
    email TEXT NOT NULL UNIQUE,
    city TEXT NOT NULL,
    country TEXT NOT NULL,
    signup_date TEXT NOT NULL
);
CREATE TABLE products (
    product_id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    category TEXT NOT NULL,
    unit_price REAL NOT NULL
);
CREATE TABLE orders (
    order_id INTEGER PRIMARY KEY,
    customer_id INTEGER NOT NULL REFERENCES customers (customer_id),
    order_date TEXT NOT NULL,
    status TEXT NOT NULL
);
CREATE TABLE order_items (
    order_item_id INTEGER PRIMARY KEY,
    order_id INTEGER NOT NULL REFERENCES orders (order_id),
    product_id INTEGER NOT NULL REFERENCES products (product_id),
    quantity INTEGER NOT NULL,
    unit_price REAL NOT NULL
);
CREATE INDEX orders_customer ON orders (customer_id);
CREATE INDEX orders_date ON orders (order_date);
CREATE INDEX order_items_order ON order_items (order_id);
CREATE INDEX order_items_product ON order_items (product_id);
"""

_FIRST = (
    "Ada", "Alan", "Amara", "Bea", "Carlos", "Chen", "Dara", "Elena", "Farid", "Grace",
    "Hana", "Ivan", "Jonas", "Keiko", "Lena", "Malik", "Nora", "Omar", "Priya", "Quinn",
    "Rosa", "Sven", "Tariq", "Uma", "Victor", "Wen", "Yara", "Zoe",
)  # fmt: skip
_LAST = (
    "Alvarez", "Becker", "Costa", "Dubois", "Eriksen", "Fischer", "Garcia", "Hoffmann",
    "Ito", "Jensen", "Kowalski", "Larsen", "Moreau", "Nakamura", "Okafor", "Petrov",
    "Rossi", "Schmidt", "Tanaka", "Vargas", "Weber", "Yilmaz",
)  # fmt: skip
_PLACES = (
    ("Berlin", "Germany"), ("Munich", "Germany"), ("Paris", "France"), ("Lyon", "France"),
    ("Madrid", "Spain"), ("Barcelona", "Spain"), ("Rome", "Italy"), ("Milan", "Italy"),
    ("London", "United Kingdom"), ("Manchester", "United Kingdom"), ("Toronto", "Canada"),
    ("New York", "United States"), ("Chicago", "United States"), ("Austin", "United States"),
    ("Tokyo", "Japan"), ("Osaka", "Japan"), ("Sydney", "Australia"), ("Lagos", "Nigeria"),
)  # fmt: skip
_CATALOGUE = {
    "Books": (("Novel", "Cookbook", "Atlas", "Biography", "Poetry Collection"), 8, 45),
    "Electronics": (("Headphones", "Keyboard", "Monitor", "Speaker", "Webcam"), 25, 400),
    "Garden": (("Hose", "Planter", "Pruner", "Seed Kit", "Watering Can"), 6, 90),
    "Kitchen": (("Kettle", "Knife Set", "Blender", "Skillet", "Coffee Grinder"), 12, 180),
    "Sports": (("Yoga Mat", "Dumbbell Set", "Running Shoes", "Tennis Racket", "Bike Helmet"),
               15, 220),
    "Toys": (("Puzzle", "Building Blocks", "Kite", "Board Game", "Plush Bear"), 5, 70),
}  # fmt: skip
_ADJECTIVES = ("Classic", "Deluxe")
_STATUSES = (("delivered", 80), ("shipped", 10), ("cancelled", 6), ("returned", 4))
_START = datetime.date(2023, 1, 1)
_DAYS = 730  # two years of orders: 2023 and 2024


def default_data_dir() -> Path:
    """``$HOOKLINE_DATA_DIR``, else the platform's user data directory + ``hookline``."""
    override = os.environ.get("HOOKLINE_DATA_DIR")
    if override:
        return Path(override).expanduser()
    home = Path.home()
    if sys.platform == "win32":
        return Path(os.environ.get("LOCALAPPDATA", home / "AppData" / "Local")) / "hookline"
    if sys.platform == "darwin":
        return home / "Library" / "Application Support" / "hookline"
    return Path(os.environ.get("XDG_DATA_HOME") or home / ".local" / "share") / "hookline"


def ensure_sample_database(path: str | Path | None = None) -> Path:
    """The sample database's path, creating (or upgrading) the file first if needed.

    Creation is atomic (built in a temporary file, then renamed), so two
    processes starting at once both end with a complete file.

    Example::

        runner = SqliteRunner(ensure_sample_database())
    """
    target = Path(path).expanduser() if path is not None else default_data_dir() / "sample.sqlite3"
    if _is_current(target):
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    temporary = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    temporary.unlink(missing_ok=True)
    try:
        _build(temporary)
        os.replace(temporary, target)
    finally:
        temporary.unlink(missing_ok=True)
    return target


def sample_database_checksum(path: str | Path) -> str:
    """SHA-256 of every row of the four tables in key order (independent of file layout)."""
    digest = hashlib.sha256()
    connection = sqlite3.connect(f"file:{Path(path).resolve()}?mode=ro", uri=True)
    try:
        for table in _TABLES:
            digest.update(table.encode())
            for row in connection.execute(f"SELECT * FROM {table} ORDER BY 1"):
                digest.update(repr(row).encode())
    finally:
        connection.close()
    return digest.hexdigest()


def _is_current(path: Path) -> bool:
    if not path.is_file():
        return False
    try:
        connection = sqlite3.connect(f"file:{path.resolve()}?mode=ro", uri=True)
        try:
            version = connection.execute("PRAGMA user_version").fetchone()[0]
            count = connection.execute(
                "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN "
                "('customers', 'products', 'orders', 'order_items')"
            ).fetchone()[0]
        finally:
            connection.close()
    except sqlite3.Error:
        return False
    return bool(version == SAMPLE_DB_VERSION and count == len(_TABLES))


def _build(path: Path) -> None:
    rng = random.Random(_SEED)
    customers = _customers(rng)
    products = _products(rng)
    orders, items = _orders(rng, customers, products)
    connection = sqlite3.connect(path)
    try:
        connection.executescript(_SCHEMA)
        connection.executemany("INSERT INTO customers VALUES (?, ?, ?, ?, ?, ?, ?)", customers)
        connection.executemany("INSERT INTO products VALUES (?, ?, ?, ?)", products)
        connection.executemany("INSERT INTO orders VALUES (?, ?, ?, ?)", orders)
        connection.executemany("INSERT INTO order_items VALUES (?, ?, ?, ?, ?)", items)
        connection.execute(f"PRAGMA user_version = {SAMPLE_DB_VERSION}")
        connection.commit()
    finally:
        connection.close()


def _customers(rng: random.Random) -> list[tuple[object, ...]]:
    rows: list[tuple[object, ...]] = []
    for customer_id in range(1, 401):
        first, last = rng.choice(_FIRST), rng.choice(_LAST)
        city, country = rng.choice(_PLACES)
        email = f"{first}.{last}.{customer_id}@example.com".lower()
        signup = _START + datetime.timedelta(days=rng.randrange(-365, 600))
        rows.append((customer_id, first, last, email, city, country, signup.isoformat()))
    return rows


def _products(rng: random.Random) -> list[tuple[object, ...]]:
    rows: list[tuple[object, ...]] = []
    for category, (nouns, low, high) in _CATALOGUE.items():
        for noun in nouns:
            for adjective in _ADJECTIVES:
                price = round(rng.uniform(low, high), 2)
                rows.append((len(rows) + 1, f"{adjective} {noun}", category, price))
    return rows


def _orders(
    rng: random.Random, customers: list[tuple[object, ...]], products: list[tuple[object, ...]]
) -> tuple[list[tuple[object, ...]], list[tuple[object, ...]]]:
    statuses = [s for s, _ in _STATUSES]
    weights = [w for _, w in _STATUSES]
    orders: list[tuple[object, ...]] = []
    items: list[tuple[object, ...]] = []
    for order_id in range(1, 2001):
        customer = rng.choice(customers)
        day = _START + datetime.timedelta(days=rng.randrange(_DAYS))
        status = rng.choices(statuses, weights)[0]
        orders.append((order_id, customer[0], day.isoformat(), status))
        for product in rng.sample(products, rng.randint(1, 4)):
            quantity = rng.choices((1, 2, 3, 5), (70, 20, 7, 3))[0]
            items.append((len(items) + 1, order_id, product[0], quantity, product[3]))
    return orders, items
