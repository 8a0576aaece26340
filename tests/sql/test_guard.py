"""The read-only guard decides by parsing: every statement class, accepted or refused."""

from __future__ import annotations

import pytest

from hookline.sql import SqlNotAllowedError, check_read_only

ACCEPTED = [
    pytest.param("SELECT 1", "sqlite", id="select"),
    pytest.param("select name from customers where city = 'Paris'", "sqlite", id="lowercase"),
    pytest.param("WITH t AS (SELECT 1 AS x) SELECT x FROM t", "sqlite", id="with-select"),
    pytest.param(
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5) "
        "SELECT i FROM n",
        "sqlite",
        id="with-recursive",
    ),
    pytest.param("SELECT 1 UNION ALL SELECT 2", "sqlite", id="union"),
    pytest.param("SELECT 1 INTERSECT SELECT 1", "sqlite", id="intersect"),
    pytest.param("SELECT 1 EXCEPT SELECT 2", "postgres", id="except"),
    pytest.param("(SELECT 1)", "sqlite", id="parenthesised"),
    pytest.param("VALUES (1, 'a'), (2, 'b')", "sqlite", id="values"),
    pytest.param("SELECT 1;", "sqlite", id="trailing-semicolon"),
    pytest.param("SELECT 1; -- done", "sqlite", id="trailing-comment"),
    pytest.param("FROM orders", "duckdb", id="from-first"),
    pytest.param("PIVOT orders ON status USING count(*)", "duckdb", id="pivot"),
    pytest.param("TABLE orders", "postgres", id="table"),
    pytest.param("-- how many orders?\nSELECT count(*) FROM orders", "sqlite", id="line-comment"),
    pytest.param(
        "/* revenue */ SELECT sum(unit_price) FROM products", "sqlite", id="block-comment"
    ),
    pytest.param(
        "-- q\n/* a\n b */\n  WITH t AS (SELECT 1 AS x) SELECT x FROM t",
        "sqlite",
        id="comments-then-with",
    ),
    pytest.param("SELECT 1 -- ; DELETE FROM orders", "sqlite", id="write-inside-comment"),
    pytest.param("SELECT 'DROP TABLE orders' AS text", "sqlite", id="write-inside-string"),
    pytest.param("EXPLAIN SELECT * FROM orders", "sqlite", id="explain"),
    pytest.param("EXPLAIN QUERY PLAN SELECT * FROM orders", "sqlite", id="explain-query-plan"),
    pytest.param("-- plan\nEXPLAIN SELECT 1", "sqlite", id="comment-then-explain"),
    pytest.param("EXPLAIN (ANALYZE, BUFFERS) SELECT 1", "postgres", id="explain-options"),
    pytest.param("EXPLAIN ANALYZE SELECT 1", "duckdb", id="explain-analyze-select"),
    pytest.param("PRAGMA table_info(orders)", "sqlite", id="pragma-table-info"),
    pytest.param("PRAGMA foreign_key_list('orders')", "sqlite", id="pragma-fk-list"),
    pytest.param("PRAGMA foreign_keys", "sqlite", id="pragma-read"),
    pytest.param("DESCRIBE orders", "duckdb", id="describe"),
    pytest.param("SHOW TABLES", "duckdb", id="show"),
    pytest.param("SELECT upper(name), count(*) FROM t GROUP BY 1", "postgres", id="functions"),
]

REFUSED = [
    pytest.param("INSERT INTO t VALUES (1)", "sqlite", "INSERT", id="insert"),
    pytest.param("INSERT OR REPLACE INTO t VALUES (1)", "sqlite", "INSERT", id="insert-or-replace"),
    pytest.param("REPLACE INTO t VALUES (1)", "sqlite", "REPLACE", id="replace"),
    pytest.param("UPDATE t SET a = 1", "sqlite", "UPDATE", id="update"),
    pytest.param("DELETE FROM t", "sqlite", "DELETE", id="delete"),
    pytest.param("delete from t where 1 = 1", "sqlite", "DELETE", id="delete-lowercase"),
    pytest.param(
        "MERGE INTO t USING s ON t.id = s.id WHEN MATCHED THEN DELETE",
        "postgres",
        "MERGE",
        id="merge",
    ),
    pytest.param("CREATE TABLE x (a INT)", "sqlite", "CREATE", id="create-table"),
    pytest.param("CREATE TEMP VIEW v AS SELECT 1", "sqlite", "CREATE", id="create-view"),
    pytest.param("CREATE TABLE x AS SELECT * FROM t", "sqlite", "CREATE", id="create-as-select"),
    pytest.param("DROP TABLE t", "sqlite", "DROP", id="drop"),
    pytest.param("ALTER TABLE t ADD COLUMN b INT", "sqlite", "ALTER", id="alter"),
    pytest.param("TRUNCATE t", "postgres", "TRUNCATE", id="truncate"),
    pytest.param("ATTACH DATABASE 'x.db' AS x", "sqlite", "ATTACH", id="attach"),
    pytest.param("DETACH DATABASE x", "sqlite", "DETACH", id="detach"),
    pytest.param("COPY t TO '/tmp/t.csv'", "postgres", "COPY", id="copy"),
    pytest.param("VACUUM", "sqlite", "VACUUM", id="vacuum"),
    pytest.param("REINDEX", "sqlite", "not a query", id="reindex"),
    pytest.param("BEGIN", "postgres", "TRANSACTION", id="begin"),
    pytest.param("SET search_path = other", "postgres", "SET", id="set"),
    pytest.param("GRANT ALL ON t TO bob", "postgres", "GRANT", id="grant"),
    pytest.param("PRAGMA journal_mode = WAL", "sqlite", "PRAGMA journal_mode", id="pragma-write"),
    pytest.param("PRAGMA user_version(7)", "sqlite", "PRAGMA user_version", id="pragma-call-write"),
    pytest.param("PRAGMA cache_size = 10", "sqlite", "PRAGMA cache_size", id="pragma-setting"),
    pytest.param("PRAGMA optimize", "sqlite", "PRAGMA optimize", id="pragma-unknown"),
    pytest.param("SELECT 1; SELECT 2", "sqlite", "2 statements", id="two-selects"),
    pytest.param("SELECT 1; -- x\nDELETE FROM t", "sqlite", "2 statements", id="comment-between"),
    pytest.param(
        "WITH x AS (SELECT 1) INSERT INTO t SELECT * FROM x",
        "sqlite",
        "INSERT",
        id="with-then-insert",
    ),
    pytest.param("SELECT lo_import('/etc/passwd')", "postgres", "lo_import", id="fn-lo-import"),
    pytest.param("SELECT 1; DELETE FROM t", "sqlite", "2 statements", id="select-then-delete"),
    pytest.param(
        "WITH gone AS (DELETE FROM t RETURNING *) SELECT * FROM gone",
        "postgres",
        "DELETE",
        id="with-delete",
    ),
    pytest.param(
        "WITH n AS (INSERT INTO t VALUES (1) RETURNING *) SELECT * FROM n",
        "postgres",
        "INSERT",
        id="with-insert",
    ),
    pytest.param("SELECT * INTO copy FROM t", "postgres", "INTO", id="select-into"),
    pytest.param("SELECT * FROM t FOR UPDATE", "postgres", "FOR UPDATE", id="for-update"),
    pytest.param(
        "EXPLAIN ANALYZE DELETE FROM t", "postgres", "DELETE", id="explain-analyze-delete"
    ),
    pytest.param("EXPLAIN EXPLAIN SELECT 1", "sqlite", "nested EXPLAIN", id="nested-explain"),
    pytest.param("/* SELECT */ DELETE FROM t", "sqlite", "DELETE", id="comment-then-delete"),
    pytest.param("DELETE /* SELECT */ FROM t", "sqlite", "DELETE", id="delete-with-comment"),
    pytest.param("SELECT load_extension('evil.so')", "sqlite", "load_extension", id="fn-sqlite"),
    pytest.param("SELECT pg_terminate_backend(42)", "postgres", "pg_terminate_backend", id="fn-pg"),
    pytest.param("SELECT * FROM read_csv('/etc/passwd')", "duckdb", "read_csv", id="fn-duckdb"),
    pytest.param("SELEC 1", "sqlite", "could not be parsed", id="unparseable"),
    pytest.param("", "sqlite", "empty", id="empty"),
    pytest.param("-- nothing here", "sqlite", "empty", id="comment-only"),
]


@pytest.mark.parametrize(("sql", "dialect"), ACCEPTED)
def test_read_only_statements_are_accepted(sql: str, dialect: str) -> None:
    check_read_only(sql, dialect=dialect)


@pytest.mark.parametrize(("sql", "dialect", "reason"), REFUSED)
def test_other_statements_are_refused_with_a_clear_message(
    sql: str, dialect: str, reason: str
) -> None:
    with pytest.raises(SqlNotAllowedError) as caught:
        check_read_only(sql, dialect=dialect)
    message = str(caught.value)
    assert message.startswith("Refused:")
    assert reason.lower() in message.lower()
    assert "read-only" in message


def test_the_allow_list_is_extended_and_a_denial_wins() -> None:
    with pytest.raises(SqlNotAllowedError, match=r"my_udf\(\) is not allowed"):
        check_read_only("SELECT my_udf(1)", dialect="postgres")
    check_read_only(
        "SELECT my_udf(1), geo_point(2)", dialect="postgres", allowed_functions=["MY_UDF", "geo_*"]
    )
    check_read_only(
        "SELECT read_csv('data.csv')",
        dialect="duckdb",
        allowed_functions={"read_csv"},
        denied_functions=(),
    )
    with pytest.raises(SqlNotAllowedError, match=r"read_csv\(\)"):  # DENIED_FUNCTIONS wins
        check_read_only(
            "SELECT read_csv('d.csv')", dialect="duckdb", allowed_functions={"read_csv"}
        )
    with pytest.raises(SqlNotAllowedError, match="upper"):
        check_read_only("SELECT upper('a')", dialect="sqlite", denied_functions={"UPPER"})
