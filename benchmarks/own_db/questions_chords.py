"""The guitar and ukulele chord charts' questions (chords.md): a held-out database chosen
from npm's data packages.  Written from the JSON files of @tombatossals/chords-db 0.5.1 and
a look at the built rows by a helper who never read the linker's code, before the agent was
ever run on it; every gold SQL was checked with sqlite3 alone.  A "chord" is a row of
chords (a key with a suffix on one instrument), a "position" or "fingering" one of
positions."""

from __future__ import annotations

from .questions import Question


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


_POS = "positions p JOIN chords c ON c.id = p.chordId"
_STR = "strings s JOIN positions p ON p.id = s.positionId JOIN chords c ON c.id = p.chordId"
_BAR = "barres b JOIN positions p ON p.id = b.positionId JOIN chords c ON c.id = p.chordId"
CHORDS = [
    Question(
        "How many chords are there for the guitar?",
        "SELECT COUNT(*) FROM chords WHERE instrument = 'guitar'",
    ),
    Question(
        "How many ukulele chords are in the database?",
        "SELECT COUNT(*) FROM chords WHERE instrument = 'ukulele'",
    ),
    Question("How many instruments are there?", "SELECT COUNT(*) FROM instruments"),
    Question(
        "How many strings does a ukulele have?",
        "SELECT strings FROM instruments WHERE name = 'ukulele'",
    ),
    Question(
        "What is the standard tuning of the guitar?",
        "SELECT tuning FROM instruments WHERE name = 'guitar'",
    ),
    Question("How many chord positions are there in total?", "SELECT COUNT(*) FROM positions"),
    Question(
        "How many chord suffixes does the ukulele have?",
        "SELECT COUNT(*) FROM suffixes WHERE instrument = 'ukulele'",
    ),
    Question(
        "In how many ways can you play C major on the guitar?",
        f"SELECT COUNT(*) FROM {_POS} WHERE c.instrument = 'guitar' AND c.key = 'C'"
        " AND c.suffix = 'major'",
    ),
    Question(
        "How many chords does each instrument have?",
        "SELECT instrument, COUNT(*) FROM chords GROUP BY instrument",
    ),
    Question(
        "Which key has the most guitar chords?",
        "SELECT key FROM chords WHERE instrument = 'guitar' GROUP BY key"
        " ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question(
        "List the suffixes the ukulele has that the guitar never has.",
        "SELECT suffix FROM suffixes WHERE instrument = 'ukulele' AND suffix NOT IN"
        " (SELECT suffix FROM suffixes WHERE instrument = 'guitar') ORDER BY suffix",
        column=True,
    ),
    Question(
        "How many guitar positions are drawn with a capo?",
        f"SELECT COUNT(*) FROM {_POS} WHERE c.instrument = 'guitar' AND p.capo = 1",
    ),
    Question(
        "How many positions have two barres?",
        "SELECT COUNT(*) FROM (SELECT positionId FROM barres GROUP BY positionId"
        " HAVING COUNT(*) = 2)",
    ),
    Question(
        "What is the highest base fret of any ukulele position?",
        f"SELECT MAX(p.baseFret) FROM {_POS} WHERE c.instrument = 'ukulele'",
    ),
    Question(
        "What is the average base fret of the guitar positions?",
        f"SELECT AVG(p.baseFret) FROM {_POS} WHERE c.instrument = 'guitar'",
    ),
    Question(
        "How many guitar fingerings leave at least one string unplayed?",
        f"SELECT COUNT(DISTINCT p.id) FROM {_STR} WHERE c.instrument = 'guitar' AND s.fret = -1",
    ),
    Question(
        "How many ukulele chords have fewer than 4 positions?",
        "SELECT COUNT(*) FROM chords c WHERE c.instrument = 'ukulele' AND"
        " (SELECT COUNT(*) FROM positions p WHERE p.chordId = c.id) < 4",
    ),
    Question(
        "Which ukulele chords have only one position? Give the key and the suffix.",
        "SELECT c.key, c.suffix FROM chords c WHERE c.instrument = 'ukulele' AND"
        " (SELECT COUNT(*) FROM positions p WHERE p.chordId = c.id) = 1 ORDER BY c.key",
        column=True,
    ),
    Question(
        "Which guitar chords have more than 4 positions?",
        "SELECT c.key, c.suffix FROM chords c WHERE c.instrument = 'guitar' AND"
        " (SELECT COUNT(*) FROM positions p WHERE p.chordId = c.id) > 4",
    ),
    Question(
        "Which notes is the ukulele tuned to?",
        "SELECT note FROM tunings WHERE instrument = 'ukulele' ORDER BY string",
        column=True,
    ),
    Question(
        "How many guitar chords are there in the key of F#?",
        "SELECT COUNT(*) FROM chords WHERE instrument = 'guitar' AND key = 'F#'",
    ),
    Question(
        "How many slash chords does the guitar have?",
        "SELECT COUNT(*) FROM chords WHERE instrument = 'guitar' AND suffix LIKE '%/%'",
    ),
    Question(
        "How many ukulele chords have the suffix minor?",
        "SELECT COUNT(*) FROM chords WHERE instrument = 'ukulele' AND suffix = 'minor'",
    ),
    Question(
        "How many positions does each guitar key have?",
        f"SELECT c.key, COUNT(*) FROM {_POS} WHERE c.instrument = 'guitar'"
        " GROUP BY c.key ORDER BY 2 DESC",
    ),
    Question(
        "What is the average number of positions per chord on each instrument?",
        "SELECT c.instrument, COUNT(p.id) * 1.0 / COUNT(DISTINCT c.id) FROM chords c"
        " JOIN positions p ON p.chordId = c.id GROUP BY c.instrument",
    ),
    Question(
        "How many of the guitar's E minor positions start at the first fret?",
        f"SELECT COUNT(*) FROM {_POS} WHERE c.instrument = 'guitar' AND c.key = 'E'"
        " AND c.suffix = 'minor' AND p.baseFret = 1",
    ),
    Question(
        "What are the frets of the first position of G major on the ukulele?",
        f"SELECT p.frets FROM {_POS} WHERE c.instrument = 'ukulele' AND c.key = 'G'"
        " AND c.suffix = 'major' AND p.position = 1",
    ),
    Question(
        "Which MIDI notes does the first guitar position of C major sound?",
        f"SELECT p.midi FROM {_POS} WHERE c.instrument = 'guitar' AND c.key = 'C'"
        " AND c.suffix = 'major' AND p.position = 1",
    ),
    Question(
        "How many guitar fingerings play all six strings?",
        f"SELECT COUNT(*) FROM {_POS} WHERE c.instrument = 'guitar' AND NOT EXISTS"
        " (SELECT 1 FROM strings s WHERE s.positionId = p.id AND s.fret = -1)",
    ),
    Question(
        "How many ukulele fingerings need the little finger?",
        f"SELECT COUNT(DISTINCT p.id) FROM {_STR} WHERE c.instrument = 'ukulele' AND s.finger = 4",
    ),
    Question(
        "How many guitar chords use the aug suffix?",
        "SELECT COUNT(*) FROM chords WHERE instrument = 'guitar' AND suffix = 'aug'",
    ),
    Question(
        "How many suffixes does each instrument have?",
        "SELECT instrument, COUNT(*) FROM suffixes GROUP BY instrument",
    ),
    Question(
        "Which guitar keys are written with a sharp?",
        "SELECT key FROM keys WHERE instrument = 'guitar' AND key LIKE '%#'",
        column=True,
    ),
    Question(
        "How many positions of the ukulele's A minor chord start above the first fret?",
        f"SELECT COUNT(*) FROM {_POS} WHERE c.instrument = 'ukulele' AND c.key = 'A'"
        " AND c.suffix = 'minor' AND p.baseFret > 1",
    ),
    Question(
        "Which chord suffix has the fewest ukulele positions?",
        f"SELECT c.suffix FROM {_POS} WHERE c.instrument = 'ukulele' GROUP BY c.suffix"
        " ORDER BY COUNT(*) LIMIT 1",
    ),
    Question(
        "How many ukulele fingerings leave the G string open?",
        f"SELECT COUNT(*) FROM {_STR} JOIN tunings t ON t.instrument = c.instrument"
        " AND t.string = s.string WHERE c.instrument = 'ukulele' AND t.note = 'G4'"
        " AND s.fret = 0",
    ),
    Question(
        "How many positions with a barre does each instrument have?",
        f"SELECT c.instrument, COUNT(DISTINCT p.id) FROM {_BAR} GROUP BY c.instrument",
    ),
    Question(
        "How many ukulele positions have no barre at all?",
        f"SELECT COUNT(*) FROM {_POS} WHERE c.instrument = 'ukulele' AND p.id NOT IN"
        " (SELECT positionId FROM barres)",
    ),
    Question(
        "How many guitar chords are there in each key, excluding slash chords?",
        "SELECT key, COUNT(*) FROM chords WHERE instrument = 'guitar'"
        " AND suffix NOT LIKE '%/%' GROUP BY key",
    ),
    Question(
        "How many positions does B flat dim7 have on the ukulele?",
        f"SELECT COUNT(*) FROM {_POS} WHERE c.instrument = 'ukulele' AND c.key = 'Bb'"
        " AND c.suffix = 'dim7'",
    ),
    Question(
        "Which guitar chord positions start at the twelfth fret or higher?",
        f"SELECT c.key, c.suffix, p.baseFret FROM {_POS} WHERE c.instrument = 'guitar'"
        " AND p.baseFret >= 12 ORDER BY c.key, c.suffix",
    ),
    Question(
        "What are the top 5 guitar suffixes by the number of positions drawn with a capo?",
        f"SELECT c.suffix, COUNT(*) FROM {_POS} WHERE c.instrument = 'guitar'"
        " AND p.capo = 1 GROUP BY c.suffix ORDER BY COUNT(*) DESC LIMIT 5",
        column=True,
    ),
    Question(
        "What is the lowest MIDI note any guitar position sounds?",
        "SELECT MIN(CAST(p.midi AS INTEGER)) FROM positions p"
        " JOIN chords c ON c.id = p.chordId WHERE c.instrument = 'guitar'",
    ),
    Question(
        "How many guitar positions have a barre on their base fret?",
        f"SELECT COUNT(DISTINCT p.id) FROM {_BAR} WHERE c.instrument = 'guitar' AND b.fret = 1",
    ),
    Question(
        "For each instrument, how many fingerings use all four fingers?",
        f"SELECT c.instrument, COUNT(*) FROM {_POS} WHERE (SELECT COUNT(DISTINCT"
        " s.finger) FROM strings s WHERE s.positionId = p.id AND s.finger > 0) = 4"
        " GROUP BY c.instrument",
    ),
    *_no(
        "Which song uses the C major chord the most?",
        "Who invented the ukulele?",
        "How much does a good beginner guitar cost?",
        "Which chords will be added in the next version of the chart collection?",
        "Which chord sounds the saddest?",
        "Summarize this: the guitar has six strings and is usually tuned E A D G B E, but"
        " many players tune down half a step.",
        "What are the positions of D major in drop D tuning?",
        "Which fingering of G major is the easiest for a beginner?",
        "What is the tuning of a five-string banjo?",
        "Who drew the chart for the guitar's Amaj11 chord?",
        "Which famous guitarist played the most sus4 chords?",
        "¿Cuántos acordes menores tiene el ukelele?",
        "Welcher Gitarrenakkord hat die meisten Griffe?",
    ),
]
