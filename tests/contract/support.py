"""What the contract tests share: the configurations, random walks, snapshots and a card finder.

Every registered game (:func:`jick.game.registered_games`), each of its presets
and every player count the preset allows is one :class:`Config`; a game that
registers gets the whole suite. Random play is seeded: the seed fixes the
shuffles and the choice among the legal actions, so a failure names its seed.

Two small tables say what the rules of a game make public and how to keep a
match short; a new game starts from the strictest defaults (nothing public, its
presets as they are) and relaxes them here, with the rule that allows it.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from jick.engine import Action
from jick.game import AnyState, CardLike, Game, registered_games
from jick.record import record_of


@dataclass(frozen=True)
class Config:
    """One game, preset and player count."""

    game: Game
    preset: str
    players: int

    @property
    def id(self) -> str:
        return f"{self.preset}-{self.players}p"

    def new(self, seed: int, overrides: Mapping[str, Any] | None = None) -> AnyState:
        """A new seeded match of this configuration."""
        return self.game.new_match(self.preset, players=self.players, seed=seed, overrides=overrides)


GAMES: list[Game] = registered_games()
CONFIGS: list[Config] = [
    Config(game, preset, players)
    for game in GAMES
    for preset in game.preset_names()
    for players in game.preset_info(preset).players
]
#: Seeds of the random walks: each one fixes the shuffles and the choices.
SEEDS = (0, 1)


@dataclass(frozen=True)
class Public:
    """What the rules of one game make public about the cards in hands.

    ``past_fields``: observation fields about finished deals (their cards come from an
    earlier deck order, so they say nothing of the hands of the deal in progress).
    ``face_up``: the cards of the deal in progress that lie face up in a hand.
    ``announced``: cards whose holder the rules name without any action (melds), so
    swapping them between two hands may change what everyone sees.
    """

    past_fields: frozenset[str] = frozenset()
    face_up: Callable[[Any], Iterable[CardLike]] = lambda obs: ()
    announced: frozenset[str] = frozenset()


PUBLIC: dict[str, Public] = {
    # SPEC 1: the last hand's awards name cards of the previous deal.
    "smear": Public(past_fields=frozenset({"last_hand"})),
    # SPEC 4.6: a rejected widow half lies face up, and may go back into the bidder's hand;
    # 4.9: the trull (I, XXI, SKUS) and four kings are declared; 4.10: only a holder of I is asked about ultimo.
    "tarok": Public(
        past_fields=frozenset({"last_deal"}),
        face_up=lambda obs: obs.widow_exposed,
        announced=frozenset({"I", "XXI", "SKUS", "KS", "KH", "KD", "KC"}),
    ),
    # SPEC 5.2: the dealer's last card is turned for trump and stays face up until he plays it.
    "liftsmoke": Public(
        past_fields=frozenset({"last_game", "game_results"}),
        face_up=lambda obs: (obs.trump_card,) if obs.trump_card_holder is not None else (),
    ),
}

#: Overrides under which random play ends a match within a few deals (Smear's random
#: bidding rarely reaches a target; a Lift Smoke session has no length of its own).
SHORT_MATCH: dict[str, dict[str, Any]] = {
    "smear": {"bust_out_score": -21},
    "tarok": {"deals_per_match": 2},
    "liftsmoke": {"games_per_session": 2},
}
#: Random play of a short match ends within this many actions.
MAX_MATCH_ACTIONS = 5_000


def public_of(game: Game) -> Public:
    return PUBLIC.get(game.name, Public())


# --------------------------------------------------------------------------- random play
def walk(state: AnyState, rng: random.Random, limit: int) -> Iterator[Action]:
    """Apply up to ``limit`` random legal actions (fewer if the match ends), yielding each after it is applied."""
    for _ in range(limit):
        legal = state.legal_actions()
        if not legal:
            return
        action = legal[rng.randrange(len(legal))]
        state.apply(action)
        yield action


def walk_into_second_deal(state: AnyState, rng: random.Random, extra: int = 8, limit: int = 600) -> Iterator[Action]:
    """Random play through the first deal and ``extra`` actions into the next one (or to the end of the match).

    Asserts that the walk got there: a deal that never ends is a failure, not a short walk.
    """
    for action in walk(state, rng, limit):
        yield action
        if len(state.deals) >= 2 and len(state.deals[-1].actions) >= extra:
            return
    assert state.is_terminal or len(state.deals) >= 2, f"no second deal after {limit} random actions: {state!r}"


def somewhere_in_a_match(config: Config, seed: int, most: int) -> AnyState:
    """A seeded match after a random number (below ``most``) of random actions, never a finished one."""
    state = config.new(seed)
    rng = random.Random(seed)
    for _ in walk(state, rng, rng.randrange(most)):
        pass
    while state.is_terminal:  # a match that ended at once (a moon): take the last action back
        state.undo()
    return state


def play_to_the_end(state: AnyState, rng: random.Random) -> int:
    """Random play until the match is over; the number of actions."""
    steps = sum(1 for _ in walk(state, rng, MAX_MATCH_ACTIONS))
    assert state.is_terminal, f"match not over after {MAX_MATCH_ACTIONS} random actions: {state!r}"
    return steps


# --------------------------------------------------------------------------- snapshots
def core_snapshot(state: AnyState) -> tuple[object, ...]:
    """A cheap picture of the state: its private snapshot where it has one, and what the protocol shows."""
    private = state._snapshot() if hasattr(state, "_snapshot") else None
    return (
        private,
        state.current_player,
        state.phase,
        state.is_terminal,
        state.scores,
        tuple(state.legal_action_ids()),
        tuple((d.deck, d.dealer, tuple(d.actions), d.outcome) for d in state.deals),
    )


def full_snapshot(state: AnyState) -> tuple[object, ...]:
    """Everything a state shows: the core picture, every seat's observation and the record."""
    observations = tuple(state.observation(seat) for seat in range(state.num_players))
    return (*core_snapshot(state), observations, json.dumps(record_of(state), sort_keys=True))


# --------------------------------------------------------------------------- cards in observations
def cards_in(value: object) -> set[int]:
    """The index of every card reachable from an observation value (dataclasses, actions, containers)."""
    found: set[int] = set()
    _collect(value, found)
    return found


_ATOMS = (bool, int, float, str, bytes, enum.Enum, type(None))
#: Per type: is it a card (``CardLike`` with an int index)? Protocol checks are slow, so each type is checked once.
_IS_CARD: dict[type, bool] = {}


def _collect(value: object, found: set[int]) -> None:
    if isinstance(value, _ATOMS):
        return
    if isinstance(value, (tuple, list, set, frozenset)):
        for item in value:
            _collect(item, found)
        return
    kind = type(value)
    if kind not in _IS_CARD:
        _IS_CARD[kind] = isinstance(value, CardLike) and isinstance(getattr(value, "index", None), int)
    if _IS_CARD[kind]:
        found.add(value.index)  # type: ignore[attr-defined]
    elif isinstance(value, Mapping):
        for key, item in value.items():
            _collect(key, found)
            _collect(item, found)
    elif isinstance(value, Action):
        for cls in kind.__mro__:
            for slot in getattr(cls, "__slots__", ()):
                if slot != "id" and hasattr(value, slot):
                    _collect(getattr(value, slot), found)
    elif dataclasses.is_dataclass(value):
        for f in dataclasses.fields(value):
            _collect(getattr(value, f.name), found)
    else:  # a new kind of value: teach this finder about it rather than skip it
        raise TypeError(f"cannot look for cards inside {kind.__name__}")


def visible_cards(obs: Any, public: Public) -> set[int]:
    """The cards an observation shows, leaving out the rules and the fields about finished deals."""
    assert dataclasses.is_dataclass(obs), f"{type(obs).__name__} is not a dataclass: teach cards_in to read it"
    seen: set[int] = set()
    for f in dataclasses.fields(obs):
        if f.name != "rules" and f.name not in public.past_fields:
            _collect(getattr(obs, f.name), seen)
    return seen


def hand_of(obs: Any) -> set[int]:
    return {card.index for card in obs.hand}


def foreign_actions(game: Game) -> list[Action]:
    """Every action of every other registered game."""
    return [other.action_from_id(i) for other in GAMES if other.name != game.name for i in range(other.num_actions)]


def sample(rng: random.Random, items: Sequence[Any], k: int) -> list[Any]:
    return rng.sample(list(items), min(k, len(items)))
