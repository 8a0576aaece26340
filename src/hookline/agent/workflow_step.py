"""Steps 2 and 5 when the model is not needed: the starter UI and a workflow's answer."""

from __future__ import annotations

from collections.abc import AsyncGenerator
from typing import TYPE_CHECKING

from hookline.agent.ui import chat_input, status
from hookline.components.base import UiComponent
from hookline.hooks.events import HandleMessageEvent, SlashCommandEvent, StarterUiEvent
from hookline.storage.models import Conversation, validate_conversation_id
from hookline.users.models import User

if TYPE_CHECKING:
    from hookline.agent.turn_view import TurnView

__all__ = ["handle_message", "short_circuit", "starter_ui"]


async def starter_ui(turn: TurnView, user: User) -> list[UiComponent]:
    """Step 2: the starter UI, then a status bar and a chat input update.

    Empty when nothing is to be shown (a non-empty message then goes on normally).
    A page load never creates a stored conversation.
    """
    if not turn.hooks.has_handlers(StarterUiEvent):
        return []
    conversation = await _existing_or_transient(turn, user)
    event = await turn.hooks.emit(
        StarterUiEvent(user=user, conversation=conversation, request_context=turn.request_context)
    )
    components = list(event.components or ())
    if not components:
        return []
    return [*components, status("idle", "Ready"), chat_input()]


async def _existing_or_transient(turn: TurnView, user: User) -> Conversation:
    if turn.requested_conversation_id:
        found = await turn.agent.conversation_store.get_conversation(
            validate_conversation_id(turn.requested_conversation_id), user
        )
        if found is not None:
            return found
    return Conversation(id=turn.conversation_id, user_id=user.id)


async def handle_message(
    turn: TurnView, user: User, conversation: Conversation
) -> HandleMessageEvent | None:
    """Step 5: the event, when someone (a workflow handler) answered it or decided
    calls that wait (``/approve``); else None.

    A slash command is offered first to the handlers of commands only
    (``SlashCommandEvent``); a plain message costs them nothing.
    """
    has_handlers = turn.hooks.has_handlers
    if has_handlers(SlashCommandEvent) and turn.message.lstrip().startswith("/"):
        answered = await _offer(turn, SlashCommandEvent, user, conversation)
        if answered is not None:
            return answered
    if not has_handlers(HandleMessageEvent):
        return None
    return await _offer(turn, HandleMessageEvent, user, conversation)


async def _offer(
    turn: TurnView, event_type: type[HandleMessageEvent], user: User, conversation: Conversation
) -> HandleMessageEvent | None:
    """Emit ``event_type`` for the turn's message; the event if a handler answered it."""
    event = await turn.hooks.emit(
        event_type(
            user=user,
            conversation=conversation,
            message=turn.message,
            request_context=turn.request_context,
        )
    )
    return event if event.handled else None


async def short_circuit(
    turn: TurnView, user: User, conversation: Conversation, handled: HandleMessageEvent
) -> AsyncGenerator[UiComponent, None]:
    """The workflow's components, its conversation mutation, the save, then the UI reset."""
    components = handled.components
    if isinstance(components, list):
        for component in components:
            yield component
    elif components is not None:
        async for component in components:
            yield component
    if handled.conversation_mutation is not None:
        await handled.conversation_mutation(conversation)
        if turn.config.auto_save:
            await turn.writer.replace(conversation, user)
    turn.end_short_circuited()
    yield status("idle", "Workflow complete")
    yield chat_input()
    await turn.complete(user, conversation)
