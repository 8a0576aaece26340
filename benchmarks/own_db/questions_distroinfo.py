"""Debian's and Ubuntu's releases' questions (distroinfo.md): the twenty-first held-out
database.  Written from distro-info-data's two CSV files and a look at the built rows by a
helper who never read the linker's code, before the agent was ever run on it; every gold SQL
was checked with sqlite3 alone.  Dates are the files' ISO days; "supported until" is the
release's ``eol`` (end of life) unless the question names LTS, ESM or ELTS."""

from __future__ import annotations

from .questions import Question


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


_LTS = "ubuntu WHERE version LIKE '%LTS'"

DISTROINFO = [
    Question("How many Debian releases are there?", "SELECT COUNT(*) FROM debian"),
    Question("How many Ubuntu releases are there?", "SELECT COUNT(*) FROM ubuntu"),
    Question("How many Ubuntu LTS releases are there?", f"SELECT COUNT(*) FROM {_LTS}"),
    Question("When was Debian Bookworm released?",
             "SELECT release FROM debian WHERE codename = 'Bookworm'"),
    Question("What is the code name of Debian 10?",
             "SELECT codename FROM debian WHERE version = 10"),
    Question("What is the version number of Ubuntu Jammy Jellyfish?",
             "SELECT version FROM ubuntu WHERE codename = 'Jammy Jellyfish'"),
    Question("When does Ubuntu Noble Numbat reach end of life?",
             "SELECT eol FROM ubuntu WHERE codename = 'Noble Numbat'"),
    Question("When does extended security maintenance (ESM) end for Ubuntu 20.04 LTS?",
             """SELECT "eol-esm" FROM ubuntu WHERE version = '20.04 LTS'"""),
    Question("When does long-term support (LTS) end for Debian Stretch?",
             """SELECT "eol-lts" FROM debian WHERE codename = 'Stretch'"""),
    Question("When did development of Debian Woody start?",
             "SELECT created FROM debian WHERE codename = 'Woody'"),
    Question("Which was the first Ubuntu release?",
             "SELECT codename FROM ubuntu ORDER BY release LIMIT 1"),
    Question("Which Debian release was released most recently?",
             "SELECT codename FROM debian WHERE release IS NOT NULL ORDER BY release DESC LIMIT 1"),
    Question("How many Ubuntu releases came out in 2010?",
             "SELECT COUNT(*) FROM ubuntu WHERE release LIKE '2010-%'"),
    Question("How many Debian releases came out before 2000?",
             "SELECT COUNT(*) FROM debian WHERE release < '2000-01-01'"),
    Question("List the code names of the Ubuntu LTS releases.",
             f"SELECT codename FROM {_LTS} ORDER BY release", column=True),
    Question("List the Debian releases that came out, with their release dates.",
             "SELECT codename, release FROM debian WHERE release IS NOT NULL ORDER BY release",
             column=True),
    Question("Which Ubuntu releases came out in 2016?",
             "SELECT codename FROM ubuntu WHERE release LIKE '2016-%' ORDER BY release",
             column=True),
    Question("How many Ubuntu releases came out in each year?",
             "SELECT substr(release, 1, 4) AS year, COUNT(*) FROM ubuntu "
             "GROUP BY year ORDER BY year", column=True),
    Question("Which Debian releases have an extended long-term support (ELTS) end date?",
             """SELECT codename FROM debian WHERE "eol-elts" IS NOT NULL ORDER BY release""",
             column=True),
    Question("Which Debian releases were never given a release date?",
             "SELECT codename FROM debian WHERE release IS NULL ORDER BY created, codename",
             column=True),
    Question("Which Ubuntu release had the longest support, from release to end of life?",
             "SELECT codename FROM ubuntu "
             "ORDER BY julianday(eol) - julianday(release) DESC LIMIT 1"),
    Question("Which Debian release took the longest from the start of development to its "
             "release?",
             "SELECT codename FROM debian WHERE release IS NOT NULL "
             "ORDER BY julianday(release) - julianday(created) DESC LIMIT 1"),
    Question("On average, how many days did an Ubuntu release's regular support last?",
             "SELECT AVG(julianday(eol) - julianday(release)) FROM ubuntu"),
    Question("On average, how many days of regular support did an Ubuntu LTS release get?",
             f"SELECT AVG(julianday(eol) - julianday(release)) FROM {_LTS}"),
    Question("How many days was Debian Jessie supported before its end of life?",
             "SELECT julianday(eol) - julianday(release) FROM debian WHERE codename = 'Jessie'"),
    Question("How many Ubuntu releases reached end of life in 2014?",
             "SELECT COUNT(*) FROM ubuntu WHERE eol LIKE '2014-%'"),
    Question("Which Ubuntu releases have a legacy support end date?",
             """SELECT codename FROM ubuntu WHERE "eol-legacy" IS NOT NULL ORDER BY release""",
             column=True),
    Question("How many Ubuntu releases are not LTS releases?",
             "SELECT COUNT(*) FROM ubuntu WHERE version NOT LIKE '%LTS'"),
    Question("Excluding LTS releases, how many days on average was an Ubuntu release "
             "supported?",
             "SELECT AVG(julianday(eol) - julianday(release)) FROM ubuntu "
             "WHERE version NOT LIKE '%LTS'"),
    Question("Which Debian releases were supported for more than 3 years (1095 days)?",
             "SELECT codename FROM debian "
             "WHERE julianday(eol) - julianday(release) > 1095 ORDER BY release", column=True),
    Question("What is the series name of Ubuntu 18.04 LTS?",
             "SELECT series FROM ubuntu WHERE version = '18.04 LTS'"),
    Question("Which Ubuntu release has the series name 'focal'?",
             "SELECT codename FROM ubuntu WHERE series = 'focal'"),
    Question("When was the first Ubuntu LTS release released?",
             f"SELECT MIN(release) FROM {_LTS}"),
    Question("Which Ubuntu release came out right after Trusty Tahr?",
             "SELECT codename FROM ubuntu WHERE release > "
             "(SELECT release FROM ubuntu WHERE codename = 'Trusty Tahr') "
             "ORDER BY release LIMIT 1"),
    Question("Which was the first Debian release to come out after Ubuntu's first release?",
             "SELECT codename FROM debian WHERE release > (SELECT MIN(release) FROM ubuntu) "
             "ORDER BY release LIMIT 1"),
    Question("Which Debian release was the newest stable release when Ubuntu 10.04 LTS came "
             "out?",
             "SELECT d.codename FROM debian d, ubuntu u WHERE u.version = '10.04 LTS' "
             "AND d.release <= u.release ORDER BY d.release DESC LIMIT 1"),
    Question("How many Ubuntu releases came out while Debian Squeeze was supported?",
             "SELECT COUNT(*) FROM ubuntu u, debian d WHERE d.codename = 'Squeeze' "
             "AND u.release BETWEEN d.release AND d.eol"),
    Question("In which years did both Debian and Ubuntu release a new version?",
             "SELECT DISTINCT substr(d.release, 1, 4) AS year FROM debian d "
             "JOIN ubuntu u ON substr(u.release, 1, 4) = substr(d.release, 1, 4) ORDER BY year",
             column=True),
    Question("How many Debian releases reached end of life between 2010 and 2020?",
             "SELECT COUNT(*) FROM debian WHERE eol BETWEEN '2010-01-01' AND '2020-12-31'"),
    Question("Which Ubuntu LTS release has the latest ESM end date?",
             """SELECT codename FROM ubuntu WHERE "eol-esm" IS NOT NULL """
             """ORDER BY "eol-esm" DESC LIMIT 1"""),
    Question("When does server support end for Ubuntu Precise Pangolin?",
             """SELECT "eol-server" FROM ubuntu WHERE codename = 'Precise Pangolin'"""),
    *_no(
        "How many people downloaded Ubuntu 22.04 LTS?",
        "Which Debian release had the most packages?",
        "Which Linux kernel version does Debian Bookworm ship?",
        "Who was the Debian project leader when Etch was released?",
        "What will the code name of Ubuntu 30.04 be?",
        "When will Debian 20 be released?",
        "What was the weather in London on the day Ubuntu Warty Warthog came out?",
        "Which Ubuntu release has the best desktop theme?",
        "Write a release announcement for Debian Trixie.",
        "How much disk space does an Ubuntu 24.04 LTS installation need?",
        "¿Cuándo se publicó Debian Bullseye?",
        "Welche Ubuntu-Version hat die meisten Fehler?",
    ),
]  # fmt: skip
