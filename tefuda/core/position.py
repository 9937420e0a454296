"""Positions as text: any state of any game written out readably and read back (like chess FEN/EPD, but TOML).

::

    format = "tefuda-position"
    version = 1
    game = "kirifuda"
    players = 2
    options = { tie = "no_damage" }
    to_move = "p1"
    rng = "9c1f…:12"                      # the chance stream (its secret : words drawn), to go on as it would

    [fields]                              # the game's own state, by name (phases by name, seats as p1…)
    phase = "set_support"
    first = "p2"
    pending = "none"
    queue = [["card", "p1", "p1.support1#1"]]   # a card is named by its place: zone id # position (1-based)

    [zones]                               # every zone, its cards in order (a deck from its start)
    "p1.hand" = ["紅蓮の竜騎士", "鉄壁"]
    "p1.support1" = [{ card = "鉄壁", face_up = false }]
    "p2.deck" = ["追い風", { card = "鏡写し", known = ["p1", "p2"] }]

A card is its name (Japanese, English or id) when it lies as its zone lays it (face up in a public zone,
known as the zone makes it known, no flags), else a table: ``card``, ``face_up``, ``known`` (seats, or
``spectators`` for the public), ``flags`` (the game's names), ``owner`` and ``class`` where they differ from
the zone's, and the game's per-card values (``dmg = 2``, ``partner = "p1.front#1"``).

Reading checks everything — format, game, options, every zone, card name, place and field — and names the
field of the first problem; it runs no rule: the position is exactly the state written. Instance ids are
dealt afresh (they carry nothing), so the same position read twice is the same game (``digest``).
"""

from __future__ import annotations

import hashlib
import json
import tomllib
from typing import Any

from .errors import PositionError, TefudaError
from .fields import Ctx
from .game import Game, load_game
from .rng import Chance, SeedError
from .state import FACE_UP, Outcome, State

FORMAT = "tefuda-position"
VERSION = 1
_ID_PERSON = b"tefuda-ids"  # instance ids of a read position come from their own stream, not the game's


# ---------------------------------------------------------------------- writing
def _seats(mask: int, n: int) -> list[str]:
    out = [f"p{s + 1}" for s in range(n) if (mask >> s) & 1]
    if (mask >> n) & 1:
        out.append("spectators")
    return out


def default_known(state: State, zone: int, face_up: bool) -> int:
    """The knowledge a card has from lying where it lies: public zones and face-up cards are known to all,
    a private zone's to its owner, a hidden zone's to nobody."""
    return state.all_mask if face_up else state._entry_knowledge(0, zone, -1)


def dump(state: State, *, note: str = "") -> dict[str, Any]:
    """``state`` as position data (plain dicts and lists, ready for TOML or JSON)."""
    g = state.game
    n = state.nplayers
    cs = g.cardset
    specs = state.zone_specs
    ctx = _ctx(state)
    zones: dict[str, list[Any]] = {}
    for z, insts in enumerate(state.zones):
        spec = specs[z]
        out = []
        for i in insts:
            flags = state.flags[i]
            face_up = bool(flags & FACE_UP)
            entry: dict[str, Any] = {"card": cs[state.cards[i]].name}
            if face_up != (spec.visibility == 0):
                entry["face_up"] = face_up
            if state.known[i] != default_known(state, z, face_up):
                entry["known"] = _seats(state.known[i], n)
            named = state._FLAGS.dump(flags & ~FACE_UP)
            if named:
                entry["flags"] = named
            owner = 0 if spec.shared else spec.owner
            if state.owner[i] != owner:
                entry["owner"] = f"p{state.owner[i] + 1}"
            if state.cls[i] != g.public_class(state.cards[i]):
                entry["class"] = state.cls[i]
            for name, cf in state._CARD_FIELDS.items():
                v = getattr(state, name)[i]
                if v != cf.default:
                    entry[name] = cf.t.dump(v, ctx)
            out.append(entry["card"] if len(entry) == 1 else entry)
        zones[spec.key] = out
    fields = {name: t.dump(getattr(state, name), ctx) for name, t in state._TYPES.items()}
    res = state.result
    body: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "game": g.id,
        "rules_version": g.rules_version,
        "card_set": g.cardset.digest,
        "players": n,
        "options": dict(g.options),
        "to_move": "none" if state.to_move < 0 else f"p{state.to_move + 1}",
        "steps": state.steps,
        "rng": state.rng.state() if isinstance(state.rng, Chance) else f"{state.rng.s:#018x}",
        "result": "none" if res is None else _outcome(res),
        "fields": fields,
        "zones": zones,
    }
    if note:
        body["note"] = note
    return body


def to_toml(state: State, *, note: str = "") -> str:
    """The position as TOML: the header, ``[options]``, ``[fields]`` one per line, ``[zones]`` one card per
    line."""
    g = state.game
    data = dump(state, note=note)
    lines = [
        f"# tefuda position — {g.name} ({g.name_en})",
        "# play on with `tefuda play --from FILE`, ask the AI with `tefuda analyze FILE`",
    ]
    for k, v in data.items():
        if k not in ("options", "fields", "zones"):
            lines.append(f"{_key(k)} = {_toml(v)}")
    for table in ("options", "fields"):
        lines.append(f"\n[{table}]")
        lines.extend(f"{_key(k)} = {_toml(v)}" for k, v in data[table].items())
    lines.append("\n[zones]")
    for k, cards in data["zones"].items():
        if not cards:
            lines.append(f"{_key(k)} = []")
            continue
        lines.append(f"{_key(k)} = [")
        lines.extend(f"    {_toml(c)}," for c in cards)
        lines.append("]")
    return "\n".join(lines) + "\n"


def _key(k: str) -> str:
    return k if k.replace("_", "").isalnum() and k.isascii() else json.dumps(k, ensure_ascii=False)


def _toml(v: Any) -> str:
    """One TOML value on one line (JSON's string escapes are TOML's)."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, list | tuple):
        return "[" + ", ".join(_toml(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{_key(k)} = {_toml(x)}" for k, x in v.items()) + " }" if v else "{}"
    raise TypeError(f"cannot write {type(v).__name__} in a position")


def _outcome(res: Outcome) -> dict[str, Any]:
    winner = "none" if res.winner is None else f"p{res.winner + 1}"
    return {"winner": winner, "code": res.code, "team": [f"p{t + 1}" for t in res.team]}


def to_json(state: State, *, note: str = "") -> str:
    return json.dumps(dump(state, note=note), ensure_ascii=False, indent=1)


def _ctx(state: State, refs: dict[str, int] | None = None) -> Ctx:
    g = state.game

    def inst_to_ref(i: int) -> str:
        z = state.where[i]
        return f"{state.zone_specs[z].key}#{state.zones[z].index(i) + 1}"

    def ref_to_inst(ref: str) -> int:
        if refs is None or ref not in refs:
            raise PositionError(f"{ref!r} is not a card's place (zone id # position from 1, e.g. p1.hand#2)")
        return refs[ref]

    def find(name: str) -> int | None:
        c = g.cardset.find(name)
        return None if c is None else c.index

    return Ctx(state.nplayers, g.card_ids, inst_to_ref, ref_to_inst, find)


# ---------------------------------------------------------------------- reading
def parse(text: str, label: str = "<position>") -> dict[str, Any]:
    """Position text (TOML, or JSON when it starts with ``{``) -> its data; errors name the line."""
    stripped = text.lstrip("\ufeff").lstrip()
    if stripped.startswith("{"):
        try:
            data = json.loads(stripped)
        except json.JSONDecodeError as e:
            raise PositionError(f"{label}:{e.lineno}: not valid JSON ({e.msg})") from None
    else:
        try:
            data = tomllib.loads(text.lstrip("\ufeff"))
        except tomllib.TOMLDecodeError as e:
            raise PositionError(f"{label}: not valid TOML ({e})") from None
    if not isinstance(data, dict):
        raise PositionError(f"{label}: a position is a table (TOML) or an object (JSON)")
    return data


def is_position(text: str) -> bool:
    """Whether some text is a position file (rather than, say, a replay)."""
    try:
        return parse(text).get("format") == FORMAT
    except PositionError:
        return False


def load(data: dict[str, Any], label: str = "<position>", *, record: bool = True,
         allow_other_cards: bool = False, cards_path: str | None = None) -> State:  # fmt: skip
    """Position data -> the state it describes. Raises :class:`PositionError` naming the field."""

    def need(key: str, kind: type | tuple[type, ...]) -> Any:
        if key not in data:
            raise PositionError(f"{label}: missing '{key}'")
        v = data[key]
        if not isinstance(v, kind) or (kind is int and isinstance(v, bool)):
            raise PositionError(f"{label}: '{key}' has the wrong type ({type(v).__name__})")
        return v

    if data.get("format") != FORMAT:
        raise PositionError(f"{label}: 'format' must be {FORMAT!r} (is this a tefuda position?)")
    version = need("version", int)
    if version != VERSION:
        raise PositionError(f"{label}: version {version} is not one this tefuda reads ({VERSION})")
    try:
        game = load_game(
            need("game", str), need("options", dict) if "options" in data else {}, cards_path=cards_path
        )
    except TefudaError as e:
        raise PositionError(f"{label}: {e}") from None
    card_set = data.get("card_set")
    if card_set and card_set != game.cardset.digest and not allow_other_cards:
        raise PositionError(
            f"{label}: written with card set {card_set!r}, but {game.id}'s cards are now "
            f"{game.cardset.digest}: the position may mean something else (use --force to read it anyway)"
        )
    n = need("players", int)
    if not game.min_players <= n <= game.max_players:
        raise PositionError(
            f"{label}: 'players': {game.id} is played by {game.min_players}–{game.max_players}"
        )
    return _build(game, n, data, label, record)


def _build(game: Game, n: int, data: dict[str, Any], label: str, record: bool) -> State:
    cls = game.state_class
    specs = game.zone_specs(n)
    by_key = {s.key: z for z, s in enumerate(specs)}
    zones_in = data.get("zones", {})
    if not isinstance(zones_in, dict):
        raise PositionError(f"{label}: 'zones' must be a table of zone id = [cards]")
    for key in zones_in:
        if key not in by_key:
            raise PositionError(f"{label}: zones: no zone {key!r} in {game.id} (zones: {', '.join(by_key)})")
    state: State = cls.__new__(cls)
    state.game = game
    state.nplayers = n
    state.zone_specs = specs
    # the cards, zone by zone; ids dealt from their own stream
    entries: list[tuple[int, Any, str]] = []
    for key, z in by_key.items():
        cards = zones_in.get(key, [])
        if not isinstance(cards, list):
            raise PositionError(f"{label}: zones.{key!r} must be a list of cards")
        cap = specs[z].capacity
        if cap is not None and len(cards) > cap:
            raise PositionError(f"{label}: zones.{key!r} holds at most {cap} card(s), got {len(cards)}")
        for k, e in enumerate(cards):
            entries.append((z, e, f"zones.{key!r}[{k}]"))
    rng_text = data.get("rng", "0x0")
    try:
        if not isinstance(rng_text, str):
            raise ValueError
        if ":" in rng_text:  # a written game's stream: its secret and the words drawn
            chance = Chance.from_state(rng_text)
            if chance.n < 0:
                raise ValueError
        else:  # a hand-made position: a chosen seed in hexadecimal (0x1f2e…)
            chance = Chance.of(int(rng_text, 16))
    except (ValueError, SeedError):
        raise PositionError(
            f"{label}: 'rng' must be a game's stream (64 hexadecimal digits ':' words drawn) or a seed "
            "in hexadecimal like 0x1f2e…"
        ) from None
    total = len(entries)
    ids = Chance(hashlib.blake2b(chance.key, digest_size=32, person=_ID_PERSON).digest()).permutation(total)
    state.rng = chance
    state.cards = [0] * total
    owner = [0] * total
    klass = [0] * total
    state.known = [0] * total
    state.flags = [0] * total
    state.where = [0] * total
    zones: list[list[int]] = [[] for _ in specs]
    refs: dict[str, int] = {}
    per_card: list[tuple[int, dict[str, Any], str]] = []
    cs = game.cardset
    flags_spec = cls._FLAGS
    for (z, e, path), i in zip(entries, ids, strict=True):
        spec = specs[z]
        table = {"card": e} if isinstance(e, str) else e
        if not isinstance(table, dict) or "card" not in table:
            raise PositionError(f"{label}: {path}: a card is its name or a table with 'card'")
        unknown = set(table) - {"card", "face_up", "known", "flags", "owner", "class", *cls._CARD_FIELDS}
        if unknown:
            raise PositionError(f"{label}: {path}: unknown key(s) {', '.join(sorted(unknown))}")
        c = cs.find(table["card"]) if isinstance(table["card"], str) else None
        if c is None:
            raise PositionError(f"{label}: {path}: no card named {table['card']!r} in {game.id}")
        state.cards[i] = c.index
        face_up = table.get("face_up", spec.visibility == 0)
        if not isinstance(face_up, bool):
            raise PositionError(f"{label}: {path}.face_up must be true or false")
        f = flags_spec.load(table.get("flags", []), f"{label}: {path}.flags") | (FACE_UP if face_up else 0)
        state.flags[i] = f
        zones[z].append(i)
        state.where[i] = z
        o = 0 if spec.shared else spec.owner
        if "owner" in table:
            o = _seat(table["owner"], n, f"{label}: {path}.owner")
        owner[i] = o
        k = table.get("class", game.public_class(c.index))
        if not isinstance(k, int) or isinstance(k, bool) or k < 0:
            raise PositionError(f"{label}: {path}.class must be a whole number ≥ 0")
        klass[i] = k
        refs[f"{spec.key}#{len(zones[z])}"] = i
        per_card.append((i, table, path))
    state.zones = [tuple(z) for z in zones]
    state.owner = tuple(owner)
    state.cls = tuple(klass)
    for i, table, path in per_card:
        z = state.where[i]
        if "known" in table:
            state.known[i] = _known(table["known"], n, f"{label}: {path}.known")
        else:
            state.known[i] = state.all_mask if state.flags[i] & FACE_UP else state._entry_knowledge(0, z, i)
    ctx = _ctx(state, refs)
    for name, cf in cls._CARD_FIELDS.items():
        values = [cf.default] * total
        for i, table, path in per_card:
            if name in table:
                values[i] = cf.t.load(table[name], ctx, f"{label}: {path}.{name}")
        setattr(state, name, values)
    fields_in = data.get("fields", {})
    if not isinstance(fields_in, dict):
        raise PositionError(f"{label}: 'fields' must be a table")
    missing = [f for f in cls._TYPES if f not in fields_in]
    if missing:
        raise PositionError(f"{label}: fields: missing {', '.join(missing)} (a position names every field)")
    extra = set(fields_in) - set(cls._TYPES)
    if extra:
        raise PositionError(f"{label}: fields: {game.id} has no field {', '.join(sorted(extra))}")
    for name, t in cls._TYPES.items():
        setattr(state, name, t.load(fields_in[name], ctx, f"{label}: fields.{name}"))
    to_move = data.get("to_move", "p1")
    state.to_move = -1 if to_move == "none" else _seat(to_move, n, f"{label}: to_move")
    steps = data.get("steps", 0)
    if not isinstance(steps, int) or isinstance(steps, bool) or steps < 0:
        raise PositionError(f"{label}: 'steps' must be a whole number ≥ 0")
    state.steps = steps
    state.result = _result(game, data.get("result", "none"), n, label)
    if state.result is not None:
        state.to_move = -1
    state.log = [] if record else None
    state._legal = None
    state.track = None
    state.changes = None
    try:
        state.check_invariants()
    except AssertionError as e:
        raise PositionError(f"{label}: this is not a position {game.id} can be in: {e}") from None
    except Exception as e:  # fields that contradict each other in a way the checks do not word
        raise PositionError(
            f"{label}: this is not a position {game.id} can be in ({type(e).__name__}: {e})"
        ) from None
    if state.result is None:
        try:
            legal = state.legal_actions()
        except Exception as e:  # a field combination the rules never produce
            raise PositionError(
                f"{label}: the rules cannot go on from here ({type(e).__name__}: {e})"
            ) from None
        if not legal:
            raise PositionError(f"{label}: nobody can act here (P{state.to_move + 1} has no legal action)")
    return state


def _seat(x: Any, n: int, path: str) -> int:
    if isinstance(x, str) and x[:1].lower() == "p" and x[1:].isdigit() and 1 <= int(x[1:]) <= n:
        return int(x[1:]) - 1
    raise PositionError(f"{path}: {x!r} is not a seat (p1–p{n})")


def _known(x: Any, n: int, path: str) -> int:
    if not isinstance(x, list):
        raise PositionError(f"{path} must be a list of seats (p1, …) and/or spectators")
    mask = 0
    for s in x:
        mask |= 1 << n if s == "spectators" else 1 << _seat(s, n, path)
    return mask


def _result(game: Game, x: Any, n: int, label: str) -> Outcome | None:
    if x == "none" or x is None:
        return None
    if not isinstance(x, dict) or "code" not in x or not isinstance(x.get("team", []), list):
        raise PositionError(f"{label}: 'result' must be none or a table with winner, code and team")
    code = x["code"]
    if not isinstance(code, str) or code not in game.outcomes:
        raise PositionError(f"{label}: result.code {code!r} is not one of {', '.join(game.outcomes)}")
    w = x.get("winner", "none")
    winner = None if w == "none" else _seat(w, n, f"{label}: result.winner")
    team = tuple(_seat(t, n, f"{label}: result.team") for t in x.get("team", []))
    ja, en = game.outcomes[code]
    return Outcome(winner, code, en, ja, team)


def read(path: str, *, record: bool = True, allow_other_cards: bool = False) -> State:
    """A position file -> its state."""
    from pathlib import Path

    try:
        text = Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise PositionError(f"{path}: not UTF-8 text") from None
    except OSError as e:
        raise PositionError(f"{path}: cannot read the file ({e.strerror})") from None
    return load(parse(text, path), path, record=record, allow_other_cards=allow_other_cards)
