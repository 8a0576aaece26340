"""The agent ``hookline chat`` and ``hookline serve`` run: the model from the environment,
conversations in SQLite under the data directory, the sample database (or ``--db``) with
the SQL and chart tools and a system prompt that knows the tables; the planner in the
role ``HOOKLINE_PLANNER`` names (by default: it answers for the embedded model, it
hints for any other), what ``hookline train`` kept for that database, and the grounding
guardrail on every answer.
"""

from __future__ import annotations

import getpass
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from hookline.agent.agent import Agent
from hookline.agent.config import AgentConfig
from hookline.cli.models import LazyLlmService, load_model, model_label
from hookline.extensions.data_workflow import DEFAULT_EXAMPLES
from hookline.extensions.query_logging import QueryLoggingHook
from hookline.extensions.sql_training import ExampleSavingHandler
from hookline.llm.base import LlmService
from hookline.llm.scripted import ScriptedLlmService
from hookline.middleware.base import AgentMiddleware
from hookline.middleware.grounding import GroundedAnswerGuardrail
from hookline.middleware.pii import PiiRedactionMiddleware
from hookline.middleware.sql_planner import PLANNER_MODES, PlannerMode, SqlPlannerMiddleware
from hookline.sql import (
    SAMPLE_QUESTIONS,
    SchemaAwareSystemPromptBuilder,
    create_sql_runner,
    default_data_dir,
    ensure_sample_database,
)
from hookline.sql.examples import SqlExamples
from hookline.sql.training import TrainingStore
from hookline.storage.sqlite import SqliteConversationStore
from hookline.tools.builtin import RunSqlTool, VisualizeDataTool
from hookline.tools.registry import ToolRegistry
from hookline.users.models import User
from hookline.users.resolvers import StaticUserResolver

__all__ = ["PLANNER_ENV", "Wiring", "build_agent", "local_user", "planner_mode", "training_for"]

PLANNER_ENV = "HOOKLINE_PLANNER"
"""The planner's role: ``answer``, ``hint`` or ``off`` (default: by model)."""


@dataclass(kw_only=True)
class Wiring:
    """What the default agent is made of, for the banner."""

    agent: Agent
    model: str
    store_path: Path
    database: str
    planner: str = "answer"


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
    environ: Mapping[str, str] | None = None,
    allow_privileged_role: bool = False,
) -> Wiring:
    """The default agent; ``db`` is a URL or path for ``create_sql_runner`` (None: sample).

    ``SqlPlannerMiddleware`` answers, or hints at, the questions it can link to the
    database's schema (``planner_mode``; docs/first-run.md); ``GroundedAnswerGuardrail``
    withholds a model's text that no query result holds; ``redact_pii`` adds
    ``PiiRedactionMiddleware(redact_output=True)``.  ``environ`` (default: os.environ)
    holds ``HOOKLINE_PLANNER``; a value it does not know is a ``ValueError``.
    """
    folder = data_dir or default_data_dir()
    folder.mkdir(parents=True, exist_ok=True)
    url: str | Path
    if db is None:
        url = ensure_sample_database(folder / "sample.sqlite3")
        database = f"sample database ({url})"
    else:
        url = database = db
    runner = create_sql_runner(url, allow_privileged_role=allow_privileged_role)
    examples = SAMPLE_QUESTIONS if db is None else DEFAULT_EXAMPLES
    pairs, docs = training_for(folder, url, sample=db is None)
    model = llm or load_model()
    mode, planner = planner_mode(model, os.environ if environ is None else environ)
    store_path = folder / "hookline.db"
    agent = Agent(
        model,
        tool_registry=ToolRegistry([RunSqlTool(runner), VisualizeDataTool(runner)]),
        user_resolver=StaticUserResolver(local_user()),
        conversation_store=SqliteConversationStore(store_path),
        system_prompt_builder=SchemaAwareSystemPromptBuilder(runner),
        config=AgentConfig(stream=True),
        lifecycle_hooks=[QueryLoggingHook(query_log)] if query_log else None,
        middleware=_middleware(
            SqlPlannerMiddleware(runner, examples=pairs, mode=mode, documentation=docs),
            redact_pii,
        ),
        workflow_handler=ExampleSavingHandler(pairs, example_questions=examples),
        name="hookline",
    )
    return Wiring(
        agent=agent,
        model=model_label(model),
        store_path=store_path,
        database=database,
        planner=planner,
    )


def _middleware(planner: SqlPlannerMiddleware, redact_pii: bool) -> list[AgentMiddleware]:
    """PII masking (if asked) first, then the planner, then the grounding guardrail (its
    grounding includes the schema, so the planner's schema answers pass)."""
    grounded = GroundedAnswerGuardrail(grounding=planner.grounding, prompt=planner.sent_prompt)
    layers: list[AgentMiddleware] = [planner, grounded]
    return [PiiRedactionMiddleware(redact_output=True), *layers] if redact_pii else layers


def planner_mode(llm: LlmService, environ: Mapping[str, str]) -> tuple[PlannerMode, str]:
    """The planner's role and how the banner says it: ``HOOKLINE_PLANNER`` if set, else
    ``answer`` for the embedded (or a scripted) model and ``hint`` for any other."""
    value = environ.get(PLANNER_ENV, "").strip().lower()
    if value:
        for mode in PLANNER_MODES:
            if mode == value:
                return mode, f"{mode} ({PLANNER_ENV})"
        raise ValueError(f"{PLANNER_ENV}={value!r}: use one of {', '.join(PLANNER_MODES)}.")
    mode = "answer" if _embedded(llm) else "hint"
    return mode, f"{mode} (the default for this model; {PLANNER_ENV}=answer|hint|off)"


def _embedded(llm: LlmService) -> bool:
    if isinstance(llm, LazyLlmService):
        return llm.spec == "local" or llm.spec.startswith("local:")
    return isinstance(llm, ScriptedLlmService) or type(llm).__name__ == "LocalLlmService"


def training_for(folder: Path, url: str | Path, *, sample: bool) -> tuple[SqlExamples, list[str]]:
    """What ``hookline train`` kept for the database at ``url`` (``TrainingStore``): its
    pairs, after the ones shipped for the sample database when it is the one used, and
    its documents' texts."""
    store = TrainingStore.open(folder, url)
    examples = store.examples()
    if sample:
        examples.pairs[:0] = SqlExamples.sample().pairs
    return examples, [doc.text for doc in store.docs()]
