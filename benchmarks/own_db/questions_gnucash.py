"""GnuCash's tax-report example book's questions (gnucash.md): the twelfth held-out database.
Written from GnuCash's SQL schema and a look at the built rows (its accounts, transactions
and splits) by a helper who never read the linker's code, before the agent was ever run on
it; every gold SQL was checked with sqlite3 alone.  An amount is ``value_num / value_denom``;
money into an asset or expense account is positive, income is negative (double entry)."""

from __future__ import annotations

from .questions import Question

_AMT = "s.value_num * 1.0 / s.value_denom"
_SPL = "splits s JOIN accounts a ON a.guid = s.account_guid"
_TRN = "splits s JOIN transactions t ON t.guid = s.tx_guid"
_ALL = f"{_TRN} JOIN accounts a ON a.guid = s.account_guid"
_KID = "accounts a JOIN accounts p ON p.guid = a.parent_guid"


def _no(*texts: str) -> list[Question]:
    return [Question(text, None, "unanswerable") for text in texts]


GNUCASH = [
    Question("How many transactions are there?", "SELECT COUNT(*) FROM transactions"),
    Question("How many splits are there?", "SELECT COUNT(*) FROM splits"),
    Question("How many accounts are in the book, the root account included?",
             "SELECT COUNT(*) FROM accounts"),
    Question("How many commodities are there?", "SELECT COUNT(*) FROM commodities"),
    Question("How many expense accounts are there?",
             "SELECT COUNT(*) FROM accounts WHERE account_type = 'EXPENSE'"),
    Question("How many income accounts are there?",
             "SELECT COUNT(*) FROM accounts WHERE account_type = 'INCOME'"),
    Question("How many accounts of each type are there?",
             "SELECT account_type, COUNT(*) FROM accounts GROUP BY account_type"
             " ORDER BY account_type", column=True),
    Question("How many transactions were posted in September 2000?",
             "SELECT COUNT(*) FROM transactions WHERE post_date LIKE '2000-09%'"),
    Question("How many transactions were posted in 2001?",
             "SELECT COUNT(*) FROM transactions WHERE post_date LIKE '2001%'"),
    Question("How many transactions were posted each month?",
             "SELECT substr(post_date, 1, 7), COUNT(*) FROM transactions GROUP BY 1 ORDER BY 1",
             column=True),
    Question("How many opening balance transactions are there?",
             "SELECT COUNT(*) FROM transactions WHERE description = 'Opening Balance'"),
    Question("How many transactions were posted in September 2000, excluding opening balances?",
             "SELECT COUNT(*) FROM transactions WHERE post_date LIKE '2000-09%'"
             " AND description <> 'Opening Balance'"),
    Question("Which day had the most transactions?",
             "SELECT substr(post_date, 1, 10) FROM transactions GROUP BY 1"
             " ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many transactions have a number or reference entered?",
             "SELECT COUNT(*) FROM transactions WHERE num IS NOT NULL"),
    Question("How many transactions have more than two splits?",
             "SELECT COUNT(*) FROM (SELECT tx_guid FROM splits GROUP BY tx_guid"
             " HAVING COUNT(*) > 2)"),
    Question("How many opening balance transactions have only one split?",
             "SELECT COUNT(*) FROM transactions t WHERE t.description = 'Opening Balance'"
             " AND (SELECT COUNT(*) FROM splits s WHERE s.tx_guid = t.guid) = 1"),
    Question("Which account has the most splits?",
             f"SELECT a.name FROM {_SPL} GROUP BY a.guid ORDER BY COUNT(*) DESC LIMIT 1"),
    Question("How many splits does the Checking One bank account have?",
             f"SELECT COUNT(*) FROM {_SPL} WHERE a.name = 'Checking One'"
             " AND a.account_type = 'BANK'"),
    Question("What is the balance of the Checking One bank account?",
             f"SELECT ROUND(SUM({_AMT}), 2) FROM {_SPL} WHERE a.name = 'Checking One'"
             " AND a.account_type = 'BANK'"),
    Question("What is the balance of the Checking Two bank account?",
             f"SELECT ROUND(SUM({_AMT}), 2) FROM {_SPL} WHERE a.name = 'Checking Two'"
             " AND a.account_type = 'BANK'"),
    Question("How much estimated federal tax was paid in 2000?",
             f"SELECT ROUND(SUM({_AMT}), 2) FROM {_ALL} WHERE a.name = 'Estimated'"
             " AND t.post_date LIKE '2000%'"),
    Question("When was the last Fed Est Tax payment posted?",
             "SELECT MAX(post_date) FROM transactions WHERE description = 'Fed Est Tax'"),
    Question("How much salary was earned in total?",
             f"SELECT ROUND(-SUM({_AMT}), 2) FROM {_SPL} WHERE a.name = 'Salary'"),
    Question("How much was withheld for Medicare in total?",
             f"SELECT ROUND(SUM({_AMT}), 2) FROM {_SPL} WHERE a.name = 'Medicare Withholding'"),
    Question("What was the total deposited into Checking One from the Job Two paychecks?",
             f"SELECT ROUND(SUM({_AMT}), 2) FROM {_ALL} WHERE a.name = 'Checking One'"
             " AND a.account_type = 'BANK' AND t.description = 'Job Two'"),
    Question("What was the total amount of the Dividends transactions?",
             f"SELECT ROUND(SUM({_AMT}), 2) FROM {_TRN} WHERE t.description = 'Dividends'"
             " AND s.value_num > 0"),
    Question("What are the top 5 expense accounts by total amount spent?",
             f"SELECT a.name FROM {_SPL} WHERE a.account_type = 'EXPENSE' GROUP BY a.guid"
             f" ORDER BY SUM({_AMT}) DESC LIMIT 5", column=True),
    Question("Which expense account got the largest single split?",
             f"SELECT a.name FROM {_SPL} WHERE a.account_type = 'EXPENSE'"
             f" ORDER BY {_AMT} DESC LIMIT 1"),
    Question("Which income account brought in the most money?",
             f"SELECT a.name FROM {_SPL} WHERE a.account_type = 'INCOME' GROUP BY a.guid"
             f" ORDER BY SUM({_AMT}) LIMIT 1"),
    Question("How many accounts have never been used in a split?",
             "SELECT COUNT(*) FROM accounts WHERE guid NOT IN (SELECT account_guid FROM splits)"),
    Question("How many expense accounts were never used?",
             "SELECT COUNT(*) FROM accounts WHERE account_type = 'EXPENSE'"
             " AND guid NOT IN (SELECT account_guid FROM splits)"),
    Question("How many accounts are directly under Assets?",
             f"SELECT COUNT(*) FROM {_KID} WHERE p.name = 'Assets'"),
    Question("How many subaccounts does the top-level Expense account have?",
             f"SELECT COUNT(*) FROM {_KID} WHERE p.name = 'Expense'"
             " AND p.parent_guid = (SELECT guid FROM accounts WHERE account_type = 'ROOT')"),
    Question("What is the parent account of the Checking One bank account?",
             f"SELECT p.name FROM {_KID} WHERE a.name = 'Checking One'"
             " AND a.account_type = 'BANK'"),
    Question("What is the account code of Liabilities?",
             "SELECT code FROM accounts WHERE name = 'Liabilities'"),
    Question("Which accounts have a description, and what is it?",
             "SELECT name, description FROM accounts WHERE description IS NOT NULL"
             " ORDER BY name", column=True),
    Question("How many accounts are kept in US dollars?",
             "SELECT COUNT(*) FROM accounts a JOIN commodities c ON c.guid = a.commodity_guid"
             " WHERE c.mnemonic = 'USD'"),
    Question("Which accounts hold the Fid Magellan Fund?",
             "SELECT a.name FROM accounts a JOIN commodities c ON c.guid = a.commodity_guid"
             " WHERE c.fullname = 'Fid Magellan Fund' ORDER BY a.name", column=True),
    Question("How many transactions involve Retained Earnings?",
             f"SELECT COUNT(DISTINCT s.tx_guid) FROM {_SPL} WHERE a.name = 'Retained Earnings'"),
    Question("List the checks written, with their numbers and descriptions.",
             "SELECT num, description FROM transactions WHERE num GLOB '[0-9]*' ORDER BY num",
             column=True),
    Question("How many payments of more than 200 dollars went to expense accounts?",
             f"SELECT COUNT(*) FROM {_SPL} WHERE a.account_type = 'EXPENSE' AND {_AMT} > 200"),
    Question("What was the average amount paid per Fed Est Tax payment?",
             f"SELECT ROUND(AVG({_AMT}), 2) FROM {_ALL} WHERE a.name = 'Estimated'"),
    *_no(
        "What is the routing number of Checking One?",
        "Which bank holds the Saving One account?",
        "What is the interest rate on Money Market Fund One?",
        "What is the share price of the Fid Magellan Fund today?",
        "How much tax will the household owe in 2030?",
        "What is the employer's name for Job One?",
        "Who is the spouse that received the IRA contribution?",
        "Which store does the household buy its groceries at?",
        "What was the inflation rate in the US in 2000?",
        "Write a short poem about the household's taxes.",
        "¿Cuánto dinero hay en la cuenta Checking One?",
        "Wie viele Buchungen gab es im September 2000?",
    ),
]  # fmt: skip
