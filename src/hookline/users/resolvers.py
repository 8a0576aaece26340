"""UserResolver: turns a RequestContext into a User (step 1 of the turn)."""

from __future__ import annotations

from abc import ABC, abstractmethod

from hookline.errors import AgentError
from hookline.users.models import RequestContext, User

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
    """The user id (and groups) come from request headers or cookies.

    Only for deployments behind a proxy that sets these headers itself; a
    browser-facing server should verify a signed token instead.  Without the
    header, ``default_user`` is used, or the request is refused when it is None.
    """

    def __init__(
        self,
        *,
        user_header: str = "x-user-id",
        groups_header: str = "x-user-groups",
        cookie: str | None = "hookline_user",
        default_user: User | None = None,
    ) -> None:
        self.user_header = user_header.lower()
        self.groups_header = groups_header.lower()
        self.cookie = cookie
        self.default_user = default_user

    async def resolve_user(self, request_context: RequestContext) -> User:
        headers = {k.lower(): v for k, v in request_context.headers.items()}
        user_id = headers.get(self.user_header)
        if not user_id and self.cookie:
            user_id = request_context.cookies.get(self.cookie)
        if not user_id:
            if self.default_user is None:
                raise AgentError("Not signed in: no user identity on the request.")
            return self.default_user
        groups = [g.strip() for g in headers.get(self.groups_header, "").split(",") if g.strip()]
        return User(id=user_id.strip(), username=user_id.strip(), group_memberships=groups)
