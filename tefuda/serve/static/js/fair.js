// Provably fair (tefuda/core/fair.py), checked by this browser: the room's commitment is kept the first time
// the page sees it, and when the game is over the revealed secret must open it:
//   sha256("tefuda-commit-1\n" + key hex + "\n" + settings) === the commitment kept
// (for a secret game the key is the secret itself). And what this browser keeps per room: the seat's
// session (never the invite that claimed it after use: that one is spent), the maker's token.
import { lang } from "./i18n.js";

export const COMMIT_TAG = "tefuda-commit-1";

// ------------------------------------------------------------------------------------------ SHA-256
const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be,
  0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa,
  0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85,
  0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3,
  0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f,
  0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

const ror = (x, n) => (x >>> n) | (x << (32 - n));

/** SHA-256 in plain JavaScript: for a page without crypto.subtle (served over plain http to another
 * machine — the Web Crypto API exists only in secure contexts). */
export function sha256js(bytes) {
  const len = bytes.length;
  const total = ((len + 9 + 63) >> 6) << 6;
  const buf = new Uint8Array(total);
  buf.set(bytes);
  buf[len] = 0x80;
  const dv = new DataView(buf.buffer);
  dv.setUint32(total - 8, Math.floor(len / 0x20000000));
  dv.setUint32(total - 4, (len * 8) >>> 0);
  const H = new Uint32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
  const W = new Uint32Array(64);
  for (let off = 0; off < total; off += 64) {
    for (let i = 0; i < 16; i++) W[i] = dv.getUint32(off + 4 * i);
    for (let i = 16; i < 64; i++) {
      const x = W[i - 15];
      const y = W[i - 2];
      W[i] = (W[i - 16] + (ror(x, 7) ^ ror(x, 18) ^ (x >>> 3)) + W[i - 7] + (ror(y, 17) ^ ror(y, 19) ^ (y >>> 10))) >>> 0;
    }
    let [a, b, c, d, e, f, g, h] = H;
    for (let i = 0; i < 64; i++) {
      const t1 = (h + (ror(e, 6) ^ ror(e, 11) ^ ror(e, 25)) + ((e & f) ^ (~e & g)) + K[i] + W[i]) >>> 0;
      const t2 = ((ror(a, 2) ^ ror(a, 13) ^ ror(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) >>> 0;
      h = g;
      g = f;
      f = e;
      e = (d + t1) >>> 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) >>> 0;
    }
    H[0] += a;
    H[1] += b;
    H[2] += c;
    H[3] += d;
    H[4] += e;
    H[5] += f;
    H[6] += g;
    H[7] += h;
  }
  const out = new Uint8Array(32);
  const ov = new DataView(out.buffer);
  H.forEach((v, i) => ov.setUint32(4 * i, v));
  return out;
}

const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

/** SHA-256 of a text (UTF-8) as hex: crypto.subtle.digest where the page has it, else sha256js. */
export async function sha256hex(text, { subtle = true } = {}) {
  const data = new TextEncoder().encode(text);
  if (subtle && globalThis.crypto && crypto.subtle && crypto.subtle.digest) {
    return hex(new Uint8Array(await crypto.subtle.digest("SHA-256", data)));
  }
  return hex(sha256js(data));
}

/** The commitment a key (hex) and a settings hash make. */
export function commitmentOf(key, settings) {
  return sha256hex(`${COMMIT_TAG}\n${key}\n${settings}`);
}

// ------------------------------------------------------------------------------------------ kept per room
function load(key) {
  try {
    return JSON.parse(localStorage.getItem(key) || "null");
  } catch {
    return null;
  }
}

/** The commitment this browser kept for a room: {commitment, settings, step, over} (first sight). */
export function keptCommitment(room) {
  return load(`tefuda.commit.${room}`);
}

/** Keep a room's commitment — only the first time it is seen: a later one never replaces it. */
export function keepCommitment(room, rec) {
  const old = keptCommitment(room);
  if (old) return old;
  localStorage.setItem(`tefuda.commit.${room}`, JSON.stringify(rec));
  return rec;
}

/** A seat's session in a room (given when this browser claimed the seat): {session, claim?}. */
export function keptSession(room, seat) {
  return load(`tefuda.session.${room}.${seat}`);
}

export function keepSession(room, seat, rec) {
  localStorage.setItem(`tefuda.session.${room}.${seat}`, JSON.stringify(rec));
}

export function dropSession(room, seat) {
  localStorage.removeItem(`tefuda.session.${room}.${seat}`);
}

/** The seat (0-based) this browser claimed with this invite, if it did (re-opening one's own link). */
export function seatClaimedWith(room, claim) {
  for (let i = 0; i < 16; i++) {
    const rec = keptSession(room, i);
    if (rec && rec.claim && rec.claim === claim) return i;
  }
  return null;
}

export function makerToken(room) {
  return localStorage.getItem(`tefuda.maker.${room}`) || "";
}

export function keepMakerToken(room, token) {
  if (token) localStorage.setItem(`tefuda.maker.${room}`, token);
}

// ------------------------------------------------------------------------------------------ the verdict
/** Both languages at once, the page's language first: a verdict on fairness is never half-read. */
export function bilingual(ja, en) {
  return lang() === "en" ? `${en} — ${ja}` : `${ja} — ${en}`;
}

/**
 * Check a reveal ({seed, key, commitment, settings}) against what this browser kept (``kept``) and, for a
 * replay, the replay file's own commitment (``recorded``). Returns {ok, computed, checks: [{ok, ja, en}],
 * late, chosen}: ok only when every check holds.
 */
export async function verdict(reveal, kept, recorded = null) {
  const settings = kept ? kept.settings : reveal.settings;
  const computed = await commitmentOf(reveal.key, settings);
  const checks = [];
  const chosen = typeof reveal.seed !== "string";
  if (!chosen) {
    checks.push({ ok: reveal.seed === reveal.key, ja: "秘密がそのまま鍵になっている", en: "the secret is its own key" });
  }
  if (kept) {
    checks.push({
      ok: computed === kept.commitment && reveal.settings === kept.settings,
      ja: "公開された秘密が、このブラウザが最初に受け取った約束と一致する",
      en: "the revealed secret opens the commitment this browser was given first",
    });
  }
  checks.push({
    ok: computed === reveal.commitment,
    ja: "公開された秘密が、サーバーの示す約束と一致する",
    en: "the revealed secret opens the commitment the server shows",
  });
  if (recorded !== null) {
    checks.push({ ok: recorded === computed, ja: "リプレイに記録された約束と一致する", en: "it matches the commitment recorded in the replay" });
  }
  return { ok: checks.every((c) => c.ok), computed, checks, late: !kept || Boolean(kept.over), chosen };
}
