// Where each game's zones go (zone `name`s from the observation). `rows`: a seat's rows of zones, from the
// middle of the table outward (the hand last, at the seat's edge). `pile`: zones drawn as one stack with a
// count (click to spread). `shared`: rows of the table's own zones (no owner). Zones not named fall into a
// last row, so a new game or zone is always drawn.
export const LAYOUTS = {
  kirifuda: {
    rows: [["attacker", "support1", "support2", "trump"], ["reveal", "discard", "life", "deck"], ["hand"]],
    pile: ["deck", "life", "discard"],
    slots: ["attacker", "support1", "support2"],
  },
  yonesu: {
    shared: [["deck", "stack", "discard"]],
    rows: [["yonesu_field"], ["cost_field"], ["hand"]],
    pile: ["deck", "discard"],
  },
  genesis: {
    rows: [["front"], ["rear", "union"], ["reveal", "grave", "deck"], ["hand"]],
    pile: ["deck", "grave"],
  },
  kokubyaku: {
    rows: [["m1", "m2", "m3", "m4", "m5"], ["s1", "s2", "s3", "s4", "s5", "field"], ["source", "grave", "chaos", "deck"], ["hand"]],
    pile: ["deck", "grave", "chaos"],
    slots: ["m1", "m2", "m3", "m4", "m5", "s1", "s2", "s3", "s4", "s5", "field"],
  },
  amadeus: {
    rows: [["battle", "under"], ["mana", "shields", "nowhere"], ["grave", "doubt", "suspicion", "deck"], ["hand"]],
    pile: ["deck", "grave", "shields"],
  },
};

const DEFAULT = { rows: [], pile: [] };

export function layoutOf(game) {
  return LAYOUTS[game] || DEFAULT;
}

/** A seat's zones in rows, middle of the table first. */
export function seatRows(game, zones) {
  const lay = layoutOf(game);
  const byName = new Map(zones.map((z) => [z.name, z]));
  const used = new Set();
  const rows = [];
  for (const row of lay.rows) {
    const r = row.map((n) => byName.get(n)).filter(Boolean);
    r.forEach((z) => used.add(z.name));
    if (r.length) rows.push(r);
  }
  const rest = zones.filter((z) => !used.has(z.name));
  if (rest.length) rows.push(rest);
  return rows;
}

export function sharedRows(game, zones) {
  const lay = layoutOf(game);
  if (!lay.shared) return zones.length ? [zones] : [];
  const byName = new Map(zones.map((z) => [z.name, z]));
  const used = new Set();
  const rows = lay.shared.map((row) => row.map((n) => byName.get(n)).filter(Boolean));
  rows.flat().forEach((z) => used.add(z.name));
  const rest = zones.filter((z) => !used.has(z.name));
  if (rest.length) rows.push(rest);
  return rows.filter((r) => r.length);
}

export function isPile(game, zone) {
  const lay = layoutOf(game);
  if (lay.pile.includes(zone.name)) return true;
  return !LAYOUTS[game] && zone.visibility === "hidden" && zone.ordered;
}

/** A one-card place (a monster area, a set slot): drawn small, side by side. */
export function isSlot(game, zone) {
  return (layoutOf(game).slots || []).includes(zone.name);
}
