"""Emoji questions (emojibase.md): the forty-fourth held-out database.  Written from the JSON
of the ``emojibase-data`` npm package and a look at the built rows by a helper who never read
the linker's code, before the agent was ever run on it; every gold SQL was checked with
sqlite3 alone.  An emoji is a row of ``emojis``, named by its ``label`` ("waving hand"); its
skin tone variations are rows of ``skins``; a category is a group (``groups.message``) or a
subgroup (``subgroups.message``); "added in" an emoji version is ``version``."""

from __future__ import annotations

from .questions import Question

_GROUP = 'emojis e JOIN groups g ON g."group" = e."group"'
_SUB = "emojis e JOIN subgroups s ON s.subgroup = e.subgroup"
_TAG = "tags t JOIN emojis e ON e.hexcode = t.hexcode"
_SKIN = "skins k JOIN emojis e ON e.hexcode = k.base_hexcode"


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


EMOJIBASE = [
    Question("How many emojis are there?", "SELECT COUNT(*) FROM emojis"),
    Question("How many emoji groups are there?", "SELECT COUNT(*) FROM groups"),
    Question("How many emojis are in each group?",
             f"SELECT g.message, COUNT(*) FROM {_GROUP} GROUP BY g.message"),
    Question("Which group has the most emojis?",
             f"SELECT g.message FROM {_GROUP} GROUP BY g.message ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many emojis are in the food & drink group?",
             f"SELECT COUNT(*) FROM {_GROUP} WHERE g.message = 'food & drink'"),
    Question("List the subgroups of the animals & nature group.",
             "SELECT s.message FROM subgroups s JOIN groups g ON g.\"group\" = s.\"group\""
             " WHERE g.message = 'animals & nature'", column=True),
    Question("How many subgroups does each group have?",
             "SELECT g.message, COUNT(*) FROM subgroups s JOIN groups g"
             " ON g.\"group\" = s.\"group\" GROUP BY g.message"),
    Question("Which 5 subgroups have the most emojis?",
             f"SELECT s.message FROM {_SUB} GROUP BY s.subgroup ORDER BY COUNT(*) DESC LIMIT 5",
             column=True),
    Question("How many country flag emojis are there?",
             f"SELECT COUNT(*) FROM {_SUB} WHERE s.message = 'country flags'"),
    Question("List the fruit emojis.",
             f"SELECT e.label FROM {_SUB} WHERE s.message = 'fruit'", column=True),
    Question("Which emojis are in the zodiac signs subgroup?",
             f"SELECT e.label FROM {_SUB} WHERE s.message = 'zodiac signs'", column=True),
    Question("Which subgroup is the pizza emoji in?",
             f"SELECT s.message FROM {_SUB} WHERE e.label = 'pizza'"),
    Question("What is the hexcode of the red heart emoji?",
             "SELECT hexcode FROM emojis WHERE label = 'red heart'"),
    Question("In which emoji version was the face with tears of joy added?",
             "SELECT version FROM emojis WHERE label = 'face with tears of joy'"),
    Question("How many emojis were added in Emoji 15.0?",
             "SELECT COUNT(*) FROM emojis WHERE version = 15"),
    Question("How many emojis came with each emoji version?",
             "SELECT version, COUNT(*) FROM emojis GROUP BY version"),
    Question("Which emojis were added in version 17.0?",
             "SELECT label FROM emojis WHERE version = 17", column=True),
    Question("Which emoji version added the most emojis after version 1.0?",
             "SELECT version FROM emojis WHERE version > 1 GROUP BY version"
             " ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many smileys & emotion emojis were added in version 11.0 or later?",
             f"SELECT COUNT(*) FROM {_GROUP} WHERE g.message = 'smileys & emotion'"
             " AND e.version >= 11"),
    Question("What is the average emoji version of the emojis in each group?",
             f"SELECT g.message, AVG(e.version) FROM {_GROUP} GROUP BY g.message"),
    Question("How many emojis show as text by default?",
             "SELECT COUNT(*) FROM emojis WHERE type = 0"),
    Question("Which emoji is the emoticon <3?",
             "SELECT label FROM emojis WHERE emoticon = '<3'"),
    Question("List the emojis that have an emoticon.",
             "SELECT label FROM emojis WHERE emoticon IS NOT NULL", column=True),
    Question("How many emojis come in skin tones?",
             "SELECT COUNT(DISTINCT base_hexcode) FROM skins"),
    Question("How many skin tone variations does the thumbs up emoji have?",
             f"SELECT COUNT(*) FROM {_SKIN} WHERE e.label = 'thumbs up'"),
    Question("Which emojis have more than 5 skin tone variations?",
             f"SELECT e.label FROM {_SKIN} GROUP BY e.hexcode HAVING COUNT(*) > 5",
             column=True),
    Question("How many skin tone variations are there in each subgroup?",
             "SELECT s.message, COUNT(*) FROM skins k JOIN subgroups s"
             " ON s.subgroup = k.subgroup GROUP BY s.message"),
    Question("How many skin tone variations use the dark skin tone?",
             "SELECT COUNT(DISTINCT hexcode) FROM skin_tones WHERE tone = 5"),
    Question("How many of the people & body emojis have no skin tone variations?",
             f"SELECT COUNT(*) FROM {_GROUP} WHERE g.message = 'people & body'"
             " AND e.hexcode NOT IN (SELECT base_hexcode FROM skins)"),
    Question("Which emojis of two people can have a different skin tone for each person?",
             "SELECT DISTINCT e.label FROM skin_tones t JOIN skins k ON k.hexcode = t.hexcode"
             " JOIN emojis e ON e.hexcode = k.base_hexcode WHERE t.position = 2",
             column=True),
    Question("How many emojis have a female gender?",
             "SELECT COUNT(*) FROM emojis WHERE gender = 0"),
    Question("Which tags does the waving hand have?",
             "SELECT t.tag FROM tags t JOIN emojis e ON e.hexcode = t.hexcode"
             " WHERE e.label = 'waving hand'", column=True),
    Question("What are the top 5 tags by number of emojis?",
             "SELECT tag FROM tags GROUP BY tag ORDER BY COUNT(*) DESC LIMIT 5", column=True),
    Question("How many emojis are tagged cat?",
             "SELECT COUNT(*) FROM tags WHERE tag = 'cat'"),
    Question("Which emojis are tagged happy?",
             f"SELECT e.label FROM {_TAG} WHERE t.tag = 'happy'", column=True),
    Question("Which emojis have the most tags?",
             f"SELECT e.label FROM {_TAG} GROUP BY e.hexcode HAVING COUNT(*) ="
             " (SELECT MAX(n) FROM (SELECT COUNT(*) AS n FROM tags GROUP BY hexcode))",
             column=True),
    Question("What is the average number of tags an emoji has?",
             "SELECT AVG(n) FROM (SELECT COUNT(*) AS n FROM tags GROUP BY hexcode)"),
    Question("What is the GitHub shortcode for the face with tears of joy?",
             "SELECT c.shortcode FROM shortcodes c JOIN emojis e ON e.hexcode = c.hexcode"
             " WHERE e.label = 'face with tears of joy' AND c.preset = 'github'"),
    Question("Which emoji has the Slack shortcode tada?",
             "SELECT e.label FROM shortcodes c JOIN emojis e ON e.hexcode = c.hexcode"
             " WHERE c.preset = 'iamcal' AND c.shortcode = 'tada'"),
    Question("How many shortcodes does each shortcode set have?",
             "SELECT preset, COUNT(*) FROM shortcodes GROUP BY preset"),
    Question("How many emojis have no GitHub shortcode?",
             "SELECT COUNT(*) FROM emojis WHERE hexcode NOT IN"
             " (SELECT hexcode FROM shortcodes WHERE preset = 'github')"),
    Question("Which emojis have more than 3 JoyPixels shortcodes?",
             "SELECT e.label FROM shortcodes c JOIN emojis e ON e.hexcode = c.hexcode"
             " WHERE c.preset = 'joypixels' GROUP BY e.hexcode HAVING COUNT(*) > 3",
             column=True),
    Question("What is the German name of the waving hand emoji?",
             "SELECT l.label FROM labels l JOIN emojis e ON e.hexcode = l.hexcode"
             " WHERE e.label = 'waving hand' AND l.locale = 'de'"),
    Question("What is the French label of the pile of poo emoji?",
             "SELECT l.label FROM labels l JOIN emojis e ON e.hexcode = l.hexcode"
             " WHERE e.label = 'pile of poo' AND l.locale = 'fr'"),
    Question("Which emoji is called 'Strebergesicht' in German?",
             "SELECT e.label FROM labels l JOIN emojis e ON e.hexcode = l.hexcode"
             " WHERE l.locale = 'de' AND l.label = 'Strebergesicht'"),
    Question("How many emojis have a different name in British English than in English?",
             "SELECT COUNT(*) FROM labels l JOIN emojis e ON e.hexcode = l.hexcode"
             " WHERE l.locale = 'en-gb' AND l.label <> e.label"),
    Question("Excluding flags, which emoji has the longest English label?",
             f"SELECT e.label FROM {_GROUP} WHERE g.message <> 'flags'"
             " ORDER BY LENGTH(e.label) DESC LIMIT 1"),
    *_no(
        "Which emoji is used most often on Twitter?",
        "How does the pizza emoji look on Apple devices compared to Google's?",
        "Who designed the grinning face emoji?",
        "Which emojis will be added in Emoji 18.0?",
        "What is the most offensive emoji?",
        "On what date did Unicode release the melting face emoji?",
        "How many emojis does WhatsApp support?",
        "Which emoji is the cutest?",
        "Summarize the history of the pile of poo emoji.",
        "What does the eggplant emoji mean in slang?",
        "¿Cuál es el emoji más popular en España?",
        "Welches Emoji wird in Deutschland am häufigsten verwendet?",
    ),
]  # fmt: skip
