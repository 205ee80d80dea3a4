"""A fresh installation's first card decision keeps its deadline while the Smear solver compiles.

numba compiles the solver at its first solve in a process (several seconds) and caches it on disk; a search
bot starts that compile in the background at its first decision and plays the heuristic's card where the solver is
not ready by its decision's deadline (``jick.games.smear.solver.warm_up``). Here a subprocess with an empty
numba cache (``NUMBA_CACHE_DIR``) makes its first card decision as a newcomer's first game would.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from jick.bots.budget import LEVEL_SECONDS

FIRST_DECISION = """
import json, time
from jick.bots import make_bot
from jick.games.smear import new_match
state = new_match("smear_ten_point", seed=3)
bot = make_bot("normal", 2, game="smear")
heuristic = make_bot("heuristic", 1, game="smear")
while state.phase != "play":
    state.apply(heuristic.choose(state.observation(state.current_player)))
obs = state.observation(state.current_player)
start = time.perf_counter()
why = bot.explain(obs)
print(json.dumps({"seconds": time.perf_counter() - start, "legal": why.choice in obs.legal_actions,
                  "worlds": why.details["worlds"], "method": why.method}))
"""


def test_the_first_card_decision_with_an_empty_numba_cache_answers_by_its_deadline(tmp_path: Path) -> None:
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-c", FIRST_DECISION], env=env, capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["legal"]
    # the compile takes several seconds (about 9 here); the decision waits for its deadline at most, then plays
    # the heuristic's card (or solves, on a machine that compiled in time)
    assert result["seconds"] < LEVEL_SECONDS["normal"] + 2.0
    assert result["worlds"] > 0 or "compiling" in result["method"]
