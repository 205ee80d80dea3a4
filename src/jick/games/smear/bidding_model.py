"""The hand-value model of the Smear auction, learned offline from simulated hands.

For a hand, a candidate trump suit and the seat's position from the dealer,
:func:`hand_features` reads a few numbers: the heuristic's raw
:func:`~jick.games.smear.heuristic.estimate` (with the kitty, partner and
stock the seat may count on, and from its own cards alone), the number of
trumps, the run of top trumps held, which point-carrying trumps are held
(Ace, King, Jack, Jick, jokers, 10, Trey, Deuce), the plain aces and tens and
the plain suits the hand is void in or holds at most one card of. A rules
family (:func:`~jick.games.smear.heuristic.family`, as for the heuristic's
calibration) has two linear fits of the points the bidder's side makes:

- ``bid``: on the dealt hand, before the kitty (what the auction sees);
- ``trump``: on the hand the bidder names trump from (after the kitty where
  there is one).

Each fit is ``made ~ intercepts[position] + weights . features`` with
non-negative weights (a stronger hand never lowers the prediction) and the
spread ``sigma`` of its residuals. ``benchmarks/train_bidding.py`` plays the
hands (each seat in turn the bidder at the minimum bid, the others passing,
the two suits the old estimate likes best each named as trump, heuristic
bots playing every seat), fits the model and writes
``bidding_model.json`` next to this module; the file also keeps the
held-out figures of the fit.

>>> from jick.games.smear import load_preset
>>> model = model_for(load_preset("smear_ten_point"))
>>> model is not None and model.bid.sigma > 0
True
>>> model_for(load_preset("pitch_five")) is None  # its family has no fit in use
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from operator import mul
from pathlib import Path
from typing import Any

from jick.cards import ACE, JACK, KING, TEN, THREE, TWO
from jick.games.smear.heuristic import Shares, TrumpInfo, estimate, family, shares, trump_info
from jick.games.smear.rules import DiscardMode, SmearRules

__all__ = ["FEATURES", "Fit", "FamilyModel", "family", "hand_features", "load_model", "model_for", "suit_features"]

#: The features of a (hand, trump suit), in the order of the weights.
FEATURES = (
    "estimate",
    "own_estimate",
    "trumps",
    "top_run",
    "ace",
    "king",
    "jack",
    "jick",
    "jokers",
    "ten",
    "trey",
    "deuce",
    "plain_aces",
    "plain_tens",
    "voids",
    "short_suits",
)
#: The file shipped with the package.
MODEL_FILE = "bidding_model.json"


@dataclass(frozen=True)
class Fit:
    """``points made ~ intercepts[position] + weights . features``, residual standard deviation ``sigma``."""

    intercepts: tuple[float, ...]
    weights: tuple[float, ...]
    sigma: float

    def mean(self, features: tuple[float, ...], position: int) -> float:
        """The points expected from a hand with ``features`` at ``position`` from the dealer."""
        base = self.intercepts[position % len(self.intercepts)]
        if len(features) != len(self.weights):
            raise ValueError(f"{len(features)} features for a fit of {len(self.weights)} weights")
        dot: float = sum(map(mul, self.weights, features))
        return base + dot

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Fit:
        weights = tuple(float(w) for w in data["weights"])
        if len(weights) != len(FEATURES):
            raise ValueError(f"a fit has {len(weights)} weights for {len(FEATURES)} features")
        return cls(tuple(float(c) for c in data["intercepts"]), weights, float(data["sigma"]))

    def to_json(self) -> dict[str, Any]:
        return {
            "intercepts": [round(c, 4) for c in self.intercepts],
            "weights": [round(w, 4) for w in self.weights],
            "sigma": round(self.sigma, 4),
        }


@dataclass(frozen=True)
class FamilyModel:
    """The fits of one rules family and the presets they were trained on."""

    bid: Fit
    trump: Fit
    presets: tuple[str, ...]
    #: Whether the heuristic bot bids (``use_bid``) and names trump (``use_trump``) from these fits; a fit
    #: that did not beat the old calibration in the arena stays in the file, unused.
    use_bid: bool = True
    use_trump: bool = True


def _parse(data: dict[str, Any]) -> dict[tuple[int, str, int, int], FamilyModel]:
    if list(data["features"]) != list(FEATURES):
        raise ValueError("the bidding model was trained on other features")
    out = {}
    for entry in data["families"]:
        kitty, mode, players, points = entry["family"]
        key = (int(kitty), str(mode), int(players), int(points))
        out[key] = FamilyModel(
            Fit.from_json(entry["bid"]),
            Fit.from_json(entry["trump"]),
            tuple(entry.get("presets", ())),
            bool(entry.get("use_bid", True)),
            bool(entry.get("use_trump", True)),
        )
    return out


@cache
def _shipped() -> dict[tuple[int, str, int, int], FamilyModel]:
    text = resources.files("jick.games.smear").joinpath(MODEL_FILE).read_text(encoding="utf-8")
    return _parse(json.loads(text))


def load_model(path: str | Path | None = None) -> dict[tuple[int, str, int, int], FamilyModel]:
    """The models by family: from ``path``, or the file shipped with the package."""
    if path is None:
        return _shipped()
    return _parse(json.loads(Path(path).read_text(encoding="utf-8")))


def model_for(rules: SmearRules) -> FamilyModel | None:
    """The shipped model of the family of ``rules``, or None where it does not cover it or is not used."""
    model = _shipped().get(family(rules))
    return model if model is not None and (model.use_bid or model.use_trump) else None


def hand_features(
    rules: SmearRules,
    hand: int,
    suit: int,
    seat: int,
    dealer: int,
    sides: tuple[int, ...],
    bidder: bool = True,
) -> tuple[float, ...]:
    """The features (:data:`FEATURES`) of ``hand`` (a card mask) with ``suit`` as trump, for ``seat``."""
    return suit_features(rules, hand, seat, dealer, sides, bidder, (suit,))[0]


def suit_features(
    rules: SmearRules,
    hand: int,
    seat: int,
    dealer: int,
    sides: tuple[int, ...],
    bidder: bool = True,
    suits: tuple[int, ...] = (0, 1, 2, 3),
) -> list[tuple[float, ...]]:
    """:func:`hand_features` with each of ``suits`` as trump (the shares of the unseen cards worked out once
    where the trump does not change them: the auction's reading asks this of every sampled hand).

    >>> from jick.games.smear.presets import load_preset
    >>> from jick.cards import card_mask
    >>> rules, hand = load_preset("smear_ten_point"), card_mask("AS KS 3S 2S 10H 4D".split())
    >>> suit_features(rules, hand, 1, 0, (0, 1, 0, 1)) == [hand_features(rules, hand, s, 1, 0, (0, 1, 0, 1))
    ...                                                     for s in range(4)]
    True
    """
    count = hand.bit_count()
    # only the refill's draws depend on the trumps in hand (:func:`~jick.games.smear.heuristic.shares`)
    fixed = None if rules.discard_mode is DiscardMode.REFILL else shares(rules, seat, dealer, sides, count, bidder, 0)
    alone = _alone(len(sides))
    out = []
    for suit in suits:
        info = trump_info(rules, suit)
        n_trumps = (hand & info.table.trumps).bit_count()
        sh = fixed if fixed is not None else shares(rules, seat, dealer, sides, count, bidder, n_trumps)
        out.append(_features(info, hand, suit, n_trumps, sh, alone))
    return out


@cache
def _alone(seats: int) -> Shares:
    """The shares of a seat that sees no unseen card: every one is an opponent's."""
    return Shares(0.0, 0.0, 1.0, 0, seats - 1)


def _features(info: TrumpInfo, hand: int, suit: int, n_trumps: int, sh: Shares, alone: Shares) -> tuple[float, ...]:
    """The features of ``hand`` with ``suit`` (``info``'s) as trump: ``n_trumps`` held, ``sh`` the seat's shares."""
    table = info.table
    run = 0
    for card in table.order:
        if not hand >> card & 1:
            break
        run += 1
    base = 13 * suit
    jick = 1.0 if table.jick >= 0 and hand >> table.jick & 1 else 0.0
    jokers = float((hand >> 52).bit_count())
    plain_aces = plain_tens = voids = short = 0
    for s in range(4):
        if s == suit:
            continue
        plain = hand & table.suit_masks[s]
        plain_aces += plain >> (13 * s + ACE) & 1
        plain_tens += plain >> (13 * s + TEN) & 1
        count = plain.bit_count()
        voids += count == 0
        short += count <= 1
    return (
        estimate(info, hand, sh),
        estimate(info, hand, alone),
        float(n_trumps),
        float(run),
        float(hand >> (base + ACE) & 1),
        float(hand >> (base + KING) & 1),
        float(hand >> (base + JACK) & 1),
        jick,
        jokers,
        float(hand >> (base + TEN) & 1),
        float(hand >> (base + THREE) & 1),
        float(hand >> (base + TWO) & 1),
        float(plain_aces),
        float(plain_tens),
        float(voids),
        float(short),
    )
