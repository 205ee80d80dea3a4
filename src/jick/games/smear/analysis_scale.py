"""How post-game analysis (:mod:`jick.analysis`) weighs a Smear decision's loss.

Values are in points: the expected change of the seat's side's lead on the
others over the rest of the hand. The marks' bars were chosen from the losses
measured on search-bot records (see ``docs/analysis.md``): most card plays lose
nothing, a lost Jack, Game or Low costs about one point, a lost Trey or a set
bid several.
"""

#: What the values count.
UNIT = "points"
#: The least loss of an inaccuracy, a mistake and a blunder.
THRESHOLDS = (0.5, 1.0, 2.0)
