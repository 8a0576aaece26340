"""``scrub_secrets``: every spelling of a password, key or token is masked, the text around
it is kept, database errors read the same, and the time stays linear (issue 31)."""

from __future__ import annotations

import string
import time

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from hookline.scrub import scrub_secrets

MASKED = [
    # URL credentials
    ("postgres://admin:hunter2@db.internal", "postgres://admin:***@db.internal"),
    ("postgresql+asyncpg://admin:hunter2@db:5432/x", "postgresql+asyncpg://admin:***@db:5432/x"),
    ("mysql://root:p@ss:w0rd@10.0.0.5/app", "mysql://root:***@10.0.0.5/app"),
    ("redis://:topsecret@cache:6379/0", "redis://:***@cache:6379/0"),
    ("MONGODB+SRV://u:pw123@c0.x.net/?w=1", "MONGODB+SRV://u:***@c0.x.net/?w=1"),
    ("see (amqp://guest:guest@mq)", "see (amqp://guest:***@mq)"),
    ("url='postgres://a:p\"q'r@h' x", "url='postgres://a:***@h' x"),
    ("'https://bot:tok%2Fen@git.x.io/r.git'", "'https://bot:***@git.x.io/r.git'"),
    # key=value: DSN, query string, environment, config
    ("host=db user=admin password=hunter2 dbname=x", "host=db user=admin password=*** dbname=x"),
    ("host=db password='hunter 2' port=5", "host=db password='***' port=5"),
    ('password="it\'s-secret" x', 'password="***" x'),
    ('password="hunter2', 'password="***'),
    ('{"password": "pa\\"ss", "n": 1}', '{"password": "***", "n": 1}'),
    ('token: "abc:def"', 'token: "***"'),
    (
        "jdbc:postgresql://h:5432/d?user=a&password=hunter2&ssl=1",
        "jdbc:postgresql://h:5432/d?user=a&password=***&ssl=1",
    ),
    ("Server=db;Uid=sa;Pwd=hunter2;", "Server=db;Uid=sa;Pwd=***;"),
    ("PGPASSWORD=hunter2 psql", "PGPASSWORD=*** psql"),
    ("DB_PASS=hunter2", "DB_PASS=***"),
    ("export AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG", "export AWS_SECRET_ACCESS_KEY=***"),
    ("client_secret = abc", "client_secret = ***"),
    (
        "https://x.io/cb?code=1&access_token=abc.def&state=2",
        "https://x.io/cb?code=1&access_token=***&state=2",
    ),
    ("https://maps.x.com/api?key=abc123&q=1", "https://maps.x.com/api?key=***&q=1"),
    ("blob.x.net/c?sv=2020&sig=abcd%2Bef&se=1", "blob.x.net/c?sv=2020&sig=***&se=1"),
    ("secret: s3cr3t", "secret: ***"),
    ("Error: password: hunter2", "Error: password: ***"),
    ("spring.datasource.password=hunter2", "spring.datasource.password=***"),
    # JSON, Python reprs, headers
    ('{"password": "hunter 2", "user": "a"}', '{"password": "***", "user": "a"}'),
    ("{'api_key': 'abc', 'n': 1}", "{'api_key': '***', 'n': 1}"),
    ('{"refresh_token":"r1"}', '{"refresh_token":"***"}'),
    ("x-api-key: abc123", "x-api-key: ***"),
    ("Authorization: Bearer abc.def-ghi", "Authorization: Bearer ***"),
    ("authorization=Basic dXNlcjpwYXNz", "authorization=Basic ***"),
    ('"Authorization": "token ghs_short"', '"Authorization": "token ***"'),
    ("Proxy-Authorization: Digest xyz", "Proxy-Authorization: Digest ***"),
    ("sent bearer abcdefgh12345 twice", "sent bearer *** twice"),
    # keys whose shape is known
    (
        "Incorrect API key provided: sk-proj-Ab12****wxyz.",
        "Incorrect API key provided: sk-proj-***.",
    ),
    ("sk-ant-api03-AbCdEfGhIjKlMnOp-xyz_0", "sk-ant-api03-***"),
    ("key=sk-AbCdEfGhIjKlMnOpQrSt", "key=***"),
    ("id AKIAIOSFODNN7EXAMPLE used", "id AKIA*** used"),
    ("ghp_abcdefghijklmnopqrstuvwxyz0123456789", "ghp_***"),
    ("github_pat_11ABCDEFG0abcdefghijkl_mnopqrstu", "github_pat_***"),
    ("xoxb-1234-5678-abcdEFGH", "xoxb-***"),
    ("AIzaSyA-abcdefghijklmnopqrstuvwxyz123", "AIza***"),
    ("sk_live_abcdefghij1234", "sk_live_***"),
    ("glpat-abcdefghij0123456789", "glpat-***"),
    ("hf_abcdefghijklmnopqrstuvwxyzABCDEFGH", "hf_***"),
    ("jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl ok", "jwt *** ok"),
    # a long token right after the word
    ("Invalid API key 0123456789abcdef0123456789abcdef", "Invalid API key ***"),
    ("the token was 9f8e7d6c5b4a39281706f5e4", "the token was ***"),
    ("secret `c2VjcmV0LXZhbHVlLTEyMzQ=`", "secret `***`"),
    # private keys
    (
        "key:\n-----BEGIN RSA PRIVATE KEY-----\nMIIabc\n-----END RSA PRIVATE KEY-----\nend",
        "key:\n-----BEGIN RSA PRIVATE KEY-----***-----END RSA PRIVATE KEY-----\nend",
    ),
    (
        "-----BEGIN PRIVATE KEY-----\nMIIcut",
        "-----BEGIN PRIVATE KEY-----***-----END PRIVATE KEY-----",
    ),
]


@pytest.mark.parametrize(("text", "expected"), MASKED, ids=[t for t, _ in MASKED])
def test_every_spelling_is_masked(text: str, expected: str) -> None:
    assert scrub_secrets(text) == expected
    assert scrub_secrets(expected) == expected  # idempotent


KEPT = [
    "no such column: x",
    "no such column: password",
    "no such table: api_keys",
    'column "password" does not exist',
    'near "password": syntax error',
    'near "token": syntax error',
    'Binder Error: Referenced column "secret" not found in FROM clause!',
    'duplicate key value violates unique constraint "users_pkey"\n'
    "DETAIL:  Key (email)=(a@b.com) already exists.",
    'ERROR:  invalid input syntax for type integer: "abc"',
    'relation "tokens" does not exist',
    "max_tokens=100 is too large; use max_tokens=64",
    "primary key: id",
    'password authentication failed for user "admin"',
    'connection to server at "db.internal" (10.0.0.5), port 5432 failed: Connection refused',
    "https://example.com:443/path and ssh://git@github.com:22/x",
    "password_hint=blue",
    "time 12:30, ratio a:b, the key constraint",
    "Tool 'run_sql' failed: SqlExecutionError: division by zero",
    "a bearer token is required",
    "sk-learn and task-abcdefghijklmnopq",
]


@pytest.mark.parametrize("text", KEPT)
def test_useful_error_text_reads_the_same(text: str) -> None:
    assert scrub_secrets(text) == text


# -- every spelling, generated ---------------------------------------------------------

WORDS = st.sampled_from(["the", "connection", "failed", "to", "host", "db", "x", "column", "("])
CONTEXT = st.lists(WORDS, max_size=6).map(" ".join)
SECRET = st.text(string.ascii_letters + string.digits + "!$%^-_+~.#?", min_size=8, max_size=40)
KEY_BODY = st.text(string.ascii_letters + string.digits + "_-", min_size=12, max_size=60)
TOKEN = st.text(string.ascii_letters + string.digits + "-_.~+/", min_size=8, max_size=60)
KEYS = st.sampled_from(
    ["password", "PASSWORD", "Pwd", "passwd", "db_password", "PGPASSWORD", "client_secret",
     "api_key", "API-KEY", "x-api-key", "access_token", "Secret", "auth_token", "apiKey",
     "private_key", "aws_secret_access_key", "sslpassword", "passphrase"]
)  # fmt: skip


@st.composite
def secret_forms(draw: st.DrawFn) -> tuple[str, str]:
    """One secret in one of the spellings: (the text, the secret)."""
    secret, key, token, body = draw(SECRET), draw(KEYS), draw(TOKEN), draw(KEY_BODY)
    alnum = body.replace("_", "x").replace("-", "y")
    user = draw(st.sampled_from(["admin", "", "u.ser-1", "postgres"]))
    scheme = draw(st.sampled_from(["postgres", "postgresql+psycopg", "mysql", "redis", "https"]))
    forms = [
        (f"{scheme}://{user}:{secret}@db.internal:5432/sales", secret),
        (f"{key}={secret}", secret),
        (f"{key} = {secret}", secret),
        (f"{key}: {secret}", secret),
        (f'"{key}": "{secret} {secret}"', secret),
        (f"'{key}': '{secret}'", secret),
        (f"host=db {key}={secret} port=5432", secret),
        (f"?user=a&{key}={secret}&x=1", secret),
        (f"Authorization: Bearer {token}", token),
        (f"authorization: {token}", token),
        (f"bearer {token}", token),
        (f"sk-proj-{body}", body),
        (f"sk-ant-api03-{body}", body),
        (f"ghp_{alnum}0123456789", alnum),
    ]
    return draw(st.sampled_from(forms))


@given(secret_forms(), CONTEXT, CONTEXT)
def test_a_generated_secret_never_survives(form: tuple[str, str], before: str, after: str) -> None:
    text, secret = form
    assume(secret not in f"{before} {after}" and len(set(secret)) > 2)
    scrubbed = scrub_secrets(f"{before} {text} {after}")

    assert secret not in scrubbed
    assert scrubbed.startswith(before) and scrubbed.endswith(after)  # the rest stays
    assert "***" in scrubbed
    assert scrub_secrets(scrubbed) == scrubbed


@given(st.text(max_size=300))
def test_any_text_scrubs_idempotently(text: str) -> None:
    once = scrub_secrets(text)
    assert scrub_secrets(once) == once


@pytest.mark.parametrize(
    "piece",
    ["a", "a-", "password", "password_", "sk-", "x://u:", "@", "key 1", "bearer ", "a:", "a=",
     '"', "-----BEGIN PRIVATE KEY-----", "authorization: ", "pass=", " ", 'password="',
     "password='a\\", "x://u:p@"],
)  # fmt: skip
def test_time_stays_linear_on_hostile_text(piece: str) -> None:
    text = piece * (200_000 // len(piece))
    started = time.perf_counter()
    scrub_secrets(text)
    assert time.perf_counter() - started < 5.0  # quadratic would take hours
