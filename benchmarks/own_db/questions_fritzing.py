"""Fritzing questions (fritzing.md): a held-out database chosen from Debian's data packages.
Written from the part and bin files of ``fritzing-parts`` 0.9.6~unreleased-1 and a look at
the built rows by a helper who never read the linker's code, before the agent was ever run
on it; every gold SQL was checked with sqlite3 alone.  A part "named" X is the part whose
title is X (a current part and its obsolete version may share a title: where they do,
they give the same answer); "obsolete" parts are those of the obsolete folder; a year is
the four-digit year in a part's date, whatever its format; a part's pins are its
connectors."""

from __future__ import annotations

from .questions import Question

_IN_BIN = "bin_parts bp JOIN bins b ON b.file = bp.bin JOIN parts p ON p.moduleId = bp.moduleIdRef"
_PINS = "parts p JOIN connectors c ON c.moduleId = p.moduleId"


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


FRITZING = [
    Question("How many parts are in the Fritzing parts library?", "SELECT COUNT(*) FROM parts"),
    Question("How many of the parts are obsolete?",
             "SELECT COUNT(*) FROM parts WHERE folder = 'obsolete'"),
    Question("How many parts are there in each folder?",
             "SELECT folder, COUNT(*) FROM parts GROUP BY folder ORDER BY COUNT(*) DESC"),
    Question("How many part bins are there?", "SELECT COUNT(*) FROM bins"),
    Question("Who has made the most parts?",
             "SELECT author FROM parts GROUP BY author ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which author made the most of the obsolete parts?",
             "SELECT author FROM parts WHERE folder = 'obsolete' GROUP BY author"
             " ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many different authors have made parts?",
             "SELECT COUNT(DISTINCT author) FROM parts"),
    Question("How many parts did Analog Devices make?",
             "SELECT COUNT(*) FROM parts WHERE author = 'Analog Devices'"),
    Question("How many parts were made by the Fritzing Part-o-matic generator?",
             "SELECT COUNT(*) FROM parts WHERE author = 'Fritzing Part-o-matic'"),
    Question("Which part family has the most parts, excluding the obsolete families?",
             "SELECT family FROM parts WHERE family NOT LIKE '//obsolete//%' GROUP BY family"
             " ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("What are the top 5 part families by number of parts, leaving out obsolete ones?",
             "SELECT family FROM parts WHERE family NOT LIKE '//obsolete//%' GROUP BY family"
             " ORDER BY COUNT(*) DESC LIMIT 5", column=True),
    Question("How many different part families are there, not counting the obsolete ones?",
             "SELECT COUNT(DISTINCT family) FROM parts WHERE family NOT LIKE '//obsolete//%'"),
    Question("How many parts belong to the Generic IC family?",
             "SELECT COUNT(*) FROM parts WHERE family = 'Generic IC'"),
    Question("What is the name of the part with module id ResistorModuleID?",
             "SELECT title FROM parts WHERE moduleId = 'ResistorModuleID'"),
    Question("How many parts have R as their label?",
             "SELECT COUNT(*) FROM parts WHERE label = 'R'"),
    Question("How many part files were made in 2011?",
             "SELECT COUNT(*) FROM parts WHERE date LIKE '%2011%'"),
    Question("How many parts link to a product web page?",
             "SELECT COUNT(*) FROM parts WHERE url IS NOT NULL"),
    Question("What is the web page of the SparkFun Soil Moisture Sensor?",
             "SELECT url FROM parts WHERE title = 'Soil Moisture Sensor'"),
    Question("How many parts mention Arduino in their description?",
             "SELECT COUNT(*) FROM parts WHERE description LIKE '%arduino%'"),
    Question("Which part has the most connectors?",
             f"SELECT p.title FROM {_PINS} GROUP BY p.moduleId ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many parts have more than 100 connectors?",
             "SELECT COUNT(*) FROM (SELECT moduleId FROM connectors GROUP BY moduleId"
             " HAVING COUNT(*) > 100)"),
    Question("How many parts have no connectors at all?",
             "SELECT COUNT(*) FROM parts p WHERE NOT EXISTS"
             " (SELECT 1 FROM connectors c WHERE c.moduleId = p.moduleId)"),
    Question("How many pins does the Arduino Uno (Rev3) have?",
             f"SELECT COUNT(*) FROM {_PINS} WHERE p.title = 'Arduino Uno (Rev3)'"
             " AND p.folder = 'core'"),
    Question("How many connectors does the SparkFun MIDI Shield have?",
             f"SELECT COUNT(*) FROM {_PINS} WHERE p.title = 'SparkFun MIDI Shield'"),
    Question("How many connectors are named GND?",
             "SELECT COUNT(*) FROM connectors WHERE name = 'GND'"),
    Question("How many female connectors are there in total?",
             "SELECT COUNT(*) FROM connectors WHERE type = 'female'"),
    Question("How many parts have solder pads?",
             "SELECT COUNT(DISTINCT moduleId) FROM connectors WHERE type = 'pad'"),
    Question("What is the most common connector name?",
             "SELECT name FROM connectors GROUP BY name ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("What is the most common tag?",
             "SELECT tag FROM part_tags GROUP BY tag ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many parts are tagged EEPROM?",
             "SELECT COUNT(*) FROM part_tags WHERE tag = 'EEPROM'"),
    Question("How many parts have no tags?",
             "SELECT COUNT(*) FROM parts p WHERE NOT EXISTS"
             " (SELECT 1 FROM part_tags t WHERE t.moduleId = p.moduleId)"),
    Question("How many parts come in a THT package?",
             "SELECT COUNT(*) FROM part_properties WHERE name = 'package' AND value = 'THT'"),
    Question("What is the most common package?",
             "SELECT value FROM part_properties WHERE name = 'package' GROUP BY value"
             " ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many parts have a resistance given?",
             "SELECT COUNT(DISTINCT moduleId) FROM part_properties"
             " WHERE lower(name) = 'resistance' AND value IS NOT NULL"),
    Question("How many parts have a pin spacing of 300mil?",
             "SELECT COUNT(*) FROM part_properties"
             " WHERE lower(name) = 'pin spacing' AND value = '300mil'"),
    Question("Which bin lists the most parts?",
             "SELECT b.title FROM bin_parts bp JOIN bins b ON b.file = bp.bin GROUP BY b.file"
             " ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many parts are in the SparkFun-Sensors bin?",
             f"SELECT COUNT(*) FROM {_IN_BIN} WHERE b.title = 'SparkFun-Sensors'"),
    Question("How many of the bins are SparkFun's?",
             "SELECT COUNT(*) FROM bins WHERE title LIKE 'SparkFun%'"),
    Question("Which SparkFun bin has the most parts?",
             f"SELECT b.title FROM {_IN_BIN} WHERE b.title LIKE 'SparkFun-%' GROUP BY b.file"
             " ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("List the parts in the Arduino bin.",
             f"SELECT p.title FROM {_IN_BIN} WHERE b.title = 'Arduino' ORDER BY bp.position",
             column=True),
    Question("On average, how many connectors do the parts in the Arduino bin have?",
             "SELECT ROUND(AVG(n), 2) FROM (SELECT COUNT(*) AS n FROM bin_parts bp"
             " JOIN bins b ON b.file = bp.bin JOIN connectors c ON c.moduleId = bp.moduleIdRef"
             " WHERE b.title = 'Arduino' GROUP BY bp.position)"),
    Question("Which part in the SparkFun-Sensors bin has the most connectors?",
             f"SELECT p.title FROM {_IN_BIN} JOIN connectors c ON c.moduleId = p.moduleId"
             " WHERE b.title = 'SparkFun-Sensors' GROUP BY p.moduleId"
             " ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many parts are under the Output heading of the Core Parts bin?",
             f"SELECT COUNT(*) FROM {_IN_BIN} WHERE b.title = 'Core Parts'"
             " AND bp.section = 'Output'"),
    Question("Which bins have no section headings?",
             "SELECT b.title FROM bins b WHERE NOT EXISTS (SELECT 1 FROM bin_parts bp"
             " WHERE bp.bin = b.file AND bp.section IS NOT NULL) ORDER BY b.title",
             column=True),
    Question("How many parts appear in more than one bin?",
             "SELECT COUNT(*) FROM (SELECT moduleIdRef FROM bin_parts GROUP BY moduleIdRef"
             " HAVING COUNT(DISTINCT bin) > 1)"),
    Question("How many current (not obsolete) parts are never listed in any bin?",
             "SELECT COUNT(*) FROM parts p WHERE p.folder <> 'obsolete' AND NOT EXISTS"
             " (SELECT 1 FROM bin_parts bp WHERE bp.moduleIdRef = p.moduleId)"),
    Question("Which Fritzing version was the Core Parts bin made with?",
             "SELECT fritzingVersion FROM bins WHERE title = 'Core Parts'"),
    *_no(
        "How much does an Arduino Uno (Rev3) cost?",
        "Which supplier has the most 220 Ω resistors in stock?",
        "How much does the SparkFun MIDI Shield weigh, in grams?",
        "How many people downloaded Fritzing last year?",
        "Which parts will be added in the next Fritzing release?",
        "Who is the CEO of SparkFun?",
        "Summarize the description of the SparkFun Stepoko in two sentences.",
        "Which microcontroller board is the best one for a beginner?",
        "Write a tutorial on wiring the soil moisture sensor to an Arduino.",
        "Which part is used most often in the sketches people share online?",
        "¿Cuánto cuesta el sensor de humedad del suelo de SparkFun?",
        "Welcher Händler liefert die Teile der Arduino-Kiste am schnellsten?",
        "Quel est le meilleur capteur pour un projet de station météo ?",
    ),
]  # fmt: skip
