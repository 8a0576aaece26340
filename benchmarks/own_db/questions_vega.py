"""The Vega example-data questions (vega.md): the twentieth held-out database.  Written from
vega_datasets' files and a look at the built rows (cars, a barley trial, the 1992 Los Angeles
riots' deaths, Seattle's weather, stock prices, Iowa's electricity) by a helper who never
read the linker's code, before the agent was ever run on it; every gold SQL was checked with
sqlite3 alone.  The six tables share no key, so the compound questions join a table to
itself or combine two tables' answers rather than join them."""

from __future__ import annotations

from .questions import Question

_WEATHER = "seattle_weather"
_IOWA = "iowa_electricity"
_YEAR_1932 = "barley b2 ON b2.variety = b1.variety AND b2.site = b1.site AND b2.year = 1932"


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


VEGA = [
    Question("How many cars are there?", "SELECT COUNT(*) FROM cars"),
    Question("How many cars come from Japan?", "SELECT COUNT(*) FROM cars WHERE Origin = 'Japan'"),
    Question("What is the average miles per gallon of the cars from Europe?",
             "SELECT ROUND(AVG(Miles_per_Gallon), 2) FROM cars WHERE Origin = 'Europe'"),
    Question("Which car has the most horsepower?",
             "SELECT Name FROM cars ORDER BY Horsepower DESC LIMIT 1"),
    Question("Which car is the heaviest?",
             "SELECT Name FROM cars ORDER BY Weight_in_lbs DESC LIMIT 1"),
    Question("What are the top 5 cars by miles per gallon?",
             "SELECT Name FROM cars ORDER BY Miles_per_Gallon DESC LIMIT 5", column=True),
    Question("How many cars have more than 6 cylinders?",
             "SELECT COUNT(*) FROM cars WHERE Cylinders > 6"),
    Question("How many cars are from 1975?",
             "SELECT COUNT(*) FROM cars WHERE strftime('%Y', Year) = '1975'"),
    Question("What is the average horsepower of the cars of each origin?",
             "SELECT ROUND(AVG(Horsepower), 2) FROM cars GROUP BY Origin ORDER BY Origin",
             column=True),
    Question("How many cars are there, excluding the ones from the USA?",
             "SELECT COUNT(*) FROM cars WHERE Origin <> 'USA'"),
    Question("What is the miles per gallon of the datsun 280-zx?",
             "SELECT Miles_per_Gallon FROM cars WHERE Name = 'datsun 280-zx'"),
    Question("List the cars from Europe with 5 cylinders.",
             "SELECT Name FROM cars WHERE Origin = 'Europe' AND Cylinders = 5 ORDER BY Name",
             column=True),
    Question("How many barley varieties were grown in the trial?",
             "SELECT COUNT(DISTINCT variety) FROM barley"),
    Question("List the sites of the barley trial.",
             "SELECT DISTINCT site FROM barley ORDER BY site", column=True),
    Question("What was the total barley yield in 1931?",
             "SELECT ROUND(SUM(yield), 2) FROM barley WHERE year = 1931"),
    Question("Which barley site had the highest total yield?",
             "SELECT site FROM barley GROUP BY site ORDER BY SUM(yield) DESC LIMIT 1"),
    Question("Which barley variety had the lowest average yield?",
             "SELECT variety FROM barley GROUP BY variety ORDER BY AVG(yield) LIMIT 1"),
    Question("What was the yield of Trebi at Waseca in 1932?",
             "SELECT yield FROM barley WHERE variety = 'Trebi' AND site = 'Waseca'"
             " AND year = 1932"),
    Question("At which sites did Manchuria yield more in 1932 than in 1931?",
             f"SELECT b1.site FROM barley b1 JOIN {_YEAR_1932} WHERE b1.year = 1931"
             " AND b1.variety = 'Manchuria' AND b2.yield > b1.yield ORDER BY b1.site",
             column=True),
    Question("How many people died in the Los Angeles riots?", "SELECT COUNT(*) FROM la_riots"),
    Question("How many riot deaths were homicides?",
             "SELECT COUNT(*) FROM la_riots WHERE type = 'Homicide'"),
    Question("Which neighborhoods had more than 3 deaths in the riots?",
             "SELECT neighborhood FROM la_riots GROUP BY neighborhood HAVING COUNT(*) > 3"
             " ORDER BY neighborhood", column=True),
    Question("What was the average age of the people who died in the riots?",
             "SELECT ROUND(AVG(age), 2) FROM la_riots"),
    Question("How many of the riot victims were women?",
             "SELECT COUNT(*) FROM la_riots WHERE gender = 'Female'"),
    Question("How many riot victims died on each date?",
             "SELECT COUNT(*) FROM la_riots GROUP BY death_date ORDER BY death_date",
             column=True),
    Question("Who were the victims of officer-involved shootings?",
             "SELECT first_name || ' ' || last_name FROM la_riots"
             " WHERE type = 'Officer-involved shooting' ORDER BY last_name, first_name",
             column=True),
    Question("How many days of rain did Seattle have in 2014?",
             f"SELECT COUNT(*) FROM {_WEATHER} WHERE weather = 'rain'"
             " AND strftime('%Y', date) = '2014'"),
    Question("What was the total precipitation in Seattle in 2015?",
             f"SELECT ROUND(SUM(precipitation), 2) FROM {_WEATHER}"
             " WHERE strftime('%Y', date) = '2015'"),
    Question("What was the hottest day in Seattle?",
             f"SELECT date FROM {_WEATHER} ORDER BY temp_max DESC LIMIT 1"),
    Question("What was the lowest temperature recorded in Seattle?",
             f"SELECT MIN(temp_min) FROM {_WEATHER}"),
    Question("Which kind of weather was the most common in Seattle?",
             f"SELECT weather FROM {_WEATHER} GROUP BY weather ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many days had more than 20 mm of precipitation?",
             f"SELECT COUNT(*) FROM {_WEATHER} WHERE precipitation > 20"),
    Question("In which years did it never snow in Seattle?",
             f"SELECT strftime('%Y', date) FROM {_WEATHER} GROUP BY strftime('%Y', date)"
             " HAVING SUM(weather = 'snow') = 0 ORDER BY strftime('%Y', date)", column=True),
    Question("What was the average maximum temperature in Seattle each year?",
             f"SELECT ROUND(AVG(temp_max), 2) FROM {_WEATHER} GROUP BY strftime('%Y', date)"
             " ORDER BY strftime('%Y', date)", column=True),
    Question("How many snowy days did Seattle have in each year?",
             f"SELECT SUM(weather = 'snow') FROM {_WEATHER}"
             " GROUP BY strftime('%Y', date) ORDER BY strftime('%Y', date)", column=True),
    Question("Which month of 2013 was the wettest in Seattle?",
             f"SELECT strftime('%m', date) FROM {_WEATHER} WHERE strftime('%Y', date) = '2013'"
             " GROUP BY strftime('%m', date) ORDER BY SUM(precipitation) DESC LIMIT 1"),
    Question("What was the highest price of IBM stock?",
             "SELECT MAX(price) FROM stocks WHERE symbol = 'IBM'"),
    Question("What was Apple's stock price in January 2008?",
             "SELECT price FROM stocks WHERE symbol = 'AAPL' AND date = '2008-01-01'"),
    Question("What was the average price of each stock?",
             "SELECT ROUND(AVG(price), 2) FROM stocks GROUP BY symbol ORDER BY symbol",
             column=True),
    Question("Which stock had the highest price in March 2010?",
             "SELECT symbol FROM stocks WHERE date = '2010-03-01' ORDER BY price DESC LIMIT 1"),
    Question("In how many months was Amazon's stock above 100 dollars?",
             "SELECT COUNT(*) FROM stocks WHERE symbol = 'AMZN' AND price > 100"),
    Question("How much did Microsoft's stock price change from January 2000 to March 2010?",
             "SELECT ROUND((SELECT price FROM stocks WHERE symbol = 'MSFT' AND date = "
             "'2010-03-01') - (SELECT price FROM stocks WHERE symbol = 'MSFT' AND date = "
             "'2000-01-01'), 2)"),
    Question("How much electricity did Iowa generate from renewables in 2017?",
             f"SELECT net_generation FROM {_IOWA} WHERE source = 'Renewables'"
             " AND year = '2017-01-01'"),
    Question("What was Iowa's total net generation in 2010?",
             f"SELECT SUM(net_generation) FROM {_IOWA} WHERE year = '2010-01-01'"),
    Question("Which source generated the most electricity in Iowa overall?",
             f"SELECT source FROM {_IOWA} GROUP BY source ORDER BY SUM(net_generation) DESC"
             " LIMIT 1"),
    Question("In which years did renewables generate more than 10000 in Iowa?",
             f"SELECT strftime('%Y', year) FROM {_IOWA} WHERE source = 'Renewables'"
             " AND net_generation > 10000 ORDER BY year", column=True),
    *_no(
        "What is the price of a chevrolet chevelle malibu?",
        "Which car has the best safety rating?",
        "How much rain will Seattle get next month?",
        "What was the weather in Los Angeles during the riots?",
        "Who was arrested for the homicides in the riots?",
        "What was Google's stock price in 2020?",
        "How much fertilizer was used on the barley at Waseca?",
        "How much electricity did Nebraska generate from wind in 2010?",
        "What is the dividend of IBM stock?",
        "Write a short poem about Seattle's rainy days.",
        "¿Cuántos coches son de Japón?",
        "Wie viel Gerste wurde 1932 in Morris geerntet?",
    ),
]  # fmt: skip
