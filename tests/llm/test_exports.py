"""hookline.llm's public names, and that the providers' SDKs load only when used."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import hookline.llm

ROOT = Path(__file__).resolve().parents[2]
ENV = {**os.environ, "PYTHONPATH": str(ROOT / "src")}  # this checkout, whatever is installed

HEAVY = (
    "openai",
    "anthropic",
    "xllamacpp",
    "hookline.llm.openai",
    "hookline.llm.anthropic",
    "hookline.llm.local",
    "hookline.llm.env",
)


def test_all_is_sorted_and_every_name_resolves() -> None:
    assert hookline.llm.__all__ == sorted(hookline.llm.__all__)
    for name in hookline.llm.__all__:
        assert getattr(hookline.llm, name) is not None
    assert set(hookline.llm.__all__) <= set(dir(hookline.llm))


def test_importing_hookline_loads_no_provider_sdk() -> None:
    code = (
        "import sys, hookline, hookline.llm\n"
        f"print(','.join(name for name in {HEAVY!r} if name in sys.modules))"
    )
    completed = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=ENV
    )

    assert completed.stdout.strip() == ""


def test_a_provider_loads_on_first_access() -> None:
    code = (
        "import sys, hookline.llm\n"
        "assert 'openai' not in sys.modules\n"
        "cls = hookline.llm.OpenAILlmService\n"
        "print(cls.__module__, 'openai' in sys.modules)"
    )
    completed = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=ENV
    )

    assert completed.stdout.split() == ["hookline.llm.openai", "True"]


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="NoSuchThing"):
        hookline.llm.NoSuchThing  # noqa: B018
