"""Load on the hookline server: ``/help`` through the workflow handler (no model) at 50
concurrent clients, and the time to the first SSE byte of a streamed, scripted answer.

The server runs in a subprocess (uvicorn on 127.0.0.1, a free port, one worker,
in-memory store); the clients are one asyncio httpx2 client in this process, each
of the 50 in its own conversation (as 50 users typing ``/help``).
Every loop is bounded in requests and in time.

    python benchmarks/server_load.py            # 5,000 requests per row (~1 min)
    python benchmarks/server_load.py --quick    # smoke run
"""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import statistics
import subprocess
import sys
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import httpx2

ROOT = Path(__file__).resolve().parents[1]
CLIENTS = 50


def build_app() -> object:
    """The served app: the default workflow handler and a scripted, streaming model."""
    from hookline import Agent, AgentConfig, LlmRequest, LlmResponse, ScriptedLlmService, text_reply
    from hookline.server import create_app

    answer = text_reply("The answer streams in a few pieces, as a model would send it.")

    def reply(request: LlmRequest) -> LlmResponse:
        return answer

    llm = ScriptedLlmService(reply, chunks=8, record_requests=False)
    return create_app(Agent(llm, config=AgentConfig(stream=True)))


def serve(port: int) -> None:
    import uvicorn

    uvicorn.run(build_app(), host="127.0.0.1", port=port, log_level="warning", access_log=False)  # type: ignore[arg-type]


@dataclass
class Row:
    workload: str
    clients: int
    latencies: list[float]
    elapsed: float

    def line(self) -> str:
        ordered = sorted(self.latencies)
        count = len(ordered)
        p50 = statistics.median(ordered) * 1000
        p99 = ordered[min(count - 1, int(count * 0.99))] * 1000
        rate = count / self.elapsed
        return (
            f"| {self.workload:<42} | {self.clients:>7} | {count:>8} | {rate:>8.0f} "
            f"| {p50:>7.2f} | {p99:>7.2f} |"
        )


async def hammer(
    client: httpx2.AsyncClient, path: str, body: Mapping[str, object], total: int, limit_s: float
) -> Row:
    latencies: list[float] = []
    remaining = total
    deadline = time.perf_counter() + limit_s

    async def worker(number: int) -> None:
        nonlocal remaining
        conversation = {"x-hookline-conversation-id": f"bench-{path.count('/')}-{number}"}
        payload = {**body, "conversation_id": conversation["x-hookline-conversation-id"]}
        if path.startswith("/v1/"):
            payload = dict(body)
        while remaining > 0 and time.perf_counter() < deadline:
            remaining -= 1
            started = time.perf_counter()
            response = await client.post(path, json=payload, headers=conversation)
            response.raise_for_status()
            latencies.append(time.perf_counter() - started)

    started = time.perf_counter()
    await asyncio.gather(*(worker(number) for number in range(CLIENTS)))
    return Row(f"POST {path} /help", CLIENTS, latencies, time.perf_counter() - started)


async def first_byte(client: httpx2.AsyncClient, total: int, limit_s: float) -> Row:
    latencies: list[float] = []
    deadline = time.perf_counter() + limit_s
    started_all = time.perf_counter()
    for _ in range(total):
        if time.perf_counter() > deadline:
            break
        started = time.perf_counter()
        async with client.stream("POST", "/api/v1/chat", json={"message": "Hi"}) as response:
            chunks = response.aiter_bytes()
            async for chunk in chunks:
                if chunk:
                    latencies.append(time.perf_counter() - started)
                    break
            async for _ in chunks:
                pass
    elapsed = time.perf_counter() - started_all
    return Row("SSE first byte, scripted streamed answer", 1, latencies, elapsed)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def wait_until_up(base: str, process: subprocess.Popen[bytes]) -> None:
    async with httpx2.AsyncClient(base_url=base) as client:
        for _ in range(300):
            if process.poll() is not None:
                raise RuntimeError("the server exited")
            try:
                if (await client.get("/health")).status_code == 200:
                    return
            except httpx2.TransportError:
                await asyncio.sleep(0.05)
    raise RuntimeError("the server did not start")


async def run(base: str, process: subprocess.Popen[bytes], total: int, limit_s: float) -> list[Row]:
    await wait_until_up(base, process)
    limits = httpx2.Limits(max_connections=CLIENTS, max_keepalive_connections=CLIENTS)
    async with httpx2.AsyncClient(base_url=base, limits=limits, timeout=30) as client:
        await hammer(client, "/api/v1/chat", {"message": "/help"}, 200, limit_s)  # warm-up
        help_sse = await hammer(client, "/api/v1/chat", {"message": "/help"}, total, limit_s)
        openai_body = {"model": "m", "messages": [{"role": "user", "content": "/help"}]}
        help_openai = await hammer(client, "/v1/chat/completions", openai_body, total, limit_s)
        ttfb = await first_byte(client, max(50, total // 10), limit_s)
    return [help_sse, help_openai, ttfb]


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short smoke run")
    parser.add_argument("--serve", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve(args.serve)
        return
    total, limit_s = (500, 20.0) if args.quick else (5000, 60.0)
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    process = subprocess.Popen([sys.executable, __file__, "--serve", str(port)], env=env)
    try:
        rows = asyncio.run(run(f"http://127.0.0.1:{port}", process, total, limit_s))
    finally:
        process.terminate()
        process.wait(timeout=10)
    print(f"hookline server load: uvicorn, 1 worker, {os.cpu_count()} CPUs, client in-process")
    print(f"| {'workload':<42} | clients | requests |    req/s |  p50 ms |  p99 ms |")
    print(f"|{'-' * 44}|---------|----------|----------|---------|---------|")
    for row in rows:
        print(row.line())


if __name__ == "__main__":
    main()
