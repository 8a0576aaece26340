"""The event catalogue, importable as ``hookline.events`` (defined in ``hookline.hooks.events``)."""

from hookline.hooks.events import *  # noqa: F403
from hookline.hooks.events import __all__ as __all__
