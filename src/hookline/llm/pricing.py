"""What a model call costs: a per-model price table the user can extend."""

from __future__ import annotations

from dataclasses import dataclass

from hookline.llm.models import Usage

__all__ = ["ModelPrice", "estimate_cost", "get_price", "register_price"]


@dataclass(frozen=True, kw_only=True)
class ModelPrice:
    """USD per million input and output tokens.

    Example::

        ModelPrice(input_per_mtok=0.15, output_per_mtok=0.60)
    """

    input_per_mtok: float
    output_per_mtok: float

    def cost(self, usage: Usage) -> float:
        """The price of ``usage`` in USD."""
        return (
            usage.input_tokens * self.input_per_mtok + usage.output_tokens * self.output_per_mtok
        ) / 1_000_000


def _price(input_per_mtok: float, output_per_mtok: float) -> ModelPrice:
    return ModelPrice(input_per_mtok=input_per_mtok, output_per_mtok=output_per_mtok)


# List prices (standard tier, no prompt caching); check your provider's page.
_PRICES: dict[str, ModelPrice] = {
    "gpt-4o": _price(2.50, 10.00),
    "gpt-4o-mini": _price(0.15, 0.60),
    "gpt-4.1": _price(2.00, 8.00),
    "gpt-4.1-mini": _price(0.40, 1.60),
    "gpt-4.1-nano": _price(0.10, 0.40),
    "gpt-5": _price(1.25, 10.00),
    "gpt-5-mini": _price(0.25, 2.00),
    "gpt-5-nano": _price(0.05, 0.40),
    "o3": _price(2.00, 8.00),
    "o3-mini": _price(1.10, 4.40),
    "o4-mini": _price(1.10, 4.40),
    "claude-opus-4-5": _price(5.00, 25.00),
    "claude-opus-4-1": _price(15.00, 75.00),
    "claude-opus-4": _price(15.00, 75.00),
    "claude-sonnet-4-5": _price(3.00, 15.00),
    "claude-sonnet-4": _price(3.00, 15.00),
    "claude-3-7-sonnet": _price(3.00, 15.00),
    "claude-haiku-4-5": _price(1.00, 5.00),
    "claude-3-5-haiku": _price(0.80, 4.00),
    "SmolLM2-135M-Instruct": _price(0.0, 0.0),
}


_PROVIDERS = frozenset({"openai", "anthropic", "ollama", "local"})


def register_price(model: str, input_per_mtok: float, output_per_mtok: float) -> None:
    """Add or replace the price of ``model`` (USD per million input / output tokens).

    A registered name also prices its dated versions: ``"my-model"`` covers
    ``"my-model-2025-01-01"``.

    Example::

        register_price("llama3.2", 0.0, 0.0)
    """
    if input_per_mtok < 0 or output_per_mtok < 0:
        raise ValueError("prices must be 0 or more")
    _PRICES[model] = _price(input_per_mtok, output_per_mtok)


def get_price(model: str) -> ModelPrice | None:
    """The price of ``model``: an exact name, else the longest name it starts with
    followed by ``-`` (``gpt-4o-mini-2024-07-18`` is ``gpt-4o-mini``).  A
    ``HOOKLINE_MODEL``-style provider prefix (``openai:``) is ignored.
    """
    provider, _, rest = model.partition(":")
    name = rest if provider in _PROVIDERS and rest else model
    if name in _PRICES:
        return _PRICES[name]
    prefixes = [known for known in _PRICES if name.startswith(known + "-")]
    return _PRICES[max(prefixes, key=len)] if prefixes else None


def estimate_cost(model: str | None, usage: Usage | None) -> float | None:
    """USD for ``usage`` on ``model``, or None when the model's price is unknown.

    Example::

        estimate_cost("gpt-4o-mini", Usage(input_tokens=1_000_000, output_tokens=0))  # 0.15
    """
    if model is None or usage is None:
        return None
    price = get_price(model)
    return price.cost(usage) if price is not None else None
