"""scripts/venv.sh installs only when it must: a new venv, a changed pyproject.toml, this
script or the extras changed, or HOOKLINE_REINSTALL=1; a failed install leaves no stamp.

Run on a copy of the repository's two files with a fake venv whose ``python`` logs what
it is asked to do (no network, no real install).
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.cli.test_chat import ROOT

FAKE_PYTHON = """#!/usr/bin/env bash
echo "$*" >> "$(dirname "$0")/../calls.log"
if [ "$1 $2 $3" = "-m pip install" ] && [ -f "$(dirname "$0")/../fail" ]; then exit 1; fi
exit 0
"""


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    (tmp_path / "scripts").mkdir()
    shutil.copy(ROOT / "scripts" / "venv.sh", tmp_path / "scripts" / "venv.sh")
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    python = tmp_path / ".venv" / "bin" / "python"
    python.parent.mkdir(parents=True)
    python.write_text(FAKE_PYTHON)
    python.chmod(0o755)
    return tmp_path


def venv_sh(checkout: Path, **env: str) -> list[str]:
    """Run venv.sh; the pip installs it ran."""
    log = checkout / ".venv" / "calls.log"
    log.unlink(missing_ok=True)
    done = subprocess.run(
        ["bash", str(checkout / "scripts" / "venv.sh")],
        env={**os.environ, "HOOKLINE_REINSTALL": "0", **env},
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == ".venv/bin/python\n"
    calls = log.read_text().splitlines() if log.exists() else []
    return [call for call in calls if call.startswith("-m pip install")]


def test_installs_once_then_only_when_pyproject_or_the_extras_change(checkout: Path) -> None:
    first = venv_sh(checkout, HOOKLINE_EXTRAS="local,server")
    second = venv_sh(checkout, HOOKLINE_EXTRAS="local,server")
    other_extras = venv_sh(checkout, HOOKLINE_EXTRAS="dev")
    back = venv_sh(checkout, HOOKLINE_EXTRAS="local,server")
    with (checkout / "pyproject.toml").open("a") as file:
        file.write("\n# a change\n")
    changed = venv_sh(checkout, HOOKLINE_EXTRAS="local,server")
    forced = venv_sh(checkout, HOOKLINE_EXTRAS="local,server", HOOKLINE_REINSTALL="1")

    assert first == ["-m pip install --quiet --disable-pip-version-check -e .[local,server]"]
    assert second == []
    assert other_extras == ["-m pip install --quiet --disable-pip-version-check -e .[dev]"]
    assert back == []  # each extras set keeps its own stamp
    assert changed == first
    assert forced == first


def test_a_failed_install_leaves_no_stamp(checkout: Path) -> None:
    (checkout / ".venv" / "fail").touch()
    done = subprocess.run(
        ["bash", str(checkout / "scripts" / "venv.sh")],
        env={**os.environ, "HOOKLINE_EXTRAS": "dev"},
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )
    (checkout / ".venv" / "fail").unlink()

    assert done.returncode != 0
    assert not list((checkout / ".venv").glob(".hookline-installed-*"))
    assert venv_sh(checkout, HOOKLINE_EXTRAS="dev") != []  # tried again


def test_a_new_venv_has_no_stamp_and_installs(checkout: Path) -> None:
    venv_sh(checkout, HOOKLINE_EXTRAS="dev")
    for stamp in (checkout / ".venv").glob(".hookline-installed-*"):
        stamp.unlink()  # what a venv made again looks like

    assert venv_sh(checkout, HOOKLINE_EXTRAS="dev") != []
