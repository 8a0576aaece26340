"""Issue 31: the guard compared function names as written; ``U&"\\0070g_read_file"`` passed.

Every spelling PostgreSQL accepts for a function name (Unicode escapes, quoting, case,
schema qualification) must be refused when the function is not on the allow-list, with
a message naming the function as PostgreSQL would resolve it.
"""

from __future__ import annotations

import pytest

from hookline.sql import SqlNotAllowedError, check_read_only

DANGEROUS = [
    "pg_read_file",
    "pg_read_binary_file",
    "pg_ls_dir",
    "pg_stat_file",
    "lo_import",
    "lo_export",
    "lo_from_bytea",
    "query_to_xml",
    "dblink",
    "dblink_exec",
    "pg_file_write",
    "set_config",
    "pg_sleep",
    "txid_current",
    "nextval",
    "pg_advisory_lock",
    "pg_try_advisory_xact_lock",
    "current_setting",
    "pg_reload_conf",
]


def unicode_escaped(name: str, *, every: bool, six: bool = False) -> str:
    """``U&"..."`` with the first character (or every one) written as an escape."""

    def escape(char: str) -> str:
        return f"\\+{ord(char):06x}" if six else f"\\{ord(char):04x}"

    body = "".join(escape(c) for c in name) if every else escape(name[0]) + name[1:]
    return f'U&"{body}"'


def spellings(name: str) -> list[str]:
    return [
        name,
        name.upper(),
        f'"{name}"',
        f"pg_catalog.{name}",
        f"PG_CATALOG.{name.upper()}",
        f'"pg_catalog"."{name}"',
        unicode_escaped(name, every=False),
        unicode_escaped(name, every=True),
        unicode_escaped(name, every=False, six=True),
        f"pg_catalog.{unicode_escaped(name, every=True)}",
        f'u&"{name}"',
    ]


def placements(call: str) -> list[str]:
    return [
        f"SELECT {call}",
        f"SELECT * FROM {call} AS t",
        f"SELECT upper(CAST({call} AS text))",
        f"SELECT 1 WHERE {call} IS NOT NULL",
        f"WITH x AS (SELECT {call} AS v) SELECT v FROM x",
        f"SELECT (SELECT {call}) AS v",
    ]


CASES = [
    pytest.param(f"{spelling}('/etc/passwd')", name, id=f"{name}-{index}")
    for name in DANGEROUS
    for index, spelling in enumerate(spellings(name))
]


@pytest.mark.parametrize(("call", "name"), CASES)
def test_every_spelling_of_a_function_outside_the_allow_list_is_refused(
    call: str, name: str
) -> None:
    for sql in placements(call):
        with pytest.raises(SqlNotAllowedError) as caught:
            check_read_only(sql, dialect="postgres")
        assert f"{name}()" in str(caught.value), (sql, str(caught.value))


@pytest.mark.parametrize(
    "sql",
    [
        pytest.param("SELECT U&\"d!0061t\" UESCAPE '!' ('x')", id="uescape"),
        pytest.param('SELECT U&"\\00zz"(1)', id="bad-escape"),
        pytest.param('SELECT U&"\\d800"(1)', id="surrogate"),
    ],
)
def test_unicode_escapes_that_cannot_be_verified_are_refused(sql: str) -> None:
    with pytest.raises(SqlNotAllowedError, match=r"^Refused:"):
        check_read_only(sql, dialect="postgres")


def test_an_escaped_allowed_function_is_still_allowed() -> None:
    check_read_only(f"SELECT {unicode_escaped('upper', every=True)}('a')", dialect="postgres")
    check_read_only("SELECT pg_catalog.upper('a'), \"lower\"('B')", dialect="postgres")


@pytest.mark.parametrize(
    "relation",
    [
        "pg_hba_file_rules",
        "pg_file_settings",
        "pg_authid",
        "pg_shadow",
        "pg_catalog.pg_authid",
        '"pg_catalog"."pg_ident_file_mappings"',
        "pg_user_mappings",
        "pg_largeobject",
    ],
)
def test_server_configuration_and_secret_catalogs_are_refused(relation: str) -> None:
    with pytest.raises(SqlNotAllowedError, match=r"^Refused: .*pg_"):
        check_read_only(f"SELECT * FROM {relation}", dialect="postgres")
