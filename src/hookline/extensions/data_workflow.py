"""DataWorkflowHandler: the default commands, with the data agent's SQL and chart setup help.

The handler of the agent ``hookline chat`` builds (``cli/wiring.py``): its starter
UI and ``/status`` check for a SQL tool, the memory tools and a chart tool (the
reference's setup analysis, ``analyze_setup``) and say how to add what is missing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hookline.components.base import UiComponent
from hookline.extensions.agent_view import AgentView
from hookline.extensions.default_workflow import (
    DefaultWorkflowHandler,
    admin_card,
    markdown,
    status_card,
)
from hookline.users.models import User

__all__ = ["DEFAULT_EXAMPLES", "DataWorkflowHandler", "analyze_setup"]

SQL_TOOLS = ("run_sql", "sql_query", "execute_sql", "query_sql")
MEMORY_SEARCH_TOOL = "search_saved_correct_tool_uses"
MEMORY_SAVE_TOOL = "save_question_tool_args"
VIZ_TOOLS = ("visualize_data", "create_chart", "plot_data", "generate_chart")
CALCULATOR_TOOLS = ("calculator", "calc", "calculate")

DEFAULT_EXAMPLES = (
    "Who are the top 10 customers by revenue?",
    "How many orders were placed last month?",
    "Show monthly sales as a chart.",
)
"""The example questions ``/help`` lists for a database the CLI knows nothing about."""


def analyze_setup(tool_names: list[str]) -> dict[str, Any]:
    """Which capabilities the available tools give, with the reference's keys."""
    names = set(tool_names)
    has_sql = any(name in names for name in SQL_TOOLS)
    has_search = MEMORY_SEARCH_TOOL in names
    has_save = MEMORY_SAVE_TOOL in names
    has_memory = has_search and has_save
    has_viz = any(name in names for name in VIZ_TOOLS)
    return {
        "has_sql": has_sql,
        "has_memory": has_memory,
        "has_search": has_search,
        "has_save": has_save,
        "has_viz": has_viz,
        "has_calculator": any(name in names for name in CALCULATOR_TOOLS),
        "is_complete": has_sql and has_memory and has_viz,
        "is_functional": has_sql,
        "tool_count": len(tool_names),
        "tool_names": list(tool_names),
    }


class DataWorkflowHandler(DefaultWorkflowHandler):
    """``DefaultWorkflowHandler`` for a text-to-SQL agent: SQL, memory and chart setup help.

    Example::

        agent = Agent(
            llm,
            tool_registry=ToolRegistry([RunSqlTool(runner), VisualizeDataTool(runner)]),
            workflow_handler=DataWorkflowHandler(),
        )
    """

    def __init__(
        self,
        welcome_message: str | None = None,
        *,
        admin_group: str = "admin",
        bare_word_aliases: bool = False,
        example_questions: Sequence[str] = DEFAULT_EXAMPLES,
    ) -> None:
        super().__init__(
            welcome_message,
            admin_group=admin_group,
            bare_word_aliases=bare_word_aliases,
            example_questions=example_questions,
        )

    async def _setup(self, agent: AgentView, user: User) -> dict[str, Any]:
        setup = await super()._setup(agent, user)
        return setup | analyze_setup(setup["tool_names"])

    def _invitation(self, setup: dict[str, Any]) -> str:
        if setup["has_sql"]:
            return "Ask a question about your data"
        return super()._invitation(setup)

    async def _status(self, agent: AgentView, user: User) -> list[UiComponent]:
        setup = await self._setup(agent, user)
        if setup["is_complete"]:
            summary = "Setup is **complete**."
        elif setup["is_functional"]:
            summary = "Setup is **functional**; some optional tools are missing."
        else:
            summary = "Setup **needs configuration**: no SQL tool is registered."
        tools = ", ".join(setup["tool_names"]) or "none"
        components = [markdown(f"## Status\n\n{summary}\n\n{setup['tool_count']} tools: {tools}")]
        guidance = _setup_guidance(setup)
        if guidance:
            components.append(markdown(guidance))
        sql = "Register a RunSqlTool to query your database."
        memory = "Register the memory tools and give the agent an AgentMemory."
        return [
            *components,
            status_card("SQL", setup["has_sql"], sql, failure="error"),
            status_card("Memory", setup["has_memory"], memory),
            status_card(
                "Visualization", setup["has_viz"], "Register VisualizeDataTool for charts."
            ),
        ]

    def _admin_welcome(self, user: User, setup: dict[str, Any]) -> UiComponent:
        marks = {True: "✅", False: "⚠️"}
        lines = [
            f"{marks[setup['has_sql']]} SQL",
            f"{marks[setup['has_memory']]} Memory",
            f"{marks[setup['has_viz']]} Visualization",
        ]
        status = (
            "success"
            if setup["is_complete"]
            else ("warning" if setup["is_functional"] else "error")
        )
        return admin_card(user, "\n".join(lines), status, memories=setup["has_memory"])


_GUIDANCE = {
    "has_sql": (
        "Add a SQL tool:\n\n```python\nfrom hookline.sql import create_sql_runner\n"
        "from hookline.tools.builtin import RunSqlTool\n"
        'registry.register(RunSqlTool(create_sql_runner("sqlite:///shop.db")))\n```'
    ),
    "has_memory": (
        "Add memory:\n\n```python\nfrom hookline import SqliteAgentMemory\n"
        "from hookline.tools.builtin import memory_tools\n"
        'agent = Agent(llm, agent_memory=SqliteAgentMemory("memory.db"), ...)\n'
        "for memory_tool in memory_tools():\n    registry.register(memory_tool)\n```"
    ),
    "has_viz": (
        "Add charts:\n\n```python\nfrom hookline.tools.builtin import VisualizeDataTool\n"
        "registry.register(VisualizeDataTool(runner))\n```"
    ),
}


def _setup_guidance(setup: dict[str, Any]) -> str:
    """How to add what is missing, with code."""
    missing = [text for key, text in _GUIDANCE.items() if not setup[key]]
    return "## Setup guidance\n\n" + "\n\n".join(missing) if missing else ""
