"""What the calls before a seat's say about the points its side would make as the bidder.

The bidding model (:mod:`jick.games.smear.bidding_model`) values a hand as if
every other seat passed without looking at its cards. In a real auction the
seats before have spoken: a partner who bid holds strength for the side, an
opponent who bid holds it against, a seat that passed holds little. This
script measures how far that moves the points made.

Heuristic bots bid seeded deals. At every call where the seat may bid or
pass, the seat is made the bidder instead (it bids the lowest legal amount,
every later call is a pass), names trump as the heuristic does, and
heuristic bots play the hand out on the real cards. Each such call gives a
row: the model's expected points for the seat's best suit (``mu``), the
calls before it, and the points its side made. A least-squares fit of
``made - mu`` on the calls before (:data:`CONTEXT_FEATURES`) is printed with
its held-out gain over ``mu`` alone; ``--out FILE`` writes the rows as JSON
lines.

Usage (from the repository root)::

    .venv/bin/python benchmarks/auction_context.py [--preset smear_ten_point] [--players 6]
        [--deals 400] [--seed 1] [--jobs 2] [--out FILE] [--json]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from multiprocessing import Pool
from typing import Any

import numpy as np

from jick.games.smear.call_model import context

#: Per row, the calls before the seat's (:func:`jick.games.smear.call_model.context`; ``made - mu`` is fitted on
#: them).
CONTEXT_FEATURES = ("partner_bid", "partner_passed", "opponent_bid", "opponents_passed")
#: Actions per hand before it is given up (a hand is about 50 actions).
MAX_ACTIONS = 2000


def play_deal(args: tuple[str, int | None, int]) -> list[dict[str, Any]]:
    """The rows of one seeded deal (see the module's docstring)."""
    from jick.games.smear import actions as A
    from jick.games.smear import new_match
    from jick.games.smear.heuristic import HeuristicBot

    preset, players, seed = args
    state = new_match(preset, players=players, seed=seed)
    rules = state.rules
    n = state.num_players
    bots = [HeuristicBot(seed=seed * 10 + s) for s in range(n)]
    rows: list[dict[str, Any]] = []
    while state.phase == "bidding":
        seat = state.current_player
        obs = state.observation(seat)
        bot = bots[seat]
        legal = list(obs.legal_actions)
        bids = sorted((a for a in legal if isinstance(a, A.Bid)), key=lambda a: a.amount)
        modelled = bot.bid_mean(obs) if bids and A.ACTIONS[A.PASS_ID] in legal else None
        if modelled is not None:
            mu = modelled[0]
            made = _made_as_bidder(state, seat, bids[0], bots)
            if made is not None:
                rows.append(
                    {
                        "deal": seed,
                        "seat": seat,
                        "position": (seat - obs.dealer) % n,
                        "mu": mu,
                        "context": list(context(obs, rules.min_bid)),
                        "made": made,
                        "call": str(bot.choose(obs)),
                    }
                )
        state.apply(bot.choose(obs))
    return rows


def _made_as_bidder(state: Any, seat: int, bid: Any, bots: list[Any]) -> int | None:
    """The points the seat's side makes if it bids ``bid`` now and every later call passes."""
    from jick.games.smear import actions as A

    played = state.clone()
    played.apply(bid)
    while played.phase == "bidding":
        played.apply(A.ACTIONS[A.PASS_ID])
    if played.bidder != seat:
        return None
    for _ in range(MAX_ACTIONS):
        if played.is_terminal or played.hand_results:
            break
        s = played.current_player
        played.apply(bots[s].choose(played.observation(s)))
    if not played.hand_results:
        return None
    return int(played.hand_results[0].settlement.points[played.side_of(seat)])


def fit(rows: list[dict[str, Any]], holdout: float = 0.25) -> dict[str, Any]:
    """Least squares of ``made - mu`` on an intercept and the context; held-out residuals with and without."""
    x = np.array([[1.0, *r["context"]] for r in rows])
    y = np.array([r["made"] - r["mu"] for r in rows])
    cut = int(len(rows) * (1.0 - holdout))
    coef, *_ = np.linalg.lstsq(x[:cut], y[:cut], rcond=None)
    test_x, test_y = x[cut:], y[cut:]
    base = float(np.mean(test_y**2))  # mu alone
    shifted = float(np.mean((test_y - test_x @ coef) ** 2))
    full, *_ = np.linalg.lstsq(x, y, rcond=None)
    resid = y - x @ full
    sigma2 = float(resid @ resid) / max(1, len(y) - x.shape[1])
    stderr = np.sqrt(np.diag(np.linalg.pinv(x.T @ x)) * sigma2)
    names = ("intercept", *CONTEXT_FEATURES)
    return {
        "rows": len(rows),
        "held_out": len(rows) - cut,
        "mean_made_less_mu": float(np.mean(y)),
        "coef": {k: round(float(c), 3) for k, c in zip(names, full, strict=True)},
        "stderr": {k: round(float(e), 3) for k, e in zip(names, stderr, strict=True)},
        "held_out_mse_mu": base,
        "held_out_mse_context": shifted,
    }


def deal_rows(
    per_deal: Callable[[tuple[str, int | None, int]], list[dict[str, Any]]],
    preset: str,
    players: int | None,
    seed: int,
    deals: int,
    jobs: int,
) -> list[dict[str, Any]]:
    """The rows ``per_deal`` gives for each of ``deals`` seeded deals (seeds ``seed``, ``seed + 1``, ...), in order."""
    work = [(preset, players, seed + d) for d in range(deals)]
    if jobs > 1:
        with Pool(jobs) as pool:
            found = pool.map(per_deal, work, chunksize=4)
    else:
        found = [per_deal(w) for w in work]
    return [row for rows in found for row in rows]


def write_rows(path: str, rows: list[dict[str, Any]]) -> None:
    """Write ``rows`` to ``path`` as JSON lines."""
    with open(path, "w", encoding="utf-8") as fh:
        for row in rows:
            fh.write(json.dumps(row) + "\n")


def rows_parser(doc: str, printed: str) -> argparse.ArgumentParser:
    """The options both auction scripts take: the deals dealt, the workers, the rows' file, ``--json``."""
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    parser.add_argument("--preset", default="smear_ten_point")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--deals", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", default=None, help="write the rows to this JSON-lines file")
    parser.add_argument("--json", action="store_true", help=f"print the {printed} on one line")
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = rows_parser(__doc__, "figures")
    args = parser.parse_args(argv)
    from jick.engine import RulesError
    from jick.games.smear import load_preset
    from jick.games.smear.bidding_model import model_for

    if args.deals < 1 or args.jobs < 1:
        print("auction_context: --deals and --jobs must be at least 1", file=sys.stderr)
        return 2
    try:
        rules = load_preset(args.preset, args.players)
    except RulesError as error:
        print(f"auction_context: {error}", file=sys.stderr)
        return 2
    family = model_for(rules)
    if family is None or not family.use_bid:
        seats = rules.num_players
        print(f"auction_context: the bidding model does not bid {args.preset} at {seats} seats", file=sys.stderr)
        return 2
    rows = deal_rows(play_deal, args.preset, args.players, args.seed, args.deals, args.jobs)
    if args.out:
        write_rows(args.out, rows)
    if len(rows) < 8:
        print(f"auction_context: {len(rows)} calls with a choice are too few to fit; deal more", file=sys.stderr)
        return 1
    print(json.dumps(fit(rows), indent=None if args.json else 2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
