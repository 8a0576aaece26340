"""User resolvers: static and header/cookie based."""

from __future__ import annotations

import pytest

from hookline import AgentError, HeaderUserResolver, RequestContext, StaticUserResolver, User


async def test_static_resolver_returns_its_user() -> None:
    user = User(id="svc")
    assert await StaticUserResolver(user).resolve_user(RequestContext()) is user
    assert (await StaticUserResolver().resolve_user(RequestContext())).id == "default"


async def test_header_resolver_reads_id_and_groups_case_insensitively() -> None:
    resolver = HeaderUserResolver()
    context = RequestContext(headers={"X-User-Id": " ada ", "X-User-Groups": "admin, ops,,"})
    user = await resolver.resolve_user(context)
    assert (user.id, user.group_memberships) == ("ada", ["admin", "ops"])


async def test_header_resolver_falls_back_to_the_cookie_then_the_default() -> None:
    resolver = HeaderUserResolver(default_user=User(id="guest"))
    by_cookie = await resolver.resolve_user(RequestContext(cookies={"hookline_user": "bo"}))
    assert by_cookie.id == "bo"
    assert (await resolver.resolve_user(RequestContext())).id == "guest"


async def test_header_resolver_without_default_refuses_anonymous_requests() -> None:
    with pytest.raises(AgentError, match="Not signed in"):
        await HeaderUserResolver().resolve_user(RequestContext())
