"""The ``firebird`` database: the example company of the Firebird database server (its
``employee`` sample) — a small electronics and software firm's countries, jobs and their
salary ranges, departments (a tree under the corporate headquarters, each with a manager
and a budget), its 42 employees, its projects and who works on them, each project's
budget per department and fiscal year, its customers and their 33 orders of 1991-1994.

Debian's ``firebird3.0-examples`` package (``apt-get download``, never installed) holds it
as ``usr/share/doc/firebird3.0-common-doc/examples/employee.sql.gz``, the script that
builds it.  Its ``INSERT`` statements and the ``UPDATE`` statements that fill in the jobs'
requirements, the projects' descriptions and the departments' managers are run into a
scratch SQLite database under the script's own names (``dept_no``, ``mngr_no``,
``head_dept``, ``po_number``...); its ``MM/DD/YY`` dates become ISO dates.  Salaries are
those the script inserts: its later raises, which Firebird checks against each job's
salary range, are not replayed.  The salary history, which the script fills only through a
trigger on those raises, is left out; so are the jobs' language arrays and the budgets'
quarterly head counts (arrays, given only in comments).  The sixteenth held-out database.
"""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

from own_db.build import Table, write_tables
from own_db.debian import deb_member_text

_SCRIPT = "./usr/share/doc/firebird3.0-common-doc/examples/employee.sql.gz"

_DEPT = (("dept_no",), "department", ("dept_no",))
_EMP = ("employee", ("emp_no",))
_JOB = (("job_code", "job_grade", "job_country"), "job", ("job_code", "job_grade", "job_country"))
TABLES = (
    Table(name="country", primary_key=("country",)),
    Table(name="job", primary_key=("job_code", "job_grade", "job_country"),
          foreign_keys=((("job_country",), "country", ("country",)),)),
    Table(name="department", primary_key=("dept_no",), foreign_keys=(
        (("head_dept",), "department", ("dept_no",)), (("mngr_no",), *_EMP))),
    Table(name="employee", primary_key=("emp_no",), foreign_keys=(_DEPT, _JOB)),
    Table(name="project", primary_key=("proj_id",), foreign_keys=((("team_leader",), *_EMP),)),
    Table(name="employee_project", primary_key=("emp_no", "proj_id"), foreign_keys=(
        (("emp_no",), *_EMP), (("proj_id",), "project", ("proj_id",)))),
    Table(name="proj_dept_budget", primary_key=("fiscal_year", "proj_id", "dept_no"),
          foreign_keys=((("proj_id",), "project", ("proj_id",)), _DEPT)),
    Table(name="customer", primary_key=("cust_no",),
          foreign_keys=((("country",), "country", ("country",)),)),
    Table(name="sales", primary_key=("po_number",), foreign_keys=(
        (("cust_no",), "customer", ("cust_no",)), (("sales_rep",), *_EMP))),
)  # fmt: skip
COLUMNS = {
    "country": ["country", "currency"],
    "job": ["job_code", "job_grade", "job_country", "job_title", "min_salary", "max_salary",
            "job_requirement"],
    "department": ["dept_no", "department", "head_dept", "mngr_no", "budget", "location",
                   "phone_no"],
    "employee": ["emp_no", "first_name", "last_name", "phone_ext", "hire_date", "dept_no",
                 "job_code", "job_grade", "job_country", "salary"],
    "project": ["proj_id", "proj_name", "proj_desc", "team_leader", "product"],
    "employee_project": ["emp_no", "proj_id"],
    "proj_dept_budget": ["fiscal_year", "proj_id", "dept_no", "projected_budget"],
    "customer": ["cust_no", "customer", "contact_first", "contact_last", "phone_no",
                 "address_line1", "address_line2", "city", "state_province", "country",
                 "postal_code", "on_hold"],
    "sales": ["po_number", "cust_no", "sales_rep", "order_status", "order_date", "ship_date",
              "date_needed", "paid", "qty_ordered", "total_value", "discount", "item_type"],
}  # fmt: skip
# The script's updates that fill in columns (not its salary raises, nor its procedures')
_FILLED = (["SET", "job_requirement"], ["SET", "proj_desc"], ["SET", "mngr_no"])
_DATES = {"hire_date", "order_date", "ship_date", "date_needed"}
# One statement: up to a semicolon outside quotes ('' inside a quoted text is a quote).
_STATEMENT = re.compile(r"(?:[^;']|'(?:[^']|'')*')*;")


def build_firebird(archive: Path, target: Path) -> Path:
    """The SQLite file of Firebird's example company, from the package's build script."""
    return write_tables(target, TABLES, COLUMNS, parse_script(deb_member_text(archive, _SCRIPT)))


def parse_script(text: str) -> dict[str, list[list[str]]]:
    """Each table's rows (text cells, ``""`` for missing) from the ``employee.sql`` script."""
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.DOTALL)
    with sqlite3.connect(":memory:") as scratch:
        for name, columns in COLUMNS.items():
            scratch.execute(f"CREATE TABLE {name} ({' NUMERIC, '.join(columns)} NUMERIC)")
        for match in _STATEMENT.finditer(text):
            statement = match.group().strip()
            words = statement.split(None, 2)
            inserts = words[:1] == ["INSERT"] and words[2].split()[0].split("(")[0] in COLUMNS
            if inserts or (words[:1] == ["UPDATE"] and words[2].split()[:2] in _FILLED):
                scratch.execute(statement.rstrip(";"))
        return {
            name: [[_cell(column, value) for column, value in zip(columns, row, strict=True)]
                   for row in scratch.execute(f"SELECT * FROM {name} ORDER BY rowid")]
            for name, columns in COLUMNS.items()
        }  # fmt: skip


def _cell(column: str, value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, str):
        value = " ".join(value.split())
    if column in _DATES and isinstance(value, str):
        month, day, year = value.split("/")
        return f"19{year}-{month}-{day}"
    return str(value)
