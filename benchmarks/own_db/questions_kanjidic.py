"""Kanji dictionary questions (kanjidic.md): a held-out database chosen from PyPI's packages
with language data.  Written from the ``jamdict.db`` SQLite file in the ``jamdict-data`` 1.5
source distribution and a look at the built rows by a helper who never read the linker's
code, before the agent was ever run on it; every gold SQL was checked with sqlite3 alone.
"English" meanings are those whose language is empty; "jōyō" kanji are those of grades 1 to
8; a kanji's readings and meanings are reached through its reading-and-meaning group."""

from __future__ import annotations

from .questions import Question

_READINGS = "character c JOIN rm_group g ON g.cid = c.ID JOIN reading r ON r.gid = g.ID"
_MEANINGS = "character c JOIN rm_group g ON g.cid = c.ID JOIN meaning m ON m.gid = g.ID"
_RADICALS = "character c JOIN radical r ON r.cid = c.ID AND r.rad_type = 'classical'"
_UNICODE = "character c JOIN codepoint p ON p.cid = c.ID AND p.cp_type = 'ucs'"


def _readings(kanji: str, kind: str) -> str:
    """The gold SQL of the readings of one kind of one kanji."""
    return f"SELECT r.value FROM {_READINGS} WHERE c.literal = '{kanji}' AND r.r_type = '{kind}'"


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


KANJIDIC = [
    Question("How many kanji are in the dictionary?", "SELECT COUNT(*) FROM character"),
    Question(
        "How many kanji are taught in the first grade?",
        "SELECT COUNT(*) FROM character WHERE grade = 1",
    ),
    Question(
        "How many kanji are taught in elementary school?",
        "SELECT COUNT(*) FROM character WHERE grade BETWEEN 1 AND 6",
    ),
    Question(
        "How many kanji are approved for use in personal names?",
        "SELECT COUNT(*) FROM character WHERE grade IN (9, 10)",
    ),
    Question(
        "How many kanji are taught in each year of elementary school?",
        "SELECT grade, COUNT(*) FROM character WHERE grade BETWEEN 1 AND 6"
        " GROUP BY grade ORDER BY grade",
    ),
    Question(
        "How many strokes does 鬱 have?", "SELECT stroke_count FROM character WHERE literal = '鬱'"
    ),
    Question(
        "Which kanji is the most frequent in newspapers?",
        "SELECT literal FROM character WHERE freq = 1",
    ),
    Question(
        "What are the top 5 most frequently used kanji?",
        "SELECT literal FROM character WHERE freq IS NOT NULL ORDER BY freq LIMIT 5",
        column=True,
    ),
    Question(
        "Which kanji has the most strokes?",
        "SELECT literal FROM character ORDER BY stroke_count DESC LIMIT 1",
    ),
    Question(
        "Which first-grade kanji has the most strokes?",
        "SELECT literal FROM character WHERE grade = 1 ORDER BY stroke_count DESC LIMIT 1",
    ),
    Question(
        "Which kanji of the easiest level of the old JLPT have the most strokes?",
        "SELECT literal FROM character WHERE jlpt = 4 AND stroke_count ="
        " (SELECT MAX(stroke_count) FROM character WHERE jlpt = 4)",
        column=True,
    ),
    Question(
        "What is the average number of strokes of the kanji taught in first grade?",
        "SELECT AVG(stroke_count) FROM character WHERE grade = 1",
    ),
    Question(
        "What is the average stroke count of the jōyō kanji?",
        "SELECT AVG(stroke_count) FROM character WHERE grade BETWEEN 1 AND 8",
    ),
    Question(
        "How many kanji are at the easiest level of the old JLPT?",
        "SELECT COUNT(*) FROM character WHERE jlpt = 4",
    ),
    Question(
        "How many kanji are there at each level of the old JLPT?",
        "SELECT jlpt, COUNT(*) FROM character WHERE jlpt IS NOT NULL GROUP BY jlpt ORDER BY jlpt",
    ),
    Question(
        "What is the average stroke count of the kanji with a newspaper frequency rank,"
        " excluding the jōyō kanji?",
        "SELECT AVG(stroke_count) FROM character WHERE freq IS NOT NULL"
        " AND (grade IS NULL OR grade > 8)",
    ),
    Question(
        "Which stroke count is the most common among the kanji?",
        "SELECT stroke_count FROM character GROUP BY stroke_count ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question(
        "How many kanji have more than 30 strokes?",
        "SELECT COUNT(*) FROM character WHERE stroke_count > 30",
    ),
    Question(
        "How many jōyō kanji have more than 20 strokes?",
        "SELECT COUNT(*) FROM character WHERE grade BETWEEN 1 AND 8 AND stroke_count > 20",
    ),
    Question(
        "Which second-grade kanji is the most frequent?",
        "SELECT literal FROM character WHERE grade = 2 ORDER BY freq LIMIT 1",
    ),
    Question(
        "How many of the 500 most frequent kanji are not taught in elementary school?",
        "SELECT COUNT(*) FROM character WHERE freq <= 500 AND (grade IS NULL OR grade > 6)",
    ),
    Question(
        "How many jōyō kanji have no newspaper frequency rank?",
        "SELECT COUNT(*) FROM character WHERE grade BETWEEN 1 AND 8 AND freq IS NULL",
    ),
    Question(
        "What is the Unicode code point of 漢?",
        f"SELECT p.value FROM {_UNICODE} WHERE c.literal = '漢'",
    ),
    Question(
        "Which kanji has the Unicode code point 99c5?",
        f"SELECT c.literal FROM {_UNICODE} WHERE p.value = '99c5'",
    ),
    Question(
        "How many kanji are in the JIS X 0208 character set?",
        "SELECT COUNT(DISTINCT cid) FROM codepoint WHERE cp_type = 'jis208'",
    ),
    Question(
        "How many kanji have a JIS X 0212 code but neither a JIS X 0208 nor a JIS X 0213 one?",
        "SELECT COUNT(*) FROM character WHERE ID IN (SELECT cid FROM codepoint"
        " WHERE cp_type = 'jis212') AND ID NOT IN (SELECT cid FROM codepoint"
        " WHERE cp_type IN ('jis208', 'jis213'))",
    ),
    Question("What are the on readings of 生?", _readings("生", "ja_on"), column=True),
    Question("What are the kun readings of 山?", _readings("山", "ja_kun"), column=True),
    Question("What is the pinyin of 愛?", _readings("愛", "pinyin")),
    Question("How is 学 read in Korean, in hangul?", _readings("学", "korean_h")),
    Question("What are the Vietnamese readings of 国?", _readings("国", "vietnam"), column=True),
    Question(
        "How many kanji can be read コウ?",
        f"SELECT COUNT(DISTINCT c.ID) FROM {_READINGS} WHERE r.r_type = 'ja_on'"
        " AND r.value = 'コウ'",
    ),
    Question(
        "Which on reading is shared by the most kanji?",
        f"SELECT r.value FROM {_READINGS} WHERE r.r_type = 'ja_on' GROUP BY r.value"
        " ORDER BY COUNT(DISTINCT c.ID) DESC LIMIT 1",
    ),
    Question(
        "Which kanji has the most kun readings?",
        f"SELECT c.literal FROM {_READINGS} WHERE r.r_type = 'ja_kun' GROUP BY c.ID"
        " ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question(
        "Which Mandarin reading is shared by the most kanji?",
        f"SELECT r.value FROM {_READINGS} WHERE r.r_type = 'pinyin' GROUP BY r.value"
        " ORDER BY COUNT(DISTINCT c.ID) DESC LIMIT 1",
    ),
    Question(
        "What does 森 mean in English?",
        f"SELECT m.value FROM {_MEANINGS} WHERE c.literal = '森' AND m.m_lang IS NULL",
        column=True,
    ),
    Question(
        "List the English meanings of 日.",
        f"SELECT m.value FROM {_MEANINGS} WHERE c.literal = '日' AND m.m_lang IS NULL",
        column=True,
    ),
    Question(
        "Which kanji have the English meaning dog?",
        f"SELECT c.literal FROM {_MEANINGS} WHERE m.m_lang IS NULL AND m.value = 'dog'",
        column=True,
    ),
    Question(
        "How many kanji have water as one of their English meanings?",
        f"SELECT COUNT(DISTINCT c.ID) FROM {_MEANINGS} WHERE m.m_lang IS NULL"
        " AND m.value = 'water'",
    ),
    Question(
        "What is the French meaning of 火?",
        f"SELECT m.value FROM {_MEANINGS} WHERE c.literal = '火' AND m.m_lang = 'fr'",
    ),
    Question(
        "How many kanji have a meaning in Spanish?",
        f"SELECT COUNT(DISTINCT c.ID) FROM {_MEANINGS} WHERE m.m_lang = 'es'",
    ),
    Question(
        "How many kanji have no readings and no meanings at all?",
        "SELECT COUNT(*) FROM character WHERE ID NOT IN (SELECT cid FROM rm_group)",
    ),
    Question(
        "How many kanji have English meanings but none in French?",
        f"SELECT COUNT(DISTINCT c.ID) FROM {_MEANINGS} WHERE m.m_lang IS NULL"
        " AND c.ID NOT IN (SELECT g2.cid FROM rm_group g2 JOIN meaning m2"
        " ON m2.gid = g2.ID WHERE m2.m_lang = 'fr')",
    ),
    Question(
        "What is the radical number of 語?",
        f"SELECT r.value FROM {_RADICALS} WHERE c.literal = '語'",
    ),
    Question(
        "How many kanji are classified under radical 85?",
        f"SELECT COUNT(*) FROM {_RADICALS} WHERE r.value = 85",
    ),
    Question(
        "Which radical has the most kanji?",
        f"SELECT r.value FROM {_RADICALS} GROUP BY r.value ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question(
        "What are the top 5 radicals by number of kanji?",
        f"SELECT r.value FROM {_RADICALS} GROUP BY r.value ORDER BY COUNT(*) DESC LIMIT 5",
        column=True,
    ),
    Question(
        "How many first-grade kanji have radical 72?",
        f"SELECT COUNT(*) FROM {_RADICALS} WHERE r.value = 72 AND c.grade = 1",
    ),
    Question(
        "For how many kanji does Nelson's dictionary use a different radical?",
        "SELECT COUNT(DISTINCT cid) FROM radical WHERE rad_type = 'nelson_c'",
    ),
    Question(
        "What are the Japanese names of the radical 禾?",
        "SELECT n.value FROM rad_name n JOIN character c ON c.ID = n.cid WHERE c.literal = '禾'",
        column=True,
    ),
    Question(
        "How many kanji have stroke counts that people often get wrong?",
        "SELECT COUNT(DISTINCT cid) FROM stroke_miscount",
    ),
    Question(
        "What wrong stroke counts are common for 逢?",
        "SELECT s.value FROM stroke_miscount s JOIN character c ON c.ID = s.cid"
        " WHERE c.literal = '逢'",
        column=True,
    ),
    Question(
        "How many kanji have special readings used in names?",
        "SELECT COUNT(DISTINCT cid) FROM nanori",
    ),
    Question(
        "Which kanji has the most name readings?",
        "SELECT c.literal FROM nanori n JOIN character c ON c.ID = n.cid GROUP BY c.ID"
        " ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question(
        "How many first-grade kanji never take a special reading in names?",
        "SELECT COUNT(*) FROM character WHERE grade = 1 AND ID NOT IN (SELECT cid FROM nanori)",
    ),
    Question(
        "List the first-grade kanji written with 2 strokes.",
        "SELECT literal FROM character WHERE grade = 1 AND stroke_count = 2",
        column=True,
    ),
    *_no(
        "What is the stroke order of 書?",
        "Which common words use the kanji 学?",
        "What is the etymology of the kanji 休?",
        "How is 水 pronounced in Cantonese?",
        "What does 水 mean in German?",
        "Which kanji will be added to the jōyō list in its next revision?",
        "How many kanji does an average Japanese adult know?",
        "Which kanji is the most beautiful to write?",
        "How many times does 日 appear in Natsume Sōseki's Kokoro?",
        "Which kanji are on the JLPT N3 list today?",
        "Summarize this: The child practised writing 永 a hundred times before the exam.",
        "Which hanzi were simplified in mainland China in 1956?",
        "¿Cuántos kanji aprende un niño japonés antes de los tres años?",
        "Wie viele Kanji kennt ein durchschnittlicher Japaner?",
    ),
]
