"""Research interfaces: observation tensors, PettingZoo, Gymnasium and OpenSpiel.

:mod:`jick.envs.tensors` turns any game's observation into a fixed-size
float32 vector with a documented layout; it needs only numpy. The adapters
need the ``rl`` extra (``pip install 'jick[rl]'``) and are imported only
when asked for:

* :mod:`jick.envs.pettingzoo`: an AEC environment for any preset
  (``env(preset="smear_ten_point", players=4, reward="hand")``);
* :mod:`jick.envs.gym`: a single-agent Gymnasium environment, jick bots in
  the other seats;
* :mod:`jick.envs.openspiel`: the games as OpenSpiel Python games
  (``pyspiel.load_game("jick_smear", {"preset": ...})``), and
  :mod:`jick.envs.openspiel_bot`, OpenSpiel's ISMCTS as a jick bot.

Nothing in the rest of the package imports this package's adapters.
See docs/research.md.
"""
