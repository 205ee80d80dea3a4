"""Text notations of a record: jick's own PGN-style tag pairs (lossless) and PTN for Pitch/Smear.

* :func:`export_text` / :func:`import_text`: every record of every game, both ways, losslessly
  (:mod:`jick.notation.pgn_style`).
* :func:`export_ptn` / :func:`import_ptn`: Smear records whose preset maps onto PTN's
  Pitch records (:mod:`jick.notation.ptn`, which finds the game that reads them).

Errors are :class:`TextRecordError` (a :class:`~jick.engine.RecordError`) with one line
that starts ``line N:`` where a line of the text is to blame.
"""

from jick.notation.pgn_style import export_text, import_text
from jick.notation.ptn import export_ptn, import_ptn
from jick.notation.tags import TextRecordError

__all__ = ["TextRecordError", "export_ptn", "export_text", "import_ptn", "import_text"]
