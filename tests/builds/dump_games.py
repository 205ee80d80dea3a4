"""Random games of every preset, dumped as JSON: run by two builds, the dumps must be identical.

``.ci/run`` runs this with the pure-Python package and with the compiled one
(``JICK_COMPILE=1 pip install .``) and compares the two files byte for byte:
the same seeds give the same histories, observations, legal actions and
results in both builds.

    python tests/builds/dump_games.py OUT.json [--games 3]

The games are driven by a seeded ``random.Random`` choosing among
``legal_action_ids()``; every observation of every seat is recorded as its
``repr``, so any difference in what a seat sees shows.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

#: Actions per game at most (a match can be long; the first hands are enough to compare).
MAX_ACTIONS = 400


def dump(games: int) -> dict[str, Any]:
    """For each preset and player count: per game the action ids, a digest of every observation, the result."""
    from jick.game import registered_games
    from jick.record import record_of

    out: dict[str, Any] = {}
    for game in registered_games():
        for preset in game.preset_names():
            for players in game.preset_info(preset).players:
                runs = []
                for g in range(games):
                    seed = 1000 * g + players
                    state = game.new_match(preset, players=players, seed=seed)
                    rng = random.Random(seed)
                    ids: list[int] = []
                    seen = hashlib.sha256()
                    while not state.is_terminal and len(ids) < MAX_ACTIONS:
                        for seat in range(state.num_players):
                            seen.update(repr(state.observation(seat)).encode())
                        legal = state.legal_action_ids()
                        aid = legal[rng.randrange(len(legal))]
                        state.apply_id(aid)
                        ids.append(aid)
                    runs.append({"seed": seed, "actions": ids, "observations": seen.hexdigest(),
                                 "record": record_of(state)})  # fmt: skip
                out[f"{preset} {players}p"] = runs
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--games", type=int, default=3)
    args = parser.parse_args(argv)
    import jick.games.smear.state as smear_state

    build = "compiled" if (smear_state.__file__ or "").endswith(".so") else "pure"
    data = dump(args.games)
    args.out.write_text(json.dumps(data, sort_keys=True), encoding="utf-8")
    print(f"{build} build: {len(data)} configurations, {args.games} games each -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
