"""Stream transformers: output guardrails that hold while the answer streams.

A ``StreamTransformer`` rewrites the answer's text on its way to the client:
the model step feeds it each streamed piece and shows what ``feed`` returns;
at the end of the answer it shows what ``flush`` returns.  A transformer may
keep back a bounded tail (a match split across pieces is caught when the
rest arrives) and give it back later.  Raising ``GuardrailTripped`` stops the
answer where it is (a tripwire).  Transformers are given per model call by
``StreamTransformEvent`` handlers, in handler order (higher priority first).

Example::

    class NoCodeNames(StreamTransformer):
        name = "code_names"

        def feed(self, text):
            if "BLUEBIRD" in text:
                raise GuardrailTripped(self.name, "a code name")
            return text

    agent.hooks.on(StreamTransformEvent, lambda e: e.data.transformers.append(NoCodeNames()))
"""

from __future__ import annotations

from hookline.errors import HooklineError

__all__ = ["GuardrailTripped", "StreamTransformer"]


class GuardrailTripped(HooklineError):
    """A guardrail stopped the turn: ``guardrail`` is its name, ``reason`` why.

    ``note`` (optional) is what the user reads instead of "[stopped by <guardrail>]"
    (an output guardrail's own honest ending, e.g. "I could not answer that").
    """

    def __init__(
        self, guardrail: str, reason: str | None = None, *, note: str | None = None
    ) -> None:
        super().__init__(f"stopped by {guardrail}" + (f": {reason}" if reason else ""))
        self.guardrail = guardrail
        self.reason = reason
        self.note = note


class StreamTransformer:
    """One link of the output chain; one instance serves one model call.

    ``feed(text)`` returns the text that may be shown now (possibly empty,
    holding some back); ``flush()`` returns what is still held when the answer
    ends.  The defaults pass text through unchanged.
    """

    name = "stream_transformer"

    def feed(self, text: str) -> str:
        """A piece of the answer; returns what may be shown now."""
        return text

    def flush(self) -> str:
        """The answer ended: what is still held back."""
        return ""
