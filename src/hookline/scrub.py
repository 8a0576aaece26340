"""``scrub_secrets``: the one scrubber for error texts that leave a tool or a provider.

It masks what would let a reader in: the password of a URL
(``postgres://admin:***@db``), the value of a ``password=`` / ``pwd=`` / ``secret=`` /
``api_key=`` / ``...token=`` style pair (DSN, query string, header, JSON and YAML forms),
an ``Authorization`` header's credentials and a bearer token, private-key blocks, JWTs,
the API keys whose shape is known (OpenAI and Anthropic ``sk-``, AWS ``AKIA``, GitHub
``ghp_``, Slack ``xox``, Google ``AIza``, Stripe, GitLab, Hugging Face) and a long token
right after the word key, token, secret or password.  Everything else is kept, so an
error stays useful: ``no such column: x`` reads the same after scrubbing.

Hookline applies it where error text leaves its source: a failed ``ToolResult``'s texts
(what the model reads and the user sees), the error a turn shows a client, the body of
every HTTP error.  Provider errors never carry the provider's text at all (a class and
an error id; the log has the text).  Call it yourself on text that hookline does not
see as an error (a tool that returns an exception's text as a success, say).

Example::

    scrub_secrets("could not connect to postgres://admin:hunter2@db:5432/sales")
    # 'could not connect to postgres://admin:***@db:5432/sales'
"""

from __future__ import annotations

import re

__all__ = ["REDACTED", "scrub_secrets"]

REDACTED = "***"
"""What a secret is replaced with (the text around it, a key's name, a prefix, stays)."""

_PRIVATE_KEY = re.compile(
    r"-----BEGIN (?P<kind>[A-Z0-9 ]*)PRIVATE KEY-----.*?(?:-----END [A-Z0-9 ]*PRIVATE KEY-----|\Z)",
    re.DOTALL,
)
_URL_PASSWORD = re.compile(  # scheme://user:password@host (the password may hold an @)
    r"(?<![A-Za-z0-9+.-])(?P<head>[A-Za-z][A-Za-z0-9+.-]*+://[^\s:/?#@'\"<>]*+:)"
    r"[^\s/]*@"
)
_AUTHORIZATION = re.compile(  # Authorization: Bearer xyz / Basic xyz / xyz
    r"\b(?P<head>(?:proxy-)?authorization[\"']?[ \t]*+[:=][ \t]*+[\"']?"
    r"(?:(?:bearer|basic|digest|token|apikey|key)[ \t]++)?)[^\s\"',;]+",
    re.IGNORECASE,
)
_BEARER = re.compile(r"\b(?P<head>bearer[ \t]++)[A-Za-z0-9._~+/=-]{8,}", re.IGNORECASE)
_KNOWN_KEYS = re.compile(
    r"(?<![A-Za-z0-9_-])(?P<head>"
    r"sk-(?:ant-(?:api\d\d-|admin\d\d-)?+|proj-|svcacct-|admin-)?+(?=[A-Za-z0-9_*-]{12})"
    r"|[sr]k_(?:live|test)_(?=[A-Za-z0-9]{10})"
    r"|gh[pousr]_(?=[A-Za-z0-9]{20})|github_pat_(?=[A-Za-z0-9_]{20})"
    r"|xox[abposre]-(?=[A-Za-z0-9-]{10})"
    r"|glpat-(?=[A-Za-z0-9_-]{16})"
    r"|hf_(?=[A-Za-z0-9]{30})"
    r"|AIza(?=[A-Za-z0-9_-]{30})"
    r"|(?:AKIA|ASIA)(?=[A-Z0-9]{16}))"
    r"[A-Za-z0-9_*-]++"
)
_JWT = re.compile(r"\beyJ[\w-]{8,}+\.[\w-]{8,}+\.[\w-]{8,}+")
_VALUE = (  # "double" (\" inside), 'single', bare, or quoted and cut before its end
    r"""(?P<value>"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|["']?[^\s&;,"'<>()\[\]{}]+)"""
)
_STRONG_KEY = (
    r"(?:pass(?:word|wd|[_.-]?phrase)|pwd|secret|token|credentials?|signature"
    r"|(?:api|access|private|secret|auth)[_.-]?key)"
)
_STRONG_PAIR = re.compile(  # DB_PASSWORD=x, "access_token": "x", x-api-key: x
    rf"""(?<![\w.-])(?P<key>[\w.-]*?{_STRONG_KEY})(?P<sep>["']?[ \t]*+[=:][ \t]*+){_VALUE}""",
    re.IGNORECASE,
)
_WEAK_PAIR = re.compile(  # ?key=x, &sig=x, DB_PASS=x: "=" only ("primary key: id" is prose)
    rf"""(?<![\w.-])(?P<key>(?:[\w.-]*?[_.-])?(?:pass|pw|key|sig|auth))"""
    rf"""(?P<sep>["']?[ \t]*+=[ \t]*+){_VALUE}""",
    re.IGNORECASE,
)
_TOKEN_AFTER_WORD = re.compile(  # "API key 0a1b2c...", "token was eyJ..."
    r"\b(?P<head>(?:api[ _-]?key|key|token|secret|password|passwd|credential)s?"
    r"[ \t]++(?:(?:is|was|of|provided|value)[ \t:]++)?[\"'`]?)"
    r"(?P<value>[A-Za-z0-9+/_.~-]{16,}+=*)",
    re.IGNORECASE,
)


def scrub_secrets(text: str) -> str:
    """``text`` with every password, key and token it carries replaced by ``***``.

    Idempotent (scrubbing twice changes nothing more); linear in the text's length.

    Example::

        scrub_secrets("host=db user=admin password=hunter2")  # 'host=db user=admin password=***'
    """
    text = _PRIVATE_KEY.sub(_private_key, text)
    text = _URL_PASSWORD.sub(rf"\g<head>{REDACTED}@", text)
    text = _AUTHORIZATION.sub(rf"\g<head>{REDACTED}", text)
    text = _BEARER.sub(rf"\g<head>{REDACTED}", text)
    text = _KNOWN_KEYS.sub(rf"\g<head>{REDACTED}", text)
    text = _JWT.sub(REDACTED, text)
    text = _STRONG_PAIR.sub(_pair, text)
    text = _WEAK_PAIR.sub(_pair, text)
    return _TOKEN_AFTER_WORD.sub(_token_after_word, text)


def _private_key(match: re.Match[str]) -> str:
    kind = match.group("kind")
    return f"-----BEGIN {kind}PRIVATE KEY-----{REDACTED}-----END {kind}PRIVATE KEY-----"


def _pair(match: re.Match[str]) -> str:
    value, sep = match.group("value"), match.group("sep")
    opening = value[0] if value[0] in "\"'" else ""
    if sep[0] in "\"'" and ":" in sep and not opening:  # 'near "password": syntax error'
        return match.group(0)  # (a quoted key's secret is a quoted string: JSON, repr)
    closing = opening if len(value) > 1 and value.endswith(opening) else ""
    return f"{match.group('key')}{sep}{opening}{REDACTED}{closing}"


def _token_after_word(match: re.Match[str]) -> str:
    value = match.group("value")
    if not any(c.isdigit() for c in value):  # a long word ("key constraints_violated...")
        return match.group(0)
    return f"{match.group('head')}{REDACTED}"
