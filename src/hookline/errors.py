"""The exceptions hookline raises and the ones users raise to steer a turn."""

from __future__ import annotations

__all__ = [
    "AgentError",
    "ConversationNotFoundError",
    "HooklineError",
    "LlmError",
    "ToolNotFoundError",
    "TurnFailedError",
]


class HooklineError(Exception):
    """Base class of every error hookline raises on purpose."""


class AgentError(HooklineError):
    """Raised by a hook to halt the turn with a message the user sees.

    Raised from a ``MessageReceivedEvent`` handler (``before_message`` /
    ``before_agent``) it stops the turn before anything is stored: the
    conversation is unchanged, the user gets an error component and the
    caller of ``send_message`` sees no exception.

    Example::

        def quota(event: Event[MessageReceivedEvent]) -> None:
            if over_quota(event.data.user):
                raise AgentError("Daily quota reached.")
    """


class TurnFailedError(HooklineError):
    """Raised by ``Agent.run`` when the turn failed (model error, bug in a hook).

    ``send_message`` never raises it: it streams an error component instead.
    """


class LlmError(HooklineError):
    """A model call failed.

    ``transient`` says whether trying again may help (timeouts, rate limits,
    server errors); retry middleware retries only transient errors by default.
    """

    def __init__(
        self, message: str, *, transient: bool = False, status_code: int | None = None
    ) -> None:
        super().__init__(message)
        self.transient = transient
        self.status_code = status_code


class ToolNotFoundError(HooklineError):
    """A tool name that is not in the registry."""


class ConversationNotFoundError(HooklineError):
    """The conversation does not exist, or belongs to another user.

    The two cases are deliberately indistinguishable so that ids of other
    users' conversations cannot be probed.
    """
