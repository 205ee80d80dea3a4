"""The work of one duplicate deal or one duplicate match, run in a worker process.

Each task carries everything it needs and depends only on the arena seed and
its index, so results do not depend on which process runs it or when. The
functions here are top-level so that a process pool can pickle them under
``fork`` and ``spawn`` alike.

Per action the loop only asks the bot of the seat to move
(:func:`jick.bots.bot_action`) and applies its answer.

>>> from jick.arena.worker import Setup, DealTask, run_task
>>> setup = Setup(game="tarok", preset="tarok_3p", players=None, overrides={}, seed=1)
>>> result = run_task(DealTask(setup, bots=("random", "heuristic"), matchup=0, index=0))
>>> len(result.plays), result.plays[0].lineup
(6, (0, 0, 1))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from jick.arena.hooks import GameArena, arena_hooks
from jick.arena.seating import MIXED, seatings
from jick.arena.seeds import derive_seed
from jick.bots import Bot, bot_action, make_bot
from jick.game import AnyState, get_game


@dataclass(frozen=True)
class Setup:
    """The game every task of an arena run plays.

    ``think``: the search bots' seconds per decision; ``seating``: the duplicate
    design (:mod:`jick.arena.seating`).
    """

    game: str
    preset: str
    players: int | None
    overrides: Mapping[str, Any] = field(default_factory=dict)
    seed: int = 0
    think: float | None = None
    seating: str = MIXED

    def rules(self, extra: Mapping[str, Any] | None = None) -> Any:
        overrides = {**self.overrides, **(extra or {})}
        return get_game(self.game).load_preset(self.preset, self.players, overrides)

    def new_match(self, rules: Any, seed: int, first_dealer: int) -> AnyState:
        return get_game(self.game).new_match(rules, seed=seed, first_dealer=first_dealer)


@dataclass(frozen=True)
class DealTask:
    """Play duplicate deal ``index`` of matchup ``matchup`` (``bots``: the matchup's bot names)."""

    setup: Setup
    bots: tuple[str, ...]
    matchup: int
    index: int


@dataclass(frozen=True)
class MatchTask:
    """Play duplicate full match ``index`` of matchup ``matchup``."""

    setup: Setup
    bots: tuple[str, ...]
    matchup: int
    index: int


@dataclass(frozen=True)
class DealPlay:
    """One play of a deal: the bot index of every seat, every seat's points and the bid."""

    lineup: tuple[int, ...]
    points: tuple[float, ...]
    bid: tuple[int, bool] | None


@dataclass(frozen=True)
class MatchPlay:
    """One play of a full match: the bot index of every seat, ``state.returns()`` and final scores."""

    lineup: tuple[int, ...]
    returns: tuple[float, ...]
    scores: tuple[float, ...]
    deals: int


@dataclass(frozen=True)
class DealResult:
    matchup: int
    index: int
    seed: int
    first_dealer: int
    plays: tuple[DealPlay, ...]


@dataclass(frozen=True)
class MatchResult:
    matchup: int
    index: int
    seed: int
    first_dealer: int
    plays: tuple[MatchPlay, ...]


def deal_seed(seed: int, index: int) -> int:
    """The seed of the match that deals duplicate deal ``index`` (its decks, redeals included)."""
    return derive_seed(seed, "deal", index)


def match_seed(seed: int, index: int) -> int:
    return derive_seed(seed, "match", index)


def _bots(names: Sequence[str], lineup: Sequence[int], setup: Setup, *seed_parts: int | str) -> list[Bot]:
    return [
        make_bot(names[b], derive_seed(*seed_parts, seat), game=setup.game, think=setup.think)
        for seat, b in enumerate(lineup)
    ]


def _advance(state: AnyState, bots: Sequence[Bot]) -> None:
    seat = state.current_player
    if seat < 0:
        raise RuntimeError(f"the {state.game_name} match stopped with no one to move ({state!r})")
    state.apply(bot_action(bots[seat], state, seat))


def play_deal(task: DealTask) -> DealResult:
    """Every play of one duplicate deal: the same seed and first dealer, the bots moved around."""
    setup = task.setup
    hooks: GameArena = arena_hooks(setup.game)
    rules = setup.rules()
    n = rules.num_players
    seed = deal_seed(setup.seed, task.index)
    first_dealer = task.index % n
    plays = []
    for p, lineup in enumerate(seatings(hooks.seat_sides(rules), len(task.bots), setup.seating)):
        state = setup.new_match(rules, seed, first_dealer)
        bots = _bots(task.bots, lineup, setup, setup.seed, "deal", task.index, p)
        while hooks.deals_scored(state) == 0:
            _advance(state, bots)
        plays.append(DealPlay(lineup, hooks.deal_points(state, 0), hooks.deal_bid(state, 0)))
    return DealResult(task.matchup, task.index, seed, first_dealer, tuple(plays))


def play_match(task: MatchTask) -> MatchResult:
    """Every play of one duplicate full match, each to the end of the match."""
    setup = task.setup
    hooks = arena_hooks(setup.game)
    rules = setup.rules()
    rules = setup.rules(hooks.match_overrides(rules))
    n = rules.num_players
    seed = match_seed(setup.seed, task.index)
    first_dealer = task.index % n
    plays = []
    for p, lineup in enumerate(seatings(hooks.seat_sides(rules), len(task.bots), setup.seating)):
        state = setup.new_match(rules, seed, first_dealer)
        bots = _bots(task.bots, lineup, setup, setup.seed, "match", task.index, p)
        while not state.is_terminal:
            _advance(state, bots)
        scores = tuple(float(x) for x in state.scores)
        plays.append(MatchPlay(lineup, tuple(state.returns()), scores, hooks.deals_scored(state)))
    return MatchResult(task.matchup, task.index, seed, first_dealer, tuple(plays))


def run_task(task: DealTask | MatchTask) -> DealResult | MatchResult:
    """Run one task (the function a process pool calls)."""
    if isinstance(task, DealTask):
        return play_deal(task)
    return play_match(task)
