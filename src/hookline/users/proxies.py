"""TrustedProxies: the addresses whose identity headers a server believes.

A header such as ``X-User-Id`` proves nothing by itself: any client can send
it.  It means something only when the connection comes from the proxy that
authenticated the user and set the header itself (overwriting whatever the
client sent).
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable

__all__ = ["TrustedProxies"]

_Network = ipaddress.IPv4Network | ipaddress.IPv6Network


class TrustedProxies:
    """A set of IP addresses and networks (``"10.0.0.7"``, ``"10.0.0.0/24"``, ``"::1"``).

    ``trusts(address)`` is True only for a peer address inside one of them; a
    missing or unparseable address is never trusted.

    Example::

        proxies = TrustedProxies(["127.0.0.1", "10.0.0.0/24"])
        assert proxies.trusts("10.0.0.9") and not proxies.trusts("192.0.2.1")
    """

    def __init__(self, entries: Iterable[str] = ()) -> None:
        self.networks: tuple[_Network, ...] = tuple(_network(entry) for entry in entries)

    def __bool__(self) -> bool:
        return bool(self.networks)

    def trusts(self, address: str | None) -> bool:
        """True when ``address`` (the connection's peer) is one of the trusted proxies."""
        if not address:
            return False
        try:
            peer = ipaddress.ip_address(address.strip("[]"))
        except ValueError:
            return False
        if isinstance(peer, ipaddress.IPv6Address) and peer.ipv4_mapped is not None:
            peer = peer.ipv4_mapped
        return any(peer in network for network in self.networks)


def _network(entry: str) -> _Network:
    text = entry.strip().strip("[]")
    try:
        return ipaddress.ip_network(text, strict=False)
    except ValueError:
        raise ValueError(
            f"Trusted proxy {entry!r} is not an IP address or network "
            "(e.g. 127.0.0.1, 10.0.0.0/24, ::1)."
        ) from None
