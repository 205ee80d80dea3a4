"""Keeps benchmarks/ladder.py's bid-level record honest (the ladder's runs are benchmarks, not tests)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from jick.arena import run_arena
from script_kit import load_script


def test_bid_levels_match_the_arena_record_play_for_play(tmp_path: Path) -> None:
    ladder = load_script("ladder")
    book, levels = tmp_path / "run.jsonl", tmp_path / "run-levels.jsonl"
    with ladder.recording_levels(levels):
        run_arena("smear_ten_point", ["heuristic", "random"], deals=2, seed=5, players=5, checkpoint=book)
    kept = [json.loads(line) for line in levels.read_text().splitlines()]
    assert [row["index"] for row in kept] == [0, 1]
    assert all(len(row["bids"]) == 30 for row in kept)  # 2^5 - 2 seatings of two bots at five seats
    deals = [json.loads(line) for line in book.read_text().splitlines()[1:]]
    counts = ladder.set_by_level(book, levels, ["heuristic", "random"])
    bids = sum(n for bot in counts.values() for n, _ in bot.values())
    set_ = sum(s for bot in counts.values() for _, s in bot.values())
    plays = [p for d in deals for p in d["plays"] if p["bid"] is not None]
    assert bids == len(plays)
    assert set_ == sum(not p["bid"][1] for p in plays)
    # a set bidder plays alone at five seats and loses exactly its bid
    for deal, row in zip(deals, kept, strict=True):
        for play, level in zip(deal["plays"], row["bids"], strict=True):
            if play["bid"] is not None and not play["bid"][1] and level.isdigit():
                assert play["points"][play["bid"][0]] == -int(level)
    # the hooks are put back afterwards
    from jick.games.smear import arena as smear_arena

    assert smear_arena.deal_bid.__name__ == "deal_bid"


def test_a_single_deal_prints_its_row_without_an_interval() -> None:
    ladder = load_script("ladder")
    assert ladder.interval_text(None) == "[no interval: one deal]"
    assert ladder.interval_text([-1.0, 2.5]) == "[-1.00, +2.50]"


def test_ladder_roles_files_each_seat_by_its_role_and_adds_up_to_the_lead(tmp_path: Path) -> None:
    roles = load_script("ladder_roles")
    book = tmp_path / "run.jsonl"
    run_arena("smear_ten_point", ["heuristic", "random"], deals=3, seed=5, players=6, seating="field", checkpoint=book)
    deals = [json.loads(line) for line in book.read_text().splitlines()[1:]]
    rows = roles.comparisons(book)
    assert len(rows) == 3 * 3 * 2  # three deals, three plays, two seats of the first bot's team in each
    # the rows' mean is the arena's first bot less the second (the field design is balanced by seat)
    firsts, seconds = [], []
    for deal in deals:
        a = [pts for play in deal["plays"] for bot, pts in zip(play["lineup"], play["points"], strict=True) if bot == 0]
        b = [pts for play in deal["plays"] for bot, pts in zip(play["lineup"], play["points"], strict=True) if bot == 1]
        firsts.append(sum(a) / len(a))
        seconds.append(sum(b) / len(b))
    assert abs(sum(r["diff"] for r in rows) / len(rows) - (sum(firsts) - sum(seconds)) / 3) < 1e-9
    # a row is "bid" exactly when the first bot's side won that play's auction
    for row, (play, seat) in zip(rows, _first_bot_seats(deals), strict=True):
        bidder = play["bid"][0] if play["bid"] else None
        assert (row["a"] == "bid") == (bidder is not None and bidder % 3 == seat % 3)
    text = "\n".join(roles.report(book))
    assert "| bid |" in text and "| defend |" in text


def _first_bot_seats(deals: list[dict]) -> list[tuple[dict, int]]:
    return [
        (play, seat) for deal in deals for play in deal["plays"] for seat, bot in enumerate(play["lineup"]) if bot == 0
    ]


def test_a_malformed_step_or_an_unknown_bot_is_one_line_before_anything_runs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ladder = load_script("ladder")
    for steps, message in (("search", "'search' is not A:B"), ("search:nobody", "unknown bot 'nobody'")):
        with pytest.raises(SystemExit) as stopped:
            ladder.main(["--steps", steps, "--deals", "1", "--out", str(tmp_path)])
        assert stopped.value.code == 2
        out, err = capsys.readouterr()
        assert out == "" and message in err.splitlines()[-1]
    assert list(tmp_path.iterdir()) == []


def test_a_step_names_a_bot_with_options(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``--steps heuristic:jump_threshold=0.7:heuristic``: the options follow their bot; a wrong one is one line."""
    ladder = load_script("ladder")
    assert ladder.parse_steps("heuristic:jump_threshold=0.7:own_min=2:heuristic, search:heuristic") == [
        ("heuristic:jump_threshold=0.7:own_min=2", "heuristic"),
        ("search", "heuristic"),
    ]
    ladder.main(["--steps", "heuristic:bid_threshold=0.3:heuristic", "--deals", "2", "--seed", "3",
                 "--workers", "1", "--presets", "smear_ten_point", "--out", str(tmp_path)])  # fmt: skip
    assert "heuristic:bid_threshold=0.3 > heuristic" in capsys.readouterr().out
    with pytest.raises(SystemExit) as stopped:
        ladder.main(["--steps", "heuristic:bar=0.3:heuristic", "--deals", "1", "--out", str(tmp_path / "no")])
    assert stopped.value.code == 2
    assert "has no option 'bar'" in capsys.readouterr().err.splitlines()[-1]
