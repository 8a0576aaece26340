"""Who is calling: a signed-token (HS256 JWT) resolver, and the request -> user step that
turns a refused identity into 401.

Tokens are verified by PyJWT (signature, ``exp``, ``nbf``, ``iat``, and
``aud`` / ``iss`` when configured), never by hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import jwt
from fastapi import Request

from hookline.errors import AgentError
from hookline.server.errors import ApiError
from hookline.users.models import RequestContext, User
from hookline.users.resolvers import UserResolver

__all__ = ["AuthenticationError", "JwtUserResolver", "request_context", "resolve_user"]

_MIN_SECRET_BYTES = 32


class AuthenticationError(AgentError):
    """The request carries no valid identity (the server answers 401)."""


class JwtUserResolver(UserResolver):
    """The user comes from an HS256-signed JWT: ``Authorization: Bearer <token>`` (or a cookie).

    ``sub`` is the user id, ``groups_claim`` (a list or a comma-separated
    string) the access groups, ``name`` / ``preferred_username`` and ``email``
    fill the rest.  A missing, expired, forged or malformed token raises
    ``AuthenticationError``.  ``required_claims`` must be present (``sub`` and
    ``exp`` by default: tokens that never expire are refused).

    Example::

        resolver = JwtUserResolver(os.environ["HOOKLINE_JWT_SECRET"], audience="hookline")
        app = create_app(agent, user_resolver=resolver)
    """

    def __init__(
        self,
        secret: str | bytes,
        *,
        groups_claim: str = "groups",
        audience: str | None = None,
        issuer: str | None = None,
        leeway_seconds: float = 0.0,
        required_claims: Sequence[str] = ("sub", "exp"),
        cookie: str | None = None,
    ) -> None:
        key = secret.encode() if isinstance(secret, str) else secret
        if len(key) < _MIN_SECRET_BYTES:
            raise ValueError(
                f"The HS256 secret must be at least {_MIN_SECRET_BYTES} bytes "
                f"(got {len(key)}): generate one with `python -c 'import secrets; "
                "print(secrets.token_urlsafe(48))'`."
            )
        self._key = key
        self.groups_claim = groups_claim
        self.audience = audience
        self.issuer = issuer
        self.leeway_seconds = leeway_seconds
        self.required_claims = list(required_claims)
        self.cookie = cookie

    async def resolve_user(self, request_context: RequestContext) -> User:
        token = self._token(request_context)
        if not token:
            raise AuthenticationError("Not signed in: send Authorization: Bearer <token>.")
        return self.user_from_claims(self.verify(token))

    def verify(self, token: str) -> dict[str, Any]:
        """The token's claims; raises ``AuthenticationError`` when it does not verify."""
        try:
            return jwt.decode(
                token,
                self._key,
                algorithms=["HS256"],
                audience=self.audience,
                issuer=self.issuer,
                leeway=self.leeway_seconds,
                options={"require": self.required_claims},
            )
        except jwt.ExpiredSignatureError:
            raise AuthenticationError("The token has expired.") from None
        except jwt.InvalidTokenError:
            raise AuthenticationError("The token is not valid.") from None

    def user_from_claims(self, claims: dict[str, Any]) -> User:
        subject = claims.get("sub")
        if not isinstance(subject, str) or not subject.strip():
            raise AuthenticationError("The token has no subject.")
        groups = claims.get(self.groups_claim) or []
        if isinstance(groups, str):
            groups = [g.strip() for g in groups.split(",")]
        if not isinstance(groups, list):
            raise AuthenticationError(f"The token's {self.groups_claim!r} claim is not a list.")
        return User(
            id=subject,
            username=_text(claims.get("preferred_username") or claims.get("name")) or subject,
            email=_text(claims.get("email")),
            group_memberships=[str(g) for g in groups if str(g)],
        )

    def _token(self, request_context: RequestContext) -> str | None:
        headers = {k.lower(): v for k, v in request_context.headers.items()}
        scheme, _, value = headers.get("authorization", "").partition(" ")
        if scheme.lower() == "bearer" and value.strip():
            return value.strip()
        if self.cookie:
            return request_context.cookies.get(self.cookie) or None
        return None


def _text(value: Any) -> str | None:
    return value if isinstance(value, str) and value else None


def request_context(request: Request, metadata: dict[str, Any] | None = None) -> RequestContext:
    """The transport-neutral view of ``request`` the agent's hooks see."""
    client = request.client
    return RequestContext(
        headers=dict(request.headers),
        cookies=dict(request.cookies),
        query_params=dict(request.query_params),
        metadata=dict(metadata or {}),
        remote_addr=client.host if client else None,
    )


async def resolve_user(resolver: UserResolver, context: RequestContext) -> User:
    """Resolve the user; a refusal (``AgentError``) becomes 401 with its message."""
    try:
        return await resolver.resolve_user(context)
    except AgentError as exc:
        raise ApiError(
            401, str(exc), code="unauthorized", headers={"www-authenticate": "Bearer"}
        ) from None
