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

__all__ = ["DefaultWorkflowHandler"]

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


def markdown(content: str) -> UiComponent:
    """A text answer (rich: Markdown; simple: the same text)."""
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


class DefaultWorkflowHandler(WorkflowHandler):
    """The commands every hookline agent understands, and its starter UI.

    ``/approve <id> [json arguments]`` and ``/reject <id> [reason]`` continue a
    turn paused for approval (as ``Agent.resume``); ``/help`` (``/h``) for
    everyone lists the commands and the tools the user may call (the agent's
    own, by their descriptions); ``/status``, ``/memories`` (``/recent_memories``)
    and ``/delete <id>`` for members of ``admin_group``.  Bare words ("help",
    "status") count as commands only with ``bare_word_aliases=True``: people
    type such words as questions.  ``welcome_message`` replaces the generated
    starter UI; ``example_questions`` are the examples ``/help`` lists (default:
    none).  A product's own help (the data agent's SQL and charts:
    ``DataWorkflowHandler``) is a subclass.

    Example::

        agent = Agent(llm, workflow_handler=DefaultWorkflowHandler(admin_group="ops"))
    """

    def __init__(
        self,
        welcome_message: str | None = None,
        *,
        admin_group: str = "admin",
        bare_word_aliases: bool = False,
        example_questions: Sequence[str] = (),
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
                markdown(
                    f"**Access Denied.** `{word}` is for administrators. "
                    "Contact an administrator if you need it."
                )
            )
        if command == "help":
            return _answer(markdown(await self._help(agent, user)))
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
            return [markdown(self.welcome_message)]
        setup = await self._setup(agent, user)
        if self.is_admin(user):
            return [self._admin_welcome(user, setup)]
        if not setup["tool_count"]:
            return [
                markdown(
                    "# Setup Required\n\nNo tool is configured yet. "
                    "Type `/help` to see what I can do."
                )
            ]
        name = user.username or user.id
        invitation = self._invitation(setup)
        return [
            markdown(f"# Welcome, {name}\n\n{invitation}, or type `/help` to see the commands.")
        ]

    # -- what a product's handler overrides ----------------------------------------

    async def _setup(self, agent: AgentView, user: User) -> dict[str, Any]:
        """What the starter UI and ``/status`` show: the user's tools and the memory."""
        schemas = await agent.tool_registry.get_schemas(user)
        return {
            "tool_count": len(schemas),
            "tool_names": [schema.name for schema in schemas],
            "tools": {schema.name: _first_line(schema.description) for schema in schemas},
            "memory_configured": agent.agent_memory is not None,
        }

    def _help_text(self, user: User) -> str:
        """The commands this user may use, then the example questions (if any)."""
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
        if self.example_questions:
            lines += ["", "## Example questions", *(f"- {q}" for q in self.example_questions)]
        return "\n".join(lines)

    def _invitation(self, setup: dict[str, Any]) -> str:
        """The starter UI's invitation to a user who has tools."""
        return "Ask a question (I have tools to help)"

    async def _status(self, agent: AgentView, user: User) -> list[UiComponent]:
        """``/status``: the tools this user has and whether memory is configured."""
        setup = await self._setup(agent, user)
        memory = "configured" if setup["memory_configured"] else "not configured"
        summary = f"## Status\n\n{_tool_list(setup)}\n\nMemory: {memory}."
        cards = [
            ("Tools", bool(setup["tool_count"]), "Register tools in the agent's ToolRegistry."),
            ("Memory", setup["memory_configured"], "Give the agent an AgentMemory."),
        ]
        return [markdown(summary), *(status_card(*card) for card in cards)]

    def _admin_welcome(self, user: User, setup: dict[str, Any]) -> UiComponent:
        """The administrator's starter card: tools and memory at a glance."""
        marks = {True: "✅", False: "⚠️"}
        lines = [
            f"{marks[bool(setup['tool_count'])]} {_tool_list(setup)}",
            f"{marks[setup['memory_configured']]} Memory",
        ]
        status = "success" if setup["tool_count"] else "warning"
        return admin_card(user, "\n".join(lines), status, memories=setup["memory_configured"])

    # -- commands -----------------------------------------------------------------

    async def _help(self, agent: AgentView, user: User) -> str:
        """``/help``: the commands, the tools this user may call, the examples."""
        commands, _, examples = self._help_text(user).partition("\n\n## Example questions")
        tools = (await self._setup(agent, user))["tools"]
        listed = [f"- `{name}` — {text}" if text else f"- `{name}`" for name, text in tools.items()]
        parts = [commands.rstrip(), "## Tools\n" + ("\n".join(listed) or "No tool is available.")]
        if examples:
            parts.append("## Example questions" + examples)
        return "\n\n".join(parts)

    async def _memories(
        self, agent: AgentView, user: User, conversation: Conversation
    ) -> list[UiComponent]:
        memory = agent.agent_memory
        if memory is None:
            return [markdown("No memory is configured for this agent.")]
        context = _context(agent, user, conversation)
        tool_memories = await memory.get_recent_memories(context, limit=10)
        try:
            text_memories = await memory.get_recent_text_memories(context, limit=10)
        except (AttributeError, NotImplementedError):
            text_memories = []
        if not tool_memories and not text_memories:
            return [markdown("No memories yet.")]
        cards = [
            _memory_card(f"{m.tool_name}: {m.question}", str(m.args), m.memory_id)
            for m in tool_memories
        ]
        cards += [_memory_card("Note", m.content, m.memory_id) for m in text_memories]
        return [markdown(f"## Recent memories ({len(cards)})"), *cards]

    async def _delete(
        self, agent: AgentView, user: User, conversation: Conversation, memory_id: str
    ) -> UiComponent:
        if not memory_id:
            return markdown("Usage: `/delete <memory id>`")
        memory = agent.agent_memory
        if memory is None:
            return markdown("No memory is configured for this agent.")
        context = _context(agent, user, conversation)
        deleted = await memory.delete_by_id(context, memory_id)
        if not deleted:
            deleted = await memory.delete_text_memory(context, memory_id)
        return markdown(
            f"Deleted memory `{memory_id}`." if deleted else f"No memory `{memory_id}` was found."
        )


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


def _first_line(description: str) -> str:
    return description.strip().split("\n", 1)[0]


def _tool_list(setup: dict[str, Any]) -> str:
    tools = ", ".join(setup["tool_names"]) or "none"
    return f"{setup['tool_count']} tools: {tools}"


def status_card(title: str, ok: bool, missing: str, *, failure: str = "warning") -> UiComponent:
    """A status card: "success" and "Ready." when ``ok``, else ``failure`` and ``missing``."""
    return UiComponent(
        rich_component=StatusCardComponent(
            title=title,
            status="success" if ok else failure,
            description="Ready." if ok else missing,
        )
    )


def admin_card(user: User, content: str, status: str, *, memories: bool) -> UiComponent:
    """The administrator's welcome card, with Help, (Memories) and Status buttons."""
    buttons = [ButtonComponent(label="Help", action="/help")]
    if memories:
        buttons.append(ButtonComponent(label="Memories", action="/memories"))
    buttons.append(ButtonComponent(label="Status", action="/status"))
    return UiComponent(
        rich_component=CardComponent(
            title=f"Welcome, {user.username or user.id}",
            content=content,
            icon="🛠️",
            status=status,
            buttons=buttons,
        )
    )
