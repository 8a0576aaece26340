// The openai Node SDK against a live hookline server: chat completions with tool_choice
// (required, a named function, none), streamed with usage, then /v1/responses streamed
// with a client tool and its function_call_output.
// Usage: node openai_client.cjs <node_modules> <base url> <question>; prints a JSON summary.
const path = require("node:path");
const OpenAI = require(path.join(process.argv[2], "openai"));

const client = new OpenAI({ baseURL: `${process.argv[3]}/v1`, apiKey: "-", maxRetries: 0 });
const question = process.argv[4];
const parameters = { type: "object", properties: { city: { type: "string" } }, required: ["city"] };
const weather = { type: "function", function: { name: "get_weather", parameters } };
const user = [{ role: "user", content: question }];

async function chat(toolChoice, extra = {}) {
  return client.chat.completions.create({
    model: "m", messages: user, tools: [weather], tool_choice: toolChoice, ...extra,
  });
}

async function main() {
  const required = await chat("required");
  const named = [];
  const stream = await chat(
    { type: "function", function: { name: "get_weather" } },
    { stream: true, stream_options: { include_usage: true } },
  );
  for await (const chunk of stream) named.push(chunk);
  const none = await chat("none");

  const textStream = client.responses.stream({ model: "m", input: question });
  const deltas = [];
  for await (const event of textStream) {
    if (event.type === "response.output_text.delta") deltas.push(event.delta);
  }
  const streamed = await textStream.finalResponse();
  const tool = { type: "function", name: "get_weather", parameters };
  const askStream = client.responses.stream({ model: "m", input: "Oslo?", tools: [tool] });
  const types = [];
  for await (const event of askStream) types.push(event.type);
  const asked = await askStream.finalResponse();
  const call = asked.output.find((item) => item.type === "function_call");
  const answered = await client.responses.create({
    model: "m",
    input: [
      { role: "user", content: "Oslo?" },
      call,
      { type: "function_call_output", call_id: call.call_id, output: "snow" },
    ],
    tools: [tool],
  });

  const namedCalls = named.flatMap((c) => (c.choices[0] ? c.choices[0].delta.tool_calls || [] : []));
  console.log(
    JSON.stringify({
      required: {
        calls: required.choices[0].message.tool_calls.map((c) => [c.function.name, c.function.arguments]),
        usage: required.usage.total_tokens,
      },
      named: {
        calls: namedCalls.map((c) => c.function.arguments),
        finish: named.filter((c) => c.choices[0]).pop().choices[0].finish_reason,
        usage: named[named.length - 1].usage.total_tokens,
      },
      none: { text: none.choices[0].message.content, usage: none.usage.total_tokens },
      streamed: { text: deltas.join(""), final: streamed.output_text, usage: streamed.usage.total_tokens },
      asked: { types, call: [call.name, call.arguments], usage: asked.usage.total_tokens },
      answered: { text: answered.output_text, usage: answered.usage.total_tokens },
    }),
  );
}

main().catch((error) => {
  console.error(error && error.stack ? error.stack : String(error));
  process.exit(1);
});
