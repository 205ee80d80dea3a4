"""The arena: duplicate seating, statistics against textbook formulas, determinism, the `jick arena` command."""

from __future__ import annotations

import io
import json
import math
import re
from collections import Counter
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from jick.arena import run_arena
from jick.arena.hooks import GameArena, arena_hooks
from jick.arena.ratings import Rating, rate
from jick.arena.report import print_result
from jick.arena.result import ArenaResult
from jick.arena.seating import lineup_text, seatings, unit_assignments
from jick.arena.stats import MeanInterval, mean_interval, paired_difference, wilson_interval
from jick.arena.summary import (
    BotSummary,
    PairSummary,
    bid_rates,
    bot_points,
    contests,
    deal_means,
    match_win_rates,
    pair_summaries,
    win_shares,
)
from jick.arena.worker import DealPlay, DealResult, MatchPlay, MatchResult, Setup, _bots
from jick.bots.budget import LEVEL_SECONDS
from jick.cli import app
from jick.engine import RulesError
from jick.game import PACKAGES
from jick.registry import load_rules

runner = CliRunner()
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
#: Two-sided 95% quantiles of Student's t (any printed t-table) and of the normal distribution.
T975 = {3: 3.182446, 4: 2.776445}
Z975 = 1.959964


def sides(preset: str, players: int | None = None, **overrides: object) -> tuple[int, ...]:
    rules = load_rules(preset, players, overrides)
    return arena_hooks(load_game(preset)).seat_sides(rules)


def load_game(preset: str) -> str:
    from jick.registry import resolve

    return resolve(preset)[0]


def texts(lineups: list[tuple[int, ...]]) -> list[str]:
    return [lineup_text(x) for x in lineups]


# ---------------------------------------------------------------------- seating
def test_two_seats_two_bots_swap() -> None:
    assert texts(seatings((0, 1), 2)) == ["AB", "BA"]


def test_three_handed_games_play_every_mixed_assignment() -> None:
    for preset in ("smear_mn_three_handed", "tarok_3p"):
        assert sorted(texts(seatings(sides(preset), 2))) == sorted(["AAB", "ABA", "BAA", "ABB", "BAB", "BBA"])


def test_partnerships_play_both_team_assignments() -> None:
    assert sides("smear_ten_point") == (0, 1, 0, 1)  # pairs_opposite: seat i partners seat i + 2
    assert texts(seatings(sides("smear_ten_point"), 2)) == ["ABAB", "BABA"]
    alternating = sides("smear_ten_point", 6, partnerships="two_teams_alternating")
    assert texts(seatings(alternating, 2)) == ["ABABAB", "BABABA"]


def test_three_partnerships_of_two_keep_partners_together() -> None:
    lineups = seatings(sides("smear_five_point_team", 6), 2)  # three sides: seats i and i + 3
    assert sorted(texts(lineups)) == sorted(["AABAAB", "ABAABA", "BAABAA", "ABBABB", "BABBAB", "BBABBA"])


def test_four_and_five_individual_seats_with_two_bots() -> None:
    for preset, players in (("tarok_4p", None), ("lift_smoke", 4), ("smear_ten_point", 5), ("lift_smoke", 5)):
        seats = sides(preset, players)
        n = len(seats)
        lineups = seatings(seats, 2)
        assert len(lineups) == 2**n - 2 == len(set(lineups))  # every assignment but all-A and all-B
        assert all(len(set(x)) == 2 for x in lineups)
        for seat in range(n):  # each seat gets each bot equally often
            assert Counter(x[seat] for x in lineups) == {0: 2 ** (n - 1) - 1, 1: 2 ** (n - 1) - 1}


def test_as_many_bots_as_seats_play_every_permutation() -> None:
    lineups = seatings((0, 1, 2), 3)
    assert sorted(texts(lineups)) == ["ABC", "ACB", "BAC", "BCA", "CAB", "CBA"]
    assert len(seatings((0, 1, 2, 3), 4)) == 24


def test_other_counts_rotate_the_lineup_so_each_seat_gets_each_bot_once() -> None:
    assert texts(seatings((0, 1, 2, 3), 3)) == ["ABCA", "BCAB", "CABC"]
    lineups = seatings((0, 1, 2, 3, 4), 3)
    for seat in range(5):
        assert sorted(x[seat] for x in lineups) == [0, 1, 2]
    assert unit_assignments(2, 3) == [(0, 1), (1, 2), (2, 0)]


# ---------------------------------------------------------------------- statistics
def test_t_interval_of_a_mean() -> None:
    m = mean_interval([1.0, 2.0, 3.0, 4.0, 5.0])
    sd = math.sqrt(10 / 4)  # sum of squared deviations 4+1+0+1+4 over n-1
    half = T975[4] * sd / math.sqrt(5)
    assert m.mean == 3.0 and m.n == 5
    assert m.sd == pytest.approx(sd)
    assert (m.low, m.high) == pytest.approx((3 - half, 3 + half), abs=1e-5)
    assert (m.low, m.high) == pytest.approx((1.037, 4.963), abs=1e-3)
    single = mean_interval([4.0])
    assert single.mean == 4.0 and single.low is None and single.high is None


def test_paired_t_interval_and_p_value() -> None:
    a = [10.0, 12.0, 9.0, 11.0]
    b = [8.0, 9.0, 9.0, 8.0]
    d = paired_difference(a, b)  # differences 2, 3, 0, 3: mean 2, variance 6/3 = 2
    se = math.sqrt(2) / 2
    assert d.mean == 2.0 and d.n == 4
    assert (d.low, d.high) == pytest.approx((2 - T975[3] * se, 2 + T975[3] * se), abs=1e-5)
    # Student's t with 3 degrees of freedom has a closed-form CDF:
    # F(t) = 1/2 + (t / (sqrt(3) (1 + t^2/3)) + atan(t / sqrt(3))) / pi
    t = 2 / se
    p = 1 - 2 * (t / (math.sqrt(3) * (1 + t * t / 3)) + math.atan(t / math.sqrt(3))) / math.pi
    assert d.p_value == pytest.approx(p, rel=1e-6)
    assert 0.05 < p < 0.10
    with pytest.raises(ValueError):
        paired_difference([1.0], [1.0, 2.0])


def test_wilson_interval() -> None:
    w = wilson_interval(8, 10)
    z2 = Z975 * Z975
    centre = (0.8 + z2 / 20) / (1 + z2 / 10)
    half = Z975 * math.sqrt(0.8 * 0.2 / 10 + z2 / 400) / (1 + z2 / 10)
    assert w.rate == 0.8
    assert (w.low, w.high) == pytest.approx((centre - half, centre + half), abs=1e-6)
    assert (w.low, w.high) == pytest.approx((0.4902, 0.9433), abs=1e-4)
    none = wilson_interval(0, 10)  # 0 successes: [0, z^2 / (n + z^2)]
    assert none.low == pytest.approx(0.0, abs=1e-12) and none.high == pytest.approx(z2 / (10 + z2), abs=1e-6)
    empty = wilson_interval(0, 0)
    assert empty.rate is None and empty.low is None
    with pytest.raises(ValueError):
        wilson_interval(3, 2)


def deal(matchup: int, index: int, plays: list[tuple[str, list[float], tuple[int, bool] | None]]) -> DealResult:
    """A synthetic deal result; lineups as letters (A = bot 0 of the matchup)."""
    return DealResult(
        matchup,
        index,
        seed=index,
        first_dealer=0,
        plays=tuple(DealPlay(tuple(ord(c) - 65 for c in seats), tuple(points), bid) for seats, points, bid in plays),
    )


def test_deal_means_pool_every_seat_of_every_play() -> None:
    plays = deal(0, 0, [("AAB", [3, 1, -4], (0, True)), ("ABB", [2, -1, -1], None)]).plays
    # A: 3, 1, 2 -> 2; B: -4, -1, -1 -> -2
    assert deal_means(plays, 2) == (2.0, -2.0)


def test_pair_summary_and_bot_points_of_two_bots() -> None:
    names = ["x", "y"]
    matchups = [(0, 1)]
    deals = [
        deal(0, 0, [("ABAB", [5, 0, 5, 0], (1, False)), ("BABA", [2, 1, 2, 1], (0, True))]),  # x 3, y 1
        deal(0, 1, [("ABAB", [0, 4, 0, 4], (0, False)), ("BABA", [1, 1, 1, 1], (3, True))]),  # x 0.5, y 2.5
        deal(0, 2, [("ABAB", [6, 0, 6, 0], None), ("BABA", [0, 0, 0, 0], None)]),  # x 3, y 0
    ]
    (pair,) = pair_summaries(names, matchups, deals)
    diffs = [2.0, -2.0, 3.0]
    mean = sum(diffs) / 3
    sd = math.sqrt(sum((x - mean) ** 2 for x in diffs) / 2)
    assert (pair.a, pair.b) == ("x", "y")
    assert pair.mean_a == pytest.approx(6.5 / 3) and pair.mean_b == pytest.approx(3.5 / 3)
    assert pair.difference.mean == pytest.approx(mean)
    assert pair.difference.sd == pytest.approx(sd)
    x, y = bot_points(names, matchups, deals)
    assert x.mean == pytest.approx(6.5 / 3) and x.n == 3
    assert y.sd == pytest.approx(math.sqrt(((1 - 3.5 / 3) ** 2 + (2.5 - 3.5 / 3) ** 2 + (3.5 / 3) ** 2) / 2))
    # bids: seat 1 in ABAB is y (set), seat 0 in BABA is y (made), seat 0 in ABAB is x (set), seat 3 in BABA is x (made)
    (x_made, x_set), (y_made, y_set) = bid_rates(names, matchups, deals)
    assert (x_made.successes, x_made.trials, x_set.successes) == (1, 2, 1)
    assert (y_made.successes, y_made.trials, y_set.successes) == (1, 2, 1)


def test_league_points_average_each_deal_over_the_matchups_first() -> None:
    names = ["a", "b", "c"]
    matchups = [(0, 1), (0, 2), (1, 2)]
    deals = [
        deal(0, 0, [("AB", [4, 0], None), ("BA", [0, 4], None)]),  # a 4, b 0
        deal(0, 1, [("AB", [1, 1], None), ("BA", [1, 1], None)]),  # a 1, b 1
        deal(1, 0, [("AB", [2, 2], None), ("BA", [2, 2], None)]),  # a 2, c 2
        deal(1, 1, [("AB", [3, 1], None), ("BA", [1, 3], None)]),  # a 3, c 1
        deal(2, 0, [("AB", [0, 6], None), ("BA", [6, 0], None)]),  # b 0, c 6
        deal(2, 1, [("AB", [5, 5], None), ("BA", [5, 5], None)]),  # b 5, c 5
    ]
    a, b, c = bot_points(names, matchups, deals)
    # per deal index: a (4+2)/2 = 3 and (1+3)/2 = 2; b (0+0)/2, (1+5)/2; c (2+6)/2, (1+5)/2
    assert (a.mean, b.mean, c.mean) == pytest.approx((2.5, 1.5, 3.5))
    assert a.n == b.n == c.n == 2
    pairs = pair_summaries(names, matchups, deals)  # a - b: 4, 0; a - c: 0, 2; b - c: -6, 0
    assert [(p.a, p.b, p.difference.mean) for p in pairs] == [("a", "b", 2.0), ("a", "c", 1.0), ("b", "c", -3.0)]
    assert list(contests(matchups, deals[:1])) == [{0: 4.0, 1: 0.0}, {1: 0.0, 0: 4.0}]


def test_match_win_shares_and_rates() -> None:
    assert win_shares(MatchPlay((0, 1, 1), (0.0, 1.0, 0.0), (0, 5, 0), 3), 2) == (0.0, 1.0)
    assert win_shares(MatchPlay((0, 1, 1), (1.0, 1.0, 0.0), (5, 5, 0), 3), 2) == (0.5, 0.5)  # a shared top
    assert win_shares(MatchPlay((0, 1, 1), (0.0, 0.0, 0.0), (5, 5, 0), 3), 2) == (0.0, 0.0)  # nobody won
    plays = (
        MatchPlay((0, 1, 0, 1), (1.0, 0.0, 1.0, 0.0), (11, 4), 5),
        MatchPlay((1, 0, 1, 0), (1.0, 0.0, 1.0, 0.0), (11, 7), 6),
    )
    results = [MatchResult(0, 0, 1, 0, plays), MatchResult(0, 1, 2, 1, plays[:1] * 2)]
    x, y = match_win_rates(["x", "y"], [(0, 1)], results)
    assert (x.successes, x.trials, y.successes, y.trials) == (3.0, 4, 1.0, 4)
    assert (x.low, x.high) == pytest.approx((wilson_interval(3, 4).low, wilson_interval(3, 4).high))


def test_ratings_follow_the_ranks() -> None:
    better, worse = rate(["good", "bad"], [{0: 3.0, 1: 1.0}] * 5)
    assert better.mu > 25 > worse.mu and better.contests == 5
    assert better.sigma < 25 / 3
    even = rate(["p", "q"], [{0: 1.0, 1: 1.0}] * 3)
    assert even[0].mu == pytest.approx(even[1].mu)


# ---------------------------------------------------------------------- per-game hooks
def test_every_game_has_the_arena_hooks() -> None:
    for game in PACKAGES:
        hooks = arena_hooks(game)
        for name in GameArena.__dict__:
            if not name.startswith("_"):
                assert callable(getattr(hooks, name)), (game, name)


def test_lift_smoke_game_points_are_chip_changes() -> None:
    # SPEC 5.1 and 5.4: every seat antes 1 into the pot and the winner takes it: +(n - 1) and -1 for the rest.
    result = run_arena("lift_smoke", ["heuristic", "random"], deals=2, seed=4, players=5)
    for d in result.deals:
        assert len(d.plays) == 30
        for play in d.plays:
            assert sorted(play.points) == [-1.0, -1.0, -1.0, -1.0, 4.0]
            assert play.bid is None


def test_smear_partners_share_their_side_points() -> None:
    result = run_arena("smear_ten_point", ["random", "heuristic"], deals=3, seed=2)
    for d in result.deals:
        assert [lineup_text(p.lineup) for p in d.plays] == ["ABAB", "BABA"]
        for play in d.plays:
            assert play.points[0] == play.points[2] and play.points[1] == play.points[3]
            assert play.bid is not None and 0 <= play.bid[0] < 4


# ---------------------------------------------------------------------- runs
def test_same_seed_same_results_whatever_the_workers() -> None:
    one = run_arena("tarok_3p", "heuristic,random", deals=4, seed=11, workers=1).to_dict()
    two = run_arena("tarok_3p", "heuristic,random", deals=4, seed=11, workers=2).to_dict()
    assert one["parameters"].pop("workers") == 1 and two["parameters"].pop("workers") == 2
    assert one == two
    other = run_arena("tarok_3p", "heuristic,random", deals=4, seed=12).to_dict()
    assert other["raw"] != one["raw"]


def test_a_checkpointed_run_resumes_to_the_same_results(tmp_path: Path) -> None:
    fresh = run_arena("smear_ten_point", "heuristic,random", deals=4, seed=11).to_dict()
    book = tmp_path / "run.jsonl"
    first = run_arena("smear_ten_point", "heuristic,random", deals=2, seed=11, checkpoint=book)
    assert len(book.read_text().splitlines()) == 1 + 2  # the run's identity, then one line per deal
    assert first.to_dict()["raw"] != fresh["raw"]
    with book.open("a") as out:
        out.write('{"matchup": 0, "ind')  # a deal cut short when the run was stopped
    resumed = run_arena("smear_ten_point", "heuristic,random", deals=4, seed=11, workers=2, checkpoint=book)
    resumed_dict = resumed.to_dict()
    resumed_dict["parameters"]["workers"] = 1
    assert resumed_dict == fresh
    # all four deals are on file now: a shorter run reads them back and plays nothing
    again = run_arena("smear_ten_point", "heuristic,random", deals=3, seed=11, checkpoint=book)
    assert again.to_dict()["raw"] == run_arena("smear_ten_point", "heuristic,random", deals=3, seed=11).to_dict()["raw"]


def test_a_checkpoint_of_another_run_is_refused(tmp_path: Path) -> None:
    book = tmp_path / "run.jsonl"
    run_arena("smear_ten_point", "heuristic,random", deals=1, seed=11, checkpoint=book)
    before = book.read_text()
    with pytest.raises(RulesError, match="another arena run"):
        run_arena("smear_ten_point", "heuristic,random", deals=1, seed=12, checkpoint=book)
    assert book.read_text() == before
    (tmp_path / "junk.jsonl").write_text("hello\n")
    with pytest.raises(RulesError, match="not an arena checkpoint"):
        run_arena("smear_ten_point", "heuristic,random", deals=1, seed=11, checkpoint=tmp_path / "junk.jsonl")


def test_result_structure() -> None:
    result = run_arena("tarok_3p", ["random", "heuristic"], deals=3, seed=5, matches=1)
    data = json.loads(json.dumps(result.to_dict()))  # JSON-ready
    assert data["parameters"] == {
        "preset": "tarok_3p",
        "game": "tarok",
        "players": 3,
        "overrides": {},
        "bots": ["random", "heuristic"],
        "deals": 3,
        "seed": 5,
        "matches": 1,
        "workers": 1,
        "think": None,
        "ray": None,
        "seating": "mixed",
    }
    assert [b["bot"] for b in data["bots"]] == ["random", "heuristic"]
    assert sorted(r["bot"] for r in data["ratings"]) == ["heuristic", "random"]
    (matchup,) = data["raw"]["matchups"]
    assert matchup["bots"] == ["random", "heuristic"]
    assert [d["deal"] for d in matchup["deals"]] == [0, 1, 2]
    assert [p["seats"] for p in matchup["deals"][0]["plays"]] == ["AAB", "ABA", "BAA", "ABB", "BAB", "BBA"]
    assert len(matchup["matches"]) == 1 and len(matchup["matches"][0]["plays"]) == 6
    for play in matchup["matches"][0]["plays"]:
        assert play["deals"] == 12  # a Tarok match is 12 deals (SPEC 4)
    for bot in data["bots"]:
        assert bot["points_per_deal"]["n"] == 3
        assert bot["match_wins"]["trials"] == 6
    shares = sum(b["match_wins"]["successes"] for b in data["bots"])
    assert shares <= 6
    (pair,) = data["pairs"]
    means = [d["means"] for d in matchup["deals"]]
    assert pair["a_minus_b"]["mean"] == pytest.approx(sum(a - b for a, b in means) / 3)
    # every play of a deal is dealt from the same seed, the same in every matchup of a league
    league = run_arena("tarok_3p", ["random", "heuristic", "easy"], deals=2, seed=5)
    assert [(d.matchup, d.index) for d in league.deals] == [(m, i) for m in range(3) for i in range(2)]
    assert {d.seed for d in league.deals if d.index == 0} == {result.deals[0].seed}


def test_user_mistakes_raise_rules_errors() -> None:
    with pytest.raises(RulesError, match="unknown bot 'nope'"):
        run_arena("tarok_3p", "nope,random", deals=1, seed=1)
    with pytest.raises(RulesError, match="tarok has no cheater bot"):
        run_arena("tarok_3p", "cheater,random", deals=1, seed=1)
    with pytest.raises(RulesError, match="unknown preset"):
        run_arena("tarok_9p", "heuristic,random", deals=1, seed=1)
    with pytest.raises(RulesError, match="deals must be at least 1"):
        run_arena("tarok_3p", "heuristic,random", deals=0, seed=1)
    with pytest.raises(RulesError, match="workers must be at least 1"):
        run_arena("tarok_3p", "heuristic,random", deals=1, seed=1, workers=0)
    with pytest.raises(RulesError, match="at least two bots"):
        run_arena("tarok_3p", "heuristic", deals=1, seed=1)
    with pytest.raises(RulesError, match="named twice"):
        run_arena("tarok_3p", "greedy,heuristic", deals=1, seed=1)
    with pytest.raises(RulesError, match="think must be a positive number of seconds, not -0.5"):
        run_arena("tarok_3p", "search,random", deals=1, seed=1, think=-0.5)


def test_think_is_the_search_bots_time_in_every_worker() -> None:
    """``run_arena(think=)`` travels in the Setup to the worker processes, which give it to every search bot."""
    setup = Setup(game="liftsmoke", preset="lift_smoke", players=4, seed=1, think=0.05)
    bots = _bots(("search", "random"), (0, 1, 1, 0), setup, 1, "deal", 0, 0)
    assert [b.budget.seconds for b in (bots[0], bots[3])] == [0.05, 0.05]  # type: ignore[attr-defined]
    plain = _bots(("search", "random"), (0, 1, 1, 0), Setup("liftsmoke", "lift_smoke", 4, seed=1), 1, "deal", 0, 0)
    assert plain[0].budget.seconds == LEVEL_SECONDS["normal"]  # type: ignore[attr-defined]
    result = run_arena("lift_smoke", "search,random", deals=1, seed=2, workers=2, think=0.02)
    assert result.parameters["think"] == 0.02
    (deal,) = result.deals
    assert len(deal.plays) == len(seatings((0, 1, 2, 3), 2))


# ---------------------------------------------------------------------- the command
def arena(args: list[str]) -> tuple[int, str]:
    result = runner.invoke(app, ["arena", "--no-progress", *args], env={"COLUMNS": "200"})
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def test_cli_run_writes_json_and_prints_a_table(tmp_path: Path) -> None:
    out = tmp_path / "run.json"
    code, output = arena(
        ["--preset", "tarok_3p", "--bots", "heuristic,random", "--deals", "3", "--seed", "7", "--workers", "1"]
        + ["--out", str(out)]
    )
    assert code == 0, output
    assert "points/deal" in output and "heuristic" in output and "random" in output
    assert f"Results saved to {out}" in output
    data = json.loads(out.read_text())
    assert data["parameters"]["seed"] == 7 and data["parameters"]["deals"] == 3
    assert data["parameters"]["bots"] == ["heuristic", "random"]
    assert {"bots", "pairs", "ratings", "raw"} <= set(data)


def test_cli_default_output_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, output = arena(["-p", "tarok_3p", "--bots", "random,heuristic", "--deals", "1", "--seed", "3", "-w", "1"])
    assert code == 0, output
    assert json.loads((tmp_path / "arena" / "arena-tarok_3p-seed3.json").read_text())["parameters"]["deals"] == 1


def test_cli_checkpoint_resumes_and_refuses_another_run(tmp_path: Path) -> None:
    book = tmp_path / "deals.jsonl"
    base = ["-p", "smear_ten_point", "--bots", "heuristic,random", "-w", "1", "--checkpoint", str(book)]
    code, output = arena([*base, "--deals", "2", "--seed", "5", "-o", str(tmp_path / "a.json")])
    assert code == 0, output
    assert len(book.read_text().splitlines()) == 3
    code, output = arena([*base, "--deals", "3", "--seed", "5", "-o", str(tmp_path / "b.json")])
    assert code == 0, output
    assert len(book.read_text().splitlines()) == 4  # two deals read back, one played
    code, output = arena([*base, "--deals", "3", "--seed", "6", "-o", str(tmp_path / "c.json")])
    lines = [line for line in output.splitlines() if line.strip()]
    assert code == 2 and len(lines) == 1 and "another arena run" in lines[0]
    # another thinking time is another run
    code, output = arena([*base, "--deals", "3", "--seed", "5", "--think", "0.5", "-o", str(tmp_path / "d.json")])
    lines = [line for line in output.splitlines() if line.strip()]
    assert code == 2 and len(lines) == 1 and "another arena run" in lines[0]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bots", "heuristic,nope"], "unknown bot 'nope'"),
        (["--bots", "heuristic,random", "--preset", "nope"], "unknown preset 'nope'"),
        (["--bots", "heuristic,random", "--deals", "0"], "deals must be at least 1"),
        (["--bots", "heuristic,random", "--workers", "0"], "workers must be at least 1"),
        (["--bots", "cheater,random", "--preset", "tarok_3p"], "tarok has no cheater bot"),
        (["--preset", "tarok_3p"], "name the bots with --bots"),
        (["--bots", "search,random", "--think", "0"], "--think must be a positive number of seconds, not 0"),
        (["--bots", "search,random", "--think", "-2"], "--think must be a positive number of seconds, not -2"),
        (["--bots", "heuristic:bid_thresold=0.4,random"], "the heuristic bot of smear has no option 'bid_thresold'"),
        (["--bots", "heuristic:bid_threshold=high,random"], "option 'bid_threshold' takes float, not 'high'"),
        (["--bots", "heuristic:bid_threshold,random"], "unknown bot 'heuristic:bid_threshold'"),
        (["--bots", "random:depth=2,heuristic"], "the random bot takes no options"),
        (["--bots", "search:leaf=deep,random"], "unknown leaf 'deep'"),
    ],
)
def test_cli_user_mistakes_are_one_line(args: list[str], message: str) -> None:
    code, output = arena(args)
    assert code == 2
    lines = [line for line in output.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("jick: error: ") and message in lines[0]


def test_cli_league_draws_a_png_ladder(tmp_path: Path) -> None:
    out = tmp_path / "league.json"
    chart = tmp_path / "charts" / "ladder.png"
    code, output = arena(
        ["-p", "tarok_3p", "--bots", "random,heuristic,easy", "--deals", "2", "--seed", "1", "-w", "1"]
        + ["--out", str(out), "--chart", str(chart)]
    )
    assert code == 0, output
    assert chart.read_bytes()[:8] == PNG_SIGNATURE
    data = json.loads(out.read_text())
    assert len(data["pairs"]) == 3 and len(data["ratings"]) == 3
    # without --chart a league's chart goes next to the JSON
    code, output = arena(
        ["-p", "tarok_3p", "--bots", "random,heuristic,easy", "--deals", "1", "--seed", "1", "-w", "1"]
        + ["--out", str(out)]
    )
    assert code == 0, output
    assert out.with_suffix(".png").read_bytes()[:8] == PNG_SIGNATURE


# ---------------------------------------------------------------------- the tables
def synthetic_result(points: dict[str, float], mu: dict[str, float], matches: int = 0) -> ArenaResult:
    """An arena result with the given points per deal and rating mu per bot (wide figures everywhere)."""
    names = tuple(points)
    summaries = tuple(
        BotSummary(
            name,
            MeanInterval(points[name], points[name] - 3.64, points[name] + 3.64, 9.1, 300),
            wilson_interval(100, 100),
            wilson_interval(0, 100),
            wilson_interval(1.5, 4) if matches else None,
            Rating(name, mu[name], 8.33, 600),
        )
        for name in names
    )
    pairs = tuple(
        PairSummary(a, b, points[a], points[b], paired_difference([points[a], -10.0, 12.5], [points[b], 1.0, -0.5]))
        for i, a in enumerate(names)
        for b in names[i + 1 :]
    )
    parameters = {"preset": "smear_ten_point", "players": 4, "seed": 97, "deals": 300, "matches": matches}
    matchups = tuple((i, j) for i in range(len(names)) for j in range(i + 1, len(names)))
    return ArenaResult(parameters, names, matchups, (), (), summaries, pairs)


def printed(result: ArenaResult, width: int = 80) -> str:
    out = io.StringIO()
    print_result(result, Console(file=out, width=width))
    return out.getvalue()


def test_the_rank_follows_points_per_deal_and_the_rating_is_a_labelled_second_opinion() -> None:
    """search is ahead on points though rated below heuristic: it ranks first, and a note says so."""
    result = synthetic_result({"heuristic": 1.21, "search": 1.80}, {"heuristic": 27.4, "search": 22.6})
    assert [s.name for s in result.ladder()] == ["search", "heuristic"]
    assert [r.name for r in result.ratings] == ["search", "heuristic"]
    assert result.ratings_disagree()
    text = printed(result)
    rows = [line.split() for line in text.splitlines() if re.match(r"\s*\d+\s+(search|heuristic)\s", line)]
    assert [row[:2] for row in rows] == [["1", "search"], ["2", "heuristic"]]
    assert "rating: openskill mu ± sigma" in text
    assert "Note: the ratings order the bots otherwise (heuristic, search)" in text
    agree = synthetic_result({"heuristic": 1.21, "search": 1.80}, {"heuristic": 22.6, "search": 27.4})
    assert not agree.ratings_disagree() and "Note:" not in printed(agree)
    # equal points: the rating breaks the tie
    tied = synthetic_result({"a": 0.5, "b": 0.5}, {"a": 20.0, "b": 30.0})
    assert [s.name for s in tied.ladder()] == ["b", "a"]


@pytest.mark.parametrize("matches", [0, 4])
def test_arena_tables_fit_80_columns_one_line_per_row(matches: int) -> None:
    names = ["heuristic", "random", "search", "cheater", "normal"]
    result = synthetic_result(
        {name: value for name, value in zip(names, [-10.22, 4.5, 12.75, -1.0, 0.0], strict=True)},
        {name: 25.0 + i for i, name in enumerate(names)},
        matches=matches,
    )
    text = printed(result)
    lines = text.splitlines()
    assert all(len(line) <= 80 for line in lines)
    rows = [line for line in lines if re.match(r"\s*\d+\s+[a-z]+\s", line)]
    assert len(rows) == len(names)
    for row in rows:  # every figure of a bot on its one line
        assert row.count("±") == 2 and row.count("[") == (2 if matches else 1)
    pair_rows = [line for line in lines if re.match(r"[a-z]+\s+[a-z]+\s+[+-]\d", line)]
    assert len(pair_rows) == len(result.pairs) == 10
    assert all(row.count("±") == 1 for row in pair_rows)
    assert not any(re.match(r"\s*[+-]?\d+\.\d+\]", line) for line in lines)  # no interval continued below


def test_a_real_arena_prints_at_80_columns() -> None:
    result = run_arena("smear_ten_point", ["heuristic", "random", "easy"], deals=3, seed=5, matches=1)
    text = printed(result)
    assert all(len(line) <= 80 for line in text.splitlines())
    rows = [line.split() for line in text.splitlines() if re.match(r"\s*\d+\s+(heuristic|random|easy)\s", line)]
    assert [row[1] for row in rows] == [s.name for s in result.ladder()]
    means = [s.points.mean for s in result.ladder()]
    assert means == sorted(means, reverse=True)


def test_cli_json_prints_the_results_instead_of_the_tables(tmp_path: Path) -> None:
    out = tmp_path / "run.json"
    args = ["arena", "--no-progress", "-p", "tarok_3p", "--bots", "heuristic,random", "--deals", "2", "--seed", "7"]
    result = runner.invoke(app, [*args, "-w", "1", "--json", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == json.loads(out.read_text())
    assert "Results saved to" in result.stderr and "points/deal" not in result.output


def test_a_bot_named_with_options_plays_as_that_bot_does(tmp_path: Path) -> None:
    """``KIND:NAME=VALUE``: the arena plays the bot built with those options, under that name."""
    from jick.arena import run_arena

    named = run_arena("smear_ten_point", "heuristic:bid_threshold=0.3,heuristic", deals=6, seed=3)
    [pair] = named.pairs
    assert (pair.a, pair.b) == ("heuristic:bid_threshold=0.3", "heuristic")
    assert pair.mean_a != pair.mean_b  # a bar of 0.3 bids on other hands
    [same] = run_arena("smear_ten_point", "heuristic:bid_threshold=0.55,heuristic", deals=6, seed=3).pairs
    assert same.mean_a == same.mean_b  # the default bar named as an option is the heuristic itself


def _threads_here(_: int) -> int:
    from jick.bots.budget import thinking_threads

    return thinking_threads()


def test_each_worker_process_thinks_on_its_share_of_the_cores() -> None:
    from jick.arena.runner import run_all
    from jick.bots.budget import set_thinking_threads

    set_thinking_threads(4)  # (as on a machine with four cores)
    try:
        assert run_all(_threads_here, [1, 2, 3], workers=2, title=None) == [2, 2, 2]
        assert run_all(_threads_here, [1, 2], workers=1, title=None) == [4, 4]  # one game at a time: every core
    finally:
        set_thinking_threads(None)
