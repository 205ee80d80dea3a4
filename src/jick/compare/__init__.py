"""House-rule impact reports: rule sets played by the same bots on the same duplicate deals.

``jick compare-rules`` (see ``docs/compare.md``): :func:`run_compare` plays
every rule set on each duplicate deal (:mod:`jick.compare.runner`), each game
says what to measure (:mod:`jick.compare.figures`), the figures get their
intervals and paired differences (:mod:`jick.compare.summary`) and are shown
as tables, CSV or a chart (:mod:`jick.compare.report`).
"""

from __future__ import annotations

from jick.compare.runner import Variant, parse_variant, resolve_variants, run_compare
from jick.compare.summary import Comparison

__all__ = ["Comparison", "Variant", "parse_variant", "resolve_variants", "run_compare"]
