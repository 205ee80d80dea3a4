"""The call model: two calls' advantage over the heuristic's, learned on real deals (jick.games.smear.call_model)."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from jick.games.smear import actions as A
from jick.games.smear import call_model as cm
from jick.games.smear import load_preset, new_match
from jick.games.smear.heuristic import HeuristicBot, family
from script_kit import load_script
from smear_kit import swap_hidden_hands


def _auction_calls(deals: int, players: int = 6) -> list[tuple[object, object, object]]:
    """(observation, plain heuristic's call, call-model heuristic's call) at every call of seeded auctions."""
    out = []
    for d in range(deals):
        state = new_match("smear_ten_point", players=players, seed=d)
        plain = [HeuristicBot(seed=s) for s in range(players)]
        advised = [HeuristicBot(seed=s, call_model=True) for s in range(players)]
        while state.phase == "bidding":
            obs = state.observation(state.current_player)
            a, b = plain[obs.seat].choose(obs), advised[obs.seat].choose(obs)
            out.append((obs, a, b))
            state.apply(a)
    return out


@pytest.mark.parametrize("preset, players", [("smear_ten_point", 6), ("smear_ten_point", 4), ("smear_mn_original", 4)])
def test_the_shipped_file_covers_the_families_it_was_fitted_for(preset: str, players: int) -> None:
    fits = cm.call_fits(load_preset(preset, players))
    assert fits is not None
    assert set(fits.weights) == set(cm.KINDS)
    assert all(len(w) == len(cm.FEATURES) for w in fits.weights.values())
    assert cm.call_fits(load_preset("cinch")) is None
    assert cm.call_fits(load_preset("smear_mn_three_handed")) is None


def test_the_advice_is_the_lowest_bid_for_a_pass_or_one_above_a_bid() -> None:
    changes: Counter[str] = Counter()
    for obs, plain, advised in _auction_calls(40):
        assert advised in obs.legal_actions
        if advised == plain:
            continue
        if isinstance(plain, A.Pass):
            bids = sorted(a.amount for a in obs.legal_actions if isinstance(a, A.Bid))
            assert isinstance(advised, A.Bid) and advised.amount == bids[0]
            changes["enter"] += 1
        else:
            assert isinstance(plain, A.Bid) and isinstance(advised, A.Bid)
            assert advised.amount == plain.amount + 1
            changes["raise"] += 1
    # the six-seat fits advise both kinds on these deals, and far from always
    assert changes["enter"] > 0 and changes["raise"] > 0
    assert sum(changes.values()) < 0.5 * len(_auction_calls(40))


def test_without_a_fit_for_the_family_the_bot_calls_as_the_plain_heuristic() -> None:
    for d in range(10):
        state = new_match("smear_mn_three_handed", seed=d)
        plain, advised = HeuristicBot(seed=1), HeuristicBot(seed=1, call_model=True)
        while state.phase == "bidding":
            obs = state.observation(state.current_player)
            assert plain.choose(obs) == advised.choose(obs)
            state.apply(plain.choose(obs))


@pytest.mark.parametrize("sign, changed", [(1.0, True), (-1.0, False)])
def test_the_other_call_is_made_exactly_where_its_predicted_advantage_is_above_zero(sign: float, changed: bool) -> None:
    fits = cm.CallFits({k: (sign,) + (0.0,) * (len(cm.FEATURES) - 1) for k in cm.KINDS})
    row = lambda p: cm.features(p, 5.0, (0.0, 0.0, 0.0, 0.0), 1)  # noqa: E731
    assert cm.alternative("pass", [5, 6]) == ("enter", 5) and fits.advises("enter", row(0.4)) is changed
    assert cm.alternative("4", [5, 6]) == ("raise", 5) and fits.advises("raise", row(0.6)) is changed
    assert cm.alternative("6", [5, 6]) is None  # no bid one above is legal
    assert cm.alternative("moon", [5, 6]) is None


def test_the_search_bot_calls_with_its_advised_bidder() -> None:
    from jick.games.smear.search import SearchBot

    bot = SearchBot(seed=3, level="easy", call_model=True)
    assert bot._bidder.call_model and not bot._heuristic.call_model  # the other seats stay the plain heuristic
    state = new_match("smear_ten_point", players=6, seed=2)
    while state.phase == "bidding":
        obs = state.observation(state.current_player)
        state.apply(bot.choose(obs))
    assert state.phase != "bidding"


def test_the_search_takes_the_advice_by_default_and_search_v7_does_not() -> None:
    from jick.bots import make_bot

    assert make_bot("search", 1, game="smear")._bidder.call_model
    assert make_bot("search_callmodel", 1, game="smear")._bidder.call_model
    for old in ("search_v1", "search_v4", "search_v6", "search_v7"):
        assert not make_bot(old, 1, game="smear")._bidder.call_model, old
    assert not make_bot("heuristic", 1, game="smear").call_model  # the easy bot keeps its own calls


def test_auction_calls_fits_and_writes_a_model_the_package_reads(tmp_path, capsys) -> None:
    bench = load_script("auction_calls")
    out = tmp_path / "call_model.json"
    assert bench.main(["--players", "6", "--deals", "40", "--jobs", "2", "--fit", str(out), "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert set(printed["fit"]["report"]) == set(cm.KINDS)
    loaded = cm.load_call_model(out)
    key = family(load_preset("smear_ten_point", 6))
    assert set(loaded) == {key}
    assert loaded[key].weights["enter"] == tuple(printed["fit"]["weights"]["enter"])
    # a second family is added beside the first, which stays
    assert bench.main(["--players", "4", "--deals", "40", "--jobs", "2", "--fit", str(out), "--json"]) == 0
    capsys.readouterr()
    assert len(cm.load_call_model(out)) == 2
    bad = tmp_path / "other.json"
    bad.write_text(json.dumps({"features": ["x"], "families": []}))
    assert bench.main(["--players", "6", "--deals", "2", "--fit", str(bad)]) == 2
    assert "other features" in capsys.readouterr().err
    assert bench.main(["--players", "6", "--deals", "2", "--fit", str(tmp_path / "few.json")]) == 1
    assert "too few calls" in capsys.readouterr().err
    assert not (tmp_path / "few.json").exists()


@pytest.mark.parametrize("preset", ["smear_ten_point", "smear_mn_original"])
def test_the_advised_calls_read_no_hidden_card(preset: str) -> None:
    """At every call, a deal where two other seats swapped hands looks the same to the caller: the same call."""
    checked = 0
    for seed in range(8):
        state = new_match(preset, seed=seed)
        bot = HeuristicBot(seed, call_model=True)
        while state.phase == "bidding":
            seat = state.current_player
            twin = swap_hidden_hands(state, seat)
            obs = state.observation(seat)
            call = bot.choose(obs)
            if twin is not None:
                seen = twin.observation(seat)
                assert seen == obs
                assert bot.choose(seen) == call
                checked += 1
            state.apply(call)
    assert checked >= 20
