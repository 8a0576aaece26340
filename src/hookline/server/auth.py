"""Who is calling: a signed-token (HS256 JWT) resolver, the request -> user step that
turns a refused identity into 401, and the refusal of a trusted-proxy network so wide that
any client could claim any user.

Tokens are verified by PyJWT (signature, ``exp``, ``nbf``, ``iat``, and
``aud`` / ``iss`` when configured), never by hand.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable, Sequence
from typing import Any

import jwt
from fastapi import Request

from hookline.errors import AgentError
from hookline.server.errors import ApiError
from hookline.users.models import RequestContext, User
from hookline.users.proxies import TrustedProxies
from hookline.users.resolvers import HeaderUserResolver, UserResolver

__all__ = [
    "MAX_PROXY_PREFIX",
    "AuthenticationError",
    "JwtUserResolver",
    "check_resolver_proxies",
    "check_trusted_proxies",
    "request_context",
    "resolve_user",
]

_MIN_SECRET_BYTES = 32
MAX_PROXY_PREFIX = {4: 8, 6: 32}
"""The widest trusted-proxy network allowed without ``insecure``: /8 (IPv4), /32 (IPv6)."""


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


def check_trusted_proxies(entries: Iterable[str], *, insecure: bool = False) -> list[str]:
    """Refuse (``ValueError``) a trusted proxy network wider than ``MAX_PROXY_PREFIX``
    (``0.0.0.0/0``, ``::/0``, ``10.0.0.0/7`` ...) unless ``insecure``: every client inside
    it could send ``X-User-Id`` / ``X-User-Groups`` and be any user, admins included.
    Returns the too-wide networks ``insecure`` let through (to warn about).

    Example::

        check_trusted_proxies(["10.0.0.5", "10.0.0.0/24"])  # fine: []
        check_trusted_proxies(["0.0.0.0/0"])  # ValueError
    """
    return _check_networks(TrustedProxies(entries).networks, insecure=insecure)


def check_resolver_proxies(resolver: UserResolver, *, insecure: bool = False) -> None:
    """``check_trusted_proxies`` for a ``HeaderUserResolver``'s proxies (others pass)."""
    if isinstance(resolver, HeaderUserResolver):
        _check_networks(resolver.trusted_proxies.networks, insecure=insecure)


def _check_networks(
    networks: Iterable[ipaddress.IPv4Network | ipaddress.IPv6Network], *, insecure: bool
) -> list[str]:
    wide = []
    for network in networks:
        version, prefix = _width(network)
        if prefix >= MAX_PROXY_PREFIX[version]:
            continue
        wide.append(str(network))
        if not insecure:
            raise ValueError(
                f"Refusing to trust the proxy network {network} ({network.num_addresses:,} "
                "addresses): every client in it could set X-User-Id / X-User-Groups and be "
                "any user, admins included. Name the proxy's own address, or a network of "
                f"/{MAX_PROXY_PREFIX[version]} or narrower; --insecure (create_app("
                "insecure=True)) trusts it anyway."
            )
    return wide


def _width(network: ipaddress.IPv4Network | ipaddress.IPv6Network) -> tuple[int, int]:
    """(IP version, prefix length); an IPv4-mapped IPv6 network counts as IPv4."""
    mapped = isinstance(network, ipaddress.IPv6Network) and (
        network.network_address.ipv4_mapped is not None
    )
    if mapped and network.prefixlen >= 96:
        return 4, network.prefixlen - 96
    return network.version, network.prefixlen
