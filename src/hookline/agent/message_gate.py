"""Step 3, the user's message at the gate: the one implementation of rewriting it.

Three public ways ride on it, each a ``MessageReceivedEvent`` handler that translates
its return value onto ``event.message``:

- a handler of the event itself (``agent.hooks.on(MessageReceivedEvent, ...)``): sets
  ``event.message``;
- ``AgentMiddleware.before_agent`` (middleware/base.py): returns the text;
- ``LifecycleHook.before_message`` (extensions/lifecycle.py): returns the text, or None
  to keep it.

``gate_message`` runs them and applies one set of rules to whatever they did, so the
same rewrite (or halt) by any of the three makes the same turn:

- the length limit (``AgentConfig.max_message_chars``) is checked on the message as
  sent, before any hook sees it, and again on a rewritten one;
- a rewritten message must be a ``str`` (a ``TypeError`` names the mistake);
- an ``AgentError`` from any hook halts the turn before anything is stored (the
  registry lets it through whatever the hook's ``on_error``).
"""

from __future__ import annotations

from hookline.errors import AgentError
from hookline.hooks.events import MessageReceivedEvent
from hookline.hooks.registry import HookRegistry
from hookline.users.models import RequestContext, User

__all__ = ["gate_message", "too_long"]


def too_long(message: str, limit: int) -> AgentError:
    """The halt for a message longer than ``limit`` characters."""
    return AgentError(f"Message too long: {len(message)} characters (the limit is {limit}).")


async def gate_message(
    hooks: HookRegistry,
    limit: int,
    user: User,
    message: str,
    request_context: RequestContext,
    conversation_id: str | None = None,
) -> str:
    """The text that continues: ``message`` after the length limit and the
    ``MessageReceivedEvent`` hooks.  Raises ``AgentError`` to halt.

    Example::

        text = await gate_message(agent.hooks, 100_000, user, "hi", RequestContext())
    """
    if len(message) > limit:
        raise too_long(message, limit)
    if not hooks.has_handlers(MessageReceivedEvent):  # the bare agent pays one lookup
        return message
    event = MessageReceivedEvent(
        user=user,
        message=message,
        request_context=request_context,
        conversation_id=conversation_id,
    )
    await hooks.emit(event)
    rewritten = event.message
    if rewritten is message:
        return message
    if not isinstance(rewritten, str):
        raise TypeError(
            "MessageReceivedEvent.message must be a str, not "
            f"{type(rewritten).__name__}: AgentMiddleware.before_agent returns the text, "
            "LifecycleHook.before_message the text or None (keep it)"
        )
    if len(rewritten) > limit:
        raise too_long(rewritten, limit)
    return rewritten
