"""``ismcts``: information-set Monte-Carlo tree search, card-agnostic, for 2–4 players.

Each iteration samples a world from the deciding seat's knowledge (``Decision.determinize`` —
never the true state), walks one shared tree keyed by action sequences with UCB over the actions
legal *in that world* (availability counts, Cowling et al. 2012), expands one node, plays the
world out (random or "greedy" rollouts) and backs up every seat's result, so each player in the
tree picks by its own payoff.

Options (``ismcts:iters=2000``, ``ismcts:seconds=0.5,rollout=greedy``): ``iters`` (default 400), ``seconds``
(a time budget instead), ``c`` (exploration, default 0.7), ``rollout`` (``random`` or ``greedy``: take an
action that wins at once when there is one), ``max_rollout`` (actions per playout), ``max_seconds`` (with
``iters``: stop early when a decision has taken this long, so a slow decision cannot make a player wait; a run
that never reaches the cap still repeats exactly), ``depth`` (cut each playout after this many actions and
score it; default 16, 0 plays every playout to the end, ``auto`` the game's own cut-off,
``Game.playout_depth``), ``eval`` (how a cut playout is scored: ``learned``, the game's fitted evaluation,
agents/evaluation.py; ``estimate``, the game's own hand-written guess of who is ahead, ``State.estimate``;
``auto``, the default: the fitted one when the game has one for its card set, else the guess). At the same
time per move, depth 16 beat full playouts 42–18 in 切り札 and 48–12 in ヨネス and drew 29–31 in
ジェネシス・ガーデン (60 games each, 0.05 s a move, both seatings): long games get several times the
iterations for a good enough guess. ``decisive`` (worlds in which each move is first tried for a win or a loss
on the spot, default 4, 0: none; see ``_sure_win``). ``mast`` (a playout policy that learns within one
decision: with this probability a playout step takes the legal action whose mean result so far, for the seat
taking it, is best — the Move-Average Sampling Technique of Finnsson & Björnsson 2008, ε-greedy as Tak et al.
2012 found best — else a random one; 0, the default: random playouts). ``keep`` (standard errors, default 0:
off): when the pick spends a right held once a game (``Game.once_only``) and a move that does not is within
``keep`` standard errors of it, take that move (``_keep_once_only``). ``mo`` (1: a tree for each seat,
multiple-observer ISMCTS, ``_iterate_mo``; 0, the default: one tree). ``repeat`` (0, the default: off): at a
position of this turn the agent has already decided at, a move it took there ``repeat`` times is left out
(agents/repetition.py: no going round in a circle; the agent then reads its observation too). With a seed
and an iteration budget a run repeats exactly; a time budget (``seconds``) depends on the machine's speed,
so it does not."""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Any, ClassVar

from tefuda.core import Action, Rng, State
from tefuda.core.events import CardRef, PlaceRef
from tefuda.core.game import cached_game

from .base import Decision
from .repetition import Repetitions, spent


@dataclass(slots=True)
class Node:
    mover: int  # the seat that took the action leading here (-1 at the root)
    visits: int = 0
    avail: int = 0
    reward: list[float] = field(default_factory=list)  # per seat, summed, in [0, 1]
    # by action; in another seat's tree (mo=1), by what is public of it (``_public_key``)
    children: dict[Any, Node] = field(default_factory=dict)


@dataclass
class Evaluation:
    """What the search thinks of each root action, from the deciding seat's point of view."""

    action: Action
    visits: int
    win_rate: float  # mean payoff for the deciding seat, in [0, 1]


class IsmctsAgent:
    name = "ismcts"
    uses: frozenset[str]
    OPTIONS: ClassVar[dict[str, type]] = {
        "iters": int,
        "seconds": float,
        "c": float,
        "rollout": str,
        "max_rollout": int,
        "depth": str,  # a whole number, or ``auto``: the game's own (``Game.playout_depth``)
        "eval": str,
        "max_seconds": float,
        "decisive": int,
        "mast": float,
        "keep": float,
        "mo": int,
        "repeat": int,
    }

    def __init__(
        self,
        seed: int = 0,
        iters: int = 400,
        seconds: float = 0.0,
        c: float = 0.7,
        rollout: str = "random",
        max_rollout: int = 1000,
        depth: int | str = 16,
        eval: str = "auto",  # the option's name in specs (ismcts:eval=learned)
        max_seconds: float = 0.0,
        decisive: int = 4,
        mast: float = 0.0,
        keep: float = 0.0,
        mo: int = 0,
        repeat: int = 0,
        evaluator: Any = None,
    ) -> None:
        """``evaluator`` (from Python only, not a spec option): any object with ``estimate(world)`` → each
        seat's chance of winning, or None; it scores the cut playouts instead of ``eval`` (a research
        evaluation, a network say)."""
        if not 1 <= iters <= 100_000_000:
            raise ValueError("ismcts: iters must be 1–100000000")
        if not 0 <= seconds <= 3600:  # also refuses nan and inf
            raise ValueError("ismcts: seconds must be 0–3600 (0: use iters)")
        if not 0 <= max_seconds <= 3600:
            raise ValueError("ismcts: max_seconds must be 0–3600 (0: no cap)")
        if not 0 <= decisive <= 64:
            raise ValueError("ismcts: decisive must be 0–64 (worlds to check; 0: no check)")
        if not 0 <= mast <= 1:  # also refuses nan
            raise ValueError("ismcts: mast must be 0–1 (the share of playout steps taking the best action)")
        if not 0 <= keep <= 10:  # also refuses nan
            raise ValueError("ismcts: keep must be 0–10 (standard errors; 0: spend once-only rights freely)")
        if mo not in (0, 1):
            raise ValueError("ismcts: mo must be 0 or 1 (1: a tree for each seat, multiple-observer ISMCTS)")
        if not 0 <= repeat <= 1000:
            raise ValueError(
                "ismcts: repeat must be 0–1000 (times a move may be taken at one position a turn; 0: off)"
            )
        if not 0 <= c <= 100:
            raise ValueError("ismcts: c must be 0–100")
        if not 1 <= max_rollout <= 1_000_000:
            raise ValueError("ismcts: max_rollout must be 1–1000000")
        self._auto_depth = depth == "auto"
        if self._auto_depth:
            depth = 16  # until a decision names its game
        else:
            try:
                depth = int(depth)
            except ValueError:
                raise ValueError(f"ismcts: depth must be a whole number or auto, got {depth!r}") from None
            if depth < 0:
                raise ValueError("ismcts: depth must not be negative (0: play each playout to the end)")
        if rollout not in ("random", "greedy"):
            raise ValueError("ismcts: rollout must be random or greedy")
        if eval not in ("auto", "learned", "estimate"):
            raise ValueError("ismcts: eval must be auto, learned or estimate")
        self.rng = Rng(seed)
        self.iters = iters
        self.seconds = seconds
        self.c = c
        self.rollout = rollout
        self.max_rollout = max_rollout
        self.depth: int = depth
        self.eval = eval
        self.max_seconds = max_seconds
        self.decisive = decisive
        self.mast = mast
        self.keep = keep
        self.mo = mo
        self.repeat = repeat
        self.uses = frozenset({"world", "observation"}) if repeat else frozenset({"world"})
        # this seat's positions of the current turn (``repeat``); a server hands in the seat's own
        self.repetitions = Repetitions()
        # MAST's table, one per decision: per seat, action → [summed result, times taken]
        self._mast: list[dict[Action, list[float]]] = []
        self._banned: frozenset[Action] = frozenset()  # root actions the search leaves out (sure losses)
        self.evaluator = evaluator
        self._learned: Any = None  # the fitted evaluation of the decision's game, when used
        self.last_iterations = 0
        self.last_trees: list[Node] | None = None

    # ------------------------------------------------------------------ the agent API
    def act(self, decision: Decision) -> Action:
        if len(decision.legal) == 1:
            return decision.legal[0]
        sure = self._sure_win(decision)
        if sure is not None:
            return sure
        taken = None
        if self.repeat and decision.observation is not None:
            taken = self.repetitions.at(decision.observation)
            circle = spent(taken, self.repeat)
            if circle and any(a not in circle and a not in self._banned for a in decision.legal):
                self._banned = self._banned | circle
        evals = self.evaluate(decision)
        best = max(e.visits for e in evals)
        top = [e for e in evals if e.visits == best]
        choice = max(top, key=lambda e: e.win_rate)
        if self.keep:
            choice = self._keep_once_only(decision, choice, evals)
        if taken is not None:
            taken[choice.action] = taken.get(choice.action, 0) + 1
        return choice.action

    def forget(self) -> None:
        """After an undo: the positions of this turn the agent remembers (``repeat``) were taken back."""
        self.repetitions = Repetitions()

    def _keep_once_only(self, decision: Decision, choice: Evaluation, evals: list[Evaluation]) -> Evaluation:
        """When the search's pick spends a right held once a game (``Game.once_only``: 切り札's 上書き) and a
        move that does not spend one is within ``keep`` standard errors of its win rate (and was searched at
        least a quarter as much), take that move. Playouts spend such a right at random later, so they rate
        keeping it at about nothing: a tie in their eyes is a loss of the right for a player who knows."""
        once = cached_game(decision.game, decision.options, decision.cards_path).once_only
        if not once or choice.action.kind not in once or choice.visits == 0:
            return choice
        p = choice.win_rate
        margin = self.keep * math.sqrt(max(p * (1.0 - p), 0.01) / choice.visits)
        alternatives = [
            e
            for e in evals
            if e.action.kind not in once and 4 * e.visits >= choice.visits and e.win_rate >= p - margin
        ]
        if not alternatives:
            return choice
        return max(alternatives, key=lambda e: (e.visits, e.win_rate))

    def _sure_win(self, decision: Decision) -> Action | None:
        """Decisive and anti-decisive moves (Teytaud & Teytaud 2010), checked in ``decisive`` worlds drawn
        from the seat's knowledge: a move that ends the game with this seat winning in every one of them is
        taken without a search; moves that end it with this seat losing in every one are left out of the
        search when some move does not (a search that sees every move lose in the end rates a loss now the
        same as a loss later, and a strong player makes the opponent find the win). Returns the sure win, and
        sets the moves to leave out."""
        self._banned = frozenset()
        if not self.decisive:
            return None
        sampler = decision.sampler()
        worlds = [sampler.sample(self.rng) for _ in range(self.decisive)]
        seat = decision.seat
        losing = []
        for a in decision.legal:
            ends = set()
            for w in worlds:
                probe = w.clone()
                probe.apply(a)
                res = probe.result
                if res is None:
                    break
                ends.add(res.returns(probe.nplayers)[seat])
                if len(ends) > 1:
                    break
            else:
                if ends == {1.0}:
                    return a
                if ends == {-1.0}:
                    losing.append(a)
        if losing and len(losing) < len(decision.legal):
            self._banned = frozenset(losing)
        return None

    def evaluate(self, decision: Decision) -> list[Evaluation]:
        """Search, then each legal action's visits and win rate (every legal action is listed; one the
        search left out as a sure loss has no visits)."""
        seat = decision.seat
        root = Node(-1)
        start = time.perf_counter()
        deadline = start + self.seconds if self.seconds > 0 else None
        cap = start + self.max_seconds if self.max_seconds > 0 else None
        n = 0
        sampler = decision.sampler()
        trees = [root if s == seat else Node(-1) for s in range(sampler.world_players)] if self.mo else None
        self._mast = [{} for _ in range(sampler.world_players)] if self.mast else []
        self._learned = self.evaluator
        if self._auto_depth:
            self.depth = cached_game(decision.game, decision.options, decision.cards_path).playout_depth
        if self.evaluator is None and self.eval != "estimate" and self.depth:
            from .evaluation import cached_evaluation

            nplayers = sampler.world_players
            self._learned = cached_evaluation(
                decision.game, tuple(sorted(decision.options.items())), decision.cards_path, nplayers
            )
            if self._learned is None and self.eval == "learned":
                raise ValueError(
                    f"ismcts:eval=learned: no fitted evaluation for {decision.game} ({nplayers} players) — "
                    f"tefuda train {decision.game}"
                )
        while True:
            if deadline is None:
                if n >= self.iters:
                    break
                # the cap is looked at every 16 iterations: a clock read costs as much as a short playout
                if cap is not None and n & 15 == 15 and time.perf_counter() >= cap:
                    break
            elif n > 0 and time.perf_counter() >= deadline:
                break
            if trees is None:
                self._iterate(root, sampler.sample(self.rng))
            else:
                self._iterate_mo(trees, sampler.sample(self.rng))
            n += 1
        self.last_iterations = n
        self.last_trees = trees  # the trees of the last search with mo=1 (for tests), else None
        self._banned = frozenset()
        self._mast = []
        out = []
        for a in decision.legal:
            child = root.children.get(a)
            if child is None or child.visits == 0:
                out.append(Evaluation(a, 0, 0.0))
            else:
                out.append(Evaluation(a, child.visits, child.reward[seat] / child.visits))
        return out

    # ------------------------------------------------------------------ one iteration
    def _iterate(self, root: Node, world: State) -> None:
        nplayers = world.nplayers
        node = root
        path = [root]
        taken: list[tuple[int, Action]] | None = [] if self._mast else None
        while world.result is None:
            legal = world.legal_actions()
            if node is root and self._banned:
                legal = tuple([a for a in legal if a not in self._banned]) or legal
            mover = world.current_player
            a, new = self._choose(node.children, legal, mover, nplayers)
            if taken is not None:
                taken.append((mover, a))
            world.apply(a)
            node = node.children[a]
            path.append(node)
            if new:
                break
        self._back_up([path], self._playout(world, taken), taken)

    def _iterate_mo(self, trees: list[Node], world: State) -> None:
        """One iteration of multiple-observer ISMCTS (Cowling, Powley & Whitehouse 2012, §4.3): a tree for
        each seat. A seat picks its own moves in its own tree, where its own actions are told apart in full
        and every other seat's action only by what is public of it (``_public_key``: the events it caused,
        as a spectator sees them). So a seat in the tree cannot answer a card another seat set face down as
        if it had seen it — the single tree (``_iterate``) lets every seat's choice depend on every earlier
        action in full, hidden ones included, which makes the opponent play as if it saw through them."""
        nplayers = world.nplayers
        nodes = list(trees)
        paths = [[t] for t in trees]
        taken: list[tuple[int, Action]] | None = [] if self._mast else None
        first = True
        while world.result is None:
            legal = world.legal_actions()
            if first and self._banned:
                legal = tuple([a for a in legal if a not in self._banned]) or legal
            first = False
            mover = world.current_player
            children = nodes[mover].children
            a, new = self._choose(children, legal, mover, nplayers)
            if taken is not None:
                taken.append((mover, a))
            world.log = []  # only the tree's own steps record events (their keys); never a playout
            events = world.apply(a)
            world.log = None
            key = _public_key(a, events, world.public_bit)
            for s in range(nplayers):
                if s == mover:
                    child = children[a]
                else:
                    kids = nodes[s].children
                    found = kids.get(key)
                    child = kids[key] = Node(mover, reward=[0.0] * nplayers) if found is None else found
                nodes[s] = child
                paths[s].append(child)
            if new:
                break
        self._back_up(paths, self._playout(world, taken), taken)

    def _choose(
        self, children: dict[Any, Node], legal: list[Action] | tuple[Action, ...], mover: int, nplayers: int
    ) -> tuple[Action, bool]:
        """The mover's action at a node: an untried one at random (its child added: True), else UCB over the
        children available in this world. Every available child's availability count goes up."""
        untried = [a for a in legal if a not in children]
        if untried:
            a = untried[self.rng.below(len(untried))]
            children[a] = Node(mover, reward=[0.0] * nplayers)
            for b in legal:
                if b in children:
                    children[b].avail += 1
            return a, True
        best = None
        best_score = -1.0
        c = self.c
        for b in legal:
            ch = children[b]
            ch.avail += 1
            score = ch.reward[mover] / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
            if score > best_score:
                best_score = score
                best = b
        assert best is not None
        return best, False

    def _back_up(
        self, paths: list[list[Node]], result: list[float], taken: list[tuple[int, Action]] | None
    ) -> None:
        """Credits a playout's result to MAST's table (every action taken) and to every node on the paths
        (one path, or one per seat's tree)."""
        if taken is not None:
            tables = self._mast
            for seat, a in taken:
                entry = tables[seat].get(a)
                if entry is None:
                    tables[seat][a] = [result[seat], 1.0]
                else:
                    entry[0] += result[seat]
                    entry[1] += 1.0
        nplayers = len(result)
        for path in paths:
            for nd in path:
                nd.visits += 1
                if nd.reward:
                    r = nd.reward
                    for s in range(nplayers):
                        r[s] += result[s]

    def _playout(self, world: State, taken: list[tuple[int, Action]] | None = None) -> list[float]:
        """Plays ``world`` on to its end or the cut-off and scores it; with MAST on, appends each step's
        (mover, action) to ``taken``."""
        rng = self.rng
        greedy = self.rollout == "greedy"
        mast = self.mast
        tables = self._mast
        n = 0
        cap = min(self.depth, self.max_rollout) if self.depth else self.max_rollout
        while world.result is None and n < cap:
            legal = world.legal_actions()
            a = None
            if greedy and len(legal) > 1:
                me = world.current_player
                for b in legal:
                    probe = world.clone()
                    probe.apply(b)
                    if probe.result is not None and me in probe.result.winners:
                        a = b
                        break
            if a is None:
                if taken is not None and len(legal) > 1 and rng.random() < mast:
                    a = _best_rated(legal, tables[world.current_player])
                else:
                    a = legal[rng.below(len(legal))]
            if taken is not None:  # every step is credited, a greedy rollout's winning move too
                taken.append((world.current_player, a))
            world.apply(a)
            n += 1
        res = world.outcome()
        if res is None:
            if self.depth and n >= self.depth:
                guess = self._learned.estimate(world) if self._learned is not None else world.estimate()
                if guess is not None:
                    return guess
            return [0.5] * world.nplayers  # the playout cap: call it even
        return [(r + 1.0) / 2.0 for r in res.returns(world.nplayers)]


def _public_key(action: Action, events: list[Any], public: int) -> Any:
    """What a seat that did not take ``action`` is told of it, as a key: its kind and the events it caused as
    a spectator sees them (a card's identity only where it is public). Two actions that differ only in a
    hidden choice — which card was set face down — get the same key. (What one seat alone is shown, and a
    change no event names, is not told apart: the other seats' trees are a little blinder than they are.)"""
    return (
        action.kind,
        tuple([(e.code, e.seat, e.card if e.mask & public else -1, _masked(e.args, public)) for e in events]),
    )


def _masked(v: Any, public: int) -> Any:
    if isinstance(v, PlaceRef):
        return (v.zone, v.pos, v.card if v.mask & public else -1)
    if isinstance(v, CardRef):
        return v.card if v.mask & public else -1
    if isinstance(v, tuple):
        return tuple([_masked(x, public) for x in v])
    return v


def _best_rated(legal: list[Action] | tuple[Action, ...], table: dict[Action, list[float]]) -> Action:
    """The legal action with the best mean result in ``table``; one never taken counts as a sure win (1.0),
    so that it gets tried; ties go to the first listed."""
    best = legal[0]
    best_q = -1.0
    for a in legal:
        entry = table.get(a)
        q = entry[0] / entry[1] if entry is not None else 1.0
        if q > best_q:
            best_q = q
            best = a
    return best
