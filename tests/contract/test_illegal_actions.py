"""``apply`` and ``apply_id`` refuse what is not legal now, with ``IllegalAction`` and no change to the state.

Refused along random play of every configuration: ids that are not legal now, ids
outside the action space, and the actions of the other games, above all those
whose id is legal here (a state that checks only the id would take them).
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Callable

import pytest

from jick.engine import Action, IllegalAction
from jick.game import AnyState, Game, get_game

from .support import Config, core_snapshot, foreign_actions, full_snapshot, sample, walk, walk_into_second_deal

_FOREIGN: dict[str, dict[int, list[Action]]] = {}


def foreign_by_id(game: Game) -> dict[int, list[Action]]:
    """The other games' actions, by id."""
    if game.name not in _FOREIGN:
        table: dict[int, list[Action]] = defaultdict(list)
        for action in foreign_actions(game):
            table[action.id].append(action)
        _FOREIGN[game.name] = dict(table)
    return _FOREIGN[game.name]


def assert_refused(state: AnyState, attempt: Callable[[], None], before: tuple[object, ...], what: str) -> None:
    with pytest.raises(IllegalAction) as info:
        attempt()
    assert core_snapshot(state) == before, f"refusing {what} changed the state"
    assert list(info.value.legal) == list(state.legal_actions())


def check_refusals(state: AnyState, rng: random.Random, game: Game, full: bool) -> None:
    """Illegal ids (by apply and apply_id), out-of-range ids and other games' actions leave the state as it was.

    With ``full`` the observations of every seat and the record are compared too.
    """
    whole = full_snapshot(state) if full else None
    before = core_snapshot(state)
    n = state.num_distinct_actions
    legal = set(state.legal_action_ids())
    illegal = sample(rng, [i for i in range(n) if i not in legal], 2)
    if illegal:
        action = state.action_from_id(illegal[0])
        assert_refused(state, lambda: state.apply(action), before, repr(action))
        assert_refused(state, lambda: state.apply_id(illegal[-1]), before, f"id {illegal[-1]}")
    bad = rng.choice((-1, n, n + 1000))
    assert_refused(state, lambda: state.apply_id(bad), before, f"id {bad} (out of range)")
    table = foreign_by_id(game)
    same_id = [a for i in legal for a in table.get(i, ())]  # the ones an id-only check lets through
    others = [a for actions in table.values() for a in actions]
    for foreign in sample(rng, same_id, 2) + sample(rng, others, 1):
        assert_refused(state, lambda: state.apply(foreign), before, f"{type(foreign).__module__} {foreign!r}")  # noqa: B023
    if whole is not None:
        assert full_snapshot(state) == whole


def test_illegal_and_foreign_actions_change_nothing(config: Config, seed: int) -> None:
    state = config.new(seed)
    rng = random.Random(seed)
    check_refusals(state, rng, config.game, full=True)
    for step, _ in enumerate(walk_into_second_deal(state, random.Random(seed)), 1):
        if state.is_terminal:
            break
        check_refusals(state, rng, config.game, full=step % 8 == 0)


def test_smear_refuses_a_tarok_play_whose_id_is_legal() -> None:
    """Regression: ``SmearState.apply`` checked only the id, so Tarok's ``Play('JD')`` (id 42) went into the
    record as Smear's ``Play('5C')`` whenever 5C was legal."""
    smear, tarok = get_game("smear"), get_game("tarok")
    jd = tarok.action_from_text("JD")
    assert jd.id == smear.action_from_text("5C").id
    for seed in range(50):  # the first deal whose play offers 5C
        state = smear.new_match("smear_ten_point", seed=seed)
        rng = random.Random(seed)
        for _ in walk(state, rng, 200):
            if state.phase == "play" and jd.id in state.legal_action_ids():
                break
        if state.phase == "play" and jd.id in state.legal_action_ids():
            break
    else:
        raise AssertionError("no seed offers 5C in Smear's play")
    before = full_snapshot(state)
    actions = len(state.deals[-1].actions)
    assert not state.is_legal(jd) and state.is_legal(smear.action_from_text("5C"))  # type: ignore[attr-defined]
    with pytest.raises(IllegalAction, match="not a Smear action"):
        state.apply(jd)
    assert full_snapshot(state) == before and len(state.deals[-1].actions) == actions
    state.apply(smear.action_from_text("5C"))  # Smear's own 5C is taken
    assert str(state.action_from_id(state.deals[-1].actions[-1][1])) == "5C"


@pytest.mark.parametrize(
    ("game_name", "preset", "foreign_game", "foreign_text"),
    [
        ("tarok", "tarok_3p", "smear", "pass"),  # a Smear word in the Tarok auction
        ("tarok", "tarok_3p", "liftsmoke", "KH"),  # a Lift Smoke card in Tarok's play
        ("liftsmoke", "lift_smoke", "smear", "AS"),  # a Smear card in Lift Smoke, with the same id
        ("liftsmoke", "lift_smoke", "tarok", "KH"),
        ("smear", "smear_ten_point", "liftsmoke", "AS"),  # the same id as Smear's AS
    ],
)
def test_each_game_refuses_the_same_words_of_another_game(
    game_name: str, preset: str, foreign_game: str, foreign_text: str
) -> None:
    """Actions of another game that read the same as a legal action here are still refused."""
    game, other = get_game(game_name), get_game(foreign_game)
    foreign = other.action_from_text(foreign_text)
    for seed in range(200):
        state = game.new_match(preset, seed=seed)
        for _ in walk(state, random.Random(seed), 300):
            if any(str(a) == foreign_text for a in state.legal_actions()):
                break
        if any(str(a) == foreign_text for a in state.legal_actions()):
            break
    else:
        raise AssertionError(f"{foreign_text} is never legal in {preset}")
    before = full_snapshot(state)
    with pytest.raises(IllegalAction):
        state.apply(foreign)
    assert full_snapshot(state) == before
    state.apply(state.parse_action(foreign_text))
