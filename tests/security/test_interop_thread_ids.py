"""Finding 9: AG-UI thread ids are scoped by user; no one can pre-create (squat) another
user's thread, through AG-UI or by naming the derived id elsewhere (live server)."""

from __future__ import annotations

import json
from typing import Any

from hookline import User, text_reply
from hookline.server.conversation_ids import scoped_id
from tests.security.interop_server import served


def run_input(thread_id: str, text: str) -> dict[str, Any]:
    return {
        "threadId": thread_id,
        "runId": "run-1",
        "state": {},
        "messages": [{"id": "u1", "role": "user", "content": text}],
        "tools": [],
        "context": [],
        "forwardedProps": {},
    }


def event_types(body: str) -> list[str]:
    return [json.loads(line[5:])["type"] for line in body.splitlines() if line.startswith("data:")]


def test_a_squatted_thread_id_does_not_take_over_or_block_the_owners_thread() -> None:
    script = [text_reply("Bob's answer."), text_reply("Alice's answer."), text_reply("Bob 2.")]
    with served(script) as server:
        alices_id = scoped_id("agui-", User(id="alice"), "team-thread")
        with server.client("bob") as bob, server.client("alice") as alice:
            squat_plain = bob.post("/agui", json=run_input("team-thread", "planted by bob"))
            squat_derived = bob.post(
                "/api/v1/chat", json={"message": "planted", "conversation_id": alices_id}
            )
            alices_run = alice.post("/agui", json=run_input("team-thread", "hello"))
            bobs_again = bob.post("/agui", json=run_input("team-thread", "what did alice say?"))
            bob_reads = bob.get(f"/api/v1/conversations/{alices_id}")
            alice_reads = alice.get(f"/api/v1/conversations/{alices_id}")

        assert squat_plain.status_code == 200
        assert squat_derived.status_code == 404
        assert squat_derived.json()["error"]["code"] == "conversation_not_found"
        assert alices_run.status_code == 200
        assert event_types(alices_run.text)[-1] == "RUN_FINISHED"
        assert bob_reads.status_code == 404
        assert [m["content"] for m in alice_reads.json()["messages"]] == [
            "hello",
            "Alice's answer.",
        ]
        # bob's own thread of the same name never contained anything of alice's
        assert bobs_again.status_code == 200
        bob_history = [m.content for m in server.llm.requests[2].messages]
        assert bob_history == ["planted by bob", "Bob's answer.", "what did alice say?"]
        assert server.conversation_ids("alice") == [alices_id]
