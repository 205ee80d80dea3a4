"""jick.session: a match with its seats, bots' turns, the action log, rebuilding from a header or a record."""

from __future__ import annotations

import pytest

from jick.engine import IllegalAction, NotationError, RecordError
from jick.game import registered_games
from jick.record import record_of
from jick.session import HUMAN, LoggedAction, Session, record_header


@pytest.mark.parametrize("game", [g.name for g in registered_games()])
def test_bots_play_and_a_rebuild_is_the_same_match(game: str) -> None:
    preset = {"smear": "smear_mn_original", "tarok": "tarok_4p", "liftsmoke": "lift_smoke"}[game]
    session = Session.new(preset, seed=5)
    kinds = ["random", "easy"] * 3
    session.seats = kinds[: len(session.seats)]
    seen: list[LoggedAction] = []
    session.listeners.append(lambda _s, entry: seen.append(entry))
    for _ in range(80):
        if session.is_over:
            break
        session.act(session.to_act, session.bot_action(session.to_act))
    assert seen == session.log and [e.ply for e in seen] == list(range(len(seen)))
    again = Session.rebuild(session.header, session.seats, session.action_ids())
    assert record_of(again.state) == record_of(session.state)
    resumed = Session.from_record(session.record(), session.seats)
    assert resumed.log == session.log and resumed.to_act == session.to_act


def test_acting_out_of_turn_or_illegally_changes_nothing() -> None:
    session = Session.new("smear_ten_point", seed=1)
    seat = session.to_act
    with pytest.raises(IllegalAction, match="not seat"):
        session.act((seat + 1) % 4, "pass")
    with pytest.raises(IllegalAction):
        session.act(seat, "11")
    with pytest.raises(NotationError):
        session.act(seat, "AZ")
    with pytest.raises(NotationError):
        session.act(seat, 10_000)
    assert session.ply == 0 and session.state.current_player == seat
    entry = session.act(seat, "5")
    assert (entry.seat, entry.text, entry.action_id) == (seat, "5", 124)
    assert session.undo() == entry and session.ply == 0


def test_rebuilding_refuses_actions_that_do_not_fit() -> None:
    session = Session.new("tarok_3p", seed=2)
    with pytest.raises(RecordError, match="action 1"):
        Session.rebuild(session.header, [HUMAN] * 3, [10_000])
    with pytest.raises(RecordError, match="needs the decks drawn for it"):
        Session.rebuild({**record_header(session.state), "seed": None}, [HUMAN] * 3, session.action_ids() + [0])
    waiting = Session.rebuild({**record_header(session.state), "seed": None}, [HUMAN] * 3, [])
    assert waiting.to_act < 0 and waiting.ply == 0  # no seed and no deck: it waits for one
