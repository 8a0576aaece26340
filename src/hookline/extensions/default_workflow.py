"""DefaultWorkflowHandler: /help, /status, /memories, /delete and a setup-aware starter UI."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hookline.components.base import UiComponent
from hookline.components.rich import (
    ButtonComponent,
    CardComponent,
    RichTextComponent,
    StatusCardComponent,
)
from hookline.components.simple import SimpleTextComponent
from hookline.errors import AgentError
from hookline.extensions.agent_view import AgentView
from hookline.extensions.workflow import PASS_THROUGH, WorkflowHandler, WorkflowResult, resume_with
from hookline.storage.models import Conversation
from hookline.tools.approval import ApprovalDecision, parse_decision_command
from hookline.tools.context import ToolContext
from hookline.users.models import User

__all__ = ["DefaultWorkflowHandler", "analyze_setup"]

SQL_TOOLS = ("run_sql", "sql_query", "execute_sql", "query_sql")
MEMORY_SEARCH_TOOL = "search_saved_correct_tool_uses"
MEMORY_SAVE_TOOL = "save_question_tool_args"
VIZ_TOOLS = ("visualize_data", "create_chart", "plot_data", "generate_chart")
CALCULATOR_TOOLS = ("calculator", "calc", "calculate")

_COMMANDS = {
    "/help": "help",
    "/h": "help",
    "/status": "status",
    "/memories": "memories",
    "/recent_memories": "memories",
}
_BARE_ALIASES = {
    "help": "help",
    "status": "status",
    "memories": "memories",
    "recent_memories": "memories",
}
_ADMIN_ONLY = {"status", "memories", "delete"}


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


def _text(content: str) -> UiComponent:
    return UiComponent(
        rich_component=RichTextComponent(content=content),
        simple_component=SimpleTextComponent(text=content),
    )


def _decision(text: str) -> dict[str, ApprovalDecision] | None:
    """``/approve <id> [json]`` or ``/reject <id> [reason]`` as decisions, else None."""
    try:
        parsed = parse_decision_command(text)
    except ValueError as exc:
        raise AgentError(str(exc)) from None
    if parsed is None:
        return None
    call_id, decision = parsed
    return {call_id: decision}


def _answer(*components: UiComponent) -> WorkflowResult:
    return WorkflowResult(should_skip_llm=True, components=list(components))


DEFAULT_EXAMPLES = (
    "Who are the top 10 customers by revenue?",
    "How many orders were placed last month?",
    "Show monthly sales as a chart.",
)


class DefaultWorkflowHandler(WorkflowHandler):
    """The commands every hookline agent understands, and its starter UI.

    ``/approve <id> [json arguments]`` and ``/reject <id> [reason]`` continue a
    turn paused for approval (as ``Agent.resume``); ``/help`` (``/h``) for
    everyone; ``/status``, ``/memories`` (``/recent_memories``) and
    ``/delete <id>`` for members of
    ``admin_group``.  Bare words ("help", "status") count as commands only
    with ``bare_word_aliases=True``: people type such words as questions.
    ``welcome_message`` replaces the generated starter UI; ``example_questions``
    are the examples ``/help`` lists (default: generic ones).

    Example::

        agent = Agent(llm, workflow_handler=DefaultWorkflowHandler(admin_group="ops"))
    """

    def __init__(
        self,
        welcome_message: str | None = None,
        *,
        admin_group: str = "admin",
        bare_word_aliases: bool = False,
        example_questions: Sequence[str] = DEFAULT_EXAMPLES,
    ) -> None:
        self.welcome_message = welcome_message
        self.admin_group = admin_group
        self.bare_word_aliases = bare_word_aliases
        self.commands_only = not bare_word_aliases  # bare words are asked about every message
        self.example_questions = list(example_questions)

    async def try_handle(
        self, agent: AgentView, user: User, conversation: Conversation, message: str
    ) -> WorkflowResult:
        text = message.strip()
        if not text.startswith("/") and not self.bare_word_aliases:
            return PASS_THROUGH
        decision = _decision(text)
        if decision is not None:
            return resume_with(decision)
        word, _, argument = text.partition(" ")
        command = _COMMANDS.get(word.lower())
        if command is None and self.bare_word_aliases:
            command = _BARE_ALIASES.get(word.lower())
        if command is None and word.lower() == "/delete":
            command = "delete"
        if command is None:
            return PASS_THROUGH
        if command in _ADMIN_ONLY and not self.is_admin(user):
            return _answer(
                _text(
                    f"**Access Denied.** `{word}` is for administrators. "
                    "Contact an administrator if you need it."
                )
            )
        if command == "help":
            return _answer(_text(self._help_text(user)))
        if command == "status":
            return _answer(*await self._status(agent, user))
        if command == "memories":
            return _answer(*await self._memories(agent, user, conversation))
        return _answer(await self._delete(agent, user, conversation, argument.strip()))

    def is_admin(self, user: User) -> bool:
        return self.admin_group in user.group_memberships

    async def get_starter_ui(
        self, agent: AgentView, user: User, conversation: Conversation
    ) -> list[UiComponent] | None:
        if self.welcome_message:
            return [_text(self.welcome_message)]
        setup = await self._setup(agent, user)
        if self.is_admin(user):
            return [self._admin_welcome(user, setup)]
        if not setup["tool_count"]:
            return [
                _text(
                    "# Setup Required\n\nNo tool is configured yet. "
                    "Type `/help` to see what I can do."
                )
            ]
        name = user.username or user.id
        topic = "about your data" if setup["has_sql"] else "(I have tools to help)"
        return [
            _text(
                f"# Welcome, {name}\n\nAsk a question {topic}, or type `/help` to see the commands."
            )
        ]

    # -- commands -----------------------------------------------------------------

    def _help_text(self, user: User) -> str:
        lines = [
            "## Commands",
            "- `/help` — this list",
            "- `/approve <id>` / `/reject <id> [reason]` — decide a tool call that waits",
        ]
        if self.is_admin(user):
            lines += [
                "- `/status` — setup health check",
                "- `/memories` — recent memories, with delete buttons",
                "- `/delete <id>` — delete a memory",
            ]
        lines += ["", "## Example questions", *(f"- {q}" for q in self.example_questions)]
        return "\n".join(lines)

    async def _setup(self, agent: AgentView, user: User) -> dict[str, Any]:
        schemas = await agent.tool_registry.get_schemas(user)
        return analyze_setup([schema.name for schema in schemas])

    async def _status(self, agent: AgentView, user: User) -> list[UiComponent]:
        setup = await self._setup(agent, user)
        if setup["is_complete"]:
            summary = "Setup is **complete**."
        elif setup["is_functional"]:
            summary = "Setup is **functional**; some optional tools are missing."
        else:
            summary = "Setup **needs configuration**: no SQL tool is registered."
        tools = ", ".join(setup["tool_names"]) or "none"
        components = [_text(f"## Status\n\n{summary}\n\n{setup['tool_count']} tools: {tools}")]
        guidance = _setup_guidance(setup)
        if guidance:
            components.append(_text(guidance))
        for title, ok, missing in (
            ("SQL", setup["has_sql"], "Register a RunSqlTool to query your database."),
            (
                "Memory",
                setup["has_memory"],
                "Register the memory tools and give the agent an AgentMemory.",
            ),
            ("Visualization", setup["has_viz"], "Register VisualizeDataTool for charts."),
        ):
            status = "success" if ok else ("error" if title == "SQL" else "warning")
            components.append(
                UiComponent(
                    rich_component=StatusCardComponent(
                        title=title,
                        status=status,
                        description="Ready." if ok else missing,
                    )
                )
            )
        return components

    async def _memories(
        self, agent: AgentView, user: User, conversation: Conversation
    ) -> list[UiComponent]:
        memory = agent.agent_memory
        if memory is None:
            return [_text("No memory is configured for this agent.")]
        context = _context(agent, user, conversation)
        tool_memories = await memory.get_recent_memories(context, limit=10)
        try:
            text_memories = await memory.get_recent_text_memories(context, limit=10)
        except (AttributeError, NotImplementedError):
            text_memories = []
        if not tool_memories and not text_memories:
            return [_text("No memories yet.")]
        cards = [
            _memory_card(f"{m.tool_name}: {m.question}", str(m.args), m.memory_id)
            for m in tool_memories
        ]
        cards += [_memory_card("Note", m.content, m.memory_id) for m in text_memories]
        return [_text(f"## Recent memories ({len(cards)})"), *cards]

    async def _delete(
        self, agent: AgentView, user: User, conversation: Conversation, memory_id: str
    ) -> UiComponent:
        if not memory_id:
            return _text("Usage: `/delete <memory id>`")
        memory = agent.agent_memory
        if memory is None:
            return _text("No memory is configured for this agent.")
        context = _context(agent, user, conversation)
        deleted = await memory.delete_by_id(context, memory_id)
        if not deleted:
            deleted = await memory.delete_text_memory(context, memory_id)
        return _text(
            f"Deleted memory `{memory_id}`." if deleted else f"No memory `{memory_id}` was found."
        )

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
        buttons = [ButtonComponent(label="Help", action="/help")]
        if setup["has_memory"]:
            buttons.append(ButtonComponent(label="Memories", action="/memories"))
        buttons.append(ButtonComponent(label="Status", action="/status"))
        return UiComponent(
            rich_component=CardComponent(
                title=f"Welcome, {user.username or user.id}",
                content="\n".join(lines),
                icon="🛠️",
                status=status,
                buttons=buttons,
            )
        )


_GUIDANCE = {
    "has_sql": (
        "Add a SQL tool:\n\n```python\nfrom hookline import RunSqlTool, create_sql_runner\n"
        'registry.register(RunSqlTool(create_sql_runner("sqlite:///shop.db")))\n```'
    ),
    "has_memory": (
        "Add memory:\n\n```python\nfrom hookline import SqliteAgentMemory, memory_tools\n"
        'agent = Agent(llm, agent_memory=SqliteAgentMemory("memory.db"), ...)\n'
        "for memory_tool in memory_tools():\n    registry.register(memory_tool)\n```"
    ),
    "has_viz": (
        "Add charts:\n\n```python\nfrom hookline import VisualizeDataTool\n"
        "registry.register(VisualizeDataTool(runner))\n```"
    ),
}


def _setup_guidance(setup: dict[str, Any]) -> str:
    """How to add what is missing, with code."""
    missing = [text for key, text in _GUIDANCE.items() if not setup[key]]
    return "## Setup guidance\n\n" + "\n\n".join(missing) if missing else ""


def _context(agent: AgentView, user: User, conversation: Conversation) -> ToolContext:
    return ToolContext(
        user=user,
        conversation_id=conversation.id,
        request_id="workflow",
        agent_memory=agent.agent_memory,
    )


def _memory_card(title: str, content: str, memory_id: str) -> UiComponent:
    return UiComponent(
        rich_component=CardComponent(
            title=title,
            content=content,
            buttons=[
                ButtonComponent(label="Delete", action=f"/delete {memory_id}", variant="danger")
            ],
        )
    )
