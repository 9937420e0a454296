// A seat's (or a spectator's) table: one WebSocket, the server's messages drawn as they come.
import { el, lang, langToggle, t, toast } from "./i18n.js";
import { logLine, outcomeText, renderActions, renderTable } from "./table.js";

const roomId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const token = new URLSearchParams(location.hash.slice(1)).get("t") || "";

const S = { obs: null, decision: 0, welcome: null, log: [], chat: [], thinking: null, rematch: null, hl: [], undoAsk: null };
let ws = null;
let backoff = 500;

const $ = (id) => document.getElementById(id);

function draw() {
  const obs = S.obs;
  if (!obs) return;
  document.title = `${S.welcome ? S.welcome.name : "tefuda"} — ${roomId}`;
  $("game-name").textContent = S.welcome ? `${S.welcome.name} (${S.welcome.name_en})` : "";
  $("who").textContent = obs.spectator ? t("spectator") : `P${obs.seat + 1} (${t("you")})`;
  renderTable($("table"), obs, pick);
  renderActions($("actions"), obs, act, S.hl);
  drawUndo();
  const st = $("turn-state");
  const thinking = $("thinking");
  thinking.hidden = S.thinking === null || obs.outcome !== null;
  thinking.textContent = S.thinking !== null ? `P${S.thinking + 1}: ${t("thinking")}` : "";
  if (obs.outcome) st.textContent = "";
  else if (!obs.spectator && obs.to_move === obs.seat) st.textContent = t("your_choice");
  else st.textContent = `P${obs.to_move + 1} ${t("to_move")} — ${t("waiting")}`;
  drawLog();
  drawResult();
}

function drawUndo() {
  const obs = S.obs;
  const box = $("undo");
  box.replaceChildren();
  if (!obs || obs.spectator || obs.outcome) return;
  if (S.undoAsk !== null && S.undoAsk !== undefined && S.undoAsk !== obs.seat) {
    box.append(
      el("p", { text: `P${S.undoAsk + 1}: ${t("undo_asked")}` }),
      el("button", { "data-testid": "undo-yes", onclick: () => send({ type: "undo_answer", accept: true }), text: t("accept") }),
      " ",
      el("button", { "data-testid": "undo-no", onclick: () => send({ type: "undo_answer", accept: false }), text: t("refuse") })
    );
    return;
  }
  box.append(el("button", { class: "undo", "data-testid": "undo", onclick: () => send({ type: "undo" }), text: t("undo") }));
}

function drawLog() {
  const box = $("log");
  box.replaceChildren(...S.log.slice(-200).map((e) => el("li", { class: `ev ev-${e.code}`, text: logLine(e) })));
  box.scrollTop = box.scrollHeight;
  const chat = $("chat-list");
  chat.replaceChildren(
    ...S.chat.slice(-100).map((c) => el("li", {}, el("b", { text: c.seat === null || c.seat === undefined ? t("server") : `P${c.seat + 1}` }), " ", c.text))
  );
  chat.scrollTop = chat.scrollHeight;
}

function drawResult() {
  const box = $("result");
  const obs = S.obs;
  if (!obs.outcome) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const seatQ = obs.spectator ? "" : `?seat=${obs.seat + 1}`;
  const parts = [
    el("h2", { text: t("result") }),
    el("p", { class: "outcome", "data-testid": "outcome", text: outcomeText(obs) }),
    el("a", { href: `/api/rooms/${roomId}/replay`, download: `tefuda-${obs.game}-${roomId}.json`, text: t("replay_download") }),
    " · ",
    el("a", { href: `/replay/${roomId}${seatQ}`, text: t("replay_view") }),
  ];
  if (!obs.spectator) parts.push(" · ", el("button", { id: "rematch", onclick: () => send({ type: "rematch" }), text: t("rematch") }));
  if (S.rematch) parts.push(el("p", {}, `${t("rematch_ready")}: `, el("a", { href: S.rematch, "data-testid": "rematch-link", text: t("open") })));
  box.replaceChildren(...parts);
}

function send(msg) {
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg));
}

function act(index) {
  S.hl = [];
  send({ type: "act", decision: S.decision, action: index });
}

function pick(indexes) {
  if (indexes.length === 1) act(indexes[0]);
  else {
    S.hl = indexes;
    renderActions($("actions"), S.obs, act, S.hl);
  }
}

function onMessage(ev) {
  const m = JSON.parse(ev.data);
  switch (m.type) {
    case "welcome":
      S.welcome = m;
      break;
    case "state":
      S.obs = m.observation;
      S.decision = m.decision;
      S.log = m.log || [];
      S.chat = m.chat || [];
      S.thinking = m.thinking ?? null;
      S.hl = [];
      draw();
      break;
    case "update":
      S.obs = m.observation;
      S.decision = m.decision;
      S.log.push(...(m.log || []));
      S.thinking = null;
      S.hl = [];
      draw();
      break;
    case "thinking":
      S.thinking = m.seat;
      draw();
      break;
    case "chat":
      S.chat.push({ seat: m.seat, text: m.text });
      drawLog();
      break;
    case "rematch":
      S.rematch = m.url;
      if (S.obs) drawResult();
      break;
    case "undo_request":
      S.undoAsk = m.seat;
      if (S.obs && m.seat === S.obs.seat) toast(t("undo_waiting"));
      drawUndo();
      break;
    case "undo_result":
      S.undoAsk = null;
      toast(m.ok ? t("undo_done") : t("undo_refused"), m.ok ? "info" : "error");
      drawUndo();
      break;
    case "error":
      toast(m.error, "error");
      break;
    case "ignored":
      toast(m.reason, "info");
      break;
  }
}

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  ws = new WebSocket(`${proto}://${location.host}/ws/${encodeURIComponent(roomId)}`);
  ws.onopen = () => {
    backoff = 500;
    $("conn").textContent = "";
    ws.send(JSON.stringify(token ? { type: "hello", token } : { type: "hello" }));
  };
  ws.onmessage = onMessage;
  ws.onclose = () => {
    $("conn").textContent = t("reconnecting");
    setTimeout(connect, backoff);
    backoff = Math.min(backoff * 2, 10000);
  };
}

function setup() {
  $("bar").append(langToggle(() => { draw(); drawStatic(); }));
  $("chat-form").onsubmit = (e) => {
    e.preventDefault();
    const input = $("chat-input");
    if (input.value.trim()) send({ type: "say", text: input.value });
    input.value = "";
  };
  $("table").addEventListener("redraw", () => draw());
  drawStatic();
  connect();
}

function drawStatic() {
  document.documentElement.lang = lang();
  $("lobby-link").textContent = t("lobby_link");
  $("log-title").textContent = t("log");
  $("chat-title").textContent = t("chat");
  $("chat-send").textContent = t("say");
}

setup();
