"""The jick games as OpenSpiel Python games (needs the ``rl`` extra).

Importing this module registers ``jick_smear``, ``jick_tarok`` and
``jick_liftsmoke`` with OpenSpiel; each takes the parameters ``preset`` (a
preset of that game), ``players`` (0: the preset's default) and ``episode``
(``"hand"``: one deal, the default; ``"match"``: the whole match, see
:mod:`jick.envs.episode`). Player actions are jick's action ids.

Chance is explicit and small: the first chance node picks the first dealer
(uniform over the seats), and each deck is then dealt **card by card**: the
``k``-th chance outcome of a deal is the card at position ``k`` of the deck
order, uniform over the cards not yet placed (for Lift Smoke, a reshuffle of
the discard pile is drawn the same way). A whole deal as one outcome would
be an outcome space of 54! orders; a seed as the outcome would hide the
cards from algorithms that reason about chance. Card by card keeps every
outcome a card, with exact probabilities, as OpenSpiel's own card games do.

Observations: the observation tensor and string are those of
:mod:`jick.envs.tensors` for the player (what the rules let the seat see
now). The information state adds what a seat with perfect recall remembers
of the deal: every card it saw played, by who played it (under Smear's
``trick_history_visible = "none"`` or ``"last"`` the observation forgets
them), and every card it has held. Returns are the episode's rewards:
deal points (``hand``) or ``state.returns()`` (``match``).

>>> import pyspiel
>>> game = pyspiel.load_game("jick_tarok", {"preset": "tarok_3p"})
>>> game.num_players(), game.num_distinct_actions(), game.max_chance_outcomes()
(3, 117, 54)
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 3)
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel

from jick.envs.episode import EpisodeSpec
from jick.envs.gamedef import GameDef
from jick.envs.tensors import Encoder, FloatArray, LayoutBuilder, encoder_for
from jick.game import registered_games

__all__ = ["GAMES", "GameDef", "JickGame", "JickState", "state_from_jick"]


#: Every registered game that describes itself for OpenSpiel, by name.
GAMES: dict[str, GameDef] = {
    game.name: game.load_part("openspiel") for game in registered_games() if game.has_part("openspiel")
}

#: Redeals (misdeals, all-pass deals) a one-deal episode is assumed to stay under, for ``max_game_length``.
REDEAL_ALLOWANCE = 10


def _game_type(d: GameDef) -> Any:
    return pyspiel.GameType(
        short_name=d.short_name,
        long_name=d.long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=d.max_players,
        min_num_players=d.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"preset": d.default_preset, "players": 0, "episode": "hand"},
    )


class _Holder:
    """Keeps a jick state in an OpenSpiel state; OpenSpiel's deepcopy of it is a jick ``clone()``.

    It also keeps the game's :class:`EpisodeSpec` (shared, never copied) for the hot paths.
    """

    __slots__ = ("state", "spec")

    def __init__(self, state: Any, spec: EpisodeSpec | None = None) -> None:
        self.state = state
        self.spec = spec

    def __deepcopy__(self, memo: dict[int, Any]) -> _Holder:
        return _Holder(None if self.state is None else self.state.clone(), self.spec)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickled as the match's record (OpenSpiel serialises states by pickling them)."""
        if self.state is None:
            return (_Holder, (None,))
        from jick.record import record_of

        return (_holder_from_record, (record_of(self.state),))


def _holder_from_record(record: dict[str, Any]) -> _Holder:
    from jick.record import replay

    return _Holder(replay(record).state)


class JickGame(pyspiel.Game):  # type: ignore[misc]
    """One jick game under one preset, player count and episode kind."""

    #: Keep the information state's memory (search that keys on observations can turn it off).
    remember = True

    def __init__(
        self, definition: GameDef, params: dict[str, Any] | None = None, spec: EpisodeSpec | None = None
    ) -> None:
        params = dict(params or {})
        preset = str(params.get("preset", definition.default_preset))
        players = int(params.get("players", 0)) or None
        episode = str(params.get("episode", "hand"))
        self.definition = definition
        self.episode = spec or EpisodeSpec(preset, players, episode)
        preset, episode = self.episode.preset, self.episode.reward
        if self.episode.game.name != definition.game:
            raise ValueError(f"{preset} is a {self.episode.game.name} preset, not one of {definition.game}")
        rules = self.episode.rules
        self.rules = rules
        self.deck = tuple(definition.deck(rules))
        n = self.episode.num_players
        if episode == "hand":
            low, high = definition.hand_bounds(rules)
            length = definition.deal_length(rules) * REDEAL_ALLOWANCE
        else:
            low, high = 0.0, 1.0
            length = definition.deal_length(rules) * definition.match_deals(rules)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.episode.num_actions,
            max_chance_outcomes=max(definition.card_slots, n),
            num_players=n,
            min_utility=low,
            max_utility=high,
            utility_sum=None,
            max_game_length=length,
        )
        super().__init__(_TYPES[definition.game], info, {"preset": preset, "players": n, "episode": episode})
        self.encoder = encoder_for(rules, definition.game)

    def new_initial_state(self) -> JickState:
        return JickState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> JickObserver:
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return JickObserver(self, perfect_recall)


class JickState(pyspiel.State):  # type: ignore[misc]
    """A jick match in OpenSpiel's clothes: a dealer chance node, then cards dealt one by one."""

    def __init__(self, game: JickGame) -> None:
        super().__init__(game)
        self._jick = _Holder(None, game.episode)
        self._start = 0  # deals scored when the episode began
        self._pending: list[int] = []  # cards of the deck (or reshuffle) placed so far
        self._seen: list[tuple[int, int]] = []  # (seat, card) of every card played this deal, in order
        self._held: list[int] = [0] * game.num_players()  # card mask of every card each seat has held
        self._deal_index = -1

    # ---- helpers -------------------------------------------------------------
    @property
    def jick(self) -> Any:
        """The jick state (None before the first dealer is drawn)."""
        return self._jick.state

    def _jgame(self) -> JickGame:
        game: JickGame = self.get_game()
        return game

    def _chance_cards(self) -> tuple[int, ...]:
        """The cards of the order the jick state awaits, not yet placed."""
        state = self._jick.state
        if state.phase == "reshuffle":
            cards = tuple(c for c in range(64) if state.discard_mask >> c & 1)
        else:
            cards = self._jgame().deck
        placed = set(self._pending)
        return tuple(c for c in cards if c not in placed)

    def _note_deal(self) -> None:
        """Reset the memory when a new deal starts, and note every seat's dealt hand."""
        state = self._jick.state
        deals = len(state.deals)
        if deals != self._deal_index and state.current_player >= 0:
            self._deal_index = deals
            self._seen = []
            self._held = [_hand_mask(state.observation(s)) for s in range(state.num_players)]

    def _note_action(self, seat: int) -> None:
        state = self._jick.state
        if not self._jgame().remember:
            return
        self._note_deal()
        obs = state.observation(seat)
        self._held[seat] |= _hand_mask(obs)
        table = list(getattr(obs, "trick", ()))
        tricks = getattr(obs, "tricks", ())
        if tricks:
            table.extend(tricks[-1].plays)
        known = set(self._seen)
        for play_seat, card in table:
            if (play_seat, card.index) not in known:
                self._seen.append((play_seat, card.index))
                self._held[play_seat] |= 1 << card.index

    # ---- OpenSpiel API ---------------------------------------------------------
    def current_player(self) -> int:
        state = self._jick.state
        if state is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        player = state.current_player
        return int(pyspiel.PlayerId.CHANCE) if player < 0 else int(player)

    def is_terminal(self) -> bool:
        holder = self._jick
        if holder.state is None:
            return False
        spec = holder.spec or self._jgame().episode
        terminated, truncated = spec.status(holder.state, self._start)
        return terminated or truncated

    def _legal_actions(self, player: int) -> list[int]:
        state = self._jick.state
        if state is None or player != state.current_player:
            return []
        return sorted(state.legal_action_ids())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        state = self._jick.state
        if state is None:
            n = self.get_game().num_players()
            return [(seat, 1.0 / n) for seat in range(n)]
        cards = self._chance_cards()
        p = 1.0 / len(cards)
        return [(c, p) for c in cards]

    def _apply_action(self, action: int) -> None:
        game = self._jgame()
        state = self._jick.state
        if state is None:
            self._jick.state = game.episode.new_state(first_dealer=int(action), decks=[])
            return
        if state.current_player < 0:
            self._pending.append(int(action))
            if not self._chance_cards():
                order, self._pending = self._pending, []
                if state.phase == "reshuffle":
                    state.reshuffle(order)
                else:
                    state.deal(order)
                self._note_deal()
            return
        seat = state.current_player
        state.apply_id(int(action))
        self._note_action(seat)

    def _action_to_string(self, player: int, action: int) -> str:
        game = self._jgame()
        if player == pyspiel.PlayerId.CHANCE:
            if self._jick.state is None:
                return f"dealer {action}"
            return f"card {game.definition.card_name(action)}"
        return str(game.episode.game.action_from_id(int(action)))

    def returns(self) -> list[float]:
        state = self._jick.state
        if state is None:
            return [0.0] * self.get_game().num_players()
        return list(self._jgame().episode.rewards(state, self._start))

    def resample_from_infostate(self, player: int, probability_sampler: Any = None) -> JickState:
        """A state the player cannot tell from this one (a world sampled from its observation)."""
        rng = random.Random(int(np.random.randint(2**31)) if probability_sampler is None else hash(probability_sampler))
        return resample(self, player, rng)

    def __str__(self) -> str:
        state = self._jick.state
        if state is None:
            return "no dealer yet"
        lines = [f"first dealer {state.first_dealer}; cards placed {self._pending}"]
        for i, deal in enumerate(state.deals):
            actions = " ".join(f"{s}:{a}" for s, a in deal.actions)
            lines.append(f"deal {i + 1}: dealer {deal.dealer} deck {list(deal.deck)} actions {actions}")
        return "\n".join(lines)


def _hand_mask(obs: Any) -> int:
    mask = 0
    for card in obs.hand:
        mask |= 1 << card.index
    return mask


class JickObserver:
    """OpenSpiel's observer protocol: ``tensor``, ``dict`` of named views, ``set_from``, ``string_from``."""

    def __init__(self, game: JickGame, perfect_recall: bool) -> None:
        self.encoder: Encoder = game.encoder
        self.perfect_recall = perfect_recall
        n, c = game.num_players(), game.definition.card_slots
        builder = LayoutBuilder()
        for f in self.encoder.layout.fields:
            builder.add(f.name, f.shape, f.doc, f.low, f.high)
        if perfect_recall:
            builder.add("seen_played", (n, c), "every card seen played this deal, by who played it (relative seats)")
            builder.add("held", c, "every card this seat has held this deal")
        self.layout = builder.build()
        self.tensor: FloatArray = np.zeros(self.layout.size, dtype=np.float32)
        self.dict = {f.name: self.layout.view(self.tensor, f.name) for f in self.layout.fields}
        self._size = self.encoder.size
        self._cards = c

    def set_from(self, state: JickState, player: int) -> None:
        jick = state.jick
        if jick is None:
            self.tensor.fill(0.0)
            return
        self.encoder.encode(jick.observation(player), self.tensor[: self._size])
        if self.perfect_recall:
            rest = self.tensor[self._size :]
            rest.fill(0.0)
            n = jick.num_players
            for seat, card in state._seen:
                rest[((seat - player) % n) * self._cards + card] = 1.0
            held = state._held[player]
            base = n * self._cards
            for card in range(self._cards):
                if held >> card & 1:
                    rest[base + card] = 1.0

    def string_from(self, state: JickState, player: int) -> str:
        self.set_from(state, player)
        nonzero = np.flatnonzero(self.tensor)
        return f"p{player} " + " ".join(f"{i}:{self.tensor[i]:g}" for i in nonzero)


# ---- worlds for search --------------------------------------------------------------
def state_from_jick(game: JickGame, jick_state: Any) -> JickState:
    """An OpenSpiel state around a jick state in the middle of a deal (the episode is this deal or match)."""
    out = JickState(game)
    out._jick.state = jick_state
    out._start = game.episode.hooks.deals_scored(jick_state)
    out._note_deal()
    return out


def sampler_of(game: str) -> Callable[[Any, random.Random], Any]:
    module, _, name = GAMES[game].sampler.partition(":")
    fn: Callable[[Any, random.Random], Any] = getattr(importlib.import_module(module), name)
    return fn


def resample(state: JickState, player: int, rng: random.Random) -> JickState:
    """A world consistent with ``player``'s observation of ``state``, as a new OpenSpiel state."""
    game = state._jgame()
    world = sampler_of(game.definition.game)(state.jick.observation(player), rng)
    out = state_from_jick(game, world)
    out._start = state._start
    return out


# ---- registration -------------------------------------------------------------------
_TYPES = {name: _game_type(d) for name, d in GAMES.items()}


def _game_class(definition: GameDef) -> type[JickGame]:
    """The class OpenSpiel builds the game with: :class:`JickGame` bound to its definition."""

    def __init__(self: JickGame, params: dict[str, Any] | None = None) -> None:
        JickGame.__init__(self, definition, params)

    title = definition.long_name.removeprefix("jick ").replace(" ", "")
    return type(f"Jick{title}Game", (JickGame,), {"__init__": __init__})


#: The class OpenSpiel builds each game with.
GAME_CLASSES: dict[str, type[JickGame]] = {name: _game_class(d) for name, d in GAMES.items()}


def _register() -> None:
    registered = set(pyspiel.registered_names())
    for name, d in GAMES.items():
        if d.short_name not in registered:
            pyspiel.register_game(_TYPES[name], GAME_CLASSES[name])


_register()
