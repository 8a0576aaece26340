// @ag-ui/client against a live hookline server: a text run, then a frontend tool round trip.
// Usage: node agui_client.cjs <node_modules> <base url>; prints a JSON summary.
const path = require("node:path");
const { HttpAgent } = require(path.join(process.argv[2], "@ag-ui/client"));

const url = `${process.argv[3]}/agui`;
const confirmTool = {
  name: "confirm_order",
  description: "Ask the user to confirm an order.",
  parameters: { type: "object", properties: { order: { type: "integer" } } },
};

async function run(agent, parameters) {
  const events = [];
  const result = await agent.runAgent(parameters, {
    onEvent: ({ event }) => {
      events.push(event);
    },
  });
  return { types: events.map((e) => e.type), events, newMessages: result.newMessages };
}

async function main() {
  const agent = new HttpAgent({ url, threadId: "matrix-thread" });
  agent.messages = [{ id: "u1", role: "user", content: "Hi" }];
  const text = await run(agent, { runId: "r1" });

  agent.messages.push({ id: "u2", role: "user", content: "Confirm order 7" });
  const asked = await run(agent, { runId: "r2", tools: [confirmTool] });
  const call = asked.events.find((e) => e.type === "TOOL_CALL_START");
  agent.messages.push({ id: "t1", role: "tool", toolCallId: call.toolCallId, content: "confirmed" });
  const answered = await run(agent, { runId: "r3", tools: [confirmTool] });

  const textOf = (r) =>
    r.events.filter((e) => e.type === "TEXT_MESSAGE_CONTENT").map((e) => e.delta).join("");
  const finished = (r) => r.events.find((e) => e.type === "RUN_FINISHED");
  console.log(
    JSON.stringify({
      text: { types: text.types, answer: textOf(text) },
      asked: { types: asked.types, tool: call.toolCallName, outcome: finished(asked).outcome },
      answered: { types: answered.types, answer: textOf(answered) },
      messages: agent.messages.map((m) => [m.role, m.content ?? null]),
    }),
  );
}

main().catch((error) => {
  console.error(error && error.stack ? error.stack : String(error));
  process.exit(1);
});
