"""Train the Smear bidding model (:mod:`jick.games.smear.bidding_model`) from simulated hands.

For every deal of a preset and every seat in turn, that seat bids the minimum
(the others pass), then names as trump, one after the other, the ``--suits``
suits the old estimate likes best (:meth:`HeuristicBot.suit_estimates` at
the moment of naming trump; the first is the old bot's choice), and
heuristic bots (with the old bidding) play the hand out. A hand keeps the
features of the dealt hand with each suit, and per suit named the features
of the hand trump is named from (after the kitty where there is one) and the
points the bidder's side made.

Per rules family two fits, least squares with non-negative feature weights
(``scipy.optimize.lsq_linear``) and one intercept per position from the
dealer:

- ``bid``: the points made with the old bot's suit, on the dealt hand's
  features of its best suit (the old estimate's, then the first fit's: the
  bot bids on the suit its model values most);
- ``trump``: the points made with each suit named, on that suit's features.

The last ``--holdout`` share of the deals is kept out of the fits, and the
script reports on it, next to the heuristic's one-feature calibration
(``CALIBRATION``, ``made ~ a + offset[position] + b * estimate``, as shipped
and refitted on the same hands): ``r2``, the residual ``sigma`` and ``bias``
of the points made, the Brier score of the make-probability of every bid
amount, and for the hands played with two suits the mean points with the
suit the old estimate names and with the one the ``trump`` fit names.

The fits are then made again on all the deals and written (``--out``,
default the file shipped in the package) with the held-out figures.

Usage (from the repository root)::

    .venv/bin/python benchmarks/train_bidding.py [--deals N] [--seed S] [--jobs J]
        [--presets smear_ten_point,smear_mn_original,smear_mn_three_handed]
        [--suits 2] [--holdout 0.25] [--out PATH] [--no-write] [--cache DIR] [--disable PRESETS] [--merge]

A preset is trained at its default table size; ``NAME@N`` trains it at ``N``
seats (``smear_ten_point@6``), a rules family of its own. ``--merge`` keeps
the families of the ``--out`` file that this run does not train (without it
the file holds only the families trained now).

``--cache DIR`` keeps the simulated hands (and reuses them on the next run
with the same deals, seed and suits); ``--disable PRESET`` (or
``PRESET:bid``, ``PRESET:trump``) marks fits of that preset's family as not
used by the bot (they stay in the file).
"""

from __future__ import annotations

import argparse
import json
import math
import re
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from jick.engine import RulesError

DEFAULT_PRESETS = ("smear_ten_point", "smear_mn_original", "smear_mn_three_handed")
DEFAULT_OUT = Path(__file__).resolve().parent.parent / "src" / "jick" / "games" / "smear" / "bidding_model.json"
#: Actions per hand before it is given up (a hand is about 50 actions).
MAX_ACTIONS = 2000


@dataclass
class Hand:
    """One seat's hand as the bidder, and what it made with each suit named as trump."""

    deal: int
    seat: int
    position: int
    #: The features of the dealt hand with each suit as trump (the ``bid`` fit), suit by suit.
    bid_features: list[list[float]]
    #: The old estimate of the best suit on the dealt hand (what the old auction reads).
    old_best: float
    #: The suits named, best first by the old estimate when naming trump (the first is the old bot's choice).
    suits: list[int]
    #: Per suit named: the features of the hand trump is named from (the ``trump`` fit).
    trump_features: list[list[float]]
    #: Per suit named: the points the bidder's side made.
    made: list[int]

    @property
    def named_made(self) -> int:
        """The points made with the suit the old bot names."""
        return self.made[0]


def split_spec(spec: str) -> tuple[str, int | None]:
    """A preset spec's name and table size: ``"smear_ten_point@6"`` -> ``("smear_ten_point", 6)``.

    >>> split_spec("smear_ten_point@6"), split_spec("smear_mn_original")
    (('smear_ten_point', 6), ('smear_mn_original', None))
    """
    name, at, players = spec.partition("@")
    if not at:
        return name, None
    if not players.isdigit():
        raise ValueError(f"a table size after @ is a number of seats: {spec!r}")
    return name, int(players)


def rules_of(spec: str) -> Any:
    """The rules of a preset spec (``NAME`` or ``NAME@N``)."""
    from jick.games.smear import load_preset

    name, players = split_spec(spec)
    return load_preset(name, players)


def play_deal(args: tuple[str, int, int]) -> list[Hand]:
    """The hands of one deal, each seat in turn the bidder (see the module docstring)."""
    from jick.cards import index_mask
    from jick.games.smear import actions as A
    from jick.games.smear import load_preset, new_match
    from jick.games.smear.bidding_model import hand_features
    from jick.games.smear.heuristic import HeuristicBot

    spec, seed, suits = args
    preset, players = split_spec(spec)
    rules = load_preset(preset, players)
    n = rules.num_players
    state0 = new_match(preset, players=players, seed=seed, first_dealer=seed % n)
    hands: list[Hand] = []
    if state0.phase != "bidding":
        return hands
    bots = [HeuristicBot(seed * 10 + s, bidding_model=False) for s in range(n)]
    for bidder in range(n):
        state = state0.clone()
        obs = state.observation(bidder)
        dealt = index_mask(obs.hand)
        bid_feats = [list(hand_features(rules, dealt, s, bidder, obs.dealer, obs.sides, True)) for s in range(4)]
        old_best = max(bots[bidder].suit_estimates(obs))
        while state.phase == "bidding":
            bid = state.current_player == bidder
            state.apply(A.ACTIONS[A.BID_BASE + rules.min_bid] if bid else A.ACTIONS[A.PASS_ID])
        if state.phase != "trump" or state.current_player != bidder:
            continue
        tobs = state.observation(bidder)
        held = index_mask(tobs.hand)
        old_trump = bots[bidder].suit_estimates(tobs, bidder=False)
        hand = Hand(seed, bidder, (bidder - obs.dealer) % n, bid_feats, old_best, [], [], [])
        for suit in sorted(range(4), key=lambda s: (-old_trump[s], s))[:suits]:
            played = state.clone()
            played.apply(A.ACTIONS[A.TRUMP_BASE + suit])
            for _ in range(MAX_ACTIONS):
                if played.is_terminal or played.hand_results:
                    break
                seat = played.current_player
                played.apply(bots[seat].choose(played.observation(seat)))
            if not played.hand_results:
                break
            hand.suits.append(suit)
            hand.trump_features.append(list(hand_features(rules, held, suit, bidder, tobs.dealer, tobs.sides, False)))
            hand.made.append(played.hand_results[0].settlement.points[played.side_of(bidder)])
        if hand.suits:
            hands.append(hand)
    return hands


def simulate(preset: str, deals: int, seed: int, suits: int, jobs: int) -> list[Hand]:
    work = [(preset, seed + i, suits) for i in range(deals)]
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            chunks = list(pool.map(play_deal, work, chunksize=8))
    else:
        chunks = [play_deal(w) for w in work]
    return [h for chunk in chunks for h in chunk]


# ---------------------------------------------------------------------- fitting
def with_positions(features: Sequence[Sequence[float]], positions: Sequence[int], count: int) -> np.ndarray:
    """Position one-hot columns, then the features."""
    onehot = np.zeros((len(positions), count))
    onehot[np.arange(len(positions)), list(positions)] = 1.0
    return np.column_stack([onehot, np.array(features, dtype=float).reshape(len(positions), -1)])


def least_squares(x: np.ndarray, y: np.ndarray, positions: int) -> dict[str, Any]:
    """Least squares with non-negative feature weights and free intercepts per position."""
    from scipy.optimize import lsq_linear

    lower = np.array([-np.inf] * positions + [0.0] * (x.shape[1] - positions))
    coef = lsq_linear(x, y, bounds=(lower, np.full(x.shape[1], np.inf)), method="bvls").x
    return {
        "intercepts": [float(c) for c in coef[:positions]],
        "weights": [float(w) for w in coef[positions:]],
        "sigma": float(np.std(y - x @ coef)),
    }


def suit_means(model: dict[str, Any], features: Sequence[Sequence[float]], position: int) -> np.ndarray:
    return np.asarray(model["intercepts"][position] + np.array(features, dtype=float) @ np.array(model["weights"]))


def fit_bid(hands: Sequence[Hand], positions: int) -> dict[str, Any]:
    """The ``bid`` fit: the points made with the suit the bot names, on the features of the dealt hand's best suit.

    The best suit is the old estimate's at first, then the first fit's (the bot bids on the suit its model
    values most), and the fit is made again.
    """
    y = np.array([h.named_made for h in hands], dtype=float)
    pos = [h.position for h in hands]
    best = [max(range(4), key=lambda s: (h.bid_features[s][0], -s)) for h in hands]
    model: dict[str, Any] = {}
    for _ in range(2):
        x = with_positions([h.bid_features[s] for h, s in zip(hands, best, strict=True)], pos, positions)
        model = least_squares(x, y, positions)
        best = [int(np.argmax(suit_means(model, h.bid_features, h.position))) for h in hands]
    return model


def fit_trump(hands: Sequence[Hand], positions: int) -> dict[str, Any]:
    """The ``trump`` fit: the points made with each suit named, on the features of the hand it is named from."""
    feats = [f for h in hands for f in h.trump_features]
    pos = [h.position for h in hands for _ in h.suits]
    y = np.array([m for h in hands for m in h.made], dtype=float)
    return least_squares(with_positions(feats, pos, positions), y, positions)


def goodness(y: np.ndarray, mu: np.ndarray) -> dict[str, float]:
    resid = y - mu
    total = float(np.sum((y - y.mean()) ** 2))
    return {
        "r2": round(1.0 - float(np.sum(resid**2)) / total if total > 0 else 0.0, 4),
        "sigma": round(float(np.std(resid)), 4),
        "bias": round(float(np.mean(resid)), 4),
    }


def brier(y: np.ndarray, mu: np.ndarray, sigma: float, amounts: Sequence[int]) -> float:
    """Mean squared error of the make-probability ``1 - Phi((b - 0.5 - mu) / sigma)`` over every bid amount."""
    erf = np.vectorize(math.erf)
    total = 0.0
    for b in amounts:
        p = 0.5 * (1.0 - erf((b - 0.5 - mu) / (sigma * math.sqrt(2.0))))
        total += float(np.mean((p - (y >= b)) ** 2))
    return round(total / len(amounts), 4)


def old_refit(hands: Sequence[Hand], positions: int) -> tuple[np.ndarray, float]:
    """The one-feature calibration (as ``bench_heuristic.py --calibrate``) refitted on ``hands``."""
    x = with_positions([[h.old_best] for h in hands], [h.position for h in hands], positions)
    y = np.array([h.named_made for h in hands], dtype=float)
    coef = np.linalg.lstsq(x, y, rcond=None)[0]
    return coef, float(np.std(y - x @ coef))


def evaluate(preset: str, hands: list[Hand], holdout: float) -> dict[str, Any]:
    """Fit on the first deals, report on the held-out rest (see the module docstring)."""
    from jick.games.smear.heuristic import calibration

    rules = rules_of(preset)
    positions = rules.num_players
    deals = sorted({h.deal for h in hands})
    cut = deals[int(len(deals) * (1.0 - holdout))] if holdout > 0 and len(deals) > 1 else deals[-1] + 1
    train = [h for h in hands if h.deal < cut]
    test = [h for h in hands if h.deal >= cut]
    if not train or not test:
        return {"train_hands": len(train), "heldout_hands": len(test)}
    amounts = range(rules.min_bid, rules.max_points + 1)
    y = np.array([h.named_made for h in test], dtype=float)
    bid = fit_bid(train, positions)
    mu_new = np.array([max(suit_means(bid, h.bid_features, h.position)) for h in test])
    cal = calibration(rules)
    mu_old = np.array([cal.mean(h.old_best, h.position) for h in test])
    coef, sigma_refit = old_refit(train, positions)
    mu_refit = with_positions([[h.old_best] for h in test], [h.position for h in test], positions) @ coef
    trump = fit_trump(train, positions)
    pairs = [h for h in test if len(h.suits) > 1]
    out: dict[str, Any] = {
        "train_hands": len(train),
        "heldout_hands": len(test),
        "bid_model": {**goodness(y, mu_new), "brier": brier(y, mu_new, bid["sigma"], amounts)},
        "calibration": {**goodness(y, mu_old), "brier": brier(y, mu_old, cal.sigma, amounts)},
        "calibration_refit": {**goodness(y, mu_refit), "brier": brier(y, mu_refit, sigma_refit, amounts)},
    }
    y_all = np.array([m for h in test for m in h.made], dtype=float)
    mu_all = np.concatenate([suit_means(trump, h.trump_features, h.position) for h in test])
    choice = [int(np.argmax(suit_means(trump, h.trump_features, h.position))) for h in pairs]
    out["trump_model"] = {
        **goodness(y_all, mu_all),
        "hands_with_two_suits": len(pairs),
        # mean points with the suit the old estimate names, the model names, and the better of the two
        "old_choice_points": round(float(np.mean([h.made[0] for h in pairs])), 4) if pairs else None,
        "model_choice_points": round(float(np.mean([h.made[c] for h, c in zip(pairs, choice, strict=True)])), 4)
        if pairs
        else None,
        "better_suit_points": round(float(np.mean([max(h.made) for h in pairs])), 4) if pairs else None,
    }
    return out


def hands_for(preset: str, deals: int, seed: int, suits: int, jobs: int, cache: Path | None) -> list[Hand]:
    """The simulated hands of ``preset``, kept in (and read back from) a file under ``cache`` if given."""
    path = None if cache is None else cache / f"{preset}-{deals}-{seed}-{suits}.json"
    if path is not None and path.exists():
        return [Hand(**h) for h in json.loads(path.read_text(encoding="utf-8"))]
    hands = simulate(preset, deals, seed, suits, jobs)
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps([h.__dict__ for h in hands]), encoding="utf-8")
    return hands


def train(
    presets: Sequence[str],
    deals: int,
    seed: int,
    suits: int,
    jobs: int,
    holdout: float,
    log: Any = sys.stdout,
    cache: Path | None = None,
    disable: Sequence[str] = (),
) -> dict[str, Any]:
    """Simulate, evaluate on the held-out deals, refit on everything: the contents of the model file."""
    from jick.games.smear.bidding_model import FEATURES, family

    families = []
    for preset in presets:
        start = time.perf_counter()
        hands = hands_for(preset, deals, seed, suits, jobs, cache)
        if not hands:
            raise ValueError(f"{preset}: no bidder named trump in {deals} deals (the fits need a trump to name)")
        rules = rules_of(preset)
        heldout = evaluate(preset, hands, holdout)
        positions = rules.num_players
        entry = {
            "family": list(family(rules)),
            "presets": [preset],
            "use_bid": preset not in disable and f"{preset}:bid" not in disable,
            "use_trump": preset not in disable and f"{preset}:trump" not in disable,
            "hands": len(hands),
            "trained": {"deals": deals, "seed": seed, "suits": suits, "holdout": holdout},
            "bid": _rounded(fit_bid(hands, positions)),
            "trump": _rounded(fit_trump(hands, positions)),
            "heldout": heldout,
        }
        families.append(entry)
        print(f"{preset}: {len(hands)} hands in {time.perf_counter() - start:.0f} s", file=log)
        print(json.dumps(heldout, indent=1), file=log, flush=True)
    return {
        "features": list(FEATURES),
        "trained": {
            "script": "benchmarks/train_bidding.py",
            "deals": deals,
            "seed": seed,
            "suits": suits,
            "holdout": holdout,
        },
        "families": families,
    }


def _rounded(model: dict[str, Any]) -> dict[str, Any]:
    return {
        "intercepts": [round(c, 4) for c in model["intercepts"]],
        "weights": [round(w, 4) for w in model["weights"]],
        "sigma": round(model["sigma"], 4),
    }


def merged(data: dict[str, Any], old: dict[str, Any]) -> dict[str, Any]:
    """``data`` with the families of ``old`` that it does not train kept after its own."""
    if old.get("features") != data["features"]:
        raise ValueError("the model file to merge with was trained on other features")
    trained = {tuple(entry["family"]) for entry in data["families"]}
    kept = [entry for entry in old["families"] if tuple(entry["family"]) not in trained]
    return {**data, "families": kept + data["families"]}


def dumps(data: dict[str, Any]) -> str:
    """JSON with one level of indentation per object and every list of numbers or strings on one line."""
    text = json.dumps(data, indent=1)
    return re.sub(r"\[[^\[\]{}]*\]", lambda m: json.dumps(json.loads(m.group(0))), text)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--presets", default=",".join(DEFAULT_PRESETS))
    parser.add_argument("--suits", type=int, default=2, help="suits named as trump per hand (best by old estimate)")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--holdout", type=float, default=0.25)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--no-write", action="store_true")
    parser.add_argument("--cache", type=Path, default=None, help="keep the simulated rows here and reuse them")
    parser.add_argument(
        "--disable", default="", help="PRESET (or PRESET:bid, PRESET:trump): fits of its family the bot does not use"
    )
    parser.add_argument("--merge", action="store_true", help="keep the --out file's families this run does not train")
    args = parser.parse_args(argv)
    presets = [p for p in args.presets.split(",") if p]
    disable = [p for p in args.disable.split(",") if p]
    for spec in presets:
        try:
            rules_of(spec)  # an unknown preset or table size is the preset loader's RulesError
        except (ValueError, RulesError) as error:
            parser.exit(2, f"train_bidding: {error}\n")
    old = None
    if args.merge and args.out.exists():
        try:
            old = json.loads(args.out.read_text(encoding="utf-8"))
            if not isinstance(old, dict) or not isinstance(old.get("families"), list):
                raise ValueError("it holds no list of families")
        except (OSError, ValueError) as error:
            parser.exit(2, f"train_bidding: cannot merge into {args.out}: {error}\n")
    try:
        data = train(
            presets, args.deals, args.seed, args.suits, args.jobs, args.holdout, cache=args.cache, disable=disable
        )
        if old is not None:
            data = merged(data, old)
    except ValueError as error:
        parser.exit(2, f"train_bidding: {error}\n")
    if not args.no_write:
        args.out.write_text(dumps(data) + "\n", encoding="utf-8")
        print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
