"""Every Python example in README.md and docs/ runs, and every example script runs."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from hookline.durable import dbos_sqlite_problem

ROOT = Path(__file__).resolve().parents[1]
ENV = {**os.environ, "PYTHONPATH": str(ROOT / "src")}  # this checkout, whatever is installed
FENCE = re.compile(r"```python\n(.*?)```", re.DOTALL)


def doc_examples() -> list[tuple[str, str]]:
    found = []
    for path in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        for index, block in enumerate(FENCE.findall(path.read_text(encoding="utf-8"))):
            found.append((f"{path.relative_to(ROOT)}#{index + 1}", block))
    return found


EXAMPLES = doc_examples()


@pytest.mark.parametrize(("where", "code"), EXAMPLES, ids=[where for where, _ in EXAMPLES])
def test_documentation_example_runs(where: str, code: str, tmp_path: Path) -> None:
    if "from dbos import" in code and dbos_sqlite_problem():  # the example keeps DBOS in SQLite
        pytest.skip(dbos_sqlite_problem() or "")
    env = {**ENV, "HOOKLINE_DATA_DIR": str(tmp_path / "data")}  # nothing lands in $HOME
    completed = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tmp_path,
        env=env,
    )
    assert completed.returncode == 0, f"{where} failed:\n{completed.stderr}"


def test_readme_quickstart_is_the_example_script() -> None:
    readme_block = FENCE.findall((ROOT / "README.md").read_text(encoding="utf-8"))[0]
    script = (ROOT / "examples" / "quickstart.py").read_text(encoding="utf-8")
    body = script.split('"""', 2)[2].strip()
    main_guard = 'if __name__ == "__main__":\n    asyncio.run(main())'
    assert body.replace(main_guard, "asyncio.run(main())") == readme_block.strip()


def test_quickstart_prints_the_hooks_and_the_answer() -> None:
    completed = subprocess.run(
        [sys.executable, "examples/quickstart.py"],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
        check=True,
        env=ENV,
    )
    assert completed.stdout.splitlines() == [
        "[audit] default: What's the weather in Lisbon?",
        "[model] 1 messages in, finish=tool_calls",
        "[tool] get_weather",
        "[model] 3 messages in, finish=stop",
        "Lisbon: 18 C, sunny.",
    ]
