"""The trick-taking core shared by every game: card sets, deal logs, the undo log and the state base.

- :mod:`jick.core.cardset`: card sets (and legal-action sets) as int bitmasks.
- :mod:`jick.core.deals`: a deal's log, a completed trick, seeded deck orders.
- :mod:`jick.core.undo`: the snapshot undo log and the core's slots of the value list.
- :mod:`jick.core.trick_state`: :class:`TrickState`, the base of every game's state.

A game's ``state.py`` subclasses :class:`TrickState` and supplies its rules:
what is legal now, what an action does, how a deal is dealt and scored.
"""

from jick.core.cardset import bit_ids, mask_of, pick
from jick.core.deals import DealLog, Trick, match_seed, shuffled_deck
from jick.core.trick_state import TrickState

__all__ = ["DealLog", "Trick", "TrickState", "bit_ids", "mask_of", "match_seed", "pick", "shuffled_deck"]
