"""The ISO code lists' questions (isocodes.md): the seventeenth held-out database.
Written from the iso-codes package's JSON files and a look at the built rows (its countries,
subdivisions, withdrawn codes, currencies, languages and scripts) by a helper who never read
the linker's code, before the agent was ever run on it; every gold SQL was checked with
sqlite3 alone.  The lists link no currency or language to a country: questions that need
such a link are among the unanswerable ones."""

from __future__ import annotations

from .questions import Question


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


_SUB_COUNTRY = "iso_3166_2 s JOIN iso_3166_1 c ON c.alpha_2 = s.country_code"
_SUB_PARENT = "iso_3166_2 s JOIN iso_3166_2 p ON p.code = s.parent"

ISOCODES = [
    Question("How many countries are there?", "SELECT COUNT(*) FROM iso_3166_1"),
    Question("How many currencies are listed?", "SELECT COUNT(*) FROM iso_4217"),
    Question("How many writing systems are there?", "SELECT COUNT(*) FROM iso_15924"),
    Question("How many languages are there?", "SELECT COUNT(*) FROM iso_639_3"),
    Question("How many living languages are there?",
             "SELECT COUNT(*) FROM iso_639_3 WHERE type = 'L'"),
    Question("How many extinct languages are listed?",
             "SELECT COUNT(*) FROM iso_639_3 WHERE type = 'E'"),
    Question("How many macrolanguages are there?",
             "SELECT COUNT(*) FROM iso_639_3 WHERE scope = 'M'"),
    Question("How many languages are there of each type?",
             "SELECT COUNT(*) FROM iso_639_3 GROUP BY type", column=True),
    Question("How many languages have a two-letter code?",
             "SELECT COUNT(*) FROM iso_639_3 WHERE alpha_2 IS NOT NULL"),
    Question("What is the two-letter code of Spanish?",
             "SELECT alpha_2 FROM iso_639_3 WHERE name = 'Spanish'"),
    Question("What is the three-letter code of Germany?",
             "SELECT alpha_3 FROM iso_3166_1 WHERE name = 'Germany'"),
    Question("What is Brazil's numeric country code?",
             "SELECT numeric FROM iso_3166_1 WHERE name = 'Brazil'"),
    Question("Which country has the code NZ?", "SELECT name FROM iso_3166_1 WHERE alpha_2 = 'NZ'"),
    Question("What is the official name of Vietnam?",
             "SELECT official_name FROM iso_3166_1 WHERE alpha_2 = 'VN'"),
    Question("How many countries have no official name?",
             "SELECT COUNT(*) FROM iso_3166_1 WHERE official_name IS NULL"),
    Question("List the countries whose name starts with Saint.",
             "SELECT name FROM iso_3166_1 WHERE name LIKE 'Saint%'", column=True),
    Question("Which currency has the code CHF?", "SELECT name FROM iso_4217 WHERE alpha_3 = 'CHF'"),
    Question("What is the currency code of the Yen?",
             "SELECT alpha_3 FROM iso_4217 WHERE name = 'Yen'"),
    Question("How many currencies are called a dollar?",
             "SELECT COUNT(*) FROM iso_4217 WHERE name LIKE '%Dollar%'"),
    Question("What is the name of the script with the code Cyrl?",
             "SELECT name FROM iso_15924 WHERE alpha_4 = 'Cyrl'"),
    Question("What is the numeric code of the Latin script?",
             "SELECT numeric FROM iso_15924 WHERE name = 'Latin'"),
    Question("How many subdivisions are there in total?", "SELECT COUNT(*) FROM iso_3166_2"),
    Question("How many subdivisions does France have?",
             f"SELECT COUNT(*) FROM {_SUB_COUNTRY} WHERE c.name = 'France'"),
    Question("Which country has the most subdivisions?",
             f"SELECT c.name FROM {_SUB_COUNTRY} GROUP BY c.alpha_2 ORDER BY COUNT(*) DESC"
             " LIMIT 1"),
    Question("How many states does the United States have?",
             f"SELECT COUNT(*) FROM {_SUB_COUNTRY} WHERE c.name = 'United States'"
             " AND s.type = 'State'"),
    Question("How many provinces does Italy have?",
             f"SELECT COUNT(*) FROM {_SUB_COUNTRY} WHERE c.name = 'Italy'"
             " AND s.type = 'Province'"),
    Question("List the Länder of Germany.",
             f"SELECT s.name FROM {_SUB_COUNTRY} WHERE c.name = 'Germany' AND s.type = 'Land'",
             column=True),
    Question("How many subdivisions of each type does Canada have?",
             f"SELECT COUNT(*) FROM {_SUB_COUNTRY} WHERE c.name = 'Canada' GROUP BY s.type",
             column=True),
    Question("What is the most common type of subdivision?",
             "SELECT type FROM iso_3166_2 GROUP BY type ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many different types of subdivision are there?",
             "SELECT COUNT(DISTINCT type) FROM iso_3166_2"),
    Question("Which country is Tasmania in?",
             f"SELECT c.name FROM {_SUB_COUNTRY} WHERE s.name = 'Tasmania'"),
    Question("What is the code of Texas?", "SELECT code FROM iso_3166_2 WHERE name = 'Texas'"),
    Question("Which departments belong to the Bretagne region?",
             f"SELECT s.name FROM {_SUB_PARENT} WHERE p.name = 'Bretagne'", column=True),
    Question("Which French region has the most departments?",
             f"SELECT p.name FROM {_SUB_PARENT} WHERE s.country_code = 'FR' GROUP BY p.code"
             " ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many subdivisions lie within another subdivision?",
             "SELECT COUNT(*) FROM iso_3166_2 WHERE parent IS NOT NULL"),
    Question("How many countries have more than 100 subdivisions?",
             "SELECT COUNT(*) FROM (SELECT country_code FROM iso_3166_2 GROUP BY country_code"
             " HAVING COUNT(*) > 100)"),
    Question("List the countries with more than 100 subdivisions.",
             f"SELECT c.name FROM {_SUB_COUNTRY} GROUP BY c.alpha_2 HAVING COUNT(*) > 100",
             column=True),
    Question("How many countries have no subdivisions at all?",
             "SELECT COUNT(*) FROM iso_3166_1 WHERE alpha_2 NOT IN"
             " (SELECT country_code FROM iso_3166_2)"),
    Question("How many subdivisions does France have, excluding its metropolitan departments?",
             f"SELECT COUNT(*) FROM {_SUB_COUNTRY} WHERE c.name = 'France'"
             " AND s.type <> 'Metropolitan department'"),
    Question("What is the most common type of subdivision in Spain?",
             f"SELECT s.type FROM {_SUB_COUNTRY} WHERE c.name = 'Spain' GROUP BY s.type"
             " ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many country codes have been withdrawn?", "SELECT COUNT(*) FROM iso_3166_3"),
    Question("When was the code of Czechoslovakia withdrawn?",
             "SELECT withdrawal_date FROM iso_3166_3 WHERE name LIKE 'Czechoslovakia%'"),
    Question("How many country codes were withdrawn in 1986?",
             "SELECT COUNT(*) FROM iso_3166_3 WHERE withdrawal_date LIKE '1986%'"),
    Question("Which country code was withdrawn most recently?",
             "SELECT name FROM iso_3166_3 ORDER BY withdrawal_date DESC LIMIT 1"),
    Question("How many country codes were withdrawn before 1990?",
             "SELECT COUNT(*) FROM iso_3166_3 WHERE withdrawal_date < '1990'"),
    Question("Which withdrawn two-letter codes are used by a current country?",
             "SELECT w.alpha_2 FROM iso_3166_3 w JOIN iso_3166_1 c ON c.alpha_2 = w.alpha_2",
             column=True),
    Question("Which withdrawn country codes never had a numeric code?",
             "SELECT name FROM iso_3166_3 WHERE numeric IS NULL", column=True),
    *_no(
        "What is the population of Brazil?",
        "What is the capital of Australia?",
        "Which currency is used in Japan?",
        "Which languages are spoken in Switzerland?",
        "How many people speak Spanish?",
        "What is the exchange rate between the Euro and the US Dollar today?",
        "How large is Texas in square kilometres?",
        "What will the weather be like in Paris tomorrow?",
        "Which country will get a new country code next year?",
        "Write a short poem about the flag of Canada.",
        "¿Cuántos países hay en la lista?",
        "Combien de départements compte la région Bretagne ?",
    ),
]  # fmt: skip
