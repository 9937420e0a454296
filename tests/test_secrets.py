"""A game's secret cannot be brute-forced from what is public (issue 22, hole 1), and nobody is shown it
before the game is over (hole 3).

The secret is 256 bits from the operating system and every random outcome is drawn from it by keyed
BLAKE2b: what the table sees (じゃんけん, who goes first, every public card) narrows nothing down. The
planted variant is the old design — a small seed through splitmix64 — which the same attacker breaks."""

from __future__ import annotations

import hashlib
import re
import struct
from collections import defaultdict

import pytest
from typer.testing import CliRunner

from tefuda.cli.main import app
from tefuda.core import PUBLIC, Chance, Rng, load_game, new_secret
from tefuda.core.fair import commit, settings_of
from tefuda.core.replay import load_replay, verify

SPECTATOR = 2


def test_the_secret_is_256_bits_from_the_os_and_never_repeats():
    secrets = {new_secret() for _ in range(200)}
    assert len(secrets) == 200
    for s in secrets:
        assert re.fullmatch("[0-9a-f]{64}", s)  # 256 bits (the issue asks for at least 128)
    # every bit position takes both values across games: nothing is fixed or counted
    bits = [int(s, 16) for s in secrets]
    for k in range(256):
        ones = sum((b >> k) & 1 for b in bits)
        assert 40 < ones < 160, f"bit {k} is set in {ones} of 200 secrets"


def test_chance_is_keyed_blake2b_in_counter_mode():
    """Draw k is word k of BLAKE2b(key = secret, message = block number): checked against hashlib itself."""
    key = bytes(range(32))
    r = Chance(key)
    words = [r.next64() for _ in range(20)]
    for k, w in enumerate(words):
        block = hashlib.blake2b(
            (k // 8).to_bytes(8, "little"), key=key, digest_size=64, person=b"tefuda-chance"
        ).digest()
        assert w == struct.unpack("<8Q", block)[k % 8]
    # a copy goes on identically; a clone of a state costs no draw
    a = Chance(key)
    a.next64()
    b = a.copy()
    assert [a.below(1000) for _ in range(30)] == [b.below(1000) for _ in range(30)]
    # another key: another stream
    assert [Chance(bytes(32)).next64() for _ in range(3)] != words[:3]


def _public_start(game, seed, steps: int = 12) -> tuple[str, list, list]:
    """Play the first ``steps`` actions (each player takes its first legal action) and return what a spectator
    saw, the hidden outcome (every card's identity by place, zone by zone) and P1's own hand."""
    s = game.new_state(None, seed)
    seen = [repr(e.view(SPECTATOR)) for e in s.log]
    for _ in range(steps):
        if s.is_over:
            break
        events = s.apply(s.legal_actions()[0])
        seen += [repr(e.view(SPECTATOR)) for e in events]
        seen.append(repr(s.observation(SPECTATOR)))
    hidden = [
        [s.cards[i] for i in z]
        for z, spec in zip(s.zones, s.zone_specs, strict=True)
        if spec.visibility != PUBLIC
    ]
    hand = next(k for k, spec in enumerate(s.zone_specs) if spec.key == "p1.hand")
    return "\n".join(seen), hidden, [s.cards[i] for i in s.zones[hand]]


def _same_places(a: list, b: list) -> float:
    """The share of hidden places holding the same card in two games (zone by zone, place by place)."""
    fa = [c for z in a for c in z]
    fb = [c for z in b for c in z]
    return sum(x == y for x, y in zip(fa, fb, strict=True)) / len(fa)


def _same_places_mean(games: list) -> float:
    """How alike hidden deals are by chance: games side by side, whatever their public outcomes."""
    pairs = [(games[k], games[k + 1]) for k in range(0, len(games) - 1, 2)]
    return sum(_same_places(a, b) for a, b in pairs) / len(pairs)


@pytest.mark.parametrize(("gid", "steps"), [("amadeus", 2), ("kokubyaku", 3)])
def test_identical_public_outcomes_can_differ_in_every_hidden_outcome(gid, steps):
    """Games dealt from different secrets whose public outcomes are all the same (who goes first, every public
    card, every count a spectator sees) are, in what is hidden, no more alike than games with different
    public outcomes: the public transcript pins nothing down."""
    game = load_game(gid)
    by_transcript = defaultdict(list)
    for _ in range(300):
        seen, hidden, _ = _public_start(game, new_secret(), steps)
        by_transcript[seen].append(hidden)
    pairs = [
        (g[i], g[j]) for g in by_transcript.values() for i in range(len(g)) for j in range(i + 1, len(g))
    ]
    assert len(pairs) > 50, "too few games with the same public start to say anything"
    alike = [_same_places(a, b) for a, b in pairs]
    everyone = [h for g in by_transcript.values() for h in g]
    chance = _same_places_mean(everyone)
    assert sum(alike) / len(alike) < chance + 0.05, "the same public start makes the hidden deal alike"
    # and some pair with exactly the same public outcomes differs in every hidden outcome: each deck's order,
    # each hand, each face-down pile holds other cards
    # (a hidden zone no chance deals, such as 黒白物語's カオスデッキ made from the deck list, never differs)
    dealt = [k for k in range(len(everyone[0])) if len({tuple(h[k]) for h in everyone}) > 1]
    assert dealt
    assert any(all(a[k] != b[k] for k in dealt) for a, b in pairs)


def _brute_force(game, public: str, own: list, dealt, seeds) -> list:
    """The attacker: every candidate seed whose game shows the same public start and the same own cards."""
    out = []
    for cand in seeds:
        seen, hidden, hand = _public_start(game, dealt(cand), steps=4)
        if seen == public and hand == own:
            out.append(hidden)
    return out


def test_brute_forcing_the_seed_fails_against_a_secret_and_works_against_the_old_seed():
    """Planted: dealt the old way (splitmix64 over a small seed), the attacker enumerates the seeds, keeps
    those that show the same public start and its own deck, and names every hidden card. Dealt from a
    secret, no enumerable seed shows that start at all."""
    game = load_game("kirifuda")
    space = range(1 << 10)  # a small space, so the test is quick; the old one was 2**31, searched in minutes

    def old(seed: int) -> Rng:
        return Rng(seed)  # the old stream: splitmix64 over a seed

    true_seed = 777
    public, hidden, own = _public_start(game, old(true_seed), steps=4)
    found = _brute_force(game, public, own, old, space)
    assert found and all(h == hidden for h in found), "the planted weak seed is not broken"
    public, hidden, own = _public_start(game, new_secret(), steps=4)
    assert _brute_force(game, public, own, lambda s: s, space) == []


def _commitment_of(out: str) -> str:
    m = re.search(r"commitment: ([0-9a-f]{64})", out)
    assert m, out
    return m.group(1)


def shows_secret_early(out: str, secret: str) -> bool:
    """Whether the terminal showed the game's secret (or a seed) before the game was over."""
    before_end = out.split("秘密 secret:")[0]
    first = out.splitlines()[0]
    return secret in before_end or re.search(r"\bseed \d+", first) is not None


def test_play_shows_a_commitment_first_and_the_secret_only_at_the_end(tmp_path, monkeypatch):
    """`tefuda play` names no seed: it shows the commitment, and the secret once the game is over; the
    saved replay verifies against the commitment shown at the start."""
    secret = new_secret()
    monkeypatch.setattr("tefuda.core.rng.new_secret", lambda: secret)
    out = tmp_path / "g.json"
    r = CliRunner().invoke(app, ["play", "kirifuda", "--p1", "random", "--p2", "random", "--save", str(out)])
    assert r.exit_code == 0, r.output
    assert not shows_secret_early(r.output, secret), r.output
    assert f"秘密 secret: {secret}" in r.output
    committed = _commitment_of(r.output)
    rep = load_replay(out)
    assert rep.seed == secret and rep.commitment == committed
    assert commit(secret, settings_of(load_game("kirifuda"), 2, rep.decks)) == committed
    verify(rep, str(out), commitment=committed)
    ok = CliRunner().invoke(app, ["replay", str(out), "--verify", "--commitment", committed])
    assert ok.exit_code == 0 and "公正 fair" in ok.output
    bad = CliRunner().invoke(app, ["replay", str(out), "--verify", "--commitment", "0" * 64])
    assert bad.exit_code == 1 and "not the game that was promised" in bad.output
    # planted: the old first line ("… — seed 1234567; …") is caught by the same check
    old = "切り札 (Kirifuda (Trump Card)) — seed 1234567; P1 random, P2 random\n…"
    assert shows_secret_early(old, secret)


def test_a_human_game_shows_no_secret_while_it_is_on(monkeypatch):
    secret = new_secret()
    monkeypatch.setattr("tefuda.core.rng.new_secret", lambda: secret)
    r = CliRunner().invoke(app, ["play", "kirifuda", "--p2", "random"], input="view\nlog\nhint\n1\n")
    # the input ran out mid-game: everything shown so far was shown while the game was on
    assert secret not in r.output.split("秘密 secret:")[0]
    assert "commitment:" in r.output


def test_a_tampered_replay_fails_its_commitment(tmp_path):
    out = tmp_path / "g.json"
    r = CliRunner().invoke(app, ["play", "kirifuda", "--p1", "random", "--p2", "random", "--save", str(out)])
    assert r.exit_code == 0
    text = out.read_text(encoding="utf-8")
    rep = load_replay(out)
    other = new_secret()
    (tmp_path / "t.json").write_text(text.replace(rep.seed, other), encoding="utf-8")
    bad = CliRunner().invoke(app, ["replay", str(tmp_path / "t.json"), "--verify"])
    assert bad.exit_code == 1 and "not the one committed to" in bad.output
