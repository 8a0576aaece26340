"""Whether a question asks for a number of rows: "how many", "count ...", "the number of".

A count answers only such a question.  "The sigil number of a lodge", "the rune number
of a glyph" name a value of one row (a "<noun> number"), never how many rows there are;
"list the glyphs ..." asks for the rows themselves.  A plan that counts rows for a
question that asks for neither is declined, saying the question was not read as a count.

Example::

    counts_rows("how many lodges are there".split())              # True
    counts_rows("what is the sigil number of the lodge".split())  # False
"""

from __future__ import annotations

from hookline.sql.abstention import Abstention
from hookline.sql.plan import QueryPlan
from hookline.sql.words import question_words, word_set

__all__ = ["counts_rows", "number_of_rows", "unasked_count"]

_BEFORE_NUMBER = word_set("""the a an total overall combined average mean median by of each
    per same exact actual what whose with in on for and or than to most least more fewer
    less max min maximum minimum net whole""")
"""Words before "number of" that leave it a count ("the number of", "by number of");
any other word makes a compound ("<noun> number of": a value of one row)."""
_COUNT_KINDS = ("count", "count_distinct")


def number_of_rows(words: list[str]) -> bool:
    """Whether ``words`` say "number of" as a count ("the number of shops", "a total
    number of", "by number of"), not as a "<noun> number" of one row."""
    return any(
        words[i + 1 : i + 3] == ["number", "of"] and _counting_before(words[i])
        for i in range(len(words) - 2)
    ) or words[:2] == ["number", "of"]


def _counting_before(word: str) -> bool:
    return word in _BEFORE_NUMBER or word.endswith("est")  # "the largest number of"


def counts_rows(words: list[str]) -> bool:
    """Whether ``words`` ask for a number of rows ("how many", "count", "number of")."""
    text = " " + " ".join(words) + " "
    return " how many " in text or " count " in text or number_of_rows(words)


def unasked_count(question: str, plan: QueryPlan) -> Abstention | None:
    """A decline of a count ``plan`` for a ``question`` that asks for no number (module
    doc); None when it asks for one, or the plan counts nothing."""
    if plan.kind not in _COUNT_KINDS or counts_rows(question_words(question)):
        return None
    return Abstention(
        message=(
            "I could not answer that: the question does not ask how many rows there are, "
            "and I could not read which value it asks for. Please rephrase it, or ask a "
            "simpler question."
        )
    )
