"""The web chat's typed ``/approve``: completed with the digest of the card the page shows."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

import hookline

DECISIONS_JS = Path(hookline.__file__).parent / "server" / "static" / "decisions.js"
SHOWN = "a" * 64
CARD = [f"/approve r1 {SHOWN}", f"/reject r1 {SHOWN}", f'/approve r1 {SHOWN} {{"order": 7}}']


def complete(text: str, actions: list[str]) -> str:
    if shutil.which("node") is None:
        pytest.skip("node is not installed")
    script = (
        f"import({json.dumps(DECISIONS_JS.as_uri())}).then((m) => process.stdout.write("
        f"m.withShownDigest({json.dumps(text)}, {json.dumps(actions)})));"
    )
    done = subprocess.run(
        ["node", "--input-type=module", "-e", script], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.parametrize(
    ("typed", "sent"),
    [
        ("/approve r1", f"/approve r1 {SHOWN}"),
        ("/reject r1 too much", f"/reject r1 {SHOWN} too much"),
        ('/approve r1 {"order": 8}', f'/approve r1 {SHOWN} {{"order": 8}}'),
        (f"/approve r1 {'b' * 64}", f"/approve r1 {'b' * 64}"),  # the digest typed is kept
        ("/approve r2", "/approve r2"),  # no card shows r2: the server asks for the digest
        ("approve r1", "approve r1"),
    ],
    ids=["approve", "reject", "edit", "typed-digest", "unseen", "not-a-command"],
)
def test_a_typed_command_gets_the_digest_of_the_card_shown(typed: str, sent: str) -> None:
    assert complete(typed, CARD) == sent
