"""The ``hookline`` command line: ``chat``, ``serve``, ``logs analyze|export``, ``workflow run``."""

from hookline.cli.app import app, main

__all__ = ["app", "main"]
