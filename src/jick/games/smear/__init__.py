"""Smear (Schmier) in every form of SPEC sections 1 and 2.

>>> s = new_match("smear_mn_original", seed=3)
>>> s.rules.kitty_size, s.num_players
(4, 4)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from jick.cards import Card
from jick.game import Game
from jick.games.smear.presets import load_preset, preset_info, preset_names
from jick.games.smear.report import record_hooks
from jick.games.smear.rules import SmearRules
from jick.games.smear.state import SmearState

__all__ = [
    "SmearRules",
    "SmearState",
    "load_preset",
    "new_match",
    "preset_info",
    "preset_names",
    "record_hooks",
]


def new_match(
    preset: str | SmearRules = "smear_ten_point",
    *,
    players: int | None = None,
    overrides: Mapping[str, Any] | None = None,
    seed: int | None = None,
    decks: Sequence[Sequence[int | str | Card]] | None = None,
    first_dealer: int | None = None,
) -> SmearState:
    """A new Smear match from a preset name (or ready rules), seeded or with explicit decks."""
    rules = preset if isinstance(preset, SmearRules) else load_preset(preset, players, overrides)
    state = SmearState(rules, seed=seed, decks=decks, first_dealer=first_dealer)
    state.preset_name = preset if isinstance(preset, str) else None
    state.overrides = dict(overrides or {})
    return state


#: The bots' bidding bar before it was tuned in the arena: the search's own and its model's of the others.
_OLD_BAR: dict[str, Any] = {"bid_threshold": 0.7, "model_threshold": 0.7}
#: The search's card play before its ties went to the heuristic and before its solves counted the point trumps
#: sure at their horizon, so that every version before those changes stays what it was.
_OLD_PLAY: dict[str, Any] = {"tie_break": False, "leaf": "even"}
#: The search's own calls before it took the call model's advice over the heuristic's.
_OLD_CALLS: dict[str, Any] = {"call_model": False}
#: Earlier versions and variants of the Smear bots, kept to measure against: name -> (kind, options).
BOT_VERSIONS: dict[str, tuple[str, dict[str, Any]]] = {
    # the Smear search bot before it remembered the tricks the rules hide from review
    "search_v1": ("search", {"memory": False, "inference": False, **_OLD_BAR, **_OLD_PLAY, **_OLD_CALLS}),
    # the Smear search bot with memory, before it read the auction when sampling deals in the play
    "search_v2": ("search", {"inference": False, **_OLD_BAR, **_OLD_PLAY, **_OLD_CALLS}),
    # the Smear search bot (and the heuristic) before the arena-tuned bidding bar (0.7 -> 0.55)
    "search_v3": ("search", {**_OLD_BAR, **_OLD_PLAY, **_OLD_CALLS}),
    "heuristic_v2": ("heuristic", {"bid_threshold": 0.7}),
    # the Smear search bot of issue 30 ("today's search"): before the auction by test-time search was tried
    # and before defenders combined against the bidder at tables of more than two sides
    "search_v4": ("search", {"bid_search": False, "defence": "off", **_OLD_PLAY, **_OLD_CALLS}),
    # the Smear search bot before the heuristic broke the ties of its card values (by the card's number)
    "search_v5": ("search", {**_OLD_PLAY, **_OLD_CALLS}),
    # the Smear search bot keeping the heuristic's card where a solve stopped short of the end of the hand,
    # unless another beats it by a standard error (off by default: see docs/bots.md)
    "search_margin": ("search", {"play_margin": 1.0}),
    # the Smear search bot playing the rest of the hand out with a cheap open-card policy where a solve stops
    # short of its end, instead of counting it as even (see docs/bots.md)
    "search_playout": ("search", {"leaf": "playout"}),
    # the Smear search bot before its depth-limited solves counted the point trumps already sure to a side at
    # their horizon (they counted the rest of the hand as even)
    "search_v6": ("search", {"leaf": "even", **_OLD_CALLS}),
    # the search with that 'sure' leaf (the default until the 'settled' leaf; see docs/bots.md)
    "search_sure": ("search", {"leaf": "sure"}),
    # the search whose solves also count Game once decided and the swing of a bidder who can no longer make
    # the bid at their horizon, under the name it was measured by before it became the default (the same bot
    # as "search")
    "search_settled": ("search", {"leaf": "settled"}),
    # the Smear search bot searching deeper than its usual horizon (five seats and more, early in a hand) while
    # the solve fits in its share of the decision's positions (see docs/bots.md)
    "search_deep": ("search", {"deepen": True}),
    # the Smear search bot dropping the worse half of the cards it values after 4, 8 and 16 solved deals (the
    # heuristic's card stays), so that more deals fit in its budget (see docs/bots.md)
    "search_halving": ("search", {"halving": True}),
    # the Smear search bot whose solves count a point another side takes as the other sides' mean, not their sum,
    # at tables of more than two sides (see docs/bots.md)
    "search_mean": ("search", {"others": "mean"}),
    # the Smear search bot bidding (and modelling the other seats' calls) with the bar of 0.45 instead of 0.55
    "search_bar45": ("search", {"bid_threshold": 0.45, "model_threshold": 0.45}),
    # the Smear search bot bidding with the bar of 0.65 instead of 0.55 (its model of the other seats' calls keeps 0.55)
    "search_bar65": ("search", {"bid_threshold": 0.65}),
    # the Smear search bot valuing every legal call on sampled deals, to the score (bid_search.py)
    "search_bidsearch": ("search", {"bid_search": True}),
    # the same, replacing the heuristic's call only when another beats it by two standard errors (as search_v4)
    "search_bidsearch2": ("search", {"bid_search": True, "bid_margin": 2.0}),
    # the same, choosing the best call on half the sampled deals and testing it against the heuristic's on the
    # other half, so that luck in the choice does not pass the test (off by default: see docs/bots.md)
    "search_bidsplit": ("search", {"bid_search": True, "bid_split": True}),
    # the Smear heuristic making the call the call model advises over its own (the lowest bid for a pass, one above
    # a bid; learned on real deals, off for the heuristic: see docs/bots.md)
    "heuristic_callmodel": ("heuristic", {"call_model": True}),
    # the search with that advice, under the name it was measured by before it became the default (the same bot
    # as "search")
    "search_callmodel": ("search", {"call_model": True}),
    # the Smear search bot before its own calls took the call model's advice (the heuristic's calls alone)
    "search_v7": ("search", _OLD_CALLS),
    # the Smear search bot whose defenders combine against the bidder in level standings too
    "search_defence_always": ("search", {"defence": "always"}),
    # the Smear search bot laying away cards in a free_to_six discard by playing each plain card's discard out on
    # sampled deals, as it values a call (off by default: see docs/bots.md)
    "search_discards": ("search", {"discards": True}),
    # the Smear search bot that also reads the other seats' plays (off by default: no gain measured)
    "search_plays": ("search", {"read_plays": True}),
    # the Smear heuristic bot whose defenders play as one side when the bidder goes out by making his bid
    # (off by default: it won no more matches at five seats)
    "heuristic_defence": ("heuristic", {"defence": True}),
    # the Smear cheater seeing every card in one phase only, the search bot in the other: where its lead comes from
    "cheater_auction": ("cheater", {"cheats": "auction"}),
    "cheater_play": ("cheater", {"cheats": "play"}),
    # the Smear heuristic bot bidding from its one-feature calibration, before the learned bidding model
    "heuristic_v1": ("heuristic", {"bidding_model": False, "bid_threshold": 0.7}),
}


def _registration() -> Game:
    from jick.games.smear.observation import SmearObservation

    return Game.of_package(
        __name__,
        name="smear",
        title="Smear",
        default_preset="smear_ten_point",
        observation_type=SmearObservation,
        state_type=SmearState,
        parts={
            "bid_advisor": "jick.games.smear.advise:advise",
            "bid_advice_view": "jick.games.smear.advise_view:print_advice",
            "ptn": "jick.games.smear.ptn",
            "openspiel": "jick.games.smear.research:OPENSPIEL",
            "policy_bot": "jick.games.smear.policy_bot:make_policy_bot",
            "rule_figures": "jick.games.smear.figures",
            "tensor_encoder": "jick.games.smear.tensor:SmearEncoder",
        },
        bot_versions=BOT_VERSIONS,
        private_fields=frozenset({"witnessed"}),
        bots={
            "heuristic": "jick.games.smear.heuristic:HeuristicBot",
            "search": "jick.games.smear.search:SearchBot",
            "cheater": "jick.games.smear.search:CheaterBot",
        },
    )


#: The registration of the game (see :mod:`jick.game`).
GAME = _registration()
