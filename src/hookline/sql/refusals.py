"""refusal: the questions the data agent declines before reading them against the schema —
another language, the future, a request for free text.

The planner's grammar is English; a question in another language is declined in English
with a short note (never a number).  A database holds what happened, so a question about
the future is declined; so is "summarize this", "write a poem" or "say something about
sales": the agent answers questions about the data.  ``pictured`` tells a request for a
chart ("Plot orders by status", "Show monthly sales as a chart"), the model's job, from a
question about a plot ("What is the plot of Inception?"), which is read like any other.

Example::

    refusal("¿Cuántos clientes hay?")      # "I could not answer that: I only understand ..."
    refusal("How many customers are there?")  # None
"""

from __future__ import annotations

import re

from hookline.sql.words import word_set

__all__ = ["FREE_TEXT", "FUTURE", "NOT_ENGLISH", "pictured", "refusal"]

NOT_ENGLISH = (
    "I could not answer that: I only understand questions in English. Please ask it in English."
)
FUTURE = (
    "I could not answer that: the database records what has happened, so it cannot tell "
    "what will happen."
)
FREE_TEXT = (
    "I could not answer that: I answer questions about the data in this database "
    "(counts, totals, averages, rankings), not requests to write or summarize text."
)
_ENGLISH = word_set(
    """the a an of in on at is are was were how many much what which who when where
    did does do have has there from to by with for and or about me my some something
    anything this that it say tell give show"""
)
_WRITING = ("say", "summarize", "summarise", "summary", "write", "translate", "explain", "rewrite",
            "compose", "draft", "describe", "tell me a", "poem", "story", "essay")  # fmt: skip
_CHAT = re.compile(r"\b(something|anything)( [a-z]+)? about\b")  # "tell me something about"
_FUTURE = re.compile(
    r"\b(will|shall|going to|next (year|month|week|season|quarter)|tomorrow|forecast|"
    r"predict|prediction|upcoming|in the future)\b"
)
_DRAW = ("plot", "chart", "graph", "draw", "visualize", "visualise", "diagram", "sketch")
_PICTURES = ("chart", "charts", "graph", "graphs", "plot", "plots", "diagram", "histogram",
             "visualization", "visualisation", "picture")  # fmt: skip
_SHOW = ("show", "display", "make", "create", "give", "produce", "render", "generate", "build")
_POLITE = word_set("please can could would will you me us i i'd want like need to let's now")


def pictured(words: list[str]) -> bool:
    """Whether a question's words (values masked) ask for a picture: a command to draw
    ("Plot orders by status", "Can you chart sales?") or to show one ("Show me a bar
    chart of ...", "monthly sales as a chart"); never a question about "the plot of" a
    film, a plot of land or "the charts"."""
    rest = words[next((i for i, w in enumerate(words) if w not in _POLITE), len(words)) :]
    if not rest:
        return False
    if rest[0] in _DRAW:
        return True
    text = " " + " ".join(rest) + " "
    shown = rest[0] in (*_SHOW, "a", "an") or re.search(
        r" (?:as|in) an? [a-z ]*(?:chart|graph|plot) ", text
    )
    plots = re.search(r" (?:an?|bar|line|pie|scatter|box) plots? ", text)  # not "the plot of"
    return bool(shown) and any(w in _PICTURES for w in rest if w not in ("plot", "plots") or plots)


def refusal(question: str) -> str | None:
    """Why ``question`` is declined before linking, or None (see the module doc)."""
    text = question.lower().strip()
    words = re.findall(r"[a-z\u00c0-\u024f']+", text)
    if _not_english(text, words):
        return NOT_ENGLISH
    if words and (words[0] in _WRITING or any(w in ("poem", "essay") for w in words)):
        return FREE_TEXT
    if text.startswith(("summarize", "summarise", "tell me a story")) or _CHAT.search(text):
        return FREE_TEXT
    if _FUTURE.search(text):
        return FUTURE
    return None


def _not_english(text: str, words: list[str]) -> bool:
    """Inverted punctuation, or letters outside ASCII with no English function word, or
    several words and not one English function word."""
    if "¿" in text or "¡" in text:
        return True
    english = sum(w in _ENGLISH for w in words)
    if re.search(r"[\u00c0-\u024f]", text) and english < 2:
        return True
    return len(words) >= 3 and english == 0
