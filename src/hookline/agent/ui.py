"""The components a turn shows by itself: status updates, errors, the iteration limit."""

from __future__ import annotations

import logging

from hookline._error_ids import new_error_id
from hookline.components.base import UiComponent
from hookline.components.rich import (
    ChatInputUpdateComponent,
    ErrorComponent,
    StatusBarUpdateComponent,
)
from hookline.components.simple import SimpleTextComponent
from hookline.errors import AgentError, ApprovalError, ConversationBusy, HooklineError, LlmError
from hookline.scrub import scrub_secrets

__all__ = [
    "RAISED_BY_RUN",
    "chat_input",
    "error_component",
    "halted",
    "iteration_limit",
    "status",
    "user_facing",
]

RAISED_BY_RUN = (ConversationBusy, ApprovalError)
"""Halting errors that ``Agent.run`` / ``Agent.resume`` raise (the others end in ``halted``)."""

logger = logging.getLogger("hookline.agent")


def status(state: str, message: str) -> UiComponent:
    """A status bar update."""
    return UiComponent(
        rich_component=StatusBarUpdateComponent(status=state, message=message),
        simple_component=None,
    )


def chat_input() -> UiComponent:
    """The chat input reset that ends a turn answered without the model."""
    return UiComponent(
        rich_component=ChatInputUpdateComponent(placeholder="Ask a question..."),
        simple_component=None,
    )


def halted(error: AgentError) -> UiComponent:
    """The error of a halted turn: ``conversation_busy``, ``approval_<reason>`` or ``halted``."""
    code = "halted"
    if isinstance(error, ConversationBusy):
        code = "conversation_busy"
    elif isinstance(error, ApprovalError):
        code = f"approval_{error.reason}"
    return error_component(str(error), code=code)


def error_component(message: str, *, code: str, status: int | None = None) -> UiComponent:
    """The error a user sees for a halted, rejected or failed turn (secrets masked)."""
    message = scrub_secrets(message)
    return UiComponent(
        rich_component=ErrorComponent(message=message, code=code, status=status),
        simple_component=SimpleTextComponent(text=message),
    )


def user_facing(error: Exception, request_id: str) -> str:
    """What a user reads about a failed turn, which is logged here with an error id:
    hookline's own errors say why; others only the exception's type and the error id
    the log has the details under (no exception text, no stack trace)."""
    error_id = new_error_id()
    name = type(error).__name__
    logger.error("turn %s failed [%s]: %s", request_id, error_id, name, exc_info=error)
    if isinstance(error, HooklineError):
        return f"The answer failed: {scrub_secrets(str(error))}"
    return f"The answer failed because of an internal error ({name}; error id {error_id})."


def request_status(error: Exception) -> int | None:
    """400 when the model refused the request itself (HTTP 400/413: longer than its
    context, say — the caller can change it); None for any other failure."""
    if isinstance(error, LlmError) and error.status_code in (400, 413):
        return 400
    return None


def iteration_limit(text: str) -> UiComponent:
    """The warning that ends a turn stopped by ``AgentConfig.max_tool_iterations``."""
    return UiComponent(
        rich_component=StatusBarUpdateComponent(
            status="warning", message="Tool iteration limit reached", detail=text
        ),
        simple_component=SimpleTextComponent(text=text),
    )
