"""Keeps benchmarks/bench_search_games.py's contract count working (the search runs are benchmarks, not tests)."""

from __future__ import annotations

import json

import pytest

from script_kit import load_script


def test_contracts_count_every_deal_and_name_the_bidders_place(capsys):
    bench = load_script("bench_search_games")
    assert bench.main(["--games", "tarok_3p", "--deals", "12", "--seed", "3", "--contracts", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    rows = report["contracts"]
    assert sum(row["deals"] for row in rows) == 12
    assert sum(row["share"] for row in rows) == pytest.approx(1.0)
    for row in rows:
        if row["bidder_places"] is not None:
            assert sum(row["bidder_places"]) == row["deals"]
            assert 0 <= row["bidder_count"] <= 70


def test_contracts_refuse_a_game_without_contracts(capsys):
    bench = load_script("bench_search_games")
    with pytest.raises(SystemExit) as exit_info:
        bench.main(["--games", "lift_smoke", "--contracts"])
    assert exit_info.value.code == 2
    assert "lift_smoke has none" in capsys.readouterr().err


def test_contracts_take_house_rules(capsys):
    bench = load_script("bench_search_games")
    args = ["--games", "tarok_3p", "--deals", "6", "--contracts", "--json", "--set", "consolation_in_solo=true"]
    assert bench.main([*args, "--set", "consolation_scoring=mirror"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["overrides"] == {"consolation_in_solo": True, "consolation_scoring": "mirror"}
    assert sum(row["deals"] for row in report["contracts"]) == 6
    with pytest.raises(SystemExit) as exit_info:
        bench.main([*args, "--set", "consolation_scoring=double"])
    assert exit_info.value.code == 2
    assert "option consolation_scoring = 'double' is not allowed; use literal | mirror" in capsys.readouterr().err


def test_out_keeps_each_deal_and_a_second_run_plays_only_the_missing_ones(tmp_path, monkeypatch, capsys):
    """The bookkeeping of ``--out`` and ``--first`` (a deal's play is stood in for: the search takes seconds)."""
    bench = load_script("bench_search_games")
    played: list[int] = []
    seen_options: list[dict[str, str]] = []

    def fake_deal(job):
        game, seed, index, level, options = job
        played.append(index)
        seen_options.append(options)
        return {"diffs": [float(index), float(index)], "times": [(0.1, 0.1, 2)]}

    monkeypatch.setattr(bench, "run_deal", fake_deal)
    out = tmp_path / "deals.jsonl"
    args = ["--games", "tarok_3p", "--workers", "1", "--json", "--out", str(out)]
    assert bench.main([*args, "--deals", "3"]) == 0
    assert played == [0, 1, 2]
    assert bench.main([*args, "--deals", "5"]) == 0  # lengthened: only the two new deals are played
    assert played == [0, 1, 2, 3, 4]
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [row["deals"] for row in rows] == [3, 5]
    assert rows[1]["mean_diff"] == pytest.approx(2.0)  # the mean of deals 0..4, kept and new
    other = tmp_path / "other.jsonl"
    assert bench.main([*args[:-1], str(other), "--first", "5", "--deals", "7"]) == 0
    assert played[5:] == [5, 6]
    assert len(out.read_text().splitlines()) == 5
    with pytest.raises(SystemExit) as exit_info:
        bench.main([*args, "--first", "7", "--deals", "7"])
    assert exit_info.value.code == 2
    assert "--first 7 must be at least 0 and below --deals 7" in capsys.readouterr().err


def test_a_search_option_goes_to_the_bot_and_its_deals_are_kept_apart(tmp_path, monkeypatch, capsys):
    bench = load_script("bench_search_games")
    jobs: list[tuple[int, dict[str, str]]] = []

    def fake_deal(job):
        jobs.append((job[2], job[4]))
        return {"diffs": [1.0], "times": [(0.1, 0.1, 2)]}

    monkeypatch.setattr(bench, "run_deal", fake_deal)
    out = tmp_path / "deals.jsonl"
    args = ["--games", "tarok_3p", "--workers", "1", "--json", "--out", str(out), "--deals", "2"]
    assert bench.main(args) == 0
    assert bench.main([*args, "--search-option", "allocation=flat"]) == 0  # other options: played again
    assert jobs == [(0, {}), (1, {}), (0, {"allocation": "flat"}), (1, {"allocation": "flat"})]
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [row.get("options") for row in rows] == [None, None, {"allocation": "flat"}, {"allocation": "flat"}]
    with pytest.raises(SystemExit) as exit_info:
        bench.main([*args, "--search-option", "allocation"])
    assert exit_info.value.code == 2
    assert "--search-option takes NAME=VALUE" in capsys.readouterr().err


def test_before_pairs_the_deals_with_another_run(tmp_path, monkeypatch, capsys):
    bench = load_script("bench_search_games")
    monkeypatch.setattr(bench, "run_deal", lambda job: {"diffs": [float(job[2]), 2.0], "times": [(0.1, 0.1, 2)]})
    before = tmp_path / "before.jsonl"
    rows = [{"game": "tarok_3p", "seed": 2024, "level": "normal", "index": i, "diffs": [1.0]} for i in range(3)]
    before.write_text("".join(json.dumps(row) + "\n" for row in rows))
    args = ["--games", "tarok_3p", "--workers", "1", "--deals", "4", "--before", str(before)]
    assert bench.main([*args, "--json"]) == 0
    change = json.loads(capsys.readouterr().out)["before"]
    assert change["deals"] == 3  # deal 3 is not in the file
    assert change["mean_change"] == pytest.approx(((0 + 2) / 2 + (1 + 2) / 2 + (2 + 2) / 2) / 3 - 1.0)
    assert bench.main(args) == 0
    assert f"against {before}, the same 3 deals: +0.50 points/deal" in capsys.readouterr().out
    before.write_text("".join(json.dumps(row) + "\n" for row in rows + rows[:1]))
    with pytest.raises(SystemExit) as exit_info:
        bench.main(args)
    assert exit_info.value.code == 2
    assert "holds deal 0 twice (more than one run)" in capsys.readouterr().err


def test_kept_prints_the_deals_a_file_holds_and_plays_none(tmp_path, monkeypatch, capsys):
    """Two processes' stretches joined in one file, with a gap between them: the figure of what is there."""
    bench = load_script("bench_search_games")
    played: list[int] = []
    monkeypatch.setattr(bench, "run_deal", lambda job: played.append(job[2]) or {"diffs": [1.0], "times": []})
    out = tmp_path / "deals.jsonl"
    rows = [{"game": "tarok_3p", "seed": 2024, "level": "normal", "index": i, "diffs": [float(i)], "times": []}
            for i in (0, 1, 2, 7, 8)]  # fmt: skip
    out.write_text("".join(json.dumps(row) + "\n" for row in rows))
    before = tmp_path / "before.jsonl"
    before.write_text("".join(json.dumps({**row, "diffs": [0.0]}) + "\n" for row in rows[1:4]))
    args = ["--games", "tarok_3p", "--workers", "1", "--json", "--out", str(out), "--kept"]
    assert bench.main([*args, "--deals", "10", "--before", str(before)]) == 0
    row = json.loads(capsys.readouterr().out)
    assert played == [] and len(out.read_text().splitlines()) == 5
    assert row["deals"] == 5 and row["mean_diff"] == pytest.approx((0 + 1 + 2 + 7 + 8) / 5)
    assert row["before"]["deals"] == 3 and row["before"]["mean_change"] == pytest.approx((1 + 2 + 7) / 3)
    assert bench.main([*args, "--first", "5", "--deals", "8"]) == 0  # only deal 7 lies in 5..7
    assert json.loads(capsys.readouterr().out)["deals"] == 1
    with pytest.raises(SystemExit) as exit_info:
        bench.main([*args, "--first", "3", "--deals", "6"])
    assert exit_info.value.code == 2
    assert "holds no tarok_3p deal at level normal in 3..5" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exit_info:
        bench.main(["--games", "tarok_3p", "--kept"])
    assert exit_info.value.code == 2
    assert "--kept reads the deals of --out FILE" in capsys.readouterr().err


def test_a_deal_names_the_phase_where_each_search_seat_first_parted_from_the_heuristic():
    from jick.bots.budget import Budget

    bench = load_script("bench_search_games")
    small = {"budget": Budget(worlds=4, min_worlds=2, steps=2_000, seconds=None)}
    phases = {"auction", "widow", "discard", "contract", "ultimo", "contra", "play"}
    parted = 0
    for index in (1, 3):
        result = bench.run_deal(("tarok_3p", 2024, index, "normal", small))
        assert len(result["diverged"]) == len(result["diffs"]) == 3
        for diff, phase in zip(result["diffs"], result["diverged"], strict=True):
            assert phase is None or phase in phases
            if phase is None:  # the same decisions throughout: the same deal, the same points
                assert diff == 0
            parted += phase is not None
        summary = bench.summarize("tarok_3p", "normal", [result], 1.0)
        assert sum(e["share"] for e in summary["by_phase"].values()) == pytest.approx(summary["mean_diff"])
        assert sum(e["seat_deals"] for e in summary["by_phase"].values()) == 3
    assert parted  # a search this small is not the heuristic everywhere
