"""hookline side by side with vanna 2, LangChain 1.x and Strands Agents, in one run.

    python benchmarks/peers/run.py            # full run (a few minutes)
    python benchmarks/peers/run.py --quick    # smoke run

The peers are installed into a separate virtual environment (``.peers-venv/``
at the repository root, or ``HOOKLINE_PEERS_VENV``), never into the project:
``--setup-only`` (or ``setup.sh``) just builds it.  Every library runs the
same scripted turn (``scenario.py``) with its own extension points
(``peer_<library>.py``).  Each library gets one worker process, started once
and driven in rounds: every round runs a batch of every (library, hook count)
setting in turn, so machine noise hits all of them alike; the table shows
medians over the rounds.  ``import`` time is the median over fresh
interpreters, also interleaved.  A library that cannot be installed or whose
API is not what its adapter expects gets a row saying so; the run goes on.
Then the hookline concurrency benchmark (``benchmarks/concurrency.py``) runs.

Turn times are CPU time of the worker process (all its threads): the machines
here have two shared cores, and CPU time is far less disturbed by other work
than wall time.  Before the table, the targets of issue 17 are printed as
ratios of this one run (never absolute microseconds: the VM's speed drifts):

- the scripted turn (0 hooks): vanna 2.0.2 / hookline >= 4, LangChain / hookline
  >= 30 (the median of the per-round ratios).  Each against the hookline turn that
  does the same work: vanna streams its model's answer, so the streamed turn;
  LangChain's ``ainvoke`` calls its model for whole answers, so the turn with
  streaming off (its own row);
- what 5 no-op ``AgentMiddleware`` add to hookline's turn / what 5 no-op
  LangChain ``AgentMiddleware`` add to LangChain's <= 0.01 (each: the median over
  rounds of the 5-middleware batch minus the bare batch of the same round);
- ``import hookline`` / ``import vanna`` <= 0.4 (medians over fresh interpreters,
  interleaved; hookline byte-compiled first, as a pip install leaves it).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import venv
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
VENV = Path(os.environ.get("HOOKLINE_PEERS_VENV", ROOT / ".peers-venv"))
STATUS_FILE = "hookline-peers.json"
PACKAGES = {
    "hookline": ["pydantic>=2.6,<3", "aiosqlite>=0.20", "sqlglot>=25"],  # hookline's own deps
    "vanna": ["vanna==2.0.2"],
    "langchain": ["langchain>=1,<2"],
    "strands": ["strands-agents"],
}
HOOKS = (0, 1, 5)


@dataclass(frozen=True)
class Row:
    """One line of the table: a worker (library) and the builder of its turn."""

    peer: str
    builder: str
    label: str


ROWS = (
    Row("hookline", "build", "hookline (handlers on every event)"),
    Row("hookline", "build_middleware", "hookline (AgentMiddleware)"),
    Row("vanna", "build", "vanna 2 (LifecycleHook)"),
    Row("langchain", "build", "langchain 1.x (AgentMiddleware)"),
    Row("hookline", "build_unstreamed", "hookline, not streamed (handlers)"),
    Row("strands", "build", "strands-agents (HookProvider)"),
)


# -- the virtual environment ---------------------------------------------------------------


def venv_python() -> Path:
    return VENV / "bin" / "python"


def ensure_venv(upgrade: bool = False) -> dict[str, str]:
    """Create the environment and install each peer on its own (one failure
    does not stop the others); returns {peer: "ok" or the error}."""
    status_path = VENV / STATUS_FILE
    if status_path.exists() and not upgrade:
        status: dict[str, str] = json.loads(status_path.read_text())
        return status
    if not venv_python().exists():
        print(f"creating {VENV} ...", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    status = {}
    for peer, requirements in PACKAGES.items():
        print(f"installing {' '.join(requirements)} ...", flush=True)
        done = subprocess.run(
            [str(venv_python()), "-m", "pip", "install", "-q", *requirements],
            capture_output=True,
            text=True,
        )
        status[peer] = "ok" if done.returncode == 0 else _last_line(done.stderr)
    status_path.write_text(json.dumps(status, indent=2))
    return status


def _last_line(text: str) -> str:
    lines = [line for line in text.strip().splitlines() if line.strip()]
    return lines[-1] if lines else "pip failed"


def _env() -> dict[str, str]:
    path = os.pathsep.join([str(ROOT / "src"), str(HERE)])
    return {**os.environ, "PYTHONPATH": path, "PYTHONDONTWRITEBYTECODE": "1"}


# -- workers -------------------------------------------------------------------------------


@dataclass
class Worker:
    """A running ``worker.py`` for one library (or why there is none)."""

    peer: str
    process: subprocess.Popen[str] | None = None
    error: str | None = None
    info: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def start(cls, peer: str, python: Path, install_error: str | None) -> Worker:
        if install_error is not None:
            return cls(peer, error=f"not installed: {install_error}")
        process = subprocess.Popen(
            [str(python), str(HERE / "worker.py"), peer],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=_env(),
        )
        worker = cls(peer, process)
        hello = worker._read()
        if "error" in hello:
            worker.error = str(hello["error"])
            worker.stop()
        else:
            worker.info = hello
        return worker

    def ask(self, command: dict[str, Any]) -> dict[str, Any]:
        if self.process is None:
            return {"error": self.error or "no worker"}
        stdin: IO[str] | None = self.process.stdin
        assert stdin is not None
        stdin.write(json.dumps(command) + "\n")
        stdin.flush()
        return self._read()

    def _read(self) -> dict[str, Any]:
        assert self.process is not None and self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            return {"error": f"the worker exited (code {self.process.poll()})"}
        reply: dict[str, Any] = json.loads(line)
        return reply

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.ask({"cmd": "quit"})
            self.process.wait(timeout=30)
        self.process = None


# -- measurements --------------------------------------------------------------------------


@dataclass
class Results:
    """Medians and notes per row."""

    samples: dict[tuple[str, int], list[float]] = field(default_factory=dict)
    errors: dict[str, str] = field(default_factory=dict)
    import_ms: dict[str, float] = field(default_factory=dict)
    growth_kb: dict[str, int] = field(default_factory=dict)

    def us(self, row: Row, hooks: int) -> float | None:
        values = self.samples.get((row.label, hooks))
        return statistics.median(values) if values else None


def measure_turns(workers: dict[str, Worker], rounds: int, min_s: float, results: Results) -> None:
    """Every setting once per round; odd rounds in reverse order (drift hits all alike)."""
    settings = [(row, hooks) for row in ROWS for hooks in HOOKS]
    for number in range(rounds):
        print(f"round {number + 1}/{rounds}", file=sys.stderr, flush=True)
        for row, hooks in settings if number % 2 == 0 else reversed(settings):
            if row.label in results.errors:
                continue
            reply = workers[row.peer].ask(
                {"cmd": "bench", "builder": row.builder, "hooks": hooks, "min_s": min_s}
            )
            if "error" in reply:
                results.errors[row.label] = str(reply["error"])
            else:
                results.samples.setdefault((row.label, hooks), []).append(float(reply["us"]))


def measure_growth(workers: dict[str, Worker], turns: int, results: Results) -> None:
    for row in ROWS:
        if row.label in results.errors:
            continue
        reply = workers[row.peer].ask({"cmd": "growth", "builder": row.builder, "turns": turns})
        if "error" in reply:
            results.errors[row.label] = str(reply["error"])
        else:
            results.growth_kb[row.label] = int(reply["after_kb"]) - int(reply["before_kb"])


def measure_imports(workers: dict[str, Worker], python: Path, runs: int, results: Results) -> None:
    """Median wall time of each library's import statement, fresh interpreters, interleaved."""
    statements = {peer: _import_statement(peer) for peer, w in workers.items() if not w.error}
    times: dict[str, list[float]] = {peer: [] for peer in statements}
    compile_hookline(python)
    for _ in range(runs):
        for peer, statement in statements.items():
            code = f"import time; t=time.perf_counter(); {statement}; print(time.perf_counter()-t)"
            done = subprocess.run(
                [str(python), "-c", code], capture_output=True, text=True, env=_env()
            )
            if done.returncode == 0:
                times[peer].append(float(done.stdout) * 1000)
    results.import_ms = {peer: statistics.median(t) for peer, t in times.items() if t}


def compile_hookline(python: Path) -> None:
    """Byte-compile ``src/hookline`` as a pip install does (the peers come compiled):
    with ``PYTHONDONTWRITEBYTECODE`` set, every fresh interpreter would compile it again."""
    command = [str(python), "-m", "compileall", "-q", str(ROOT / "src" / "hookline")]
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)


def _import_statement(peer: str) -> str:
    source = (HERE / f"peer_{peer}.py").read_text()
    for line in source.splitlines():
        if line.startswith("IMPORT = "):
            return str(json.loads(line.removeprefix("IMPORT = ")))
    raise ValueError(f"peer_{peer}.py has no IMPORT")


# -- the targets of issue 17 -----------------------------------------------------------------


@dataclass(frozen=True)
class Target:
    """One ratio of issue 17: ``value`` measured in this run, against ``bound``."""

    figure: str
    hookline: str
    peer: str
    value: float | None
    bound: float
    at_least: bool  # the ratio must be >= bound (else <= bound)
    note: str = ""

    def verdict(self) -> str:
        if self.value is None:
            return "n/a"
        met = self.value >= self.bound if self.at_least else self.value <= self.bound
        return "ok" if met else "MISSED"


def _paired_ratio(peer: list[float] | None, base: list[float] | None) -> float | None:
    """Median over rounds of peer / base, each pair from the same round."""
    if not peer or not base:
        return None
    return statistics.median(p / b for p, b in zip(peer, base, strict=False))


def _added(results: Results, label: str, hooks: int) -> float | None:
    """Median over rounds of (``hooks`` hooks) - (no hooks), each pair from the same round."""
    loaded, bare = results.samples.get((label, hooks)), results.samples.get((label, 0))
    if not loaded or not bare:
        return None
    return statistics.median(a - b for a, b in zip(loaded, bare, strict=False))


def _us(value: float | None) -> str:
    return "-" if value is None else f"{value:,.1f} us"


def targets(results: Results) -> list[Target]:
    """The four speed ratios of issue 17, from this run's samples."""
    hookline, middleware, vanna, langchain, unstreamed = (row.label for row in ROWS[:5])
    turn = {row.label: results.us(row, 0) for row in ROWS}
    samples = results.samples.get
    ours, theirs = _added(results, middleware, 5), _added(results, langchain, 5)
    imports = results.import_ms
    return [
        Target(
            "scripted turn: vanna 2.0.2 / hookline",
            _us(turn[hookline]),
            _us(turn[vanna]),
            _paired_ratio(samples((vanna, 0)), samples((hookline, 0))),
            4,
            True,
        ),
        Target(
            "scripted turn, not streamed: LangChain create_agent / hookline",
            _us(turn[unstreamed]),
            _us(turn[langchain]),
            _paired_ratio(samples((langchain, 0)), samples((unstreamed, 0))),
            30,
            True,
        ),
        Target(
            "added by 5 no-op AgentMiddleware: hookline / LangChain",
            _us(ours),
            _us(theirs),
            None if ours is None or not theirs else ours / theirs,
            0.01,
            False,
        ),
        Target(
            "import hookline / import vanna",
            _ms(imports.get("hookline")),
            _ms(imports.get("vanna")),
            _ratio(imports.get("hookline"), imports.get("vanna")),
            0.4,
            False,
        ),
    ]


def _ms(value: float | None) -> str:
    return "-" if value is None else f"{value:,.0f} ms"


def _ratio(value: float | None, base: float | None) -> float | None:
    return None if value is None or not base else value / base


def target_table(rows: list[Target]) -> str:
    lines = [["issue 17 target", "hookline", "peer", "ratio", "target", ""]]
    for row in rows:
        value = "-" if row.value is None else f"{row.value:.4g}x"
        bound = f"{'>=' if row.at_least else '<='} {row.bound:g}x"
        lines.append([row.figure, row.hookline, row.peer, value, bound, row.verdict()])
    return _format(lines)


def machine() -> str:
    """The CPU model, core count, kernel and load, for the record."""
    model = platform.processor() or platform.machine()
    cpuinfo = Path("/proc/cpuinfo")
    if cpuinfo.exists():
        names = [line for line in cpuinfo.read_text().splitlines() if line.startswith("model name")]
        model = names[0].split(":", 1)[1].strip() if names else model
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    system = f"{platform.system()} {platform.release()}"
    return f"machine: {model}, {os.cpu_count()} CPUs, {system}; load average {load}"


# -- the table -------------------------------------------------------------------------------


def _cell(value: float | None, base: float | None, unit: str, digits: int = 0) -> str:
    if value is None:
        return "-"
    text = f"{value:,.{digits}f}{unit}"
    if base:
        text += f" ({value / base:.1f}x)"
    return text


def table(workers: dict[str, Worker], results: Results, growth_turns: int) -> str:
    base_row = ROWS[0]
    heads = [
        "library (hooks)",
        "version",
        "us/turn, 0",
        "us/turn, 1",
        "us/turn, 5",
        "import",
        "RSS after import",
        f"RSS growth / {growth_turns:,} turns",
    ]
    lines = [heads]
    base_import = results.import_ms.get(base_row.peer)
    base_rss = workers[base_row.peer].info.get("rss_kb")
    for row in ROWS:
        worker = workers[row.peer]
        problem = worker.error or results.errors.get(row.label)
        if problem is not None:
            lines.append([row.label, worker.info.get("version", "-"), f"n/a: {problem}"])
            continue
        rss = worker.info.get("rss_kb")
        growth = results.growth_kb.get(row.label)
        lines.append(
            [
                row.label,
                str(worker.info.get("version", "-")),
                *(_cell(results.us(row, n), results.us(base_row, n), "") for n in HOOKS),
                _cell(results.import_ms.get(row.peer), base_import, " ms"),
                _cell(rss / 1024 if rss else None, base_rss / 1024 if base_rss else None, " MB", 1),
                "-" if growth is None else f"{growth / 1024:+.1f} MB",
            ]
        )
    return _format(lines)


def _format(lines: list[list[str]]) -> str:
    full = [line for line in lines if len(line) == len(lines[0])]  # n/a rows do not set widths
    widths = [max(len(line[i]) for line in full) for i in range(len(lines[0]))]
    out = []
    for line in lines:
        if len(line) < len(widths):  # an n/a row: the note spans the rest
            out.append("  ".join([line[0].ljust(widths[0]), line[1].ljust(widths[1]), line[2]]))
        else:
            cells = (cell.ljust(width) for cell, width in zip(line, widths, strict=True))
            out.append("  ".join(cells).rstrip())
    return "\n".join(out)


def run_concurrency(python: Path, quick: bool) -> str:
    command = [str(python), str(ROOT / "benchmarks" / "concurrency.py")]
    done = subprocess.run(
        command + (["--quick"] if quick else []), capture_output=True, text=True, env=_env()
    )
    return done.stdout.strip() if done.returncode == 0 else f"concurrency failed: {done.stderr}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a smoke run (about a minute)")
    parser.add_argument("--setup-only", action="store_true", help="build the environment, exit")
    parser.add_argument("--reinstall", action="store_true", help="install the peers again")
    args = parser.parse_args()
    status = ensure_venv(upgrade=args.reinstall)
    if args.setup_only:
        print(json.dumps(status, indent=2))
        return
    python = venv_python() if status.get("hookline") == "ok" else Path(sys.executable)
    quick = (3, 0.05, 1_000, 3)
    rounds, min_s, growth_turns, import_runs = quick if args.quick else (11, 0.2, 10_000, 9)
    workers = {}
    for peer in PACKAGES:
        install_error = None if status.get(peer) == "ok" else status.get(peer, "not installed")
        workers[peer] = Worker.start(peer, python, install_error)
    results = Results()
    probe = {"cmd": "bench", "builder": "build_middleware", "hooks": 0, "min_s": 0}
    if "error" in workers["hookline"].ask(probe):
        results.errors[ROWS[1].label] = "skipped: hookline.middleware is not in this checkout"
    try:
        measure_turns(workers, rounds, min_s, results)
        measure_growth(workers, growth_turns, results)
    finally:
        for worker in workers.values():
            worker.stop()
    measure_imports(workers, python, import_runs, results)
    print(f"peers side by side: {rounds} interleaved rounds, >= {min_s} s per batch, medians;")
    print("one scripted turn = 1 tool call + final answer, new conversation each turn, no network;")
    print(
        "turn times in CPU us of the worker process; ratios in the big table are to its first row"
    )
    print(f"interpreter: {workers['hookline'].info.get('python', python)}")
    print(machine())
    print()
    print(target_table(targets(results)))
    print()
    print(table(workers, results, growth_turns))
    print()
    print(run_concurrency(python, args.quick))


if __name__ == "__main__":
    main()
