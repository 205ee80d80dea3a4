"""Random-play throughput: full Smear hands per second, next to OpenSpiel's euchre (and Tarok with ``--tarok``).

Every Smear hand is played out completely through the public protocol
(``legal_actions`` / ``apply``): deal, bidding, trump, discards, all tricks and
scoring, with a uniformly random choice at every decision. When the
``open_spiel`` package (module ``pyspiel``) is importable, random euchre games
are driven from Python the same way and both figures are compared.

``--batched`` also times :func:`jick.games.smear.playouts.random_hands`: the
same uniformly random hands played inside one compiled (numba) kernel, in
batches, on one core; and :func:`~jick.games.smear.playouts.play_out` from a
position at the first trick. The kernel's first, compiling, call is not timed.

Usage (from the repository root)::

    .venv/bin/python benchmarks/bench_hands.py [--preset NAME] [--players N]
        [--seconds S] [--seed N] [--batched] [--json]

See benchmarks/README.md for the measured figures and the compiled build.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from typing import Any

# Uniform random bidding makes matches long, and every action adds to the undo
# history; a fresh match every so many hands keeps the measurement steady.
HANDS_PER_MATCH = 50
# Clock and hand-count checks happen once per batch of actions, not per action.
CHECK_EVERY = 64
WARMUP_SECONDS = 0.5


def engine_kind() -> str:
    """Return "compiled (mypyc)" when the Smear state module is a built extension, else "pure Python"."""
    import jick.games.smear.state as state_module

    return "compiled (mypyc)" if (state_module.__file__ or "").endswith(".so") else "pure Python"


def run_jick(preset: str, players: int | None, seconds: float, seed: int) -> dict[str, float]:
    """Play random Smear for about ``seconds``; return hands, actions and elapsed time."""
    from jick.games.smear import new_match

    rng = random.Random(seed)
    randrange = rng.randrange
    next_seed = seed
    state = new_match(preset, players=players, seed=next_seed)
    hands_before = 0  # hands completed in matches already thrown away
    actions = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for _ in range(CHECK_EVERY):
            la = state.legal_actions()
            if not la:  # match over
                break
            state.apply(la[randrange(len(la))])
            actions += 1
        played = len(state.hand_results)
        if state.is_terminal or played >= HANDS_PER_MATCH:
            hands_before += played
            next_seed += 1
            state = new_match(preset, players=players, seed=next_seed)
        now = time.perf_counter()
        if now >= deadline:
            break
    hands = hands_before + len(state.hand_results)
    return {"hands": hands, "actions": actions, "seconds": now - start}


#: Hands per call of the batched kernel (a few tens of milliseconds each).
BATCH = 20_000


def run_batched(preset: str, players: int | None, seconds: float, seed: int) -> dict[str, float]:
    """Call ``random_hands`` on batches of :data:`BATCH` hands for about ``seconds``; then ``play_out``."""
    from jick.games.smear import new_match
    from jick.games.smear.playouts import play_out, random_hands

    random_hands(preset, n=100, seed=seed, players=players)  # compile (or load the cache) untimed
    hands = 0
    batch_seed = seed
    start = time.perf_counter()
    deadline = start + seconds
    now = start
    while now < deadline:
        hands += len(random_hands(preset, n=BATCH, seed=batch_seed, players=players))
        batch_seed += 1
        now = time.perf_counter()
    hands_seconds = now - start
    state = new_match(preset, players=players, seed=seed)
    while state.phase != "play":
        ids = state.legal_action_ids()
        state.apply_id(ids[-1])
    play_out(state, 100, seed)
    outs = 0
    start = time.perf_counter()
    deadline = start + seconds / 2
    now = start
    while now < deadline:
        outs += len(play_out(state, BATCH, seed + outs))
        now = time.perf_counter()
    return {"hands": hands, "seconds": hands_seconds, "playouts": outs, "playout_seconds": now - start}


def run_tarok(seconds: float, seed: int) -> dict[str, float]:
    """Play random tarok_3p deals through the protocol for about ``seconds``; deals, actions, elapsed time."""
    from jick.registry import new_game

    rng = random.Random(seed)
    randrange = rng.randrange
    next_seed = seed
    state = new_game("tarok_3p", seed=next_seed)
    deals_before = 0
    actions = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for _ in range(CHECK_EVERY):
            ids = state.legal_action_ids()
            if not ids:
                break
            state.apply_id(ids[randrange(len(ids))])
            actions += 1
        done = sum(1 for deal in state.deals if deal.outcome)
        if state.is_terminal:
            deals_before += done
            next_seed += 1
            state = new_game("tarok_3p", seed=next_seed)
        now = time.perf_counter()
        if now >= deadline:
            break
    deals = deals_before + sum(1 for deal in state.deals if deal.outcome)
    return {"games": deals, "actions": actions, "seconds": now - start}


def run_euchre(seconds: float, seed: int, name: str = "euchre", **params: Any) -> dict[str, float]:
    """Play random OpenSpiel games (``name``, euchre by default) for about ``seconds``."""
    import pyspiel  # type: ignore[import-not-found]

    game = pyspiel.load_game(name, params)
    rng = random.Random(seed)
    games = 0
    actions = 0
    chance = 0
    start = time.perf_counter()
    deadline = start + seconds
    now = start
    while now < deadline:
        s = game.new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                outcomes = s.chance_outcomes()
                a = _sample(outcomes, rng.random())
                chance += 1
            else:
                a = rng.choice(s.legal_actions())
            s.apply_action(a)
            actions += 1
        games += 1
        now = time.perf_counter()
    return {"games": games, "actions": actions, "chance_actions": chance, "seconds": now - start}


def openspiel_figures(prefix: str, run: dict[str, float]) -> dict[str, float]:
    """The report's figures of one :func:`run_euchre` run, keyed ``PREFIX_games_per_s`` and so on."""
    games, actions, seconds = run["games"], run["actions"], run["seconds"]
    return {
        f"{prefix}_games_per_s": games / seconds,
        f"{prefix}_actions_per_s": actions / seconds,
        f"{prefix}_actions_per_game": actions / games,
        f"{prefix}_chance_actions_per_game": run["chance_actions"] / games,
    }


def _sample(outcomes: list[tuple[int, float]], u: float) -> int:
    """The outcome that the uniform number ``u`` selects from (action, probability) pairs."""
    for action, prob in outcomes:
        u -= prob
        if u < 0:
            return action
    return outcomes[-1][0]


def have_pyspiel() -> bool:
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        return False
    return True


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--preset", default="smear_ten_point", help="Smear preset (default smear_ten_point)")
    p.add_argument("--players", type=int, default=None, help="number of players (default: the preset's)")
    p.add_argument("--seconds", type=float, default=5.0, help="measured duration of each loop (default 5)")
    p.add_argument("--seed", type=int, default=1, help="seed of the first match and of the random choices")
    p.add_argument("--batched", action="store_true", help="also time the compiled batched play-outs (random_hands)")
    p.add_argument("--tarok", action="store_true", help="also compare random tarok_3p deals with OpenSpiel's tarok")
    p.add_argument("--json", action="store_true", help="print one JSON object instead of text")
    return p.parse_args(argv)


def main(argv: list[str] | None = None) -> dict[str, Any]:
    """Run the benchmark, print the figures and return them as a dict."""
    args = parse_args(argv)
    warmup = min(WARMUP_SECONDS, args.seconds / 5)

    run_jick(args.preset, args.players, warmup, args.seed)
    j = run_jick(args.preset, args.players, args.seconds, args.seed)
    result: dict[str, Any] = {
        "preset": args.preset,
        "players": args.players,
        "engine": engine_kind(),
        "python": sys.version.split()[0],
        "jick_hands": j["hands"],
        "jick_actions": j["actions"],
        "jick_seconds": j["seconds"],
        "jick_hands_per_s": j["hands"] / j["seconds"],
        "jick_actions_per_s": j["actions"] / j["seconds"],
        "jick_actions_per_hand": j["actions"] / max(j["hands"], 1),
        "euchre_games_per_s": None,
        "euchre_actions_per_s": None,
        "ratio": None,
        "ratio_actions": None,
        "batched_hands_per_s": None,
        "batched_playouts_per_s": None,
    }
    if args.batched:
        b = run_batched(args.preset, args.players, args.seconds, args.seed)
        result["batched_hands"] = b["hands"]
        result["batched_seconds"] = b["seconds"]
        result["batched_hands_per_s"] = b["hands"] / b["seconds"]
        result["batched_playouts_per_s"] = b["playouts"] / b["playout_seconds"]
    if have_pyspiel():
        run_euchre(warmup, args.seed)
        e = run_euchre(args.seconds, args.seed)
        result["euchre_games"] = e["games"]
        result["euchre_seconds"] = e["seconds"]
        result.update(openspiel_figures("euchre", e))
        result["ratio"] = result["jick_hands_per_s"] / result["euchre_games_per_s"]
        result["ratio_actions"] = result["jick_actions_per_s"] / result["euchre_actions_per_s"]
        # jick deals inside the action that ends a hand; euchre deals card by card in chance actions
        result["euchre_player_actions_per_s"] = (e["actions"] - e["chance_actions"]) / e["seconds"]
        result["ratio_player_actions"] = result["jick_actions_per_s"] / result["euchre_player_actions_per_s"]
    if args.tarok:
        run_tarok(warmup, args.seed)
        t = run_tarok(args.seconds, args.seed)
        result["tarok_games_per_s"] = t["games"] / t["seconds"]
        result["tarok_actions_per_s"] = t["actions"] / t["seconds"]
        result["tarok_actions_per_deal"] = t["actions"] / max(t["games"], 1)
        if have_pyspiel():
            run_euchre(warmup, args.seed, "tarok", players=3)
            o = run_euchre(args.seconds, args.seed, "tarok", players=3)
            result.update(openspiel_figures("openspiel_tarok", o))
            result["tarok_ratio"] = result["tarok_games_per_s"] / result["openspiel_tarok_games_per_s"]
            result["tarok_ratio_actions"] = result["tarok_actions_per_s"] / result["openspiel_tarok_actions_per_s"]

    if args.json:
        print(json.dumps(result, indent=2))
        return result
    print(
        f"jick {args.preset}: {result['jick_hands_per_s']:,.0f} hands/s "
        f"({result['jick_actions_per_s']:,.0f} actions/s, {result['jick_actions_per_hand']:.1f} a hand), "
        f"engine: {result['engine']}"
    )
    if args.batched:
        print(
            f"jick {args.preset} batched (random_hands, one core): {result['batched_hands_per_s']:,.0f} hands/s; "
            f"play_out from the first trick: {result['batched_playouts_per_s']:,.0f} continuations/s"
        )
    if result["ratio"] is None:
        print("open_spiel euchre: not measured (pyspiel not importable; install it with `pip install open_spiel`)")
    else:
        print(
            f"open_spiel euchre: {result['euchre_games_per_s']:,.0f} games/s "
            f"({result['euchre_actions_per_s']:,.0f} actions/s, {result['euchre_actions_per_game']:.1f} a game, "
            f"{result['euchre_chance_actions_per_game']:.1f} of them chance)"
        )
        print(
            f"ratio jick/euchre: {result['ratio']:.2f} per game (hands/s over games/s), "
            f"{result['ratio_actions']:.2f} per action, {result['ratio_player_actions']:.2f} per player action"
        )
    if args.tarok:
        print(
            f"jick tarok_3p: {result['tarok_games_per_s']:,.0f} deals/s "
            f"({result['tarok_actions_per_s']:,.0f} actions/s, {result['tarok_actions_per_deal']:.1f} a deal)"
        )
        if "tarok_ratio" in result:
            print(
                f"open_spiel tarok (3 players): {result['openspiel_tarok_games_per_s']:,.0f} games/s "
                f"({result['openspiel_tarok_actions_per_s']:,.0f} actions/s, "
                f"{result['openspiel_tarok_actions_per_game']:.1f} a game, "
                f"{result['openspiel_tarok_chance_actions_per_game']:.1f} of them chance)"
            )
            print(
                f"ratio jick/open_spiel tarok: {result['tarok_ratio']:.2f} per game (deals/s over games/s), "
                f"{result['tarok_ratio_actions']:.2f} per action"
            )
    return result


if __name__ == "__main__":
    main()
