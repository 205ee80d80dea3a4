"""How post-game analysis (:mod:`jick.analysis`) weighs a Tarok decision's loss.

Values are the seat's score change from the deal less the table's average
change (game points, as the search bot counts them). A deal's value is tens of
points either way and the values' standard error several points, so the bars
are wide (see ``docs/analysis.md``).
"""

#: What the values count.
UNIT = "game points"
#: The least loss of an inaccuracy, a mistake and a blunder.
THRESHOLDS = (10.0, 20.0, 40.0)
