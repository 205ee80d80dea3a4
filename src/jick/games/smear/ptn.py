"""PTN, the Pitch sites' tag-pair records, for the Smear presets that map onto them.

PTN's own definition was not available to us; this module reads and writes
the subset documented in ``docs/records.md`` ("PTN"), with the tags the
sites' exports are known to use: Event, Dealer, Deal, Auction, Contract,
Declarer, Play and GameScores (plus ``Variant``, the jick preset, which we
assume). Seats are numbered 1..n (2 to 6 seats), clockwise; the dealer's left
bids and, unless the bidder leads, plays first.

A PTN hand holds the dealt hands, the bids, the contract and the tricks, not
the deck order, the discards or a seed: on import the discards are the cards
a seat was dealt and did not play (so a preset maps only when every player
discards down to six and plays them all), and the undealt cards follow in
the rules' canonical order. A PTN text therefore round-trips exactly; a JSON
record exported to PTN and read back keeps every deal, bid and card but not
its seed, stock order or commitments.

>>> deal = " ".join(".".join(rank + suit for rank in "2 3 4 5 6 7 8 9 10 J".split()) for suit in "SHDC")
>>> text = f'''[Variant "smear_ten_point"]
... [Dealer "4"]
... [Deal "1:{deal}"]
... [Auction "1"]
... 2 Pass Pass Pass
... [Contract "2S"]
... [Declarer "1"]
... [Play "1"]
... JS 10H 10D 10C
... 10S 9H 9D 9C
... 9S 8H 8D 8C
... 8S 7H 7D 7C
... 7S 6H 6D 6C
... 6S 5H 5D 5C'''
>>> record = import_ptn(text)
>>> record["deals"][0]["actions"][:5]
[[0, '2'], [1, 'pass'], [2, 'pass'], [3, 'pass'], [0, 'S']]
>>> record["result"]["scores"], export_ptn(record).splitlines()[-1]
([3, 0], '[GameScores "3 0"]')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from jick.engine import IllegalAction, JickError, NotationError, RecordError, RulesError
from jick.notation.tags import Tag, TextRecordError, at, parse_int, read_tags, tag_line

#: The tags of one PTN hand, in the order jick writes them.
PTN_TAGS = ("Event", "Variant", "Dealer", "Deal", "Auction", "Contract", "Declarer", "Play", "GameScores")
#: Seats a PTN game may have.
MIN_SEATS, MAX_SEATS = 2, 6


def looks_like_ptn(text: str) -> bool:
    """Whether a text is PTN rather than jick's notation (it has a [Deal "seat:hands"] tag, no [Format])."""
    try:
        tags = read_tags(text)
    except TextRecordError:
        return False
    names = {t.name for t in tags}
    return "Format" not in names and any(t.name == "Deal" and ":" in t.value for t in tags)


def unmapped(rules: Any) -> str | None:
    """Why Smear rules do not map onto PTN, or None when they do."""
    if rules.kitty_size:
        return f"kitty_size = {rules.kitty_size} (PTN has no widow)"
    if rules.discard_mode == "refill":
        return "discard_mode = refill (PTN has no draws from the stock)"
    if rules.low_hand_misdeal != "off":
        return f"low_hand_misdeal = {rules.low_hand_misdeal} (PTN has no misdeal calls)"
    if rules.moon_enabled:
        return "moon_enabled = true (PTN has no moon bid)"
    if rules.smudge != "off":
        return f"smudge = {rules.smudge} (PTN has no smudge bid)"
    if rules.call_partner != "off":
        return f"call_partner = {rules.call_partner} (PTN has no called partner)"
    if rules.trump_only_play:
        return "trump_only_play = true (PTN has no folded players)"
    if not MIN_SEATS <= rules.num_players <= MAX_SEATS:
        return f"num_players = {rules.num_players} (PTN has {MIN_SEATS} to {MAX_SEATS} seats)"
    return None


# ---------------------------------------------------------------------------- export


def export_ptn(record: Mapping[str, Any]) -> str:
    """The PTN text of a Smear record whose preset maps; a one-line :class:`TextRecordError` otherwise."""
    from jick.games.smear.arrange import deal_positions
    from jick.record import replay

    if record.get("game") != "smear":
        raise at(1, f"PTN holds Pitch/Smear games; this record is {record.get('game')!r}")
    state = replay(record).state
    rules = state.rules
    _check_preset_rules(record, rules)
    report = {h["deal"]: h for h in _report(state)}
    meta = record.get("meta") or {}
    events = meta.get("events") or [meta.get("event")] * len(record["deals"])
    n = rules.num_players
    out: list[str] = []
    deals = list(record["deals"])
    if deals and not deals[-1].get("actions") and not deals[-1].get("outcome"):
        deals.pop()  # dealt and not begun: nothing of it to write
    for i, deal in enumerate(deals):
        if deal.get("outcome") != "played":
            what = f"ended {deal['outcome']!r}" if deal.get("outcome") else f"is not over ({_to_act(state, deal)})"
            raise at(1, f"PTN holds played hands only: deal {i + 1} {what}")
        hand = report[i + 1]
        dealer = deal["dealer"]
        places, _, _ = deal_positions(rules, dealer)
        hands = [".".join(deal["deck"][k] for k in places[seat]) for seat in range(n)]
        for number, seat in meta.get("ptn_unknown_hands", []):
            if number == i + 1:
                hands[seat - 1] = "-"
        bids = [(seat, text) for seat, text in deal["actions"] if text == "pass" or text.isdigit()]
        plays = [(seat, text) for seat, text in deal["actions"] if not text.startswith("-") and _is_card(text)]
        if out:
            out.append("")
        if events[i] is not None:
            out.append(tag_line("Event", str(events[i])))
        out.append(tag_line("Variant", str(record["preset"])))
        out.append(tag_line("Dealer", str(dealer + 1)))
        out.append(tag_line("Deal", "1:" + " ".join(hands)))
        out.append(tag_line("Auction", str(bids[0][0] + 1)))
        calls = ["Pass" if text == "pass" else text for _, text in bids]
        out.extend(" ".join(calls[k : k + n]) for k in range(0, len(calls), n))
        out.append(tag_line("Contract", f"{hand['bid']}{hand['trump']}"))
        out.append(tag_line("Declarer", str(hand["bidder"] + 1)))
        first = plays[0][0]
        out.append(tag_line("Play", str(first + 1)))
        for k in range(0, len(plays), n):
            trick = dict(plays[k : k + n])
            out.append(" ".join(trick.get((first + j) % n, "-") for j in range(n)))
        out.append(tag_line("GameScores", " ".join(str(v) for v in hand["scores"])))
    return "\n".join(out) + "\n"


def _report(state: Any) -> list[dict[str, Any]]:
    from jick.record_hooks import hooks_for

    hands: list[dict[str, Any]] = hooks_for("smear").report(state)["hands"]
    return hands


def _to_act(state: Any, deal: Mapping[str, Any]) -> str:
    from jick.record_hooks import hooks_for

    return hooks_for("smear").to_act(state)


def _is_card(text: str) -> bool:
    from jick.cards import parse_card

    try:
        parse_card(text)
    except NotationError:
        return False
    return True


def _check_preset_rules(record: Mapping[str, Any], rules: Any) -> None:
    """The record's rules must be its preset's, unchanged, and map onto PTN."""
    from jick.registry import load_rules

    if record.get("preset") is None:
        raise at(1, "PTN names a preset ([Variant]); this record has none")
    if record.get("overrides"):
        shown = ", ".join(f"{k}={v}" for k, v in record["overrides"].items())
        raise at(1, f"PTN has no tag for house rules; this record changes {shown}")
    try:
        preset_rules = load_rules(record["preset"], rules.num_players, {})
    except JickError as exc:
        raise at(1, str(exc)) from None
    if preset_rules.to_dict() != rules.to_dict():
        raise at(1, f"the record's rules are not those of {record['preset']} today; PTN names only the preset")
    why = unmapped(rules)
    if why:
        raise at(1, f"preset {record['preset']} does not map onto PTN: {why}")


# ---------------------------------------------------------------------------- import


@dataclass
class _Hand:
    """The tags of one PTN hand by name."""

    tags: dict[str, Tag] = field(default_factory=dict)

    @property
    def line(self) -> int:
        return min(t.line for t in self.tags.values())

    def need(self, name: str) -> Tag:
        if name not in self.tags:
            raise at(self.line, f"the PTN hand that starts here has no [{name}] tag")
        return self.tags[name]


def _hands(tags: Sequence[Tag]) -> list[_Hand]:
    """The hands of a PTN text: a tag that the current hand already has starts the next one."""
    hands: list[_Hand] = []
    for t in tags:
        if t.name not in PTN_TAGS:
            raise at(t.line, f"PTN tag [{t.name}] does not map onto a jick record (PTN tags: {', '.join(PTN_TAGS)})")
        if not hands or t.name in hands[-1].tags:
            hands.append(_Hand())
        hands[-1].tags[t.name] = t
    if not hands:
        raise TextRecordError("line 1: the text has no PTN tags")
    return hands


def _seat(t: Tag, n: int) -> int:
    """A 1-based PTN seat tag as a jick seat."""
    return parse_int(t, 1, n) - 1


def import_ptn(text: str, preset: str | None = None) -> dict[str, Any]:
    """The jick record of a PTN text; a one-line :class:`TextRecordError` naming the line if it does not map."""
    from jick.games.smear import new_match
    from jick.record import record_of
    from jick.registry import load_rules, resolve

    hands = _hands(read_tags(text))
    first = hands[0]
    variant = first.tags.get("Variant")
    name = preset or (variant.value if variant else None)
    if name is None:
        raise at(first.line, "the PTN game has no [Variant] tag; name the jick preset with --preset")
    where_name = variant.line if variant and not preset else first.line
    try:
        game, name = resolve(name)
    except JickError as exc:
        raise at(where_name, str(exc)) from None
    if game != "smear":
        raise at(where_name, f"preset {name} is {game}; PTN maps onto Pitch/Smear presets only")
    deal_tag = first.need("Deal")
    n = len(_deal_hands(deal_tag))
    try:
        rules = load_rules(name, n, {})
    except RulesError as exc:
        raise at(deal_tag.line, f"{n} hands in [Deal]: {exc}") from None
    why = unmapped(rules)
    if why:
        raise at(where_name, f"preset {name} does not map onto PTN: {why}")
    decks: list[list[str]] = []
    dealers: list[int] = []
    unknown: list[list[int]] = []
    for k, hand in enumerate(hands):
        v = hand.tags.get("Variant")
        if v is not None and not preset and variant is not None and v.value != variant.value:
            raise at(v.line, f'[Variant "{v.value}"] differs from the first hand\'s [Variant "{variant.value}"]')
        dealer = _seat(hand.need("Dealer"), n)
        _, played = _tricks(hand, n, k + 1)
        deck, blind = _deck(rules, dealer, hand.need("Deal"), n, played)
        decks.append(deck)
        dealers.append(dealer)
        unknown.extend([k + 1, seat + 1] for seat in blind)
    state = new_match(name, players=n, decks=decks, first_dealer=dealers[0])
    for k, hand in enumerate(hands):
        _play_hand(state, hand, k, dealers[k], n)
    events = [h.tags["Event"].value if "Event" in h.tags else None for h in hands]
    meta: dict[str, Any] = {"tool": "jick record import (PTN)"}
    if any(e is not None for e in events):
        if all(e == events[0] for e in events):
            meta["event"] = events[0]
        else:
            meta["events"] = events
    if unknown:
        meta["ptn_unknown_hands"] = unknown
    return record_of(state, meta)


def _deal_hands(t: Tag) -> list[str]:
    head, colon, rest = t.value.partition(":")
    if not colon or not head.strip().isdigit():
        raise at(t.line, f'[Deal "{t.value[:20]}..."] must be "SEAT:hand hand ..." (hands clockwise from SEAT)')
    hands = rest.split()
    if not MIN_SEATS <= len(hands) <= MAX_SEATS:
        raise at(t.line, f"[Deal] has {len(hands)} hands; PTN has {MIN_SEATS} to {MAX_SEATS} seats")
    start = int(head) - 1
    if not 0 <= start < len(hands):
        raise at(t.line, f"[Deal] starts at seat {head}, not a seat 1..{len(hands)}")
    return hands[len(hands) - start :] + hands[: len(hands) - start]


def _deck(rules: Any, dealer: int, t: Tag, n: int, played: Mapping[int, list[str]]) -> tuple[list[str], list[int]]:
    """The deck that deals the hands of a [Deal] tag, and the seats whose hand was unknown ('-').

    An unknown hand is the cards its seat played, then, for the cards it
    discarded, the first cards (in the rules' canonical order) that no known
    hand holds and nobody played.
    """
    from jick.cards import CARDS
    from jick.games.smear.arrange import arrange_deck
    from jick.games.smear.tables import deck_cards

    hands = _deal_hands(t)
    if len(hands) != n:
        raise at(t.line, f"[Deal] has {len(hands)} hands but the game has {n} seats")
    cards: dict[int, list[str]] = {}
    unknown = [seat for seat, text in enumerate(hands) if text == "-"]
    for seat, text in enumerate(hands):
        if seat in unknown:
            continue
        cards[seat] = [_canonical(c, t.line) for c in text.split(".")]
        if len(cards[seat]) != rules.hand_size:
            raise at(t.line, f"seat {seat + 1} holds {len(cards[seat])} cards; the preset deals {rules.hand_size}")
    if unknown:
        taken = {c for hand in cards.values() for c in hand} | {c for seat in unknown for c in played.get(seat, [])}
        spare = [str(CARDS[c]) for c in deck_cards(rules) if str(CARDS[c]) not in taken]
        for seat in unknown:
            mine = list(played.get(seat, []))
            need = rules.hand_size - len(mine)
            if need < 0:
                raise at(t.line, f"seat {seat + 1} played {len(mine)} cards; the preset deals {rules.hand_size}")
            cards[seat] = mine + spare[:need]
            spare = spare[need:]
    try:
        return arrange_deck(rules, dealer, cards), unknown
    except (JickError, ValueError) as exc:
        raise at(t.line, f"[Deal]: {exc}") from None


def _tricks(hand: _Hand, n: int, deal_no: int) -> tuple[list[tuple[int, dict[int, str]]], dict[int, list[str]]]:
    """The trick lines of a hand's [Play] section (seat -> card) and the cards each seat played."""
    play = hand.need("Play")
    columns = _seat(play, n)
    tricks: list[tuple[int, dict[int, str]]] = []
    played: dict[int, list[str]] = {seat: [] for seat in range(n)}
    for line, text in play.data:
        cards = text.split()
        if len(cards) != n:
            raise at(
                line, f"hand {deal_no}: a trick line has {len(cards)} cards; it needs one per seat ({n}, '-' for none)"
            )
        trick = {(columns + j) % n: _canonical(c, line) for j, c in enumerate(cards) if c != "-"}
        for seat, card in trick.items():
            played[seat].append(card)
        tricks.append((line, trick))
    return tricks, played


def _apply(state: Any, text: str, line: int, what: str) -> None:
    seat = state.current_player
    who = f"seat {seat + 1} (jick seat {seat})"
    try:
        state.apply(state.parse_action(text))
    except IllegalAction as exc:
        raise at(line, f"{what} {text!r} by {who}: illegal: {exc.reason}") from None
    except (NotationError, RecordError) as exc:
        raise at(line, f"{what} {text!r} by {who}: {exc}") from None


def _play_hand(state: Any, hand: _Hand, k: int, dealer: int, n: int) -> None:
    """Apply one PTN hand to the state: the auction, the trump, the discards it implies and the tricks."""
    from jick.games.smear.arrange import deal_positions

    deal_no = k + 1
    if len(state.deals) != deal_no or state.deals[-1].dealer != dealer:
        want = state.deals[-1].dealer + 1 if len(state.deals) == deal_no else "none"
        raise at(hand.need("Dealer").line, f"hand {deal_no}: the dealer is seat {want} by the rules, not {dealer + 1}")
    auction = hand.need("Auction")
    if _seat(auction, n) != state.current_player:
        raise at(auction.line, f"hand {deal_no}: seat {state.current_player + 1} bids first, not {auction.value}")
    for line, text in auction.data:
        for call in text.split():
            _apply(state, "pass" if call.lower() == "pass" else call, line, f"hand {deal_no}: call")
    contract, declarer = hand.need("Contract"), hand.need("Declarer")
    bid, suit = contract.value[:-1], contract.value[-1:].upper()
    naming_lead = state.phase == "play" and state.trump is None  # trump_set_by = first_lead: no call
    if (state.phase != "trump" and not naming_lead) or state.current_player != _seat(declarer, n):
        raise at(declarer.line, f"hand {deal_no}: the auction does not make seat {declarer.value} the declarer")
    if not naming_lead:
        _apply(state, suit, contract.line, f"hand {deal_no}: trump")
    play = hand.need("Play")
    tricks, by_seat = _tricks(hand, n, deal_no)
    played = {seat: set(cards) for seat, cards in by_seat.items()}
    places, _, _ = deal_positions(state.rules, dealer)
    deck = [str(c) for c in _deck_names(state)]
    while state.phase == "discard":
        seat = state.current_player
        kept = [deck[p] for p in places[seat] if deck[p] not in played[seat]]
        if not kept:
            raise at(play.line, f"hand {deal_no}: seat {seat + 1} has no unplayed card to discard")
        _apply(state, "-" + kept[0], play.line, f"hand {deal_no}: discard (a dealt card not played)")
        played[seat].add(kept[0])
    if state.phase != "play":
        raise at(play.line, f"hand {deal_no}: the play cannot start (it is {state.phase})")
    for line, trick in tricks:
        for _ in range(len(trick)):
            seat = state.current_player
            if seat not in trick:
                raise at(line, f"hand {deal_no}: seat {seat + 1} is to play but has no card in this trick")
            _apply(state, trick.pop(seat), line, f"hand {deal_no}: card")
        if trick:
            raise at(line, f"hand {deal_no}: cards of seats {sorted(s + 1 for s in trick)} are left over in this trick")
    if state.deals[k].outcome != "played":
        raise at(play.line, f"hand {deal_no}: the hand is not over after its tricks; PTN hands are played out")
    result = state.hand_results[-1]
    if bid != result.bid_text or suit != "SHDC"[result.trump]:
        raise at(
            contract.line,
            f'hand {deal_no}: [Contract "{contract.value}"] but the auction gives {result.bid_text}{suit}',
        )
    if "GameScores" in hand.tags:
        t = hand.tags["GameScores"]
        want = " ".join(str(v) for v in result.settlement.scores)
        if t.value.split() != want.split():
            raise at(t.line, f'hand {deal_no}: [GameScores "{t.value}"] but the play gives "{want}"')


def _canonical(card: str, line: int) -> str:
    from jick.cards import parse_card

    try:
        return str(parse_card(card))
    except NotationError as exc:
        raise at(line, str(exc)) from None


def _deck_names(state: Any) -> list[Any]:
    from jick.cards import CARDS

    return [CARDS[c] for c in state.deals[-1].deck]
