"""MDN browser compatibility questions (browsercompat.md): the forty-second held-out database.
Written from the ``data.json`` of the ``@mdn/browser-compat-data`` npm package and a look at
the built rows by a helper who never read the linker's code, before the agent was ever run on
it; every gold SQL was checked with sqlite3 alone.  A browser is a row of ``browsers``, named
by its ``name`` ("Safari on iOS") and keyed by its ``id``; a feature is named by its dotted
``path`` ("api.AbortController"); whether a browser supports a feature is its ``support`` row
with ``statement`` 1 ("false" as ``version_added``: it does not)."""

from __future__ import annotations

from .questions import Question

_MAIN = "support s JOIN browsers b ON b.id = s.browser"
_NOT_SUPPORTED = "s.statement = 1 AND s.version_added = 'false'"


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


BROWSERCOMPAT = [
    Question("How many browsers and runtimes does the compatibility data track?",
             "SELECT COUNT(*) FROM browsers"),
    Question("How many features are there in total?", "SELECT COUNT(*) FROM features"),
    Question("How many features are there in each category?",
             "SELECT category, COUNT(*) FROM features GROUP BY category"),
    Question("Which category has the fewest features?",
             "SELECT category FROM features GROUP BY category ORDER BY COUNT(*) LIMIT 1"),
    Question("List the server-side JavaScript runtimes.",
             "SELECT name FROM browsers WHERE type = 'server'", column=True),
    Question("How many browsers are there of each type?",
             "SELECT type, COUNT(*) FROM browsers GROUP BY type"),
    Question("Which browsers are derived from Chrome?",
             "SELECT name FROM browsers WHERE upstream = 'chrome'", column=True),
    Question("Which browsers can run WebExtensions?",
             "SELECT name FROM browsers WHERE accepts_webextensions = 1", column=True),
    Question("What is Safari's preview build called?",
             "SELECT preview_name FROM browsers WHERE id = 'safari'"),
    Question("How many releases of Firefox are there?",
             "SELECT COUNT(*) FROM releases WHERE browser = 'firefox'"),
    Question("Which browser has the fewest releases?",
             "SELECT b.name FROM releases r JOIN browsers b ON b.id = r.browser"
             " GROUP BY b.id ORDER BY COUNT(*) LIMIT 1"),
    Question("Which browsers have more than 150 releases?",
             "SELECT b.name FROM releases r JOIN browsers b ON b.id = r.browser"
             " GROUP BY b.id HAVING COUNT(*) > 150", column=True),
    Question("On average, how many releases does a browser have?",
             "SELECT AVG(n) FROM (SELECT COUNT(*) AS n FROM releases GROUP BY browser)"),
    Question("When was Chrome 100 released?",
             "SELECT release_date FROM releases WHERE browser = 'chrome' AND version = '100'"),
    Question("Which version of Firefox is the current one?",
             "SELECT version FROM releases WHERE browser = 'firefox' AND status = 'current'"),
    Question("Which Firefox version is the extended support release?",
             "SELECT version FROM releases WHERE browser = 'firefox' AND status = 'esr'"),
    Question("When was the first Safari version released?",
             "SELECT MIN(release_date) FROM releases WHERE browser = 'safari'"),
    Question("How many Chrome versions were released in 2023?",
             "SELECT COUNT(*) FROM releases WHERE browser = 'chrome'"
             " AND release_date LIKE '2023-%'"),
    Question("Which browser had the most releases in 2024?",
             "SELECT b.name FROM releases r JOIN browsers b ON b.id = r.browser"
             " WHERE r.release_date LIKE '2024-%' GROUP BY b.id ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which rendering engine did Opera use before it switched to Blink?",
             "SELECT DISTINCT engine FROM releases WHERE browser = 'opera'"
             " AND engine <> 'Blink'"),
    Question("Which WebKit version did Safari 17 ship with?",
             "SELECT engine_version FROM releases WHERE browser = 'safari' AND version = '17'"),
    Question("How many releases were there of each engine?",
             "SELECT engine, COUNT(*) FROM releases WHERE engine IS NOT NULL GROUP BY engine"),
    Question("In which version of Chrome was AbortController added?",
             "SELECT version_added FROM support WHERE feature = 'api.AbortController'"
             " AND browser = 'chrome' AND statement = 1"),
    Question("When was the Chrome version that added AbortController released?",
             "SELECT r.release_date FROM support s JOIN releases r ON r.browser = s.browser"
             " AND r.version = s.version_added WHERE s.feature = 'api.AbortController'"
             " AND s.browser = 'chrome' AND s.statement = 1"),
    Question("Which browsers do not support the Web Bluetooth API (api.Bluetooth)?",
             f"SELECT b.name FROM {_MAIN} WHERE s.feature = 'api.Bluetooth'"
             f" AND {_NOT_SUPPORTED}", column=True),
    Question("How many features does Internet Explorer not support?",
             "SELECT COUNT(*) FROM support WHERE browser = 'ie' AND statement = 1"
             " AND version_added = 'false'"),
    Question("Excluding Internet Explorer, which browser lacks support for the most features?",
             f"SELECT b.name FROM {_MAIN} WHERE {_NOT_SUPPORTED} AND b.id <> 'ie'"
             " GROUP BY b.id ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many JavaScript features has Node.js never supported?",
             "SELECT COUNT(*) FROM support s JOIN features f ON f.path = s.feature"
             " WHERE f.category = 'javascript' AND s.browser = 'nodejs' AND s.statement = 1"
             " AND s.version_added = 'false'"),
    Question("How many features were added in Chrome 120?",
             "SELECT COUNT(*) FROM support WHERE browser = 'chrome' AND statement = 1"
             " AND version_added = '120'"),
    Question("Excluding version 1, which Chrome version added the most features?",
             "SELECT version_added FROM support WHERE browser = 'chrome' AND statement = 1"
             " AND version_added NOT IN ('1', 'false') GROUP BY version_added"
             " ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many features does Safari implement only partially?",
             "SELECT COUNT(*) FROM support WHERE browser = 'safari' AND statement = 1"
             " AND partial_implementation = 1"),
    Question("Which browser has the most features available only behind a flag?",
             f"SELECT b.name FROM {_MAIN} WHERE s.statement = 1 AND s.flags IS NOT NULL"
             " GROUP BY b.id ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which browsers needed a prefix for the CSS backdrop-filter property?",
             "SELECT DISTINCT b.name FROM support s JOIN browsers b ON b.id = s.browser"
             " WHERE s.feature = 'css.properties.backdrop-filter' AND s.prefix IS NOT NULL",
             column=True),
    Question("How many features has Firefox removed support for at some point?",
             "SELECT COUNT(DISTINCT feature) FROM support WHERE browser = 'firefox'"
             " AND version_removed IS NOT NULL"),
    Question("Which vendor prefix appears in the most support statements?",
             "SELECT prefix FROM support WHERE prefix IS NOT NULL GROUP BY prefix"
             " ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many features are deprecated?",
             "SELECT COUNT(*) FROM features WHERE deprecated = 1"),
    Question("How many CSS features are experimental?",
             "SELECT COUNT(*) FROM features WHERE category = 'css' AND experimental = 1"),
    Question("How many deprecated features are there in each category?",
             "SELECT category, COUNT(*) FROM features WHERE deprecated = 1"
             " GROUP BY category"),
    Question("How many features have no specification?",
             "SELECT COUNT(*) FROM features WHERE spec_url IS NULL"),
    Question("Which HTML elements are deprecated?",
             "SELECT name FROM features WHERE path LIKE 'html.elements.%'"
             " AND path NOT LIKE 'html.elements.%.%' AND deprecated = 1", column=True),
    Question("How many HTML elements are there?",
             "SELECT COUNT(*) FROM features WHERE path LIKE 'html.elements.%'"
             " AND path NOT LIKE 'html.elements.%.%'"),
    Question("What is the MDN page of the fetch function?",
             "SELECT mdn_url FROM features WHERE path = 'api.fetch'"),
    Question("Where is the CSS grid property specified?",
             "SELECT spec_url FROM features WHERE path = 'css.properties.grid'"),
    Question("Which web-features tag is on the most features?",
             "SELECT tag FROM feature_tags GROUP BY tag ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("What are the top 5 web-features tags by number of features?",
             "SELECT tag, COUNT(*) FROM feature_tags GROUP BY tag"
             " ORDER BY COUNT(*) DESC LIMIT 5"),
    Question("How many features are tagged web-features:webgpu?",
             "SELECT COUNT(*) FROM feature_tags WHERE tag = 'web-features:webgpu'"),
    Question("How many features have no tag?",
             "SELECT COUNT(*) FROM features WHERE path NOT IN (SELECT feature FROM feature_tags)"),
    Question("Which tags does AbortController have?",
             "SELECT tag FROM feature_tags WHERE feature = 'api.AbortController'", column=True),
    *_no(
        "What share of users browse the web with Safari?",
        "How many open bugs does Firefox have for CSS grid?",
        "Which browser renders pages the fastest?",
        "When will Chrome support every experimental feature?",
        "Which version of Safari will be released in 2030?",
        "How much does it cost to license the Blink engine?",
        "Who wrote the specification of the fetch API?",
        "How many websites use the CSS grid property?",
        "Which browser is the best for web developers?",
        "Summarize in a paragraph why Internet Explorer was retired.",
        "¿Qué navegador consume menos batería en un portátil?",
        "Welche Browser unterstützen WebGPU am besten?",
    ),
]  # fmt: skip
