"""Learn from your mistakes: a seat's marked decisions as positions to solve again.

Each :class:`Puzzle` is a decision the analysis marked (a mistake or a
blunder by default), with the state just before it. The person is shown the
seat's view of the position (its observation, never the hidden cards), picks
an action, and :func:`judge` says how it compares with the best one by the
analysis's values: the best itself, as good as the best (a gap the analysis
would not mark: below an inaccuracy, or within twice its standard error), or
worse by so much.

``jick analyse RECORD --practice`` runs it at the terminal (:func:`run`); the
page's Practice mode applies the same rule to the analysis JSON.

>>> from jick.analysis import Decision, Valued
>>> d = Decision(1, 9, 0, "play", "2S", "AS", 2.5, 0.5, "blunder",
...              (Valued("AS", 0.1, 0.2), Valued("KH", -0.1, 0.2), Valued("2S", -2.4, 0.3)), None, False)
>>> bar = 0.5  # Smear's inaccuracy, in points
>>> judge(d, "AS", bar).verdict, judge(d, "KH", bar).verdict, judge(d, "2S", bar).verdict, judge(d, "2S", bar).gap
('best', 'as good', 'worse', 2.5)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rich.console import Console
from rich.markup import escape

from jick.analysis import NOISE_SIGMAS, Analysis, Decision, positions
from jick.engine import Action, IllegalAction, NotationError
from jick.game import AnyState
from jick.play import view_class

__all__ = ["PRACTISED", "Judgement", "Puzzle", "judge", "puzzles", "run"]

#: The marks practised by default: the decisions that cost most.
PRACTISED = ("mistake", "blunder")


@dataclass(frozen=True)
class Puzzle:
    """A marked decision and the state just before it (the seat's to act)."""

    decision: Decision
    state: AnyState


@dataclass(frozen=True)
class Judgement:
    """How an answer compares with the best action: ``verdict`` is ``best``, ``as good``, ``worse`` or ``unvalued``."""

    action: str
    verdict: str
    value: float | None
    best: str
    best_value: float
    #: The best value less the answer's (0 for the best).
    gap: float
    #: The gap's standard error (the two values' errors combined).
    error: float


def judge(decision: Decision, action: str, inaccuracy: float) -> Judgement:
    """Compare the answer ``action`` (notation) with the decision's best action by the analysis's values.

    As good as the best when the analysis would not mark the gap: below the
    ``inaccuracy`` bar, or within twice its standard error (for the action
    played in the game, the decision's paired ``loss_error``; for another, the
    two values' errors combined, which is larger).
    """
    best = decision.best_value
    mine = next((v for v in decision.values if v.action == action), None)
    if mine is None:
        return Judgement(action, "unvalued", None, best.action, best.value, math.nan, math.nan)
    gap = max(0.0, best.value - mine.value)
    error = decision.loss_error if action == decision.played else math.hypot(best.error, mine.error)
    if action == best.action:
        verdict = "best"
    elif gap < inaccuracy or gap <= NOISE_SIGMAS * error:
        verdict = "as good"
    else:
        verdict = "worse"
    return Judgement(action, verdict, mine.value, best.action, best.value, gap, error)


def puzzles(record: Mapping[str, Any], analysis: Analysis, labels: Sequence[str] = PRACTISED) -> list[Puzzle]:
    """The decisions of ``analysis`` marked with one of ``labels``, each with its position from ``record``."""
    wanted = {(d.deal, d.index): d for d in analysis.decisions if d.label in labels}
    out = []
    for deal, index, state, _seat, _action in positions(record):
        decision = wanted.get((deal + 1, index + 1))
        if decision is not None:
            out.append(Puzzle(decision, state.clone()))
    return out


class _Seat:
    """What a game's terminal view needs (:class:`jick.terminal.Table`): one seat's words, on a console."""

    def __init__(self, state: AnyState, seat: int, console: Console) -> None:
        self._state = state
        self.console = console
        self.viewer: int | None = seat
        self.public_seat = seat

    @property
    def state(self) -> AnyState:
        return self._state

    def say(self, text: str) -> None:
        self.console.print(text)

    def who(self, seat: int) -> str:
        return "you" if seat == self.viewer else f"seat {seat}"

    def verb(self, seat: int, third: str, second: str) -> str:
        return f"{self.who(seat)} {second if seat == self.viewer else third}"


def _values_text(decision: Decision, unit: str) -> str:
    parts = []
    for v in decision.values:
        tags = [t for t, yes in (("best", v.action == decision.best), ("played", v.action == decision.played)) if yes]
        parts.append(f"{v.action} {v.value:+.2f} ± {v.error:.2f}" + (f" ({', '.join(tags)})" if tags else ""))
    return f"Values ({unit}): " + "; ".join(parts)


def run(
    record: Mapping[str, Any],
    analysis: Analysis,
    console: Console,
    read: Callable[[str], str],
    labels: Sequence[str] = PRACTISED,
) -> tuple[int, int]:
    """Ask each puzzle of ``analysis`` in turn; ``read(prompt)`` gives a line (EOFError ends).

    A line that names no legal action is refused in one line and asked again;
    ``skip`` goes to the next position, ``quit`` stops. Returns (positions
    answered, answered as well as the best).
    """
    unit = analysis.unit
    todo = puzzles(record, analysis, labels)
    if not todo:
        console.print(f"No {' or '.join(labels)} to practise: nothing to solve again.", highlight=False)
        return 0, 0
    many = "1 position" if len(todo) == 1 else f"{len(todo)} positions"
    console.print(f"{many} to solve again: find a better play. Type an action, skip or quit.")
    answered = good = 0
    for n, puzzle in enumerate(todo, 1):
        d = puzzle.decision
        state = puzzle.state
        view = view_class(state.game_name)(_Seat(state, d.seat, console))
        obs = state.observation(d.seat)
        console.rule(f"Position {n} of {len(todo)}: deal {d.deal}, action {d.index}, seat {d.seat} ({d.phase})")
        view.show_table(obs)
        console.print("Legal now: " + view.choices_text(obs))
        while True:
            try:
                line = read("Your choice: ").strip()
            except EOFError:
                console.print(f"Input ended: {answered} of {len(todo)} positions answered, {good} as well as the best.")
                return answered, good
            if line.lower() in ("quit", "q"):
                console.print(f"Stopped: {answered} of {len(todo)} positions answered, {good} as well as the best.")
                return answered, good
            if line.lower() in ("skip", "s") and not _names_action(state, line):
                break
            try:
                actions = view.read_actions(obs, line)
                if not actions:
                    continue
                action: Action = actions[0]
                state.clone().apply(action)  # the engine's reason for an illegal one
            except NotationError as exc:
                console.print(f"Not an action: {escape(str(exc))}", highlight=False)
                continue
            except IllegalAction as exc:
                console.print(f"Not legal now: {escape(view.refusal(obs, action, exc.reason))}", highlight=False)
                continue
            verdict = judge(d, str(action), analysis.thresholds[0])
            answered += 1
            good += verdict.verdict in ("best", "as good")
            console.print(_verdict_text(verdict, d, unit), highlight=False)
            console.print(escape(_values_text(d, unit)), highlight=False)
            break
    console.print(f"Done: {answered} of {len(todo)} positions answered, {good} as well as the best.")
    return answered, good


def _names_action(state: AnyState, text: str) -> bool:
    try:
        state.parse_action(text)
    except NotationError:
        return False
    return True


def _verdict_text(j: Judgement, d: Decision, unit: str) -> str:
    played = f" (in the game: {d.played} {d.played_value.value:+.2f})"
    if j.verdict == "best":
        return f"Best: {j.action} {j.best_value:+.2f} {unit} is the best play{played}."
    if j.verdict == "as good":
        return (
            f"As good as the best: {j.action} {j.value:+.2f} against {j.best} {j.best_value:+.2f}, "
            f"a gap within the noise or below an inaccuracy{played}."
        )
    if j.verdict == "worse":
        return (
            f"Worse: {j.action} {j.value:+.2f} loses {j.gap:.2f} {unit} against {j.best} {j.best_value:+.2f}{played}."
        )
    return f"{j.action} was not valued by the analysis; the best is {j.best} {j.best_value:+.2f}{played}."
