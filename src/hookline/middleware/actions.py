"""HookAction: what ``AgentMiddleware.after_model`` decides about a model response.

Each action knows what it does to the ``AfterLLMCallEvent`` it answers
(``apply_to``), so the adapter dispatches with one method call instead of a
chain of ``isinstance`` checks.

Example::

    async def after_model(self, response: LlmResponse) -> HookAction:
        if "password" in (response.content or ""):
            return Reject("I can't share credentials.")
        return Continue()
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

from hookline.hooks.events import AfterLLMCallEvent
from hookline.llm.models import LlmResponse

__all__ = ["Approve", "Continue", "HookAction", "Modify", "Reject", "Retry"]


@dataclass(frozen=True, slots=True)
class Continue:
    """Proceed with the response as it is (the default).

    Example::

        return Continue()
    """

    def apply_to(self, event: AfterLLMCallEvent) -> None:
        """Nothing to do."""


@dataclass(frozen=True, slots=True)
class Approve:
    """Explicit approval (for human-in-the-loop bookkeeping); same effect as ``Continue``.

    Example::

        return Approve()
    """

    def apply_to(self, event: AfterLLMCallEvent) -> None:
        """Nothing to do: later middleware still judge the response."""


@dataclass(frozen=True, slots=True)
class Reject:
    """End the turn: no tools run, the user sees ``reason``, the history stays valid.

    A rejection is final for the response: it wins over a ``Retry`` from any
    middleware, and middleware after this one are not asked about it.

    Example::

        return Reject("That answer contained private data.")
    """

    reason: str

    def apply_to(self, event: AfterLLMCallEvent) -> None:
        """Set ``reject_reason`` (and drop any retry feedback)."""
        event.reject_reason = self.reason
        event.retry_feedback = None


@dataclass(frozen=True, slots=True)
class Modify:
    """Replace the response; middleware after this one see the new response.

    Example::

        return Modify(response.model_copy(update={"content": response.content.strip()}))
    """

    response: LlmResponse

    def apply_to(self, event: AfterLLMCallEvent) -> None:
        """Set ``response``."""
        event.response = self.response


@dataclass(frozen=True, slots=True)
class Retry:
    """Call the model again with ``feedback`` appended after its draft.

    Bounded by ``AgentConfig.max_model_retries`` per turn; past the bound the
    response is used as it is.  When several middleware ask for a retry of
    the same response, their feedback is joined (blank line between).

    Example::

        return Retry("Cite the table you used.")
    """

    feedback: str

    def apply_to(self, event: AfterLLMCallEvent) -> None:
        """Set (or extend) ``retry_feedback``."""
        if event.reject_reason is not None:
            return
        current = event.retry_feedback
        event.retry_feedback = self.feedback if current is None else f"{current}\n\n{self.feedback}"


HookAction: TypeAlias = Continue | Approve | Reject | Modify | Retry
"""What ``after_model`` returns: ``Continue | Approve | Reject | Modify | Retry``."""
