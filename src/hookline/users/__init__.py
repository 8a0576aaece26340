"""Users, request contexts and the resolvers between them."""

from hookline.users.cookies import SignedCookie
from hookline.users.models import RequestContext, User
from hookline.users.proxies import TrustedProxies
from hookline.users.resolvers import HeaderUserResolver, StaticUserResolver, UserResolver

__all__ = [
    "HeaderUserResolver",
    "RequestContext",
    "SignedCookie",
    "StaticUserResolver",
    "TrustedProxies",
    "User",
    "UserResolver",
]
