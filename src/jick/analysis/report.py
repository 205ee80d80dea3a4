"""The analysis as JSON (``src/jick/schemas/analysis.schema.json``) and as text for the terminal.

>>> from jick.analysis import Analysis
>>> empty = Analysis("smear", "smear_ten_point", "points", (0.5, 1.0, 2.0), "quick", 1, (0,), True)
>>> to_json(empty)["seats"][0]["accuracy"]
100.0
>>> print(lines(empty)[-1])  # doctest: +NORMALIZE_WHITESPACE
Seat 0: accuracy 100.0, 0 decisions valued: 0 inaccuracies, 0 mistakes, 0 blunders;
average loss 0.00 points, 0.00 beyond the noise
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from jick.analysis import LABELS, Analysis, Decision

#: The JSON document's format name and version.
FORMAT = "jick-analysis"
VERSION = 1
#: The mark printed beside a labelled decision, lichess style.
MARKS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}
_PLURALS = {"inaccuracy": "inaccuracies", "mistake": "mistakes", "blunder": "blunders"}


def to_json(analysis: Analysis) -> dict[str, Any]:
    """The analysis as a JSON-ready dict (see ``docs/analysis.md``)."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": analysis.game,
        "preset": analysis.preset,
        "unit": analysis.unit,
        "thresholds": dict(zip(LABELS, analysis.thresholds, strict=True)),
        "depth": analysis.depth,
        "seed": analysis.seed,
        "hindsight": analysis.hindsight,
        "seconds": round(analysis.seconds, 3),
        "decisions": [_decision(d) for d in analysis.decisions],
        "seats": [
            {
                "seat": s.seat,
                "decisions": s.decisions,
                "unvalued": analysis.unvalued.get(s.seat, 0),
                "average_loss": round(s.average_loss, 4),
                "clear_loss": round(s.clear_loss, 4),
                "accuracy": round(s.accuracy, 1),
                "counts": s.counts,
                "costliest": [{"deal": d.deal, "index": d.index, "loss": d.loss} for d in s.costliest],
            }
            for s in analysis.summaries()
        ],
    }


def _decision(d: Decision) -> dict[str, Any]:
    out = asdict(d)
    out["values"] = [asdict(v) for v in d.values]
    return out


def _plural(name: str, n: int) -> str:
    return f"{n} {name if n == 1 else _PLURALS[name]}"


def decision_line(d: Decision, unit: str) -> str:
    """One decision: who, what, the mark, the better choice and both values."""
    mark = MARKS[d.label] if d.label else ""
    played = d.played_value
    text = f"  {d.index:>3}. seat {d.seat} {d.phase:<8} {d.played}{mark}"
    if d.best == d.played:
        text += f"  (best, {played.value:+.2f} {unit})"
    else:
        best = d.best_value
        text += f"  {played.value:+.2f}; better {d.best} {best.value:+.2f} (loss {d.loss:.2f} ± {d.loss_error:.2f})"
        if d.label:
            text += f" {d.label}"
    if d.hindsight_best is not None and played.hindsight is not None:
        seen = next(v for v in d.values if v.action == d.hindsight_best)
        text += f"  [hindsight, all cards seen: {d.hindsight_best} {seen.hindsight or 0.0:+.2f}"
        text += "]" if d.hindsight_best == d.played else f", {d.played} {played.hindsight:+.2f}]"
    if d.deadline_hit:
        text += " (search cut short by its deadline)"
    return text


def lines(analysis: Analysis, marked_only: bool = False) -> list[str]:
    """The whole report as text: each deal's decisions with their marks, then each seat's summary."""
    out = [
        f"Analysis of a {analysis.game} record ({analysis.preset}), depth {analysis.depth}, seed {analysis.seed}; "
        f"values in {analysis.unit} for the seat's side over the rest of the deal, from what the seat knew.",
    ]
    if not analysis.hindsight:
        out.append("No hindsight: this game has no open-card solver.")
    deal = None
    for d in analysis.decisions:
        if marked_only and d.label is None:
            continue
        if d.deal != deal:
            deal = d.deal
            out.append(f"Deal {deal}")
        out.append(decision_line(d, analysis.unit))
    for s in analysis.summaries():
        counts = ", ".join(_plural(name, s.counts[name]) for name in LABELS)
        out.append(
            f"Seat {s.seat}: accuracy {s.accuracy:.1f}, {s.decisions} decisions valued: {counts}; average loss "
            f"{s.average_loss:.2f} {analysis.unit}, {s.clear_loss:.2f} beyond the noise"
        )
        if analysis.unvalued.get(s.seat):
            out.append(f"    {analysis.unvalued[s.seat]} decisions not valued (left to the heuristic, e.g. discards)")
        for d in s.costliest:
            out.append(f"    costliest: deal {d.deal}, action {d.index}: {d.played} for {d.best}, loss {d.loss:.2f}")
    return out
