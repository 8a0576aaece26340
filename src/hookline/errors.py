"""The exceptions hookline raises and the ones users raise to steer a turn."""

from __future__ import annotations

__all__ = [
    "AgentError",
    "ApprovalError",
    "ConversationBusy",
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


class ConversationBusy(AgentError):
    """Another turn holds the conversation longer than ``AgentConfig.turn_lock_timeout``.

    Turns on one conversation never interleave, in one process or across
    processes (the store holds the lock).  ``Agent.run`` and ``Agent.resume``
    raise it; ``send_message`` streams an error component with the code
    ``conversation_busy``.  Nothing of the refused turn is stored.

    Example::

        try:
            await agent.run("hi", conversation_id=cid)
        except ConversationBusy:
            ...  # ask the user to try again in a moment
    """


class ApprovalError(AgentError):
    """A reviewer's decision that cannot be applied; nothing changed.

    ``reason`` is ``"already_decided"`` (another reviewer, in this or another
    process, decided the call first), ``"not_allowed"`` (the approver policy
    refuses this reviewer), ``"changed"`` (the call differs from the one the
    reviewer saw) or ``"unknown"`` (no call with that id waits).
    ``Agent.resume`` raises it.

    Example::

        try:
            await agent.resume(cid, {call_id: approve()}, approver=reviewer)
        except ApprovalError as exc:
            print(exc.reason, exc)
    """

    def __init__(self, message: str, *, reason: str) -> None:
        super().__init__(message)
        self.reason = reason
