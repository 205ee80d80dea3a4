"""``run_compare``: play every rule set on the same duplicate deals and matches, and summarise.

Duplicate deal ``i`` is the first scored deal of a match seeded from the run's
seed and ``i``, first dealer ``i mod players``; every seat's bot is seeded from
the same numbers. Every rule set plays it with these seeds, so the cards and
the bots' random choices are shared (common random numbers) and a figure's
difference is taken deal by deal (a paired interval). Full matches (for their
length) are paired the same way.

>>> v = parse_variant("no trey: point_values.trey=0 min_bid=3", "B")
>>> v.name, v.overrides
('no trey', {'point_values': {'trey': 0}, 'min_bid': 3})
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from jick.arena.hooks import arena_hooks
from jick.arena.seeds import derive_seed
from jick.arena.worker import deal_seed, match_seed
from jick.compare.figures import Fig, deal_figures, match_figures
from jick.compare.summary import Comparison, summarise
from jick.engine import RulesError

#: The bots a comparison can seat (every seat gets the same kind).
BOT_KINDS = ("heuristic", "search", "random", "easy", "normal", "hard")


@dataclass(frozen=True)
class Variant:
    """One rule set: a name, a preset and its option changes."""

    name: str
    preset: str
    players: int | None = None
    overrides: Mapping[str, Any] = field(default_factory=dict)

    def rules(self) -> Any:
        from jick.registry import load_rules

        return load_rules(self.preset, self.players, dict(self.overrides))

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "preset": self.preset, "players": self.players, "overrides": dict(self.overrides)}


def parse_variant(text: str, default_name: str) -> Variant:
    """``"[NAME:] option=value option=value"`` -> a variant of the baseline's changes (preset left empty)."""
    from jick.options import parse_sets

    name, sep, rest = text.partition(":")
    if not sep or "=" in name:
        name, rest = default_name, text
    items = rest.split()
    if not items:
        raise RulesError(f"--vs {text!r} changes nothing: give option=value pairs, e.g. --vs point_values.trey=0")
    return Variant(name.strip() or default_name, "", None, parse_sets(items))


@dataclass(frozen=True)
class UnitTask:
    """Duplicate deal (``kind == "deal"``) or match ``index`` played under every rule set."""

    game: str
    variants: tuple[Variant, ...]
    bot: str
    seed: int
    index: int
    kind: str = "deal"
    think: float | None = None


def _play(task: UnitTask, variant: Variant) -> list[Fig]:
    from jick.bots import bot_action, make_bot
    from jick.game import get_game

    hooks = arena_hooks(task.game)
    rules = variant.rules()
    if task.kind == "match":
        from jick.registry import load_rules

        extra = hooks.match_overrides(rules)
        if extra:
            rules = load_rules(variant.preset, variant.players, {**variant.overrides, **extra})
    n = rules.num_players
    seed = (deal_seed if task.kind == "deal" else match_seed)(task.seed, task.index)
    dealer = task.index % n
    state = get_game(task.game).new_match(rules, seed=seed, first_dealer=dealer)
    bots = [
        make_bot(task.bot, derive_seed(task.seed, task.kind, task.index, seat), game=task.game, think=task.think)
        for seat in range(n)
    ]
    if task.kind == "deal":
        while hooks.deals_scored(state) == 0:
            seat = state.current_player
            state.apply(bot_action(bots[seat], state, seat))
        return deal_figures(state, task.game, dealer)
    while not state.is_terminal:
        seat = state.current_player
        state.apply(bot_action(bots[seat], state, seat))
    return match_figures(state, task.game)


def play_unit(task: UnitTask) -> list[list[Fig]]:
    """The figures of one duplicate deal or match under every rule set (the function a pool runs)."""
    return [_play(task, v) for v in task.variants]


def play_units(tasks: Sequence[UnitTask]) -> list[list[list[Fig]]]:
    """:func:`play_unit` of each task in turn (a batch for a worker pool)."""
    return [play_unit(t) for t in tasks]


def resolve_variants(
    base: Variant, changes: Sequence[Variant], files: Sequence[str] = ()
) -> tuple[str, tuple[Variant, ...]]:
    """The game and the full rule sets: the baseline, each ``--vs`` on top of it, each house-rules file.

    Every rule set is checked (an unknown option or value is a RulesError) and
    all must be the same game with the same number of players.
    """
    from jick.options import load_rules_file, merge_overrides
    from jick.registry import resolve

    game, preset = resolve(base.preset or "smear_ten_point")
    first = Variant(base.name, preset, base.players, dict(base.overrides))
    out = [first]
    for v in changes:
        out.append(Variant(v.name, preset, base.players, merge_overrides(base.overrides, v.overrides)))
    for path in files:
        house = load_rules_file(path)
        other_game, other = resolve(house.preset or preset)
        stem = str(path).rsplit("/", 1)[-1].removesuffix(".toml")
        out.append(Variant(stem, other, house.players or base.players, dict(house.overrides)))
    players = None
    for v in out:
        g, _ = resolve(v.preset)
        if g != game:
            raise RulesError(f"rule set {v.name!r} is {g}, not {game}: compare rule sets of one game")
        try:
            rules = v.rules()
        except TypeError as exc:  # a dataclass refusing an argument
            raise RulesError(f"rule set {v.name!r}: {exc}") from None
        except RulesError as exc:
            raise RulesError(f"rule set {v.name!r}: {exc}") from None
        if players is None:
            players = rules.num_players
        elif rules.num_players != players:
            raise RulesError(f"rule set {v.name!r} has {rules.num_players} players, not {players}")
    names = [v.name for v in out]
    for i, v in enumerate(out):
        if names.index(v.name) != i:
            out[i] = Variant(f"{v.name} ({i + 1})", v.preset, v.players, v.overrides)
    fixed = [Variant(v.name, v.preset, players, v.overrides) for v in out]
    return game, tuple(fixed)


def plan_compare(
    variants: Sequence[Variant],
    game: str,
    hands: int,
    seed: int,
    matches: int = 0,
    bot: str = "heuristic",
    workers: int = 1,
    think: float | None = None,
) -> tuple[list[UnitTask], dict[str, Any]]:
    """The units of a comparison (checked: a bad parameter is a RulesError) and the report's parameters."""
    from jick.bots import canonical_bot_name, check_think, make_bot

    check_think(think, "think")
    if hands < 2:
        raise RulesError(f"hands must be at least 2 (got {hands})")
    if matches < 0 or matches == 1:
        raise RulesError(f"matches must be 0 or at least 2 (got {matches})")
    if workers < 1:
        raise RulesError(f"workers must be at least 1 (got {workers})")
    if len(variants) < 2:
        raise RulesError("compare at least two rule sets: add --vs option=value or --rules FILE")
    bot = canonical_bot_name(bot)
    if bot not in BOT_KINDS:
        raise RulesError(f"--bots must be one of {', '.join(BOT_KINDS)} (got {bot!r})")
    make_bot(bot, 0, game=game, think=think)
    variants = tuple(variants)
    tasks = [UnitTask(game, variants, bot, seed, i, "deal", think) for i in range(hands)]
    tasks += [UnitTask(game, variants, bot, seed, i, "match", think) for i in range(matches)]
    parameters = {
        "game": game,
        "hands": hands,
        "matches": matches,
        "seed": seed,
        "bots": bot,
        "workers": workers,
        "think": think,
    }
    return tasks, parameters


def finish_compare(
    tasks: Sequence[UnitTask], results: Sequence[list[list[Fig]]], parameters: Mapping[str, Any]
) -> Comparison:
    """The :class:`Comparison` of the units ``tasks`` (of :func:`plan_compare`) and their ``results``."""
    deals = [r for t, r in zip(tasks, results, strict=True) if t.kind == "deal"]
    whole = [r for t, r in zip(tasks, results, strict=True) if t.kind == "match"]
    return summarise(tasks[0].variants, deals + whole, dict(parameters))


def run_compare(
    variants: Sequence[Variant],
    game: str,
    hands: int,
    seed: int,
    matches: int = 0,
    bot: str = "heuristic",
    workers: int = 1,
    progress: bool = False,
    think: float | None = None,
    ray_address: str | None = None,
) -> Comparison:
    """Play ``hands`` duplicate deals and ``matches`` duplicate matches under every rule set; a :class:`Comparison`.

    The result depends only on the parameters other than ``workers``,
    ``progress`` and ``ray_address``.
    """
    from jick.arena.runner import run_all

    tasks, parameters = plan_compare(variants, game, hands, seed, matches, bot, workers, think)
    title = f"compare-rules {variants[0].preset}: {len(variants)} rule sets" if progress else None
    results = run_all(play_unit, tasks, workers, title, None, ray_address)
    return finish_compare(tasks, results, parameters)
