"""LlmSelectedPattern: a selector model names the next speaker."""

from __future__ import annotations

import logging
import re

from hookline.errors import LlmError
from hookline.llm.base import LlmService
from hookline.llm.models import LlmMessage, LlmRequest
from hookline.workflows.patterns import SelectionResult, SpeakerPattern, SpeakerSelection

__all__ = ["LlmSelectedPattern", "match_speaker"]

logger = logging.getLogger("hookline.workflows")

DEFAULT_SELECTOR_PROMPT = (
    "You choose who speaks next in a conversation between these participants:\n"
    "{participants}\n\n"
    "Read the conversation and reply with the name of the participant who should speak "
    "next. Reply with the name only."
)


class LlmSelectedPattern(SpeakerPattern):
    """Asks ``llm`` for the next speaker, given the agents' names and descriptions.

    The answer is validated: an exact name (any case, quotes and
    punctuation ignored), else the one agent name it contains.  An answer
    naming no agent (or several), or a failed model call, falls back to
    round robin after the last speaker, with a warning in the log.
    ``max_history`` bounds how many transcript entries the selector reads.

    Example::

        workflow = Workflow("team", [planner, coder], pattern=LlmSelectedPattern(selector_llm))
    """

    name = "llm_selected"

    def __init__(
        self,
        llm: LlmService,
        *,
        system_prompt: str = DEFAULT_SELECTOR_PROMPT,
        max_history: int = 20,
    ) -> None:
        self.llm = llm
        self.system_prompt = system_prompt
        self.max_history = max_history

    async def select(self, selection: SpeakerSelection) -> SelectionResult:
        try:
            response = await self.llm.send_request(self.request(selection))
        except LlmError as error:
            logger.warning("Speaker selector failed (%s); using round robin.", error)
            return selection.next_after(selection.last_speaker)
        chosen = match_speaker(response.content or "", selection.agents)
        if chosen is None:
            logger.warning(
                "Speaker selector answered %r, which names no single agent of %s; "
                "using round robin.",
                (response.content or "")[:200],
                selection.agents,
            )
            return selection.next_after(selection.last_speaker)
        return chosen

    def request(self, selection: SpeakerSelection) -> LlmRequest:
        """The request sent to the selector model."""
        participants = "\n".join(
            f"- {name}: {selection.descriptions.get(name) or 'no description'}"
            for name in selection.agents
        )
        history = selection.transcript[-self.max_history :]
        lines = "\n".join(f"[{entry.speaker}]: {entry.content}" for entry in history)
        question = (
            f"Conversation so far:\n{lines or '(empty)'}\n\n"
            f"Who speaks next? Answer with one of: {', '.join(selection.agents)}."
        )
        return LlmRequest(
            system_prompt=self.system_prompt.format(participants=participants),
            messages=[LlmMessage(role="user", content=question)],
            temperature=0.0,
        )


def match_speaker(answer: str, agents: list[str]) -> str | None:
    """The agent ``answer`` names: an exact match (any case), else the only name it contains."""
    cleaned = answer.strip().strip("\"'`*.:!").strip()
    by_lower = {name.lower(): name for name in agents}
    if cleaned.lower() in by_lower:
        return by_lower[cleaned.lower()]
    found = [
        name
        for name in agents
        if re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", answer, re.IGNORECASE)
    ]
    return found[0] if len(found) == 1 else None
