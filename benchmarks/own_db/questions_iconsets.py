"""Iconify icon set questions (iconsets.md): a held-out database.  Written from the JSON of
the ``@iconify/json`` npm package and a look at the built rows by a helper who never read
the linker's code, before the agent was ever run on it; every gold SQL was checked with
sqlite3 alone.  An icon set is a row of ``collections``, named by its ``name`` ("Material
Design Icons") or its ``prefix`` ("mdi"); "how many icons" of a set is its ``total`` unless
the question counts rows; a set's "license" is compared by its ``spdx`` identifier."""

from __future__ import annotations

from .questions import Question

_SET_ICONS = "icons i JOIN collections c ON c.prefix = i.prefix"
_SET_ALIASES = "aliases a JOIN collections c ON c.prefix = a.prefix"
_SET_TAGS = "tags t JOIN collections c ON c.prefix = t.prefix"
_SET_CATEGORIES = "categories k JOIN collections c ON c.prefix = k.prefix"


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


ICONSETS = [
    Question("How many icon sets are there?", "SELECT COUNT(*) FROM collections"),
    Question("How many icon sets are hidden?",
             "SELECT COUNT(*) FROM collections WHERE hidden = 1"),
    Question("How many icons are there in all, counting every set?",
             "SELECT COUNT(*) FROM icons"),
    Question("How many icons does Material Design Icons have?",
             "SELECT total FROM collections WHERE name = 'Material Design Icons'"),
    Question("Who made the Tabler Icons set?",
             "SELECT author FROM collections WHERE name = 'Tabler Icons'"),
    Question("Under which license is Bootstrap Icons released?",
             "SELECT license FROM collections WHERE name = 'Bootstrap Icons'"),
    Question("Which icon set has the most icons?",
             "SELECT name FROM collections ORDER BY total DESC LIMIT 1"),
    Question("What are the top 5 icon sets by number of icons?",
             "SELECT name, total FROM collections ORDER BY total DESC LIMIT 5"),
    Question("How many icon sets are there in each category?",
             "SELECT category, COUNT(*) FROM collections WHERE category IS NOT NULL"
             " GROUP BY category"),
    Question("Which category has the most icon sets?",
             "SELECT category FROM collections WHERE category IS NOT NULL"
             " GROUP BY category ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("List the emoji icon sets.",
             "SELECT name FROM collections WHERE category = 'Emoji'", column=True),
    Question("How many icon sets are under the MIT license?",
             "SELECT COUNT(*) FROM collections WHERE spdx = 'MIT'"),
    Question("Which license is used by the most icon sets?",
             "SELECT spdx FROM collections GROUP BY spdx ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many icon sets are there per license?",
             "SELECT spdx, COUNT(*) FROM collections GROUP BY spdx"),
    Question("Which icon sets use a GPL license?",
             "SELECT name FROM collections WHERE spdx LIKE 'GPL%'", column=True),
    Question("How many icons in total are under a Creative Commons license?",
             "SELECT SUM(total) FROM collections WHERE spdx LIKE 'CC%'"),
    Question("Which author has made the most icon sets?",
             "SELECT author FROM collections GROUP BY author ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many icon sets has Microsoft Corporation published?",
             "SELECT COUNT(*) FROM collections WHERE author = 'Microsoft Corporation'"),
    Question("How many icon sets have their own colours instead of a single colour?",
             "SELECT COUNT(*) FROM collections WHERE palette = 1"),
    Question("How many icon sets are designed on a 24 pixel grid?",
             "SELECT COUNT(*) FROM collections WHERE height = 24"),
    Question("What is the average number of icons per icon set?",
             "SELECT AVG(total) FROM collections"),
    Question("How many icon sets have more than 5000 icons?",
             "SELECT COUNT(*) FROM collections WHERE total > 5000"),
    Question("How many icon sets were last updated in 2026?",
             "SELECT COUNT(*) FROM collections"
             " WHERE strftime('%Y', lastModified, 'unixepoch') = '2026'"),
    Question("When was Material Design Icons last updated?",
             "SELECT date(lastModified, 'unixepoch') FROM collections"
             " WHERE name = 'Material Design Icons'"),
    Question("Which icon set was updated most recently?",
             "SELECT name FROM collections ORDER BY lastModified DESC LIMIT 1"),
    Question("Which icon set has gone the longest without an update?",
             "SELECT name FROM collections WHERE lastModified IS NOT NULL"
             " ORDER BY lastModified LIMIT 1"),
    Question("How many icon sets were last changed in each year?",
             "SELECT strftime('%Y', lastModified, 'unixepoch'), COUNT(*) FROM collections"
             " WHERE lastModified IS NOT NULL GROUP BY 1"),
    Question("How many icon sets are tagged as using strokes?",
             "SELECT COUNT(*) FROM tags WHERE tag = 'Uses Stroke'"),
    Question("Which icon sets contain animations?",
             f"SELECT c.name FROM {_SET_TAGS} WHERE t.tag = 'Contains Animations'",
             column=True),
    Question("How many icon sets have never been given any tag?",
             "SELECT COUNT(*) FROM collections WHERE prefix NOT IN (SELECT prefix FROM tags)"),
    Question("How many hidden icons are there in Material Design Icons?",
             f"SELECT COUNT(*) FROM {_SET_ICONS}"
             " WHERE c.name = 'Material Design Icons' AND i.hidden = 1"),
    Question("Which icon set has the most hidden icons?",
             "SELECT c.name FROM icons i JOIN collections c ON c.prefix = i.prefix"
             " WHERE i.hidden = 1 GROUP BY c.prefix ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many icon sets have an icon called 'home'?",
             "SELECT COUNT(*) FROM icons WHERE name = 'home'"),
    Question("What is the widest icon, and in which set is it?",
             f"SELECT i.name, c.name FROM {_SET_ICONS} ORDER BY i.width DESC LIMIT 1"),
    Question("How many icons in Flag Icons are wider than they are tall?",
             f"SELECT COUNT(*) FROM {_SET_ICONS} WHERE c.name = 'Flag Icons'"
             " AND i.width > i.height"),
    Question("How many icons does Font Awesome 6 Solid have that are exactly square?",
             f"SELECT COUNT(*) FROM {_SET_ICONS} WHERE c.name = 'Font Awesome 6 Solid'"
             " AND i.width = i.height"),
    Question("How many aliases does Material Design Icons have?",
             f"SELECT COUNT(*) FROM {_SET_ALIASES} WHERE c.name = 'Material Design Icons'"),
    Question("Which 5 icon sets have the most aliases?",
             f"SELECT c.name, COUNT(*) FROM {_SET_ALIASES} GROUP BY c.prefix"
             " ORDER BY COUNT(*) DESC LIMIT 5"),
    Question("How many aliases are mirror images of their icon, flipped left to right?",
             "SELECT COUNT(*) FROM aliases WHERE hFlip = 1"),
    Question("Which icon in Material Design Icons has the most aliases?",
             f"SELECT a.parent FROM {_SET_ALIASES} WHERE c.name = 'Material Design Icons'"
             " GROUP BY a.parent ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("What icon does the alias '1password' stand for in Material Design Icons?",
             f"SELECT a.parent FROM {_SET_ALIASES} WHERE c.name = 'Material Design Icons'"
             " AND a.name = '1password'"),
    Question("How many icons of Material Design Icons are in the Home Automation category?",
             f"SELECT COUNT(*) FROM {_SET_CATEGORIES} WHERE c.name = 'Material Design Icons'"
             " AND k.category = 'Home Automation'"),
    Question("Which category of Material Design Icons has the most icons?",
             f"SELECT k.category FROM {_SET_CATEGORIES}"
             " WHERE c.name = 'Material Design Icons'"
             " GROUP BY k.category ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many icon sets sort their icons into categories?",
             "SELECT COUNT(DISTINCT prefix) FROM categories"),
    Question("Which icon sets file their icons into more than 60 categories?",
             f"SELECT c.name FROM {_SET_CATEGORIES}"
             " GROUP BY c.prefix HAVING COUNT(DISTINCT k.category) > 60", column=True),
    Question("How many icons of Material Design Icons are not in any category?",
             "SELECT COUNT(*) FROM icons i WHERE i.prefix = 'mdi' AND NOT EXISTS"
             " (SELECT 1 FROM categories k WHERE k.prefix = i.prefix AND k.icon = i.name)"),
    Question("Excluding hidden sets, how many icon sets are in the Logos category?",
             "SELECT COUNT(*) FROM collections WHERE category = 'Logos' AND hidden = 0"),
    Question("What is the average number of icons per set for each license, for licenses"
             " used by more than 10 sets?",
             "SELECT spdx, AVG(total) FROM collections GROUP BY spdx HAVING COUNT(*) > 10"),
    Question("Which Material category icon sets were made by Google?",
             "SELECT name FROM collections WHERE category = 'Material' AND author = 'Google'",
             column=True),
    *_no(
        "Which search keywords are attached to the 'home' icon of Material Design Icons?",
        "How many times has the Tabler Icons set been downloaded?",
        "Which icon set is the most popular on GitHub?",
        "What does the SVG path of the mdi 'account' icon look like?",
        "When was the 'rocket' icon first added to Phosphor?",
        "How much does a Font Awesome Pro license cost?",
        "Which icon set looks the most modern?",
        "Which icons will Lucide add in its next release?",
        "What colour is the Twitter Emoji 'grinning face' icon?",
        "Which websites use Bootstrap Icons?",
        "¿Cuántos iconos tendrá Material Symbols el año que viene?",
        "Welches Icon-Set ist am schönsten für eine Banking-App?",
    ),
]  # fmt: skip
