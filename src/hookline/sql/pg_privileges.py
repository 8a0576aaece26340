"""The PostgreSQL role the SQL tools run as: refused when it can escape read-only.

A superuser, a role with ``BYPASSRLS`` or a member of ``pg_read_server_files``,
``pg_write_server_files`` or ``pg_execute_server_program`` can read server files,
write them or run programs whatever the SQL guard says, so ``PostgresRunner``
refuses it before the first query (``PrivilegedRoleError``) unless the operator
opts in (``allow_privileged_role=True``).  ``least_privilege_role_sql`` writes the
SQL that creates the role to use instead (``hookline sql-role`` prints it).

Example::

    print(least_privilege_role_sql("hookline_reader", database="shop", schemas=["sales"]))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hookline.sql.runner import UnsafeDatabaseError

__all__ = [
    "PRIVILEGED_ROLES",
    "PrivilegedRoleError",
    "least_privilege_role_sql",
    "privileged_memberships",
]

PRIVILEGED_ROLES = ("pg_read_server_files", "pg_write_server_files", "pg_execute_server_program")
"""The predefined roles that reach server files or programs."""

_MEMBERSHIPS = """
SELECT session_user::text, r.rolname::text, r.rolsuper, r.rolbypassrls
FROM pg_roles r
WHERE pg_has_role(session_user, r.oid, 'MEMBER')
  AND (r.rolsuper OR r.rolbypassrls OR r.rolname = ANY($1::text[]))
ORDER BY r.rolsuper DESC, r.rolbypassrls DESC, r.rolname
"""

FIX = (
    "Connect with a least-privilege role instead (`hookline sql-role` prints the SQL that "
    "creates one: SELECT on your schemas or pg_read_all_data), or opt in with "
    "allow_privileged_role=True (CLI: --allow-privileged-role) and accept that only the "
    "SQL guard then stands between the model and the server's files."
)


class PrivilegedRoleError(UnsafeDatabaseError):
    """The runner's PostgreSQL role can escape read-only access; the message names the fix."""


async def privileged_memberships(connection: Any) -> tuple[str, list[str]]:
    """(the login role, what makes it privileged: "SUPERUSER", "BYPASSRLS", role names)."""
    rows = await connection.fetch(_MEMBERSHIPS, list(PRIVILEGED_ROLES))
    if not rows:
        return str(await connection.fetchval("SELECT session_user::text")), []
    if any(row[2] for row in rows):
        return str(rows[0][0]), ["SUPERUSER"]  # a superuser is a member of every role
    reasons: list[str] = []
    for _user, name, superuser, bypass in rows:
        reason = "SUPERUSER" if superuser else "BYPASSRLS" if bypass else f"a member of {name}"
        if reason not in reasons:
            reasons.append(reason)
    return str(rows[0][0]), reasons


def refusal(user: str, reasons: Sequence[str]) -> PrivilegedRoleError:
    """The error for a privileged ``user``."""
    return PrivilegedRoleError(
        f"PostgresRunner refuses to run SQL as role {user!r}: it is "
        f"{', '.join(reasons)}, so the database cannot enforce read-only access (such a role "
        f"can read or write server files or run programs). {FIX}"
    )


def least_privilege_role_sql(
    role: str = "hookline_reader",
    *,
    database: str = "mydb",
    schemas: Sequence[str] = ("public",),
    read_all_data: bool = False,
    password: str | None = None,
) -> str:
    """The SQL that creates a login role allowed to SELECT and nothing else.

    ``read_all_data=True`` grants ``pg_read_all_data`` (PostgreSQL 14+: every table of
    every schema) instead of ``SELECT`` on the tables of ``schemas``.

    Example::

        least_privilege_role_sql("reader", database="shop", schemas=["public", "sales"])
    """
    name = _ident(role)
    secret = f" PASSWORD {_literal(password)}" if password else " PASSWORD 'change-me'"
    lines = [
        f"CREATE ROLE {name} LOGIN{secret} NOSUPERUSER NOCREATEDB NOCREATEROLE "
        "NOBYPASSRLS NOREPLICATION;",
        f"ALTER ROLE {name} SET default_transaction_read_only = on;",
        f"ALTER ROLE {name} SET statement_timeout = '30s';",
        f"GRANT CONNECT ON DATABASE {_ident(database)} TO {name};",
    ]
    if read_all_data:
        lines.append(f"GRANT pg_read_all_data TO {name};")
    for schema in () if read_all_data else schemas:
        lines += [
            f"GRANT USAGE ON SCHEMA {_ident(schema)} TO {name};",
            f"GRANT SELECT ON ALL TABLES IN SCHEMA {_ident(schema)} TO {name};",
            f"ALTER DEFAULT PRIVILEGES IN SCHEMA {_ident(schema)} "
            f"GRANT SELECT ON TABLES TO {name};",
        ]
    return "\n".join(lines) + "\n"


def _ident(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def _literal(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"
