"""`jick play` for Tarok and Lift Smoke: all-bot matches, a human at stdin, quitting, presets, greedy bots."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from jick.bots import make_bot
from jick.cli import app
from jick.game import get_game
from jick.play import TerminalGame, bot_seed, parse_seats
from jick.record import load_record, replay
from jick.registry import new_game, resolve

runner = CliRunner()
TAROK_PRESETS = list(get_game("tarok").preset_names())
LIFT_SMOKE_PRESETS = list(get_game("liftsmoke").preset_names())
PRESETS = TAROK_PRESETS + LIFT_SMOKE_PRESETS


def play(args: list[str], keys: str) -> tuple[int, str]:
    """Run ``jick play``; the bots are the fast heuristic ones unless the test names a level."""
    if "--bot" not in args:
        args = [*args, "--bot", "easy"]
    result = runner.invoke(app, ["play", *args], input=keys, env={"COLUMNS": "200"})
    assert "Traceback" not in result.output, result.output
    return result.exit_code, result.output


def players_of(preset: str) -> int:
    return int(new_game(preset, seed=0).num_players)


def check_record(path: Path) -> tuple[Any, dict[str, Any]]:
    """The saved record is JSON and replays (every game has record hooks): the replayed state and the record."""
    data = json.loads(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return replay(load_record(path)).state, data


@pytest.mark.parametrize("preset", PRESETS)
def test_all_bot_match_finishes(preset: str, tmp_path: Path) -> None:
    path = tmp_path / "bots.json"
    seats = ",".join(["bot"] * players_of(preset))
    code, out = play(["--preset", preset, "--seats", seats, "--seed", "2", "--record", str(path)], "")
    assert code == 0, out
    assert ("Match over" if preset in TAROK_PRESETS else "Session over") in out
    assert f"Record saved to {path}" in out
    assert "wins the trick" in out
    state, _ = check_record(path)
    assert state.is_terminal


def test_open_ended_session_gets_a_bound_without_humans(tmp_path: Path) -> None:
    """lift_smoke sets no games_per_session: bots alone play 5 games, or as many as --set says."""
    seats = "bot,bot,bot,bot"
    code, out = play(["--preset", "lift_smoke", "--seats", seats, "--seed", "4", "--record", str(tmp_path / "a")], "")
    assert code == 0 and "The session is 5 games" in out and "after 5 games" in out
    args = ["--preset", "lift_smoke", "--seats", seats, "--seed", "4", "--set", "games_per_session=2"]
    code, out = play([*args, "--record", str(tmp_path / "b")], "")
    assert code == 0 and "after 2 games" in out


def test_open_ended_session_with_a_human_runs_until_quit(tmp_path: Path) -> None:
    state = new_game("lift_smoke", seed=6)
    seat = state.current_player
    code, out = play(
        ["--preset", "lift_smoke", "--seat", str(seat), "--seed", "6", "--record", str(tmp_path / "g")], ""
    )
    assert code == 0
    assert "no fixed length" in out and "Stopped." in out  # end of input stops the session


@pytest.mark.parametrize("preset", TAROK_PRESETS)
def test_tarok_human_is_refused_and_asked_again(preset: str, tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    seat = new_game(preset, seed=3).current_player  # the forehand bids first
    code, out = play(
        ["--preset", preset, "--seat", str(seat), "--seed", "3", "--record", str(path)],
        "xyz\naccept\npass\nquit\n",
    )
    assert code == 0
    assert "not understood" in out  # xyz names no action
    assert "not allowed: you are bidding: type pass, threesome or solo" in out  # accept is no bid (SPEC 4.5)
    assert out.count("Legal now:") == 2
    assert out.split("you pass")[0].count("Your bid") == 3  # the same question until a legal answer
    assert "you pass" in out
    assert "You quit the match." in out and f"Record saved to {path}" in out
    state, record = check_record(path)
    assert [seat, "pass"] in record["deals"][0]["actions"]
    assert not state.is_terminal and state.game_name == "tarok"


@pytest.mark.parametrize("preset", LIFT_SMOKE_PRESETS)
def test_lift_smoke_human_is_refused_and_asked_again(preset: str, tmp_path: Path) -> None:
    path = tmp_path / "l.json"
    state = new_game(preset, seed=3)
    seat = state.current_player  # eldest leads the first trick
    hand = {str(c) for c in state.observation(seat).hand}
    stranger = next(c for c in ("AS", "KS", "QS", "JS", "10S") if c not in hand)
    mine = sorted(hand)[0]
    code, out = play(
        ["--preset", preset, "--seat", str(seat), "--seed", "3", "--record", str(path)],
        f"xyz\n{stranger}\n{mine}\nquit\n",
    )
    assert code == 0
    assert "not understood" in out
    assert f"not allowed: {stranger} is not in your hand" in out
    assert out.count("Play a card") >= 3
    assert f"you play {mine}" in out
    assert "You quit the match." in out and path.exists()
    state, record = check_record(path)
    assert [seat, mine] in record["deals"][0]["actions"]
    assert state.game_name == "liftsmoke" and len(state.deals[0].actions) >= 1


class Passer:
    """A bot that passes whenever it may, else takes the first legal action."""

    name = "passer"

    def choose(self, observation: Any) -> Any:
        words = [a for a in observation.legal_actions if str(a) == "pass"]
        return (words or list(observation.legal_actions))[0]


def test_tarok_discard_set_is_checked_as_a_whole(tmp_path: Path) -> None:
    """The bidder lays away three cards typed on one line; a wrong set changes nothing (SPEC 4.7)."""
    probe = new_game("tarok_3p", seed=1)
    seat = probe.current_player
    for word in ("threesome", "pass", "pass", "accept"):
        probe.apply_text(word)
    obs = probe.observation(seat)
    allowed = [str(a.card) for a in obs.legal_actions]
    stranger = next(str(c) for c in ("KS", "KH", "KD", "KC", "SKUS", "XXI") if c not in {str(h) for h in obs.hand})
    bad = " ".join(allowed[:2] + [stranger])
    good = " ".join(allowed[:3])
    lines = iter(["threesome", "accept", allowed[0], bad, good, "quit"])
    state = new_game("tarok_3p", seed=1)
    kinds = ["bot"] * 3
    kinds[seat] = "human"
    bots: dict[int, Any] = {s: Passer() for s in range(3) if s != seat}
    out = io.StringIO()
    table = TerminalGame(state, kinds, bots, Console(file=out, width=200), lambda _: next(lines), tmp_path / "d.json")
    assert table.run() == 0
    text = out.getvalue()
    assert "lay away 3 cards, not 1: nothing was laid away" in text
    assert f"{stranger} is not in your hand" in text
    assert f"you lay away 3 cards: {good}" in text
    assert sorted(str(c) for c in state.observation(seat).own_discards) == sorted(good.split())


def scripted_human(state: Any, rng: random.Random):  # type: ignore[no-untyped-def]
    """Answers prompts with legal text (discards as one set), plus now and then a bad or helper line."""

    def answer(_prompt: str) -> str:
        roll = rng.random()
        if roll < 0.04:
            return "no such move"
        if roll < 0.06:
            return "help"
        if roll < 0.08:
            return "tricks"
        legal = state.legal_actions()
        if state.phase == "discard":
            cards = [str(a.card) for a in legal]
            return " ".join(rng.sample(cards, 3 - state.discard_mask.bit_count()))
        return str(rng.choice(legal))

    return answer


@pytest.mark.parametrize(
    ("preset", "overrides"),
    [(p, {"deals_per_match": 3}) for p in TAROK_PRESETS] + [(p, {"games_per_session": 2}) for p in LIFT_SMOKE_PRESETS],
)
def test_a_human_can_play_to_the_end(preset: str, overrides: dict[str, Any], tmp_path: Path) -> None:
    game, name = resolve(preset)
    state = get_game(game).new_match(name, overrides=overrides, seed=5)
    kinds = parse_seats(None, state.num_players, 1, level="easy")
    bots = {s: make_bot(kind, bot_seed(5, s), game=game) for s, kind in enumerate(kinds) if kind != "human"}
    out = io.StringIO()
    human = scripted_human(state, random.Random(5))
    table = TerminalGame(state, kinds, bots, Console(file=out, soft_wrap=True), human, tmp_path / "g.json")
    assert table.run() == 0
    assert state.is_terminal
    text = out.getvalue()
    assert "over" in text and ("You win!" in text or "You lose." in text)
    replayed, _ = check_record(tmp_path / "g.json")
    assert replayed.is_terminal and replayed.scores == state.scores


@pytest.mark.parametrize(
    ("preset", "players", "overrides"),
    [(p, None, {}) for p in TAROK_PRESETS]
    + [
        ("tarok_3p", None, {"overtrump_required": True, "discard_forbidden": "kings_and_trull"}),
        ("lift_smoke", 4, {}),
        ("lift_smoke", 5, {"trump_card": "stock_top_set_aside"}),
        ("lift_smoke", 6, {"on_stock_exhausted": "reshuffle_discards", "bankroll": 3}),
    ],
)
def test_greedy_picks_legal_actions(preset: str, players: int | None, overrides: dict[str, Any]) -> None:
    game, _ = resolve(preset)
    greedy, rand, any_game = make_bot("greedy", 1, game=game), make_bot("random", 2), make_bot("greedy", 3)
    walk = random.Random(3)
    for match in range(3):
        state = new_game(preset, players=players, overrides={**overrides}, seed=match)
        for _step in range(600):
            if state.is_terminal:
                break
            obs = state.observation(state.current_player)
            choice = greedy.choose(obs)
            assert choice in obs.legal_actions
            assert any_game.choose(obs) == choice  # found through the observation's game
            assert rand.choose(obs) in obs.legal_actions
            state.apply(choice if walk.random() < 0.6 else walk.choice(list(obs.legal_actions)))


def test_presets_lists_every_game() -> None:
    result = runner.invoke(app, ["presets"], env={"COLUMNS": "250"})
    assert result.exit_code == 0
    for preset in PRESETS + ["smear_ten_point"]:
        assert preset in result.output
    games = {line.split("\t")[0] for line in result.output.splitlines()}  # a pipe: game<TAB>preset<TAB>...
    assert games == {"smear", "tarok", "liftsmoke"}


@pytest.mark.parametrize(
    ("preset", "option", "allowed"),
    [("tarok_3p", "all_pass", "tapp_forehand_25"), ("lift_smoke", "games_per_session", "until stopped")],
)
def test_presets_name_prints_any_games_option_table(preset: str, option: str, allowed: str) -> None:
    result = runner.invoke(app, ["presets", preset], env={"COLUMNS": "250"})
    assert result.exit_code == 0
    assert option in result.output and allowed in result.output
