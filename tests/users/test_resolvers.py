"""User resolvers: static, identity headers from a trusted proxy, signed cookies."""

from __future__ import annotations

import time

import pytest

from hookline import AgentError, HeaderUserResolver, RequestContext, StaticUserResolver, User
from hookline.users import SignedCookie, TrustedProxies

SECRET = "cookie-secret-" + "c" * 40
PROXY = "10.0.0.5"


def from_proxy(**fields: object) -> RequestContext:
    return RequestContext(remote_addr=PROXY, **fields)


async def test_static_resolver_returns_its_user() -> None:
    user = User(id="svc")
    assert await StaticUserResolver(user).resolve_user(RequestContext()) is user
    assert (await StaticUserResolver().resolve_user(RequestContext())).id == "default"


async def test_header_resolver_reads_id_and_groups_from_the_trusted_proxy() -> None:
    resolver = HeaderUserResolver(trusted_proxies=[PROXY])
    context = from_proxy(headers={"X-User-Id": " ada ", "X-User-Groups": "admin, ops,,"})
    user = await resolver.resolve_user(context)
    assert (user.id, user.group_memberships) == ("ada", ["admin", "ops"])


@pytest.mark.parametrize(
    ("remote_addr", "headers"),
    [
        ("192.0.2.9", {"x-user-id": "ada"}),
        ("192.0.2.9", {"x-user-groups": "admin"}),
        (None, {"x-user-id": "ada", "x-user-groups": "admin"}),
        ("not-an-address", {"x-user-id": "ada"}),
    ],
    ids=["id-from-elsewhere", "groups-from-elsewhere", "no-address", "bad-address"],
)
async def test_identity_headers_from_anyone_else_are_refused(
    remote_addr: str | None, headers: dict[str, str]
) -> None:
    resolver = HeaderUserResolver(trusted_proxies=["10.0.0.0/24"], default_user=User(id="guest"))
    context = RequestContext(headers=headers, remote_addr=remote_addr)
    with pytest.raises(AgentError, match="accepted only from a trusted proxy"):
        await resolver.resolve_user(context)


async def test_a_signed_cookie_names_the_user_and_a_forged_one_is_refused() -> None:
    cookie = SignedCookie(SECRET)
    resolver = HeaderUserResolver(cookie="hookline_user", cookie_secret=SECRET)
    signed = RequestContext(cookies={"hookline_user": cookie.sign("bo")})
    assert (await resolver.resolve_user(signed)).id == "bo"
    for forged in ("bo", cookie.sign("bo")[:-2] + "xx", SignedCookie("x" * 40).sign("bo")):
        with pytest.raises(AgentError, match="not valid or has expired"):
            await resolver.resolve_user(RequestContext(cookies={"hookline_user": forged}))
    old = cookie.sign("bo", issued_at=time.time() - 8 * 24 * 3600)
    assert cookie.verify(old) is None


async def test_without_identity_the_default_user_or_a_refusal() -> None:
    guest = HeaderUserResolver(trusted_proxies=[PROXY], default_user=User(id="guest"))
    assert (await guest.resolve_user(from_proxy())).id == "guest"
    with pytest.raises(AgentError, match="Not signed in"):
        await HeaderUserResolver(trusted_proxies=[PROXY]).resolve_user(from_proxy())


def test_a_resolver_that_trusts_nothing_or_an_unsigned_cookie_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="trusts nothing"):
        HeaderUserResolver()
    with pytest.raises(ValueError, match="must be signed"):
        HeaderUserResolver(cookie="hookline_user")
    with pytest.raises(ValueError, match="at least 32 bytes"):
        SignedCookie("short")
    with pytest.raises(ValueError, match="not an IP address"):
        TrustedProxies(["proxy.internal"])


def test_trusted_proxies_match_addresses_and_networks() -> None:
    proxies = TrustedProxies(["127.0.0.1", "10.0.0.0/24", "[::1]"])
    assert [proxies.trusts(a) for a in ("127.0.0.1", "10.0.0.200", "::1", "::ffff:10.0.0.3")] == [
        True,
        True,
        True,
        True,
    ]
    assert [proxies.trusts(a) for a in ("10.0.1.1", "127.0.0.2", "", None)] == [
        False,
        False,
        False,
        False,
    ]
