"""Every candidate call valued on the real deal: where the heuristic's auction leaves points.

Heuristic bots bid seeded Smear deals. At every call with a choice, each
candidate call of the auction search
(:func:`jick.games.smear.bid_search.bid_candidates`: pass, the legal bids up
to two above the heuristic's, its moon or smudge) is valued on the real
deal as the search values it on a sampled one
(:func:`~jick.games.smear.bid_search.call_values`: the rest of the auction
and the hand by heuristic bots; the change of the side's lead over the
others, with the match bonus). A call's *advantage* is its value less the
heuristic's call's. No call is chosen by these values, so their means are
fair: a kind of call whose mean advantage is clearly above zero is one the
heuristic should make more often.

Printed: per kind of alternative (the pass for a bid, the lowest bid for a
pass, one above, two above, one below the heuristic's bid) and per band of
the heuristic's chance of making that alternative, the mean advantage with
its 95% interval; ``--out FILE`` writes every call's row as JSON lines.

Usage (from the repository root)::

    .venv/bin/python benchmarks/auction_calls.py [--preset smear_ten_point] [--players 6]
        [--deals 400] [--seed 1] [--jobs 2] [--out FILE] [--json]
"""

from __future__ import annotations

import json
import math
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

import numpy as np

from jick.games.smear.call_model import context

sys.path.insert(0, str(Path(__file__).resolve().parent))
from auction_context import deal_rows, rows_parser, write_rows  # noqa: E402  (dealing, options, rows: shared)
from probe_auction import heuristic_calls  # noqa: E402  (the auctions walked, shared)

#: The chance-of-making bands the alternatives are grouped by.
BANDS = (0.0, 0.3, 0.45, 0.55, 0.7, 0.85, 1.01)


def rows_of_deal(args: tuple[str, int | None, int]) -> list[dict[str, Any]]:
    """The rows of one seeded deal: the calls with a choice, each candidate valued on the real deal."""
    from jick.games.smear import actions as A
    from jick.games.smear.bid_search import bid_candidates, call_values
    from jick.games.smear.heuristic import HeuristicBot, make_chance

    preset, players, seed = args
    rows: list[dict[str, Any]] = []
    for _, state, obs, call in heuristic_calls(preset, players, 1, seed):
        n, seat = state.num_players, obs.seat
        rules = state.rules
        candidates = bid_candidates(obs, call)
        if len(candidates) < 2:
            continue
        values = call_values(state.clone(), seat, candidates, [HeuristicBot(seed=seed * 10 + s) for s in range(n)])
        assert values is not None  # no deadline
        modelled = HeuristicBot(seed=0).bid_mean(obs)
        mu, sigma = (None, None) if modelled is None else modelled[:2]
        rows.append(
            {
                "deal": seed,
                "seat": seat,
                "position": (seat - obs.dealer) % n,
                "mu": mu,
                "sigma": sigma,
                "context": list(context(obs, rules.min_bid)),
                "call": str(call),
                "calls": [str(c) for c in candidates],
                "values": values,
                "p_make": [
                    None
                    if mu is None or sigma is None or not isinstance(c, A.Bid)
                    else make_chance(c.amount, mu, sigma)
                    for c in candidates
                ],
            }
        )
    return rows


def kind(call: str, other: str, lowest: str | None) -> str | None:
    """How ``other`` stands to the heuristic's ``call``: the kinds the summary groups by, or None.

    >>> [kind("4", o, "2") for o in ("pass", "5", "6", "3", "2")]
    ['pass for a bid', 'one above', 'two above', 'one below', 'two below']
    >>> kind("pass", "2", "2"), kind("pass", "3", "2")
    ('lowest bid for a pass', 'one above the lowest, for a pass')
    """
    if call == other:
        return None
    if call.isdigit():
        if other == "pass":
            return "pass for a bid"
        if other.isdigit():
            step = int(other) - int(call)
            return {1: "one above", 2: "two above", -1: "one below", -2: "two below"}.get(step)
        return None
    if call == "pass" and other.isdigit() and lowest is not None:
        step = int(other) - int(lowest)
        return {0: "lowest bid for a pass", 1: "one above the lowest, for a pass"}.get(step)
    return None


def summary(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per kind of alternative and band of its chance of making: the mean advantage and its 95% interval."""
    groups: dict[tuple[str, int], list[float]] = defaultdict(list)
    for row in rows:
        calls, values = row["calls"], row["values"]
        own = values[calls.index(row["call"])]
        bids = [c for c in calls if c.isdigit()]
        lowest = min(bids, key=int) if bids else None
        for other, value, p in zip(calls, values, row["p_make"], strict=True):
            k = kind(row["call"], other, lowest)
            if k is None:
                continue
            band = 0 if p is None else next(i for i in range(len(BANDS) - 1) if p < BANDS[i + 1])
            groups[(k, band)].append(value - own)
    out = []
    for (k, band), adv in sorted(groups.items()):
        n = len(adv)
        mean = sum(adv) / n
        sd = math.sqrt(sum((a - mean) ** 2 for a in adv) / (n - 1)) if n > 1 else 0.0
        half = 1.96 * sd / math.sqrt(n) if n > 1 else float("nan")
        out.append(
            {
                "kind": k,
                "p_make": [BANDS[band], min(1.0, BANDS[band + 1])],
                "n": n,
                "mean": round(mean, 3),
                "ci95": [round(mean - half, 3), round(mean + half, 3)],
            }
        )
    return out


def kind_rows(rows: list[dict[str, Any]]) -> dict[str, list[tuple[int, list[float], float]]]:
    """Per kind of the call model (``enter``, ``raise``): (row number, features, advantage) of each call."""
    from jick.games.smear.call_model import alternative, features

    out: dict[str, list[tuple[int, list[float], float]]] = {"enter": [], "raise": []}
    for i, row in enumerate(rows):
        if row["mu"] is None:
            continue
        calls, values, chances = row["calls"], row["values"], row["p_make"]
        other = alternative(row["call"], [int(c) for c in calls if c.isdigit()])
        if other is None:
            continue
        name, amount = other
        j = calls.index(str(amount))
        x = features(chances[j], row["mu"], tuple(row["context"]), row["position"])
        out[name].append((i, x, values[j] - values[calls.index(row["call"])]))
    return out


def fit_calls(rows: list[dict[str, Any]], holdout: float = 0.3) -> dict[str, Any]:
    """Least-squares weights per kind on all rows, and the held-out gain a call of the fit on the rest.

    The held-out gain is the mean advantage, over every held-out call, of making the other call where the
    fit on the first ``1 - holdout`` of the rows predicts an advantage above zero (zero where it does not).
    """
    cut = int(len(rows) * (1.0 - holdout))
    held = len(rows) - cut
    weights: dict[str, list[float]] = {}
    report: dict[str, Any] = {}
    for name, items in kind_rows(rows).items():
        if len(items) < 20:
            raise ValueError(f"too few calls of kind {name!r} to fit ({len(items)}): deal more")
        x = np.array([f for _, f, _ in items])
        y = np.array([a for *_, a in items])
        train = np.array([i < cut for i, _, _ in items])
        w_train, *_ = np.linalg.lstsq(x[train], y[train], rcond=None)
        chosen = x[~train] @ w_train > 0.0
        report[name] = {
            "calls": len(items),
            "held_out_changed": int(chosen.sum()),
            "held_out_gain_per_call": round(float(y[~train][chosen].sum()) / max(1, held), 4),
            "held_out_mean_of_changed": round(float(y[~train][chosen].mean()), 3) if chosen.any() else None,
        }
        w_all, *_ = np.linalg.lstsq(x, y, rcond=None)
        weights[name] = [round(float(w), 4) for w in w_all]
    return {"weights": weights, "report": report, "held_out_calls": held}


def read_fit_file(path: Path) -> dict[str, Any]:
    """The call model file at ``path`` to add a family to (an empty one where there is no file yet)."""
    from jick.games.smear.call_model import FEATURES

    if not path.exists():
        return {"features": list(FEATURES), "families": []}
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    if data.get("features") != list(FEATURES):
        raise ValueError(f"{path} holds a call model of other features")
    return data


def write_fit(path: Path, data: dict[str, Any], preset: str, players: int | None, weights: dict[str, Any]) -> None:
    """Write ``weights`` as the family of the preset into ``data`` and ``data`` to ``path`` (other families kept)."""
    from jick.games.smear import load_preset
    from jick.games.smear.heuristic import family

    key = list(family(load_preset(preset, players)))
    spec = preset if players is None else f"{preset}@{players}"
    families = [f for f in data["families"] if f["family"] != key]
    families.append({"family": key, "presets": [spec], "weights": weights})
    data["families"] = sorted(families, key=lambda f: [str(v) for v in f["family"]])
    path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = rows_parser(__doc__, "summary")
    parser.add_argument("--rows", default=None, help="read the rows from this JSON-lines file instead of dealing")
    parser.add_argument(
        "--fit", default=None, help="fit the call model and write it into this file (its other families kept)"
    )
    args = parser.parse_args(argv)
    from jick.engine import RulesError
    from jick.games.smear import load_preset

    if args.deals < 1 or args.jobs < 1:
        print("auction_calls: --deals and --jobs must be at least 1", file=sys.stderr)
        return 2
    try:
        load_preset(args.preset, args.players)
    except RulesError as error:
        print(f"auction_calls: {error}", file=sys.stderr)
        return 2
    try:
        fit_file = read_fit_file(Path(args.fit)) if args.fit else None
    except (ValueError, OSError) as error:  # checked before the deals are played, not after
        print(f"auction_calls: {error}", file=sys.stderr)
        return 2
    if args.rows:
        rows = [json.loads(line) for line in Path(args.rows).read_text(encoding="utf-8").splitlines() if line]
    else:
        rows = deal_rows(rows_of_deal, args.preset, args.players, args.seed, args.deals, args.jobs)
    if args.out:
        write_rows(args.out, rows)
    table = summary(rows)
    fitted = None
    if args.fit and fit_file is not None:
        try:
            fitted = fit_calls(rows)
            write_fit(Path(args.fit), fit_file, args.preset, args.players, fitted["weights"])
        except ValueError as error:
            print(f"auction_calls: {error}", file=sys.stderr)
            return 1
    if args.json:
        print(json.dumps({"calls": len(rows), "kinds": table, "fit": fitted}))
        return 0
    print(f"{len(rows)} calls with a choice; advantage of each kind of other call over the heuristic's:")
    for t in table:
        lo, hi = t["ci95"]
        print(
            f"  {t['kind']:<34} p_make {t['p_make'][0]:.2f}-{t['p_make'][1]:.2f}  n={t['n']:>6}  "
            f"{t['mean']:+.2f} [{lo:+.2f}, {hi:+.2f}]"
        )
    if fitted is not None:
        for name, r in fitted["report"].items():
            print(
                f"  fit {name}: {r['calls']} calls; held out, the fit changes {r['held_out_changed']} of "
                f"{fitted['held_out_calls']} calls, a gain of {r['held_out_gain_per_call']:+.4f} a call"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
