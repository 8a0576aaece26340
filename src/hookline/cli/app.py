"""The ``hookline`` command: chat, serve, logs, workflow."""

from __future__ import annotations

import asyncio
import importlib
import logging
import os
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.text import Text

from hookline.cli.render import console_for
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
ContextOption = Annotated[
    int | None,
    typer.Option(
        "--context",
        help="The local model's context size in tokens (default 4096; HOOKLINE_CONTEXT).",
        envvar="HOOKLINE_CONTEXT",
        min=128,
    ),
]
InsecureOption = Annotated[
    bool,
    typer.Option(
        help="Serve beyond this machine without authentication, or trust a proxy network "
        "wider than /8 (IPv4) or /32 (IPv6) (a warning)."
    ),
]
ClientToolTimeoutOption = Annotated[
    float,
    typer.Option(
        "--client-tool-timeout",
        min=0.001,
        help="Seconds a stateless OpenAI request paused for a client tool waits for its result.",
    ),
]


def _default_log() -> Path:
    return default_data_dir() / "query_log.jsonl"


def _wiring(
    db: str | None,
    query_log: Path | None,
    redact_pii: bool = False,
    context: int | None = None,
    privileged: bool = False,
) -> Any:
    """The default agent, its model and database checked first: a bad ``HOOKLINE_MODEL``, a
    missing key or model file, a bad ``--db`` or a privileged database role exit with 2 and
    the fix, before any answer."""
    from hookline.cli.db_check import check_database
    from hookline.cli.models import load_model
    from hookline.cli.wiring import build_agent
    from hookline.llm.env import CONTEXT_ENV
    from hookline.llm.errors import ProviderConfigError

    environ = {**os.environ, **({CONTEXT_ENV: str(context)} if context else {})}
    try:
        llm = load_model(environ)
        check_database(db, allow_privileged_role=privileged)
        return build_agent(
            db=db,
            query_log=query_log,
            redact_pii=redact_pii,
            llm=llm,
            allow_privileged_role=privileged,
        )
    except (ValueError, OSError, ProviderConfigError) as exc:
        console_for(stderr=True).print(Text(str(exc), style="red"), soft_wrap=True)  # no markup
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
    context: ContextOption = None,
    json_output: Annotated[
        bool,
        typer.Option(
            "--json",
            help="One JSON object per question (question, answer, sql, rows, timings), "
            "for scripts: the --message, else each line of standard input.",
        ),
    ] = False,
    allow_privileged_role: AllowPrivilegedRoleOption = False,
) -> None:
    """Chat with the agent in the terminal (the model comes from HOOKLINE_MODEL)."""
    from hookline.cli.chat import chat_loop

    wiring = _wiring(db, query_log, redact_pii, context, allow_privileged_role)
    code = asyncio.run(
        chat_loop(
            wiring,
            console_for(),
            message=message,
            conversation_id=conversation,
            show_banner=True,
            json_output=json_output,
        )
    )
    raise typer.Exit(code)


@app.command()
def models(
    timeout: Annotated[float, typer.Option(help="Seconds to wait for each server.")] = 2.0,
) -> None:
    """Which model HOOKLINE_MODEL chooses, and which providers are configured and reachable."""
    from hookline.cli.models import describe_models

    code, lines = describe_models(os.environ, timeout_s=timeout)
    for line in lines:
        print(line)
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
    context: ContextOption = None,
    client_tool_timeout: ClientToolTimeoutOption = 600.0,
    allow_privileged_role: AllowPrivilegedRoleOption = False,
) -> None:
    """Serve the agent: web chat at /, SSE API, OpenAI-compatible /v1, AG-UI, /metrics."""
    _require_server_extra()
    import uvicorn

    from hookline.cli.serve import durable_agent, serve_security
    from hookline.server import create_app

    try:
        security = serve_security(
            host=host,
            jwt_secret=os.environ.get(jwt_secret_env),
            jwt_secret_env=jwt_secret_env,
            trusted_proxies=trusted_proxy or (),
            allowed_hosts=allowed_host or (),
            insecure=insecure,
        )
        wiring = _wiring(db, query_log, redact_pii, context, allow_privileged_role)
        dbos = durable_agent(wiring.agent, wiring.store_path, dbos_url) if durable else None
        server_app = create_app(
            wiring.agent,
            user_resolver=security.user_resolver,
            cors_origins=cors_origin or (),
            allowed_hosts=allowed_host or (),
            close_store_on_shutdown=True,
            durable=dbos[0] if dbos else None,
            client_tool_timeout=client_tool_timeout,
            insecure=insecure,  # checked by serve_security: a wide proxy network, warned of
        )
    except ValueError as exc:
        console_for(stderr=True).print(Text(str(exc), style="red"), soft_wrap=True)
        raise typer.Exit(2) from None
    _serving(f"http://{host}:{port}", wiring, security, dbos[1] if dbos else None)
    uvicorn.run(server_app, host=host, port=port, log_level="info", proxy_headers=False)


def _require_server_extra() -> None:
    """Exit 2 with the install line when the server's packages are missing."""
    from hookline.cli.install import SERVER_MODULES, missing_extra

    problem = missing_extra("hookline serve", "server", SERVER_MODULES)
    if problem:
        console_for(stderr=True).print(problem, highlight=False, markup=False)
        raise typer.Exit(2)


def _serving(url: str, wiring: Any, security: Any, dbos_url: str | None) -> None:
    """What ``hookline serve`` prints before it listens."""
    console, err = console_for(), console_for(stderr=True)
    console.print(f"hookline serve: {url}  (model: {wiring.model})", highlight=False)
    console.print(f"  store: {wiring.store_path}   data: {wiring.database}", highlight=False)
    console.print(f"  auth: {security.auth}", highlight=False)
    if dbos_url:
        console.print(f"  durable: DBOS at {dbos_url}", highlight=False)
    for warning in security.warnings:
        err.print(Text(warning, style="bold red"), highlight=False, soft_wrap=True)


@app.command()
def train(
    question: Annotated[str | None, typer.Option("--question", "-q", help="A question.")] = None,
    sql: Annotated[str | None, typer.Option("--sql", help="The SQL that answers it.")] = None,
    pairs_file: Annotated[
        Path | None, typer.Option("--from", help="JSON Lines pairs (`hookline logs export`).")
    ] = None,
    doc: Annotated[
        Path | None,
        typer.Option("--doc", help="A Markdown or YAML document about the database."),
    ] = None,
    list_all: Annotated[
        bool, typer.Option("--list", help="List the pairs and documents of the database.")
    ] = False,
    remove_id: Annotated[
        str | None, typer.Option("--remove", help="Remove a pair or document by its id.")
    ] = None,
    db: DbOption = None,
) -> None:
    """Teach the agent about the database: question -> SQL pairs (each SQL is run first,
    read-only) and documents; kept for that database only."""
    from hookline.cli.train import run_train

    raise typer.Exit(run_train(question, sql, pairs_file, doc, list_all, remove_id, db))


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
        console_for(stderr=True).print(
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
        console_for(stderr=True).print(f"[red]No query log at {path}[/]")
        raise typer.Exit(1)
    count = export_successful_queries(path, output)
    console_for().print(f"Exported {count} question/SQL pairs to {output}", highlight=False)


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
        console_for(stderr=True).print("Workflows are not installed in this version of hookline.")
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
    """The console script's entry point.  An optional module that is not installed ends
    the command with the line that installs it (exit code 2), not a traceback."""
    from hookline.cli.install import EXTRA_OF, install_line

    _log_to_file()
    try:
        app()
    except ModuleNotFoundError as error:
        top = (error.name or "").partition(".")[0]
        if top not in EXTRA_OF:
            raise
        print(
            f"hookline: the '{top}' package is not installed: {install_line(EXTRA_OF[top])}",
            file=sys.stderr,
        )
        raise SystemExit(2) from None
