// The replay viewer of a finished room: every step as one seat (or a spectator) saw it.
import { el, lang, langToggle, t, toast } from "./i18n.js";
import { logLine, outcomeText, renderActions, renderTable } from "./table.js";

const $ = (id) => document.getElementById(id);
const roomId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const params = new URLSearchParams(location.search);
let seat = params.get("seat") || "";
let steps = [];
let at = 0;

async function load() {
  const res = await fetch(`/api/rooms/${encodeURIComponent(roomId)}/steps${seat ? `?seat=${seat}` : ""}`);
  const body = await res.json();
  if (!res.ok) {
    $("replay-status").textContent = body.error || t("not_over");
    toast(body.error || t("error"), "error");
    return;
  }
  steps = body;
  at = Math.min(at, steps.length - 1);
  drawSeats();
  draw();
}

function drawSeats() {
  const sel = $("seat");
  const n = steps.length ? steps[0].observation.players.length : 2;
  sel.replaceChildren(el("option", { value: "", text: t("spectator") }));
  for (let i = 1; i <= n; i++) sel.append(el("option", { value: String(i), text: `P${i}` }));
  sel.value = seat;
}

function draw() {
  if (!steps.length) return;
  const s = steps[at];
  $("pos").textContent = `${t("step")} ${s.step} / ${steps.length - 1}`;
  $("last-action").textContent = s.action || "";
  renderTable($("table"), s.observation, () => {});
  renderActions($("actions"), { ...s.observation, legal: s.observation.legal }, () => {});
  const log = [];
  for (let i = Math.max(0, at - 30); i <= at; i++) log.push(...steps[i].log);
  $("log").replaceChildren(...log.slice(-120).map((e) => el("li", { text: logLine(e) })));
  $("log").scrollTop = $("log").scrollHeight;
  $("result").textContent = s.observation.outcome ? outcomeText(s.observation) : "";
}

function go(i) {
  at = Math.max(0, Math.min(steps.length - 1, i));
  draw();
}

function drawStatic() {
  document.documentElement.lang = lang();
  document.querySelectorAll("[data-word]").forEach((e) => (e.textContent = t(e.dataset.word)));
}

function setup() {
  $("bar").append(langToggle(() => { drawStatic(); drawSeats(); draw(); }));
  drawStatic();
  $("first").onclick = () => go(0);
  $("prev").onclick = () => go(at - 1);
  $("next").onclick = () => go(at + 1);
  $("last").onclick = () => go(steps.length - 1);
  $("seat").onchange = () => {
    seat = $("seat").value;
    history.replaceState(null, "", seat ? `?seat=${seat}` : location.pathname);
    load();
  };
  document.addEventListener("keydown", (e) => {
    if (e.key === "ArrowRight") go(at + 1);
    if (e.key === "ArrowLeft") go(at - 1);
    if (e.key === "Home") go(0);
    if (e.key === "End") go(steps.length - 1);
  });
  load();
}

setup();
