"""Consumer Price Index questions (cpi.md): a held-out database chosen from PyPI's packages
with commerce data.  Written from the ``cpi.db`` SQLite file in the ``cpi`` 2.1.0 wheel and a
look at the built rows by a helper who never read the linker's code, before the agent was
ever run on it; every gold SQL was checked with sqlite3 alone.  "The index" of an item in an
area is its monthly series not seasonally adjusted, as the Bureau of Labor Statistics
publishes it first; an annual average is the period M13 of that series."""

from __future__ import annotations

from .questions import Question

_VALUES = (
    "indexes i JOIN series s ON s.id = i.series JOIN items t ON t.id = s.items"
    " JOIN areas a ON a.id = s.area"
)
_MONTHLY = "s.seasonally_adjusted = 0 AND s.periodicity = 'R'"
_US = "a.name = 'U.S. city average'"
_NEW = " AND t.name NOT LIKE '%old base%'"
_SERIES = "series s JOIN items t ON t.id = s.items JOIN areas a ON a.id = s.area"


def _value(item: str, area: str, year: int, period: str) -> str:
    """The gold SQL of one value of the monthly, not seasonally adjusted index."""
    return (
        f"SELECT i.value FROM {_VALUES} WHERE {_MONTHLY} AND t.name = '{item}'"
        f" AND a.name = '{area}' AND i.year = {year} AND i.period = '{period}'"
    )


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


CPI = [
    Question("How many areas are in the CPI data?", "SELECT COUNT(*) FROM areas"),
    Question("How many items does the CPI track?", "SELECT COUNT(*) FROM items"),
    Question("How many index series are there?", "SELECT COUNT(*) FROM series"),
    Question("How many series are seasonally adjusted?",
             "SELECT COUNT(*) FROM series WHERE seasonally_adjusted = 1"),
    Question("How many series are published semi-annually?",
             "SELECT COUNT(*) FROM series s JOIN periodicities p ON p.id = s.periodicity"
             " WHERE p.name = 'Semi-Annual'"),
    Question("How many series are there for each periodicity?",
             "SELECT p.name, COUNT(*) FROM series s JOIN periodicities p"
             " ON p.id = s.periodicity GROUP BY p.name"),
    Question("What was the all items index for the U.S. city average in January 2024?",
             _value("All items", "U.S. city average", 2024, "M01")),
    Question("What was the annual average CPI for all items in the U.S. city average in 2023?",
             _value("All items", "U.S. city average", 2023, "M13")),
    Question("What was the annual average index for eggs in the U.S. city average in 2024?",
             _value("Eggs", "U.S. city average", 2024, "M13")),
    Question("What was the electricity index in Houston in December 2024?",
             _value("Electricity", "Houston-The Woodlands-Sugar Land, TX", 2024, "M12")),
    Question("What was the seasonally adjusted all items index for the U.S. city average in"
             " June 2025?",
             f"SELECT i.value FROM {_VALUES} WHERE s.seasonally_adjusted = 1"
             f" AND t.name = 'All items' AND {_US} AND i.year = 2025 AND i.period = 'M06'"),
    Question("What was the all items index in Urban Alaska for the first half of 2025?",
             f"SELECT i.value FROM {_VALUES} WHERE s.seasonally_adjusted = 0"
             " AND t.name = 'All items' AND a.name = 'Urban Alaska' AND i.year = 2025"
             " AND i.period = 'S01'"),
    Question("What was the purchasing power of the consumer dollar in the U.S. city average"
             " in 2024, as an annual average?",
             _value("Purchasing power of the consumer dollar", "U.S. city average", 2024,
                    "M13")),
    Question("In which month of 2022 was the gasoline index highest in the U.S. city"
             " average?",
             f"SELECT p.name FROM {_VALUES} JOIN periods p ON p.id = i.period WHERE {_MONTHLY}"
             f" AND t.name = 'Gasoline (all types)' AND {_US} AND i.year = 2022"
             " AND p.id <> 'M13' ORDER BY i.value DESC LIMIT 1"),
    Question("In which year was the annual average index of used cars and trucks highest in"
             " the U.S. city average?",
             f"SELECT i.year FROM {_VALUES} WHERE {_MONTHLY} AND t.name = 'Used cars and trucks'"
             f" AND {_US} AND i.period = 'M13' ORDER BY i.value DESC LIMIT 1"),
    Question("What was the highest monthly value of the used cars and trucks index in the"
             " U.S. city average?",
             f"SELECT MAX(i.value) FROM {_VALUES} WHERE {_MONTHLY}"
             f" AND t.name = 'Used cars and trucks' AND {_US} AND i.period <> 'M13'"),
    Question("By what percent did the all items annual average rise from 2023 to 2024 in"
             " the U.S. city average?",
             f"SELECT 100.0 * (MAX(CASE WHEN i.year = 2024 THEN i.value END)"
             f" / MAX(CASE WHEN i.year = 2023 THEN i.value END) - 1) FROM {_VALUES}"
             f" WHERE {_MONTHLY} AND t.name = 'All items' AND {_US} AND i.period = 'M13'"),
    Question("Which area had the highest all items annual average index in 2024?",
             f"SELECT a.name FROM {_VALUES} WHERE {_MONTHLY} AND t.name = 'All items'"
             " AND i.year = 2024 AND i.period = 'M13' ORDER BY i.value DESC LIMIT 1"),
    Question("Which of the four regions had the highest all items annual average in 2025?",
             f"SELECT a.name FROM {_VALUES} WHERE {_MONTHLY} AND t.name = 'All items'"
             " AND a.name IN ('Northeast', 'Midwest', 'South', 'West') AND i.year = 2025"
             " AND i.period = 'M13' ORDER BY i.value DESC LIMIT 1"),
    Question("Which area had the largest percentage rise in the all items annual average"
             " from 2020 to 2024?",
             f"SELECT a.name FROM {_VALUES} WHERE {_MONTHLY} AND t.name = 'All items'"
             " AND i.period = 'M13' AND i.year IN (2020, 2024) GROUP BY a.name"
             " HAVING COUNT(*) = 2 ORDER BY MAX(CASE WHEN i.year = 2024 THEN i.value END)"
             " / MAX(CASE WHEN i.year = 2020 THEN i.value END) DESC LIMIT 1"),
    Question("Which item had the highest annual average index in the U.S. city average in"
             " 2024, excluding the old base series?",
             f"SELECT t.name FROM {_VALUES} WHERE {_MONTHLY} AND {_US} AND i.year = 2024"
             f" AND i.period = 'M13'{_NEW} ORDER BY i.value DESC LIMIT 1"),
    Question("Which item had the lowest annual average index in the U.S. city average in"
             " 2025, excluding the old base series?",
             f"SELECT t.name FROM {_VALUES} WHERE {_MONTHLY} AND {_US} AND i.year = 2025"
             f" AND i.period = 'M13'{_NEW} ORDER BY i.value LIMIT 1"),
    Question("What are the top 5 items by annual average index in the U.S. city average in"
             " 2025, not counting the old base series?",
             f"SELECT t.name FROM {_VALUES} WHERE {_MONTHLY} AND {_US} AND i.year = 2025"
             f" AND i.period = 'M13'{_NEW} ORDER BY i.value DESC LIMIT 5", column=True),
    Question("Which area had the highest annual average gasoline index in 2025?",
             f"SELECT a.name FROM {_VALUES} WHERE {_MONTHLY} AND t.name = 'Gasoline (all types)'"
             " AND i.year = 2025 AND i.period = 'M13' ORDER BY i.value DESC LIMIT 1"),
    Question("What was the average monthly all items index in the U.S. city average in 2023,"
             " excluding the annual average?",
             f"SELECT AVG(i.value) FROM {_VALUES} WHERE {_MONTHLY} AND t.name = 'All items'"
             f" AND {_US} AND i.year = 2023 AND i.period <> 'M13'"),
    Question("What was the average of the all items annual averages of the four regions in"
             " 2024?",
             f"SELECT AVG(i.value) FROM {_VALUES} WHERE {_MONTHLY} AND t.name = 'All items'"
             " AND a.name IN ('Northeast', 'Midwest', 'South', 'West') AND i.year = 2024"
             " AND i.period = 'M13'"),
    Question("Which months of 2025 are missing from the all items series of the U.S. city"
             " average?",
             "SELECT name FROM periods WHERE id LIKE 'M%' AND id <> 'M13' AND id NOT IN"
             f" (SELECT i.period FROM {_VALUES} WHERE {_MONTHLY} AND t.name = 'All items'"
             f" AND {_US} AND i.year = 2025)", column=True),
    Question("How many index values are recorded for 2024?",
             "SELECT COUNT(*) FROM indexes WHERE year = 2024"),
    Question("How many index values are there for each year?",
             "SELECT year, COUNT(*) FROM indexes GROUP BY year"),
    Question("How many series have more than 80 values?",
             "SELECT COUNT(*) FROM (SELECT series FROM indexes GROUP BY series"
             " HAVING COUNT(*) > 80)"),
    Question("How many series have never had a value since 2020?",
             "SELECT COUNT(*) FROM series WHERE id NOT IN (SELECT series FROM indexes)"),
    Question("What is the title of series CUUR0000SA0?",
             "SELECT title FROM series WHERE id = 'CUUR0000SA0'"),
    Question("What is the code of the item Coffee?", "SELECT id FROM items WHERE name = 'Coffee'"),
    Question("How many items have coffee in their name?",
             "SELECT COUNT(*) FROM items WHERE name LIKE '%coffee%'"),
    Question("List the titles of the series for eggs.",
             "SELECT s.title FROM " + _SERIES + " WHERE t.name = 'Eggs'", column=True),
    Question("Which areas have a series for premium unleaded gasoline?",
             "SELECT DISTINCT a.name FROM " + _SERIES
             + " WHERE t.name = 'Gasoline, unleaded premium'", column=True),
    Question("How many series does each area have?",
             "SELECT a.name, COUNT(*) FROM series s JOIN areas a ON a.id = s.area"
             " GROUP BY a.name"),
    Question("Which area has the most series?",
             "SELECT a.name FROM series s JOIN areas a ON a.id = s.area GROUP BY a.name"
             " ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many series are there for the Midwest?",
             "SELECT COUNT(*) FROM series s JOIN areas a ON a.id = s.area"
             " WHERE a.name = 'Midwest'"),
    Question("How many different items are priced in Urban Alaska?",
             "SELECT COUNT(DISTINCT s.items) FROM series s JOIN areas a ON a.id = s.area"
             " WHERE a.name = 'Urban Alaska'"),
    Question("How many areas have an electricity series, excluding the U.S. city average?",
             "SELECT COUNT(DISTINCT a.name) FROM " + _SERIES + " WHERE t.name = 'Electricity'"
             " AND a.name <> 'U.S. city average'"),
    Question("How many items are priced only for the U.S. city average and in no other"
             " area?",
             "SELECT COUNT(*) FROM (SELECT s.items FROM series s GROUP BY s.items"
             " HAVING SUM(s.area <> '0000') = 0)"),
    Question("List the names of the size class areas.",
             "SELECT name FROM areas WHERE name LIKE '%Size Class%'", column=True),
    Question("List every period with its abbreviation.",
             "SELECT name, abbreviation FROM periods", column=True),
    *_no(
        "What was the price of a dozen eggs in Chicago in 2024?",
        "What will the all items CPI be in December 2027?",
        "What was the all items CPI for the U.S. city average in 1980?",
        "What was the unemployment rate in Detroit in 2024?",
        "What was the consumer price index in Canada in 2024?",
        "Which items weigh most in the CPI basket?",
        "What is the CPI for urban wage earners and clerical workers in 2024?",
        "Summarize this: Inflation cooled in the third quarter as shelter costs moderated"
        " and energy prices fell.",
        "Was the Federal Reserve right to raise interest rates in 2022?",
        "Who is the commissioner of the Bureau of Labor Statistics?",
        "Which supermarkets in Seattle raised their prices the most?",
        "What was the median household income in Miami in 2023?",
        "¿Cuál fue la tasa de inflación en México en 2023?",
        "Wie hoch war die Inflationsrate in Deutschland im Jahr 2024?",
    ),
]  # fmt: skip
