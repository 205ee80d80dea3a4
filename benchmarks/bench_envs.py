"""Environment steps per second: jick's raw protocol, its PettingZoo, Gymnasium and OpenSpiel adapters,
next to OpenSpiel's euchre and PettingZoo's classic card games, in one run.

Every environment plays uniformly random legal actions, one episode after
another, for ``--seconds`` each. A step is one action of a player (for
OpenSpiel, chance outcomes are counted apart); jick episodes are one deal
(``reward="hand"``). The PettingZoo classic card games need the ``bench``
extra (rlcard, pygame); a missing package skips its rows.

    .venv/bin/python benchmarks/bench_envs.py --seconds 5
"""

from __future__ import annotations

import argparse
import platform
import time
from collections.abc import Callable

import numpy as np

PRESETS = ("smear_ten_point", "tarok_3p", "lift_smoke")

Runner = Callable[[float], tuple[int, int, int]]


def raw_protocol(preset: str) -> Runner:
    def run(seconds: float) -> tuple[int, int, int]:
        from jick.envs.episode import EpisodeSpec

        spec = EpisodeSpec(preset)
        rng = np.random.default_rng(0)
        steps = episodes = 0
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            state = spec.new_state(seed=episodes)
            while not spec.status(state)[0]:
                legal = state.legal_action_ids()
                state.apply_id(legal[int(rng.integers(len(legal)))])
                steps += 1
            episodes += 1
        return steps, episodes, 0

    return run


def aec(make: Callable[[], object]) -> Runner:
    def run(seconds: float) -> tuple[int, int, int]:
        env = make()
        rng = np.random.default_rng(0)
        steps = episodes = 0
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            env.reset(seed=episodes)  # type: ignore[attr-defined]
            for _agent in env.agent_iter():  # type: ignore[attr-defined]
                obs, _, terminated, truncated, _ = env.last()  # type: ignore[attr-defined]
                if terminated or truncated:
                    env.step(None)  # type: ignore[attr-defined]
                    continue
                legal = np.flatnonzero(obs["action_mask"])
                env.step(int(legal[int(rng.integers(len(legal)))]))  # type: ignore[attr-defined]
                steps += 1
            episodes += 1
        return steps, episodes, 0

    return run


def gym_env(preset: str) -> Runner:
    def run(seconds: float) -> tuple[int, int, int]:
        from jick.envs.gym import JickEnv

        env = JickEnv(preset, opponents="random")
        rng = np.random.default_rng(0)
        steps = episodes = 0
        end = time.perf_counter() + seconds
        obs, _ = env.reset(seed=0)
        while time.perf_counter() < end:
            legal = np.flatnonzero(obs["action_mask"])
            obs, _, terminated, truncated, _ = env.step(int(legal[int(rng.integers(len(legal)))]))
            steps += 1
            if terminated or truncated:
                episodes += 1
                obs, _ = env.reset()
        return steps, episodes, 0

    return run


def spiel(name: str, params: dict[str, object] | None = None) -> Runner:
    def run(seconds: float) -> tuple[int, int, int]:
        import pyspiel

        if name.startswith("jick_"):
            import jick.envs.openspiel  # noqa: F401  (registers the games)
        game = pyspiel.load_game(name, params or {})
        rng = np.random.default_rng(0)
        steps = episodes = chance = 0
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                    state.apply_action(int(rng.choice(outcomes, p=probs)))
                    chance += 1
                else:
                    legal = state.legal_actions()
                    state.apply_action(legal[int(rng.integers(len(legal)))])
                    steps += 1
            episodes += 1
        return steps, episodes, chance

    return run


def pettingzoo_classic(module: str) -> Callable[[], object]:
    def make() -> object:
        import importlib

        return importlib.import_module(f"pettingzoo.classic.{module}").env()

    return make


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per environment")
    args = parser.parse_args()

    def jick_aec(preset: str) -> Callable[[], object]:
        def make() -> object:
            from jick.envs.pettingzoo import env

            return env(preset)

        return make

    rows: list[tuple[str, Runner]] = []
    for preset in PRESETS:
        rows.append((f"jick raw protocol {preset}", raw_protocol(preset)))
        rows.append((f"jick PettingZoo AEC {preset}", aec(jick_aec(preset))))
        rows.append((f"jick Gymnasium (random bots) {preset}", gym_env(preset)))
    rows.append(("jick OpenSpiel jick_smear", spiel("jick_smear")))
    rows.append(("jick OpenSpiel jick_tarok", spiel("jick_tarok")))
    rows.append(("jick OpenSpiel jick_liftsmoke", spiel("jick_liftsmoke")))
    rows.append(("OpenSpiel euchre (C++)", spiel("euchre")))
    rows.append(("PettingZoo leduc_holdem_v4", aec(pettingzoo_classic("leduc_holdem_v4"))))
    rows.append(("PettingZoo texas_holdem_v4", aec(pettingzoo_classic("texas_holdem_v4"))))

    python = f"{platform.python_implementation()} {platform.python_version()}"
    print(f"# {python}, {platform.machine()}, {args.seconds:g} s each")
    print(f"| {'environment':<46} | {'steps/s':>9} | {'episodes/s':>10} | {'steps/episode':>13} |")
    print(f"|{'-' * 48}|{'-' * 11}|{'-' * 12}|{'-' * 15}|")
    for name, runner in rows:
        try:
            runner(0.2)  # warm up (imports, caches)
            start = time.perf_counter()
            steps, episodes, _chance = runner(args.seconds)
            took = time.perf_counter() - start
        except ImportError as exc:
            print(f"| {name:<46} | {'skipped: ' + str(exc.name):>40} |")
            continue
        per = steps / max(episodes, 1)
        print(f"| {name:<46} | {steps / took:>9,.0f} | {episodes / took:>10,.1f} | {per:>13.1f} |")


if __name__ == "__main__":
    main()
