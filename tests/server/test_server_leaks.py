"""No hidden card leaves the server: every message to every seat and spectator, in full games of every preset.

Each seat is played by a scripted client choosing random legal actions and
every table has a spectator. After the games, the test replays each
downloaded record with the engine and checks every message received against
what its receiver may know at that moment (the ``ply`` of the last view):

* every card in a message to a seat is in that seat's own observation then,
  and every card in a message to a spectator is in *every* seat's observation;
* and from the hands: no message shows a card that another seat holds,
  unless every seat's observation shows a card of that name (one of an
  earlier deal's results, or one the rules turn face up, like Lift Smoke's
  trump card in the dealer's hand);
* no message carries a seed, a deck or a token.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterator
from typing import Any

import pytest

from jick.game import AnyState
from jick.record import replay
from jick.record_hooks import hooks_for
from jick.registry import all_presets
from jick.server.views import to_json
from jick.session import HEADER_FIELDS, Session

from .kit import Client, LiveServer, create_table, host, random_policy, start_and_play

SHORT = {
    "smear": ["target_score=5", "bust_out_score=-5"],
    "tarok": ["deals_per_match=2"],
    "liftsmoke": ["games_per_session=2"],
}
PRESETS = all_presets()


def strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from strings(v)


def keys(value: Any) -> Iterator[str]:
    if isinstance(value, dict):
        for k, v in value.items():
            yield k
            yield from keys(v)
    elif isinstance(value, list):
        for v in value:
            yield from keys(v)


def cards_in(value: Any, names: frozenset[str]) -> set[str]:
    """Every card name in a JSON value: a string that is one, or a word of a string (``-XV`` counts as ``XV``;
    the table log's ``10♥,`` counts as ``10H``)."""
    from jick.story import JOKER_WORDS, card_words

    words = {card_words(name): name for name in names if name not in JOKER_WORDS}
    found = set()
    for text in strings(value):
        for name, said in JOKER_WORDS.items():  # "high joker" -> HJ; not the points' names ("High joker", "Joker")
            text = re.sub(
                rf"(?<!High )(?<!Low )(?<!high )(?<!low )\b{said}\b" if name == "JK" else rf"\b{said}\b", name, text
            )
        for word in text.split():
            word = word.lstrip("-").rstrip(",;:.)")
            if word in names:
                found.add(word)
            elif word in words:
                found.add(words[word])
    return found


#: The table log's first line of a deal.
DEAL_HEAD = re.compile(r"^(Hand|Deal|Game) \d+: ")


def this_deal(message: dict[str, Any]) -> dict[str, Any]:
    """``message`` with only the table log's lines of the deal in progress (after the last deal's first line)."""
    log = message.get("log")
    if not log:
        return message
    lines = log["lines"]
    heads = [i for i, line in enumerate(lines) if DEAL_HEAD.match(line)]
    return {**message, "log": {**log, "lines": lines[heads[-1] + 1 :] if heads else lines}}


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[dict[str, Any]]]:
    db = tmp_path_factory.mktemp("leaks") / "jick.db"
    with LiveServer(f"sqlite:///{db}") as server, server.http() as http:
        tables = []
        for n, (game, preset) in enumerate(PRESETS):
            created = create_table(http, preset=preset, set=SHORT[game], seed=7 + n)
            table_id = created["table"]["id"]
            seats = [
                Client(server, table_id, i["token"], random_policy, seed=n * 10 + i["seat"]) for i in created["invites"]
            ]
            tables.append(
                {
                    "game": game,
                    "created": created,
                    "seats": seats,
                    "spectator": Client(server, table_id, watch=created["watch_token"]),
                }
            )

        clients = [c for t in tables for c in [*t["seats"], t["spectator"]]]
        asyncio.run(start_and_play(http, [t["created"] for t in tables], clients, timeout=90))
        for t in tables:
            t["record"] = http.get(
                f"/api/tables/{t['created']['table']['id']}/record", headers=host(t["created"])
            ).json()
        yield tables


def _states(record: dict[str, Any]) -> list[AnyState]:
    """The match after each ply 0..n, rebuilt by the engine from the record."""
    final = replay(record).state
    session = Session.rebuild({k: record[k] for k in HEADER_FIELDS}, ["human"] * record["players"], [])
    out = [session.state.clone()]
    for deal in record["deals"]:
        for seat, text in deal["actions"]:
            session.act(seat, text)
            out.append(session.state.clone())
    assert out[-1].scores == final.scores
    return out


@pytest.mark.parametrize("index", range(len(PRESETS)), ids=[p for _, p in PRESETS])
def test_no_message_shows_a_card_its_receiver_may_not_know(games: list[dict[str, Any]], index: int) -> None:
    t = games[index]
    record = t["record"]
    assert record["result"]["finished"] is True
    hooks = hooks_for(t["game"])
    names = frozenset(str(c) for c in hooks.cards)
    states = _states(record)
    n = record["players"]
    obs_cards = [[cards_in(to_json(s.observation(seat)), names) for seat in range(n)] for s in states]
    hands = [[{str(c) for c in s.observation(seat).hand} for seat in range(n)] for s in states]
    actions = [(seat, text) for deal in record["deals"] for seat, text in deal["actions"]]
    tokens = {i["token"] for i in t["created"]["invites"]} | {t["created"]["host_token"]}
    # cards every seat's observation shows: played cards, earlier deals' results, a card turned face up
    public = [set.intersection(*cards) for cards in obs_cards]
    # what a receiver has seen by each ply: the table log tells the tricks already played, every card of which
    # was played face up (a deal's last trick too, which no observation shows: the next deal is dealt at once)
    played = [{str(c) for deal in s.deals for trick in deal.tricks for _, c in trick.plays} for s in states]
    known: list[list[set[str]]] = []
    public_known: list[set[str]] = []
    for ply in range(len(states)):
        before = known[-1] if known else [set() for _ in range(n)]
        known.append([before[seat] | obs_cards[ply][seat] | played[ply] for seat in range(n)])
        public_known.append((public_known[-1] if public_known else set()) | public[ply] | played[ply])
    checked = 0
    receivers = [(c, i["seat"]) for c, i in zip(t["seats"], t["created"]["invites"], strict=True)] + [
        (t["spectator"], None)
    ]
    for client, seat in receivers:
        ply = 0
        for message in client.messages:
            if message["type"] == "view":
                ply = message["ply"]
                assert message["seat"] == seat
            last = message.get("last")
            if last is not None and last["action"] is not None:
                # a seat is told its own last action (and nobody else's): it knows what it did
                assert last["seat"] == seat and actions[last["ply"]] == (seat, last["action"]["action"])
                message = {**message, "last": {**last, "action": None}}
            seen = cards_in(message, names)
            checked += len(seen)
            allowed = known[ply][seat] if seat is not None else public_known[ply]
            assert seen <= allowed, f"ply {ply}, seat {seat}: {sorted(seen - allowed)} in {message['type']}"
            # another seat's hand now: the table log's earlier deals name cards that are dealt again since
            now = cards_in(this_deal(message), names)
            for other in range(n):
                if other != seat:
                    hidden = hands[ply][other] - public[ply]
                    assert not now & hidden, f"ply {ply}: seat {other}'s {sorted(now & hidden)} sent to seat {seat}"
            assert not {"seed", "deck", "decks", "token", "host_token"} & set(keys(message))
            assert not tokens & set(strings(message))
    assert checked > 100  # the check saw cards: hands, tricks
