"""Terminal output of the Smear bid advisor (``jick advise``)."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table

from jick.games.smear.advise import Advice


def print_advice(advice: Advice, console: Console | None = None) -> None:
    """Print a table per trump suit (expected points, chance of making each bid) and the recommendation."""
    console = console or Console(highlight=False)
    seat = f"position {advice.position}"
    score = "-".join(str(s) for s in advice.scores[:2])
    console.print(f"{advice.preset}: {' '.join(advice.hand)} ({seat}, score {score}, {advice.samples} deals)")
    bids = list(advice.suits[0].make_chance)
    table = Table(title="Chance of taking at least each bid, with you naming trump")
    table.add_column("trump")
    table.add_column("expected points", justify="right")
    for bid in bids:
        table.add_column(str(bid), justify="right")
    for suit in advice.suits:
        chances = [f"{100 * suit.make_chance[b]:.0f}%" for b in bids]
        table.add_row(suit.suit, f"{suit.expected_points:.2f}", *chances)
    console.print(table)
    values = ", ".join(f"{choice} {value:+.2f}" for choice, value in advice.values.items())
    console.print(f"Expected score change against the others, per opening choice: {values}")
    console.print(
        f"Recommended: [bold]{advice.recommended}[/]"
        + (f" (then name {advice.best_suit})" if advice.recommended != "pass" else "")
        + f", worth {advice.recommended_value:+.2f}"
    )
