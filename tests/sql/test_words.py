"""identifier_words and singular: names in any style read as English words."""

from __future__ import annotations

import pytest

from hookline.sql.words import identifier_words, question_words, singular, without_unit


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("unit_price", ["unit", "price"]),
        ("UnitPrice", ["unit", "price"]),
        ("unitPrice", ["unit", "price"]),
        ("UNIT_PRICE", ["unit", "price"]),
        ("CustomerId", ["customer", "id"]),
        ("playerID", ["player", "id"]),
        ("HTMLTitle", ["html", "title"]),
        ("OrderQty", ["order", "quantity"]),
        ("TotalAmt", ["total", "amount"]),
        ("ProductDesc", ["product", "description"]),
        ("ship_dt", ["ship", "date"]),
        ("2B", ["2", "b"]),
        ("address line 1", ["address", "line", "1"]),
    ],
    ids=lambda value: str(value),
)
def test_identifiers_split_into_words(name: str, words: list[str]) -> None:
    assert identifier_words(name) == words


@pytest.mark.parametrize(
    ("word", "one"),
    [("countries", "country"), ("customers", "customer"), ("customer's", "customer"),
     ("boxes", "box"), ("status", "status"), ("bus", "bus"), ("analysis", "analysis"),
     ("sales", "sale"), ("movies", "movie"), ("calories", "calorie"), ("heroes", "hero"),
     ("shoes", "shoe")],
)  # fmt: skip
def test_singular(word: str, one: str) -> None:
    assert singular(word) == one


def test_question_words_keep_punctuation_inside_values() -> None:
    assert question_words("How many planes have Turbo-fan engines, in America/Chicago?") == [
        "how", "many", "planes", "have", "turbo-fan", "engines", "in", "america/chicago",
    ]  # fmt: skip


def test_a_unit_run_into_a_word_is_split_and_left_out_of_its_name() -> None:
    assert identifier_words("areakm2") == ["area", "km", "2"]
    assert without_unit(identifier_words("areakm2")) == ["area"]
    assert without_unit(identifier_words("price_per_kg")) == ["price"]
    assert without_unit(identifier_words("area_in_sq_km")) == ["area"]
    assert without_unit(["km"]) == ["km"]  # a unit alone is still the column's name


def test_furthest_and_a_compass_point_are_one_word() -> None:
    assert question_words("Which stop lies furthest south?")[-1] == "southernmost"
