"""Verb forms: the base of an inflected English verb and the noun of the one who does it.

A schema often says with a noun what a question says with a verb: "Who directed ...?"
asks about a ``director`` column, "lessons Ada teaches" about a ``teacher`` one, "flies
the most routes" is "fly", a verb that carries no column.  These rules are everyday
English (regular suffixes and a short list of irregular verbs), never a database's names.

Example::

    verb_bases("taught")      # ["teach"]
    verb_bases("directed")    # ["direct", "directe"]
    agent_nouns("directed")   # ["director", "directer", ...]
    third_person_base("flies")  # "fly"
"""

from __future__ import annotations

__all__ = ["agent_nouns", "third_person_base", "verb_bases"]

_IRREGULAR = {
    "taught": "teach", "led": "lead", "wrote": "write", "written": "write",
    "flew": "fly", "flown": "fly", "drove": "drive", "driven": "drive", "ran": "run",
    "sang": "sing", "sung": "sing", "drew": "draw", "drawn": "draw", "built": "build",
    "made": "make", "held": "hold", "kept": "keep", "sold": "sell", "bought": "buy",
    "told": "tell", "won": "win", "paid": "pay", "spoke": "speak", "spoken": "speak",
    "chose": "choose", "chosen": "choose", "gave": "give", "given": "give",
}  # fmt: skip
"""Past forms of everyday verbs no suffix rule makes, by their base."""
_AGENT_ENDINGS = ("er", "or")
"""How the noun of a verb's doer ends: teacher, director, manager, curator."""
_MIN_BASE = 3


def verb_bases(word: str) -> list[str]:
    """The bases ``word`` may be a form of (itself included): ``directed`` -> direct,
    ``hired`` -> hire, ``teaches`` -> teach, ``taught`` -> teach, ``planned`` -> plan."""
    if word in _IRREGULAR:
        return [_IRREGULAR[word]]
    bases = [word]
    for suffix in ("ing", "ed", "es", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= _MIN_BASE:
            stem = word[: -len(suffix)]
            bases += _stem_forms(stem, suffix)
            break
    return list(dict.fromkeys(b for b in bases if len(b) >= _MIN_BASE))


def _stem_forms(stem: str, suffix: str) -> list[str]:
    """The bases a stem left by ``suffix`` may spell: ``hir`` + e, ``plann`` - n,
    ``fli`` -> fly."""
    if suffix == "s":
        return [stem]
    if suffix == "es":
        return [stem[:-1] + "y"] if stem.endswith("i") else [stem, stem + "e"]
    forms = [stem, stem + "e"]
    if stem.endswith("i") and suffix == "ed":
        forms.append(stem[:-1] + "y")  # "carried" -> carry
    if len(stem) > _MIN_BASE and stem[-1] == stem[-2] and stem[-1] not in "aeiou":
        forms.append(stem[:-1])  # "planned" -> plan
    return forms


def agent_nouns(word: str) -> list[str]:
    """The nouns of the one who does what ``word`` says, a verb form: ``directed`` ->
    director, ``teach`` -> teacher, ``manages`` -> manager; empty for a word that is a
    doer's noun already."""
    if word.endswith(_AGENT_ENDINGS):
        return []
    nouns = []
    for base in verb_bases(word):
        if base.endswith("e"):  # manage -> manager, curate -> curator
            nouns += [base + "r", base[:-1] + "or"]
        else:
            nouns += [base + "er", base + "or"]
    return list(dict.fromkeys(nouns))


def third_person_base(word: str) -> str | None:
    """The base of a verb's third person that ``-s`` alone does not make (``flies`` ->
    fly, ``teaches`` -> teach, ``goes`` -> go), else None: a plural noun ("places",
    "orders") looks like the others."""
    if word.endswith("ies") and len(word) > len("ies") + 1:
        return word[:-3] + "y"
    if word.endswith("es") and word[:-2].endswith(("ch", "sh", "ss", "x", "o")):
        return word[:-2]
    return None
