"""How post-game analysis (:mod:`jick.analysis`) weighs a Lift Smoke decision's loss.

Values are chips: the pot if the seat wins the game, less its ante (as the
search bot counts them; see ``docs/analysis.md``).
"""

#: What the values count.
UNIT = "chips"
#: The least loss of an inaccuracy, a mistake and a blunder.
THRESHOLDS = (0.25, 0.5, 1.0)
