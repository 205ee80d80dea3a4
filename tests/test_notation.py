"""Text notations of records (docs/records.md, Text notation and PTN): ``jick record export`` / ``import``.

Every record the session can make (each game, several presets, finished or
not, seeded or with fair-shuffle commitments, with meta, void deals and an
ended session) goes to text and back to the same JSON record; a malformed text
is refused with its line and the reason, in one line with exit code 2.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from jick.cli import app
from jick.engine import RecordError
from jick.notation import TextRecordError, export_ptn, export_text, import_ptn, import_text
from jick.record import dumps_record, replay
from jick.session import Session

runner = CliRunner()


def played(
    preset: str, steps: int, seed: int | None, *, fresh: bool = False, overrides: dict[str, Any] | None = None
) -> Session:
    """A session of ``preset`` after up to ``steps`` random legal actions (fast: no bot thinks)."""
    session = Session.new(preset, seed=seed, fresh_draws=fresh, overrides=overrides)
    rng = random.Random(seed or 0)
    for _ in range(steps):
        if session.is_over or session.to_act < 0:
            break
        session.act(session.to_act, rng.choice(session.state.legal_actions()))
    return session


def round_trip(record: dict[str, Any]) -> str:
    """Export, import, export again: the record and the text come back identical."""
    text = export_text(record)
    back = import_text(text)
    assert back == record
    assert list(back) == list(record)  # the fields in the order jick writes them
    assert export_text(back) == text
    assert export_text(record) == text  # deterministic
    return text


PRESETS = [
    "smear_ten_point",
    "smear_mn_basic4",
    "smear_mn_original",
    "smear_widow",
    "tarok_3p",
    "tarok_4p",
    "lift_smoke",
]


@settings(max_examples=12, deadline=None)
@given(
    preset=st.sampled_from(PRESETS),
    steps=st.integers(0, 160),
    seed=st.integers(0, 10_000),
    fresh=st.booleans(),
)
def test_every_record_round_trips(preset: str, steps: int, seed: int, fresh: bool) -> None:
    session = played(preset, steps, None if fresh else seed, fresh=fresh)
    record = session.record(meta={"tool": "test", "seats": ["random"] * session.state.num_players})
    text = round_trip(record)
    assert ("[Commitments " in text) == fresh
    assert f'[Game "{record["game"]}"]' in text


@pytest.mark.parametrize("preset", ["smear_ten_point", "tarok_3p", "lift_smoke"])
def test_finished_matches_round_trip(preset: str) -> None:
    overrides = {"smear_ten_point": {"target_score": 4}, "tarok_3p": {"deals_per_match": 2}}.get(preset)
    if preset == "lift_smoke":
        overrides = {"games_per_session": 2}
    session = played(preset, 2000, 7, overrides=overrides)
    assert session.is_over
    record = session.record()
    text = round_trip(record)
    assert "finished = true" in text
    assert ("[Pot " if preset == "lift_smoke" else "[Contract ") in text and "[Scores " in text


def test_void_deal_ended_session_and_odd_meta_round_trip() -> None:
    session = played("smear_ten_point", 3, 11)
    session.state.void_deal('a "card" was exposed; redeal')
    session = Session(session.state, ["human"] * 4)
    record = session.record(meta={"tool": "x; y", "odd key = 1": [1, {"a": None}], "ünï": "código"})
    text = round_trip(record)
    assert '[Void "a \\"card\\" was exposed; redeal"]' in text
    lift = played("lift_smoke", 40, 2)
    lift.state.end_session()
    text = round_trip(lift.record())
    assert '[SessionEnded "true"]' in text


def test_a_void_reason_with_a_line_break_is_refused_in_one_line() -> None:
    session = played("smear_ten_point", 3, 11)
    session.state.void_deal("exposed\ncard")
    with pytest.raises(RecordError, match="line break"):
        export_text(session.record())


def test_the_layout_reads_like_a_transcript() -> None:
    record = played("smear_ten_point", 60, 3).record()
    text = export_text(record)
    lines = text.splitlines()
    play = lines.index(next(line for line in lines if line.startswith("[Play ")))
    trick = lines[play + 1].split()
    assert trick[0].rstrip(":").isdigit() and len(trick) == 5  # the leader, then the four cards of the trick
    assert all(line.split(":")[0].isdigit() for line in lines[play + 1 : play + 7])
    assert [line.split(":")[0] for line in lines if line.startswith("; seat ")][:4] == [f"; seat {s}" for s in range(4)]


def test_comments_and_hand_edits_are_read() -> None:
    record = played("smear_ten_point", 30, 5).record()
    text = export_text(record)
    commented = text.replace('[Deal "1"]', '; the first deal\n[Deal "1"] ; comment after a tag')
    commented = commented.replace("\n[Auction", "\n{a brace comment}\n[Auction", 1)
    assert import_text(commented) == record


# ---------------------------------------------------------------------------- refused texts


def exported(tmp_path: Path) -> tuple[Path, str]:
    record = played("smear_ten_point", 30, 5).record()
    path = tmp_path / "match.json"
    path.write_text(dumps_record(record), encoding="utf-8")
    return path, export_text(record)


def refused(tmp_path: Path, text: str) -> str:
    """Import ``text`` with the CLI: exit 2 and one line on stderr, no traceback; the line is returned."""
    bad = tmp_path / "bad.txt"
    bad.write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["record", "import", str(bad)])
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    err = result.stderr.strip()
    assert "\n" not in err and "Traceback" not in err
    assert err.startswith("jick: error: ")
    assert result.stdout == ""
    return err


def line_of(text: str, start: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), start=1) if line.startswith(start))


def test_bad_tag_line(tmp_path: Path) -> None:
    _, text = exported(tmp_path)
    bad = text.replace('[Seed "5"]', "[Seed 5]")
    err = refused(tmp_path, bad)
    assert f"line {line_of(text, '[Seed ')}:" in err and "double quotes" in err


def test_unknown_preset(tmp_path: Path) -> None:
    _, text = exported(tmp_path)
    err = refused(tmp_path, text.replace('[Preset "smear_ten_point"]', '[Preset "smear_eleven"]'))
    assert f"line {line_of(text, '[Preset ')}:" in err and "smear_eleven" in err


def test_illegal_action(tmp_path: Path) -> None:
    _, text = exported(tmp_path)
    lines = text.splitlines()
    k = line_of(text, "[Auction ")  # the next line is the first bid
    seat, bid = lines[k].split(": ")
    lines[k] = f"{seat}: 11"
    err = refused(tmp_path, "\n".join(lines) + "\n")
    assert f"line {k + 1}:" in err and "illegal" in err and "11" in err


def test_wrong_seat_on_a_line(tmp_path: Path) -> None:
    _, text = exported(tmp_path)
    lines = text.splitlines()
    k = line_of(text, "[Auction ")
    seat, rest = lines[k + 1].split(": ", 1)
    lines[k + 1] = f"{(int(seat) + 1) % 4}: {rest}"
    err = refused(tmp_path, "\n".join(lines) + "\n")
    assert f"line {k + 2}:" in err and "seat" in err


def test_missing_required_tag(tmp_path: Path) -> None:
    _, text = exported(tmp_path)
    err = refused(tmp_path, "\n".join(line for line in text.splitlines() if not line.startswith("[Deck ")))
    assert f"line {line_of(text, '[Deal ')}:" in err and "[Deck]" in err
    err = refused(tmp_path, text.replace('[FirstDealer "', '; [FirstDealer "'))
    assert "no [FirstDealer] tag" in err


def test_unknown_tag_bad_rules_and_wrong_result(tmp_path: Path) -> None:
    _, text = exported(tmp_path)
    deck = line_of(text, "[Deck ")
    err = refused(tmp_path, text.replace("\n[Deck ", '\n[Bogus "1"]\n[Deck ', 1))
    assert f"line {deck}: unknown tag [Bogus] in deal 1" in err
    err = refused(tmp_path, text.replace('discard_mode = "free_to_six"', 'discard_mode = "burn"'))
    assert f"line {line_of(text, 'discard_mode = ')}:" in err and "'burn' is not allowed" in err
    err = refused(tmp_path, text.replace("hands = ", "hands = 9 ; was ", 1))
    assert f"line {line_of(text, '[Result ')}:" in err and "hands = 9" in err
    err = refused(tmp_path, text.replace("hands = 0", "hands = zero", 1))
    assert f"line {line_of(text, 'hands = ')}: [Result]: the value of 'hands' is not JSON" in err


def test_a_json_record_or_a_stray_option_is_refused(tmp_path: Path) -> None:
    path, text = exported(tmp_path)
    result = runner.invoke(app, ["record", "import", str(path)])
    assert result.exit_code == 2 and "this is JSON, not a text record" in result.stderr
    good = tmp_path / "good.txt"
    good.write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["record", "import", str(good), "--preset", "smear_ten_point"])
    assert result.exit_code == 2 and "--preset is for PTN" in result.stderr
    result = runner.invoke(app, ["record", "export", str(path), "--format", "pbn"])
    assert result.exit_code == 2 and result.stdout == ""


def test_derived_tags_are_checked() -> None:
    record = played("smear_ten_point", 120, 3).record()
    text = export_text(record)
    scores = next(line for line in text.splitlines() if line.startswith("[Scores "))
    with pytest.raises(TextRecordError, match=rf"line {line_of(text, scores)}: deal 1: \[Scores"):
        import_text(text.replace(scores, '[Scores "99 99"]'))


# ---------------------------------------------------------------------------- CLI


def test_cli_export_and_import(tmp_path: Path) -> None:
    path, text = exported(tmp_path)
    result = runner.invoke(app, ["record", "export", str(path)])
    assert result.exit_code == 0 and result.stdout == text
    out = tmp_path / "match.txt"
    result = runner.invoke(app, ["record", "export", str(path), "--format", "pgn-style", "--out", str(out)])
    assert result.exit_code == 0 and out.read_text(encoding="utf-8") == text
    back = tmp_path / "back.json"
    result = runner.invoke(app, ["record", "import", str(out), "--out", str(back)])
    assert result.exit_code == 0, result.output
    assert json.loads(back.read_text(encoding="utf-8")) == json.loads(path.read_text(encoding="utf-8"))
    replay(json.loads(back.read_text(encoding="utf-8")))
    result = runner.invoke(app, ["record", "export", str(tmp_path / "missing.json")])
    assert result.exit_code == 2 and "does not exist" in result.stderr


# ---------------------------------------------------------------------------- PTN


#: Seat 1 holds the spades 2-J, seat 2 the hearts, seat 3 the diamonds, seat 4 the clubs.
DEAL = " ".join(".".join(rank + suit for rank in "2 3 4 5 6 7 8 9 10 J".split()) for suit in "SHDC")
PTN_EXAMPLE = f"""\
[Event "Tuesday club"]
[Variant "smear_ten_point"]
[Dealer "4"]
[Deal "1:{DEAL}"]
[Auction "1"]
2 Pass Pass Pass
[Contract "2S"]
[Declarer "1"]
[Play "1"]
JS 10H 10D 10C
10S 9H 9D 9C
9S 8H 8D 8C
8S 7H 7D 7C
7S 6H 6D 6C
6S 5H 5D 5C
[GameScores "3 0"]
"""


def test_ptn_example_round_trips(tmp_path: Path) -> None:
    record = import_ptn(PTN_EXAMPLE)
    assert record["meta"]["event"] == "Tuesday club"
    assert record["deals"][0]["dealer"] == 3 and record["deals"][0]["outcome"] == "played"
    assert export_ptn(record) == PTN_EXAMPLE
    src = tmp_path / "game.ptn"
    src.write_text(PTN_EXAMPLE, encoding="utf-8")
    result = runner.invoke(app, ["record", "import", str(src)])  # found to be PTN by its tags
    assert result.exit_code == 0, result.output
    rec = tmp_path / "game.json"
    rec.write_text(result.stdout, encoding="utf-8")
    result = runner.invoke(app, ["record", "export", str(rec), "--format", "ptn"])
    assert result.exit_code == 0 and result.stdout == PTN_EXAMPLE


def test_ptn_unknown_hands_are_filled_and_written_again() -> None:
    text = PTN_EXAMPLE.replace("2H.3H.4H.5H.6H.7H.8H.9H.10H.JH", "-")
    record = import_ptn(text)
    assert record["meta"]["ptn_unknown_hands"] == [[1, 2]]
    played_by_seat_1 = [
        a[1] for a in record["deals"][0]["actions"] if a[0] == 1 and a[1] != "pass" and not a[1].startswith("-")
    ]
    assert played_by_seat_1 == ["10H", "9H", "8H", "7H", "6H", "5H"]
    assert record["result"]["scores"] == [3, 0]
    assert export_ptn(record) == text


def test_a_played_match_round_trips_through_ptn() -> None:
    session = Session.new("smear_ten_point", seed=9)
    rng = random.Random(9)
    while len(session.state.deals) < 4:  # three played hands, and the fourth just dealt (left out of PTN)
        session.act(session.to_act, rng.choice(session.state.legal_actions()))
    full = session.record()
    text = export_ptn(full)
    assert text.count("[Deal ") == 3
    full["deals"] = full["deals"][:3]
    back = import_ptn(text)
    assert export_ptn(back) == text
    for mine, theirs in zip(back["deals"], full["deals"], strict=True):
        bids = [a for a in mine["actions"] if not a[1].startswith("-")]
        assert bids == [a for a in theirs["actions"] if not a[1].startswith("-")]
        assert sorted(a[1] for a in mine["actions"]) == sorted(a[1] for a in theirs["actions"])


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (('[Variant "smear_ten_point"]', '[Variant "smear_widow"]'), "does not map onto PTN: kitty_size"),
        (('[Variant "smear_ten_point"]', '[Variant "tarok_3p"]'), "Pitch/Smear presets only"),
        (('[Variant "smear_ten_point"]', '[Variant "nope"]'), "nope"),
        (("2H.3H.4H.5H.6H.7H.8H.9H.10H.JH", "2H.3H"), "seat 2 holds 2 cards; the preset deals 10"),
        (('[Dealer "4"]', '[Dealer "2"]'), "seat 3 bids first, not 1"),
        (('[Contract "2S"]', '[Contract "3S"]'), "but the auction gives 2S"),
        (("[Play ", '[Vulnerable "None"]\n[Play '), "[Vulnerable] does not map"),
        (("JS 10H 10D 10C", "10H JS 10D 10C"), "illegal"),
        (('[GameScores "3 0"]', '[GameScores "1 0"]'), "GameScores"),
    ],
)
def test_ptn_that_does_not_map_is_refused_in_one_line(tmp_path: Path, change: tuple[str, str], reason: str) -> None:
    err = refused(tmp_path, PTN_EXAMPLE.replace(*change))
    assert reason in err and "line " in err


def test_ptn_export_refuses_what_does_not_map(tmp_path: Path) -> None:
    for preset, reason in [("tarok_3p", "PTN holds Pitch/Smear games"), ("smear_widow", "does not map onto PTN")]:
        record = played(preset, 5, 1).record()
        with pytest.raises(TextRecordError, match=reason):
            export_ptn(record)
    unfinished = played("smear_ten_point", 5, 1).record()
    with pytest.raises(TextRecordError, match="played hands only: deal 1 is not over"):
        export_ptn(unfinished)


def test_the_real_command_refuses_a_bad_text_without_a_traceback(tmp_path: Path) -> None:
    """The installed ``jick`` script (not only the test runner): exit 2, one line on stderr."""
    import subprocess
    import sys

    _, text = exported(tmp_path)
    bad = tmp_path / "bad.txt"
    bad.write_text(text.replace('[Game "smear"]', '[Game "chess"]'), encoding="utf-8")
    script = "from jick.cli import main; main()"
    done = subprocess.run(
        [sys.executable, "-c", script, "record", "import", str(bad)], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.strip() == (
        f"jick: error: line {line_of(text, '[Game ')}: unknown game 'chess' in record (games: smear, tarok, liftsmoke)"
    )
