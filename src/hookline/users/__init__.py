"""Users, request contexts and the resolvers between them."""

from hookline.users.models import RequestContext, User
from hookline.users.resolvers import HeaderUserResolver, StaticUserResolver, UserResolver

__all__ = ["HeaderUserResolver", "RequestContext", "StaticUserResolver", "User", "UserResolver"]
