"""The fixed layout of Smear action ids (see :mod:`jick.games.smear.actions`)."""

from __future__ import annotations

from typing import Final

NUM_CARDS: Final = 55
MAX_BID_LIMIT: Final = 60
PLAY_BASE: Final = 0
DISCARD_BASE: Final = NUM_CARDS
DONE_ID: Final = 2 * NUM_CARDS
TRUMP_BASE: Final = DONE_ID + 1
PASS_ID: Final = TRUMP_BASE + 4
MOON_ID: Final = PASS_ID + 1
MISDEAL_ID: Final = MOON_ID + 1
KEEP_ID: Final = MISDEAL_ID + 1
BID_BASE: Final = KEEP_ID + 1
#: Added after the bids, so every older id keeps its number.
SMUDGE_ID: Final = BID_BASE + MAX_BID_LIMIT + 1
#: Call a partner by naming a card (call_partner = card), one id per card; after the smudge.
CALL_BASE: Final = SMUDGE_ID + 1
NUM_ACTIONS: Final = CALL_BASE + NUM_CARDS
