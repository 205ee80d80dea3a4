"""Two Smear search versions asked the same play decisions: how often they play the same card, by trick.

Heuristic bots play seeded hands; at every play decision with a choice
(``--min-cards``: only while the seat holds at least that many cards) both
bots are asked, from the same observation, and the heuristic's card is
played on. Per trick it prints how often the two bots chose the same card,
how often each chose the heuristic's card, and their decision time, sampled
deals and solver positions (means). A quick look at whether a change to the
search's play can matter before a ladder run measures it (minutes, not hours).

    .venv/bin/python benchmarks/compare_play.py --players 6 --hands 6 --bots search,search_deep
    .venv/bin/python benchmarks/compare_play.py --preset smear_mn_original --hands 10 --bots search,search_halving

The bots are names of ``jick arena`` (``search``, ``search_deep``, ...);
``--think`` sets both deadlines (default: the level's, 0.7 s).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import defaultdict
from typing import Any

from jick.bots import make_bot
from jick.engine import RulesError
from jick.games.smear import new_match
from jick.games.smear.bot import HeuristicBot
from jick.games.smear.knowledge import knowledge


def compare(
    preset: str, players: int | None, hands: int, names: list[str], seed: int, min_cards: int, think: float | None
) -> dict[int, dict[str, Any]]:
    """Per trick (1 = the first), the counts and means of the two bots' answers to the same decisions."""
    bots = [make_bot(name, 1, game="smear", think=think) for name in names]
    rows: dict[int, dict[str, Any]] = defaultdict(lambda: {"decisions": 0, "same": 0, "bots": [[] for _ in names]})
    for hand in range(hands):
        state = new_match(preset, players=players, seed=seed + hand)
        helpers = [HeuristicBot(hand * 10 + s) for s in range(state.num_players)]
        start = len(state.hand_results)
        while not state.is_terminal and len(state.hand_results) == start:
            forced = state.forced_action()
            if forced is not None:
                state.apply(forced)
                continue
            obs = state.observation(state.current_player)
            card = helpers[state.current_player].choose(obs)
            searched = obs.phase == "play" and obs.trump is not None and len(obs.legal_actions) > 1
            if searched and len(obs.hand) >= min_cards:
                row = rows[knowledge(obs).tricks_done + 1]
                row["decisions"] += 1
                choices = []
                for bot, answers in zip(bots, row["bots"], strict=True):
                    started = time.perf_counter()
                    why = bot.explain(obs)
                    seconds = time.perf_counter() - started
                    choices.append(why.choice)
                    answers.append(
                        (seconds, why.details.get("worlds", 0), why.details.get("nodes", 0), why.choice == card)
                    )
                row["same"] += choices[0] == choices[1]
            state.apply(card)
    return dict(sorted(rows.items()))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--preset", default="smear_ten_point")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--hands", type=int, default=6, help="seeded hands to play (default 6)")
    parser.add_argument("--bots", default="search,search_deep", help="two arena bot names, comma-separated")
    parser.add_argument("--seed", type=int, default=100, help="the first hand's seed (default 100)")
    parser.add_argument("--min-cards", type=int, default=1, help="only decisions with at least this many cards in hand")
    parser.add_argument("--think", type=float, default=None, help="both bots' deadline in seconds")
    args = parser.parse_args(argv)
    names = args.bots.split(",")
    if len(names) != 2:
        parser.error("--bots takes two names")
    try:
        rows = compare(args.preset, args.players, args.hands, names, args.seed, args.min_cards, args.think)
    except (RulesError, ValueError) as exc:
        parser.error(str(exc))
    print(f"{args.preset}, {args.hands} hands from seed {args.seed}: {names[0]} (a) and {names[1]} (b)")
    print("trick  decisions  same card  a=heuristic  b=heuristic  a: s / deals / positions    b: s / deals / positions")
    for trick, row in rows.items():
        cells = []
        for answers in row["bots"]:
            cells.append(
                f"{statistics.fmean(a[0] for a in answers):.3f} / {statistics.fmean(a[1] for a in answers):4.1f} / "
                f"{statistics.fmean(a[2] for a in answers):9,.0f}"
            )
        agree = [sum(a[3] for a in answers) for answers in row["bots"]]
        print(
            f"{trick:5}  {row['decisions']:9}  {row['same']:9}  {agree[0]:11}  {agree[1]:11}  {cells[0]}   {cells[1]}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
