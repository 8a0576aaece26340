"""``hookline serve``'s auth mode and bind check (``serve_security``), without a server."""

from __future__ import annotations

from typing import Any

import pytest

from hookline import HeaderUserResolver
from hookline.cli.serve import ServeSecurityError, serve_security
from hookline.server import JwtUserResolver

SECRET = "serve-secret-" + "s" * 40


def decide(**options: Any) -> Any:
    defaults: dict[str, Any] = {
        "host": "127.0.0.1",
        "jwt_secret": None,
        "jwt_secret_env": "HOOKLINE_JWT_SECRET",
        "trusted_proxies": (),
        "allowed_hosts": (),
        "insecure": False,
    }
    return serve_security(**{**defaults, **options})


def test_loopback_without_auth_is_the_one_local_user() -> None:
    security = decide()
    assert (security.user_resolver, security.auth, security.warnings) == (
        None,
        "none (one local user)",
        [],
    )


def test_a_public_bind_with_an_auth_mode_is_served() -> None:
    jwt = decide(host="0.0.0.0", jwt_secret=SECRET, allowed_hosts=["chat.example.com"])
    proxy = decide(host="10.0.0.2", trusted_proxies=["10.0.0.1"])
    assert isinstance(jwt.user_resolver, JwtUserResolver) and jwt.warnings == []
    assert isinstance(proxy.user_resolver, HeaderUserResolver)
    assert proxy.auth == "X-User-Id from the proxy at 10.0.0.1"
    assert proxy.warnings == [
        "Only requests to localhost / 127.0.0.1 / [::1] are answered; add --allowed-host "
        "NAME for the name clients use to reach this server."
    ]


def test_unsafe_or_ambiguous_options_are_refused() -> None:
    with pytest.raises(ServeSecurityError, match="Refusing to serve on ::"):
        decide(host="::")
    with pytest.raises(ServeSecurityError, match="Choose one auth mode"):
        decide(jwt_secret=SECRET, trusted_proxies=["10.0.0.1"])
    with pytest.raises(ValueError, match=r"'proxy\.local' is not an IP address"):
        decide(trusted_proxies=["proxy.local"])
    insecure = decide(host="0.0.0.0", insecure=True)
    assert insecure.warnings[0].startswith("WARNING: --insecure: serving on 0.0.0.0 with NO")
