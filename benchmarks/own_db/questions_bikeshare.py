"""Bike-sharing questions (bikeshare.md): a held-out database chosen from PyPI's transport
data packages.  Written from the JSON files of the ``pybikes`` 1.0.8 wheel and a look at the
built rows by a helper who never read the linker's code, before the agent was ever run on
it; every gold SQL was checked with sqlite3 alone.  A "network" (or "scheme") is a row of
``instances``; a network's "platform" or "system" is its ``system``; a country is asked by
its English name and answered through its two-letter code; a company "runs" a network when
the network lists it in ``instance_company`` (the first listed is "the operator")."""

from __future__ import annotations

from .questions import Question

_RUNS = (
    "instances i JOIN instance_company ic ON ic.tag = i.tag"
    " JOIN company c ON c.company_id = ic.company_id"
)


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


BIKESHARE = [
    Question("How many bike-sharing networks are in the data?", "SELECT COUNT(*) FROM instances"),
    Question("How many bike share systems does pybikes support?", "SELECT COUNT(*) FROM system"),
    Question("How many bike-sharing schemes are there in Germany?",
             "SELECT COUNT(*) FROM instances WHERE country = 'DE'"),
    Question("Which country has the most bike-sharing networks?",
             "SELECT country FROM instances GROUP BY country ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which platform runs the most networks?",
             "SELECT system FROM instances GROUP BY system ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many bike-sharing networks run on nextbike?",
             "SELECT COUNT(*) FROM instances WHERE system = 'nextbike'"),
    Question("Which city is the BIKI bike share in?",
             "SELECT city FROM instances WHERE name = 'BIKI'"),
    Question("How many networks have electric bikes?",
             "SELECT COUNT(*) FROM instances WHERE ebikes = 1"),
    Question("In how many countries is there at least one bike-sharing network?",
             "SELECT COUNT(DISTINCT country) FROM instances"),
    Question("Which company is behind the most bike-sharing networks?",
             f"SELECT c.name FROM {_RUNS} GROUP BY c.company_id ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many networks does Tembici run?",
             f"SELECT COUNT(*) FROM {_RUNS} WHERE c.name = 'Tembici'"),
    Question("List the cities where Donkey Republic is involved in a bike share.",
             f"SELECT i.city FROM {_RUNS} WHERE c.name = 'Donkey Republic' ORDER BY i.city",
             column=True),
    Question("What is the northernmost bike-sharing network?",
             "SELECT name FROM instances ORDER BY latitude DESC LIMIT 1"),
    Question("Which scheme is furthest south?",
             "SELECT name FROM instances ORDER BY latitude LIMIT 1"),
    Question("Which network lies furthest west?",
             "SELECT name FROM instances ORDER BY longitude LIMIT 1"),
    Question("How many networks are in the southern hemisphere?",
             "SELECT COUNT(*) FROM instances WHERE latitude < 0"),
    Question("How many networks have no name recorded?",
             "SELECT COUNT(*) FROM instances WHERE name IS NULL"),
    Question("Which system does Citi Bike in New York run on?",
             "SELECT system FROM instances WHERE name = 'Citi Bike' AND city = 'New York, NY'"),
    Question("What is the GBFS feed URL of Bike Share Toronto?",
             "SELECT feed_url FROM instances WHERE name = 'Bike Share Toronto'"),
    Question("How many networks publish a GBFS feed?",
             "SELECT COUNT(*) FROM instances WHERE feed_url IS NOT NULL"),
    Question("How many bike shares are there in Japan?",
             "SELECT COUNT(*) FROM instances WHERE country = 'JP'"),
    Question("How many networks in the United States offer e-bikes?",
             "SELECT COUNT(*) FROM instances WHERE country = 'US' AND ebikes = 1"),
    Question("How many Polish cities does nextbike serve?",
             "SELECT COUNT(*) FROM instances WHERE system = 'nextbike' AND country = 'PL'"),
    Question("Who operates Vélib' in Paris?",
             f"SELECT c.name FROM {_RUNS} WHERE i.tag = 'velib' AND ic.position = 1"),
    Question("How many companies are involved in Bixi in Montréal?",
             "SELECT COUNT(*) FROM instance_company WHERE tag = 'bixi-montreal'"),
    Question("Which network has the most companies listed?",
             "SELECT i.name FROM instances i JOIN instance_company ic ON ic.tag = i.tag"
             " GROUP BY i.tag ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many networks have no company listed at all?",
             "SELECT COUNT(*) FROM instances WHERE tag NOT IN (SELECT tag FROM instance_company)"),
    Question("What is the average latitude of the bike-sharing networks in Italy?",
             "SELECT AVG(latitude) FROM instances WHERE country = 'IT'"),
    Question("How many systems have more than 20 networks?",
             "SELECT COUNT(*) FROM (SELECT system FROM instances GROUP BY system"
             " HAVING COUNT(*) > 20)"),
    Question("What are the top 5 countries by number of bike-sharing networks?",
             "SELECT country FROM instances GROUP BY country ORDER BY COUNT(*) DESC LIMIT 5",
             column=True),
    Question("How many systems have just a single network?",
             "SELECT COUNT(*) FROM (SELECT system FROM instances GROUP BY system"
             " HAVING COUNT(*) = 1)"),
    Question("Which country has the most networks with electric bikes?",
             "SELECT country FROM instances WHERE ebikes = 1 GROUP BY country"
             " ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many networks are there in Spain, excluding the ones on nextbike?",
             "SELECT COUNT(*) FROM instances WHERE country = 'ES' AND system <> 'nextbike'"),
    Question("How many Italian networks does Bicincittà run?",
             "SELECT COUNT(*) FROM instances WHERE system = 'bicincitta' AND country = 'IT'"),
    Question("Which system has the most networks in Spain?",
             "SELECT system FROM instances WHERE country = 'ES' GROUP BY system"
             " ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many companies are never listed first for any network?",
             "SELECT COUNT(*) FROM company WHERE company_id NOT IN"
             " (SELECT company_id FROM instance_company WHERE position = 1)"),
    Question("Which company runs bike shares in the most countries?",
             f"SELECT c.name FROM {_RUNS} GROUP BY c.company_id"
             " ORDER BY COUNT(DISTINCT i.country) DESC LIMIT 1"),
    Question("In how many countries does Donkey Republic operate?",
             f"SELECT COUNT(DISTINCT i.country) FROM {_RUNS} WHERE c.name = 'Donkey Republic'"),
    Question("What license is Vélib' Métropole's data published under?",
             "SELECT license FROM instances WHERE tag = 'velib'"),
    Question("How many networks state an open-data license?",
             "SELECT COUNT(*) FROM instances WHERE license IS NOT NULL"),
    Question("How many smaller schemes are listed under the Valencia network MIBISI?",
             "SELECT COUNT(*) FROM instances WHERE parent ="
             " (SELECT tag FROM instances WHERE name = 'MIBISI')"),
    Question("How many networks does Deutsche Bahn's platform have?",
             "SELECT COUNT(*) FROM instances WHERE system = 'deutschebahn'"),
    Question("Which Python class reads the feed of Citi Bike Miami?",
             "SELECT class FROM instances WHERE name = 'Citi Bike Miami'"),
    Question("How many US networks is Lyft involved in?",
             f"SELECT COUNT(*) FROM {_RUNS} WHERE c.name = 'Lyft Inc.' AND i.country = 'US'"),
    Question("On average, how many bike-sharing networks does a country have?",
             "SELECT AVG(n) FROM (SELECT COUNT(*) AS n FROM instances GROUP BY country)"),
    Question("How many systems have no class of their own and split their networks among"
             " several classes?",
             "SELECT COUNT(*) FROM system WHERE class IS NULL"),
    Question("How many countries have more than 10 networks?",
             "SELECT COUNT(*) FROM (SELECT country FROM instances GROUP BY country"
             " HAVING COUNT(*) > 10)"),
    Question("On average, how many networks does each company take part in?",
             "SELECT AVG(n) FROM (SELECT COUNT(*) AS n FROM instance_company"
             " GROUP BY company_id)"),
    Question("Which system runs the most networks in Germany?",
             "SELECT system FROM instances WHERE country = 'DE' GROUP BY system"
             " ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("List the Norwegian cities that have a bike share.",
             "SELECT city FROM instances WHERE country = 'NO' ORDER BY city", column=True),
    Question("What's the most common city for a network in the US?",
             "SELECT city FROM instances WHERE country = 'US' GROUP BY city"
             " ORDER BY COUNT(*) DESC LIMIT 1"),
    *_no(
        "How many docking stations does Bicing have?",
        "How many bikes does Vélib' have in service?",
        "What does a day pass for Citi Bike cost?",
        "In which year was Bicing launched?",
        "How many trips were made on nextbike last year?",
        "Which new bike-sharing networks will open next year?",
        "Summarize the history of bike sharing in Europe.",
        "Which bike share is the best one to use as a tourist?",
        "What is the population of Leipzig?",
        "Who is the CEO of PBSC Urban Solutions?",
        "What's the weather like in Barcelona today?",
        "¿Cuántas estaciones tiene BiciMAD en Madrid?",
        "Wie viele Fahrräder hat nextbike in Leipzig?",
        "Quel est le prix de l'abonnement annuel à Vélib' ?",
    ),
]  # fmt: skip
