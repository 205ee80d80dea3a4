"""`jick play` in the terminal: prompts, refusals, quitting, records, bot-only matches, errors."""

from __future__ import annotations

import io
import random
import time
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from jick.bots import Bot, make_bot
from jick.cards import CARDS
from jick.cli import app
from jick.engine import Action, RulesError
from jick.game import Observation
from jick.games.smear import actions as A
from jick.games.smear import new_match, preset_names
from jick.play import TerminalGame, bot_seed, parse_seats
from jick.record import load_record, record_of, replay

runner = CliRunner()
SEED = 3


def eldest_seat(seed: int) -> int:
    """The first bidder of the first deal: a seat that always gets a free bidding turn."""
    return (new_match("smear_ten_point", seed=seed).dealer + 1) % 4


def play(args: list[str], keys: str) -> tuple[int, str]:
    """Run ``jick play``; the bots are the fast heuristic ones unless the test names a level."""
    if "--bot" not in args:
        args = [*args, "--bot", "easy"]
    result = runner.invoke(app, ["play", *args], input=keys, env={"COLUMNS": "200"})
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def test_refusals_keep_the_game_going_and_quit_saves(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    seat = eldest_seat(SEED)
    code, out = play(
        ["--seed", str(SEED), "--seat", str(seat), "--record", str(path)],
        "xyz\n1\nhelp\npass\nquit\n",
    )
    assert code == 0
    assert "not understood" in out  # xyz names no action
    assert "not allowed" in out  # 1 is below every minimum bid (SPEC 2.1)
    assert out.count("Legal now:") == 3  # after each refusal and for help
    assert out.count("Your bid") == 4  # the same question until a legal answer
    assert "you pass" in out
    assert "You quit the match." in out
    assert f"Record saved to {path}" in out
    record = load_record(path)
    assert [seat, "pass"] in record["deals"][0]["actions"]


def test_quit_record_replays_to_the_same_state(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    seat = eldest_seat(SEED)
    code, _ = play(["--seed", str(SEED), "--seat", str(seat), "--record", str(path)], "pass\nquit\n")
    assert code == 0
    record = load_record(path)
    rebuilt = replay(record).state
    assert rebuilt.current_player == seat  # we stopped at our own prompt
    assert record_of(rebuilt, record["meta"]) == record
    # the seed rebuilds the same deck as the record holds
    assert tuple(rebuilt.deals[0].deck) == new_match("smear_ten_point", seed=SEED).deals[0].deck
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 0 and "Unfinished" in result.output


def test_discard_set_is_checked_as_a_whole(tmp_path: Path) -> None:
    first = tmp_path / "first.json"
    seat = eldest_seat(SEED)
    args = ["--seed", str(SEED), "--seat", str(seat)]
    play([*args, "--record", str(first)], "pass\nquit\n")
    state = replay(load_record(first)).state
    # after our pass the next question is our discard (everyone discards to six, SPEC 2.5)
    assert state.current_player == seat and state.phase == "discard"
    hand = [str(c) for c in state.observation(seat).hand]
    need = len(hand) - 6
    stranger = next(str(c) for c in CARDS[:52] if str(c) not in hand)
    bad = " ".join(hand[: need - 1] + [stranger])
    good = " ".join(hand[:need])
    second = tmp_path / "second.json"
    code, out = play([*args, "--record", str(second)], f"pass\n{bad}\n{good}\nquit\n")
    assert code == 0
    assert "not allowed" in out and f"{stranger} is not in your hand" in out
    assert "you discard " + good in out
    actions = load_record(second)["deals"][0]["actions"]
    discards = [text for s, text in actions if s == seat and text.startswith("-")]
    assert discards == ["-" + c for c in hand[:need]]  # nothing of the refused set was kept


def test_end_of_input_saves_and_exits_cleanly(tmp_path: Path) -> None:
    path = tmp_path / "eof.json"
    code, out = play(["--seed", str(SEED), "--record", str(path)], "")
    assert code == 0
    assert "Stopped." in out and path.exists()


def test_default_record_path_is_under_games(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, out = play(["--seed", "11"], "quit\n")
    assert code == 0
    assert (tmp_path / "games" / "jick-smear_ten_point-11.json").exists()
    assert "games/jick-smear_ten_point-11.json" in out


def test_unseeded_game_shows_its_seed(tmp_path: Path) -> None:
    code, out = play(["--record", str(tmp_path / "g.json")], "quit\n")
    assert code == 0 and "play this match again with --seed" in out


def test_bots_only_match_finishes(tmp_path: Path) -> None:
    path = tmp_path / "bots.json"
    code, out = play(["--seats", "bot,bot,bot,bot", "--seed", "1", "--record", str(path)], "")
    assert code == 0
    assert "win the match" in out
    assert "wins the trick" in out and "bids" in out
    record = load_record(path)
    assert record["result"]["finished"] is True
    assert replay(record).state.winner == record["result"]["winner"]


@pytest.mark.parametrize(
    "args",
    [
        ["--preset", "smear_nope"],
        ["--set", "target_score=abc"],
        ["--set", "max_bid=99"],
        ["--seats", "bot,bot,bot"],
        ["--seats", "bot,bot,chess,bot"],
        ["--seat", "4"],
        ["--players", "9"],
    ],
)
def test_user_errors_are_one_line_with_exit_code_2(args: list[str]) -> None:
    result = runner.invoke(app, ["play", *args], input="quit\n")
    assert result.exit_code == 2
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("jick: error:")
    assert "Traceback" not in result.output


def test_parse_seats_names() -> None:
    assert parse_seats("human,bot,random", 3, 0) == ["human", "normal", "random"]
    assert parse_seats(None, 3, 2) == ["normal", "normal", "human"]
    # a bot's options are for the arena and the benchmarks, not a table's seats (nor, so, a server's)
    with pytest.raises(RulesError, match="unknown player 'heuristic:bid_threshold=0.3'"):
        parse_seats("human,heuristic:bid_threshold=0.3,random", 3, 0)


def scripted_human(state: object, rng: random.Random):  # type: ignore[no-untyped-def]
    """Answers prompts with legal text, plus now and then a bad or helper line."""

    def answer(_prompt: str) -> str:
        roll = rng.random()
        if roll < 0.04:
            return "no such move"
        if roll < 0.06:
            return "help"
        if roll < 0.08:
            return "tricks"
        legal = state.legal_actions()  # type: ignore[attr-defined]
        if state.phase == "discard":  # type: ignore[attr-defined]
            cards = [a.card for a in legal if isinstance(a, A.Discard)]
            rules, seat = state.rules, state.current_player  # type: ignore[attr-defined]
            robbed = rules.dealer_robs_pack and seat == state.dealer  # type: ignore[attr-defined]
            if rules.discard_mode == "refill" and not robbed:  # the dealer who robbed the pack discards a fixed count
                return " ".join(str(c) for c in rng.sample(cards, rng.randrange(len(cards) + 1)))
            # A fixed count: one legal card at a time, as what may go can change with each (trumps beyond six)
            trial = state.clone()  # type: ignore[attr-defined]
            chosen = []
            while trial.phase == "discard" and trial.current_player == seat:
                card = rng.choice([a for a in trial.legal_actions() if isinstance(a, A.Discard)])
                trial.apply(card)
                chosen.append(str(card.card))
            return " ".join(chosen)
        return str(rng.choice(legal))

    return answer


@pytest.mark.parametrize("preset", sorted(p for p in preset_names() if not p.startswith("smear_ten_point_")))
def test_a_human_can_play_every_preset_to_the_end(preset: str, tmp_path: Path) -> None:
    """Typed answers (sets of discards, refills, misdeal offers, bad lines) reach the end of a match."""
    state = new_match(preset, overrides={"target_score": 11}, seed=5)
    kinds = parse_seats(None, state.num_players, 1, level="easy")
    bots = {s: make_bot(kind, bot_seed(5, s)) for s, kind in enumerate(kinds) if kind != "human"}
    out = io.StringIO()
    human = scripted_human(state, random.Random(5))
    game = TerminalGame(state, kinds, bots, Console(file=out, soft_wrap=True), human, tmp_path / "g.json")
    assert game.run() == 0
    assert state.is_terminal
    text = out.getvalue()
    assert "Match over" in text and "Score:" in text


def test_hint_shows_the_hard_bots_choice_and_values(tmp_path: Path) -> None:
    """At the human's first turn `hint` names a legal choice and the values behind it; the game goes on."""
    seat = eldest_seat(SEED)
    args = ["--seed", str(SEED), "--seat", str(seat), "--record", str(tmp_path / "g.json")]
    code, out = play(args, "hint\nquit\n")
    assert code == 0
    hint = [line for line in out.splitlines() if line.startswith("Hint: the hard bot would choose")]
    assert len(hint) == 1
    choice = hint[0].split("choose ", 1)[1].split(" (", 1)[0]
    state = new_match("smear_ten_point", seed=SEED)
    assert choice in {str(a) for a in state.legal_actions()}
    assert "Its values" in out and "You quit the match." in out


def test_bot_levels_and_bad_level(tmp_path: Path) -> None:
    assert parse_seats("bot,hard,easy,human", 4, 0, level="normal") == ["normal", "hard", "easy", "human"]
    code, out = play(["--seats", "bot,bot,bot,bot", "--bot", "expert"], "")
    assert code == 2 and "--bot 'expert'" in out
    result = runner.invoke(app, ["play", "--seats", "cheater,bot,bot,bot", "--bot", "easy"])
    assert result.exit_code == 2 and "only in `jick arena`" in result.output


# ---------------------------------------------------------------------- thinking time
@pytest.mark.parametrize("value", ["0", "-1", "nan", "inf"])
def test_think_must_be_a_positive_number(value: str) -> None:
    result = runner.invoke(app, ["play", "--seats", "bot,bot,bot,bot", "--think", value], input="")
    assert result.exit_code == 2
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert lines == [f"jick: error: --think must be a positive number of seconds, not {value}"]


def test_think_reaches_every_bot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import jick.play
    import jick.session

    asked: list[float | None] = []

    def recording_make_bot(
        name: str, seed: int | None = None, game: str | None = None, think: float | None = None
    ) -> Bot:
        asked.append(think)
        return make_bot(name, seed, game, think)

    monkeypatch.setattr(jick.play, "make_bot", recording_make_bot)
    monkeypatch.setattr(jick.session, "make_bot", recording_make_bot)
    args = ["--seats", "bot,bot,bot,bot", "--seed", "1", "--think", "0.25", "--record", str(tmp_path / "g.json")]
    code, out = play(args, "")
    assert code == 0 and "win the match" in out
    # a bot for every decision of the match (the session's, as at the server), each with the time asked for
    assert len(asked) > 40 and set(asked) == {0.25}


class SlowBot:
    """The heuristic bot, answering only after ``delay`` seconds."""

    name = "slow"

    def __init__(self, delay: float) -> None:
        self.delay = delay
        self.inner = make_bot("heuristic", game="smear")

    def choose(self, observation: Observation) -> Action:
        time.sleep(self.delay)
        return self.inner.choose(observation)


def bot_table(delay: float, terminal: bool) -> tuple[TerminalGame, io.StringIO]:
    state = new_match("smear_ten_point", seed=SEED)
    out = io.StringIO()
    console = Console(file=out, force_terminal=terminal, width=100)
    kinds = ["easy"] * 4
    bots: dict[int, Bot] = {s: SlowBot(delay) for s in range(4)}
    return TerminalGame(state, kinds, bots, console, input, Path("unused.json")), out


def test_a_slow_bot_shows_that_it_is_thinking() -> None:
    game, out = bot_table(0.8, terminal=True)
    seat = game.state.current_player
    action = game.bot_choice(seat)
    assert action in game.state.legal_actions()
    assert f"seat {seat} is thinking..." in out.getvalue()


def test_a_quick_bot_or_a_pipe_shows_nothing() -> None:
    quick, quick_out = bot_table(0.0, terminal=True)
    assert quick.bot_choice(quick.state.current_player) in quick.state.legal_actions()
    piped, piped_out = bot_table(0.8, terminal=False)
    assert piped.bot_choice(piped.state.current_player) in piped.state.legal_actions()
    assert quick_out.getvalue() == "" and piped_out.getvalue() == ""
