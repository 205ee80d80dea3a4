"""`jick play` speaks to a person: help lists hint, refusals in the second person with the moves of the phase,
a short discard refused whole, `tricks` before the first trick, "us" and "them", the Jick and jokers as trumps.

Each session is piped into ``jick play`` (from the seed, or ``--resume`` from a record of a position the
bots reached), as a person would type it.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from rich.text import Text
from typer.testing import CliRunner

from jick.bots import make_bot
from jick.cards import CARDS, Card
from jick.cli import app
from jick.engine import IllegalAction
from jick.games.smear import actions as SA
from jick.games.smear.view import sorted_hand, trick_card_text
from jick.games.tarok import actions as TA
from jick.play import TerminalGame
from jick.record import load_record, replay, save_record
from jick.registry import new_game
from jick.terminal import NO_TRICK_YET, OTHER_COMMANDS

runner = CliRunner()


def play(args: list[str], keys: str) -> str:
    """The output of ``jick play`` (easy bots) fed ``keys``; it must end cleanly."""
    result = runner.invoke(app, ["play", *args, "--bot", "easy"], input=keys, env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    return result.output


def reach(preset: str, seed: int, stop: Callable[[Any], bool], limit: int = 2000) -> Any:
    """A match of ``preset`` played by heuristic bots until ``stop(state)`` (None if it never holds)."""
    state = new_game(preset, seed=seed)
    bot = make_bot("heuristic", 1, game=state.game_name)
    for _ in range(limit):
        if state.is_terminal:
            return None
        if stop(state):
            return state
        state.apply(bot.choose(state.observation(state.current_player)))
    return None


def resume_at(state: Any, tmp_path: Path, keys: str) -> tuple[str, Path]:
    """Save ``state``, seat a human where it waits, and pipe ``keys`` into ``jick play --resume``."""
    seat = state.current_player
    seats = ",".join("human" if s == seat else "easy" for s in range(state.num_players))
    path = save_record(state, tmp_path / "at.json", {"tool": "jick play", "seats": seats.split(","), "think": None})
    return play(["--resume", str(path)], keys), path


def first_human_seat(preset: str, seed: int) -> int:
    """The seat that acts first in the match: it is prompted before any bot moves."""
    return int(new_game(preset, seed=seed).current_player)


# ---------------------------------------------------------------------- help
@pytest.mark.parametrize("preset", ["smear_ten_point", "tarok_3p", "lift_smoke"])
def test_help_lists_hint_in_every_game(preset: str, tmp_path: Path) -> None:
    seat = first_human_seat(preset, 5)
    out = play(["--preset", preset, "--seed", "5", "--seat", str(seat), "--record", str(tmp_path / "g.json")], "help\n")
    assert "hint for the hard bot's advice" in out  # the banner
    assert OTHER_COMMANDS in out and "hint" in OTHER_COMMANDS.split(":", 1)[1]


# ---------------------------------------------------------------------- a line that names no move
@pytest.mark.parametrize(
    ("preset", "moves"),
    [
        ("smear_ten_point", "type a bid from 2 to 10, or pass"),
        ("smear_five_point_team", "type a bid from 2 to 5, or pass"),
        ("tarok_3p", "type pass, threesome or solo"),
        ("lift_smoke", "type a card you may play: "),
    ],
)
def test_a_mistyped_move_gets_the_moves_of_this_phase_and_preset(preset: str, moves: str, tmp_path: Path) -> None:
    seat = first_human_seat(preset, 5)
    out = play(["--preset", preset, "--seed", "5", "--seat", str(seat), "--record", str(tmp_path / "g.json")], "xyz\n")
    assert f"not understood: 'xyz'; {moves}" in out
    assert "a bid like 5" not in out and "is not a Tarok action" not in out


def test_a_wrong_kind_of_move_names_the_phase(tmp_path: Path) -> None:
    seat = first_human_seat("smear_ten_point", 5)
    out = play(["--seed", "5", "--seat", str(seat), "--record", str(tmp_path / "g.json")], "H\n1\n11\n99\n")
    assert "not allowed: you are bidding: type a bid from 2 to 10, or pass" in out  # H names trump (SPEC 2.1)
    assert "not allowed: you must bid at least 2 or pass" in out
    assert out.count("not allowed: the highest bid is 10") == 2


# ---------------------------------------------------------------------- a short discard
def test_a_short_smear_discard_is_refused_with_the_count_and_changes_nothing(tmp_path: Path) -> None:
    """SPEC 2.5: every player discards down to six; two cards of four are refused whole."""
    state = reach("smear_ten_point", 3, lambda s: s.phase == "discard")
    assert state is not None
    seat = state.current_player
    hand = [str(c) for c in state.observation(seat).hand]
    need = len(hand) - 6
    assert need > 2
    short = " ".join(hand[-2:])
    out, path = resume_at(state, tmp_path, f"{short}\nhand\n")
    assert f"not allowed: discard {need} cards, not 2: nothing was discarded" in out
    assert out.count(f"Discard {need} cards:") == 3  # the same question, the same count, after `hand` too
    assert "you discard" not in out
    after = replay(load_record(path)).state
    assert after.current_player == seat and after.phase == "discard"
    assert [str(c) for c in after.observation(seat).hand] == hand


def test_a_refill_discard_may_be_short_but_not_above_six(tmp_path: Path) -> None:
    """Refill (SPEC 2.5, smear_mn_original): any number of cards down to six; fewer than that is refused."""
    state = reach("smear_mn_original", 4, lambda s: s.phase == "discard")
    assert state is not None
    seat = state.current_player
    obs = state.observation(seat)
    least = len(obs.hand) - 6
    assert least > 0
    cards = [str(a.card) for a in obs.legal_actions if isinstance(a, SA.Discard)]
    too_few, enough = " ".join(cards[: least - 1]) or "none", " ".join(cards[:least])
    out, path = resume_at(state, tmp_path, f"{too_few}\n{enough}\nquit\n")
    assert f"not allowed: discard at least {least} cards (down to six)" in out
    assert f"you discard {enough}" in out
    actions = load_record(path)["deals"][-1]["actions"]
    assert [a for s, a in actions if s == seat and a.startswith("-")] == ["-" + c for c in enough.split()]


def test_a_short_tarok_lay_away_is_refused_with_the_count_and_changes_nothing(tmp_path: Path) -> None:
    """SPEC 4.7: the threesome bidder lays away three cards; one or two are refused whole."""
    state = new_game("tarok_3p", seed=1)
    seat = state.current_player
    for word in ("threesome", "pass", "pass", "accept"):
        state.apply_text(word)
    assert state.phase == "discard"
    suit_cards = [str(a.card) for a in state.legal_actions() if isinstance(a, TA.Discard) and not a.card.is_trump]
    out, path = resume_at(state, tmp_path, f"{suit_cards[0]} {suit_cards[1]}\n{suit_cards[0]}\nquit\n")
    assert "not allowed: lay away 3 cards, not 2: nothing was laid away" in out
    assert "not allowed: lay away 3 cards, not 1: nothing was laid away" in out
    assert out.count("Lay away 3 cards:") == 3
    after = replay(load_record(path)).state
    assert after.phase == "discard" and after.observation(seat).discard_count == 0


# ---------------------------------------------------------------------- refusals in the second person
def stranger_to(state: Any, seat: int) -> str:
    """A card of the deck that ``seat`` does not hold."""
    held = {c.index for c in state.observation(seat).hand}
    return next(str(c) for c in CARDS[:52] if c.index not in held)


def must_follow(state: Any) -> bool:
    """The player to act holds a card the trick in progress forbids."""
    if state.phase != "play" or not state.observation(state.current_player).trick:
        return False
    obs = state.observation(state.current_player)
    legal = {a.card.index for a in obs.legal_actions}
    return any(c.index not in legal for c in obs.hand)


def test_smear_refusals_speak_to_the_player(tmp_path: Path) -> None:
    """SPEC 2.7 follow_or_trump: "you must follow hearts or play a trump", not "(follow_or_trump)"."""
    state = next(s for seed in range(1, 40) if (s := reach("smear_ten_point", seed, must_follow)) is not None)
    seat = state.current_player
    obs = state.observation(seat)
    legal = {a.card.index for a in obs.legal_actions}
    wrong = next(c for c in obs.hand if c.index not in legal)
    stranger = stranger_to(state, seat)
    with pytest.raises(IllegalAction, match=f"{stranger} is not in the hand of seat {seat}"):
        state.clone().apply_text(stranger)  # the engine keeps its own words for records, bots and the server
    out, _ = resume_at(state, tmp_path, f"{stranger}\n{wrong}\nquit\n")
    assert f"not allowed: {stranger} is not in your hand" in out
    led = obs.trick[0][1]
    suit = "trump" if led.index in table_trumps(state) else ("spades", "hearts", "diamonds", "clubs")[led.suit]
    if suit == "trump":
        assert "not allowed: trump was led: you must play a trump" in out
    else:
        assert f"not allowed: you must follow {suit} or play a trump" in out
    assert "of seat" not in out and "follow_or_trump" not in out


def table_trumps(state: Any) -> set[int]:
    from jick.games.smear.tables import trump_table

    return set(trump_table(state.rules, state.trump).order)


def test_tarok_and_lift_smoke_refusals_speak_to_the_player(tmp_path: Path) -> None:
    for preset in ("tarok_3p", "lift_smoke"):
        state = next(s for seed in range(1, 40) if (s := reach(preset, seed, must_follow)) is not None)
        seat = state.current_player
        obs = state.observation(seat)
        legal = {a.card.index for a in obs.legal_actions}
        wrong = next(c for c in obs.hand if c.index not in legal)
        stranger = next(str(c) for c in ("KS", "KH", "KD", "KC", "QS", "QH", "AS") if c not in map(str, obs.hand))
        out, _ = resume_at(state, tmp_path, f"{stranger}\n{wrong}\nquit\n")
        assert f"not allowed: {stranger} is not in your hand" in out
        led = obs.trick[0][1]
        if preset == "lift_smoke":
            assert f"not allowed: you must follow {('spades', 'hearts', 'diamonds', 'clubs')[led.suit]}" in out
        elif led.is_trump:
            assert "not allowed: trump was led: you must play a trump" in out
        elif any(c.suit == led.suit for c in obs.hand):
            assert f"not allowed: you must follow {('spades', 'hearts', 'diamonds', 'clubs')[led.suit]}" in out
        else:
            assert f"not allowed: you hold no {('spades', 'hearts', 'diamonds', 'clubs')[led.suit]}: you must" in out
        assert "of seat" not in out and "may not be played to a trick" not in out


# ---------------------------------------------------------------------- tricks
@pytest.mark.parametrize("preset", ["smear_ten_point", "tarok_3p", "lift_smoke"])
def test_tricks_before_the_first_trick(preset: str, tmp_path: Path) -> None:
    seat = first_human_seat(preset, 5)
    args = ["--preset", preset, "--seed", "5", "--seat", str(seat), "--record", str(tmp_path / "g.json")]
    out = play(args, "tricks\n")
    assert NO_TRICK_YET in out and NO_TRICK_YET.lower().startswith("no trick played yet")


# ---------------------------------------------------------------------- sides
def test_partners_read_us_and_them(tmp_path: Path) -> None:
    out = play(["--seed", "5", "--record", str(tmp_path / "g.json")], "quit\n")
    assert "Teams: us (you and seat 2) vs them (seats 1 and 3)" in out
    assert "score us 0, them 0" in out
    assert "seats 0+2" not in out


def test_a_hand_summary_reads_us_and_them(tmp_path: Path) -> None:
    """A hand played to its end by a person (typing the easy bot's choices): its points and the score."""
    state = new_game("smear_ten_point", seed=5)
    kinds = ["human", "easy", "easy", "easy"]
    bots: dict[int, Any] = {s: make_bot("easy", s, game="smear") for s in (1, 2, 3)}
    adviser = make_bot("easy", 9, game="smear")
    out = io.StringIO()

    def person(_prompt: str) -> str:
        if "Score:" in out.getvalue():
            return "quit"
        obs = state.observation(0)
        turn = game.view.hint_turn(obs, adviser.choose(obs), adviser.choose)
        return Text.from_markup(game.view.hint_text(turn)).plain

    game = TerminalGame(state, kinds, bots, Console(file=out, width=200), person, tmp_path / "g.json")
    assert game.run() == 0
    text = out.getvalue()
    score = next(line for line in text.splitlines() if line.startswith("Score:"))
    assert score.startswith("Score: us ") and ", them " in score
    summary = text.split("Score:")[0].rsplit("Hand 1:", 1)[1]
    assert ": us " in summary and ", them " in summary  # the hand's changes and totals
    assert "seats 0+2" not in text and "seats 1+3" not in text


def test_bots_alone_keep_the_seat_names(tmp_path: Path) -> None:
    out = play(
        ["--seats", "bot,bot,bot,bot", "--seed", "1", "--set", "target_score=5", "--record", str(tmp_path / "g")], ""
    )
    assert "Teams: seats 0+2 vs seats 1+3" in out and "win the match" in out and " us " not in out


# ---------------------------------------------------------------------- trumps of another suit
def test_the_jick_and_jokers_are_shown_as_trumps() -> None:
    state = new_game("smear_ten_point", seed=1)
    hearts = 1
    jick, joker, other_jack, ace = (Card.of(name) for name in ("JD", "HJ", "JS", "AH"))
    assert trick_card_text(jick, hearts, state.rules).endswith("(trump)")
    assert trick_card_text(joker, hearts, state.rules).endswith("(trump)")
    assert "(trump)" not in trick_card_text(other_jack, hearts, state.rules)
    assert "(trump)" not in trick_card_text(ace, hearts, state.rules)  # a trump of the trump suit needs no mark
    assert "(trump)" not in trick_card_text(jick, None, state.rules)  # before trump is named


def test_the_jick_in_hand_is_grouped_with_the_trumps(tmp_path: Path) -> None:
    def holds_jick(state: Any) -> bool:
        if state.phase != "play":
            return False
        obs = state.observation(state.current_player)
        return any(c.index in table_trumps(state) and (c.is_joker or c.suit != obs.trump) for c in obs.hand)

    state = next(s for seed in range(1, 40) if (s := reach("smear_ten_point", seed, holds_jick)) is not None)
    obs = state.observation(state.current_player)
    groups = dict(sorted_hand(obs.hand, obs))
    odd = [c for c in obs.hand if c.index in table_trumps(state) and (c.is_joker or c.suit != obs.trump)]
    assert odd and all(c in groups["trumps"] for c in odd)
    out, _ = resume_at(state, tmp_path, "hand\nquit\n")
    hand_line = next(line for line in out.splitlines() if line.startswith("Your hand: trumps: "))
    trumps = hand_line.split("trumps: ", 1)[1].split("  ", 1)[0].split()
    assert all(str(c) in trumps for c in odd)
