"""MuseScore questions (musescore.md): a held-out database chosen from Debian's music data
packages.  Written from ``instruments.xml`` and the score templates of Debian's
``musescore3-common`` 3.2.3+dfsg2-16 and a look at the built rows by a helper who never read
the linker's code, before the agent was ever run on it; every gold SQL was checked with
sqlite3 alone.  An instrument named by its name is the one whose ``longName`` it is and
that is no tablature variant (``init`` NULL) when several share it; notes are MIDI note
numbers; "range" without more is the professional range (``pPitchMin``-``pPitchMax``)."""

from __future__ import annotations

from .questions import Question

_GROUP = "instruments i JOIN instrument_groups g ON g.id = i.groupId"
_GENRE = ("instrument_genres x JOIN genres ge ON ge.id = x.genreId"
          " JOIN instruments i ON i.id = x.instrumentId")  # fmt: skip
_PARTS = "template_parts p JOIN instruments i ON i.id = p.instrumentId"


def _named(name: str) -> str:
    """The condition on ``i`` that picks the instrument called ``name``."""
    return f"i.longName = '{name}' AND i.init IS NULL"


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


MUSESCORE = [
    Question("How many instruments are there?", "SELECT COUNT(*) FROM instruments"),
    Question("How many instrument families are there?",
             "SELECT COUNT(*) FROM instrument_groups"),
    Question("Which instrument family has the most instruments?",
             f"SELECT g.name FROM {_GROUP} GROUP BY g.id ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many brass instruments are there?",
             f"SELECT COUNT(*) FROM {_GROUP} WHERE g.name = 'Brass'"),
    Question("How many instruments are there excluding all the percussion families?",
             "SELECT COUNT(*) FROM instruments WHERE groupId NOT LIKE '%percussion'"),
    Question("How many instruments does each family have?",
             f"SELECT g.name, COUNT(*) FROM {_GROUP} GROUP BY g.id ORDER BY g.sortOrder"),
    Question("Which genre lists the most instruments?",
             "SELECT ge.name FROM instrument_genres x JOIN genres ge ON ge.id = x.genreId"
             " GROUP BY ge.id ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many instruments are available for jazz?",
             f"SELECT COUNT(*) FROM {_GENRE} WHERE ge.name = 'Jazz'"),
    Question("How many instruments are not listed under any genre?",
             "SELECT COUNT(*) FROM instruments i WHERE NOT EXISTS (SELECT 1 FROM"
             " instrument_genres x WHERE x.instrumentId = i.id)"),
    Question("What is the abbreviation used for the bassoon?",
             f"SELECT i.shortName FROM instruments i WHERE {_named('Bassoon')}"),
    Question("What's the lowest note a professional tuba player can reach?",
             f"SELECT i.pPitchMin FROM instruments i WHERE {_named('Tuba')}"),
    Question("How wide is the violin's professional range, in semitones?",
             f"SELECT i.pPitchMax - i.pPitchMin FROM instruments i WHERE {_named('Violin')}"),
    Question("How many more semitones does a professional oboist have than an amateur?",
             "SELECT (i.pPitchMax - i.pPitchMin) - (i.aPitchMax - i.aPitchMin)"
             f" FROM instruments i WHERE {_named('Oboe')}"),
    Question("Which instrument can play the highest note?",
             "SELECT longName FROM instruments ORDER BY pPitchMax DESC LIMIT 1"),
    Question("Which woodwind instrument goes lowest for an amateur player?",
             f"SELECT i.longName FROM {_GROUP} WHERE g.name = 'Woodwinds'"
             " AND i.aPitchMin IS NOT NULL ORDER BY i.aPitchMin LIMIT 1"),
    Question("What is the average professional top note of the bowed string instruments?",
             f"SELECT AVG(i.pPitchMax) FROM {_GROUP} WHERE g.name = 'Strings - Bowed'"),
    Question("How many instruments are transposing?",
             "SELECT COUNT(*) FROM instruments WHERE transposeChromatic IS NOT NULL"),
    Question("By how many semitones does the alto saxophone transpose?",
             f"SELECT i.transposeChromatic FROM instruments i WHERE {_named('Alto Saxophone')}"),
    Question("Which instruments sound an octave higher than written?",
             "SELECT longName FROM instruments WHERE transposeChromatic = 12", column=True),
    Question("Which instruments transpose down by more than two octaves?",
             "SELECT longName FROM instruments WHERE transposeChromatic < -24", column=True),
    Question("How many instruments are written on a tablature staff?",
             "SELECT COUNT(*) FROM instruments WHERE stafftype = 'tablature'"),
    Question("How many instruments use the alto clef?",
             "SELECT COUNT(*) FROM instruments WHERE clef = 'C3'"),
    Question("What is the largest number of frets any instrument has?",
             "SELECT MAX(frets) FROM instruments"),
    Question("How many frets does the mandolin have?",
             f"SELECT i.frets FROM instruments i WHERE {_named('Mandolin')}"),
    Question("Which instrument has the most strings?",
             "SELECT i.longName FROM strings s JOIN instruments i ON i.id = s.instrumentId"
             " GROUP BY s.instrumentId ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("What are the open-string notes of the ukulele?",
             "SELECT s.pitch FROM strings s JOIN instruments i ON i.id = s.instrumentId"
             f" WHERE {_named('Ukulele')} ORDER BY s.stringNo", column=True),
    Question("How many strings does the banjo have?",
             "SELECT COUNT(*) FROM strings s JOIN instruments i ON i.id = s.instrumentId"
             f" WHERE {_named('Banjo')}"),
    Question("On average, how many strings do the instruments with strings have?",
             "SELECT AVG(n) FROM (SELECT COUNT(*) AS n FROM strings GROUP BY instrumentId)"),
    Question("How many instruments have at least one string that is never fretted?",
             "SELECT COUNT(DISTINCT instrumentId) FROM strings WHERE open = 1"),
    Question("What is the lowest open string of the 7-string guitar?",
             "SELECT MIN(s.pitch) FROM strings s JOIN instruments i ON i.id = s.instrumentId"
             f" WHERE {_named('7-string Guitar')}"),
    Question("How many pieces does the congas kit have?",
             "SELECT COUNT(*) FROM drums d JOIN instruments i ON i.id = d.instrumentId"
             f" WHERE {_named('Congas')}"),
    Question("Which percussion instrument has the most pieces in its kit?",
             "SELECT i.longName FROM drums d JOIN instruments i ON i.id = d.instrumentId"
             " GROUP BY d.instrumentId ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many drum pieces are written with a cross notehead?",
             "SELECT COUNT(*) FROM drums WHERE head = 'cross'"),
    Question("Which drum sound is found in the most percussion kits?",
             "SELECT name FROM drums GROUP BY name ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("What General MIDI program does the flute play with?",
             "SELECT c.program FROM channels c JOIN instruments i ON i.id = c.instrumentId"
             f" WHERE {_named('Flute')} AND c.channelNo = 1"),
    Question("How many instruments have a muted sound?",
             "SELECT COUNT(DISTINCT instrumentId) FROM channels WHERE name = 'mute'"),
    Question("List the instruments that have a pizzicato sound.",
             "SELECT i.longName FROM channels c JOIN instruments i ON i.id = c.instrumentId"
             " WHERE c.name = 'pizzicato'", column=True),
    Question("How many instruments have more than one sound?",
             "SELECT COUNT(*) FROM (SELECT instrumentId FROM channels GROUP BY instrumentId"
             " HAVING COUNT(*) > 1)"),
    Question("How many score templates are there?", "SELECT COUNT(*) FROM templates"),
    Question("How many choral templates are there?",
             "SELECT COUNT(*) FROM templates WHERE category = 'Choral'"),
    Question("Which template has the most parts?",
             "SELECT template FROM template_parts GROUP BY template ORDER BY COUNT(*) DESC"
             " LIMIT 1"),
    Question("How many parts does the Big Band template have?",
             "SELECT COUNT(*) FROM template_parts WHERE template = 'Big Band'"),
    Question("What parts make up the String Quartet template, from the top?",
             "SELECT trackName FROM template_parts WHERE template = 'String Quartet'"
             " ORDER BY partNo", column=True),
    Question("Which templates have more than 20 parts?",
             "SELECT template FROM template_parts GROUP BY template HAVING COUNT(*) > 20",
             column=True),
    Question("Which template category has the most templates?",
             "SELECT category FROM templates GROUP BY category ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many B♭ trumpet parts are there across all the templates?",
             f"SELECT COUNT(*) FROM {_PARTS} WHERE i.longName = 'B♭ Trumpet'"),
    Question("What are the top 5 instruments by number of template parts?",
             f"SELECT i.longName FROM {_PARTS} GROUP BY p.instrumentId ORDER BY COUNT(*) DESC"
             " LIMIT 5", column=True),
    Question("Which instruments are used in the Brass Quintet template?",
             f"SELECT DISTINCT i.longName FROM {_PARTS} WHERE p.template = 'Brass Quintet'",
             column=True),
    Question("How many parts of the Symphony Orchestra template are for transposing"
             " instruments, not counting the strings?",
             f"SELECT COUNT(*) FROM {_PARTS} WHERE p.template = 'Symphony Orchestra'"
             " AND i.transposeChromatic IS NOT NULL"
             " AND i.groupId <> 'strings'"),
    Question("Which instrument families are never used in any template?",
             "SELECT g.name FROM instrument_groups g WHERE g.id NOT IN (SELECT i.groupId"
             f" FROM {_PARTS})", column=True),
    *_no(
        "Who invented the saxophone?",
        "How much does a professional violin cost?",
        "Which instrument will be added in the next MuseScore release?",
        "What is the most popular instrument among MuseScore users?",
        "How heavy is a tuba?",
        "Which famous pianists played on a Steinway?",
        "What year was the Big Band template created?",
        "Summarize the history of the harpsichord.",
        "Which sounds better, the oboe or the clarinet?",
        "How many people play the guitar worldwide?",
        "Who composed the demo scores that come with MuseScore?",
        "What is the loudest instrument in decibels?",
        "¿Cuál es el instrumento más fácil de aprender para un niño?",
        "Wer hat die Geige erfunden?",
        "Quel est le prix moyen d'une guitare électrique ?",
    ),
]  # fmt: skip
