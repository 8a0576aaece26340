"""UserResolver: turns a RequestContext into a User (step 1 of the turn)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable

from hookline.errors import AgentError
from hookline.users.cookies import SignedCookie
from hookline.users.models import RequestContext, User
from hookline.users.proxies import TrustedProxies

__all__ = ["HeaderUserResolver", "StaticUserResolver", "UserResolver"]


class UserResolver(ABC):
    """Resolve the user of a request.

    Example::

        class ApiKeyResolver(UserResolver):
            async def resolve_user(self, request_context: RequestContext) -> User:
                key = request_context.headers.get("x-api-key", "")
                return await lookup(key)
    """

    @abstractmethod
    async def resolve_user(self, request_context: RequestContext) -> User:
        """Return the user; raise ``AgentError`` to refuse the request."""


class StaticUserResolver(UserResolver):
    """Every request is the same user (scripts, the CLI, tests)."""

    def __init__(self, user: User | None = None) -> None:
        self.user = user or User(id="default", username="default")

    async def resolve_user(self, request_context: RequestContext) -> User:
        return self.user


class HeaderUserResolver(UserResolver):
    """The user comes from identity headers set by a trusted proxy, or a signed cookie.

    ``X-User-Id`` / ``X-User-Groups`` are believed only on a connection from one
    of ``trusted_proxies`` (IP addresses or networks: the proxy that signed the
    user in and sets these headers itself); sent by anyone else they refuse the
    request (``AgentError``, 401 on the server).  ``cookie`` names a cookie
    holding a user id signed with ``cookie_secret`` (see ``SignedCookie``; it
    never carries groups); without a secret there is no cookie.  Without any
    identity, ``default_user`` is used, or the request is refused when it is
    None.  A resolver that could trust nothing is a ``ValueError``.

    Example::

        resolver = HeaderUserResolver(trusted_proxies=["10.0.0.5"])
        app = create_app(agent, user_resolver=resolver)
    """

    def __init__(
        self,
        *,
        trusted_proxies: Iterable[str] = (),
        user_header: str = "x-user-id",
        groups_header: str = "x-user-groups",
        cookie: str | None = None,
        cookie_secret: str | bytes | None = None,
        default_user: User | None = None,
    ) -> None:
        self.trusted_proxies = TrustedProxies(trusted_proxies)
        if cookie and cookie_secret is None:
            raise ValueError(f"The {cookie!r} cookie must be signed: pass cookie_secret.")
        if not self.trusted_proxies and not cookie and default_user is None:
            raise ValueError(
                "HeaderUserResolver trusts nothing: pass trusted_proxies (the proxy that sets "
                f"{user_header}), or cookie and cookie_secret."
            )
        self.user_header = user_header.lower()
        self.groups_header = groups_header.lower()
        self.cookie = cookie
        self.signed_cookie = SignedCookie(cookie_secret) if cookie and cookie_secret else None
        self.default_user = default_user

    async def resolve_user(self, request_context: RequestContext) -> User:
        headers = {k.lower(): v for k, v in request_context.headers.items()}
        user_id = headers.get(self.user_header, "").strip()
        groups_text = headers.get(self.groups_header, "")
        if (user_id or groups_text) and not self.trusted_proxies.trusts(
            request_context.remote_addr
        ):
            raise AgentError(
                f"{self.user_header} / {self.groups_header} are accepted only from a trusted "
                "proxy: sign in through it."
            )
        if user_id:
            groups = [g.strip() for g in groups_text.split(",") if g.strip()]
            return User(id=user_id, username=user_id, group_memberships=groups)
        return self._from_cookie(request_context)

    def _from_cookie(self, request_context: RequestContext) -> User:
        value = request_context.cookies.get(self.cookie) if self.cookie else None
        if value and self.signed_cookie is not None:
            user_id = self.signed_cookie.verify(value)
            if user_id is None:
                raise AgentError("The sign-in cookie is not valid or has expired.")
            return User(id=user_id, username=user_id)
        if self.default_user is None:
            raise AgentError("Not signed in: no user identity on the request.")
        return self.default_user
