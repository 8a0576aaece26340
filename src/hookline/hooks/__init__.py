"""The hook mechanism: registry, event envelope, context, providers, chains."""

from hookline.hooks.registry import (
    Chain,
    Event,
    Handler,
    HandlerObserver,
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
    "HandlerObserver",
    "HookContext",
    "HookEvent",
    "HookProvider",
    "HookRegistry",
    "Registration",
    "Wrapper",
]
