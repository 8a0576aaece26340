"""ExampleSavingHandler: ``/good`` keeps the last answered question and its SQL as an example.

The default workflow handler plus one command: when an answer was right, the user types
``/good`` and the conversation's last question, with the SQL of the last query that ran
for it, becomes a question -> SQL pair in ``examples`` (``SqlExamples``; the default agent
gives it the pairs of its own database, ``hookline.sql.training``). The agent's
``SqlPlannerMiddleware`` shows the model the pairs most like each new question, so a
confirmed answer helps the next similar one.

Example::

    examples = TrainingStore.open(data_dir, database_url).examples()  # this database's pairs
    agent = Agent(llm, middleware=[SqlPlannerMiddleware(runner, examples=examples)],
                  workflow_handler=ExampleSavingHandler(examples))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hookline.components.base import UiComponent
from hookline.components.rich import RichTextComponent
from hookline.components.simple import SimpleTextComponent
from hookline.extensions.agent_view import AgentView
from hookline.extensions.data_workflow import DataWorkflowHandler
from hookline.extensions.workflow import WorkflowResult
from hookline.sql.examples import SqlExample, SqlExamples
from hookline.storage.models import Conversation, Message
from hookline.users.models import User

__all__ = ["ExampleSavingHandler", "last_answered_query"]

SAVE_COMMAND = "/good"


class ExampleSavingHandler(DataWorkflowHandler):
    """``DataWorkflowHandler`` with ``/good`` (see the module doc)."""

    def __init__(self, examples: SqlExamples, *, tool_name: str = "run_sql", **options: Any):
        super().__init__(**options)
        self.examples = examples
        self.tool_name = tool_name

    async def try_handle(
        self, agent: AgentView, user: User, conversation: Conversation, message: str
    ) -> WorkflowResult:
        if message.strip().lower() != SAVE_COMMAND:
            return await super().try_handle(agent, user, conversation, message)
        pair = last_answered_query(conversation.messages, self.tool_name)
        if pair is None:
            return _say("Nothing to save yet: no question here was answered by a query.")
        self.examples.add(pair.question, pair.sql)
        return _say(f"Saved as an example for similar questions: **{pair.question}**")

    def _help_text(self, user: User) -> str:
        line = f"- `{SAVE_COMMAND}` — keep the last question and its SQL as an example"
        head, _, rest = super()._help_text(user).partition("\n\n")
        return f"{head}\n{line}\n\n{rest}"


def last_answered_query(messages: Sequence[Message], tool_name: str) -> SqlExample | None:
    """The last user question whose turn ran ``tool_name`` successfully, with that SQL."""
    sql_by_call = {
        call.id: str(call.arguments.get("sql", ""))
        for message in messages
        for call in message.tool_calls or []
        if call.name == tool_name
    }
    for index in range(len(messages) - 1, -1, -1):
        message = messages[index]
        ran = message.role == "tool" and message.tool_call_id in sql_by_call
        if ran and message.metadata.get("status") == "success":
            question = next(
                (m.content for m in reversed(messages[:index]) if m.role == "user"), None
            )
            if question and not question.startswith("/"):
                return SqlExample(question, sql_by_call[message.tool_call_id or ""])
            return None
    return None


def _say(text: str) -> WorkflowResult:
    component = UiComponent(
        rich_component=RichTextComponent(content=text),
        simple_component=SimpleTextComponent(text=text),
    )
    return WorkflowResult(should_skip_llm=True, components=[component])
