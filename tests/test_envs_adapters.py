"""The research adapters: PettingZoo's api_test and seed_test, Gymnasium's check_env, OpenSpiel's random simulations."""

from __future__ import annotations

import subprocess
import sys
import warnings

import numpy as np

# PettingZoo, Gymnasium and OpenSpiel are in the test extra (jick[rl]): these tests always run.
import pettingzoo.test as pettingzoo_test
import pyspiel
import pytest
from gymnasium.utils import env_checker

from jick.bots import make_bot
from jick.engine import IllegalAction, RulesError
from jick.envs import openspiel as jick_openspiel
from jick.envs.gym import JickEnv
from jick.envs.pettingzoo import env as aec_env

FAMILIES = [
    ("smear_ten_point", 4, "hand"),
    ("smear_mn_original", 4, "hand"),
    ("smear_ten_point_bust21", 3, "match"),
    ("tarok_3p", 3, "hand"),
    ("tarok_4p", 4, "match"),
    ("lift_smoke", 5, "hand"),
    ("lift_smoke", 4, "match"),
]


@pytest.fixture(autouse=True)
def _quiet() -> None:
    warnings.simplefilter("ignore", UserWarning)  # the checkers' advice on Dict spaces and unbounded scores


# ---- PettingZoo -------------------------------------------------------------------------


@pytest.mark.parametrize("preset,players,reward", FAMILIES)
def test_pettingzoo_api_and_seed_tests(preset: str, players: int, reward: str) -> None:
    pettingzoo_test.api_test(aec_env(preset, players=players, reward=reward), num_cycles=60)
    pettingzoo_test.seed_test(lambda: aec_env(preset, players=players, reward=reward), num_cycles=60)


def _walk(e: object, seed: int) -> list[tuple[str, int]]:
    e.reset(seed=seed)  # type: ignore[attr-defined]
    rng = np.random.default_rng(0)
    out = []
    for agent in e.agent_iter():  # type: ignore[attr-defined]
        obs, reward, terminated, truncated, info = e.last()  # type: ignore[attr-defined]
        action = None if terminated or truncated else int(rng.choice(np.flatnonzero(obs["action_mask"])))
        out.append((agent, -1 if action is None else action))
        e.step(action)  # type: ignore[attr-defined]
    return out


def test_pettingzoo_seeds_reproduce_deals_and_hand_rewards_are_the_deal_points() -> None:
    e = aec_env("smear_ten_point", render_mode="ansi")
    assert _walk(e, 7) == _walk(e, 7) != _walk(e, 8)
    e.reset(seed=7)
    assert "seat" in e.render()
    state = e.unwrapped.state
    e2 = aec_env("smear_ten_point")
    _walk(e2, 7)
    done = e2.unwrapped.state
    assert done.deals[0].deck == state.deals[0].deck
    points = e2.unwrapped.episode.hooks.deal_points(done, 0)
    assert sum(points) != 0 or done.hand_results[0].settlement.deltas == (0, 0)


def test_pettingzoo_refuses_an_illegal_action_and_changes_nothing() -> None:
    e = aec_env("tarok_3p")
    e.reset(seed=1)
    obs = e.observe(e.agent_selection)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = e.unwrapped.state.history()
    with pytest.raises(IllegalAction):
        e.step(illegal)
    assert e.unwrapped.state.history() == before


# ---- Gymnasium ----------------------------------------------------------------------------


@pytest.mark.parametrize("preset,players,reward", FAMILIES)
def test_gymnasium_check_env(preset: str, players: int, reward: str) -> None:
    env = JickEnv(preset, players=players, reward=reward, opponents="random", render_mode="ansi")
    env_checker.check_env(env, skip_render_check=False)


def test_gymnasium_episode_against_heuristic_bots() -> None:
    env = JickEnv("smear_ten_point", seat=1, opponents="heuristic")
    obs, info = env.reset(seed=3)
    total, steps, done = 0.0, 0, False
    while not done:
        legal = np.flatnonzero(obs["action_mask"])
        assert legal.size and np.array_equal(legal, np.flatnonzero(env.action_masks()))
        obs, reward, terminated, truncated, _ = env.step(int(legal[0]))
        total += float(reward)
        steps += 1
        done = terminated or truncated
    state = env.state
    assert total == env.episode.hooks.deal_points(state, 0)[1]
    again, _ = env.reset(seed=3)
    first, _ = JickEnv("smear_ten_point", seat=1, opponents="heuristic").reset(seed=3)
    assert np.array_equal(again["observation"], first["observation"])


def test_gymnasium_illegal_action_ends_the_episode_and_autopilot_phases() -> None:
    env = JickEnv("lift_smoke", opponents="random", illegal_reward=-3.0)
    obs, _ = env.reset(seed=2)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated, info) == (-3.0, True, {"illegal": True})
    bidder = JickEnv("smear_ten_point", learner_phases=("bidding",), autopilot="heuristic")
    obs, _ = bidder.reset(seed=5)
    assert bidder.state.phase == "bidding"
    _, _, terminated, _, _ = bidder.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert terminated or bidder.state.phase == "bidding"
    with pytest.raises(RulesError):
        JickEnv("smear_ten_point", learner_phases=("bidding",))


def test_tarok_dealer_who_sits_out_is_skipped() -> None:
    env = JickEnv("tarok_4p", opponents="random")
    for seed in range(6):
        obs, _ = env.reset(seed=seed)
        assert obs["action_mask"].any() and env.state.current_player == 0


# ---- OpenSpiel ----------------------------------------------------------------------------

SPIEL = [
    ("jick_smear", {"preset": "smear_ten_point"}),
    ("jick_smear", {"preset": "smear_mn_original"}),
    ("jick_smear", {"preset": "smear_nine_card", "players": 5}),
    ("jick_tarok", {"preset": "tarok_3p"}),
    ("jick_tarok", {"preset": "tapp_tarok_4p"}),
    ("jick_liftsmoke", {"preset": "lift_smoke", "players": 6}),
    ("jick_liftsmoke", {"preset": "lift_smoke", "episode": "match"}),
]


@pytest.mark.parametrize("name,params", SPIEL)
def test_openspiel_random_simulations(name: str, params: dict[str, object]) -> None:
    game = pyspiel.load_game(name, params)
    pyspiel.random_sim_test(game, num_sims=1, serialize=params.get("episode") != "match", verbose=False)


def test_openspiel_information_state_remembers_what_the_observation_forgets() -> None:
    game = pyspiel.load_game("jick_smear", {"preset": "smear_mn_original"})  # trick_history_visible = none
    state = game.new_initial_state()
    rng = np.random.default_rng(1)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            assert abs(sum(probs) - 1) < 1e-9
            state.apply_action(int(rng.choice(outcomes)))
            continue
        jick = state.jick
        if jick.phase == "play" and len(jick.deals[-1].tricks) >= 2 and jick.observation(0).trick:
            break
        state.apply_action(int(rng.choice(state.legal_actions())))
    else:
        raise AssertionError("the hand ended before the second trick: the seed no longer reaches the position")
    seat = state.current_player()
    obs = np.asarray(state.observation_tensor(seat))
    info = np.asarray(state.information_state_tensor(seat))
    observer = jick_openspiel.JickObserver(game, perfect_recall=True)
    assert np.array_equal(info[: obs.size], obs)
    seen = observer.layout.view(info.astype(np.float32), "seen_played")
    assert seen.sum() >= 2 * game.num_players()
    played = game.encoder.layout.view(obs.astype(np.float32), "played")
    assert played.sum() == 0  # the rules let nobody review a completed trick
    assert state.information_state_string(seat) != state.observation_string(seat)


def test_openspiel_ismcts_plays_through_make_bot() -> None:
    from jick.games.liftsmoke import new_match

    state = new_match("lift_smoke", seed=3)
    bot = make_bot("openspiel:ismcts:8", seed=1, game="liftsmoke")
    for _ in range(6):
        obs = state.observation(state.current_player)
        state.apply(bot.choose(obs))
    with pytest.raises(RulesError):
        make_bot("openspiel:ismcts", seed=1, game="smear")
    with pytest.raises(RulesError):
        make_bot("openspiel:alphazero", seed=1, game="tarok")


# ---- the core never imports the adapters ---------------------------------------------------------


def test_core_imports_none_of_the_optional_packages() -> None:
    code = (
        "import sys, random, jick, jick.cli, jick.envs.tensors\n"
        "from jick.bots import make_bot\n"
        "s = jick.new_game('smear_ten_point_bust21', seed=1)\n"
        "b = make_bot('heuristic', 1, game='smear')\n"
        "while not s.is_terminal: s.apply(b.choose(s.observation(s.current_player)))\n"
        "bad = [m for m in ('pettingzoo', 'gymnasium', 'pyspiel', 'open_spiel') if m in sys.modules]\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=120)
