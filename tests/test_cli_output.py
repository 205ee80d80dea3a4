"""Output that reads right: plain lines and JSON in a pipe, colours only on a terminal, whole-discard hints."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from rich.text import Text
from typer.testing import CliRunner

from jick.bots import make_bot
from jick.cli import app
from jick.game import AnyState
from jick.play import TerminalGame, view_class
from jick.registry import all_presets, load_rules, new_game, preset_summary

runner = CliRunner()
SGR = re.compile(r"\x1b\[([0-9;]*)m")


def colour_codes(text: str) -> list[str]:
    """The ANSI SGR sequences of ``text`` that set a colour (foreground or background), not bold or dim."""
    found = []
    for match in SGR.finditer(text):
        for param in match.group(1).split(";"):
            if param.isdigit() and (int(param) in (38, 48) or 30 <= int(param) % 60 <= 37 or 40 <= int(param) <= 47):
                found.append(match.group(0))
                break
    return found


def plain_env(**extra: str) -> dict[str, str]:
    """The environment of a child process whose stdout is a pipe and nothing forces a terminal."""
    env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "TTY_COMPATIBLE", "NO_COLOR")}
    return {**env, **extra}


# ---------------------------------------------------------------------- jick presets
def test_presets_into_a_pipe_prints_every_name_and_description_whole() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "jick.cli", "presets"],
        capture_output=True,
        text=True,
        env=plain_env(COLUMNS="40"),
        check=True,
        timeout=120,
    )
    lines = done.stdout.splitlines()
    expected = all_presets()
    assert len(lines) == len(expected)
    for line, (game, preset) in zip(lines, expected, strict=True):
        description, _, players = preset_summary(preset)
        assert line.split("\t") == [game, preset, ",".join(map(str, players)), description]
    assert "\x1b" not in done.stdout and "━" not in done.stdout


def test_presets_json_lists_every_preset() -> None:
    result = runner.invoke(app, ["presets", "--json"])
    assert result.exit_code == 0
    rows = json.loads(result.output)
    assert [(r["game"], r["preset"]) for r in rows] == all_presets()
    for row in rows:
        description, source, players = preset_summary(row["preset"])
        assert row == {
            "game": row["game"],
            "preset": row["preset"],
            "players": list(players),
            "description": description,
            "source": source,
        }


def test_one_preset_as_json_and_as_plain_lines() -> None:
    result = runner.invoke(app, ["presets", "smear", "--players", "6", "--json"])
    assert result.exit_code == 0
    data = json.loads(result.output)
    rules = load_rules("smear_ten_point", 6)
    assert (data["game"], data["preset"], data["players"]) == ("smear", "smear_ten_point", 6)
    options = {row["option"]: row for row in data["options"]}
    assert {k: row["value"] for k, row in options.items() if not row["derived"]} == rules.to_dict()
    assert options["follow_rule"]["allowed"] == "follow_or_trump | must_follow"
    assert options["max_points"] == {"option": "max_points", "value": 10, "allowed": "", "derived": True}
    assert options["num_players"]["allowed"] == "3,4,5,6"
    plain = runner.invoke(app, ["presets", "smear", "--players", "6"], env={"COLUMNS": "40"})
    lines = plain.output.splitlines()
    assert lines[0].startswith("smear_ten_point (6 players): 54-card")
    assert "follow_rule\tfollow_or_trump\tfollow_or_trump | must_follow" in lines
    assert "point_values\thigh 1, low 1, jack 1, jick 1, joker_high 1, joker_low 1, game 1, trey 3" in plain.output


def test_unknown_preset_with_json_is_still_one_line() -> None:
    result = runner.invoke(app, ["presets", "smear_nope", "--json"])
    assert result.exit_code == 2
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("jick: error: unknown preset 'smear_nope'")


def test_presets_on_a_terminal_is_a_table_without_colour_under_no_color() -> None:
    env = {"FORCE_COLOR": "1", "TERM": "xterm-256color", "COLUMNS": "200"}
    table = runner.invoke(app, ["presets"], env=env)
    assert table.exit_code == 0 and "━" in table.output  # a rich table on a (forced) terminal
    assert "smear_ten_point" in table.output
    muted = runner.invoke(app, ["presets", "tarok_4p"], env={**env, "NO_COLOR": "1"})
    assert muted.exit_code == 0 and "━" in muted.output
    assert colour_codes(muted.output) == []


# ---------------------------------------------------------------------- colours in jick play
def test_red_suits_are_red_on_a_terminal_and_plain_under_no_color(tmp_path: Path) -> None:
    args = ["play", "--seats", "easy,easy,easy,easy", "--seed", "3", "--set", "target_score=11"]
    args += ["--record", str(tmp_path / "g.json")]
    env = {"FORCE_COLOR": "1", "TERM": "xterm-256color", "COLUMNS": "120"}
    coloured = runner.invoke(app, args, env=env)
    muted = runner.invoke(app, args, env={**env, "NO_COLOR": "1"})
    piped = runner.invoke(app, args, env={"COLUMNS": "120"})
    assert coloured.exit_code == muted.exit_code == piped.exit_code == 0
    assert re.search(r"\x1b\[31m(\d+|[AKQJ])[HD]\x1b\[0m", coloured.output)  # a heart or diamond in red
    assert not re.search(r"\x1b\[31m(\d+|[AKQJ])[SC]\x1b\[0m", coloured.output)
    assert colour_codes(muted.output) == [] and "\x1b[1m" in muted.output  # a terminal, bold but no colour
    assert "\x1b" not in piped.output


@pytest.mark.parametrize("preset", ["smear_ten_point", "tarok_3p", "lift_smoke"])
def test_every_view_shows_hearts_and_diamonds_red(preset: str) -> None:
    state = new_game(preset, seed=2)
    view = view_class(state.game_name)(_Table(state))
    cards = [c for seat in range(state.num_players) for c in state.observation(seat).hand]
    red = [c for c in cards if getattr(c, "suit", None) in (1, 2) and not getattr(c, "is_trump", False)]
    black = [c for c in cards if getattr(c, "suit", None) in (0, 3) and not getattr(c, "is_trump", False)]
    assert red and black
    for card, is_red in [(red[0], True), (black[0], False)]:
        out = io.StringIO()
        Console(file=out, force_terminal=True, color_system="standard").print(view.card_text(card))
        assert ("\x1b[31m" in out.getvalue()) is is_red, (card, out.getvalue())
        out = io.StringIO()
        Console(file=out, force_terminal=True, color_system="standard", no_color=True).print(view.card_text(card))
        assert colour_codes(out.getvalue()) == []


class _Table:
    """The loop's side of a view, for views built outside a game."""

    def __init__(self, state: AnyState) -> None:
        self.state = state
        self.console = Console(file=io.StringIO())
        self.viewer: int | None = None
        self.public_seat = 0

    def say(self, text: str) -> None:
        self.console.print(text)

    def who(self, seat: int) -> str:
        return f"seat {seat}"

    def verb(self, seat: int, third: str, second: str) -> str:
        return f"seat {seat} {third}"


# ---------------------------------------------------------------------- hint in a discard
def to_discard(preset: str, seed: int) -> AnyState:
    """A match of ``preset`` played by heuristic bots up to its first discard turn."""
    state = new_game(preset, seed=seed)
    bot = make_bot("heuristic", 1, game=state.game_name)
    while state.phase != "discard":
        state.apply(bot.choose(state.observation(state.current_player)))
    return state


def table_for(state: AnyState, tmp_path: Path, out: io.StringIO | None = None, think: float | None = None) -> Any:
    seat = state.current_player
    kinds = ["human" if s == seat else "easy" for s in range(state.num_players)]
    console = Console(file=out or io.StringIO(), width=200)
    return TerminalGame(state, kinds, {}, console, input, tmp_path / "g.json", think=think)


@pytest.mark.parametrize("preset", ["smear_ten_point", "smear_mn_basic4", "smear_mn_original", "smear_nine_card"])
def test_hint_turn_is_the_whole_smear_discard(preset: str, tmp_path: Path) -> None:
    state = to_discard(preset, 4)
    seat = state.current_player
    obs = state.observation(seat)
    before = list(state.history())
    game = table_for(state, tmp_path)
    bot = make_bot("heuristic", 9, game="smear")
    turn = game.view.hint_turn(obs, bot.choose(obs), bot.choose)
    assert list(state.history()) == before  # the table's state is untouched
    assert len(turn) > 1
    probe = state.clone()
    for action in turn:
        assert probe.current_player == seat and probe.phase == "discard"
        probe.apply(action)
    assert probe.current_player != seat or probe.phase != "discard"  # the turn is complete
    if load_rules(preset).discard_mode != "refill":
        assert len(turn) == len(obs.hand) - 6
    else:
        assert str(turn[-1]) == "done"
    # what the hint shows can be typed back as the turn
    assert game.view.read_actions(obs, Text.from_markup(game.view.hint_text(turn)).plain) == turn


def test_hint_command_shows_every_card_of_a_discard(tmp_path: Path) -> None:
    state = to_discard("smear_mn_basic4", 4)
    seat = state.current_player
    obs = state.observation(seat)
    out = io.StringIO()
    table_for(state, tmp_path, out).hint(seat, obs)
    (line,) = [x for x in out.getvalue().splitlines() if x.startswith("Hint: the hard bot would choose")]
    cards = line.split("choose ", 1)[1].split(" (", 1)[0].split()
    assert len(cards) == len(obs.hand) - 6 == len(set(cards))
    assert set(cards) <= {str(c) for c in obs.hand}


def test_hint_shows_the_three_cards_a_tarok_bidder_lays_away(tmp_path: Path) -> None:
    state = new_game("tarok_3p", seed=1)
    seat = state.current_player
    for word in ("threesome", "pass", "pass", "accept"):
        state.apply_text(word)
    assert state.phase == "discard" and state.current_player == seat
    obs = state.observation(seat)
    out = io.StringIO()
    table_for(state, tmp_path, out, think=0.2).hint(seat, obs)
    text = out.getvalue()
    (line,) = [x for x in text.splitlines() if x.startswith("Hint: the hard bot would choose")]
    cards = line.split("choose ", 1)[1].split(" (", 1)[0].split()
    assert len(cards) == 3 == len(set(cards))
    assert set(cards) <= {str(a.card) for a in obs.legal_actions}
    assert "[red]" not in text and "[bold]" not in text  # markup is rendered, not shown
    assert state.phase == "discard" and state.observation(seat).discard_count == 0


def test_hint_outside_a_discard_is_one_action(tmp_path: Path) -> None:
    state = new_game("smear_ten_point", seed=3)
    seat = state.current_player
    obs = state.observation(seat)
    game = table_for(state, tmp_path)
    bot = make_bot("heuristic", 9, game="smear")
    first = bot.choose(obs)
    assert game.view.hint_turn(obs, first, bot.choose) == [first]


# ---------------------------------------------------------------------- help text
@pytest.mark.parametrize("command", ["arena", "compare-rules", "play", "serve", "replay", "resume", "presets"])
def test_help_keeps_the_brackets_of_an_extra(command: str) -> None:
    """Rich markup must not eat ``[ray]`` out of ``pip install 'jick[ray]'`` in any command's help."""
    result = runner.invoke(app, [command, "--help"], env={"NO_COLOR": "1"}, terminal_width=400)
    assert result.exit_code == 0, result.output
    assert "'jick'" not in result.output
    if command == "arena":
        assert "'jick[ray]'" in result.output
