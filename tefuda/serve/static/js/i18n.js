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
  presets: ["よく使う設定…", "presets…"],
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
  // seats: one-time invites, sessions, take-over, release
  invite_note: [
    "招待リンクは一度だけ使えます。最初に開いたブラウザがその席に着きます (ほかの人の席のリンクを自分で開かないでください)。",
    "Each invite link works once: the first browser that opens it takes the seat (do not open other people's links yourself).",
  ],
  maker_kept: [
    "この部屋の管理トークンはこのブラウザに保存されました。部屋の画面の「席の管理」から席を解放して新しいリンクを発行できます。",
    "This room's maker token is kept in this browser: from the room's \"Seats\" panel you can release a seat and issue a new link.",
  ],
  seat_taken: [
    "この招待リンクはすでに使われています: 席は埋まっています。部屋を作った人に新しいリンクを頼んでください。",
    "This invite link was already used: the seat is taken. Ask the room's maker for a new link.",
  ],
  session_ended: [
    "このブラウザの席の鍵はもう使えません (席が解放されました)。新しい招待リンクを頼んでください。",
    "This browser's key to the seat no longer works (the seat was released). Ask for a new invite link.",
  ],
  bad_link: ["このリンクはこの部屋のものではありません。", "This link does not belong to this room."],
  no_session: [
    "このブラウザにはこの席の鍵がありません。招待リンクを開いてください。いまは観戦者の表示です。",
    "This browser holds no key to this seat: open your invite link. You are watching as a spectator.",
  ],
  taken_over: [
    "この席は別のウィンドウ (または別の端末) で開かれました。このウィンドウではもう操作できません。",
    "This seat was opened in another window (or device): this one no longer acts for it.",
  ],
  use_here: ["このウィンドウで続ける", "Use this window"],
  released: [
    "あなたの席は解放されました: このリンクと鍵はもう使えません。",
    "Your seat was released: this link and its key no longer work.",
  ],
  room_gone: ["この部屋は再開できません", "This room cannot be continued"],
  no_room: ["その部屋はありません", "No such room"],
  watch_instead: ["観戦する", "Watch instead"],
  seats_admin: ["席の管理", "Seats"],
  release_seat: ["解放して新しいリンクを発行", "Release and issue a new link"],
  ask_release: ["席の解放を求める", "Ask the table to release it"],
  release_asked: [(a, b) => `P${a}がP${b}の席の解放を求めています (リンクが別の人の手に渡ったかもしれません)`, (a, b) => `P${a} asks to release P${b}'s seat (its link may have reached someone else)`],
  release_you: [(a) => `P${a}があなたの席の解放を求めています`, (a) => `P${a} asks the table to release your seat`],
  release_waiting: ["ほかのプレイヤーの同意を待っています", "Waiting for the other players to agree"],
  release_refused: ["席の解放は行われませんでした", "The seat was not released"],
  new_link: [(k) => `P${k}の新しい招待リンク`, (k) => `New invite link for P${k}`],
  seat_open: ["空席", "open"],
  // provably fair
  commitment: ["約束 (コミットメント)", "Commitment"],
  secret: ["秘密", "Secret"],
  fair_title: ["公正の証明", "Provably fair"],
  fair_pending: [
    "対局前にこの約束を受け取り、このブラウザに保存しました。終局後に秘密が公開され、ここで照合されます。",
    "This browser was given this commitment before play and kept it; the secret is revealed and checked here when the game ends.",
  ],
  fair_chosen: ["(テスト用に選ばれたシード: 秘密ではありません)", "(a seed chosen for testing: not secret)"],
  fair_no_kept: ["このブラウザには対局中の約束の記録がありません", "This browser kept no commitment from the game"],
  room: ["部屋", "Room"],
  status: ["状態", "Status"],
  seats: ["席", "Seats"],
  // the table: cards, details, the action sheet
  box: ["共有のカード一式", "Shared box"],
  box_note: ["全員がひとつのカード一式から遊びます", "everyone plays from one shared box"],
  empty_paste: [
    (k) => `P${k}のデッキリストが空です。カードを貼り付けるか、標準・サンプルのデッキを選んでください。`,
    (k) => `P${k}'s deck list is empty: paste the cards, or choose the default or a sample deck.`,
  ],
  empty_box: [
    "カード一式のリストが空です。カードを貼り付けるか、標準のカード一式を選んでください。",
    "The box list is empty: paste the cards, or choose the standard box.",
  ],
  details: ["カードの詳細", "Card details"],
  close: ["閉じる", "Close"],
  face_down: ["裏向き", "face down"],
  hidden_card: ["裏向きのカード", "a face-down card"],
  card_actions: ["このカードでできること", "What this card can do"],
  zone_actions: ["この場所でできること", "What you can do here"],
  tap_again: ["もう一度タップすると実行します", "Tap again to do it"],
  no_card_actions: ["いまこのカードでできることはありません", "Nothing to do with this card now"],
  autopass: ["パスしかできないときは自動でパス", "Auto-pass when I have nothing to do"],
  autopassed: ["自動でパスしました", "Passed automatically"],
  hand: ["手札", "Hand"],
  your_hand: ["あなたの手札", "Your hand"],
  menu: ["ログ・チャット", "Log & chat"],
  info: ["情報", "Info"],
  table_facts: ["場の状況", "On the table"],
  last_move: ["直前の手", "Last move"],
  start: ["開始", "start"],
  by_you: ["あなた", "you"],
  more_cards: [(n) => `ほか${n}枚`, (n) => `${n} more`],
  spectators_no_chat: ["観戦者はチャットできません", "Spectators cannot chat"],
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

/** The page's word in the other language (a notice that must be read is shown in both). */
export function tOther(key) {
  const w = WORDS[key];
  if (!w) return "";
  return lang() === "en" ? w[0] : w[1];
}

/** A word with values in it (``release_asked`` with two seats…), in the chosen language. */
export function tf(key, ...args) {
  const w = t(key);
  return typeof w === "function" ? w(...args) : w;
}

/** A {ja, en} pair: the chosen language first, the other beside it. */
export function both(ja, en) {
  if (!en || ja === en) return ja || en || "";
  return lang() === "en" ? `${en} (${ja})` : `${ja} (${en})`;
}

/** A {ja, en} pair as a node: the page's language, the other beside it in parentheses, marked with its own
 *  `lang` (so it is read, and checked, as the other language). `attrs`: the node's own. */
export function bi(ja, en, tag = "span", attrs = {}) {
  if (!en || ja === en) return el(tag, attrs, ja || en || "");
  const [main, other, otherLang] = lang() === "en" ? [en, ja, "ja"] : [ja, en, "en"];
  return el(tag, attrs, main, el("span", { class: "other", lang: otherLang, text: ` (${other})` }));
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

/** A message of the server's ({ja, en}, the English also in `error`/`reason`/`text`), in the page's language. */
export function said(m, fallback = "") {
  if (!m) return fallback;
  if (lang() === "en") return m.en || m.error || m.reason || m.text || fallback;
  return m.ja || m.error || m.reason || m.text || fallback;
}

/** A {ja, en} pair (or [ja, en]) in the page's language only. */
export function pick(ja, en) {
  if (Array.isArray(ja)) [ja, en] = ja;
  if (lang() === "en") return en || ja || "";
  return ja || en || "";
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
