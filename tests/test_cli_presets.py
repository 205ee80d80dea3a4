"""`jick presets` and house rules (--rules FILE, --set) from the command line."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from jick.cli import app, resolve_rules
from jick.engine import RulesError
from jick.games.smear import load_preset, preset_names
from jick.options import load_rules_file, parse_sets

runner = CliRunner()

SPEC_PRESETS = {
    "smear_mn_original",
    "smear_mn_basic4",
    "smear_mn_three_handed",
    "smear_ten_point",
    "smear_nine_card",
    "smear_widow",
    "smear_no_jick",
    "smear_five_point_team",
    "smear_double_joker",
    "smear_ten_point_to11",
    "smear_ten_point_to52",
    "smear_ten_point_bust21",
}


def test_every_spec_preset_ships() -> None:
    assert SPEC_PRESETS <= set(preset_names())


def test_presets_lists_every_preset() -> None:
    result = runner.invoke(app, ["presets"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    for name in SPEC_PRESETS:
        assert name in result.output


def test_presets_name_prints_option_table() -> None:
    result = runner.invoke(app, ["presets", "smear_mn_basic4"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    assert "follow_rule" in result.output and "must_follow" in result.output
    assert "first_played_wins" in result.output


def test_presets_unknown_name_is_one_line_error() -> None:
    result = runner.invoke(app, ["presets", "smear_nope"])
    assert result.exit_code == 2
    assert "unknown preset 'smear_nope'" in result.output
    assert "Traceback" not in result.output


def test_overlay_applies_to_any_base() -> None:
    assert load_preset("smear_widow_bust21").bust_out_score == -21
    assert load_preset("smear_mn_original_to11").target_score == 11


def test_set_values_are_typed() -> None:
    assert parse_sets(["target_score=11", "moon_enabled=true", "bust_out_score=none"]) == {
        "target_score": 11,
        "moon_enabled": True,
        "bust_out_score": None,
    }


def test_set_point_value_merges_into_preset_points() -> None:
    rules = load_preset("smear_ten_point", overrides=parse_sets(["point_values.trey=0", "max_bid=7"]))
    assert "trey" not in rules.points and rules.max_points == 7


def test_rules_file_with_set_on_top(tmp_path: Path) -> None:
    path = tmp_path / "house.toml"
    path.write_text('preset = "smear_widow"\nplayers = 3\ntarget_score = 11\n[options]\nfirst_lead = "any"\n')
    house = load_rules_file(path)
    assert house.preset == "smear_widow" and house.players == 3
    preset, players, overrides = resolve_rules(None, None, path, ["target_score=52"])
    rules = load_preset(preset, players, overrides)
    assert (rules.target_score, rules.first_lead, rules.num_players, rules.kitty_size) == (52, "any", 3, 4)


@pytest.mark.parametrize(
    ("overrides", "named"),
    [
        ({"max_bid": 12}, "max_bid"),
        ({"hand_size": 10, "kitty_size": 4, "jokers": 0}, "kitty_size"),
        ({"deal_packet": 4}, "deal_packet"),
        ({"follow_rule": "sometimes"}, "follow_rule"),
        ({"no_such_option": 1}, "no_such_option"),
        ({"point_values": {"bonus": 1}}, "bonus"),
        ({"jokers": 1}, "joker_high"),
        ({"trump_only_play": True, "renege_mode": "penalize"}, "renege_mode"),
    ],
)
def test_impossible_or_unknown_options_name_the_option(overrides: dict[str, object], named: str) -> None:
    with pytest.raises(RulesError, match=named):
        load_preset("smear_ten_point", players=5, overrides=overrides)


def test_cli_reports_bad_set_in_one_line() -> None:
    result = runner.invoke(app, ["play", "--set", "max_bid=12", "--seats", "bot,bot,bot,bot"])
    assert result.exit_code == 2
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and "max_bid = 12" in lines[0]


def test_cli_reports_missing_rules_file() -> None:
    result = runner.invoke(app, ["play", "--rules", "/nonexistent/house.toml"])
    assert result.exit_code == 2
    assert "does not exist" in result.output
