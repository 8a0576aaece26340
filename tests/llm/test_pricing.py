"""The price table: lookups, dated versions, user prices, cost estimates."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import hookline.llm.pricing as pricing
from hookline.llm import ModelPrice, Usage, estimate_cost, get_price, register_price


@pytest.fixture(autouse=True)
def restore_prices() -> Iterator[None]:
    saved = dict(pricing._PRICES)
    yield
    pricing._PRICES.clear()
    pricing._PRICES.update(saved)


def test_cost_of_a_known_model() -> None:
    usage = Usage(input_tokens=2_000_000, output_tokens=500_000)

    assert estimate_cost("gpt-4o-mini", usage) == pytest.approx(2 * 0.15 + 0.5 * 0.60)
    assert estimate_cost("claude-sonnet-4-5", usage) == pytest.approx(2 * 3.0 + 0.5 * 15.0)


@pytest.mark.parametrize(
    ("model", "expected"),
    [
        ("gpt-4o-mini-2024-07-18", ModelPrice(input_per_mtok=0.15, output_per_mtok=0.60)),
        ("gpt-4o-2024-08-06", ModelPrice(input_per_mtok=2.50, output_per_mtok=10.00)),
        ("claude-sonnet-4-5-20250929", ModelPrice(input_per_mtok=3.0, output_per_mtok=15.0)),
        ("openai:gpt-4.1-mini", ModelPrice(input_per_mtok=0.40, output_per_mtok=1.60)),
        ("o3-mini", ModelPrice(input_per_mtok=1.10, output_per_mtok=4.40)),
        ("o3x", None),
        ("llama3.2:1b", None),
    ],
    ids=[
        "dated-mini",
        "dated-4o",
        "dated-claude",
        "provider-prefix",
        "longest-prefix",
        "no-partial-word",
        "unknown",
    ],
)
def test_lookup(model: str, expected: ModelPrice | None) -> None:
    assert get_price(model) == expected


def test_unknown_model_or_usage_has_no_cost() -> None:
    assert estimate_cost("my-model", Usage(input_tokens=10)) is None
    assert estimate_cost(None, Usage(input_tokens=10)) is None
    assert estimate_cost("gpt-4o", None) is None


def test_the_local_model_is_free() -> None:
    usage = Usage(input_tokens=10**6, output_tokens=10**6)

    assert estimate_cost("SmolLM2-135M-Instruct", usage) == 0


def test_registered_prices_extend_and_override_the_table() -> None:
    register_price("llama3.2", 0.0, 0.0)
    register_price("my-model", 1.0, 2.0)
    register_price("gpt-4o-mini", 0.10, 0.40)

    assert estimate_cost("ollama:llama3.2", Usage(input_tokens=5)) == 0
    assert estimate_cost("my-model-v2", Usage(input_tokens=10**6, output_tokens=10**6)) == 3.0
    assert get_price("gpt-4o-mini") == ModelPrice(input_per_mtok=0.10, output_per_mtok=0.40)


def test_negative_prices_are_refused() -> None:
    with pytest.raises(ValueError, match="0 or more"):
        register_price("m", -1.0, 0.0)
