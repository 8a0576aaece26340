"""SystemPromptBuilder: step 8 of the turn."""

from __future__ import annotations

from abc import abstractmethod
from typing import Protocol

from hookline.llm.models import ToolSchema
from hookline.users.models import User

__all__ = ["DefaultSystemPromptBuilder", "SystemPromptBuilder"]

DEFAULT_PROMPT = (
    "You are a helpful assistant. Answer clearly and concisely. "
    "When a tool can answer part of the question, call it instead of guessing."
)


class SystemPromptBuilder(Protocol):
    """Builds the system prompt of a turn from the user and the tools offered.

    A protocol: subclass it, or pass any object with this method (packages below the
    agent, such as ``hookline.sql.SchemaAwareSystemPromptBuilder``, implement it
    without importing the agent).

    Example::

        class TeamPrompt(SystemPromptBuilder):
            async def build_system_prompt(self, user, tools):
                return f"You help the {user.metadata.get('team', 'data')} team."
    """

    @abstractmethod
    async def build_system_prompt(self, user: User, tools: list[ToolSchema]) -> str | None:
        """The prompt, or None for no system prompt."""


class DefaultSystemPromptBuilder(SystemPromptBuilder):
    """A short general prompt that names the tools offered."""

    def __init__(self, base_prompt: str = DEFAULT_PROMPT) -> None:
        self.base_prompt = base_prompt
        self._cache: tuple[tuple[str, ...], str] | None = None

    async def build_system_prompt(self, user: User, tools: list[ToolSchema]) -> str | None:
        names = tuple(t.name for t in tools)
        if self._cache is not None and self._cache[0] == names:
            return self._cache[1]
        prompt = self.base_prompt
        if names:
            prompt += "\n\nAvailable tools: " + ", ".join(names) + "."
        self._cache = (names, prompt)
        return prompt
