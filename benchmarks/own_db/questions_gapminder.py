"""Gapminder's countries and years questions (gapminder.md): the thirty-seventh held-out
database.  Written from the CSV file in plotly's wheel and a look at the built rows by a
helper who never read the linker's code, before the agent was ever run on it; every gold
SQL was checked with sqlite3 alone.  A country is a row of ``countries``, named as
Gapminder writes it (``Korea, Rep.``); "in 2007" is the ``gapminder`` row of that year; a
country's GDP is its ``gdpPercap`` times its ``pop``."""

from __future__ import annotations

from .questions import Question

_YEARS = "gapminder g JOIN countries c ON c.country = g.country"
_SPAN = ("gapminder a JOIN gapminder b ON b.country = a.country"
         " AND a.year = 1952 AND b.year = 2007")  # fmt: skip


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


GAPMINDER = [
    Question("How many countries are in the data?", "SELECT COUNT(*) FROM countries"),
    Question("How many African countries are there?",
             "SELECT COUNT(*) FROM countries WHERE continent = 'Africa'"),
    Question("Which continent has the most countries?",
             "SELECT continent FROM countries GROUP BY continent ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many countries does each continent have?",
             "SELECT continent, COUNT(*) FROM countries GROUP BY continent"),
    Question("List the countries of Oceania.",
             "SELECT country FROM countries WHERE continent = 'Oceania'", column=True),
    Question("Which continent is Turkey in?",
             "SELECT continent FROM countries WHERE country = 'Turkey'"),
    Question("What is the three-letter ISO code of Germany?",
             "SELECT iso_alpha FROM countries WHERE country = 'Germany'"),
    Question("What is Brazil's numeric ISO code?",
             "SELECT iso_num FROM countries WHERE country = 'Brazil'"),
    Question("Which country's centre lies furthest north?",
             "SELECT country FROM countries ORDER BY centroid_lat DESC LIMIT 1"),
    Question("Which country has the southernmost centroid?",
             "SELECT country FROM countries ORDER BY centroid_lat LIMIT 1"),
    Question("What was the life expectancy in Japan in 2007?",
             "SELECT lifeExp FROM gapminder WHERE country = 'Japan' AND year = 2007"),
    Question("What was Afghanistan's life expectancy in 1952?",
             "SELECT lifeExp FROM gapminder WHERE country = 'Afghanistan' AND year = 1952"),
    Question("What was the population of India in 1952?",
             "SELECT pop FROM gapminder WHERE country = 'India' AND year = 1952"),
    Question("What was Norway's GDP per capita in 2007?",
             "SELECT gdpPercap FROM gapminder WHERE country = 'Norway' AND year = 2007"),
    Question("What was the population of the United States in each year?",
             "SELECT year, pop FROM gapminder WHERE country = 'United States'"),
    Question("Which country had the highest life expectancy in 2007?",
             "SELECT country FROM gapminder WHERE year = 2007 ORDER BY lifeExp DESC LIMIT 1"),
    Question("Which country had the lowest life expectancy in 1952?",
             "SELECT country FROM gapminder WHERE year = 1952 ORDER BY lifeExp LIMIT 1"),
    Question("What were the top 5 countries by population in 2007?",
             "SELECT country FROM gapminder WHERE year = 2007 ORDER BY pop DESC LIMIT 5",
             column=True),
    Question("Which countries had a life expectancy above 80 years in 2007?",
             "SELECT country FROM gapminder WHERE year = 2007 AND lifeExp > 80", column=True),
    Question("How many countries had a life expectancy under 50 in 2007?",
             "SELECT COUNT(*) FROM gapminder WHERE year = 2007 AND lifeExp < 50"),
    Question("How many countries had more than 100 million inhabitants in 2007?",
             "SELECT COUNT(*) FROM gapminder WHERE year = 2007 AND pop > 100000000"),
    Question("What was the combined population of all countries in 2007?",
             "SELECT SUM(pop) FROM gapminder WHERE year = 2007"),
    Question("What was the total population of Europe in 1952?",
             f"SELECT SUM(g.pop) FROM {_YEARS} WHERE c.continent = 'Europe' AND g.year = 1952"),
    Question("What was the average life expectancy on each continent in 2007?",
             f"SELECT c.continent, AVG(g.lifeExp) FROM {_YEARS} WHERE g.year = 2007"
             " GROUP BY c.continent"),
    Question("Which continent had the highest average GDP per capita in 2007?",
             f"SELECT c.continent FROM {_YEARS} WHERE g.year = 2007 GROUP BY c.continent"
             " ORDER BY AVG(g.gdpPercap) DESC LIMIT 1"),
    Question("What was the average GDP per capita of Asian countries in 1977?",
             f"SELECT AVG(g.gdpPercap) FROM {_YEARS} WHERE c.continent = 'Asia'"
             " AND g.year = 1977"),
    Question("Which country had the highest GDP per capita in the data, and in which year?",
             "SELECT country, year FROM gapminder ORDER BY gdpPercap DESC LIMIT 1"),
    Question("Excluding Kuwait, which country had the highest GDP per capita in 1972?",
             "SELECT country FROM gapminder WHERE year = 1972 AND country <> 'Kuwait'"
             " ORDER BY gdpPercap DESC LIMIT 1"),
    Question("Which European country had the lowest GDP per capita in 2007?",
             f"SELECT g.country FROM {_YEARS} WHERE c.continent = 'Europe' AND g.year = 2007"
             " ORDER BY g.gdpPercap LIMIT 1"),
    Question("Which African country had the longest life expectancy in 2007, and how long was"
             " it?",
             f"SELECT g.country, g.lifeExp FROM {_YEARS} WHERE c.continent = 'Africa'"
             " AND g.year = 2007 ORDER BY g.lifeExp DESC LIMIT 1"),
    Question("Which Asian country had the smallest population in 2007?",
             f"SELECT g.country FROM {_YEARS} WHERE c.continent = 'Asia' AND g.year = 2007"
             " ORDER BY g.pop LIMIT 1"),
    Question("How many African countries had a GDP per capita over 10,000 dollars in 2007?",
             f"SELECT COUNT(*) FROM {_YEARS} WHERE c.continent = 'Africa' AND g.year = 2007"
             " AND g.gdpPercap > 10000"),
    Question("How many countries in the Americas had a higher GDP per capita than Mexico in"
             " 2007?",
             f"SELECT COUNT(*) FROM {_YEARS} WHERE c.continent = 'Americas' AND g.year = 2007"
             " AND g.gdpPercap > (SELECT gdpPercap FROM gapminder WHERE country = 'Mexico'"
             " AND year = 2007)"),
    Question("What was the average population of the Oceanian countries in 2007?",
             f"SELECT AVG(g.pop) FROM {_YEARS} WHERE c.continent = 'Oceania'"
             " AND g.year = 2007"),
    Question("Which country had the largest total GDP in 2007?",
             "SELECT country FROM gapminder WHERE year = 2007 ORDER BY gdpPercap * pop DESC"
             " LIMIT 1"),
    Question("By how much did China's population grow between 1952 and 2007?",
             f"SELECT b.pop - a.pop FROM {_SPAN} WHERE a.country = 'China'"),
    Question("How many years of life expectancy did Oman gain from 1952 to 2007?",
             f"SELECT b.lifeExp - a.lifeExp FROM {_SPAN} WHERE a.country = 'Oman'"),
    Question("Which country's life expectancy rose the most between 1952 and 2007?",
             f"SELECT a.country FROM {_SPAN} ORDER BY b.lifeExp - a.lifeExp DESC LIMIT 1"),
    Question("Which countries had a lower life expectancy in 2007 than in 1952?",
             f"SELECT a.country FROM {_SPAN} WHERE b.lifeExp < a.lifeExp", column=True),
    Question("How many countries more than doubled their population from 1952 to 2007?",
             f"SELECT COUNT(*) FROM {_SPAN} WHERE b.pop > 2 * a.pop"),
    Question("In which year did Rwanda have its lowest life expectancy?",
             "SELECT year FROM gapminder WHERE country = 'Rwanda' ORDER BY lifeExp LIMIT 1"),
    Question("Which countries never had a life expectancy below 70?",
             "SELECT country FROM gapminder GROUP BY country HAVING MIN(lifeExp) >= 70",
             column=True),
    Question("Which countries never reached a million inhabitants?",
             "SELECT country FROM gapminder GROUP BY country HAVING MAX(pop) < 1000000",
             column=True),
    Question("In which year did the average life expectancy over all countries first pass 60?",
             "SELECT MIN(year) FROM (SELECT year FROM gapminder GROUP BY year"
             " HAVING AVG(lifeExp) > 60)"),
    Question("What was the gap between the highest and the lowest life expectancy in 2007?",
             "SELECT MAX(lifeExp) - MIN(lifeExp) FROM gapminder WHERE year = 2007"),
    *_no(
        "What was the life expectancy in Japan in 2020?",
        "What is the capital of Brazil?",
        "What was the infant mortality rate in India in 1987?",
        "What was the unemployment rate in Spain in 2002?",
        "Which language is spoken in Senegal?",
        "What will the world's population be in 2050?",
        "Which country has the best health care system?",
        "How many people lived in the city of Lagos in 2007?",
        "What is the area of Canada in square kilometres?",
        "Who was the president of Kenya in 1977?",
        "¿Cuál era la tasa de natalidad de México en 1977?",
        "Quel était le taux d'alphabétisation de l'Égypte en 1982 ?",
    ),
]  # fmt: skip
