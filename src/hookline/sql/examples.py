"""SqlExamples: question -> SQL pairs, and the ones most like a new question (BM25).

Vanna's "training" idea on hookline: a database comes with example pairs (the sample
database ships some), a user adds pairs for their own database (``hookline train``, or
``SqlExamples.add``), and at each question the most similar pairs go into the model's
prompt. Pairs are JSON Lines (``{"question": ..., "sql": ...}``), one file per database
(``hookline.sql.training`` keeps that file per database). A pair's ``id`` comes from its
text, so it is the same wherever the pair is stored.

Example::

    examples = SqlExamples.load(Path("examples.jsonl"))
    examples.add("How many orders were shipped?", "SELECT COUNT(*) FROM orders WHERE ...")
    examples.similar("How many orders were cancelled?", k=3)
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from collections import Counter
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

__all__ = ["SAMPLE_EXAMPLES", "SqlExample", "SqlExamples", "examples_prompt"]

SAMPLE_EXAMPLES = "sample_examples.jsonl"
"""The pairs shipped for the sample database (package data of ``hookline.sql``)."""
_WORD = re.compile(r"[a-z0-9]+")
_K1, _B = 1.5, 0.75


@dataclass(frozen=True)
class SqlExample:
    """One question and the SQL that answers it."""

    question: str
    sql: str

    @property
    def id(self) -> str:
        """A short name of the pair, from its text (``p`` + 7 hex digits)."""
        digest = hashlib.sha256(f"{self.question}\0{self.sql}".encode()).hexdigest()
        return "p" + digest[:7]


@dataclass
class SqlExamples:
    """Pairs kept in ``path`` (None: in memory only), searchable by similarity."""

    pairs: list[SqlExample] = field(default_factory=list)
    path: Path | None = None

    @classmethod
    def load(cls, path: Path) -> SqlExamples:
        """The pairs in ``path`` (none when it does not exist yet)."""
        pairs = []
        if path.exists():
            for line in path.read_text(encoding="utf-8").splitlines():
                if line.strip():
                    record = json.loads(line)
                    pairs.append(SqlExample(record["question"], record["sql"]))
        return cls(pairs=pairs, path=path)

    @classmethod
    def sample(cls) -> SqlExamples:
        """The pairs shipped for the sample database."""
        text = resources.files("hookline.sql").joinpath("data", SAMPLE_EXAMPLES).read_text()
        records = [json.loads(line) for line in text.splitlines() if line.strip()]
        return cls(pairs=[SqlExample(r["question"], r["sql"]) for r in records])

    def add(self, question: str, sql: str) -> SqlExample:
        """Keep a pair (appended to ``path`` when there is one); a pair kept already is
        not added twice."""
        pair = SqlExample(question.strip(), sql.strip())
        if pair in self.pairs:
            return pair
        self.pairs.append(pair)
        if self.path is not None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with self.path.open("a", encoding="utf-8") as file:
                file.write(json.dumps({"question": pair.question, "sql": pair.sql}) + "\n")
        return pair

    def remove(self, pair_id: str) -> SqlExample | None:
        """Drop the pair whose ``id`` is ``pair_id`` (rewriting ``path``); None if none is."""
        found = next((pair for pair in self.pairs if pair.id == pair_id), None)
        if found is None:
            return None
        self.pairs = [pair for pair in self.pairs if pair.id != pair_id]
        if self.path is not None:
            lines = [json.dumps({"question": p.question, "sql": p.sql}) + "\n" for p in self.pairs]
            self.path.write_text("".join(lines), encoding="utf-8")
        return found

    def similar(self, question: str, k: int = 3) -> list[SqlExample]:
        """The ``k`` pairs whose questions score highest against ``question`` (BM25)."""
        documents = [_words(p.question) for p in self.pairs]
        if not documents:
            return []
        scores = _bm25(_words(question), documents)
        ranked = sorted(range(len(documents)), key=lambda i: -scores[i])
        return [self.pairs[i] for i in ranked[:k] if scores[i] > 0]


def examples_prompt(pairs: list[SqlExample]) -> str:
    """The pairs as prompt text: "Examples of questions and the SQL that answers them"."""
    if not pairs:
        return ""
    lines = ["Examples of questions and the SQL that answers them:"]
    for pair in pairs:
        lines += [f"Q: {pair.question}", f"SQL: {pair.sql}"]
    return "\n".join(lines)


def _words(text: str) -> list[str]:
    return _WORD.findall(text.lower())


def _bm25(query: list[str], documents: list[list[str]]) -> list[float]:
    count = len(documents)
    average = sum(len(d) for d in documents) / count
    frequency = Counter(word for d in documents for word in set(d))
    scores = []
    for document in documents:
        terms, length, score = Counter(document), len(document), 0.0
        for word in set(query):
            if word in terms:
                idf = math.log(1 + (count - frequency[word] + 0.5) / (frequency[word] + 0.5))
                tf = terms[word]
                score += idf * tf * (_K1 + 1) / (tf + _K1 * (1 - _B + _B * length / average))
        scores.append(score)
    return scores
