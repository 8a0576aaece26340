"""Anime titles' questions (bangumi.md): a held-out database chosen from npm's data packages.
Written from the dist/data.json of npm's bangumi-data 0.3.208 and a look at the built rows
by a helper who never read the linker's code, before the agent was ever run on it; every
gold SQL was checked with sqlite3 alone.  A title is asked by its original title as the data
writes it (``初恋モンスター``) or by its English title (``Spirited Away``), a site by the
name a viewer knows it by (Netflix, bilibili, MyAnimeList).  A year is asked only where
counting it in UTC (as the data stores times) or in Japan's time gives the same answer."""

from __future__ import annotations

from .questions import Question


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


_LISTING = "sites s JOIN siteMeta m ON m.site = s.site"
_EN = "items i JOIN titleTranslate t ON t.item = i.id"
BANGUMI: list[Question] = [
    Question("How many anime titles are there?", "SELECT COUNT(*) FROM items"),
    Question("How many anime films are there?", "SELECT COUNT(*) FROM items WHERE type = 'movie'"),
    Question(
        "How many titles of each type are there?",
        "SELECT type, COUNT(*) FROM items GROUP BY type ORDER BY COUNT(*) DESC",
    ),
    Question(
        "How many TV series began airing in 2023?",
        "SELECT COUNT(*) FROM items WHERE type = 'tv' AND begin LIKE '2023%'",
    ),
    Question(
        "How many OVAs came out in the 1990s?",
        "SELECT COUNT(*) FROM items WHERE type = 'ova' AND begin >= '1990' AND begin < '2000'",
    ),
    Question(
        "How many anime films were released between 2010 and 2019?",
        "SELECT COUNT(*) FROM items WHERE type = 'movie' AND begin >= '2010' AND begin < '2020'",
    ),
    Question(
        "Which is the oldest title in the database?",
        "SELECT title, begin FROM items ORDER BY begin LIMIT 1",
    ),
    Question(
        "How many titles were originally made in Chinese?",
        "SELECT COUNT(*) FROM items WHERE lang = 'zh-Hans'",
    ),
    Question(
        "List the titles whose original language is English.",
        "SELECT title FROM items WHERE lang = 'en' ORDER BY title",
        column=True,
    ),
    Question(
        "How many titles have no official website?",
        "SELECT COUNT(*) FROM items WHERE officialSite IS NULL",
    ),
    Question(
        "How many TV series have no end date yet?",
        "SELECT COUNT(*) FROM items WHERE type = 'tv' AND end IS NULL",
    ),
    Question(
        "Which TV series that started before 2000 are still airing?",
        "SELECT title FROM items WHERE type = 'tv' AND end IS NULL AND begin < '2000'"
        " ORDER BY begin",
        column=True,
    ),
    Question(
        "Which finished TV series ran the longest, from its first to its last episode?",
        "SELECT title, julianday(end) - julianday(begin) FROM items"
        " WHERE type = 'tv' AND end IS NOT NULL ORDER BY 2 DESC LIMIT 1",
    ),
    Question(
        "How many streaming and broadcast sites are there?",
        "SELECT COUNT(*) FROM siteMeta WHERE type = 'onair'",
    ),
    Question(
        "List the download sites.",
        "SELECT site FROM siteMeta WHERE type = 'resource' ORDER BY site",
        column=True,
    ),
    Question(
        "How many titles are on Netflix?", "SELECT COUNT(*) FROM sites WHERE site = 'netflix'"
    ),
    Question(
        "Which streaming site has the most anime?",
        f"SELECT s.site, COUNT(*) FROM {_LISTING} WHERE m.type = 'onair' GROUP BY s.site"
        " ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question(
        "What are the top 5 streaming sites by number of titles?",
        f"SELECT s.site FROM {_LISTING} WHERE m.type = 'onair' GROUP BY s.site"
        " ORDER BY COUNT(*) DESC LIMIT 5",
        column=True,
    ),
    Question(
        "How many titles are on both Netflix and Crunchyroll?",
        "SELECT COUNT(*) FROM sites a JOIN sites b ON b.item = a.item"
        " WHERE a.site = 'netflix' AND b.site = 'crunchyroll'",
    ),
    Question(
        "How many titles are on bilibili but not on iQIYI?",
        "SELECT COUNT(*) FROM sites a WHERE a.site = 'bilibili' AND NOT EXISTS"
        " (SELECT 1 FROM sites b WHERE b.item = a.item AND b.site = 'iqiyi')",
    ),
    Question(
        "How many sites are limited to regions that include Taiwan?",
        "SELECT COUNT(*) FROM regions WHERE region = 'TW'",
    ),
    Question(
        "Which sites are limited to mainland China?",
        "SELECT site FROM regions WHERE region = 'CN' ORDER BY site",
        column=True,
    ),
    Question(
        "Of the sites limited to some regions, which one covers the most countries and regions?",
        "SELECT site, COUNT(*) FROM regions GROUP BY site ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question(
        "In which countries can you watch anime on Viu?",
        "SELECT region FROM regions WHERE site = 'viu' ORDER BY region",
        column=True,
    ),
    Question(
        "Which streaming sites have no regional restriction?",
        "SELECT m.site FROM siteMeta m WHERE m.type = 'onair' AND NOT EXISTS"
        " (SELECT 1 FROM regions r WHERE r.site = m.site) ORDER BY m.site",
        column=True,
    ),
    Question(
        "What is the MyAnimeList id of 初恋モンスター?",
        "SELECT s.id FROM sites s JOIN items i ON i.id = s.item"
        " WHERE i.title = '初恋モンスター' AND s.site = 'mal'",
    ),
    Question(
        "In which month and year did 初恋モンスター start streaming on bilibili?",
        "SELECT substr(s.begin, 1, 7) FROM sites s JOIN items i ON i.id = s.item"
        " WHERE i.title = '初恋モンスター' AND s.site = 'bilibili'",
    ),
    Question(
        "In what year was Spirited Away released?",
        f"SELECT substr(i.begin, 1, 4) FROM {_EN} WHERE t.lang = 'en'"
        " AND t.title = 'Spirited Away'",
    ),
    Question(
        "What are the English titles of 葬送のフリーレン?",
        f"SELECT t.title FROM {_EN} WHERE i.title = '葬送のフリーレン' AND t.lang = 'en'"
        " ORDER BY t.title",
        column=True,
    ),
    Question(
        "On which streaming sites can I watch Your Name.?",
        f"SELECT s.site FROM {_EN} JOIN sites s ON s.item = i.id JOIN siteMeta m"
        " ON m.site = s.site WHERE t.lang = 'en' AND t.title = 'Your Name.'"
        " AND m.type = 'onair' ORDER BY s.site",
        column=True,
    ),
    Question(
        "How many titles have an English title?",
        "SELECT COUNT(DISTINCT item) FROM titleTranslate WHERE lang = 'en'",
    ),
    Question(
        "Which title has the most translated titles?",
        "SELECT i.title, COUNT(*) FROM items i JOIN titleTranslate t ON t.item = i.id"
        " GROUP BY i.id ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question(
        "How many titles have more than three simplified Chinese titles?",
        "SELECT COUNT(*) FROM (SELECT item FROM titleTranslate WHERE lang = 'zh-Hans'"
        " GROUP BY item HAVING COUNT(*) > 3)",
    ),
    Question(
        "How many titles have no translated title at all?",
        "SELECT COUNT(*) FROM items i WHERE NOT EXISTS"
        " (SELECT 1 FROM titleTranslate t WHERE t.item = i.id)",
    ),
    Question(
        "How many titles were never on any streaming or broadcast site?",
        "SELECT COUNT(*) FROM items i WHERE NOT EXISTS (SELECT 1 FROM sites s"
        " JOIN siteMeta m ON m.site = s.site WHERE s.item = i.id AND m.type = 'onair')",
    ),
    Question(
        "On average, how many sites is a title listed on?",
        "SELECT AVG(n) FROM (SELECT COUNT(s.item) AS n FROM items i"
        " LEFT JOIN sites s ON s.item = i.id GROUP BY i.id)",
    ),
    Question(
        "Which titles are listed on the most sites?",
        "SELECT i.title FROM items i JOIN sites s ON s.item = i.id GROUP BY i.id"
        " HAVING COUNT(*) = (SELECT MAX(n) FROM (SELECT COUNT(*) AS n FROM sites"
        " GROUP BY item)) ORDER BY i.title",
        column=True,
    ),
    Question(
        "Which titles are on YouTube?",
        "SELECT i.title FROM sites s JOIN items i ON i.id = s.item WHERE s.site = 'youtube'"
        " ORDER BY i.title",
        column=True,
    ),
    Question(
        "How many titles are on AniDB but not on MyAnimeList?",
        "SELECT COUNT(*) FROM sites a WHERE a.site = 'anidb' AND NOT EXISTS"
        " (SELECT 1 FROM sites b WHERE b.item = a.item AND b.site = 'mal')",
    ),
    Question(
        "How many films are on Disney+?",
        "SELECT COUNT(*) FROM sites s JOIN items i ON i.id = s.item"
        " WHERE s.site = 'disneyplus' AND i.type = 'movie'",
    ),
    Question(
        "How many titles have ガンダム in their original title?",
        "SELECT COUNT(*) FROM items WHERE title LIKE '%ガンダム%'",
    ),
    Question(
        "How many TV series have a daily airing cycle?",
        "SELECT COUNT(*) FROM items WHERE type = 'tv' AND broadcast LIKE '%/P1D'",
    ),
    Question(
        "For each kind of site (information, streaming, download), how many titles does it list?",
        f"SELECT m.type, COUNT(DISTINCT s.item) FROM {_LISTING} GROUP BY m.type ORDER BY m.type",
    ),
    Question(
        "What is the Chinese name of the site mikan?",
        "SELECT title FROM siteMeta WHERE site = 'mikan'",
    ),
    Question(
        "Excluding films, how many titles began in 2022?",
        "SELECT COUNT(*) FROM items WHERE type <> 'movie' AND begin LIKE '2022%'",
    ),
    Question(
        "In which month do the most TV series begin?",
        "SELECT substr(begin, 6, 2), COUNT(*) FROM items WHERE type = 'tv' GROUP BY 1"
        " ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question(
        "How many titles started streaming on Netflix in 2023?",
        "SELECT COUNT(*) FROM sites WHERE site = 'netflix' AND begin LIKE '2023%'",
    ),
    Question(
        "What is the average number of sites listing a film, compared with a TV series?",
        "SELECT type, AVG(n) FROM (SELECT i.type, COUNT(s.item) AS n FROM items i"
        " LEFT JOIN sites s ON s.item = i.id WHERE i.type IN ('movie', 'tv') GROUP BY i.id)"
        " GROUP BY type ORDER BY type",
    ),
    Question(
        "What is the official website of 葬送のフリーレン?",
        "SELECT officialSite FROM items WHERE title = '葬送のフリーレン'",
    ),
    Question(
        "List the Attack on Titan titles in the order they came out.",
        f"SELECT i.title FROM {_EN} WHERE t.lang = 'en' AND t.title LIKE 'Attack on Titan%'"
        " ORDER BY i.begin",
        column=True,
    ),
    Question(
        "Which information site lists the most titles?",
        f"SELECT s.site, COUNT(*) FROM {_LISTING} WHERE m.type = 'info' GROUP BY s.site"
        " ORDER BY COUNT(*) DESC LIMIT 1",
    ),
    Question(
        "How many TV series began each year from 2020 to 2023?",
        "SELECT substr(begin, 1, 4), COUNT(*) FROM items WHERE type = 'tv'"
        " AND begin >= '2020' AND begin < '2024' GROUP BY 1 ORDER BY 1",
    ),
    *_no(
        "Which studio made 進撃の巨人?",
        "How many episodes does ONE PIECE have?",
        "Who voices the main character of 鬼滅の刃?",
        "What is the MyAnimeList score of 葬送のフリーレン?",
        "Which genre is SPY×FAMILY?",  # noqa: RUF001  (Japanese text)
        "How many people watched 呪術廻戦 on Netflix?",
        "When will the next season of チェンソーマン air?",
        "How much does a Crunchyroll subscription cost?",
        "Which is the best anime of 2022?",
        "Who wrote the manga that ぼっち・ざ・ろっく！ is based on?",  # noqa: RUF001  (Japanese text)
        "How much did 君の名は。 earn at the box office?",
        "Summarize this: A young girl wanders into a world of spirits and works in a bathhouse.",
        "「サザエさん」は何話放送されましたか？",  # noqa: RUF001  (Japanese text)
        "《葬送的芙莉莲》的导演是谁？",  # noqa: RUF001  (Chinese text)
        "What is the opening theme song of 鬼滅の刃?",
    ),
]
