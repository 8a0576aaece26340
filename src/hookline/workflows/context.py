"""ContextVariables: the state a workflow's agents, tools and lifecycle tools share."""

from __future__ import annotations

import copy
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import GetCoreSchemaHandler
from pydantic_core import CoreSchema, core_schema

__all__ = ["ContextVariables", "InputRequest"]


@dataclass(frozen=True, kw_only=True)
class InputRequest:
    """A question for the human; the workflow pauses until it is answered.

    ``agent`` is the agent whose turn continues after the answer (None: the
    pattern selects the next speaker).  With ``key`` the answer is stored in
    ``context_variables.data[key]`` (and never shown to a model); without it
    the answer joins the transcript as the user's message.
    """

    prompt: str
    agent: str | None = None
    key: str | None = None


class ContextVariables:
    """A ``data`` dict shared by one workflow run: its agents, tools and lifecycle tools.

    The same instance is handed to every function that declares a
    ``context_variables`` parameter, so a mutation is visible to everything
    that runs after it.  ``request_input`` asks the human a question: the
    workflow pauses at its next step boundary (see ``docs/workflows.md``).
    Persisted with a paused workflow, so keep ``data`` JSON-serialisable.

    Example::

        context = ContextVariables({"stage": "draft"})

        def promote(context_variables: ContextVariables) -> None:
            context_variables.data["stage"] = "review"

        promote(context)
        assert context.data["stage"] == "review"
    """

    __slots__ = ("_input_request", "data")

    def __init__(self, data: Mapping[str, Any] | None = None) -> None:
        self.data: dict[str, Any] = dict(data or {})
        self._input_request: InputRequest | None = None

    def get(self, key: str, default: Any = None) -> Any:
        """``data.get(key, default)``."""
        return self.data.get(key, default)

    def set(self, key: str, value: Any) -> None:
        """``data[key] = value``."""
        self.data[key] = value

    def __contains__(self, key: object) -> bool:
        return key in self.data

    def __iter__(self) -> Iterator[str]:
        return iter(self.data)

    def __repr__(self) -> str:
        return f"ContextVariables({self.data!r})"

    def copy(self) -> ContextVariables:
        """A deep copy of ``data`` in a new instance (each run starts from one)."""
        return ContextVariables(copy.deepcopy(self.data))

    def request_input(self, prompt: str, *, key: str | None = None) -> None:
        """Ask the human ``prompt``; the workflow pauses at its next step boundary.

        With ``key``, the answer is stored in ``data[key]`` on resume.
        """
        self._input_request = InputRequest(prompt=prompt, key=key)

    @property
    def input_requested(self) -> bool:
        """True while a ``request_input`` waits to be picked up by the workflow."""
        return self._input_request is not None

    def take_input_request(self) -> InputRequest | None:
        """The pending request (cleared); the workflow calls this at step boundaries."""
        request, self._input_request = self._input_request, None
        return request

    @classmethod
    def __get_pydantic_core_schema__(
        cls, source: type[Any], handler: GetCoreSchemaHandler
    ) -> CoreSchema:
        """Lets ``@tool`` accept a ``context_variables: ContextVariables`` parameter
        (a workflow hides it from the model and injects the run's instance)."""
        return core_schema.any_schema()
