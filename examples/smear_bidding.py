"""Learn a Smear bidding policy from the Gymnasium environment, then measure it in jick arena.

The learner sits at one seat of ``smear_ten_point`` against heuristic bots
(its partner too) and makes only the bids: ``learner_phases=("bidding",)``
hands trump, discards and play to the heuristic (``autopilot``). Each
episode is one hand and its reward the points the learner's side scores.
The policy is a linear model of those points per call over
``jick.games.smear.policy_bot.bid_features`` (the hand seen through its best
trump suit, the seat, the auction so far), learned as a contextual bandit:
a first round of uniformly random calls, then rounds of epsilon-greedy
play, refitting every call's ridge regression on all hands so far. The
model is saved as ``policy:FILE.npz`` for ``jick arena``, and the example
ends by running the arena against the heuristic bot.

    .venv/bin/python examples/smear_bidding.py --hands 48000 --workers 2 --arena-deals 2000

needs only numpy and the ``rl`` extra (gymnasium); about 10 minutes on 2 cores.
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

from jick.envs.gym import JickEnv
from jick.games.smear.policy_bot import NUM_FEATURES, bid_features

PRESET = "smear_ten_point"


def collect(task: tuple[np.ndarray | None, list[int], float, int, int]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Play ``count`` hands; the features, call and reward of every learner decision."""
    weights, actions, epsilon, seed, count = task
    env = JickEnv(PRESET, opponents="heuristic", learner_phases=("bidding",), autopilot="heuristic")
    rng = np.random.default_rng(seed)
    row = {a: i for i, a in enumerate(actions)}
    xs, calls, rewards = [], [], []
    obs, _ = env.reset(seed=seed)
    for _ in range(count):
        decisions = []
        done = False
        while not done:
            legal = [int(a) for a in np.flatnonzero(obs["action_mask"])]
            x = bid_features(env.jick_observation())
            known = [a for a in legal if a in row]
            if weights is None or rng.random() < epsilon or not known:
                action = int(rng.choice(legal))
            else:
                q = weights[[row[a] for a in known]] @ x
                action = known[int(np.argmax(q))]
            decisions.append((x, action))
            obs, reward, terminated, truncated, _ = env.step(action)
            done = terminated or truncated
        for x, action in decisions:
            xs.append(x)
            calls.append(action)
            rewards.append(float(reward))
        obs, _ = env.reset()
    return np.array(xs), np.array(calls), np.array(rewards)


def fit(x: np.ndarray, calls: np.ndarray, rewards: np.ndarray, actions: list[int], ridge: float) -> np.ndarray:
    """One ridge regression of the side's points per call."""
    weights = np.zeros((len(actions), NUM_FEATURES))
    for i, a in enumerate(actions):
        rows = calls == a
        if rows.sum() < 20:
            weights[i, -1] = -10.0  # too rare to judge: never chosen
            continue
        xa, ya = x[rows], rewards[rows]
        weights[i] = np.linalg.solve(xa.T @ xa + ridge * np.eye(NUM_FEATURES), xa.T @ ya)
    return weights


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=48_000, help="hands played while learning")
    parser.add_argument("--rounds", type=int, default=6, help="refits (the first round explores at random)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--epsilon", type=float, default=0.1)
    parser.add_argument("--ridge", type=float, default=1.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=Path("smear_bidding.npz"))
    parser.add_argument("--arena-deals", type=int, default=2000, help="duplicate deals against the heuristic (0: none)")
    args = parser.parse_args()

    start = time.perf_counter()
    probe = JickEnv(PRESET, opponents="heuristic", learner_phases=("bidding",), autopilot="heuristic")
    rules = probe.episode.rules
    from jick.games.smear.actions import BID_BASE, PASS_ID

    actions = [PASS_ID] + [BID_BASE + b for b in range(rules.min_bid, rules.max_bid + 1)]
    per_round = args.hands // args.rounds
    x = np.zeros((0, NUM_FEATURES))
    calls = np.zeros(0, dtype=int)
    rewards = np.zeros(0)
    weights: np.ndarray | None = None
    with ProcessPoolExecutor(args.workers) as pool:
        for r in range(args.rounds):
            epsilon = 1.0 if weights is None else args.epsilon
            chunk = per_round // args.workers
            tasks = [
                (weights, actions, epsilon, args.seed * 1_000_003 + r * 1009 + w, chunk) for w in range(args.workers)
            ]
            parts = list(pool.map(collect, tasks))
            got_r = np.concatenate([p[2] for p in parts])
            x = np.concatenate([x] + [p[0] for p in parts])
            calls = np.concatenate([calls] + [p[1] for p in parts])
            rewards = np.concatenate([rewards, got_r])
            weights = fit(x, calls, rewards, actions, args.ridge)
            print(
                f"round {r + 1}/{args.rounds}: epsilon {epsilon:.2f}, learner side's points per bid decision "
                f"{got_r.mean():+.3f} over {len(got_r)}, {time.perf_counter() - start:.0f} s"
            )
    np.savez(args.out, actions=np.array(actions), weights=weights)
    print(f"saved {args.out} after {time.perf_counter() - start:.0f} s")
    if args.arena_deals:
        from jick.arena import run_arena

        result = run_arena(PRESET, [f"policy:{args.out}", "heuristic"], args.arena_deals, args.seed, args.workers)
        pair = result.pairs[0].difference
        made = {s.name: s.made for s in result.summaries}
        print(
            f"arena {PRESET}, {args.arena_deals} duplicate deals, seed {args.seed}: policy - heuristic "
            f"{pair.mean:+.3f} points per deal [95% CI {pair.low:+.3f}, {pair.high:+.3f}]"
        )
        for name, rate in made.items():
            print(f"  {name}: bids made {rate.successes}/{rate.trials}")
        print(f"total {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
