"""Replays for the page: one deal of a record, action by action, with every hand face up.

A finished deal hides nothing any more, so its *frames* show what every seat
held at every step: for each action, the public view (the fields on which all
seats' observations agree, as spectators get it) and, per seat, the fields
that only that seat saw (its hand, a kitty it took, its face-down discards).
The deal is rebuilt from the record alone (its decks, up to the deal shown),
so the last frame is the deal just over, before the next deal is dealt: its
last trick and its result are still on the table.

:func:`replay_deal` also gives the record's report (what ``jick replay
--json`` prints: every deal's points and the score after it), which the page
uses as the score sheet.

>>> import jick
>>> from jick.record import record_of
>>> state = jick.new_game("smear_ten_point", seed=1)
>>> for text in ("pass", "5", "pass", "pass", "S"):
...     state.apply(state.parse_action(text))
>>> out = replay_deal(record_of(state), 1)
>>> len(out["frames"]), out["frames"][-1]["action"], len(out["frames"][0]["seats"][0]["hand"])
(6, 'S', 10)
>>> out["frames"][0]["view"]["hand"] is None
True
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from jick.engine import IllegalAction, JickError, NotationError, RecordError
from jick.server.views import fields_text, observation_fields, public_fields

__all__ = ["replay_deal"]

#: Private fields a frame leaves out (the page needs no legal actions to show a replay).
LEFT_OUT = frozenset({"seat", "legal_actions"})


def _frame(state: Any, ply: int, seat: int | None, action: str | None) -> dict[str, Any]:
    every = [observation_fields(state.observation(s)) for s in range(state.num_players)]
    public = public_fields(every)
    seats = []
    for fields in every:
        own = {
            name: json.loads(text)
            for (name, text), (_, shared) in zip(fields, public, strict=True)
            if shared == "null" and text != "null" and name not in LEFT_OUT
        }
        seats.append(own)
    return {"ply": ply, "seat": seat, "action": action, "view": json.loads(fields_text(public)), "seats": seats}


def replay_deal(record: Mapping[str, Any], deal: int | None, frames: str = "all") -> dict[str, Any]:
    """The report of ``record`` and, for deal ``deal`` (1-based; None: none), its frames.

    ``frames`` is ``"all"`` (the deal's start and one frame after each
    action) or ``"last"`` (only the frame after its last action). Raises
    :class:`~jick.engine.RecordError` for a record that does not replay and
    a deal number that is not in it.
    """
    from jick.record import replay, state_for
    from jick.render import replay_report

    checked = replay(record, check_result=False)
    report = replay_report(checked.state)
    deals = list(record.get("deals") or [])
    meta = record.get("meta") if isinstance(record.get("meta"), dict) else {}
    names = [s.get("name") for s in meta.get("seats", []) if isinstance(s, dict)] if meta else []
    out: dict[str, Any] = {
        "game": record["game"],
        "preset": record.get("preset"),
        "players": record["players"],
        "names": names,
        "deals": [
            {
                "deal": i + 1,
                "dealer": d.get("dealer"),
                "actions": len(d.get("actions") or []),
                "outcome": d.get("outcome"),
            }
            for i, d in enumerate(deals)
        ],
        "report": report,
        "deal": None,
        "frames": [],
    }
    if deal is None:
        return out
    if not 1 <= deal <= len(deals):
        raise RecordError(f"deal {deal} is not in the record (deals 1..{len(deals)})")
    # Only the decks up to the deal shown, and no seed: after its last action the state waits for the next deal.
    state = state_for({**record, "deals": deals[:deal], "seed": None})
    ply = 0
    try:
        for d in deals[: deal - 1]:
            for _seat, text in d.get("actions") or []:
                state.apply(state.parse_action(text))
                ply += 1
        wanted = []
        if frames == "all":
            wanted.append(_frame(state, ply, None, None))
        actions = deals[deal - 1].get("actions") or []
        for k, (seat, text) in enumerate(actions):
            action = state.parse_action(text)
            state.apply(action)
            ply += 1
            if frames == "all" or k == len(actions) - 1:
                wanted.append(_frame(state, ply, int(seat), str(action)))
        if frames == "last" and not actions:
            wanted.append(_frame(state, ply, None, None))
    except (IllegalAction, NotationError) as exc:  # replay() accepted it, so this is not expected
        raise RecordError(f"deal {deal}: {exc}") from None
    except JickError as exc:
        raise RecordError(str(exc)) from None
    out["deal"] = deal
    out["frames"] = wanted
    return out
