"""The X keyboard configuration registry's questions (xkb.md): a held-out database chosen
from Debian's data packages.  Written from base.xml and base.extras.xml of Debian's xkb-data
2.35.1-1 and a look at the built rows by a helper who never read the linker's code, before
the agent was ever run on it; every gold SQL was checked with sqlite3 alone.  A layout is
asked by its description ("German", "Finnish"), a country or language by its name as a
user would say it or by its code, an option group by its description."""

from __future__ import annotations

from .questions import Question


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


_VARIANTS = "variants v JOIN layouts l ON l.name = v.layout"
_OPTIONS = "options o JOIN option_groups g ON g.name = o.group_name"
XKB = [
    Question("How many keyboard models are listed?", "SELECT COUNT(*) FROM models"),
    Question("How many keyboard layouts are there?", "SELECT COUNT(*) FROM layouts"),
    Question("How many layout variants are there in total?", "SELECT COUNT(*) FROM variants"),
    Question("How many keyboard options are there?", "SELECT COUNT(*) FROM options"),
    Question("How many option groups are there?", "SELECT COUNT(*) FROM option_groups"),
    Question(
        "How many keyboard models are made by Logitech?",
        "SELECT COUNT(*) FROM models WHERE vendor = 'Logitech'",
    ),
    Question(
        "Which vendor has the most keyboard models?",
        "SELECT vendor FROM models GROUP BY vendor ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question(
        "How many different vendors make the keyboard models?",
        "SELECT COUNT(DISTINCT vendor) FROM models",
    ),
    Question(
        "What is the description of the keyboard model pc105?",
        "SELECT description FROM models WHERE name = 'pc105'",
    ),
    Question(
        "List the Apple keyboard models.",
        "SELECT description FROM models WHERE vendor = 'Apple'",
        column=True,
    ),
    Question(
        "How many keyboard models have laptop in their description?",
        "SELECT COUNT(*) FROM models WHERE description LIKE '%laptop%'",
    ),
    Question(
        "How many models does each vendor with more than 8 models have?",
        "SELECT vendor, COUNT(*) FROM models GROUP BY vendor HAVING COUNT(*) > 8",
    ),
    Question(
        "Which layout has the most variants?",
        f"SELECT l.description FROM {_VARIANTS} GROUP BY l.name ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question(
        "Excluding the English (US) layout, which layout has the most variants?",
        f"SELECT l.description FROM {_VARIANTS} WHERE l.name <> 'us'"
        " GROUP BY l.name ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question(
        "How many variants does the German layout have?",
        f"SELECT COUNT(*) FROM {_VARIANTS} WHERE l.description = 'German'",
    ),
    Question(
        "List the variants of the Finnish layout.",
        f"SELECT v.description FROM {_VARIANTS} WHERE l.description = 'Finnish'",
        column=True,
    ),
    Question(
        "What are the top 3 layouts by number of variants?",
        f"SELECT l.description, COUNT(*) FROM {_VARIANTS} GROUP BY l.name"
        " ORDER BY COUNT(*) DESC LIMIT 3",
    ),
    Question(
        "How many layouts have no variants at all?",
        "SELECT COUNT(*) FROM layouts l WHERE NOT EXISTS"
        " (SELECT 1 FROM variants v WHERE v.layout = l.name)",
    ),
    Question(
        "What is the average number of variants per layout?",
        "SELECT ROUND(AVG(n), 2) FROM (SELECT COUNT(v.name) AS n FROM layouts l"
        " LEFT JOIN variants v ON v.layout = l.name GROUP BY l.name)",
    ),
    Question(
        "Which layouts are marked as exotic?",
        "SELECT description FROM layouts WHERE popularity = 'exotic'",
        column=True,
    ),
    Question(
        "How many layout variants are exotic?",
        "SELECT COUNT(*) FROM variants WHERE popularity = 'exotic'",
    ),
    Question(
        "What percentage of the layout variants are exotic?",
        "SELECT ROUND(100.0 * SUM(popularity = 'exotic') / COUNT(*), 1) FROM variants",
    ),
    Question(
        "Which layout has the most exotic variants?",
        f"SELECT l.description FROM {_VARIANTS} WHERE v.popularity = 'exotic'"
        " GROUP BY l.name ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question(
        "How many variants mention Dvorak?",
        "SELECT COUNT(*) FROM variants WHERE description LIKE '%Dvorak%'",
    ),
    Question(
        "How many layouts have a Colemak variant?",
        "SELECT COUNT(DISTINCT layout) FROM variants WHERE description LIKE '%Colemak%'",
    ),
    Question(
        "What is the short description of the Japanese layout?",
        "SELECT shortDescription FROM layouts WHERE description = 'Japanese'",
    ),
    Question(
        "Which layouts use the indicator 'en'?",
        "SELECT description FROM layouts WHERE shortDescription = 'en'",
        column=True,
    ),
    Question(
        "Which languages is the Belgian layout meant for?",
        "SELECT g.iso639Id FROM layout_languages g JOIN layouts l ON l.name = g.layout"
        " WHERE l.description = 'Belgian'",
        column=True,
    ),
    Question(
        "Which layouts are meant for Morocco?",
        "SELECT l.description FROM layout_countries c JOIN layouts l ON l.name = c.layout"
        " WHERE c.iso3166Id = 'MA'",
        column=True,
    ),
    Question(
        "Which layout covers the most countries?",
        "SELECT l.description FROM layout_countries c JOIN layouts l ON l.name = c.layout"
        " GROUP BY l.name ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question(
        "Which layout is meant for the most languages?",
        "SELECT l.description FROM layout_languages g JOIN layouts l ON l.name = g.layout"
        " GROUP BY l.name ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question(
        "How many layouts are meant for more than one country?",
        "SELECT COUNT(*) FROM (SELECT layout FROM layout_countries GROUP BY layout"
        " HAVING COUNT(*) > 1)",
    ),
    Question(
        "Which layouts are not tied to any country?",
        "SELECT description FROM layouts l WHERE NOT EXISTS"
        " (SELECT 1 FROM layout_countries c WHERE c.layout = l.name)",
        column=True,
    ),
    Question(
        "How many layouts are meant for English (eng)?",
        "SELECT COUNT(*) FROM layout_languages WHERE iso639Id = 'eng'",
    ),
    Question(
        "How many variants are for the Kurdish language?",
        "SELECT COUNT(*) FROM variant_languages WHERE iso639Id = 'kur'",
    ),
    Question(
        "Which language code has the most variants?",
        "SELECT iso639Id FROM variant_languages GROUP BY iso639Id ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question(
        "How many variants never list a language?",
        "SELECT COUNT(*) FROM variants v WHERE NOT EXISTS (SELECT 1 FROM variant_languages g"
        " WHERE g.layout = v.layout AND g.variant = v.name)",
    ),
    Question(
        "How many variants do the layouts meant for Switzerland have in total?",
        "SELECT COUNT(*) FROM variants v JOIN layout_countries c ON c.layout = v.layout"
        " WHERE c.iso3166Id = 'CH'",
    ),
    Question(
        "Which option groups allow selecting more than one option?",
        "SELECT description FROM option_groups WHERE allowMultipleSelection = 'true'",
        column=True,
    ),
    Question(
        "How many option groups allow only one option at a time?",
        "SELECT COUNT(*) FROM option_groups WHERE allowMultipleSelection = 'false'",
    ),
    Question(
        "How many options are there for Caps Lock behavior?",
        f"SELECT COUNT(*) FROM {_OPTIONS} WHERE g.description = 'Caps Lock behavior'",
    ),
    Question(
        "Which option group has the most options?",
        f"SELECT g.description FROM {_OPTIONS} GROUP BY g.name ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question(
        "List the possible positions of the Compose key.",
        f"SELECT o.description FROM {_OPTIONS} WHERE g.description = 'Position of Compose key'",
        column=True,
    ),
    Question(
        "What does the option ctrl:nocaps do?",
        "SELECT description FROM options WHERE name = 'ctrl:nocaps'",
    ),
    Question(
        "In which option group is the option caps:escape?",
        f"SELECT g.description FROM {_OPTIONS} WHERE o.name = 'caps:escape'",
    ),
    Question(
        "How many options does each option group have?",
        f"SELECT g.description, COUNT(*) FROM {_OPTIONS} GROUP BY g.name",
    ),
    Question(
        "How many options are exotic?",
        "SELECT COUNT(*) FROM options WHERE popularity = 'exotic'",
    ),
    *_no(
        "How many people use the Dvorak layout worldwide?",
        "What is the price of the Logitech Internet 350 keyboard?",
        "In which year was the Colemak layout invented?",
        "Which keyboard layout is the best for programming?",
        "Which layouts will be added in the next xkeyboard-config release?",
        "Summarize this: the QWERTZ layout swaps the Y and Z keys of QWERTY.",
        "How much does each keyboard model weigh?",
        "Who designed the Neo variant of the German layout?",
        "Which characters does the AltGr key type on the French layout?",
        "How many keyboards did Microsoft sell last year?",
        "Which key code does the Caps Lock key send on a pc105 keyboard?",
        "Which layout is the most comfortable for typing fast?",
        "¿Cuántas personas usan la distribución Dvorak en España?",
        "Welche Tastatur ist die bequemste zum Programmieren?",
    ),
]
