"""How post-game analysis (:mod:`jick.analysis`) weighs a Tarok decision's loss.

Values are the seat's score change from the deal less the table's average
change (game points, as the search bot counts them): tens of points a deal (the
bars' measurements are in ``docs/analysis.md``).
"""

#: What the values count.
UNIT = "game points"
#: The least loss of an inaccuracy, a mistake and a blunder.
THRESHOLDS = (5.0, 10.0, 20.0)
