"""Google Fonts questions (googlefonts.md): the forty-third held-out database.  Written from
the ``google-fonts.json`` of the ``google-fonts-complete`` npm package and a look at the
built rows by a helper who never read the linker's code, before the agent was ever run on
it; every gold SQL was checked with sqlite3 alone.  A font is a row of ``fonts``, named by
its ``family`` ("Roboto", "Open Sans"); a "variant" is a style at a weight, a row of
``variants``; "regular" is the normal style at weight 400; a font "supports" a script when
``subsets`` lists it for the font."""

from __future__ import annotations

from .questions import Question

_SUBSET = "subsets s JOIN fonts f ON f.family = s.family"
_VARIANT = "variants v JOIN fonts f ON f.family = v.family"
_COUNTS = "(SELECT family, COUNT(*) AS n FROM variants GROUP BY family)"


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


GOOGLEFONTS = [
    Question("How many font families does Google Fonts have?", "SELECT COUNT(*) FROM fonts"),
    Question("How many serif fonts are there?",
             "SELECT COUNT(*) FROM fonts WHERE category = 'serif'"),
    Question("How many fonts are there in each category?",
             "SELECT category, COUNT(*) FROM fonts GROUP BY category"),
    Question("Which category has the most fonts?",
             "SELECT category FROM fonts GROUP BY category ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("List the monospace fonts.",
             "SELECT family FROM fonts WHERE category = 'monospace'", column=True),
    Question("What category is Lobster in?",
             "SELECT category FROM fonts WHERE family = 'Lobster'"),
    Question("When was Roboto last modified?",
             "SELECT lastModified FROM fonts WHERE family = 'Roboto'"),
    Question("What version is Open Sans at?",
             "SELECT version FROM fonts WHERE family = 'Open Sans'"),
    Question("How many fonts were last modified in 2022?",
             "SELECT COUNT(*) FROM fonts WHERE lastModified LIKE '2022-%'"),
    Question("How many fonts were last updated in each year?",
             "SELECT substr(lastModified, 1, 4), COUNT(*) FROM fonts"
             " WHERE lastModified IS NOT NULL GROUP BY substr(lastModified, 1, 4)"),
    Question("In which month were the most fonts last modified?",
             "SELECT substr(lastModified, 1, 7) FROM fonts WHERE lastModified IS NOT NULL"
             " GROUP BY substr(lastModified, 1, 7) ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which fonts were updated most recently?",
             "SELECT family FROM fonts WHERE lastModified = (SELECT MAX(lastModified) FROM fonts)",
             column=True),
    Question("How many fonts have been updated since July 2023?",
             "SELECT COUNT(*) FROM fonts WHERE lastModified >= '2023-07-01'"),
    Question("How many handwriting fonts were last modified in 2023?",
             "SELECT COUNT(*) FROM fonts WHERE category = 'handwriting'"
             " AND lastModified LIKE '2023-%'"),
    Question("Excluding the Material icon fonts, which font has the highest version number?",
             "SELECT family FROM fonts WHERE family NOT LIKE 'Material%'"
             " ORDER BY CAST(substr(version, 2) AS INTEGER) DESC LIMIT 1"),
    Question("How many Noto fonts are there?",
             "SELECT COUNT(*) FROM fonts WHERE family LIKE 'Noto%'"),
    Question("How many variants does Roboto come in?",
             "SELECT COUNT(*) FROM variants WHERE family = 'Roboto'"),
    Question("Which weights is Montserrat available in without italics?",
             "SELECT weight FROM variants WHERE family = 'Montserrat' AND style = 'normal'",
             column=True),
    Question("How many italic variants does Lato have?",
             "SELECT COUNT(*) FROM variants WHERE family = 'Lato' AND style = 'italic'"),
    Question("How many fonts have an italic style?",
             "SELECT COUNT(DISTINCT family) FROM variants WHERE style = 'italic'"),
    Question("How many sans-serif fonts never come in italic?",
             "SELECT COUNT(*) FROM fonts WHERE category = 'sans-serif'"
             " AND family NOT IN (SELECT family FROM variants WHERE style = 'italic')"),
    Question("How many fonts come in only one variant?",
             f"SELECT COUNT(*) FROM {_COUNTS} WHERE n = 1"),
    Question("How many fonts come in every weight from 100 to 900, both upright and italic?",
             f"SELECT COUNT(*) FROM {_COUNTS} WHERE n = 18"),
    Question("How many fonts have a thin (100) weight?",
             "SELECT COUNT(DISTINCT family) FROM variants WHERE weight = 100"),
    Question("Which fonts have no regular style?",
             "SELECT family FROM fonts WHERE family NOT IN"
             " (SELECT family FROM variants WHERE style = 'normal' AND weight = 400)",
             column=True),
    Question("What is the average number of variants per font?",
             f"SELECT AVG(n) FROM {_COUNTS}"),
    Question("Which category has the highest average number of variants per font?",
             f"SELECT f.category FROM fonts f JOIN {_COUNTS} c ON c.family = f.family"
             " GROUP BY f.category ORDER BY AVG(c.n) DESC LIMIT 1"),
    Question("How many variants are there of each style?",
             "SELECT style, COUNT(*) FROM variants GROUP BY style"),
    Question("Apart from 400, which weight do the most variants have?",
             "SELECT weight FROM variants WHERE weight <> 400 GROUP BY weight"
             " ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which monospace fonts have an italic?",
             f"SELECT DISTINCT f.family FROM {_VARIANT} WHERE f.category = 'monospace'"
             " AND v.style = 'italic'", column=True),
    Question("Which display fonts come in more than 10 variants?",
             f"SELECT f.family FROM {_VARIANT} WHERE f.category = 'display'"
             " GROUP BY f.family HAVING COUNT(*) > 10", column=True),
    Question("How many fonts support Cyrillic?",
             "SELECT COUNT(*) FROM subsets WHERE subset = 'cyrillic'"),
    Question("How many fonts support both Greek and Cyrillic?",
             "SELECT COUNT(*) FROM subsets WHERE subset = 'greek' AND family IN"
             " (SELECT family FROM subsets WHERE subset = 'cyrillic')"),
    Question("How many different subsets are there?",
             "SELECT COUNT(DISTINCT subset) FROM subsets"),
    Question("What are the top 5 subsets by number of fonts?",
             "SELECT subset FROM subsets GROUP BY subset ORDER BY COUNT(*) DESC LIMIT 5",
             column=True),
    Question("Excluding latin and latin-ext, which subset do the most fonts support?",
             "SELECT subset FROM subsets WHERE subset NOT IN ('latin', 'latin-ext')"
             " GROUP BY subset ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which fonts do not support Latin?",
             "SELECT family FROM fonts WHERE family NOT IN"
             " (SELECT family FROM subsets WHERE subset = 'latin')", column=True),
    Question("Which subsets does Noto Sans JP cover?",
             "SELECT subset FROM subsets WHERE family = 'Noto Sans JP'", column=True),
    Question("Which fonts support the most subsets?",
             "SELECT family FROM subsets GROUP BY family HAVING COUNT(*) ="
             " (SELECT MAX(n) FROM (SELECT COUNT(*) AS n FROM subsets GROUP BY family))",
             column=True),
    Question("What is the average number of subsets a font supports?",
             "SELECT AVG(n) FROM (SELECT COUNT(*) AS n FROM subsets GROUP BY family)"),
    Question("How many serif fonts support Vietnamese?",
             f"SELECT COUNT(*) FROM {_SUBSET} WHERE f.category = 'serif'"
             " AND s.subset = 'vietnamese'"),
    Question("For each category, how many fonts support Arabic?",
             f"SELECT f.category, COUNT(*) FROM {_SUBSET} WHERE s.subset = 'arabic'"
             " GROUP BY f.category"),
    Question("Which category has the most fonts supporting Korean?",
             f"SELECT f.category FROM {_SUBSET} WHERE s.subset = 'korean'"
             " GROUP BY f.category ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which Devanagari fonts are serif?",
             f"SELECT f.family FROM {_SUBSET} WHERE s.subset = 'devanagari'"
             " AND f.category = 'serif'", column=True),
    Question("Which subsets are supported by only one font?",
             "SELECT subset FROM subsets GROUP BY subset HAVING COUNT(*) = 1", column=True),
    *_no(
        "Who designed Roboto?",
        "Which foundry made Lato?",
        "How many times has Open Sans been downloaded?",
        "Which license is Montserrat released under?",
        "When was Poppins first added to Google Fonts?",
        "How many glyphs does Inter contain?",
        "Which font is the most beautiful for a wedding invitation?",
        "What will the next version of Roboto change?",
        "Which websites use Playfair Display?",
        "Summarize the designer's description of Merriweather.",
        "¿Quién diseñó la fuente Pacifico?",
        "Wie oft wurde die Schriftart Lobster heruntergeladen?",
    ),
]  # fmt: skip
