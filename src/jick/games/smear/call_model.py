"""Where the heuristic's auction leaves points: two other calls' advantage over its own, learned on real deals.

``benchmarks/auction_calls.py`` values every candidate call of many seeded
heuristic auctions on the real deal (the rest of the auction and the hand by
heuristic bots) and fits, per rules family, a linear model of two calls'
*advantage* over the heuristic's call (:data:`KINDS`): the lowest bid where
the heuristic passes (``enter``), and the bid one above the heuristic's
(``raise``). The features (:data:`FEATURES`) are what the seat knows: the
bidding model's chance of making that bid and its expected points for the
hand, the calls before the seat's (:func:`context`) and its position from
the dealer. A bot with the call model makes the other call
(:func:`alternative`) where its predicted advantage is above zero
(:meth:`CallFits.advises`).

The fits live in ``call_model.json`` next to this module.

>>> from jick.games.smear import load_preset
>>> call_fits(load_preset("smear_ten_point", 6)) is not None, call_fits(load_preset("cinch")) is None
(True, True)
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from jick.games.smear.rules import SmearRules

__all__ = ["CALL_MODEL_FILE", "FEATURES", "KINDS", "CallFits", "alternative", "call_fits", "context", "features"]

CALL_MODEL_FILE = "call_model.json"
#: The calls whose advantage over the heuristic's is modelled: the lowest bid for a pass, one above a bid.
KINDS = ("enter", "raise")
#: Positions from the dealer with a term of their own (0, the dealer, is the base; six seats at most).
POSITIONS = 5
FEATURES = (
    "intercept",
    "p_make",
    "p_make_squared",
    "mu",
    "mu_squared_tenth",
    "partner_bid",
    "partner_passed",
    "opponent_bid",
    "opponents_passed",
    *(f"position_{p}" for p in range(1, POSITIONS + 1)),
)


def context(obs: Any, min_bid: int) -> tuple[float, float, float, float]:
    """The calls before the seat's: its side's highest bid and the other sides' (above ``min_bid`` less one, 0 for
    none), and how many partners and how many other seats passed.

    >>> from types import SimpleNamespace as NS
    >>> obs = NS(seat=3, sides=(0, 1, 2, 0, 1, 2), bids=((1, "4"), (2, "pass"), (0, "5")))
    >>> context(obs, 2)
    (4.0, 0.0, 3.0, 1.0)
    """
    mine = obs.sides[obs.seat]
    partner_bid = opponent_bid = partner_passed = opponents_passed = 0
    for seat, call in obs.bids:
        text = str(call)
        if seat == obs.seat:
            continue
        ours = obs.sides[seat] == mine
        if text == "pass":
            if ours:
                partner_passed += 1
            else:
                opponents_passed += 1
        elif text.isdigit():
            level = int(text) - min_bid + 1
            if ours:
                partner_bid = max(partner_bid, level)
            else:
                opponent_bid = max(opponent_bid, level)
    return (float(partner_bid), float(partner_passed), float(opponent_bid), float(opponents_passed))


def features(p_make: float, mu: float, calls_before: tuple[float, ...], position: int) -> list[float]:
    """The model's features (:data:`FEATURES`) of one other call.

    >>> features(0.5, 4.0, (0.0, 0.0, 1.0, 2.0), 2)
    [1.0, 0.5, 0.25, 4.0, 1.6, 0.0, 0.0, 1.0, 2.0, 0.0, 1.0, 0.0, 0.0, 0.0]
    """
    place = [0.0] * POSITIONS
    if 1 <= position <= POSITIONS:
        place[position - 1] = 1.0
    return [1.0, p_make, p_make * p_make, mu, mu * mu / 10.0, *calls_before, *place]


@dataclass(frozen=True)
class CallFits:
    """One family's weights per kind of call (:data:`KINDS`), over :data:`FEATURES`."""

    weights: dict[str, tuple[float, ...]]
    presets: tuple[str, ...] = ()

    def advantage(self, kind: str, row: list[float]) -> float:
        """The predicted advantage, in the points of the side's lead, of the other call of ``kind``."""
        return sum(w * x for w, x in zip(self.weights[kind], row, strict=True))

    def advises(self, kind: str, row: list[float]) -> bool:
        """Whether to make the other call of ``kind``: its predicted advantage is above zero."""
        return self.advantage(kind, row) > 0.0


def _parse(data: dict[str, Any]) -> dict[tuple[int, str, int, int], CallFits]:
    if list(data["features"]) != list(FEATURES):
        raise ValueError("the call model was trained on other features")
    out = {}
    for entry in data["families"]:
        kitty, mode, players, points = entry["family"]
        weights = {k: tuple(float(w) for w in entry["weights"][k]) for k in KINDS}
        out[(int(kitty), str(mode), int(players), int(points))] = CallFits(weights, tuple(entry.get("presets", ())))
    return out


@cache
def _shipped() -> dict[tuple[int, str, int, int], CallFits]:
    text = resources.files("jick.games.smear").joinpath(CALL_MODEL_FILE).read_text(encoding="utf-8")
    return _parse(json.loads(text))


def load_call_model(path: str | Path) -> dict[tuple[int, str, int, int], CallFits]:
    """The fits by family from a file written by ``benchmarks/auction_calls.py --fit``."""
    return _parse(json.loads(Path(path).read_text(encoding="utf-8")))


def call_fits(rules: SmearRules) -> CallFits | None:
    """The shipped fits of the family of ``rules``, or None where none were trained."""
    from jick.games.smear.heuristic import family

    return _shipped().get(family(rules))


def alternative(call: str, amounts: Sequence[int]) -> tuple[str, int] | None:
    """The call the model weighs against the heuristic's ``call`` ("pass" or a bid's number), given the legal bid
    ``amounts``: ``("enter", the lowest bid)`` for a pass, ``("raise", one above)`` for a bid; None where that bid
    is not legal or the call is neither.

    >>> alternative("pass", [5, 6, 7]), alternative("4", [5, 6]), alternative("6", [7]), alternative("moon", [5])
    (('enter', 5), ('raise', 5), ('raise', 7), None)
    >>> alternative("7", [5, 6, 7]), alternative("pass", [])
    (None, None)
    """
    if call == "pass":
        return ("enter", min(amounts)) if amounts else None
    if call.isdigit() and int(call) + 1 in amounts:
        return ("raise", int(call) + 1)
    return None
