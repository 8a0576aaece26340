"""GitHub Linguist's languages questions (linguist.md): the forty-first held-out database.
Written from the JSON data files of the ``linguist-languages`` npm package and a look at the
built rows by a helper who never read the linker's code, before the agent was ever run on
it; every gold SQL was checked with sqlite3 alone.  A language is a row of ``languages``,
named by its ``name`` ("Python", "C++"); a language's "primary extension" is its extension
at ``position`` 1; "colour" is its ``color``."""

from __future__ import annotations

from .questions import Question

_EXTENSION = "extensions e JOIN languages l ON l.name = e.language"


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


LINGUIST = [
    Question("How many languages does Linguist know?", "SELECT COUNT(*) FROM languages"),
    Question("How many programming languages are there?",
             "SELECT COUNT(*) FROM languages WHERE type = 'programming'"),
    Question("How many languages are there of each type?",
             "SELECT type, COUNT(*) FROM languages GROUP BY type"),
    Question("Which type of language has the fewest languages?",
             "SELECT type FROM languages GROUP BY type ORDER BY COUNT(*) LIMIT 1"),
    Question("List the prose languages.",
             "SELECT name FROM languages WHERE type = 'prose'", column=True),
    Question("What colour is Python shown in?",
             "SELECT color FROM languages WHERE name = 'Python'"),
    Question("What is the language ID of Rust?",
             "SELECT languageId FROM languages WHERE name = 'Rust'"),
    Question("Which language has the highest language ID?",
             "SELECT name FROM languages ORDER BY languageId DESC LIMIT 1"),
    Question("What is the primary file extension of Haskell?",
             "SELECT extension FROM extensions WHERE language = 'Haskell' AND position = 1"),
    Question("Which languages use the .rs extension?",
             "SELECT language FROM extensions WHERE extension = '.rs'", column=True),
    Question("Which languages can a .h file be?",
             "SELECT language FROM extensions WHERE extension = '.h'", column=True),
    Question("How many file extensions does JavaScript have?",
             "SELECT COUNT(*) FROM extensions WHERE language = 'JavaScript'"),
    Question("How many extensions does C# have, and which one is its primary?",
             "SELECT COUNT(*), MAX(CASE WHEN position = 1 THEN extension END)"
             " FROM extensions WHERE language = 'C#'"),
    Question("Which language has the most file extensions?",
             "SELECT language FROM extensions GROUP BY language ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Excluding XML, which language has the most extensions?",
             "SELECT language FROM extensions WHERE language <> 'XML' GROUP BY language"
             " ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("What are the top 5 languages by number of file extensions?",
             "SELECT language, COUNT(*) FROM extensions GROUP BY language"
             " ORDER BY COUNT(*) DESC LIMIT 5"),
    Question("Which languages have more than 20 file extensions?",
             "SELECT language FROM extensions GROUP BY language HAVING COUNT(*) > 20",
             column=True),
    Question("How many languages have no file extension at all?",
             "SELECT COUNT(*) FROM languages WHERE name NOT IN"
             " (SELECT language FROM extensions)"),
    Question("Which file extension is shared by the most languages?",
             "SELECT extension FROM extensions GROUP BY extension"
             " ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many extensions belong to more than one language?",
             "SELECT COUNT(*) FROM (SELECT extension FROM extensions GROUP BY extension"
             " HAVING COUNT(*) > 1)"),
    Question("Which languages use the .inc extension?",
             "SELECT language FROM extensions WHERE extension = '.inc'", column=True),
    Question("On average, how many file extensions does a language with extensions have?",
             "SELECT AVG(n) FROM (SELECT COUNT(*) AS n FROM extensions GROUP BY language)"),
    Question("How many file extensions are there in total for each type of language?",
             f"SELECT l.type, COUNT(*) FROM {_EXTENSION} GROUP BY l.type"),
    Question("Which languages are grouped under Shell?",
             "SELECT name FROM languages WHERE \"group\" = 'Shell'", column=True),
    Question("Which language is JSON with Comments grouped under?",
             "SELECT \"group\" FROM languages WHERE name = 'JSON with Comments'"),
    Question("How many languages belong to a group?",
             "SELECT COUNT(*) FROM languages WHERE \"group\" IS NOT NULL"),
    Question("Which parent language has the most languages grouped under it?",
             "SELECT \"group\" FROM languages WHERE \"group\" IS NOT NULL GROUP BY \"group\""
             " ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which interpreters run Python scripts?",
             "SELECT interpreter FROM interpreters WHERE language = 'Python'", column=True),
    Question("A script starts with #!/usr/bin/env node. Which language is it?",
             "SELECT language FROM interpreters WHERE interpreter = 'node'"),
    Question("Which languages share the perl interpreter?",
             "SELECT language FROM interpreters WHERE interpreter = 'perl'", column=True),
    Question("How many languages have at least one interpreter?",
             "SELECT COUNT(DISTINCT language) FROM interpreters"),
    Question("How many programming languages never have an interpreter listed?",
             "SELECT COUNT(*) FROM languages WHERE type = 'programming'"
             " AND name NOT IN (SELECT language FROM interpreters)"),
    Question("Which 3 languages have the most interpreters?",
             "SELECT language, COUNT(*) FROM interpreters GROUP BY language"
             " ORDER BY COUNT(*) DESC LIMIT 3"),
    Question("What aliases does C++ have?",
             "SELECT alias FROM aliases WHERE language = 'C++'", column=True),
    Question("Which language is also called pandoc?",
             "SELECT language FROM aliases WHERE alias = 'pandoc'"),
    Question("What language is a file named Dockerfile?",
             "SELECT language FROM filenames WHERE filename = 'Dockerfile'"),
    Question("How many file names are associated with Ruby?",
             "SELECT COUNT(*) FROM filenames WHERE language = 'Ruby'"),
    Question("Which language has the most associated file names?",
             "SELECT language FROM filenames GROUP BY language ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which programming languages have neither a file extension nor a file name?",
             "SELECT name FROM languages WHERE type = 'programming'"
             " AND name NOT IN (SELECT language FROM extensions)"
             " AND name NOT IN (SELECT language FROM filenames)", column=True),
    Question("How many markup languages wrap their lines?",
             "SELECT COUNT(*) FROM languages WHERE type = 'markup' AND wrap = 1"),
    Question("How many languages have no colour?",
             "SELECT COUNT(*) FROM languages WHERE color IS NULL"),
    Question("Which prose languages have no colour?",
             "SELECT name FROM languages WHERE type = 'prose' AND color IS NULL", column=True),
    Question("How many data languages have a colour?",
             "SELECT COUNT(*) FROM languages WHERE type = 'data' AND color IS NOT NULL"),
    Question("How many languages have no TextMate grammar?",
             "SELECT COUNT(*) FROM languages WHERE tmScope = 'none'"),
    Question("What is the TextMate scope of Markdown?",
             "SELECT tmScope FROM languages WHERE name = 'Markdown'"),
    Question("Apart from text, which Ace mode is used by the most languages?",
             "SELECT aceMode FROM languages WHERE aceMode <> 'text' GROUP BY aceMode"
             " ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many languages are highlighted with CodeMirror's clike mode?",
             "SELECT COUNT(*) FROM languages WHERE codemirrorMode = 'clike'"),
    Question("What CodeMirror MIME type does Go use?",
             "SELECT codemirrorMimeType FROM languages WHERE name = 'Go'"),
    *_no(
        "Who created the Rust programming language?",
        "In which year was Haskell first released?",
        "How many GitHub repositories are written in Python?",
        "What is the latest stable version of Go?",
        "Which programming language is the easiest to learn?",
        "How many developers use JavaScript worldwide?",
        "Which language will be the most popular in 2030?",
        "Which license is the Rust compiler released under?",
        "Who maintains the Markdown specification?",
        "Write a hello world program in COBOL.",
        "¿Quién inventó el lenguaje de programación Python?",
        "Welche Programmiersprache ist am ältesten?",
    ),
]  # fmt: skip
