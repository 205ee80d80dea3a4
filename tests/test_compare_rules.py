"""jick compare-rules: rule sets on the same duplicate deals, their figures and paired differences."""

from __future__ import annotations

import csv
import io
import json
from functools import cache
from pathlib import Path

import pytest
from typer.testing import CliRunner

from jick.cli import app
from jick.compare import Comparison, Variant, parse_variant, resolve_variants, run_compare
from jick.compare.figures import Fig, deal_figures
from jick.compare.report import CSV_COLUMNS, difference_chart, to_csv
from jick.engine import RulesError

runner = CliRunner()

HANDS = 40


def compare(*changes: str, preset: str = "smear_ten_point", hands: int = HANDS, **kw: object) -> Comparison:
    base = Variant(preset, preset)
    game, variants = resolve_variants(base, [parse_variant(c, c) for c in changes])
    return run_compare(variants, game, hands, seed=3, workers=1, **kw)  # type: ignore[arg-type]


@cache
def same_rules() -> Comparison:
    return compare("target_score=21")  # the preset's own value: the same rules twice


@cache
def no_trey() -> Comparison:
    return compare("point_values.trey=0 max_bid=7")  # 7 points are left to bid for


def test_same_rule_set_twice_differences_contain_zero() -> None:
    result = same_rules()
    assert len(result.rows) > 20
    for row in result.rows:
        (diff,) = row.diffs
        if diff.mean is None:
            continue
        assert diff.mean == 0.0, row.key
        assert not diff.significant, row.key
        assert diff.low is None or diff.low <= 0.0 <= (diff.high or 0.0), row.key
    assert result.row("bid.made").stats[0] == result.row("bid.made").stats[1]
    assert "no difference is clear" in result.summary[0]


def test_trey_worth_nothing_lowers_points_per_hand_by_its_old_average() -> None:
    result = no_trey()
    trey = result.row("point.trey")
    old_trey = trey.stats[0].mean
    assert old_trey is not None and old_trey > 0.1
    assert trey.stats[1].mean == 0.0
    total = result.row("points.total")
    (diff,) = total.diffs
    assert diff.mean == pytest.approx(-old_trey, abs=0.35)
    assert diff.low is not None and diff.low <= -old_trey <= (diff.high or 0.0) + 0.2
    assert diff.high is not None and diff.high < 0  # a clear change: it is in the summary
    assert any("all points awarded" in line for line in result.summary)


def test_raising_min_bid_removes_the_low_bids() -> None:
    result = compare("min_bid=6")
    low = 0.0
    for bid in range(2, 6):
        won = result.row(f"bid.{bid}.won")
        assert won.stats[1].mean == 0.0
        assert result.row(f"bid.{bid}.made").stats[1].mean == 0.0
        low += won.stats[0].mean or 0.0
    assert low > 0.3  # the baseline's bids below 6 are gone
    six = result.row("bid.6.won").diffs[0]
    assert six.low is not None and six.low > 0  # they became bids of 6


def test_three_rule_sets_each_against_the_baseline() -> None:
    no_jick = "use_jick=false point_values.jick=0 max_bid=9"
    result = compare(no_jick, f"jick off too: {no_jick}", hands=8)
    assert [v.name for v in result.variants] == ["smear_ten_point", no_jick, "jick off too"]
    jick = result.row("point.jick")
    assert len(jick.diffs) == 2 and jick.stats[1].mean == jick.stats[2].mean == 0.0


@pytest.mark.parametrize(
    ("preset", "change", "key"),
    [("tarok_3p", "jack_value=3", "contract.made"), ("lift_smoke", "ante=2", "pot")],
)
def test_other_games_have_their_figures(preset: str, change: str, key: str) -> None:
    result = compare(change, preset=preset, hands=4)
    assert result.row(key).stats[0].n > 0
    assert result.row("dealer.points").stats[0].n == 4


def test_matches_give_the_match_length() -> None:
    result = compare("target_score=11", hands=2, matches=3)
    length = result.row("match.deals")
    assert length.stats[0].n == 3 and (length.diffs[0].mean or 0) < 0  # 11 points come sooner than 21
    assert result.row("match.bust_out").stats[0].mean == 0.0  # no bust-out in these rules


def test_moon_figures_when_the_moon_is_allowed() -> None:
    result = compare("moon_enabled=false", preset="smear_mn_original", hands=6)
    attempts = result.row("moon.attempt")
    assert attempts.stats[1].mean == 0.0 and attempts.stats[0].n == 6
    assert result.row("bid.moon.won").stats[1].mean == 0.0


def test_bad_rule_sets_are_rules_errors() -> None:
    base = Variant("x", "smear_ten_point")
    with pytest.raises(RulesError, match="no_such_option"):
        resolve_variants(base, [parse_variant("no_such_option=3", "b")])
    with pytest.raises(RulesError):
        resolve_variants(base, [parse_variant("min_bid=banana", "b")])
    with pytest.raises(RulesError, match="changes nothing"):
        parse_variant("name:", "b")


def test_json_csv_and_chart_of_a_comparison(tmp_path: Path) -> None:
    result = no_trey()
    data = result.to_dict()
    assert {"parameters", "rule_sets", "baseline", "summary", "figures"} <= set(data)
    rows = list(csv.DictReader(io.StringIO(to_csv(result))))
    assert tuple(rows[0]) == CSV_COLUMNS and len(rows) == 2 * len(result.rows)
    for suffix in ("png", "svg"):
        path = difference_chart(result, tmp_path / f"chart.{suffix}")
        assert path.stat().st_size > 1000


# ---------------------------------------------------------------------- the command
def cli(args: list[str]) -> tuple[int, str, str]:
    result = runner.invoke(app, ["compare-rules", "--no-progress", "-w", "1", "-m", "0", *args], env={"COLUMNS": "200"})
    assert "Traceback" not in result.output
    return result.exit_code, result.stdout, result.stderr


def test_cli_json_has_the_documented_fields() -> None:
    code, out, err = cli(
        ["smear_ten_point", "--vs", "no trey: point_values.trey=0 max_bid=7", "--hands", "6", "--json"]
    )
    assert code == 0, err
    data = json.loads(out)
    assert data["baseline"] == "smear_ten_point"
    assert [r["name"] for r in data["rule_sets"]] == ["smear_ten_point", "no trey"]
    assert data["rule_sets"][1]["overrides"] == {"point_values": {"trey": 0}, "max_bid": 7}
    assert data["parameters"]["hands"] == 6 and data["parameters"]["seed"] == 1
    figure = next(f for f in data["figures"] if f["key"] == "point.trey")
    assert {"key", "label", "kind", "group", "values", "differences"} <= set(figure)
    assert figure["values"][1]["mean"] == 0.0
    assert {"mean", "ci95", "n", "p_value", "significant"} <= set(figure["differences"][0])
    assert isinstance(data["summary"], list)


def test_cli_csv_prints_a_line_per_figure_and_rule_set() -> None:
    code, out, err = cli(["--vs", "B: min_bid=3", "--hands", "3", "--csv"])
    assert code == 0, err
    rows = list(csv.DictReader(io.StringIO(out)))
    assert tuple(rows[0]) == CSV_COLUMNS
    assert {r["rule_set"] for r in rows} == {"smear_ten_point", "B"}
    made = [r for r in rows if r["key"] == "bid.made"]
    assert made[0]["diff"] == "" and made[1]["diff"] != ""


def test_cli_tables_and_house_rules_file(tmp_path: Path) -> None:
    house = tmp_path / "no_jick.toml"
    house.write_text('preset = "smear_ten_point"\nuse_jick = false\nmax_bid = 9\n[options.point_values]\njick = 0\n')
    chart = tmp_path / "diff.png"
    code, out, err = cli(["--rules", str(house), "--hands", "4", "--chart", str(chart)])
    assert code == 0, err
    assert "no_jick" in out and "House rules compared" in out and "Jick" in out
    assert chart.stat().st_size > 1000


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--vs", "no_such_option=1"], "unknown option 'no_such_option'"),
        (["--vs", "min_bid=banana"], "min_bid"),
        (["--vs", "min_bid"], "option=value"),
        (["nope_preset", "--vs", "min_bid=3"], "nope_preset"),
        ([], "--vs"),
        (["--vs", "min_bid=3", "--hands", "1"], "hands must be at least 2"),
        (["--vs", "min_bid=3", "--bots", "nobody"], "nobody"),
        (["--vs", "min_bid=3", "--chart", "x.gif"], "--chart"),
        (["--vs", "num_players=3"], "players"),
        (["--vs", "min_bid=3", "--json", "--csv"], "choose one of --json and --csv"),
        (["--rules", "/nonexistent/house.toml"], "does not exist"),
    ],
)
def test_cli_bad_options_one_line_exit_2(args: list[str], message: str) -> None:
    code, out, err = cli(args)
    assert code == 2
    assert err.count("\n") == 1 and err.startswith("jick: error: ") and message in err, err


def test_benchmark_script_reports_hands_per_second(capsys: pytest.CaptureFixture[str]) -> None:
    from script_kit import load_script

    report = load_script("bench_compare_rules").main(["--hands", "3", "--kernel", "0", "--skip-default"])
    assert report["one_core"]["hand_plays"] == 6 and report["one_core"]["hand_plays_per_s"] > 0
    assert "hands/s" in capsys.readouterr().out


def _everyone_passes_first(overrides: dict[str, object]) -> list[Fig]:
    """The figures of a first hand whose first auction every seat but the dealer passes (the dealer too, if free)."""
    from jick.bots import bot_action, make_bot
    from jick.games.smear import load_preset, new_match
    from jick.games.smear.actions import Pass

    state = new_match(load_preset("smear_ten_point", None, overrides), seed=5)
    bots = [make_bot("heuristic", seat, game="smear") for seat in range(4)]
    while not state.hand_results:
        seat = state.current_player
        first_auction = state.phase == "bidding" and len(state.deals) == 1
        if first_auction and Pass() in state.legal_actions():
            state.apply(Pass())
        else:
            state.apply(bot_action(bots[seat], state, seat))
    return deal_figures(state, "smear", state.deals[0].dealer)


def test_all_pass_figures_stuck_dealer_or_redeal() -> None:
    stuck = {f.key: f.value for f in _everyone_passes_first({"all_pass": "dealer_forced_min"})}
    assert stuck["dealer_stuck"] == stuck["all_passed"] == 1.0 and stuck["redeals"] == 0.0
    redealt = {f.key: f.value for f in _everyone_passes_first({"all_pass": "redeal_same_dealer"})}
    assert redealt["redeals"] == 1.0 and redealt["all_passed"] == 1.0 and redealt["dealer_stuck"] == 0.0
