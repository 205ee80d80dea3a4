"""Orders drawn from the system's generator (jick.shuffles) in a session: sealed, rebuilt, undone, recorded."""

from __future__ import annotations

import pytest

import jick.core.trick_state
import jick.games.liftsmoke.state
from jick.cards import parse_card
from jick.engine import RecordError
from jick.games.liftsmoke import LiftSmokeState, load_preset
from jick.record import replay
from jick.session import Session
from jick.shuffles import commitment, verify_deal


@pytest.fixture
def no_seeded_shuffles(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_args: object, **_kwargs: object) -> object:
        raise AssertionError("a seeded shuffle was used")

    monkeypatch.setattr(jick.core.trick_state, "shuffled_deck", refuse)
    monkeypatch.setattr(jick.games.liftsmoke.state, "shuffled", refuse)


def _play_out(session: Session) -> None:
    while not session.is_over:
        session.act(session.to_act, session.bot_action(session.to_act))


@pytest.mark.parametrize(
    ("preset", "overrides"),
    [
        ("smear_ten_point", {"target_score": 11}),
        ("tarok_4p", {"deals_per_match": 3}),
        ("lift_smoke", {"games_per_session": 2}),
    ],
)
def test_a_match_without_a_seed_draws_seals_and_replays(
    preset: str, overrides: dict[str, object], no_seeded_shuffles: None
) -> None:
    session = Session.new(preset, overrides=overrides, fresh_draws=True)
    session.seats = ["easy"] * session.state.num_players  # random bots can keep a Smear match going for ever
    _play_out(session)
    assert session.state.seed is None and len(session.draws) >= len(session.state.deals) >= 2
    record = session.record()
    assert record["seed"] is None
    decks = [d.order for d in session.draws if d.kind == "deal"]
    for deal, entry, deck in zip(session.state.deals, record["deals"], decks, strict=True):
        assert entry["commitments"][0]["sha256"] == commitment(entry["commitments"][0]["salt"], entry["deck"])
        assert tuple(deal.deck) == deck
    assert replay(record).state.returns() == session.state.returns()
    again = Session.rebuild(session.header, session.seats, session.action_ids(), draws=session.draws)
    assert again.record() == record


def test_a_lift_smoke_reshuffle_is_drawn_from_the_pile_and_sealed() -> None:
    rules = load_preset("lift_smoke", 4, {"on_stock_exhausted": "reshuffle_discards"})
    state = LiftSmokeState.from_position(rules, hands={0: ["KH", "3S"], 1: ["AH"]}, trump="C", leader=0, stock=0)
    pile = state.discard_mask | 1 << parse_card("KH").index | 1 << parse_card("AH").index
    session = Session(state, ["human"] * 4, fresh_draws=True)
    session.act(0, "KH")
    assert not session.draws
    session.act(1, "AH")  # wins the trick, draws from a stock made of the reshuffled pile
    (draw,) = session.draws
    assert draw.kind == "reshuffle" and sum(1 << c for c in draw.order) == pile and len(draw.order) == pile.bit_count()
    assert session.to_act == 1 and state.hand_mask(1) == 1 << draw.order[0]
    names = draw.names("liftsmoke")
    verify_deal([{"sha256": draw.commitment, "salt": draw.salt}], [names], "deal 1")
    with pytest.raises(RecordError, match="the deck played is not the deck committed to"):
        verify_deal([{"sha256": draw.commitment, "salt": draw.salt}], [names[::-1]], "deal 1")


def test_undo_takes_back_the_deck_drawn_after_an_action() -> None:
    session = Session.new("smear_ten_point", overrides={"target_score": 11}, seats=["easy"] * 4, fresh_draws=True)
    while len(session.state.deals) == 1:
        session.act(session.to_act, session.bot_action(session.to_act))
    assert [d.deal for d in session.draws] == [0, 1]
    ply = session.ply
    session.undo()
    assert session.ply == ply - 1 and [d.deal for d in session.draws] == [0] and len(session.state.deals) == 1


def test_a_match_without_its_draws_cannot_go_on() -> None:
    session = Session.new("tarok_3p", seats=["random"] * 3, fresh_draws=True)
    again = Session.rebuild(session.header, session.seats, [])
    assert again.to_act < 0 and not again.draws  # waiting for a deck nobody has given it
    with pytest.raises(RecordError, match="disagree"):
        session.know_draws([Session.new("tarok_3p", fresh_draws=True).draws[0]])
