"""The engine contract (``jick.game``) checked for every registered game, preset and player count."""
