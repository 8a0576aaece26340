"""The ``hookline`` command: chat, serve, logs, workflow."""

from __future__ import annotations

import asyncio
import importlib
import logging
import os
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from hookline.sql import default_data_dir

__all__ = ["app", "main"]

app = typer.Typer(
    name="hookline",
    help="Chat with a hookline agent, serve it over HTTP, inspect its query log.",
    no_args_is_help=True,
    add_completion=False,
)
logs_app = typer.Typer(help="The query log (QueryLoggingHook's JSON Lines file).")
workflow_app = typer.Typer(help="Multi-agent workflows from a folder.")
app.add_typer(logs_app, name="logs")
app.add_typer(workflow_app, name="workflow")

DbOption = Annotated[
    str | None,
    typer.Option(
        "--db", help="Database URL or path (default: the sample database).", envvar="HOOKLINE_DB"
    ),
]
AllowPrivilegedRoleOption = Annotated[
    bool,
    typer.Option(
        "--allow-privileged-role",
        help="Let --db connect to PostgreSQL as a superuser or a role that reaches server "
        "files (refused by default; `hookline sql-role` prints a least-privilege role).",
    ),
]
QueryLogOption = Annotated[
    Path | None,
    typer.Option(
        "--query-log",
        help="Log each SQL query with its question to this JSON Lines file (opt-in).",
        envvar="HOOKLINE_QUERY_LOG",
    ),
]

CorsOption = Annotated[
    list[str] | None, typer.Option("--cors-origin", help="An origin allowed to call the API.")
]
JwtEnvOption = Annotated[
    str, typer.Option(help="Verify HS256 bearer tokens with the secret in this variable, if set.")
]
AllowedHostOption = Annotated[
    list[str] | None,
    typer.Option(
        "--allowed-host",
        help="A host name clients use to reach the server (localhost is always allowed).",
        envvar="HOOKLINE_ALLOWED_HOSTS",
    ),
]
TrustedProxyOption = Annotated[
    list[str] | None,
    typer.Option(
        "--trusted-proxy",
        help="Take users from X-User-Id / X-User-Groups set by the proxy at this address.",
    ),
]
RedactPiiOption = Annotated[
    bool,
    typer.Option(
        "--redact-pii",
        help="Mask emails, phone and card numbers: in what the model reads and in the answer "
        "as it streams (PiiRedactionMiddleware).",
    ),
]
DurableOption = Annotated[
    bool,
    typer.Option(
        "--durable",
        help="Run every turn as a DBOS workflow: a turn cut off by a crash finishes after "
        "a restart (docs/durable.md).",
    ),
]
DbosUrlOption = Annotated[
    str | None,
    typer.Option(
        "--dbos-url",
        help="DBOS system database for --durable (default: $HOOKLINE_DBOS_URL, else a "
        "SQLite file next to the conversations).",
    ),
]
InsecureOption = Annotated[
    bool, typer.Option(help="Serve beyond this machine without authentication (a warning).")
]


def _default_log() -> Path:
    return default_data_dir() / "query_log.jsonl"


def _wiring(
    db: str | None, query_log: Path | None, redact_pii: bool = False, privileged: bool = False
) -> Any:
    from hookline.cli.db_check import check_database
    from hookline.cli.wiring import build_agent

    try:
        check_database(db, allow_privileged_role=privileged)
        return build_agent(
            db=db, query_log=query_log, redact_pii=redact_pii, allow_privileged_role=privileged
        )
    except (ValueError, OSError) as exc:
        Console(stderr=True).print(f"[red]{exc}[/]", highlight=False, soft_wrap=True)
        raise typer.Exit(2) from None


@app.command()
def chat(
    message: Annotated[
        str | None, typer.Option("--message", "-m", help="Ask one question and exit.")
    ] = None,
    conversation: Annotated[
        str | None, typer.Option("--conversation", "-c", help="Continue this conversation id.")
    ] = None,
    db: DbOption = None,
    query_log: QueryLogOption = None,
    redact_pii: RedactPiiOption = False,
    allow_privileged_role: AllowPrivilegedRoleOption = False,
) -> None:
    """Chat with the agent in the terminal (the model comes from HOOKLINE_MODEL)."""
    from hookline.cli.chat import chat_loop

    wiring = _wiring(db, query_log, redact_pii, allow_privileged_role)
    console = Console()
    code = asyncio.run(
        chat_loop(wiring, console, message=message, conversation_id=conversation, show_banner=True)
    )
    raise typer.Exit(code)


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="Interface to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    db: DbOption = None,
    query_log: QueryLogOption = None,
    cors_origin: CorsOption = None,
    jwt_secret_env: JwtEnvOption = "HOOKLINE_JWT_SECRET",
    allowed_host: AllowedHostOption = None,
    trusted_proxy: TrustedProxyOption = None,
    insecure: InsecureOption = False,
    redact_pii: RedactPiiOption = False,
    durable: DurableOption = False,
    dbos_url: DbosUrlOption = None,
    allow_privileged_role: AllowPrivilegedRoleOption = False,
) -> None:
    """Serve the agent: web chat at /, SSE API, OpenAI-compatible /v1, AG-UI, /metrics."""
    import uvicorn

    from hookline.cli.serve import durable_agent, serve_security
    from hookline.server import create_app

    err = Console(stderr=True)
    try:
        security = serve_security(
            host=host,
            jwt_secret=os.environ.get(jwt_secret_env),
            jwt_secret_env=jwt_secret_env,
            trusted_proxies=trusted_proxy or (),
            allowed_hosts=allowed_host or (),
            insecure=insecure,
        )
        wiring = _wiring(db, query_log, redact_pii, allow_privileged_role)
        dbos = durable_agent(wiring.agent, wiring.store_path, dbos_url) if durable else None
        server_app = create_app(
            wiring.agent,
            user_resolver=security.user_resolver,
            cors_origins=cors_origin or (),
            allowed_hosts=allowed_host or (),
            close_store_on_shutdown=True,
            durable=dbos[0] if dbos else None,
        )
    except ValueError as exc:
        err.print(f"[red]{exc}[/]", highlight=False, soft_wrap=True)
        raise typer.Exit(2) from None
    console = Console()
    console.print(f"hookline serve: http://{host}:{port}  (model: {wiring.model})", highlight=False)
    console.print(f"  store: {wiring.store_path}   data: {wiring.database}", highlight=False)
    console.print(f"  auth: {security.auth}", highlight=False)
    if dbos:
        console.print(f"  durable: DBOS at {dbos[1]}", highlight=False)
    for warning in security.warnings:
        err.print(f"[bold red]{warning}[/]", highlight=False, soft_wrap=True)
    uvicorn.run(server_app, host=host, port=port, log_level="info", proxy_headers=False)


@app.command()
def train(
    question: Annotated[str | None, typer.Option("--question", "-q", help="A question.")] = None,
    sql: Annotated[str | None, typer.Option("--sql", help="The SQL that answers it.")] = None,
    pairs_file: Annotated[
        Path | None, typer.Option("--from", help="JSON Lines pairs (`hookline logs export`).")
    ] = None,
    db: DbOption = None,
) -> None:
    """Add question -> SQL examples for the database (each SQL is run first, read-only)."""
    from hookline.cli.train import read_pairs
    from hookline.cli.train import train as add_pairs
    from hookline.sql.examples import SqlExample

    err = Console(stderr=True)
    if (question is None) != (sql is None) or (question is None and pairs_file is None):
        err.print("[red]Give --question with --sql, or --from FILE.[/]")
        raise typer.Exit(2)
    try:
        pairs = read_pairs(pairs_file) if pairs_file else []
        pairs += [SqlExample(question, sql)] if question and sql else []
        added, refused = asyncio.run(add_pairs(pairs, db))
    except (ValueError, OSError) as exc:
        err.print(f"[red]{exc}[/]", highlight=False, soft_wrap=True)
        raise typer.Exit(2) from None
    for reason in refused:
        err.print(f"[red]not added[/] {reason}", highlight=False, soft_wrap=True)
    Console().print(f"Added {added} example(s).", highlight=False)
    raise typer.Exit(1 if refused else 0)


@app.command("sql-role")
def sql_role(
    name: Annotated[str, typer.Option(help="The role to create.")] = "hookline_reader",
    database: Annotated[str, typer.Option(help="The database it may connect to.")] = "mydb",
    schema: Annotated[
        list[str] | None, typer.Option(help="A schema whose tables it may SELECT.")
    ] = None,
    all_data: Annotated[
        bool, typer.Option(help="Grant pg_read_all_data (every table) instead.")
    ] = False,
) -> None:
    """Print the SQL that creates a least-privilege PostgreSQL role for --db."""
    from hookline.sql.pg_privileges import least_privilege_role_sql

    sql = least_privilege_role_sql(
        name, database=database, schemas=schema or ["public"], read_all_data=all_data
    )
    typer.echo(sql, nl=False)


@logs_app.command("analyze")
def logs_analyze(
    log: Annotated[Path | None, typer.Option("--log", help="The query log file.")] = None,
) -> None:
    """Totals, success rate, top errors and users of the query log."""
    from hookline.extensions.query_logging import analyze_query_log

    path = log or _default_log()
    if not path.is_file():
        Console(stderr=True).print(
            f"[red]No query log at {path}[/] (run chat/serve with --query-log)"
        )
        raise typer.Exit(1)
    analyze_query_log(path)


@logs_app.command("export")
def logs_export(
    output: Annotated[Path, typer.Argument(help="Where to write the question/SQL pairs.")],
    log: Annotated[Path | None, typer.Option("--log", help="The query log file.")] = None,
) -> None:
    """Export successful questions and their SQL as JSON Lines training pairs."""
    from hookline.extensions.query_logging import export_successful_queries

    path = log or _default_log()
    if not path.is_file():
        Console(stderr=True).print(f"[red]No query log at {path}[/]")
        raise typer.Exit(1)
    count = export_successful_queries(path, output)
    Console().print(f"Exported {count} question/SQL pairs to {output}", highlight=False)


@workflow_app.command("run")
def workflow_run(
    directory: Annotated[Path, typer.Argument(help="The workflow folder.")],
    message: Annotated[str, typer.Option("--message", "-m", help="The task.")] = "",
    resume: Annotated[str | None, typer.Option(help="Resume a paused run by id.")] = None,
    scripted: Annotated[bool, typer.Option(help="Answer from the folder's scripts.")] = False,
) -> None:
    """Run a multi-agent workflow folder on a message."""
    try:
        module = importlib.import_module("hookline.workflows.cli")
    except ModuleNotFoundError:
        Console(stderr=True).print("Workflows are not installed in this version of hookline.")
        raise typer.Exit(1) from None
    run_workflow_command = module.run_workflow_command
    code = run_workflow_command(directory, message, resume=resume, scripted=scripted)
    raise typer.Exit(int(code))


def _log_to_file() -> None:
    """Warnings and failed turns (with their traces) go to a file, not over the chat."""
    logger = logging.getLogger("hookline")
    if logger.handlers:
        return
    try:
        folder = default_data_dir()
        folder.mkdir(parents=True, exist_ok=True)
        handler: logging.Handler = logging.FileHandler(folder / "hookline.log", encoding="utf-8")
    except OSError:
        handler = logging.NullHandler()
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    logger.addHandler(handler)
    logger.setLevel(logging.WARNING)
    logger.propagate = False


def main() -> None:
    """The console script's entry point."""
    _log_to_file()
    app()
