"""The learned bidding model of the Smear heuristic bot (jick.games.smear.bidding_model).

The shipped file loads and covers the families it names; its predictions
never drop when a hand gets a stronger trump; the heuristic bot still makes
legal calls in every preset; ``heuristic_v1`` bids and names trump exactly
as the one-feature calibration did (the old code path is written out here);
the training script runs end to end on a few deals.
"""

from __future__ import annotations

import json
import math
import random
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from jick.bots import make_bot
from jick.cards import ACE, JACK, TEN, index_mask
from jick.engine import Action, RulesError
from jick.games.smear import actions as A
from jick.games.smear import load_preset, new_match, preset_names
from jick.games.smear.bidding_model import FEATURES, family, hand_features, load_model, model_for, suit_features
from jick.games.smear.heuristic import (
    BID_THRESHOLD as HEURISTIC_BAR,
)
from jick.games.smear.heuristic import (
    JUMP_THRESHOLD,
    OWN_ESTIMATE,
    PRESSURE_EASING,
    HeuristicBot,
    calibration,
    trump_info,
)
from jick.games.smear.search import SearchBot
from script_kit import load_script

#: A bar below the heuristic's, for the search's own bids.
OWN_BAR = 0.45
TRAINED = ("smear_ten_point", "smear_mn_original", "smear_mn_three_handed")
#: The tables of those presets away from their default size that have a family of their own (``NAME@N``).
TRAINED_TABLES = (("smear_ten_point", 5), ("smear_ten_point", 6))


def _table(spec: str) -> tuple[str, int | None]:
    """A preset the model names, ``NAME`` or ``NAME@N``: the preset and its number of seats (None: the default)."""
    name, _, players = spec.partition("@")
    return name, int(players) if players else None


def _rules_of(spec: str) -> Any:
    return load_preset(*_table(spec))


def test_the_shipped_file_loads_and_covers_its_families() -> None:
    models = load_model()
    assert models, "the shipped model has no family"
    for key, model in models.items():
        assert model.presets, key
        for preset in model.presets:
            assert family(_rules_of(preset)) == key
        for fit in (model.bid, model.trump):
            assert len(fit.weights) == len(FEATURES)
            assert len(fit.intercepts) == key[2]  # one per position from the dealer
            assert all(w >= 0 for w in fit.weights)
            assert 0 < fit.sigma < key[3]
        assert (model_for(_rules_of(model.presets[0])) is not None) == (model.use_bid or model.use_trump)
    covered = {p for model in models.values() for p in model.presets}
    assert set(TRAINED) | {f"{name}@{n}" for name, n in TRAINED_TABLES} <= covered


def test_the_features_hold_the_estimate_of_the_own_cards_the_bot_passes_on() -> None:
    assert FEATURES[OWN_ESTIMATE] == "own_estimate"
    bot = HeuristicBot(1)
    for preset in TRAINED:
        for seed in range(10):
            obs = new_match(preset, seed=seed).observation(0)
            own = max(f[OWN_ESTIMATE] for f in bot._suit_features(obs, True))
            assert own == bot._own_strength(obs)


def test_bid_mean_gives_the_fits_spread_and_the_own_cards_estimate() -> None:
    """The public (mu, sigma, own): the fit's spread, the own cards' estimate, a mean in the hand's range."""
    bot = HeuristicBot(1)
    for preset in TRAINED:
        model = model_for(load_preset(preset))
        assert model is not None
        for seed in range(10):
            obs = new_match(preset, seed=seed).observation(0)
            modelled = bot.bid_mean(obs)
            assert modelled is not None
            mu, sigma, own = modelled
            assert sigma == model.bid.sigma and own == bot._own_strength(obs)
            assert 0.0 <= mu <= load_preset(preset).max_points + 1
        assert HeuristicBot(1, bidding_model=False).bid_mean(obs) is None


def _stronger(hand: int, suit: int, rank: int, trumps: int) -> int | None:
    """``hand`` with its lowest plain 2-9 replaced by the trump card of ``rank`` (None if held or no such card).

    ``trumps``: the trump cards with ``suit`` as trump (a card of another suit may be one, as Cinch's
    left pedro), which are never the card given up.
    """
    card = 13 * suit + rank
    if hand >> card & 1:
        return None
    for c in sorted(range(52), key=lambda c: c % 13):
        if c // 13 != suit and c % 13 < TEN - 1 and c % 13 != JACK and hand >> c & 1 and not trumps >> c & 1:
            return (hand & ~(1 << c)) | 1 << card
    return None


#: Every preset (``NAME`` or ``NAME@N``) a fit of the shipped file was trained on.
SHIPPED = sorted(p for model in load_model().values() for p in model.presets)


@pytest.mark.parametrize("spec", SHIPPED)
def test_a_stronger_trump_never_lowers_the_prediction(spec: str) -> None:
    preset, players = _table(spec)
    rules = load_preset(preset, players)
    models = load_model()
    model = models[family(rules)]
    n = rules.num_players
    sides = tuple(rules.side_of(s) for s in range(n))
    rng = random.Random(5)
    checked = 0
    for seed in range(60):
        state = new_match(preset, players=players, seed=seed)
        if state.phase != "bidding":
            continue
        seat = rng.randrange(n)
        obs = state.observation(seat)
        hand = index_mask(obs.hand)
        position = (seat - obs.dealer) % n
        for suit in range(4):
            for rank in (ACE, JACK):
                better = _stronger(hand, suit, rank, trump_info(rules, suit).table.trumps)
                if better is None:
                    continue
                for fit, bidder in ((model.bid, True), (model.trump, False)):
                    before = fit.mean(hand_features(rules, hand, suit, seat, obs.dealer, sides, bidder), position)
                    after = fit.mean(hand_features(rules, better, suit, seat, obs.dealer, sides, bidder), position)
                    assert after >= before - 1e-9, (preset, seed, suit, rank)
                    checked += 1
    assert checked > 100


@pytest.mark.parametrize("preset", preset_names())
def test_the_heuristic_makes_legal_calls_in_every_preset(preset: str) -> None:
    for bot in (HeuristicBot(1), HeuristicBot(1, bidding_model=False)):
        for seed in range(6):
            state = new_match(preset, seed=seed)
            for _ in range(40):
                if state.phase not in ("bidding", "trump", "misdeal_offer", "discard"):
                    break
                obs = state.observation(state.current_player)
                action = bot.choose(obs)
                assert action in obs.legal_actions
                state.apply(action)


# ---------------------------------------------------------------------- the old code path
def _phi(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


def old_bid(bot: HeuristicBot, obs: Any) -> Action:
    """The heuristic's bid before the learned model: the calibration of ``estimate``, written out."""
    rules = obs.rules
    legal = obs.legal_actions
    bids = sorted((a for a in legal if isinstance(a, A.Bid)), key=lambda a: a.amount)
    pass_action = A.ACTIONS[A.PASS_ID]
    if A.ACTIONS[A.MOON_ID] in legal and bot._moon_hand(obs):
        return A.ACTIONS[A.MOON_ID]
    if not bids:
        return pass_action if pass_action in legal else legal[0]
    if pass_action not in legal:
        return bids[0]
    raw = max(bot.suit_estimates(obs))
    pressure = bot._pressure(obs)
    if bot._own_strength(obs) < 2.7 * rules.max_points / 10.0 * (0.5 if pressure else 1.0):
        return pass_action
    cal = calibration(rules)
    mu = cal.mean(raw, (obs.seat - obs.dealer) % len(obs.sides))
    chosen: Action = pass_action
    for b in bids:
        p_make = 1.0 - _phi((b.amount - 0.5 - mu) / cal.sigma)
        if p_make >= bot._threshold(obs, b.amount):
            chosen = b
            break
        if p_make < 0.3:
            break
    if isinstance(chosen, A.Bid) and bot._opponent_to_bid(obs):
        jump = JUMP_THRESHOLD - (PRESSURE_EASING if pressure else 0.0)
        mine = obs.scores[obs.sides[obs.seat]]
        for b in bids:
            if b.amount <= chosen.amount or 1.0 - _phi((b.amount - 0.5 - mu) / cal.sigma) < jump:
                continue
            if rules.bust_out_score is None or mine - b.amount > rules.bust_out_score:
                chosen = b
    return chosen


def old_trump(bot: HeuristicBot, obs: Any) -> Action:
    ests = bot.suit_estimates(obs, bidder=False)
    suits = [a for a in obs.legal_actions if isinstance(a, A.NameTrump)]
    return max(suits, key=lambda a: (ests[a.suit], -a.suit))


@pytest.mark.parametrize("preset", TRAINED + ("smear_widow",))
def test_heuristic_v1_is_the_old_bot(preset: str) -> None:
    v1 = make_bot("heuristic_v1", seed=1, game="smear")
    assert isinstance(v1, HeuristicBot) and v1.bidding_model is False and v1.bid_threshold == 0.7
    new = make_bot("heuristic_v2", seed=1, game="smear")
    assert isinstance(new, HeuristicBot) and new.bidding_model is True and new.bid_threshold == 0.7
    helper = HeuristicBot(0, bidding_model=False, bid_threshold=0.7)
    calls = trumps = differ = 0
    for seed in range(40):
        state = new_match(preset, seed=seed)
        while state.phase in ("bidding", "trump", "misdeal_offer"):
            obs = state.observation(state.current_player)
            choice = v1.choose(obs)
            if state.phase == "bidding" and len(obs.legal_actions) > 1:
                assert choice == old_bid(helper, obs), (preset, seed)
                calls += 1
            elif state.phase == "trump":
                assert choice == old_trump(helper, obs), (preset, seed)
                trumps += 1
            differ += choice != new.choose(obs)
            state.apply(choice)
    assert calls > 40 and trumps > 20
    if model_for(load_preset(preset)) is None:
        assert differ == 0  # no model for this family: both bots are the old one
    else:
        assert differ > 0  # the model is in use: some calls differ
    with pytest.raises(RulesError, match="plays smear only"):
        make_bot("heuristic_v1", seed=1, game="tarok")


def test_the_training_script_runs_end_to_end(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = load_script("train_bidding")
    out = tmp_path / "model.json"
    args = ["--deals", "3", "--presets", "smear_mn_three_handed", "--holdout", "0.34", "--out", str(out)]
    assert script.main(args + ["--cache", str(tmp_path / "rows")]) == 0
    assert "wrote" in capsys.readouterr().out
    data = json.loads(out.read_text())
    assert data["features"] == list(FEATURES)
    [entry] = data["families"]
    assert tuple(entry["family"]) == family(load_preset("smear_mn_three_handed"))
    assert entry["use_bid"] is True and entry["use_trump"] is True
    assert entry["heldout"]["heldout_hands"] > 0 and "r2" in entry["heldout"]["bid_model"]
    models = load_model(out)
    assert set(models) == {family(load_preset("smear_mn_three_handed"))}
    # the cached hands give the same fits, and --disable keeps a fit but turns it off
    assert script.main(args + ["--cache", str(tmp_path / "rows"), "--disable", "smear_mn_three_handed:trump"]) == 0
    again = json.loads(out.read_text())["families"][0]
    assert again["bid"] == entry["bid"] and again["trump"] == entry["trump"]
    assert again["use_bid"] is True and again["use_trump"] is False


@pytest.mark.parametrize("preset", TRAINED + ("smear_widow",))
def test_the_tuned_bar_bids_every_hand_the_old_bar_bid_and_more(preset: str) -> None:
    """heuristic (bar 0.55) against heuristic_v2 (bar 0.7): same model, so every bid of the old bar stays a bid."""
    new = make_bot("heuristic", seed=1, game="smear")
    old = make_bot("heuristic_v2", seed=1, game="smear")
    assert isinstance(new, HeuristicBot) and new.bid_threshold == HEURISTIC_BAR < old.bid_threshold
    only_new = 0
    for seed in range(60):
        state = new_match(preset, seed=seed)
        while state.phase in ("bidding", "misdeal_offer"):
            obs = state.observation(state.current_player)
            mine, theirs = new.choose(obs), old.choose(obs)
            if state.phase == "bidding":
                assert not (theirs != A.Pass() and mine == A.Pass()), (preset, seed)
                only_new += theirs == A.Pass() and mine != A.Pass()
            state.apply(theirs)
    assert only_new > 0


def test_the_search_bar_of_its_own_bids_is_apart_from_its_model_of_the_others() -> None:
    """SearchBot(bid_threshold=) sets its own bar; its model of the other seats keeps the heuristic's."""
    search = make_bot("search", seed=1, game="smear")
    v3 = make_bot("search_v3", seed=1, game="smear")
    own = SearchBot(1, bid_threshold=OWN_BAR)
    assert isinstance(search, SearchBot) and isinstance(v3, SearchBot)
    assert search._bidder.bid_threshold == search._heuristic.bid_threshold == HEURISTIC_BAR
    assert v3._bidder.bid_threshold == v3._heuristic.bid_threshold == 0.7
    assert own._bidder.bid_threshold == OWN_BAR < HEURISTIC_BAR == own._heuristic.bid_threshold
    # in the auction's play-outs the bot's own seat bids on its bar, every other seat on the model's
    bars = [own._playout_bot(3, seat, me=2).bid_threshold for seat in range(4)]
    assert bars == [HEURISTIC_BAR, HEURISTIC_BAR, OWN_BAR, HEURISTIC_BAR]
    only_own = 0
    for seed in range(60):
        state = new_match("smear_ten_point", seed=seed)
        while state.phase in ("bidding", "misdeal_offer"):
            obs = state.observation(state.current_player)
            mine, theirs = own._bidder.choose(obs), search._bidder.choose(obs)
            if state.phase == "bidding":
                assert not (theirs != A.Pass() and mine == A.Pass()), seed
                only_own += theirs == A.Pass() and mine != A.Pass()
            state.apply(theirs)
    assert only_own > 0


def test_the_training_script_trains_a_table_size_and_merges_it_into_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``NAME@N`` trains a preset at N seats (a family of its own); ``--merge`` keeps the file's other families."""
    script = load_script("train_bidding")
    assert script.split_spec("smear_ten_point@6") == ("smear_ten_point", 6)
    assert script.split_spec("smear_mn_original") == ("smear_mn_original", None)
    out = tmp_path / "model.json"
    shipped = resources.files("jick.games.smear").joinpath("bidding_model.json").read_text(encoding="utf-8")
    out.write_text(shipped, encoding="utf-8")
    before = json.loads(shipped)["families"]
    args = ["--deals", "3", "--presets", "smear_ten_point@6", "--holdout", "0.34", "--out", str(out), "--merge"]
    assert script.main(args) == 0
    data = json.loads(out.read_text())
    six = family(load_preset("smear_ten_point", 6))
    assert six != family(load_preset("smear_ten_point"))
    others = [entry for entry in before if tuple(entry["family"]) != six]
    assert [entry for entry in data["families"] if tuple(entry["family"]) != six] == others  # kept as they were
    [entry] = [entry for entry in data["families"] if tuple(entry["family"]) == six]
    assert entry["presets"] == ["smear_ten_point@6"] and entry["trained"]["deals"] == 3
    assert len(entry["bid"]["intercepts"]) == 6  # one per position from the dealer at six seats
    assert set(load_model(out)) == {tuple(e["family"]) for e in before} | {six}
    # without --merge the file holds only the family trained now
    assert script.main(args[:-1]) == 0
    assert set(load_model(out)) == {six}
    capsys.readouterr()
    # a file that is not a model is not merged into, in one line
    out.write_text("[1, 2]", encoding="utf-8")
    with pytest.raises(SystemExit) as exit_info:
        script.main(args)
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith(f"train_bidding: cannot merge into {out}") and err.count("\n") == 1
    assert out.read_text(encoding="utf-8") == "[1, 2]"  # left as it was


@pytest.mark.parametrize("spec", ["smear_ten_point@9", "smear_ten_point@six", "no_such_preset", "pitch_five"])
def test_the_training_script_refuses_a_bad_preset_in_one_line(spec: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        load_script("train_bidding").main(["--presets", spec, "--deals", "1", "--no-write"])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("train_bidding: ") and err.count("\n") == 1
    if spec == "pitch_five":  # the naming lead sets trump: no hand to fit
        assert "no bidder named trump" in err


@pytest.mark.parametrize(
    ("preset", "players"),
    [("smear_ten_point", 4), ("smear_ten_point", 6), ("smear_mn_original", 4), ("smear_mn_three_handed", 3),
     ("pitch_ten", 4)],
)  # fmt: skip
def test_the_features_of_every_suit_at_once_are_each_suits_features(preset: str, players: int) -> None:
    """suit_features works the unseen cards' shares out once where the trumps in hand do not move them (every
    discard mode but the refill): the same features as one suit at a time, with the shares of that suit."""
    from jick.games.smear.heuristic import Shares, estimate, shares, trump_info
    from jick.games.smear.rules import DiscardMode

    rules = load_preset(preset, players)
    sides = new_match(preset, players=players, seed=1).observation(0).sides
    rng = random.Random(5)
    for _ in range(200):
        hand = sum(1 << c for c in rng.sample(range(rules.deck_size), rules.hand_size))
        seat, dealer, bidder = rng.randrange(players), rng.randrange(players), rng.random() < 0.5
        together = suit_features(rules, hand, seat, dealer, sides, bidder)
        assert together == [hand_features(rules, hand, suit, seat, dealer, sides, bidder) for suit in range(4)]
        for suit in range(4):  # each suit's own shares, as the features were first defined
            info = trump_info(rules, suit)
            own = (hand & info.table.trumps).bit_count()
            sh = shares(rules, seat, dealer, sides, hand.bit_count(), bidder, own)
            alone = Shares(0.0, 0.0, 1.0, 0, players - 1)
            assert together[suit][:2] == (estimate(info, hand, sh), estimate(info, hand, alone))
    if rules.discard_mode is not DiscardMode.REFILL:  # where the shares may be shared
        assert len({shares(rules, 0, 1, sides, rules.hand_size, True, t) for t in range(7)}) == 1


@pytest.mark.parametrize("preset", preset_names())
def test_the_estimate_reads_only_the_trumps_and_plain_aces_held(preset: str) -> None:
    """estimate keeps its values by the trumps and the count of plain aces held (the reading asks it of many
    hands alike): a hand alike in those, its other cards changed, has the same value worked out afresh."""
    from jick.games.smear.heuristic import _estimate, estimate, shares, trump_info

    rules = load_preset(preset)
    players = rules.num_players
    sides = new_match(preset, seed=1).observation(0).sides
    rng = random.Random(11)
    deck = range(rules.deck_size)
    checked = 0
    for _ in range(150):
        suit = rng.randrange(4)
        info = trump_info(rules, suit)
        hand = sum(1 << c for c in rng.sample(deck, rules.hand_size))
        # the same trumps and as many plain aces, every other card drawn again from the rest
        aces = info.plain_aces & ~info.table.trumps  # (an ace of another suit can be a trump: pitch_eleven)
        keep = hand & info.table.trumps
        new_aces = rng.sample([c for c in deck if aces >> c & 1], (hand & aces).bit_count())
        rest = [c for c in deck if not (info.table.trumps | info.plain_aces) >> c & 1]
        free = rules.hand_size - keep.bit_count() - len(new_aces)
        other = keep | sum(1 << c for c in new_aces) | sum(1 << c for c in rng.sample(rest, free))
        seat, dealer = rng.randrange(players), rng.randrange(players)
        sh = shares(rules, seat, dealer, sides, rules.hand_size, rng.random() < 0.5, keep.bit_count())
        value = _estimate(info, hand, sh)
        assert _estimate(info, other, sh) == value
        assert estimate(info, other, sh) == value and estimate(info, hand, sh) == value
        checked += other != hand
    assert checked > 100
