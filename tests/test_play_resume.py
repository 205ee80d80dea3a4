"""`jick play` never loses a game: autosave after every move, SIGKILL mid-hand, `--resume`, `jick resume`.

The subprocess tests drive a real ``jick play`` through a pipe: the test
reads the autosaved record after every move, and when it is the human's turn
it types the first legal action of the replayed state. The bots are the
heuristic ones, which are deterministic, so a killed and resumed match must
end exactly as the same match played without interruption.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from jick.cli import app
from jick.game import AnyState
from jick.play import clip, clip_typed, unfinished_games
from jick.record import load_record, replay, save_record
from jick.registry import new_game

runner = CliRunner()
JICK = [sys.executable, "-m", "jick.cli"]
#: Seconds a subprocess may take to make its next move before the test gives up.
STEP_TIMEOUT = 30.0


def saved_state(path: Path) -> tuple[AnyState, int] | None:
    """The replayed state of the autosaved record and its number of actions (None: not written yet)."""
    if not path.exists():
        return None
    state = replay(load_record(path)).state
    return state, sum(len(deal.actions) for deal in state.deals)


def first_turn(state: AnyState) -> str:
    """The line that makes the first legal action, and in a discard as many more as the turn takes.

    A discard is typed as one line (``-9C -8D -7H -6S``): a line short of it is refused whole.
    """
    if state.phase != "discard":
        return str(state.legal_actions()[0])
    probe, seat = state.clone(), state.current_player
    words: list[str] = []
    while not probe.is_terminal and probe.current_player == seat and probe.phase == "discard":
        action = probe.legal_actions()[0]
        words.append(str(action))
        probe.apply(action)
    return " ".join(words)


def drive(proc: subprocess.Popen[str], path: Path, human: int, moves: int | None) -> int:
    """Answer the human's turns with the first legal action (:func:`first_turn`); stop after ``moves`` of them.

    ``moves`` None: to the end.

    Returns the number of actions in the record when it stopped.
    """
    assert proc.stdin is not None
    typed = 0
    answered_at = -1
    deadline = time.monotonic() + STEP_TIMEOUT
    while True:
        got = saved_state(path)
        if got is not None:
            state, actions = got
            if state.is_terminal:
                return actions
            if state.current_player == human and actions != answered_at:
                if moves is not None and typed == moves:
                    return actions
                proc.stdin.write(first_turn(state) + "\n")
                proc.stdin.flush()
                typed += 1
                answered_at = actions
                deadline = time.monotonic() + STEP_TIMEOUT
        if proc.poll() is not None:
            raise AssertionError(f"jick play ended early with exit code {proc.returncode}")
        if time.monotonic() > deadline:
            raise AssertionError("jick play made no move in time")
        time.sleep(0.01)


def start(args: list[str], cwd: Path) -> subprocess.Popen[str]:
    env = {**os.environ, "COLUMNS": "120"}
    return subprocess.Popen(
        [*JICK, "play", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        cwd=cwd,
        env=env,
    )


def finish(proc: subprocess.Popen[str]) -> None:
    _, err = proc.communicate(timeout=STEP_TIMEOUT)
    assert proc.returncode == 0, err
    assert "Traceback" not in err


@pytest.mark.parametrize(("preset", "players"), [("smear_ten_point", 4), ("tarok_3p", 3)])
def test_sigkill_mid_hand_then_resume_ends_like_an_unbroken_match(preset: str, players: int, tmp_path: Path) -> None:
    args = ["--preset", preset, "--seed", "7", "--bot", "easy", "--set", targets[preset]]
    whole = tmp_path / "whole.json"
    proc = start([*args, "--record", str(whole)], tmp_path)
    drive(proc, whole, human=0, moves=None)
    finish(proc)

    broken = tmp_path / "broken.json"
    proc = start([*args, "--record", str(broken)], tmp_path)
    at_kill = drive(proc, broken, human=0, moves=5)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=STEP_TIMEOUT)
    assert proc.returncode == -signal.SIGKILL
    state, actions = saved_state(broken) or (None, 0)
    assert state is not None and not state.is_terminal
    assert actions == at_kill, "the record holds every move made before the kill"
    assert state.current_player == 0 and len(state.deals[-1].actions) > 0, "killed mid-hand, at the human's turn"
    assert not list(tmp_path.glob(".*.tmp")), "no temporary file left behind"

    proc = start(["--resume", str(broken)], tmp_path)
    drive(proc, broken, human=0, moves=None)
    finish(proc)

    resumed, uninterrupted = load_record(broken), load_record(whole)
    assert resumed["deals"] == uninterrupted["deals"]
    assert resumed["result"] == uninterrupted["result"] and resumed["result"]["finished"] is True
    assert replay(resumed).state.scores == replay(uninterrupted).state.scores


#: A short match for each preset of the kill test.
targets = {"smear_ten_point": "target_score=11", "tarok_3p": "deals_per_match=2"}


def test_record_keeps_seats_and_thinking_time(tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    result = runner.invoke(
        app,
        ["play", "--seats", "human,easy,random,easy", "--seed", "3", "--think", "0.4", "--record", str(path)],
        input="quit\n",
    )
    assert result.exit_code == 0, result.output
    assert "go on later with: jick play --resume" in result.output
    meta = json.loads(path.read_text(encoding="utf-8"))["meta"]
    assert meta == {"tool": "jick play", "seats": ["human", "easy", "random", "easy"], "think": 0.4}


def test_quit_then_resume_goes_on_at_the_same_point(tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    first = runner.invoke(app, ["play", "--bot", "easy", "--seed", "4", "--record", str(path)], input="quit\n")
    assert first.exit_code == 0, first.output
    before = replay(load_record(path)).state
    bid = str(before.legal_actions()[-1])
    again = runner.invoke(app, ["play", "--resume", str(path)], input=f"{bid}\nquit\n")
    assert again.exit_code == 0, again.output
    assert "(resumed)" in again.output and f"Going on from {path}" in again.output
    after = replay(load_record(path)).state
    mine = [action for seat, action in after.deals[0].actions if seat == 0]
    assert str(after.action_from_id(mine[0])) == bid
    assert after.deals[0].actions[: len(before.deals[0].actions)] == before.deals[0].actions


def test_open_lift_smoke_session_resumes(tmp_path: Path) -> None:
    path = tmp_path / "l.json"
    args = ["play", "--preset", "lift_smoke", "--bot", "easy", "--seed", "2", "--record", str(path)]
    first = runner.invoke(app, args, input="quit\n")
    assert first.exit_code == 0, first.output
    state = replay(load_record(path)).state
    assert state.rules.games_per_session is None and not state.is_terminal
    card = str(state.legal_actions()[0])
    again = runner.invoke(app, ["resume", str(path)], input=f"{card}\nquit\n")
    assert again.exit_code == 0, again.output
    after = replay(load_record(path)).state
    played = sum(len(deal.actions) for deal in after.deals)
    assert played > sum(len(deal.actions) for deal in state.deals)
    assert "session_ended" not in load_record(path), "quitting leaves the session open"


def test_resume_refuses_a_finished_match_and_rule_changes(tmp_path: Path) -> None:
    path = tmp_path / "done.json"
    done = runner.invoke(app, ["play", "--seats", "easy,easy,easy,easy", "--seed", "1", "--record", str(path)])
    assert done.exit_code == 0, done.output
    before = path.read_text(encoding="utf-8")
    over = runner.invoke(app, ["play", "--resume", str(path)])
    assert over.exit_code == 2
    assert over.output.strip() == f"jick: error: the match in {path} is over; replay it with: jick replay {path}"
    clash = runner.invoke(app, ["play", "--resume", str(path), "--preset", "tarok_3p", "--seed", "3"])
    assert clash.exit_code == 2
    assert "drop --preset, --seed" in clash.output and "Traceback" not in clash.output
    missing = runner.invoke(app, ["play", "--resume", str(tmp_path / "nope.json")])
    assert missing.exit_code == 2 and "does not exist" in missing.output
    assert path.read_text(encoding="utf-8") == before, "a refused resume leaves the record alone"


def test_resume_of_bad_seats_says_so(tmp_path: Path) -> None:
    state = new_game("smear_ten_point", seed=2)
    path = save_record(state, tmp_path / "m.json", {"tool": "jick play", "seats": ["human", "wizard", "easy", "easy"]})
    result = runner.invoke(app, ["play", "--resume", str(path)])
    assert result.exit_code == 2
    assert "the record's seats do not fit" in result.output and "wizard" in result.output


def test_jick_resume_lists_unfinished_games_newest_first(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert runner.invoke(app, ["resume"]).output.strip() == "No unfinished games in games/."
    for seed in (1, 2):
        result = runner.invoke(app, ["play", "--bot", "easy", "--seed", str(seed)], input="quit\n")
        assert result.exit_code == 0, result.output
        os.utime(Path("games") / f"jick-smear_ten_point-{seed}.json", (1_000 * seed, 1_000 * seed))
    finished = runner.invoke(app, ["play", "--seats", "easy,easy,easy,easy", "--seed", "9"])
    assert finished.exit_code == 0
    (Path("games") / "notes.json").write_text("not a record", encoding="utf-8")
    games = unfinished_games(Path("games"))
    assert [g.path.name for g in games] == ["jick-smear_ten_point-2.json", "jick-smear_ten_point-1.json"]
    listing = runner.invoke(app, ["resume"])
    assert listing.exit_code == 0
    assert "jick-smear_ten_point-2.json  smear_ten_point  4 players  deal 1  human,easy" in listing.output
    as_json: list[dict[str, Any]] = json.loads(runner.invoke(app, ["resume", "--json"]).output)
    assert [g["path"] for g in as_json] == [str(g.path) for g in games]


def test_refusal_quotes_at_most_40_characters(tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    pasted = "Q" * 100_000
    result = runner.invoke(
        app, ["play", "--bot", "easy", "--seed", "4", "--record", str(path)], input=f"{pasted}\nquit\n"
    )
    assert result.exit_code == 0
    refusal = next(line for line in result.output.splitlines() if line.startswith("not understood"))
    assert "Q" * 40 in refusal and "Q" * 41 not in refusal and "(100000 characters)" in refusal
    assert "Q" * 41 not in result.output, "nothing quotes or echoes the pasted line whole"


def test_clip_helpers() -> None:
    assert clip("abc", 3) == "abc" and clip("abcd", 3) == "abc... (4 characters)"
    long = "z" * 50
    message = clip_typed(f"unknown action {long!r}; and {long}", f"  {long}  ")
    assert "z" * 41 not in message and message.count("z" * 40 + "... (50 characters)") == 2


def test_unwritable_record_path_fails_before_play(tmp_path: Path) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("", encoding="utf-8")
    args = ["play", "--bot", "easy", "--seed", "4", "--record", str(blocked / "m.json")]
    result = runner.invoke(app, args, input="quit\n")
    assert result.exit_code == 2
    assert "jick: error: could not save the record to" in result.output and "Traceback" not in result.output
    assert "Your move" not in result.output and "bid" not in result.output.lower()
