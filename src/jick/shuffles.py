"""Shuffles nobody can predict, and commitments that prove a deck was not changed during its deal.

A server table does not shuffle from a seed. Each deck order (and each Lift
Smoke reshuffle of the discard pile) is drawn afresh from the operating
system's cryptographic generator (:mod:`secrets`) when the game waits for it
at a chance node, so no card of a later deal follows from anything a player
has seen.

Each draw comes with a **commitment**: the SHA-256 of a secret salt and the
order, sent to every seat and spectator when the draw is made; the salt (and
the order) are revealed when the deal is over. Anybody can then check that the
deck played is the deck committed to::

    printf 'jick-deck:%s:%s' SALT 'AS KD 7C ...' | sha256sum

The text hashed is ``jick-deck:``, the salt (64 hex digits), ``:``, and the
card names, top first, separated by single spaces (the record's notation).

>>> salt = "ab" * 32
>>> sealed = commitment(salt, ["AS", "KS"])
>>> verify(sealed, salt, ["AS", "KS"]), verify(sealed, salt, ["KS", "AS"])
(True, False)
>>> from jick.game import get_game
>>> state = get_game("smear").new_match("smear_ten_point", decks=[], first_dealer=0)
>>> draw = draw_for(state)
>>> draw.deal, draw.kind, len(draw.order), state.current_player >= 0
(0, 'deal', 54, True)
>>> verify(draw.commitment, draw.salt, draw.names(state.game_name))
True
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from jick.core.trick_state import CHANCE
from jick.engine import RecordError
from jick.game import AnyState
from jick.record_hooks import hooks_for

__all__ = ["CHANCE", "Draw", "awaits_chance", "commitment", "draw_for", "supply", "verify", "verify_deal"]

#: The operating system's cryptographic generator.
_SYSTEM = secrets.SystemRandom()


def shuffled(cards: Sequence[int]) -> tuple[int, ...]:
    """``cards`` in an order drawn from the operating system's cryptographic generator."""
    order = list(cards)
    _SYSTEM.shuffle(order)
    return tuple(order)


def new_salt() -> str:
    """A fresh secret salt: 256 bits as 64 hex digits."""
    return secrets.token_hex(32)


def commitment(salt: str, names: Sequence[str]) -> str:
    """The SHA-256 (hex) of ``jick-deck:SALT:NAMES`` (the names top first, separated by spaces)."""
    return hashlib.sha256(f"jick-deck:{salt}:{' '.join(names)}".encode()).hexdigest()


def verify(sealed: str, salt: str, names: Sequence[str]) -> bool:
    """Whether ``names`` with ``salt`` is what the commitment ``sealed`` was made of."""
    return hmac.compare_digest(commitment(salt, names), sealed)


@dataclass(frozen=True)
class Draw:
    """One order drawn for a chance node: its deal (0-based), kind (``deal`` or ``reshuffle``), salt and commitment."""

    deal: int
    kind: str
    order: tuple[int, ...]
    salt: str
    commitment: str

    def names(self, game: str) -> list[str]:
        """The order in card notation, top first."""
        hooks = hooks_for(game)
        return [hooks.card_name(c) for c in self.order]

    def sealed(self) -> dict[str, Any]:
        """What everyone is told when the draw is made: its deal, kind and commitment."""
        return {"deal": self.deal, "kind": self.kind, "sha256": self.commitment}

    def to_json(self) -> dict[str, Any]:
        """Plain data (ints and strings) for storage and for crossing a process boundary."""
        return {
            "deal": self.deal,
            "kind": self.kind,
            "order": list(self.order),
            "salt": self.salt,
            "sha256": self.commitment,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Draw:
        return cls(
            int(data["deal"]),
            str(data["kind"]),
            tuple(int(c) for c in data["order"]),
            str(data["salt"]),
            str(data["sha256"]),
        )


def awaits_chance(state: AnyState) -> bool:
    """True when the state waits for a deck (or a reshuffle) to be supplied."""
    return state.current_player == CHANCE


def supply(state: AnyState, draw: Draw) -> None:
    """Give a state waiting at a chance node a drawn order (a :class:`~jick.engine.RecordError` if it does not fit)."""
    if not awaits_chance(state):
        raise RecordError(f"a {draw.kind} order was drawn but the game does not wait for one")
    if state.phase != draw.kind:
        raise RecordError(f"a {draw.kind} order was drawn but the game waits for a {state.phase}")
    hooks_for(state.game_name).supply_chance(state, draw.order)


def draw_for(state: AnyState) -> Draw:
    """Draw the order a state waits for from the system's generator, commit to it and supply it."""
    hooks = hooks_for(state.game_name)
    order = shuffled(hooks.chance_cards(state))
    salt = new_salt()
    kind = state.phase
    hooks.supply_chance(state, order)
    deal = len(state.deals) - 1
    return Draw(deal, kind, order, salt, commitment(salt, [hooks.card_name(c) for c in order]))


def verify_deal(entries: Any, orders: Sequence[Sequence[str]], where: str) -> None:
    """Check a recorded deal's ``commitments`` against its orders (a one-line RecordError if one fails).

    ``orders`` are the deck and then each reshuffle, in card notation; the
    first commitment is the deck's, the next ones the reshuffles', in order.

    >>> salt = "0f" * 32
    >>> verify_deal([{"sha256": commitment(salt, ["AS", "KS"]), "salt": salt}], [["AS", "KS"]], "deal 1")
    >>> verify_deal([{"sha256": commitment(salt, ["AS", "KS"]), "salt": salt}], [["KS", "AS"]], "deal 1")
    Traceback (most recent call last):
    ...
    jick.engine.RecordError: deal 1: the deck played is not the deck committed to (sha256 ...)
    """
    if not isinstance(entries, list) or not entries:
        raise RecordError(f"{where}: 'commitments' must be a non-empty list of {{sha256, salt}} objects")
    if len(entries) != len(orders):
        raise RecordError(f"{where}: {len(entries)} commitments for {len(orders)} deck and reshuffle orders")
    for k, (entry, order) in enumerate(zip(entries, orders, strict=True)):
        what = "deck" if k == 0 else f"reshuffle {k}"
        if not isinstance(entry, dict) or set(entry) != {"sha256", "salt"}:
            raise RecordError(f"{where}: commitment {k + 1} must be an object with 'sha256' and 'salt'")
        sealed, salt = entry["sha256"], entry["salt"]
        if not (isinstance(sealed, str) and isinstance(salt, str) and _is_hex(sealed) and _is_hex(salt)):
            raise RecordError(f"{where}: commitment {k + 1}: 'sha256' and 'salt' must be 64 lower-case hex digits")
        if not verify(sealed, salt, order):
            raise RecordError(f"{where}: the {what} played is not the {what} committed to (sha256 {sealed[:12]}...)")


def _is_hex(text: str) -> bool:
    return len(text) == 64 and all(c in "0123456789abcdef" for c in text)
