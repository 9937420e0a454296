// Japanese and English side by side: the page's own words (card and term names come from the server).
const WORDS = {
  title: ["手札 tefuda — オンライン対戦", "tefuda — online play"],
  lobby: ["ロビー", "Lobby"],
  rooms: ["部屋一覧", "Rooms"],
  no_rooms: ["開いている部屋はありません", "No open rooms"],
  new_room: ["部屋を作る", "New room"],
  game: ["ゲーム", "Game"],
  players: ["人数", "Players"],
  seat: ["席", "Seat"],
  human: ["人間", "Human"],
  agent: ["AI", "AI"],
  spec: ["AIの設定", "AI spec"],
  deck: ["デッキ", "Deck"],
  deck_default: ["標準", "default"],
  deck_paste: ["デッキリストを貼り付け", "paste a deck list"],
  options: ["ハウスルール", "House rules"],
  card_file: ["自作カードファイル (TOML)", "Your own card file (TOML)"],
  cards_add: ["標準のカードに追加 (同じIDは置き換え)", "add to the game's cards (same id: replaced)"],
  cards_replace: ["標準のカードの代わりに使う", "use instead of the game's cards"],
  create: ["作成", "Create"],
  created: ["部屋を作りました。各プレイヤーに席のリンクを送ってください。", "Room created. Send each player their seat's link."],
  copy: ["コピー", "Copy"],
  copied: ["コピーしました", "Copied"],
  play_as: ["この席で遊ぶ", "Play this seat"],
  watch: ["観戦", "Watch"],
  spectator: ["観戦者", "Spectator"],
  spectator_link: ["観戦リンク", "Spectator link"],
  status_playing: ["対戦中", "playing"],
  status_over: ["終了", "over"],
  connected: ["接続中", "connected"],
  you: ["あなた", "you"],
  to_move: ["手番", "to move"],
  turn: ["ターン", "turn"],
  phase: ["フェイズ", "phase"],
  thinking: ["AIが考えています…", "The AI is thinking…"],
  waiting: ["相手の選択を待っています", "Waiting for another player"],
  your_choice: ["あなたの選択です", "Your decision"],
  actions: ["選択肢", "Actions"],
  log: ["ログ", "Log"],
  chat: ["チャット", "Chat"],
  say: ["送信", "Send"],
  result: ["結果", "Result"],
  wins: ["の勝ち", "wins"],
  draw: ["引き分け", "Draw"],
  replay_download: ["リプレイをダウンロード", "Download the replay"],
  replay_view: ["リプレイを見る", "Watch the replay"],
  rematch: ["再戦", "Rematch"],
  rematch_ready: ["再戦の部屋ができました", "The rematch room is ready"],
  open: ["開く", "Open"],
  reconnecting: ["再接続中…", "Reconnecting…"],
  connected_ok: ["接続しました", "Connected"],
  server: ["サーバー", "server"],
  step: ["手順", "step"],
  first: ["最初", "First"],
  prev: ["前", "Back"],
  next: ["次", "Next"],
  last: ["最後", "Last"],
  view_as: ["視点", "View as"],
  lobby_link: ["ロビーへ", "Lobby"],
  cards: ["枚", "cards"],
  hidden: ["非公開", "hidden"],
  error: ["エラー", "Error"],
  undo: ["取り消し (直前の自分の行動)", "Undo (your last action)"],
  undo_asked: ["直前の行動の取り消しを求めています", "asks to take back their last action"],
  undo_waiting: ["ほかのプレイヤーの同意を待っています", "Waiting for the other players to agree"],
  undo_done: ["取り消しました", "Undone"],
  undo_refused: ["取り消しはできませんでした", "The undo did not happen"],
  accept: ["同意する", "Accept"],
  refuse: ["断る", "Refuse"],
  not_over: ["まだ終わっていません", "Not over yet"],
};

export function lang() {
  return localStorage.getItem("tefuda.lang") === "en" ? "en" : "ja";
}

export function setLang(l) {
  localStorage.setItem("tefuda.lang", l);
  document.documentElement.lang = l;
}

/** The page's word in the chosen language. */
export function t(key) {
  const w = WORDS[key];
  if (!w) return key;
  return lang() === "en" ? w[1] : w[0];
}

/** A {ja, en} pair: the chosen language first, the other beside it. */
export function both(ja, en) {
  if (!en || ja === en) return ja || en || "";
  return lang() === "en" ? `${en} (${ja})` : `${ja} (${en})`;
}

/** A card's name: Japanese with English beside it (players read Japanese: it is never dropped). */
export function cardName(name, nameEn) {
  return both(name, nameEn);
}

/** The toggle button: switches the language and calls redraw(). */
export function langToggle(redraw) {
  const b = document.createElement("button");
  b.className = "lang";
  b.dataset.testid = "lang";
  const label = () => (b.textContent = lang() === "en" ? "日本語" : "English");
  label();
  b.onclick = () => {
    setLang(lang() === "en" ? "ja" : "en");
    label();
    redraw();
  };
  document.documentElement.lang = lang();
  return b;
}

export function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") e.className = v;
    else if (k === "text") e.textContent = v;
    else if (k.startsWith("on")) e[k] = v;
    else if (k.startsWith("data-")) e.setAttribute(k, v);
    else e.setAttribute(k, v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return e;
}

export function toast(text, kind = "info") {
  let box = document.getElementById("toasts");
  if (!box) {
    box = el("div", { id: "toasts" });
    document.body.append(box);
  }
  const m = el("div", { class: `toast ${kind}`, "data-testid": "toast", text });
  box.append(m);
  setTimeout(() => m.remove(), kind === "error" ? 6000 : 3000);
}
