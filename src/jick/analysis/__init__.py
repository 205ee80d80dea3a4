"""Post-game analysis: every decision of a record valued from what its seat knew.

For each decision where the seat had more than one legal action, the game's
search bot (from the game's registration) values every legal action from the
seat's **observation only**, never the hidden cards, in the game's points for
the seat's side over the rest of the hand or deal
(:class:`jick.bots.Explanation` values). The search runs as several
independent replicates with seeds fixed by the analysis seed; their spread
gives each value's standard error. The chosen action's loss against the best
is labelled ``inaccuracy``, ``mistake`` or ``blunder`` by the game's bars
(``jick.games.<game>.analysis_scale``) when it is also more than twice its
standard error. Beside it, marked as hindsight, the open-card value of every
action where the game has an open-card bot (``explain_open``: Smear);
elsewhere there is no hindsight.

Per seat: the accuracy, ``100 * 2 ** (-average clear loss / mistake bar)``
where a decision's clear loss is its loss less twice its standard error (at
least 0), so that a shallow search's noise does not read as faults (a seat that
clearly loses a mistake's worth on average scores 50), the count of each
mark, and the costliest decisions.

>>> from jick.registry import new_game
>>> from jick.record import record_of
>>> state = new_game("smear", seed=3)
>>> while state.phase != "play":
...     state.apply(state.legal_actions()[0])
>>> quick = Depth("quick", "normal", 0.25, 2, 30.0)  # "quick" with a looser deadline: counts end each search
>>> report = analyse(record_of(state), seats=[2], depth=quick, seed=1)
>>> report.game, report.depth, {d.seat for d in report.decisions}, report.summaries()[0].accuracy <= 100
('smear', 'quick', {2}, True)
"""

from __future__ import annotations

import dataclasses
import hashlib
import importlib
import math
import statistics
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from jick.bots import ExplainingBot, Explanation
from jick.bots.budget import Budget
from jick.engine import Action, IllegalAction, JickError, NotationError, RecordError, RulesError
from jick.game import PACKAGES, AnyState, get_game
from jick.record import replay, state_for
from jick.record_hooks import hooks_for

__all__ = [
    "DEPTHS",
    "LABELS",
    "Analysis",
    "Decision",
    "Depth",
    "Scale",
    "SeatSummary",
    "analyse",
    "analyse_part",
    "assemble",
    "count_choices",
    "human_seats",
    "scale_of",
]

#: The marks, mildest first.
LABELS = ("inaccuracy", "mistake", "blunder")
#: A mark needs the loss beyond this many standard errors as well as over its bar.
NOISE_SIGMAS = 2.0
#: Costliest decisions listed per seat.
COSTLIEST = 3


@dataclass(frozen=True)
class Depth:
    """How hard the analysis searches one decision.

    The search bot's budget at ``level``, its worlds scaled by ``share`` and
    split over ``replicates`` independent searches (each with its own seed),
    each stopped by ``seconds`` of wall clock. The deadlines are looser than a
    bot's at the table: the counts, not the clock, should end a search, so that
    the values depend on the seed alone (Smear's search also gives a share of its
    deadline to weighing the deals it samples).
    """

    name: str
    level: str
    share: float
    replicates: int
    seconds: float


DEPTHS: dict[str, Depth] = {
    "quick": Depth("quick", "normal", 0.25, 2, 1.0),
    "normal": Depth("normal", "normal", 1.0, 4, 3.0),
    "deep": Depth("deep", "hard", 1.0, 4, 6.0),
}


@dataclass(frozen=True)
class Scale:
    """A game's unit of value and the least loss of each mark (:data:`LABELS`)."""

    unit: str
    thresholds: tuple[float, float, float]

    def label(self, loss: float, error: float) -> str | None:
        """The mark of a loss with standard error ``error``, or None.

        >>> s = Scale("points", (0.5, 1.0, 2.0))
        >>> s.label(1.2, 0.1), s.label(0.2, 0.0), s.label(3.0, 2.0), s.label(2.0, 0.0)
        ('mistake', None, None, 'blunder')
        """
        if loss <= NOISE_SIGMAS * error:
            return None
        mark = None
        for name, bar in zip(LABELS, self.thresholds, strict=True):
            if loss >= bar:
                mark = name
        return mark

    def accuracy(self, average_loss: float) -> float:
        """``100 * 2 ** (-average_loss / mistake bar)``: 100 for no loss, 50 for a mistake's worth on average.

        >>> Scale("points", (0.5, 1.0, 2.0)).accuracy(1.0)
        50.0
        """
        return float(100.0 * 2.0 ** (-max(0.0, average_loss) / self.thresholds[1]))


def scale_of(game: str) -> Scale:
    """The analysis scale a game's package declares (``analysis_scale``: ``UNIT``, ``THRESHOLDS``)."""
    module = importlib.import_module(PACKAGES[get_game(game).name] + ".analysis_scale")
    low, mid, high = module.THRESHOLDS
    return Scale(module.UNIT, (float(low), float(mid), float(high)))


@dataclass(frozen=True)
class Valued:
    """One legal action's value from what the seat knew (mean and standard error) and in hindsight."""

    action: str
    value: float
    error: float
    hindsight: float | None = None


@dataclass(frozen=True)
class Decision:
    """One decision of a seat with a real choice, valued."""

    deal: int
    index: int
    seat: int
    phase: str
    played: str
    best: str
    loss: float
    loss_error: float
    label: str | None
    values: tuple[Valued, ...]
    hindsight_best: str | None
    deadline_hit: bool

    @property
    def clear_loss(self) -> float:
        """The loss beyond its noise: ``loss - 2 * loss_error``, at least 0."""
        return max(0.0, self.loss - NOISE_SIGMAS * self.loss_error)

    @property
    def played_value(self) -> Valued:
        return next(v for v in self.values if v.action == self.played)

    @property
    def best_value(self) -> Valued:
        return next(v for v in self.values if v.action == self.best)


@dataclass
class SeatSummary:
    """A seat's figures over its analysed decisions."""

    seat: int
    decisions: int
    average_loss: float
    #: The average of :attr:`Decision.clear_loss`, which the accuracy is of.
    clear_loss: float
    accuracy: float
    counts: dict[str, int]
    costliest: list[Decision]


@dataclass
class Analysis:
    """The analysis of a record: its decisions and per-seat summaries."""

    game: str
    preset: str | None
    unit: str
    thresholds: tuple[float, float, float]
    depth: str
    seed: int
    seats: tuple[int, ...]
    hindsight: bool
    decisions: list[Decision] = field(default_factory=list)
    #: Decisions with a choice that the search does not value (the heuristic's phases), per seat.
    unvalued: dict[int, int] = field(default_factory=dict)
    seconds: float = 0.0

    def summaries(self) -> list[SeatSummary]:
        """Accuracy, marks and costliest decisions per analysed seat."""
        scale = Scale(self.unit, self.thresholds)
        out = []
        for seat in self.seats:
            mine = [d for d in self.decisions if d.seat == seat]
            average = statistics.fmean(d.loss for d in mine) if mine else 0.0
            clear = statistics.fmean(d.clear_loss for d in mine) if mine else 0.0
            counts = {name: sum(1 for d in mine if d.label == name) for name in LABELS}
            worst = sorted((d for d in mine if d.loss > 0), key=lambda d: -d.loss)[:COSTLIEST]
            out.append(SeatSummary(seat, len(mine), average, clear, scale.accuracy(clear), counts, worst))
        return out


@runtime_checkable
class OpenExplainingBot(Protocol):
    """A bot that values every action with every card seen (Smear's cheater)."""

    def explain_open(self, state: AnyState) -> Explanation | None: ...


def human_seats(record: Mapping[str, Any]) -> tuple[int, ...]:
    """The seats the record's ``meta`` says people sat in (``"human"``), or every seat.

    >>> human_seats({"players": 3, "meta": {"seats": ["bot", "human", "hard"]}}), human_seats({"players": 2})
    ((1,), (0, 1))
    """
    meta = record.get("meta")
    seats = meta.get("seats") if isinstance(meta, dict) else None
    if isinstance(seats, list):
        humans = tuple(i for i, who in enumerate(seats) if who == "human")
        if humans:
            return humans
    players = record.get("players")
    return tuple(range(players if isinstance(players, int) else 0))


def _seed(seed: int, *parts: object) -> int:
    digest = hashlib.blake2b(repr((seed, *parts)).encode(), digest_size=6).digest()
    return int.from_bytes(digest, "big")


def _searchers(game: str, depth: Depth, seed: int) -> list[ExplainingBot]:
    """The depth's replicate search bots: the game's search, budget scaled, each with its own seed."""
    cls = get_game(game).bot_class("search")
    base: Budget = getattr(cls(0, level=depth.level), "budget")  # noqa: B009 (every search bot keeps its budget)
    replicates = depth.replicates
    scaled = dataclasses.replace(
        base,
        worlds=max(2, round(base.worlds * depth.share / replicates)),
        min_worlds=max(1, round(base.min_worlds * depth.share / replicates)),
        steps=None if base.steps is None else max(1, round(base.steps * depth.share / replicates)),
        nodes=None if base.nodes is None else max(1, round(base.nodes * depth.share / replicates)),
        auction_worlds=max(2, round(base.auction_worlds * depth.share / replicates)),
        bids_tried=99,  # every bid valued, not the few a bot would consider
        seconds=depth.seconds,
    )
    bots = []
    for r in range(replicates):
        bot = cls(_seed(seed, "replicate", r), budget=scaled)
        if not isinstance(bot, ExplainingBot):
            raise RulesError(f"the {game} search bot does not value its choices")
        bots.append(bot)
    return bots


def _open_bot(game: str, seed: int) -> OpenExplainingBot | None:
    registration = get_game(game)
    if "cheater" not in registration.bots:
        return None
    bot = registration.bot_class("cheater")(_seed(seed, "hindsight"))
    return bot if isinstance(bot, OpenExplainingBot) else None


def positions(record: Mapping[str, Any]) -> Iterator[tuple[int, int, AnyState, int, Action]]:
    """Each action of a (checked) record with the state before it: ``(deal, index, state, seat, action)``.

    The state is the live one, advanced after each yield: copy it to keep it.
    """
    replay(record, check_result=False)  # every problem as a one-line RecordError, before any search
    state = state_for(record)
    hooks = hooks_for(state.game_name)
    for d, deal in enumerate(record["deals"]):
        for i, (seat, text) in enumerate(deal["actions"]):
            try:
                action = state.parse_action(text)
            except NotationError as exc:  # replay accepted it, so this cannot happen; kept one line anyway
                raise RecordError(f"deal {d + 1}, action {i + 1}: {exc}") from None
            yield d, i, state, seat, action
            try:
                state.apply(action)
            except IllegalAction as exc:
                raise RecordError(f"deal {d + 1}, action {i + 1}: illegal: {exc.reason}") from None
        if deal.get("void") is not None:
            hooks.void_deal(state, deal["void"])


def _combine(
    explanations: Sequence[Explanation], played: Action
) -> tuple[dict[Action, float], dict[Action, float], float, Action] | None:
    """Mean and standard error per action over the replicates, the loss's error and the best action.

    None when a replicate did not search (a heuristic's phase, a fallback) or
    did not value the action played.
    """
    per: list[dict[Action, float]] = []
    for why in explanations:
        values = dict(why.values)
        if len(values) < 2 or played not in values or why.details.get("worlds", 1) == 0:
            return None
        per.append(values)
    common = [a for a in per[0] if all(a in v for v in per)]
    if played not in common:
        return None
    means = {a: statistics.fmean(v[a] for v in per) for a in common}
    n = len(per)
    errors = {a: (statistics.stdev(v[a] for v in per) / math.sqrt(n) if n > 1 else 0.0) for a in common}
    best = max(common, key=lambda a: (means[a], a == played, -a.id))
    gaps = [v[best] - v[played] for v in per]  # paired: the actions share each replicate's worlds
    loss_error = statistics.stdev(gaps) / math.sqrt(n) if n > 1 else 0.0
    return means, errors, loss_error, best


def analyse(
    record: Mapping[str, Any],
    *,
    seats: Sequence[int] | None = None,
    depth: str | Depth = "normal",
    seed: int = 0,
    hindsight: bool = True,
    progress: Callable[[int, int], None] | None = None,
) -> Analysis:
    """Value every decision with a choice of ``seats`` (default: :func:`human_seats`) in ``record``.

    ``depth`` names one of :data:`DEPTHS` or is a :class:`Depth` of its own.
    Raises :class:`~jick.engine.RecordError` for a record that does not
    replay and :class:`~jick.engine.RulesError` for a bad seat or depth.
    ``progress(done, total)`` is called as decisions are valued.
    """
    if isinstance(depth, str):
        if depth not in DEPTHS:
            raise RulesError(f"unknown depth {depth!r}; depths are: {', '.join(DEPTHS)}")
        depth = DEPTHS[depth]
    started = time.perf_counter()
    replay(record, check_result=False)  # every problem as a one-line RecordError, before any search
    game = str(record["game"])
    players = int(record["players"])
    chosen = tuple(human_seats(record) if seats is None else seats)
    for seat in chosen:
        if not 0 <= seat < players:
            raise RulesError(f"--seat {seat}: the record has seats 0 to {players - 1}")
    scale = scale_of(game)
    opener = _open_bot(game, seed) if hindsight else None
    report = Analysis(
        game, record.get("preset"), scale.unit, scale.thresholds, depth.name, seed, chosen, opener is not None,
        unvalued=dict.fromkeys(chosen, 0),
    )  # fmt: skip
    todo = list(_choices(record, chosen))
    for done, (d, i, state, seat, action) in enumerate(todo):
        # fresh bots for each decision: its values never depend on which decisions were valued before it
        searchers = _searchers(game, depth, seed)
        decision = _value(state, d, i, seat, action, searchers, opener, scale)
        if decision is None:
            report.unvalued[seat] += 1
        else:
            report.decisions.append(decision)
        if progress is not None:
            progress(done + 1, len(todo))
    report.seconds = time.perf_counter() - started
    return report


def _choices(record: Mapping[str, Any], seats: Sequence[int]) -> Iterator[tuple[int, int, AnyState, int, Action]]:
    """The positions where one of ``seats`` had more than one legal action (states copied)."""
    for d, i, state, seat, action in positions(record):
        if seat in seats and len(state.legal_action_ids()) > 1:
            yield d, i, state.clone(), seat, action


def _value(
    state: AnyState,
    deal: int,
    index: int,
    seat: int,
    played: Action,
    searchers: Sequence[ExplainingBot],
    opener: OpenExplainingBot | None,
    scale: Scale,
) -> Decision | None:
    obs = state.observation(seat)  # the seat's knowledge and nothing else
    explanations = [bot.explain(obs) for bot in searchers]
    combined = _combine(explanations, played)
    if combined is None:
        return None
    means, errors, loss_error, best = combined
    open_values: dict[Action, float] = {}
    if opener is not None:
        try:
            why = opener.explain_open(state.clone())
        except JickError:
            why = None
        if why is not None:
            open_values = dict(why.values)
    order = sorted(means, key=lambda a: (-means[a], a.id))
    values = tuple(Valued(str(a), round(means[a], 4), round(errors[a], 4), _round(open_values.get(a))) for a in order)
    loss = means[best] - means[played]
    hindsight_best = max(open_values, key=lambda a: (open_values[a], -a.id)) if open_values else None
    return Decision(
        deal + 1, index + 1, seat, state.phase, str(played), str(best), round(loss, 4), round(loss_error, 4),
        scale.label(loss, loss_error) if best != played else None, values,
        None if hindsight_best is None else str(hindsight_best),
        any(bool(why.details.get("deadline_hit")) for why in explanations),
    )  # fmt: skip


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 4)


def count_choices(record: Mapping[str, Any], seats: Sequence[int]) -> int:
    """How many decisions :func:`analyse` would look at for ``seats`` (checks the record and the seats first)."""
    replay(record, check_result=False)
    players = int(record["players"])
    for seat in seats:
        if not 0 <= seat < players:
            raise RulesError(f"seat {seat}: the record has seats 0 to {players - 1}")
    return sum(1 for _ in _choices(record, seats))


def analyse_part(
    record: Mapping[str, Any], seats: Sequence[int], depth: str, seed: int, start: int, stop: int
) -> tuple[list[Decision], dict[int, int]]:
    """The decisions ``start`` to ``stop`` (0-based, of :func:`count_choices`'s) valued as :func:`analyse` values
    them, so that an analysis may be run a few decisions at a time (the server does, in its bot pool)."""
    chosen = DEPTHS[depth]
    game = str(record["game"])
    scale = scale_of(game)
    opener = _open_bot(game, seed)
    decisions: list[Decision] = []
    unvalued = dict.fromkeys(seats, 0)
    for n, (d, i, state, seat, action) in enumerate(_choices(record, seats)):
        if n >= stop:
            break
        if n < start:
            continue
        decision = _value(state, d, i, seat, action, _searchers(game, chosen, seed), opener, scale)
        if decision is None:
            unvalued[seat] += 1
        else:
            decisions.append(decision)
    return decisions, unvalued


def assemble(
    record: Mapping[str, Any], seats: Sequence[int], depth: str, seed: int,
    parts: Sequence[tuple[list[Decision], dict[int, int]]], seconds: float,
) -> Analysis:  # fmt: skip
    """The :class:`Analysis` of parts made by :func:`analyse_part`, in order."""
    game = str(record["game"])
    scale = scale_of(game)
    report = Analysis(
        game, record.get("preset"), scale.unit, scale.thresholds, depth, seed, tuple(seats),
        _open_bot(game, seed) is not None, unvalued=dict.fromkeys(seats, 0), seconds=seconds,
    )  # fmt: skip
    for decisions, unvalued in parts:
        report.decisions.extend(decisions)
        for seat, n in unvalued.items():
            report.unvalued[seat] = report.unvalued.get(seat, 0) + n
    return report
