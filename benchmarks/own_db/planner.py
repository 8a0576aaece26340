"""The planner hook the eval adds to the CLI's agent until ``SqlPlannerMiddleware`` has it.

``SqlPlannerMiddleware`` (hookline.middleware.sql_planner) calls ``link_question``: a
question the linker abstains on goes to the model.  The data agent's behaviour the eval
measures is the planner's: the catalog read with the database's documentation
(``SqlCatalog.load(runner, docs=...)``), and an ``Abstention`` said as the answer
(``read_question``).  ``DocumentedPlanner`` adds exactly that to the middleware as it is;
once the middleware does it itself, ``install`` is a no-op.
"""

from __future__ import annotations

import inspect
from typing import Any

import hookline.cli.wiring as wiring
from hookline.hooks.events import ModelCallNext
from hookline.llm.models import LlmRequest, LlmResponse
from hookline.middleware.sql_planner import SqlPlannerMiddleware
from hookline.sql.catalog import SqlCatalog
from hookline.sql.documentation import DatabaseDocs
from hookline.sql.linking import Abstention, read_question
from hookline.sql.runner import SqlRunner


class DocumentedPlanner(SqlPlannerMiddleware):
    """``SqlPlannerMiddleware`` with the database's docs and abstentions answered."""

    def __init__(self, runner: SqlRunner, *, docs: DatabaseDocs | None, **options: Any) -> None:
        super().__init__(runner, **options)
        self.docs = docs

    async def catalog(self) -> SqlCatalog:
        async with self._loading:
            if self._catalog is None:
                self._catalog = await SqlCatalog.load(self.runner, docs=self.docs)
            return self._catalog

    async def wrap_model_call(self, request: LlmRequest, call_next: ModelCallNext) -> LlmResponse:
        last = request.messages[-1] if request.messages else None
        asked = last is not None and last.role == "user" and bool(last.content)
        if asked and last is not None and not (last.content or "").startswith("/"):
            reading = read_question(last.content or "", await self.catalog())
            if isinstance(reading, Abstention) and not reading.small_talk:
                return LlmResponse(content=reading.message, finish_reason="stop")
        return await super().wrap_model_call(request, call_next)


def install(docs: DatabaseDocs | None) -> None:
    """Make ``build_agent`` use ``DocumentedPlanner`` (unless the middleware takes docs)."""
    if "docs" in inspect.signature(SqlPlannerMiddleware.__init__).parameters:
        return

    def planner(runner: SqlRunner, **options: Any) -> SqlPlannerMiddleware:
        return DocumentedPlanner(runner, docs=docs, **options)

    setattr(wiring, "SqlPlannerMiddleware", planner)  # noqa: B010 - a module's name
