"""ProviderConfigError: a provider was chosen but cannot be built as configured."""

from __future__ import annotations

from hookline.errors import HooklineError

__all__ = ["ProviderConfigError", "missing_sdk"]


class ProviderConfigError(HooklineError):
    """A model provider is chosen but not configured: a key, a file or an SDK is missing.

    The message names the variable to set or the extra to install.

    Example::

        try:
            llm = from_env()
        except ProviderConfigError as error:
            print(error)  # e.g. "... set OPENAI_API_KEY ..."
    """


def missing_sdk(package: str, extra: str) -> ProviderConfigError:
    """The error for an SDK that is not installed, naming the extra that brings it."""
    return ProviderConfigError(
        f"The '{package}' package is not installed: pip install 'hookline[{extra}]'"
    )
