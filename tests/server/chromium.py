"""Debian's chromium for the browser tests, launched the one way this machine allows."""

from __future__ import annotations

from typing import Any

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]


def launch(playwright: Any) -> Any:
    """A headless Chromium browser (Playwright's ``Browser``)."""
    return playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
