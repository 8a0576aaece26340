"""Identifiers as PostgreSQL reads them: ``U&"\\0070g_read_file"`` is ``pg_read_file``.

sqlglot reads ``U&"..."`` as the column ``U`` AND a quoted identifier, so the guard
would judge a name PostgreSQL never sees.  ``decode_unicode_identifiers`` rewrites
every ``U&"..."`` into the plain quoted identifier PostgreSQL resolves it to (``\\XXXX``
and ``\\+XXXXXX`` escapes, ``\\\\``), before the guard parses; a ``UESCAPE`` clause,
an invalid escape or a surrogate is refused (fail closed).  ``quoted_function_names``
lists the quoted identifiers written as function names (``"Upper"(x)``): PostgreSQL
matches those case-sensitively, so they are not the built-in of the same letters.

Example::

    decode_unicode_identifiers('SELECT U&"\\0070g_read_file"(1)', "postgres")
    # 'SELECT "pg_read_file"(1)'
"""

from __future__ import annotations

import itertools
import re

from sqlglot.dialects.dialect import Dialect
from sqlglot.tokenizer_core import Token, TokenType

__all__ = ["UnverifiableIdentifierError", "decode_unicode_identifiers", "quoted_function_names"]

_UNICODE_PREFIX = re.compile(r"[uU]&")
_ESCAPE = re.compile(r"\\(?:\\|\+([0-9A-Fa-f]{6})|([0-9A-Fa-f]{4}))|\\")


class UnverifiableIdentifierError(ValueError):
    """A ``U&"..."`` identifier the guard cannot decode as PostgreSQL would."""


def decode_unicode_identifiers(sql: str, dialect: str | None) -> str:
    """``sql`` with each ``U&"..."`` identifier replaced by the identifier it spells."""
    if not _UNICODE_PREFIX.search(sql):
        return sql
    tokens = Dialect.get_or_raise(dialect).tokenize(sql)
    pieces: list[str] = []
    last = 0
    for index, token in enumerate(tokens):
        if not _is_unicode_identifier(tokens, index):
            continue
        quoted = tokens[index + 2]
        following = tokens[index + 3] if index + 3 < len(tokens) else None
        if following is not None and following.text.upper() == "UESCAPE":
            raise UnverifiableIdentifierError('a U&"..." identifier with UESCAPE')
        name = _decode(sql[quoted.start + 1 : quoted.end].replace('""', '"'))
        pieces.append(sql[last : token.start])
        pieces.append('"' + name.replace('"', '""') + '"')
        last = quoted.end + 1
    return "".join(pieces) + sql[last:] if pieces else sql


def quoted_function_names(sql: str, dialect: str | None) -> list[str]:
    """The quoted identifiers directly followed by ``(`` (as written, quotes removed)."""
    if '"' not in sql:
        return []
    tokens = Dialect.get_or_raise(dialect).tokenize(sql)
    return [
        token.text
        for token, following in itertools.pairwise(tokens)
        if token.token_type == TokenType.IDENTIFIER
        and following.token_type == TokenType.L_PAREN
        and _adjacent_or_spaced(sql, token, following)
    ]


def _is_unicode_identifier(tokens: list[Token], index: int) -> bool:
    if index + 2 >= len(tokens):
        return False
    prefix, amp, quoted = tokens[index], tokens[index + 1], tokens[index + 2]
    return (
        prefix.text in ("U", "u")
        and amp.token_type == TokenType.AMP
        and quoted.token_type == TokenType.IDENTIFIER
        and prefix.end + 1 == amp.start
        and amp.end + 1 == quoted.start
    )


def _decode(body: str) -> str:
    def replace(match: re.Match[str]) -> str:
        text = match.group(0)
        if text == "\\\\":
            return "\\"
        digits = match.group(1) or match.group(2)
        if digits is None:
            raise UnverifiableIdentifierError(f"an invalid Unicode escape in U&{body!r}")
        code = int(digits, 16)
        if 0xD800 <= code <= 0xDFFF or code > 0x10FFFF or code == 0:
            raise UnverifiableIdentifierError(f"an unsupported Unicode escape in U&{body!r}")
        return chr(code)

    return _ESCAPE.sub(replace, body)


def _adjacent_or_spaced(sql: str, token: Token, following: Token) -> bool:
    return not sql[token.end + 1 : following.start].strip()
