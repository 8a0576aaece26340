"""The web page's Markdown renderer (static/markdown.js), run by Node: headings and the
inline marks become tags, and text from the model is escaped before any of them."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

import hookline

MARKDOWN_JS = Path(hookline.__file__).parent / "server" / "static" / "markdown.js"


def render(text: str) -> str:
    if shutil.which("node") is None:
        pytest.skip("node is not installed")
    script = (
        f"import({json.dumps(MARKDOWN_JS.as_uri())})"
        f".then((m) => process.stdout.write(m.renderMarkdown({json.dumps(text)})));"
    )
    done = subprocess.run(
        ["node", "--input-type=module", "-e", script],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_headings_of_every_level_become_heading_tags() -> None:
    rendered = render("# Title\n### Part *one*\nplain text\n####### seven is not a heading")
    assert rendered.splitlines() == [
        "<h1>Title</h1>",
        "<h3>Part <em>one</em></h3>",
        "<p>plain text<br>####### seven is not a heading</p>",
    ]


def test_html_in_a_heading_is_escaped() -> None:
    rendered = render('## <img src=x onerror="alert(1)">')
    assert rendered == "<h2>&lt;img src=x onerror=&quot;alert(1)&quot;&gt;</h2>"
