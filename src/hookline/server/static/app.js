// The hookline web chat: streams /api/v1/chat (Server-Sent Events over fetch) and renders
// every component type. Plain JS modules, no build step, no CDN.

import { chartData, drawChart, legend } from "./chart.js";
import { withShownDigest } from "./decisions.js";
import { renderMarkdown } from "./markdown.js";

const $ = (selector) => document.querySelector(selector);
const state = { conversationId: null, busy: false, turn: null };
const APPROVE_EDIT = /^\/approve\s+\S+\s+(?:[0-9a-f]{64}\s+)?\{/;

function headers() {
  const result = { "content-type": "application/json" };
  const token = localStorage.getItem("hookline.token");
  if (token) result.authorization = `Bearer ${token}`;
  return result;
}

function node(tag, className, text) {
  const element = document.createElement(tag);
  if (className) element.className = className;
  if (text !== undefined) element.textContent = text;
  return element;
}

function scrollDown() {
  const log = $("#messages");
  log.scrollTop = log.scrollHeight;
}

// -- the SSE stream --------------------------------------------------------------------

async function* sseEvents(response) {
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true }).replace(/\r\n/g, "\n");
    let cut;
    while ((cut = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      let event = "message";
      const data = [];
      for (const line of block.split("\n")) {
        if (line.startsWith("event:")) event = line.slice(6).trim();
        else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
      }
      if (data.length) yield { event, data: data.join("\n") };
    }
  }
}

async function stream(url, body, turn) {
  setBusy(true);
  try {
    const response = await fetch(url, { method: "POST", headers: headers(), body: JSON.stringify(body) });
    if (!response.ok) {
      const error = await response.json().catch(() => ({}));
      renderError(turn, (error.error && error.error.message) || `HTTP ${response.status}`);
      return;
    }
    for await (const { event, data } of sseEvents(response)) {
      const payload = JSON.parse(data);
      if (event === "done") finishTurn(payload, turn);
      else if (event === "error") renderError(turn, payload.error ? payload.error.message : "The stream failed.");
      else renderComponent(turn, payload);
      scrollDown();
    }
  } catch (error) {
    renderError(turn, `Connection lost (${error.message}).`);
  } finally {
    setBusy(false);
  }
}

function finishTurn(summary, turn) {
  const id = summary.conversation_id;
  const changed = id && id !== state.conversationId;
  // a failed turn keeps its conversation too (the user's message is stored): a reload
  // reopens it with the error, which the page remembers (the store keeps no errors)
  const halted = turn.error && turn.error.code === "halted"; // nothing was stored
  if (id && !halted) setConversation(id);
  if (id && turn.error && !summary.completed) rememberError(id, turn.error);
  else if (id && summary.completed) forgetError(id);
  if (changed || summary.completed || turn.error) loadConversations();
}

function setConversation(id) {
  state.conversationId = id;
  const hash = id ? `#c=${encodeURIComponent(id)}` : " ";
  history.replaceState(null, "", hash === " " ? location.pathname : hash);
}

const errorKey = (id) => `hookline.error.${id}`;
function rememberError(id, error) {
  sessionStorage.setItem(errorKey(id), JSON.stringify(error));
}
function forgetError(id) {
  sessionStorage.removeItem(errorKey(id));
}
function rememberedError(id) {
  try {
    return JSON.parse(sessionStorage.getItem(errorKey(id)) || "null");
  } catch {
    return null;
  }
}

// -- sending ---------------------------------------------------------------------------

function newTurn() {
  const turn = node("div", "turn assistant");
  turn.dataset.role = "assistant";
  $("#messages").append(turn);
  return { element: turn, text: null, tools: new Map(), error: null };
}

function userBubble(text) {
  const bubble = node("div", "turn user", text);
  bubble.dataset.role = "user";
  $("#messages").append(bubble);
}

export async function send(message) {
  if (state.busy) return;
  const text = message.trim();
  if (!text) return;
  userBubble(text);
  const turn = newTurn();
  scrollDown();
  const body = { message: text };
  if (state.conversationId) body.conversation_id = state.conversationId;
  await stream("/api/v1/chat", body, turn);
}

async function starterUi() {
  const turn = newTurn();
  const body = { message: "", metadata: { starter_ui_request: true } };
  if (state.conversationId) body.conversation_id = state.conversationId;
  await stream("/api/v1/chat", body, turn);
}

function setBusy(busy) {
  state.busy = busy;
  document.body.classList.toggle("busy", busy);
  $("#send").disabled = busy;
  const pill = $("#status");
  if (busy) setPill("working", "Working");
  else if (pill.dataset.status === "working") setPill("idle", "Ready");
}

function setPill(status, message, detail = "") {
  const pill = $("#status");
  pill.dataset.status = status;
  pill.textContent = message;
  pill.title = detail;
}

// -- components ------------------------------------------------------------------------

const renderers = {
  text: renderText,
  tool_execution: renderTool,
  dataframe: renderTable,
  chart: renderChart,
  card: renderCard,
  status_card: renderStatusCard,
  status_bar_update: renderStatusBar,
  chat_input_update: renderChatInput,
  error: (turn, rich) => renderError(turn, rich.message, rich.code),
  button: (turn, rich) => turn.element.append(button(rich)),
};

export function renderComponent(turn, component) {
  const rich = component.rich || {};
  const render = renderers[component.type];
  if (render) render(turn, rich);
  else if (component.simple && component.simple.text) {
    turn.element.append(node("div", "simple", component.simple.text));
  }
}

function renderText(turn, rich) {
  if (!rich.delta || !turn.text) {
    const block = node("div", "text markdown");
    turn.element.append(block);
    turn.text = { block, source: "" };
  }
  turn.text.source += rich.content;
  if (rich.markdown === false) turn.text.block.textContent = turn.text.source;
  else turn.text.block.innerHTML = renderMarkdown(turn.text.source);
  if (!rich.delta) turn.text = null;
}

function renderTool(turn, rich) {
  turn.text = null;
  let line = turn.tools.get(rich.call_id);
  if (!line) {
    line = node("div", "tool-line");
    line.dataset.callId = rich.call_id;
    turn.tools.set(rich.call_id, line);
    turn.element.append(line);
  }
  line.dataset.status = rich.status;
  line.replaceChildren(
    node("span", "tool-icon", rich.status === "running" ? "⏳" : rich.status === "success" ? "✓" : "•"),
    node("span", "tool-name", rich.tool),
    node("code", "tool-args", JSON.stringify(rich.arguments || {})),
    node("span", "tool-status", rich.status),
  );
  const waiting = rich.status === "pending";
  if (rich.duration_ms !== null && rich.duration_ms !== undefined && !waiting) {
    line.append(node("span", "tool-duration", `${Math.round(rich.duration_ms)} ms`));
  }
  if (rich.error) line.append(node("span", waiting ? "tool-note" : "tool-error", rich.error));
}

function table(columns, rows) {
  const element = node("table", "data-table");
  const head = node("tr");
  for (const column of columns) head.append(node("th", "", String(column)));
  element.append(node("thead"));
  element.firstChild.append(head);
  const body = node("tbody");
  for (const row of rows) {
    const tr = node("tr");
    for (const cell of row) tr.append(node("td", typeof cell === "number" ? "num" : "", cell === null ? "NULL" : String(cell)));
    body.append(tr);
  }
  element.append(body);
  return element;
}

function renderTable(turn, rich) {
  turn.text = null;
  const box = node("figure", "dataframe");
  if (rich.title) box.append(node("figcaption", "", rich.title));
  const scroller = node("div", "table-scroll");
  scroller.append(table(rich.columns || [], rich.rows || []));
  box.append(scroller);
  const shown = (rich.rows || []).length;
  const count = rich.row_count ?? shown;
  box.append(node("div", "row-count", count > shown ? `${shown} of ${count} rows` : `${count} rows`));
  turn.element.append(box);
}

function renderChart(turn, rich) {
  turn.text = null;
  const box = node("figure", "chart");
  const title = rich.title || (rich.spec && typeof rich.spec.title === "string" ? rich.spec.title : null);
  if (title) box.append(node("figcaption", "", title));
  const data = chartData(rich.spec, rich.format);
  if (data) {
    box.append(drawChart(data), legend(data));
  } else {
    const values = (rich.spec && rich.spec.data && rich.spec.data.values) || [];
    const columns = values.length ? Object.keys(values[0]) : [];
    box.append(table(columns, values.map((v) => columns.map((c) => v[c]))));
  }
  turn.element.append(box);
}

function button(spec) {
  const element = node("button", `action ${spec.variant || "secondary"}`, spec.label);
  element.type = "button";
  element.dataset.action = spec.action;
  element.addEventListener("click", () => {
    if (APPROVE_EDIT.test(spec.action) || spec.label === "Edit") {
      const input = $("#input");
      input.value = spec.action;
      input.focus();
      return;
    }
    send(spec.action);
  });
  return element;
}

function renderCard(turn, rich) {
  turn.text = null;
  const card = node("section", `card status-${rich.status || "none"}`);
  const title = node("h3", "", `${rich.icon ? `${rich.icon} ` : ""}${rich.title}`);
  card.append(title);
  if (rich.content) {
    const body = node("div", "markdown");
    if (rich.markdown === false) body.textContent = rich.content;
    else body.innerHTML = renderMarkdown(rich.content);
    card.append(body);
  }
  const specs = [...(rich.buttons || []), ...(rich.actions || [])];
  if (specs.length) {
    const row = node("div", "card-actions");
    for (const spec of specs) row.append(button(spec));
    card.append(row);
  }
  if (rich.title === "Approval needed") card.classList.add("approval");
  turn.element.append(card);
}

function renderStatusCard(turn, rich) {
  turn.text = null;
  const line = node("div", `status-card status-${rich.status}`);
  line.append(node("strong", "", `${rich.icon ? `${rich.icon} ` : ""}${rich.title}`));
  if (rich.description) line.append(node("span", "", rich.description));
  turn.element.append(line);
}

function renderStatusBar(_turn, rich) {
  // while a turn runs the pill never says it is idle: "Ready" comes when the turn ends
  if (state.busy && rich.status === "idle") return;
  setPill(rich.status, rich.message || rich.status, rich.detail || "");
}

function renderChatInput(_turn, rich) {
  const input = $("#input");
  if (rich.placeholder) input.placeholder = rich.placeholder;
  input.disabled = Boolean(rich.disabled);
  if (typeof rich.value === "string") input.value = rich.value;
}

function renderError(turn, message, code) {
  turn.text = null;
  const box = node("div", "error-box", message);
  if (code) box.dataset.code = code;
  turn.element.append(box);
  turn.error = { message, code: code || null };
  setPill("error", "Error");
}

// -- conversations ---------------------------------------------------------------------

async function loadConversations() {
  const response = await fetch("/api/v1/conversations?limit=50", { headers: headers() });
  if (!response.ok) return;
  const { conversations } = await response.json();
  const list = $("#conversations");
  list.replaceChildren();
  for (const item of conversations) {
    const entry = node("li", item.id === state.conversationId ? "active" : "");
    const link = node("button", "conversation", item.title);
    link.type = "button";
    link.dataset.id = item.id;
    link.addEventListener("click", () => openConversation(item.id));
    entry.append(link);
    list.append(entry);
  }
}

async function openConversation(id) {
  const response = await fetch(`/api/v1/conversations/${encodeURIComponent(id)}`, { headers: headers() });
  if (!response.ok) return;
  const conversation = await response.json();
  setConversation(conversation.id);
  $("#messages").replaceChildren();
  setPill("idle", "Ready");
  let turn = null;
  const calls = new Map();
  for (const message of conversation.messages) {
    if (message.role === "user") {
      userBubble(message.content || "");
      turn = null;
      continue;
    }
    turn = turn || newTurn();
    for (const call of message.tool_calls || []) {
      calls.set(call.id, call);
      renderTool(turn, { call_id: call.id, tool: call.name, arguments: call.arguments, status: "called" });
    }
    const call = message.role === "tool" && calls.get(message.tool_call_id);
    if (call) {
      const status = message.status || "success";
      const error = status === "success" ? null : message.content;
      renderTool(turn, { call_id: call.id, tool: call.name, arguments: call.arguments, status, error });
    }
    if (message.role === "assistant" && message.content) {
      renderText(turn, { content: message.content, delta: false });
    }
  }
  for (const pending of conversation.pending_tool_calls || []) {
    if (pending.state !== "pending") continue;
    const args = JSON.stringify(pending.arguments);
    const bound = `${pending.id} ${pending.digest}`; // a decision names the call shown
    renderCard(turn || newTurn(), {
      title: "Approval needed",
      icon: "✋",
      status: "warning",
      content: `**${pending.name}** \`${args}\` (digest \`${pending.digest}\`)\n\n${pending.reason}`,
      buttons: [
        { label: "Approve", action: `/approve ${bound}`, variant: "primary" },
        { label: "Reject", action: `/reject ${bound}`, variant: "danger" },
        { label: "Edit", action: `/approve ${bound} ${args}`, variant: "secondary" },
      ],
    });
  }
  const error = rememberedError(conversation.id);
  if (error) renderError(turn || newTurn(), error.message, error.code);
  loadConversations();
  scrollDown();
}

function newConversation() {
  setConversation(null);
  $("#messages").replaceChildren();
  loadConversations();
  starterUi();
}

// -- start -----------------------------------------------------------------------------

function start() {
  $("#composer").addEventListener("submit", (event) => {
    event.preventDefault();
    const input = $("#input");
    const shown = [...document.querySelectorAll(".card.approval button.action")];
    const text = withShownDigest(input.value, shown.map((b) => b.dataset.action || ""));
    input.value = "";
    send(text);
  });
  $("#input").addEventListener("keydown", (event) => {
    if (event.key === "Enter" && !event.shiftKey) {
      event.preventDefault();
      $("#composer").requestSubmit();
    }
  });
  $("#new-chat").addEventListener("click", newConversation);
  const reopen = new URLSearchParams(location.hash.slice(1)).get("c");
  if (reopen) {
    openConversation(reopen);
  } else {
    loadConversations();
    starterUi();
  }
}

start();
