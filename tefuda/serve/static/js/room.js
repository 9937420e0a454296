// A seat's (or a spectator's) table: one WebSocket, the server's messages drawn as they come.
//
// The link: /room/R#claim=INVITE (a one-time invite: the first browser to open it takes the seat and is given
// a session of its own, kept in localStorage; the address then reads #seat=k), /room/R#seat=k (this
// browser's session for seat k), /room/R (a spectator). The commitment is kept the first time it is seen and
// checked against the secret revealed at the end (fair.js).
import { loadPool, hideDetails, showDetails, detailsOpen, onDetailsClosed } from "./cards.js";
import { both, el, lang, langToggle, said, t, tf, tOther, toast } from "./i18n.js";
import {
  bilingual,
  dropSession,
  keepCommitment,
  keepMakerToken,
  keepSession,
  keptCommitment,
  keptSession,
  makerToken,
  seatClaimedWith,
  verdict,
} from "./fair.js";
import { logLine, onlyPass, outcomeText, renderActions, renderTable } from "./table.js";

const roomId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const frag = new URLSearchParams(location.hash.slice(1));
let claim = frag.get("claim") || "";
let seatNo = Number(frag.get("seat")) || 0; // 1-based; 0: none named
if (claim) {
  const mine = seatClaimedWith(roomId, claim); // this browser's own invite, opened again
  if (mine !== null) {
    seatNo = mine + 1;
    claim = "";
    history.replaceState(null, "", `#seat=${seatNo}`);
  }
}

const S = {
  obs: null, decision: 0, welcome: null, log: [], chat: [], thinking: null, rematch: null, hl: [], undoAsk: null,
  releaseAsk: null, invites: {}, fair: null, block: null, maker: makerToken(roomId), sel: null,
  autopassed: -1,
};
let ws = null;
let backoff = 500;
let stopped = false; // no reconnecting: the seat was taken over or released, or the link opens nothing

const $ = (id) => document.getElementById(id);

function session() {
  return seatNo ? keptSession(roomId, seatNo - 1) : null;
}

function draw() {
  drawBlock();
  drawFair();
  drawSeats();
  const obs = S.obs;
  if (!obs) return;
  document.title = `${S.welcome ? S.welcome.name : "tefuda"} — ${roomId}`;
  $("game-name").textContent = S.welcome ? `${S.welcome.name} (${S.welcome.name_en})` : "";
  $("who").textContent = obs.spectator ? t("spectator") : `P${obs.seat + 1} (${t("you")})`;
  document.body.dataset.decision = String(S.decision); // a hook for tests: the decision drawn
  document.body.classList.toggle("spectator", Boolean(obs.spectator));
  if (S.sel && !stillThere(S.sel)) S.sel = null;
  renderTable($("table"), obs, { onCard, onZone, selected: S.sel && S.sel.key, highlight: S.hl }, { handRoot: $("handbox") });
  drawActions();
  drawUndo();
  drawRelease();
  const st = $("turn-state");
  const thinking = $("thinking");
  thinking.hidden = S.thinking === null || obs.outcome !== null;
  thinking.textContent = S.thinking !== null ? `P${S.thinking + 1}: ${t("thinking")}` : "";
  if (obs.outcome) st.textContent = "";
  else if (!obs.spectator && obs.to_move === obs.seat) st.textContent = t("your_choice");
  else st.textContent = `P${obs.to_move + 1} ${t("to_move")} — ${t("waiting")}`;
  drawLog();
  drawResult();
  // chat is for the seats: a spectator is shown what is said, and no box to say anything in
  $("chat-form").hidden = obs.spectator || Boolean(S.block) || Boolean(obs.outcome);
}

// ------------------------------------------------------------------------------------------ banners
/** A banner over the table: why this page acts for no seat (taken, released, taken over…). */
function block(key, { extra = "", again = false, watch = false } = {}) {
  S.block = { key, extra, again, watch };
  drawBlock();
  if (S.obs) renderActions($("actions"), { ...S.obs, legal: [] }, act, []);
}

function drawBlock() {
  const box = $("notice");
  const b = S.block;
  if (!b) {
    box.hidden = true;
    box.replaceChildren();
    return;
  }
  box.hidden = false;
  const parts = [
    el("div", { "data-testid": `notice-${b.key}` }, el("p", { class: "notice-text", text: t(b.key) }), el("p", { class: "notice-other", text: tOther(b.key) })),
  ];
  if (b.extra) parts.push(el("p", { class: "notice-extra", text: b.extra }));
  if (b.again) {
    parts.push(
      el("button", {
        "data-testid": "use-here",
        text: t("use_here"),
        onclick: () => {
          S.block = null;
          stopped = false;
          drawBlock();
          connect();
        },
      })
    );
  }
  if (b.watch) parts.push(" ", el("a", { href: `/room/${encodeURIComponent(roomId)}`, "data-testid": "watch-instead", text: t("watch_instead") }));
  box.replaceChildren(...parts);
}

// ------------------------------------------------------------------------------------------ fair
function shortHex(h) {
  return h ? `${h.slice(0, 16)}…` : "";
}

function drawFair() {
  const box = $("fair");
  const kept = keptCommitment(roomId);
  const f = S.fair;
  if (!kept && !f) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const parts = [el("h3", { text: t("fair_title") })];
  const commitment = kept ? kept.commitment : S.welcome && S.welcome.commitment;
  parts.push(el("p", { class: "fair-hex" }, `${t("commitment")}: `, el("code", { title: commitment, "data-testid": "commitment", text: shortHex(commitment) })));
  if (f && f.warning) {
    parts.push(el("p", { class: "fair-bad", "data-testid": "fair-verdict", text: f.warning }));
  } else if (f && f.result) {
    const r = f.result;
    if (r.ok) {
      parts.push(el("p", { class: "fair-ok", "data-testid": "fair-verdict", text: bilingual("✔ 公正を確認しました", "✔ verified fair") }));
    } else {
      parts.push(
        el("p", {
          class: "fair-bad",
          "data-testid": "fair-verdict",
          text: bilingual(
            "⚠ 警告: 公開された秘密が、このブラウザが最初に受け取った約束と一致しません。このゲームが公正だったとは確認できません。",
            "⚠ WARNING: the revealed secret does not match the commitment this browser was given first: this game cannot be shown to be fair."
          ),
        })
      );
    }
    if (r.late) {
      parts.push(
        el("p", {
          class: "fair-note",
          text: bilingual(
            "このブラウザが約束を初めて見たのは終局後です: この照合はあなたにとって証明になりません。対局前に受け取った約束と比べてください。",
            "This browser first saw the commitment after the game was over: the check proves nothing to you — compare it with the one you were given before play."
          ),
        })
      );
    }
    if (r.chosen) parts.push(el("p", { class: "fair-note", text: t("fair_chosen") }));
    parts.push(el("ul", { class: "fair-checks" }, r.checks.map((c) => el("li", { class: c.ok ? "ok" : "bad", text: `${c.ok ? "✔" : "✘"} ${both(c.ja, c.en)}` }))));
    parts.push(el("p", { class: "fair-hex" }, `${t("secret")}: `, el("code", { "data-testid": "secret", text: String(f.reveal.seed) })));
  } else {
    parts.push(el("p", { class: "fair-note", text: t("fair_pending") }));
  }
  box.replaceChildren(...parts);
}

/** The commitment as this page first sees it (welcome, then the state's decision and whether it is over). */
function noteCommitment(state) {
  const w = S.welcome;
  if (!w || !w.commitment) return;
  const kept = keepCommitment(roomId, { commitment: w.commitment, settings: w.settings, step: state.decision, over: Boolean(state.observation.outcome) });
  if (kept.commitment !== w.commitment || kept.settings !== w.settings) {
    S.fair = {
      warning: bilingual(
        "⚠ 警告: この部屋の約束 (コミットメント) が、このブラウザが最初に受け取ったものと違います。",
        "⚠ WARNING: this room's commitment is not the one this browser was given first."
      ),
    };
  }
}

async function checkReveal(reveal) {
  if (S.fair && (S.fair.warning || (S.fair.reveal && S.fair.reveal.seed === reveal.seed))) return;
  const result = await verdict(reveal, keptCommitment(roomId));
  S.fair = { reveal, result };
  drawFair();
}

// ------------------------------------------------------------------------------------------ seats
function drawSeats() {
  const box = $("seats-admin");
  const w = S.welcome;
  const obs = S.obs;
  if (!w || !obs || obs.outcome) {
    box.hidden = true;
    return;
  }
  const mine = obs.spectator ? null : obs.seat;
  const humans = w.seats.filter((s) => s.kind === "human");
  const rows = [];
  for (const s of humans) {
    const k = s.seat;
    const row = [el("b", { text: `P${k + 1}` })];
    if (k === mine) row.push(` (${t("you")})`);
    if (S.maker) {
      row.push(" ", el("button", { "data-testid": `release-${k + 1}`, text: t("release_seat"), onclick: () => releaseAsMaker(k) }));
    } else if (mine !== null && k !== mine && !S.block) {
      row.push(" ", el("button", { "data-testid": `ask-release-${k + 1}`, text: t("ask_release"), onclick: () => send({ type: "release", seat: k }) }));
    }
    const url = S.invites[k];
    if (url) row.push(linkRow(tf("new_link", k + 1), url, `new-link-${k + 1}`));
    rows.push(el("div", { class: "seat-admin" }, row));
  }
  if (!S.maker && (mine === null || humans.length < 2)) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  $("seats-list").replaceChildren(...rows);
}

function linkRow(label, url, testid) {
  const abs = new URL(url, location.href).href;
  const input = el("input", { value: abs, readonly: true, size: 40, "data-testid": testid });
  const copy = el("button", { type: "button", text: t("copy") });
  copy.onclick = async () => {
    input.select();
    try {
      await navigator.clipboard.writeText(abs);
    } catch {
      document.execCommand("copy");
    }
    toast(t("copied"));
  };
  return el("div", { class: "link" }, el("small", { text: label }), input, copy);
}

async function releaseAsMaker(seat) {
  const res = await fetch(`/api/rooms/${encodeURIComponent(roomId)}/release`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ seat, maker: S.maker }),
  });
  const body = await res.json();
  if (!res.ok) {
    toast(said(body, t("error")), "error");
    return;
  }
  S.invites[seat] = body.url;
  drawSeats();
}

function drawRelease() {
  const box = $("release");
  box.replaceChildren();
  const r = S.releaseAsk;
  const obs = S.obs;
  if (!r || !obs || obs.spectator || obs.outcome) return;
  if (r.seat === obs.seat) {
    box.append(el("p", { class: "fair-bad", text: tf("release_you", r.by + 1) }));
  } else if (r.by === obs.seat) {
    box.append(el("p", { text: t("release_waiting") }));
  } else {
    box.append(
      el("p", { text: tf("release_asked", r.by + 1, r.seat + 1) }),
      el("button", { "data-testid": "release-yes", onclick: () => send({ type: "release_answer", accept: true }), text: t("accept") }),
      " ",
      el("button", { "data-testid": "release-no", onclick: () => send({ type: "release_answer", accept: false }), text: t("refuse") })
    );
  }
}

// ------------------------------------------------------------------------------------------ the table
function drawUndo() {
  const obs = S.obs;
  const box = $("undo");
  box.replaceChildren();
  if (!obs || obs.spectator || obs.outcome || S.block) return;
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

function chatText(c) {
  if (c.text !== undefined) return c.text;
  return lang() === "en" ? c.en : c.ja;
}

function drawLog() {
  const box = $("log");
  box.replaceChildren(...S.log.slice(-200).map((e) => el("li", { class: `ev ev-${e.code}`, text: logLine(e) })));
  box.scrollTop = box.scrollHeight;
  const chat = $("chat-list");
  chat.replaceChildren(
    ...S.chat.slice(-100).map((c) =>
      el("li", { class: c.code ? `notice-${c.code}` : "" }, el("b", { text: c.seat === null || c.seat === undefined || c.code ? t("server") : `P${c.seat + 1}` }), " ", chatText(c))
    )
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
    el("p", { class: "outcome", "data-testid": "outcome" }, outcomeText(obs)),
    el("a", { href: `/api/rooms/${roomId}/replay`, download: `tefuda-${obs.game}-${roomId}.json`, text: t("replay_download") }),
    " · ",
    el("a", { href: `/replay/${roomId}${seatQ}`, text: t("replay_view") }),
  ];
  if (!obs.spectator && !S.block) parts.push(" · ", el("button", { id: "rematch", onclick: () => send({ type: "rematch" }), text: t("rematch") }));
  if (S.rematch) parts.push(el("p", {}, `${t("rematch_ready")}: `, el("a", { href: S.rematch, "data-testid": "rematch-link", text: t("open") })));
  box.replaceChildren(...parts);
}

function send(msg) {
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg));
}

function act(index) {
  S.hl = [];
  S.sel = null;
  hideDetails(true);
  send({ type: "act", decision: S.decision, action: index });
}

function drawActions() {
  const obs = S.obs;
  if (!obs) return;
  const mine = !obs.spectator && !obs.outcome && !S.block;
  let before = null;
  if (mine) {
    const box = el("input", { type: "checkbox", "data-testid": "autopass" });
    box.checked = autopassOn();
    box.onchange = () => {
      localStorage.setItem(autopassKey(), box.checked ? "1" : "0");
      maybeAutopass();
    };
    before = el("label", { class: "autopass", title: t("autopass") }, box, " ", t("autopass"));
  }
  renderActions($("actions"), S.block ? { ...obs, legal: [] } : obs, act, S.hl, { before });
}

// ------------------------------------------------------------------------------------------ cards and the sheet
let lastPointer = "mouse";
document.addEventListener("pointerdown", (e) => (lastPointer = e.pointerType || "mouse"), true);

function touchLike(ev) {
  const kind = (ev && ev.pointerType) || lastPointer;
  return kind === "touch" || kind === "pen" || window.matchMedia("(hover: none)").matches;
}

function legalOf(indexes) {
  const by = new Map((S.obs.legal || []).map((a) => [a.index, a]));
  return indexes.map((i) => by.get(i)).filter(Boolean);
}

function stillThere(sel) {
  return Boolean(document.querySelector(`[data-key="${CSS.escape(sel.key)}"]`)) || sel.zoneOnly;
}

/** A card was clicked or tapped. A mouse: one action names it — taken; several — they light up and the sheet
 *  shows them; none — its text stays open. A touch: the first tap selects it and opens its text and the
 *  sheet; a second tap takes its one action. */
function onCard({ entry, zone, key, actions, node, ev, onTable = true }) {
  if (S.block) actions = [];
  const touch = touchLike(ev);
  const again = S.sel && S.sel.key === key;
  if (actions.length === 1 && (!touch || again)) {
    act(actions[0]);
    return;
  }
  S.sel = { key };
  S.hl = actions;
  const seat = S.obs && !S.obs.spectator;
  showDetails(entry, {
    onTable,
    key,
    anchor: node,
    pinned: true,
    actions: legalOf(actions),
    onAct: act,
    zones: new Map(S.obs.zones.map((z) => [z.id, z])),
    seat,
    title: both(zone.ja, zone.en),
    hint: actions.length === 1 && touch ? t("tap_again") : "",
  });
  draw();
}

function onZone({ zone, actions, node, ev }) {
  if (S.block) return;
  const key = `zone:${zone.id}`;
  const touch = touchLike(ev);
  const again = S.sel && S.sel.key === key;
  if (actions.length === 1 && (!touch || again)) {
    act(actions[0]);
    return;
  }
  S.sel = { key, zoneOnly: true };
  S.hl = actions;
  showDetails(null, { key, anchor: node, pinned: true, actions: legalOf(actions), onAct: act, title: both(zone.ja, zone.en), hint: actions.length === 1 ? t("tap_again") : "" });
  draw();
}

// ------------------------------------------------------------------------------------------ auto-pass
function autopassKey() {
  return `tefuda.autopass.${roomId}.${S.obs ? S.obs.seat : seatNo - 1}`;
}

function autopassOn() {
  return localStorage.getItem(autopassKey()) === "1";
}

/** A decision whose only legal action is a pass, answered by itself when this seat asked for it (off by
 *  default). */
function maybeAutopass() {
  const obs = S.obs;
  if (!obs || obs.spectator || obs.outcome || S.block || obs.to_move !== obs.seat) return;
  if (!autopassOn() || !onlyPass(obs) || S.autopassed === S.decision) return;
  S.autopassed = S.decision;
  const decision = S.decision;
  setTimeout(() => {
    if (S.decision !== decision || !S.obs || !onlyPass(S.obs)) return;
    toast(t("autopassed"));
    act(S.obs.legal[0].index);
  }, 350);
}

function stop(key, opts = {}) {
  stopped = true;
  block(key, opts);
  if (ws) ws.close();
}

function onMessage(ev) {
  const m = JSON.parse(ev.data);
  switch (m.type) {
    case "claimed":
      // the invite is spent: this browser keeps the seat's session (the invite only to know it again)
      keepSession(roomId, m.seat, { session: m.session, claim });
      claim = "";
      seatNo = m.seat + 1;
      history.replaceState(null, "", `#seat=${seatNo}`);
      break;
    case "welcome":
      S.welcome = m;
      break;
    case "state":
      S.obs = m.observation;
      S.decision = m.decision;
      S.log = m.log || [];
      S.chat = [...(m.chat || []), ...(m.notices || [])];
      S.thinking = m.thinking ?? null;
      S.hl = [];
      noteCommitment(m);
      draw();
      maybeAutopass();
      if (m.reveal) checkReveal(m.reveal);
      break;
    case "update":
      S.obs = m.observation;
      S.decision = m.decision;
      S.log.push(...(m.log || []));
      S.thinking = null;
      S.hl = [];
      if (S.sel && !detailsOpen()) S.sel = null;
      draw();
      maybeAutopass();
      break;
    case "reveal":
      checkReveal(m);
      break;
    case "thinking":
      S.thinking = m.seat;
      draw();
      break;
    case "chat":
      S.chat.push(m.seat === null || m.seat === undefined ? { seat: null, ja: m.ja, en: m.en, text: m.ja ? undefined : m.text } : { seat: m.seat, text: m.text });
      drawLog();
      break;
    case "rematch":
      if (m.seat !== undefined && m.seat !== null) {
        // the same person takes the same seat there: this browser's session opens it
        const mine = keptSession(roomId, m.seat);
        if (mine) keepSession(m.room, m.seat, { session: mine.session });
        keepMakerToken(m.room, S.maker);
      }
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
      toast(m.ok ? t("undo_done") : m.ja || m.en ? `${t("undo_refused")}: ${said(m)}` : t("undo_refused"), m.ok ? "info" : "error");
      drawUndo();
      break;
    case "release_request":
      S.releaseAsk = { seat: m.seat, by: m.by };
      drawRelease();
      break;
    case "release_result":
      S.releaseAsk = null;
      if (!m.ok) toast(m.reason ? `${t("release_refused")}: ${said(m)}` : t("release_refused"), "error");
      drawRelease();
      break;
    case "invite":
      S.invites[m.seat] = m.url;
      drawSeats();
      break;
    case "seat_released":
      S.chat.push({ seat: null, code: m.code, ja: m.ja, en: m.en });
      delete S.invites[m.seat]; // an older new link (the maker's own comes with the answer, after this)
      toast(lang() === "en" ? m.en : m.ja);
      drawLog();
      break;
    case "taken_over":
      stop("taken_over", { again: true });
      break;
    case "released":
      dropSession(roomId, m.seat);
      stop("released", { watch: true });
      break;
    case "error":
      if (m.code === "seat_taken" || m.code === "bad_link") stop(m.code, { watch: true });
      else if (m.code === "session_ended") {
        if (seatNo) dropSession(roomId, seatNo - 1);
        stop("session_ended", { watch: true });
      } else if (m.code === "room_gone" || m.code === "no_room") stop(m.code, { extra: said(m) });
      else toast(said(m), "error");
      break;
    case "ignored":
      toast(said(m), "info");
      break;
  }
}

function hello() {
  if (claim) return { type: "hello", claim };
  const mine = session();
  if (mine) return { type: "hello", session: mine.session };
  return { type: "hello" };
}

function connect() {
  if (stopped) return;
  const proto = location.protocol === "https:" ? "wss" : "ws";
  ws = new WebSocket(`${proto}://${location.host}/ws/${encodeURIComponent(roomId)}`);
  const mine = ws;
  ws.onopen = () => {
    backoff = 500;
    $("conn").textContent = "";
    mine.send(JSON.stringify(hello()));
  };
  ws.onmessage = (ev) => {
    if (ws === mine) onMessage(ev);
  };
  ws.onclose = (ev) => {
    if (ws !== mine || stopped || ev.code === 4409 || ev.code === 4403 || ev.code === 4404 || ev.code === 4410) return;
    $("conn").textContent = t("reconnecting");
    setTimeout(connect, backoff);
    backoff = Math.min(backoff * 2, 10000);
  };
}

function setup() {
  $("bar").append(langToggle(() => { draw(); drawStatic(); }));
  $("menu-btn").onclick = () => {
    const open = !document.body.classList.contains("drawer-open");
    document.body.classList.toggle("drawer-open", open);
    $("menu-btn").setAttribute("aria-expanded", String(open));
  };
  $("board").addEventListener("click", () => {
    // a click on the table's felt lets go of the selected card
    if (S.sel) {
      S.sel = null;
      S.hl = [];
      hideDetails(true);
      draw();
    }
  });
  $("chat-form").onsubmit = (e) => {
    e.preventDefault();
    const input = $("chat-input");
    if (input.value.trim()) send({ type: "say", text: input.value });
    input.value = "";
  };
  $("table").addEventListener("redraw", () => draw());
  $("handbox").addEventListener("redraw", () => draw());
  // the details closed (×, Escape): the card is no longer selected
  onDetailsClosed(() => {
    if (!S.sel) return;
    S.sel = null;
    S.hl = [];
    draw();
  });
  if (seatNo && !claim && !session()) block("no_session");
  drawStatic();
  loadPool(roomId).then(() => draw());
  connect();
}

function drawStatic() {
  document.documentElement.lang = lang();
  $("lobby-link").textContent = t("lobby_link");
  $("log-title").textContent = t("log");
  $("chat-title").textContent = t("chat");
  $("chat-send").textContent = t("say");
  $("seats-title").textContent = t("seats_admin");
  $("menu-btn").textContent = t("menu");
}

setup();
