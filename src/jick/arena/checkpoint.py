"""A file of finished duplicate deals, so that a long arena run can stop and pick up where it stopped.

The file holds JSON lines: first the run's identity (preset, players, options,
bots, seed), then one line per finished deal. A deal's result depends only on
that identity and the deal's number, so deals read back are exactly the deals
a fresh run would play.

>>> import tempfile, pathlib
>>> from jick.arena.worker import DealPlay, DealResult
>>> path = pathlib.Path(tempfile.mkdtemp()) / "run.jsonl"
>>> book = Checkpoint(path, {"preset": "smear_ten_point", "seed": 1})
>>> book.add(DealResult(0, 3, 77, 3, (DealPlay((0, 1, 0, 1), (2.0, -2.0, 2.0, -2.0), (2, True)),)))
>>> Checkpoint(path, {"preset": "smear_ten_point", "seed": 1}).deals[(0, 3)].plays[0].bid
(2, True)
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from jick.arena.worker import DealPlay, DealResult
from jick.engine import RulesError


def deal_to_json(deal: DealResult) -> dict[str, Any]:
    return {
        "matchup": deal.matchup,
        "index": deal.index,
        "seed": deal.seed,
        "first_dealer": deal.first_dealer,
        "plays": [{"lineup": list(p.lineup), "points": list(p.points), "bid": p.bid} for p in deal.plays],
    }


def deal_from_json(data: dict[str, Any]) -> DealResult:
    plays = tuple(
        DealPlay(
            tuple(int(s) for s in p["lineup"]),
            tuple(float(x) for x in p["points"]),
            None if p["bid"] is None else (int(p["bid"][0]), bool(p["bid"][1])),
        )
        for p in data["plays"]
    )
    return DealResult(int(data["matchup"]), int(data["index"]), int(data["seed"]), int(data["first_dealer"]), plays)


class Checkpoint:
    """The finished deals of one arena run, read from ``path`` and appended to it as deals finish."""

    def __init__(self, path: Path, identity: dict[str, Any]) -> None:
        self.path = Path(path)
        self.identity = json.loads(json.dumps(identity, default=str))  # as it reads back from the file
        #: Finished deals by (matchup, deal number).
        self.deals: dict[tuple[int, int], DealResult] = {}
        if self.path.exists() and self.path.stat().st_size:
            self._read()
        else:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.path.write_text(json.dumps({"run": self.identity}) + "\n")

    def _read(self) -> None:
        text = self.path.read_text()
        lines = text.splitlines()
        try:
            head = json.loads(lines[0])["run"]
        except (ValueError, KeyError, TypeError, IndexError):
            raise RulesError(f"{self.path} is not an arena checkpoint (its first line names no run)") from None
        if head != self.identity:
            raise RulesError(f"{self.path} holds deals of another arena run ({head}); use another file")
        for number, line in enumerate(lines[1:], start=2):
            try:
                deal = deal_from_json(json.loads(line))
            except (ValueError, KeyError, TypeError, IndexError):
                if number == len(lines):  # cut short when the run was stopped: that deal is played again
                    self.path.write_text("".join(line + "\n" for line in lines[:-1]))
                    break
                raise RulesError(f"{self.path}, line {number}: not a finished deal") from None
            self.deals[(deal.matchup, deal.index)] = deal
        else:
            if not text.endswith("\n"):  # the last deal whole but its line end lost: end it before appending
                with self.path.open("a") as out:
                    out.write("\n")

    def add(self, deal: DealResult) -> None:
        """Keep a finished deal (appended at once, so a stop loses at most the deals under way)."""
        self.deals[(deal.matchup, deal.index)] = deal
        with self.path.open("a") as out:
            out.write(json.dumps(deal_to_json(deal)) + "\n")
