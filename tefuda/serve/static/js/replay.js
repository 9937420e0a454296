// The replay viewer of a finished room: every step as one seat (or a spectator) saw it, and whether the
// game's secret opens its commitment — the one the replay records, the room's, and the one this browser kept
// during the game (if it was there).
import { bilingual, keptCommitment, verdict } from "./fair.js";
import { hideDetails, loadPool, showDetails } from "./cards.js";
import { both, el, lang, langToggle, pick, said, t, toast } from "./i18n.js";
import { logLine, outcomeText, renderActions, renderTable } from "./table.js";

const $ = (id) => document.getElementById(id);
const roomId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const params = new URLSearchParams(location.search);
let seat = params.get("seat") || "";
let steps = [];
let at = 0;
let fair = null;

async function loadFair() {
  try {
    const [info, rep] = await Promise.all(
      [`/api/rooms/${encodeURIComponent(roomId)}`, `/api/rooms/${encodeURIComponent(roomId)}/replay`].map(async (u) => {
        const r = await fetch(u);
        if (!r.ok) throw new Error((await r.json()).error || r.statusText);
        return r.json();
      })
    );
    if (!info.reveal) return;
    const kept = keptCommitment(roomId);
    const result = await verdict(info.reveal, kept, rep.commitment || "");
    result.checks.push({ ok: rep.seed === info.reveal.seed, ja: "リプレイの秘密が公開された秘密と同じ", en: "the replay's secret is the one revealed" });
    result.ok = result.ok && rep.seed === info.reveal.seed;
    fair = { info, rep, kept, result };
    drawFair();
  } catch (e) {
    fair = null;
  }
}

function drawFair() {
  const box = $("fair");
  if (!fair) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const { info, kept, result } = fair;
  const parts = [el("h3", { text: t("fair_title") })];
  parts.push(el("p", {}, `${t("commitment")}: `, el("code", { "data-testid": "commitment", text: info.commitment })));
  parts.push(
    el("p", {
      class: result.ok ? "fair-ok" : "fair-bad",
      "data-testid": "fair-verdict",
      text: result.ok
        ? bilingual("✔ 秘密は約束と一致します", "✔ the secret matches the commitment")
        : bilingual("⚠ 警告: 秘密が約束と一致しません", "⚠ WARNING: the secret does not match the commitment"),
    })
  );
  if (!kept) parts.push(el("p", { class: "fair-note", text: t("fair_no_kept") }));
  else if (kept.over) parts.push(el("p", { class: "fair-note", text: bilingual("このブラウザが約束を初めて見たのは終局後です", "This browser first saw the commitment after the game was over") }));
  if (result.chosen) parts.push(el("p", { class: "fair-note", text: t("fair_chosen") }));
  parts.push(el("ul", { class: "fair-checks" }, result.checks.map((c) => el("li", { class: c.ok ? "ok" : "bad", text: `${c.ok ? "✔" : "✘"} ${both(c.ja, c.en)}` }))));
  parts.push(el("p", {}, `${t("secret")}: `, el("code", { "data-testid": "secret", text: String(info.reveal.seed) })));
  box.replaceChildren(...parts);
}

async function load() {
  const res = await fetch(`/api/rooms/${encodeURIComponent(roomId)}/steps${seat ? `?seat=${seat}` : ""}`);
  const body = await res.json();
  if (!res.ok) {
    $("replay-status").textContent = said(body, t("not_over"));
    toast(said(body, t("error")), "error");
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
  // the move that led here, in words (the notation only where no label could be made)
  $("last-action").textContent = s.label ? pick(s.label.ja, s.label.en) : s.action ? s.action : t("start");
  $("last-action").title = s.action || "";
  const zones = new Map(s.observation.zones.map((z) => [z.id, z]));
  const onCard = ({ entry, zone, node, onTable }) => {
    showDetails(entry, { key: `${zone.id}|${entry.pos}`, anchor: node, pinned: true, zones, onTable, title: both(zone.ja, zone.en) });
  };
  renderTable($("table"), s.observation, { onCard }, { handRoot: $("handbox") });
  renderActions($("actions"), { ...s.observation, legal: s.observation.legal }, () => {});
  const log = [];
  for (let i = Math.max(0, at - 30); i <= at; i++) log.push(...steps[i].log);
  $("log").replaceChildren(...log.slice(-120).map((e) => el("li", { text: logLine(e) })));
  $("log").scrollTop = $("log").scrollHeight;
  $("result").replaceChildren(s.observation.outcome ? outcomeText(s.observation) : "");
  $("result").hidden = !s.observation.outcome;
}

function go(i) {
  at = Math.max(0, Math.min(steps.length - 1, i));
  hideDetails(true);
  draw();
}

function drawStatic() {
  document.documentElement.lang = lang();
  document.querySelectorAll("[data-word]").forEach((e) => (e.textContent = t(e.dataset.word)));
  $("menu-btn").textContent = t("menu");
}

function setup() {
  $("bar").append(langToggle(() => { drawStatic(); drawSeats(); draw(); drawFair(); }));
  $("menu-btn").onclick = () => {
    const open = !document.body.classList.contains("drawer-open");
    document.body.classList.toggle("drawer-open", open);
    $("menu-btn").setAttribute("aria-expanded", String(open));
  };
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
  loadPool(roomId).then(() => load());
  loadFair();
}

setup();
