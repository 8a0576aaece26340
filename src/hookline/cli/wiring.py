"""The agent ``hookline chat`` and ``hookline serve`` run: the model from the environment,
conversations in SQLite under the data directory, the sample database (or ``--db``) with
the SQL and chart tools and a system prompt that knows the tables.
"""

from __future__ import annotations

import getpass
from dataclasses import dataclass
from pathlib import Path

from hookline.agent.agent import Agent
from hookline.agent.config import AgentConfig
from hookline.cli.models import load_model, model_label
from hookline.extensions.default_workflow import DEFAULT_EXAMPLES
from hookline.extensions.query_logging import QueryLoggingHook
from hookline.extensions.sql_training import ExampleSavingHandler
from hookline.llm.base import LlmService
from hookline.middleware.base import AgentMiddleware
from hookline.middleware.pii import PiiRedactionMiddleware
from hookline.middleware.sql_planner import SqlPlannerMiddleware
from hookline.sql import (
    SAMPLE_QUESTIONS,
    SchemaAwareSystemPromptBuilder,
    SqlRunner,
    create_sql_runner,
    default_data_dir,
    ensure_sample_database,
)
from hookline.sql.examples import SqlExamples
from hookline.storage.sqlite import SqliteConversationStore
from hookline.tools.builtin import RunSqlTool, VisualizeDataTool
from hookline.tools.registry import ToolRegistry
from hookline.users.models import User
from hookline.users.resolvers import StaticUserResolver

__all__ = ["Wiring", "build_agent", "local_user"]


EXAMPLES_FILE = "examples.jsonl"
"""The question -> SQL pairs `hookline train` adds, in the data directory."""


@dataclass(kw_only=True)
class Wiring:
    """What the default agent is made of, for the banner."""

    agent: Agent
    model: str
    store_path: Path
    database: str


def local_user() -> User:
    """The one user of a local CLI session."""
    try:
        name = getpass.getuser()
    except Exception:
        name = "local"
    return User(id="local", username=name)


def build_agent(
    *,
    db: str | None = None,
    query_log: Path | None = None,
    data_dir: Path | None = None,
    llm: LlmService | None = None,
    redact_pii: bool = False,
    allow_privileged_role: bool = False,
) -> Wiring:
    """The default agent; ``db`` is a URL or path for ``create_sql_runner`` (None: sample).

    ``SqlPlannerMiddleware`` answers the questions it can link to the database's schema
    (docs/first-run.md); ``redact_pii`` adds ``PiiRedactionMiddleware(redact_output=True)``.
    """
    folder = data_dir or default_data_dir()
    folder.mkdir(parents=True, exist_ok=True)
    if db is None:
        sample = ensure_sample_database(folder / "sample.sqlite3")
        runner = create_sql_runner(sample)
        database = f"sample database ({sample})"
    else:
        runner = create_sql_runner(db, allow_privileged_role=allow_privileged_role)
        database = db
    examples = SAMPLE_QUESTIONS if db is None else DEFAULT_EXAMPLES
    pairs = training_examples(folder, sample=db is None)
    model = llm or load_model()
    store_path = folder / "hookline.db"
    agent = Agent(
        model,
        tool_registry=ToolRegistry([RunSqlTool(runner), VisualizeDataTool(runner)]),
        user_resolver=StaticUserResolver(local_user()),
        conversation_store=SqliteConversationStore(store_path),
        system_prompt_builder=SchemaAwareSystemPromptBuilder(runner),
        config=AgentConfig(stream=True),
        lifecycle_hooks=[QueryLoggingHook(query_log)] if query_log else None,
        middleware=_middleware(runner, redact_pii, pairs),
        workflow_handler=ExampleSavingHandler(pairs, example_questions=examples),
        name="hookline",
    )
    return Wiring(agent=agent, model=model_label(model), store_path=store_path, database=database)


def _middleware(
    runner: SqlRunner, redact_pii: bool, examples: SqlExamples
) -> list[AgentMiddleware]:
    planner = SqlPlannerMiddleware(runner, examples=examples)
    return [PiiRedactionMiddleware(redact_output=True), planner] if redact_pii else [planner]


def training_examples(folder: Path, *, sample: bool) -> SqlExamples:
    """The question -> SQL pairs ``hookline train`` added (``examples.jsonl`` in the data
    directory), after the pairs shipped for the sample database when it is the one used."""
    examples = SqlExamples.load(folder / EXAMPLES_FILE)
    if sample:
        examples.pairs[:0] = SqlExamples.sample().pairs
    return examples
