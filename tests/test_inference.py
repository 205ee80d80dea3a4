"""Reading the auction in the play (:mod:`jick.games.smear.inference`).

The search bot draws the deals it solves in proportion to how well they
explain the other seats' calls. These tests check that the calls are read
with the choices each caller really had, that the weights move the sampled
deals towards the real ones (the bidder's trumps), that a bot reading the
auction still sees nothing hidden, and that ``search_v2`` keeps the bot
without it for the arena.
"""

from __future__ import annotations

import dataclasses
import math
import random
import statistics
from typing import Any

import pytest

from jick.bots import make_bot
from jick.bots.budget import Budget
from jick.bots.pimc import DeterminizedSearch
from jick.bots.weights import effective_size
from jick.engine import RecordError, RulesError
from jick.games.smear import actions as A
from jick.games.smear import new_match
from jick.games.smear.bot import HeuristicBot
from jick.games.smear.inference import (
    OTHER_BID_WEIGHT,
    PASS_MISMATCH_WEIGHT,
    AuctionReader,
    PlayReader,
    auction_calls,
    call_weight,
    proper_plays,
    resample,
)
from jick.games.smear.knowledge import knowledge
from jick.games.smear.sampling import sample_hands
from jick.games.smear.search import SearchBot
from jick.games.smear.state import SmearState
from jick.games.smear.tables import trump_table
from jick.games.tarok import inference as tarok_inference
from jick.games.tarok import new_match as new_tarok
from jick.games.tarok import sampling as tarok_sampling
from jick.games.tarok.bot import HeuristicBot as TarokHeuristic
from jick.games.tarok.bot import SearchBot as TarokSearch
from jick.games.tarok.bot import search_game as tarok_search_game
from jick.games.tarok.state import TarokState
from jick.record import record_of, replay

HEURISTIC = HeuristicBot()
#: A small search with no deadline, so that its choice depends on the observation alone.
SMALL = Budget(worlds=6, min_worlds=2, nodes=60_000, solve_nodes=30_000, auction_worlds=2, bids_tried=2)


def to_first_card(preset: str, seed: int, players: int | None = None) -> SmearState:
    """A match played by the heuristic bot until one card of the first trick is on the table."""
    state = new_match(preset, seed=seed, players=players) if players else new_match(preset, seed=seed)
    while state.phase != "play" or not state.trick:
        state.apply(HEURISTIC.choose(state.observation(state.current_player)))
    return state


@pytest.mark.parametrize("preset", ["smear_ten_point", "smear_mn_original", "smear_five_point_team", "smear_widow"])
def test_each_call_is_read_with_the_choices_its_caller_had(preset: str) -> None:
    for seed in range(6):
        state = new_match(preset, seed=seed)
        offered: list[tuple[int, frozenset[A.Action]]] = []
        while state.phase in ("bidding", "misdeal_offer"):
            legal = state.legal_actions()
            if state.phase == "bidding":
                offered.append((state.current_player, frozenset(legal)))
            state.apply(random.Random(seed * 7 + len(offered)).choice(legal))
        calls = auction_calls(state.observation(0))
        assert [(c.seat, frozenset(c.legal)) for c in calls] == offered
        for call in calls:
            assert call.action in call.legal


def test_call_weights_fall_with_the_distance_from_the_model_call() -> None:
    assert call_weight(A.Bid(4), A.Bid(4)) == 1.0
    assert call_weight(A.Bid(3), A.Bid(4)) == pytest.approx(OTHER_BID_WEIGHT)
    assert call_weight(A.Bid(2), A.Bid(4)) == pytest.approx(OTHER_BID_WEIGHT**2)
    assert call_weight(A.Pass(), A.Bid(4)) == PASS_MISMATCH_WEIGHT == call_weight(A.Bid(2), A.Pass())


def test_resampling_follows_the_weights() -> None:
    pool = [[i] for i in range(4)]
    drawn = resample(pool, [0.0, 1.0, 0.0, 3.0], 400, random.Random(3))
    assert [1] in drawn and [0] not in drawn and [2] not in drawn
    assert drawn.count([3]) == pytest.approx(300, abs=1)


@pytest.mark.parametrize("preset", ["smear_ten_point", "smear_mn_original"])
def test_reading_the_auction_gives_the_bidder_the_trumps_he_bid_on(preset: str) -> None:
    """Over many positions the weighted deals put the bidder's trump count nearer the truth than plain ones."""
    plain_errors, read_errors = [], []
    for seed in range(30):
        state = to_first_card(preset, seed)
        obs = state.observation(state.current_player)
        if obs.bidder is None or obs.bidder == obs.seat or obs.moon:
            continue
        trumps = trump_table(obs.rules, obs.trump).trumps
        k = knowledge(obs)
        rng = random.Random(seed)
        reader = AuctionReader(obs, HEURISTIC, k)
        pool = [sample_hands(k, rng) for _ in range(80)]
        weights = [reader.weight(hands) for hands in pool]
        truth = (state.hand_mask(obs.bidder) & trumps).bit_count()
        plain = statistics.mean((hands[obs.bidder] & trumps).bit_count() for hands in pool)
        counts = [(hands[obs.bidder] & trumps).bit_count() for hands in pool]
        read = sum(w * c for w, c in zip(weights, counts, strict=True)) / sum(weights)
        plain_errors.append(abs(plain - truth))
        read_errors.append(abs(read - truth))
    assert len(read_errors) >= 18
    assert statistics.mean(read_errors) < 0.9 * statistics.mean(plain_errors)


def test_a_seat_alone_in_the_auction_learns_nothing() -> None:
    state = to_first_card("smear_ten_point", 1)
    obs = state.observation(state.current_player)
    reader = AuctionReader(obs, HEURISTIC, knowledge(obs))
    assert reader.informative
    hands = [state.hand_mask(seat) for seat in range(state.num_players)]
    assert 0.0 < reader.weight(hands) <= 1.0
    quiet = AuctionReader(obs.__class__(**{**obs.__dict__, "bids": (), "bidder": obs.seat}), HEURISTIC)
    assert not quiet.informative and quiet.weight(hands) == 1.0


def swap_hidden_cards(state: SmearState, seat: int, rng: random.Random) -> SmearState | None:
    """The match replayed with one card of two other seats' hands exchanged in the deck, or None."""
    others = [s for s in range(state.num_players) if s != seat and state.hand_mask(s)]
    a, b = rng.sample(others, 2)
    x = rng.choice([c for c in range(55) if state.hand_mask(a) >> c & 1])
    y = rng.choice([c for c in range(55) if state.hand_mask(b) >> c & 1])
    record = record_of(state)
    last = record["deals"][-1]
    names = list(last["deck"])
    deck = list(state.deals[-1].deck)
    px, py = deck.index(x), deck.index(y)
    names[px], names[py] = names[py], names[px]
    record["deals"] = [*record["deals"][:-1], {**last, "deck": names}]
    try:
        other = replay(record, check_result=False).state
    except RecordError:  # the swap made an action of the record illegal
        return None
    return other if other.observation(seat) == state.observation(seat) else None


@pytest.mark.parametrize("preset", ["smear_ten_point", "smear_mn_original"])
def test_a_bot_reading_the_auction_never_reads_a_hidden_card(preset: str) -> None:
    checked = [swap_leaves_the_choice(to_first_card(preset, seed), seed) for seed in range(8)]
    assert checked.count(True) >= 4 and False not in checked


def swap_leaves_the_choice(state: SmearState, seed: int, read_plays: bool = False) -> bool | None:
    """Whether the small search explains the same choice after two hidden cards of other seats swap (None: no swap).

    The seat to move is the one asked; the swap keeps everything it saw (``swap_hidden_cards``).
    """
    seat = state.current_player
    explained = SearchBot(seed=3, budget=SMALL, read_plays=read_plays).explain(state.observation(seat))
    other = swap_hidden_cards(state, seat, random.Random(seed))
    if other is None:
        return None
    again = SearchBot(seed=3, budget=SMALL, read_plays=read_plays).explain(other.observation(seat))
    return again.choice == explained.choice and again.values == explained.values


def test_search_v2_is_the_search_without_reading_the_auction() -> None:
    v2 = make_bot("search_v2", seed=1, game="smear")
    assert isinstance(v2, SearchBot) and v2.inference is False and v2.memory is True
    v1 = make_bot("search_v1", seed=1, game="smear")
    assert isinstance(v1, SearchBot) and v1.inference is False and v1.memory is False
    assert make_bot("search", seed=1, game="smear").inference is True  # type: ignore[attr-defined]
    with pytest.raises(RulesError, match="plays smear only"):
        make_bot("search_v2", seed=1, game="tarok")
    state = to_first_card("smear_ten_point", 2)
    obs = state.observation(state.current_player)
    assert make_bot("search_v2", seed=1, game="smear").choose(obs) in obs.legal_actions


# ---------------------------------------------------------------------- reading the plays
PLAY_PRESETS = ["smear_ten_point", "smear_mn_original", "smear_five_point_team", "smear_widow"]


def play_positions(preset: str, seed: int, left: int = 3) -> tuple[SmearState, dict[tuple[int, int], Any]]:
    """A first hand played by heuristic bots until the seat to move holds ``left`` cards after the lead.

    Also the observation of every card played, keyed by (seat, card index), taken when the seat played it.
    """
    state = new_match(preset, seed=seed)
    seen: dict[tuple[int, int], Any] = {}
    while True:
        seat = state.current_player
        obs = state.observation(seat)
        action = HEURISTIC.choose(obs)
        if state.phase == "play" and state.hand_sizes[seat] <= left and state.trick:
            break
        if isinstance(action, A.Play):
            seen[(seat, action.card.index)] = obs
        state.apply(action)
    return state, seen


@pytest.mark.parametrize("preset", PLAY_PRESETS)
def test_proper_plays_are_the_plays_the_state_allows(preset: str) -> None:
    checked = 0
    for seed in range(4):
        state, seen = play_positions(preset, seed)
        for obs in seen.values():
            table = trump_table(obs.rules, obs.trump)
            led = obs.trick[0][1].index if obs.trick else None
            first = sum(obs.tricks_won) == 0
            expected = sum(1 << a.card.index for a in obs.legal_actions)
            assert proper_plays(obs.rules, table, knowledge(obs).hand, led, first) == expected
            checked += 1
    assert checked > 40


@pytest.mark.parametrize("preset", PLAY_PRESETS)
def test_each_play_is_read_as_the_table_stood_when_it_was_made(preset: str) -> None:
    """With the real hands, the reader rebuilds what each seat saw when it played: its hand, the trick, the counts."""
    fields = ("hand", "trick", "trick_leader", "witnessed", "hand_sizes", "tricks_won", "legal_actions", "trump")
    for seed in range(3):
        state, seen = play_positions(preset, seed)
        seat = state.current_player
        obs = state.observation(seat)
        reader = PlayReader(obs, HEURISTIC, knowledge(obs), limit=100)
        expected = {key for key, then in seen.items() if key[0] != seat and len(then.legal_actions) > 1}
        read = {(p.seat, p.card) for p in reader.plays}
        assert expected <= read
        for play in reader.plays:
            then = seen.get((play.seat, play.card))
            if then is None:
                continue  # a lone legal card, played by the rule without a choice
            rebuilt = reader.situation(play, state.hand_mask(play.seat) | play.later)
            for name in fields:
                assert getattr(rebuilt, name) == getattr(then, name), (preset, seed, play, name)


def test_the_plays_made_are_likelier_than_an_even_share_of_the_choices() -> None:
    shares = []
    for seed in range(6):
        state, _ = play_positions("smear_ten_point", seed)
        obs = state.observation(state.current_player)
        reader = PlayReader(obs, HEURISTIC, knowledge(obs))
        truth = [state.hand_mask(s) for s in range(state.num_players)]
        chances = [reader._chance(i, p, truth[p.seat] | p.later) for i, p in enumerate(reader.plays)]
        assert reader.weight(truth) == pytest.approx(math.prod(chances))
        for play, chance in zip(reader.plays, chances, strict=True):
            choices = len(reader.situation(play, truth[play.seat] | play.later).legal_actions)
            if choices > 1:
                assert 0.0 < chance < 1.0 + 1e-9
                shares.append(chance * choices)
    # the heuristic played every card; the model (which does not know a seat's own discards, and finds many
    # cards worth the same) gives those cards more than an even share of the chance
    assert len(shares) >= 30 and statistics.mean(shares) > 1.1


def placed(hands: list[int], truth: list[int], seat: int) -> float:
    """The share of the other seats' cards that ``hands`` puts in the right hand."""
    others = [s for s in range(len(truth)) if s != seat]
    return sum((hands[s] & truth[s]).bit_count() for s in others) / sum(truth[s].bit_count() for s in others)


def test_reading_the_plays_puts_more_cards_in_the_right_hands() -> None:
    """Over many positions, weighting by the plays seen places the hidden cards better than the calls alone."""
    calls_only, with_plays = [], []
    for seed in range(16):
        state, _ = play_positions("smear_ten_point", seed)
        obs = state.observation(state.current_player)
        k = knowledge(obs)
        truth = [state.hand_mask(s) for s in range(state.num_players)]
        rng = random.Random(seed)
        pool = [sample_hands(k, rng) for _ in range(60)]
        auction = [AuctionReader(obs, HEURISTIC, k).weight(h) for h in pool]
        reader = PlayReader(obs, HEURISTIC, k)
        both = [a * reader.weight(h) for a, h in zip(auction, pool, strict=True)]
        for weights, out in ((auction, calls_only), (both, with_plays)):
            out.append(sum(w * placed(h, truth, obs.seat) for w, h in zip(weights, pool, strict=True)) / sum(weights))
    assert statistics.mean(with_plays) > 1.1 * statistics.mean(calls_only)


@pytest.mark.parametrize("preset", ["smear_ten_point", "smear_mn_original"])
def test_a_bot_reading_the_plays_never_reads_a_hidden_card(preset: str) -> None:
    checked = [swap_leaves_the_choice(play_positions(preset, seed)[0], seed, read_plays=True) for seed in range(8)]
    assert checked.count(True) >= 3 and False not in checked


def test_search_plays_is_the_search_that_reads_the_plays_and_search_v3_bids_as_before() -> None:
    plays = make_bot("search_plays", seed=1, game="smear")
    assert isinstance(plays, SearchBot) and plays.inference is True and plays.read_plays is True
    assert make_bot("search", seed=1, game="smear").read_plays is False  # type: ignore[attr-defined]
    v3 = make_bot("search_v3", seed=1, game="smear")
    assert isinstance(v3, SearchBot) and v3.read_plays is False and v3._heuristic.bid_threshold == 0.7
    state, _ = play_positions("smear_ten_point", 2)
    obs = state.observation(state.current_player)
    assert plays.choose(obs) in obs.legal_actions


# ---------------------------------------------------------------------- Tarok and the generic search
def tarok_after_auction(seed: int, overrides: dict[str, Any] | None = None) -> TarokState:
    state = new_tarok("tarok_3p", seed=seed, overrides=overrides)
    bot = TarokHeuristic()
    while state.phase != "play":
        state.apply(bot.choose(state.observation(state.current_player)))
    return state


def test_tarok_calls_are_read_with_the_choices_their_callers_had() -> None:
    for seed in range(8):
        state = new_tarok("tarok_3p", seed=seed)
        offered = []
        rng = random.Random(seed)
        deals = len(state.deals)
        while state.phase == "auction" and len(state.deals) == deals:
            legal = state.legal_actions()
            offered.append((state.current_player, tuple(sorted(a.id for a in legal))))
            state.apply(rng.choice(legal))
        if len(state.deals) != deals:
            continue  # everyone passed: the deal is over and its calls are not in the next deal's observation
        calls = tarok_inference.auction_calls(state.observation(0))
        assert [(seat, tuple(sorted(a.id for a in legal))) for seat, _, legal in calls] == offered


def test_the_real_tarok_deal_explains_heuristic_calls_fully_and_others_less() -> None:
    """With heuristic callers the real deal has weight 1; the sampled deals of the same seat mostly less.

    Under the default rules the heuristic forehand bids threesome with every hand (a consolation pays
    against these bots), so the calls say little; with ``consolation_in_solo`` its choice of solo (for
    consolation) or threesome tells the strength of its hand.
    """
    lower = 0
    for seed in range(6):
        state = tarok_after_auction(seed, {"consolation_in_solo": True})
        seat = next(s for s in range(3) if s != state.bidder)
        obs = state.observation(seat)
        assert tarok_inference.world_weight(obs, state) == 1.0
        rng = random.Random(seed)
        weights = [tarok_inference.world_weight(obs, tarok_sampling.sample_world(obs, rng)) for _ in range(30)]
        assert all(0.0 < w <= 1.0 for w in weights)
        lower += sum(w < 1.0 for w in weights)
    assert lower > 0


def test_search_means_are_weighted_by_the_world_weight() -> None:
    """Weights scale out; a world of weight 0 counts for nothing; no world left falls back to the policy."""
    state = tarok_after_auction(2)
    obs = state.observation(state.current_player)
    base = TarokSearch(seed=1, budget=Budget(worlds=8, min_worlds=8, steps=1)).search.game

    def search(weight: Any, worlds: int = 8) -> Any:
        game = dataclasses.replace(base, world_weight=weight)
        return DeterminizedSearch(game, Budget(worlds, worlds, 1), seed=1).search(obs)

    plain = search(None)
    assert search(lambda o, w: 3.0).means == pytest.approx(plain.means)
    seen: list[int] = []

    def first_only(o: Any, world: Any) -> float:
        seen.append(1)
        return 1.0 if len(seen) == 1 else 0.0

    assert search(first_only).means == pytest.approx(search(None, worlds=1).means)
    assert search(lambda o, w: 0.0).fallback == "no sampled world fits the calls"


def test_the_tarok_search_reads_the_auction_only_when_asked() -> None:
    bot = make_bot("search", seed=1, game="tarok")
    assert isinstance(bot, TarokSearch) and bot.inference is False and bot.search.game.world_weight is None
    reader = TarokSearch(seed=1, inference=True)
    assert reader.search.game.world_weight is not None


def tarok_in_play(seed: int, tricks: int) -> Any:
    """A ``tarok_3p`` deal played by heuristic bots up to ``tricks`` completed tricks."""
    state = new_tarok("tarok_3p", seed=seed)
    bot = TarokHeuristic()
    while state.phase != "play" or len(state.observation(0).tricks) < tricks:
        state.apply(bot.choose(state.observation(state.current_player)))
    return state


def test_reading_the_tarok_plays_puts_more_cards_in_the_right_hands() -> None:
    """Worlds weighted by the plays the model would make hold more of the other seats' real cards."""
    policy = tarok_search_game().policy
    plain = weighted = 0.0
    lower = 0
    for seed in range(8):
        state = tarok_in_play(seed, 5 + seed % 5)
        seat = state.current_player
        obs = state.observation(seat)
        assert tarok_inference.play_weight(obs, state, policy) == 1.0  # heuristic players: every play explained
        others = [s for s in obs.active if s != seat]
        rng = random.Random(seed)
        worlds = [tarok_sampling.sample_world(obs, rng) for _ in range(60)]
        weights = [tarok_inference.play_weight(obs, w, policy) for w in worlds]
        assert all(0.0 < w <= 1.0 for w in weights)
        lower += sum(w < 1.0 for w in weights)
        right = [sum((w.hand_mask(s) & state.hand_mask(s)).bit_count() for s in others) for w in worlds]
        plain += sum(right) / len(right)
        weighted += sum(r * w for r, w in zip(right, weights, strict=True)) / sum(weights)
    assert lower > 0
    assert weighted > plain * 1.03


def test_the_tarok_search_reads_the_plays_only_when_asked_and_tempers_the_weights() -> None:
    assert TarokSearch(seed=1).search.temper_share is None
    named = make_bot("search_plays", seed=1, game="tarok")
    assert isinstance(named, TarokSearch) and named.read_plays and not named.inference
    reader = TarokSearch(seed=1, read_plays=True)
    assert reader.read_plays and reader.search.game.world_weight is not None and reader.search.temper_share == 0.25
    state = tarok_in_play(3, 6)
    obs = state.observation(state.current_player)
    budget = Budget(worlds=12, min_worlds=12, steps=1)
    heavy = dataclasses.replace(reader.search.game, world_weight=lambda o, w: next(weights))
    weights = iter([1.0] + [1e-9] * 11)
    one = DeterminizedSearch(heavy, budget, seed=1).search(obs)
    weights = iter([1.0] + [1e-9] * 11)
    tempered = DeterminizedSearch(heavy, budget, seed=1, temper_share=0.5).search(obs)
    plain = DeterminizedSearch(dataclasses.replace(heavy, world_weight=None), budget, seed=1).search(obs)
    samples = plain.details["samples"]
    # untempered, the first world is all that counts; tempered, at least half of the 12 count
    assert one.means == pytest.approx([values[0] for values in samples])
    kept = tempered.details["world_weights"]
    assert effective_size(one.details["world_weights"]) < 1.01 and effective_size(kept) >= 6 - 1e-6
    means = [sum(w * v for w, v in zip(kept, values, strict=True)) / sum(kept) for values in samples]
    assert tempered.means == pytest.approx(means)


def test_a_bot_version_two_games_register_means_the_same_options_in_both() -> None:
    """``bot_versions`` merges the games' names: a shared name must not mean two different bots."""
    from jick.game import registered_games

    seen: dict[str, tuple[str, Any]] = {}
    for game in registered_games():
        for name, (kind, options) in game.bot_versions.items():
            assert seen.setdefault(name, (kind, dict(options))) == (kind, dict(options)), name
    assert "search_plays" in seen


def test_an_observation_with_fields_is_the_observation_dataclasses_replace_makes() -> None:
    """The readers build each other seat's view with SmearObservation.with_fields (a fast copy): the same
    observation as dataclasses.replace, the original untouched, an unknown field refused."""
    state = new_match("smear_ten_point", seed=4)
    bots = [make_bot("heuristic", s, game="smear") for s in range(4)]
    checked = 0
    while not state.is_terminal and checked < 40:
        obs = state.observation(state.current_player)
        before = dataclasses.asdict(obs)
        changes = {"seat": (obs.seat + 1) % 4, "phase": "bidding", "hand": obs.hand[1:], "legal_actions": ()}
        made = obs.with_fields(**changes)
        assert made == dataclasses.replace(obs, **changes) and type(made) is type(obs)
        assert dataclasses.asdict(obs) == before
        state.apply(bots[state.current_player].choose(obs))
        checked += 1
    assert checked == 40
    with pytest.raises(TypeError, match="no field 'cards'"):
        obs.with_fields(cards=())
