"""``hookline serve``: who may call the server (the auth mode), which host names it answers
to, and the refusal to expose an unauthenticated server beyond this machine; with
``--durable``, the DBOS setup its turns run on.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from hookline.users.resolvers import HeaderUserResolver, UserResolver

if TYPE_CHECKING:
    from hookline.agent.agent import Agent
    from hookline.durable.dbos import DbosAgent

__all__ = [
    "DBOS_URL_ENV",
    "ServeSecurity",
    "ServeSecurityError",
    "durable_agent",
    "serve_security",
]

DBOS_URL_ENV = "HOOKLINE_DBOS_URL"

logger = logging.getLogger("hookline.server")


class ServeSecurityError(ValueError):
    """The serve options would expose the agent unsafely (the command exits with 2)."""


@dataclass(kw_only=True)
class ServeSecurity:
    """The resolver (None: the agent's one local user), its label, and warnings to print."""

    user_resolver: UserResolver | None
    auth: str
    warnings: list[str]


def serve_security(
    *,
    host: str,
    jwt_secret: str | None,
    jwt_secret_env: str,
    trusted_proxies: Sequence[str],
    allowed_hosts: Sequence[str],
    insecure: bool,
) -> ServeSecurity:
    """Decide the auth mode; refuse a non-loopback bind without one, or a trusted proxy
    network wider than /8 (IPv4) or /32 (IPv6), unless ``insecure``.

    Example::

        security = serve_security(host="127.0.0.1", jwt_secret=None, jwt_secret_env="X",
                                  trusted_proxies=(), allowed_hosts=(), insecure=False)
        assert security.auth == "none (one local user)"
    """
    from hookline.server import JwtUserResolver
    from hookline.server.auth import check_trusted_proxies
    from hookline.server.hosts import is_loopback

    if jwt_secret and trusted_proxies:
        raise ServeSecurityError(
            f"Choose one auth mode: ${jwt_secret_env} (JWT) or --trusted-proxy, not both."
        )
    resolver: UserResolver | None = None
    auth, wide = "none (one local user)", check_trusted_proxies(trusted_proxies, insecure=insecure)
    if jwt_secret:
        resolver, auth = JwtUserResolver(jwt_secret), f"JWT from ${jwt_secret_env}"
    elif trusted_proxies:
        resolver = HeaderUserResolver(trusted_proxies=trusted_proxies)
        auth = f"X-User-Id from the proxy at {', '.join(trusted_proxies)}"
    warnings = [
        f"WARNING: --insecure: every client in {network} may claim any user and group."
        for network in wide
    ]
    if resolver is None and not is_loopback(host):
        if not insecure:
            raise ServeSecurityError(
                f"Refusing to serve on {host} without authentication: anyone who can reach it "
                f"would use the agent as one shared user. Set ${jwt_secret_env} (JWT), or "
                "--trusted-proxy ADDRESS behind a proxy that signs users in, or bind "
                "127.0.0.1. --insecure serves it anyway."
            )
        warnings.append(
            f"WARNING: --insecure: serving on {host} with NO authentication. Everyone who "
            "can reach this address is the same user and sees every conversation."
        )
        logger.warning("serving on %s without authentication (--insecure)", host)
    if not is_loopback(host) and not allowed_hosts:
        warnings.append(
            "Only requests to localhost / 127.0.0.1 / [::1] are answered; add "
            "--allowed-host NAME for the name clients use to reach this server."
        )
    return ServeSecurity(user_resolver=resolver, auth=auth, warnings=warnings)


def durable_agent(agent: Agent, store_path: Path, url: str | None) -> tuple[DbosAgent, str]:
    """A ``DbosAgent`` of ``agent`` and its DBOS system database URL, DBOS configured (the
    app launches it).  The URL: ``url``, else ``$HOOKLINE_DBOS_URL``, else a SQLite file
    next to the conversations (one machine; PostgreSQL for several workers).

    Example::

        durable, url = durable_agent(agent, Path("data/hookline.db"), None)
        app = create_app(agent, durable=durable)
    """
    try:
        from dbos import DBOS

        from hookline.durable import dbos_sqlite_problem
        from hookline.durable.dbos import DbosAgent
    except ImportError:
        raise ValueError("--durable needs DBOS: pip install 'hookline[dbos]'") from None
    url = url or os.environ.get(DBOS_URL_ENV) or f"sqlite:///{store_path.parent / 'dbos.sqlite3'}"
    problem = dbos_sqlite_problem() if url.startswith("sqlite") else None
    if problem:
        raise ValueError(problem)
    durable = DbosAgent(agent)
    DBOS(config={"name": "hookline", "system_database_url": url})
    return durable, url
