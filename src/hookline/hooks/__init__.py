"""The hook mechanism: registry, event envelope, context, providers, chains."""

from hookline.hooks.registry import (
    Chain,
    Event,
    Handler,
    HookContext,
    HookEvent,
    HookProvider,
    HookRegistry,
    Registration,
    Wrapper,
)

__all__ = [
    "Chain",
    "Event",
    "Handler",
    "HookContext",
    "HookEvent",
    "HookProvider",
    "HookRegistry",
    "Registration",
    "Wrapper",
]
