"""HomeBank's sample file's questions (homebank.md): the tenth held-out database.  Written
from HomeBank's XML format and a look at the built rows (its payees, categories, amounts
and dates) by a helper who never read the linker's code, before the agent was ever run on
it; every gold SQL was checked with sqlite3 alone.  Money leaving an account is a negative
amount, as HomeBank keeps it; a transfer between two accounts is a transaction in each."""

from __future__ import annotations

from .questions import Question

_PAY = "ope o JOIN pay p ON p.key = o.payee"
_CAT = "ope o JOIN cat c ON c.key = o.category"
_ACC = "ope o JOIN account a ON a.key = o.account"
_SUB = "ope o JOIN cat c ON c.key = o.category JOIN cat t ON t.key = c.parent"
_TOP = "ope o JOIN cat c ON c.key = o.category JOIN cat t ON t.key = COALESCE(c.parent, c.key)"


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


HOMEBANK = [
    Question("How many transactions are there?", "SELECT COUNT(*) FROM ope"),
    Question("How many accounts are there?", "SELECT COUNT(*) FROM account"),
    Question("How many payees are there?", "SELECT COUNT(*) FROM pay"),
    Question("How many categories are there, subcategories included?",
             "SELECT COUNT(*) FROM cat"),
    Question("How many top-level categories are there?",
             "SELECT COUNT(*) FROM cat WHERE parent IS NULL"),
    Question("How many scheduled transactions are set up?", "SELECT COUNT(*) FROM fav"),
    Question("How many transactions were made in 2022?",
             "SELECT COUNT(*) FROM ope WHERE date LIKE '2022%'"),
    Question("How many transactions were paid by debit card?",
             "SELECT COUNT(*) FROM ope WHERE paymode = 'Debit card'"),
    Question("How many transactions have been reconciled?",
             "SELECT COUNT(*) FROM ope WHERE st = 'Reconciled'"),
    Question("How many transfers between accounts are recorded?",
             "SELECT COUNT(DISTINCT kxfer) FROM ope WHERE kxfer IS NOT NULL"),
    Question("What is the total of all rent transactions?",
             f"SELECT SUM(o.amount) FROM {_CAT} WHERE c.name = 'Rent'"),
    Question("How much net pay was received in total?",
             f"SELECT SUM(o.amount) FROM {_CAT} WHERE c.name = 'Net Pay'"),
    Question("What is the total amount of the Netflix payments?",
             f"SELECT SUM(o.amount) FROM {_PAY} WHERE p.name = 'Netflix'"),
    Question("How many times was Total Access paid?",
             f"SELECT COUNT(*) FROM {_PAY} WHERE p.name = 'Total Access'"),
    Question("What was the average amount of a gasoline transaction?",
             f"SELECT AVG(o.amount) FROM {_CAT} WHERE c.name = 'Gasoline'"),
    Question("What was the largest single income transaction?",
             "SELECT MAX(amount) FROM ope"),
    Question("On what date was the cheapest gasoline purchase made?",
             f"SELECT o.date FROM {_CAT} WHERE c.name = 'Gasoline'"
             " ORDER BY o.amount DESC LIMIT 1"),
    Question("How many transactions did the cheque account have?",
             f"SELECT COUNT(*) FROM {_ACC} WHERE a.name = 'Cheque account'"),
    Question("What is the currency of the Japan account?",
             "SELECT c.name FROM account a JOIN cur c ON c.key = a.curr"
             " WHERE a.name = 'Japan account'"),
    Question("What was the opening balance of the saving account?",
             "SELECT initial FROM account WHERE name = 'Saving account'"),
    Question("How many transactions were there in each account?",
             f"SELECT a.name, COUNT(*) FROM {_ACC} GROUP BY a.name ORDER BY a.name"),
    Question("How many transactions used each payment mode?",
             "SELECT paymode, COUNT(*) FROM ope WHERE paymode IS NOT NULL GROUP BY paymode"
             " ORDER BY paymode"),
    Question("Which payee has the most transactions?",
             f"SELECT p.name FROM {_PAY} GROUP BY p.key ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("Who pays the household's net pay?",
             f"SELECT DISTINCT p.name FROM {_PAY} JOIN cat c ON c.key = o.category"
             " WHERE c.name = 'Net Pay'"),
    Question("What was the average rent payment?",
             f"SELECT AVG(o.amount) FROM {_CAT} WHERE c.name = 'Rent'"),
    Question("How many different payees were paid by debit card?",
             "SELECT COUNT(DISTINCT payee) FROM ope WHERE paymode = 'Debit card'"),
    Question("Which account has the highest opening balance?",
             "SELECT name FROM account ORDER BY initial DESC LIMIT 1"),
    Question("What are the top 3 payees by total amount paid to them?",
             f"SELECT p.name FROM {_PAY} WHERE o.amount < 0 GROUP BY p.key"
             " ORDER BY SUM(o.amount) LIMIT 3", column=True),
    Question("What are the top 5 spending categories?",
             f"SELECT c.name FROM {_CAT} WHERE o.amount < 0 GROUP BY c.key"
             " ORDER BY SUM(o.amount) LIMIT 5", column=True),
    Question("What is the most common payment mode?",
             "SELECT paymode FROM ope WHERE paymode IS NOT NULL GROUP BY paymode"
             " ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many transactions fall in each top-level category, subcategories counted"
             " in their parent?",
             f"SELECT t.name, COUNT(*) FROM {_TOP} GROUP BY t.key ORDER BY t.name"),
    Question("How many transactions fall under the Bills category and its subcategories?",
             f"SELECT COUNT(*) FROM {_SUB} WHERE t.name = 'Bills'"),
    Question("List the subcategories of Bills.",
             "SELECT c.name FROM cat c JOIN cat t ON t.key = c.parent WHERE t.name = 'Bills'"
             " ORDER BY c.name", column=True),
    Question("Which categories have a monthly budget above 100 euros?",
             "SELECT name FROM cat WHERE ABS(b0) > 100 ORDER BY name", column=True),
    Question("What is the monthly budget for gasoline?",
             "SELECT b0 FROM cat WHERE name = 'Gasoline'"),
    Question("Which month had the most transactions in the cheque account?",
             f"SELECT substr(o.date, 1, 7) FROM {_ACC} WHERE a.name = 'Cheque account'"
             " GROUP BY 1 ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("What do the electricity transactions of 2022 add up to?",
             f"SELECT SUM(o.amount) FROM {_CAT} WHERE c.name = 'Electricity'"
             " AND o.date LIKE '2022%'"),
    Question("What was the cheque account's net total in January 2023?",
             f"SELECT ROUND(SUM(o.amount), 2) FROM {_ACC} WHERE a.name = 'Cheque account'"
             " AND o.date LIKE '2023-01%'"),
    Question("How many payees have no default category?",
             "SELECT COUNT(*) FROM pay WHERE category IS NULL"),
    Question("How many categories have never been used by a transaction?",
             "SELECT COUNT(*) FROM cat WHERE key NOT IN (SELECT category FROM ope"
             " WHERE category IS NOT NULL)"),
    Question("How many payments of more than 500 euros were made?",
             "SELECT COUNT(*) FROM ope WHERE amount < -500"),
    Question("How many cheque account transactions were there, excluding transfers?",
             f"SELECT COUNT(*) FROM {_ACC} WHERE a.name = 'Cheque account'"
             " AND o.dst_account IS NULL"),
    Question("How many scheduled transactions recur every month?",
             "SELECT COUNT(*) FROM fav WHERE every = 1 AND unit = 'month'"),
    Question("When is the next scheduled rent payment due?",
             "SELECT f.nextdate FROM fav f JOIN cat c ON c.key = f.category"
             " WHERE c.name = 'Rent'"),
    *_no(
        "What is the IBAN of the cheque account?",
        "Which bank holds the saving account?",
        "What is the address of Laforêt?",
        "What is the credit score of the account holder?",
        "What will the balance of the saving account be in 2030?",
        "What is the current exchange rate of the euro to the dollar?",
        "Who is the CEO of World Company?",
        "What is the Peugeot 106's top speed?",
        "What was the weather on the day of the largest rent payment?",
        "Write a short story about the household's spending habits.",
        "¿Cuánto se gastó en gasolina en 2022?",
        "Combien de transactions ont été payées par carte bancaire ?",
    ),
]  # fmt: skip
