"""One folder per game; each registers a ``GAME`` (:class:`jick.game.Game`).

Its states implement :class:`jick.game.GameState`.
"""
