"""The table on a phone: one tap to a table against bots, a whole deal by tapping, everything on one screen.

After every decision the page is measured with bounding boxes: it never scrolls sideways, every card of the
hand and every button to press lies inside the viewport without scrolling (each card at least a finger wide),
and no seat plate, trick card or label covers another.
"""

from __future__ import annotations

from typing import Any

import pytest

from .kit import LiveServer
from .page_kit import (
    Watch,
    browser,
    close_dialog,
    my_turn,
    new_page,
    page_server,
    shot,
    take_turn,
    wait_for_change,
)

__all__ = ["browser", "new_page", "page_server"]  # the fixtures

#: What is wrong with the layout now (an empty list when nothing is).
MEASURE = """() => {
  const W = window.innerWidth, H = window.innerHeight, problems = [];
  const doc = document.documentElement;
  if (doc.scrollWidth > W) problems.push(`the page is ${doc.scrollWidth} px wide on a ${W} px screen`);
  const box = (el) => { const r = el.getBoundingClientRect();
    return { x: r.left + window.scrollX, y: r.top + window.scrollY, w: r.width, h: r.height,
             r: r.right + window.scrollX, b: r.bottom + window.scrollY }; };
  const shown = (el) => el.getClientRects().length > 0;
  const name = (el) => el.getAttribute('aria-label') || el.textContent.trim().slice(0, 30);
  const inside = (el, what) => { const b = box(el);
    if (b.x < -0.5 || b.y < -0.5 || b.r > W + 0.5 || b.b > H + 0.5)
      problems.push(`${what} ${name(el)} at ${[b.x, b.y, b.r, b.b].map(Math.round)} is off the ${W}x${H} screen`);
  };
  const cards = [...document.querySelectorAll('.hand .card')];
  cards.forEach((el) => inside(el, 'card'));
  document.querySelectorAll('.actions button, #confirm').forEach((el) => shown(el) && inside(el, 'button'));
  // the points-so-far line is one line on a phone, scrolled sideways within itself, never the page
  document.querySelectorAll('.live-score').forEach((el) => { if (shown(el)) { inside(el, 'points line');
    if (box(el).h > 40) problems.push(`the points line is ${Math.round(box(el).h)} px tall`);
    // faded at its right edge exactly while more of it lies past that edge
    const more = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    if (more !== el.classList.contains('more'))
      problems.push(`the points line ${more ? 'runs past its edge unfaded' : 'fades out but all of it shows'}`);
  } });
  // the table's tools are one line (each line they take is a line the felt loses)
  const tools = [...document.querySelectorAll('.bar > .tools > *')].filter(shown);
  const rows = new Set(tools.map((el) => Math.round(box(el).y)));
  if (rows.size > 1) problems.push(`the table's tools take ${rows.size} lines`);
  // a finger's width of each card shows: the next card in the row starts at least 40 px further
  document.querySelectorAll('.hand .hand-row').forEach((row, i, rows) => {
    const rc = [...row.children];
    rc.forEach((el, j) => { const b = box(el);
      const right = j + 1 < rc.length ? box(rc[j + 1]).x : b.r;
      const bottom = i + 1 < rows.length ? box(rows[i + 1]).y : b.b;
      if (right - b.x < 39.5 || bottom - b.y < 39.5)
        problems.push(`card ${name(el)} shows only ${Math.round(right - b.x)}x${Math.round(bottom - b.y)} px`); });
  });
  // a card still travelling (from its seat to the trick, or swept to the trick's winner) passes over the plates
  // on its way: the layout is where things come to rest, so a card with an animation on it is not measured
  const moving = (el) => el.getAnimations().length > 0;
  const things = [...document.querySelectorAll('.felt .seat, .felt .trick .card, .trick-note, .prompt')]
    .filter((el) => (shown(el) && el.textContent.trim() !== '' || el.classList.contains('card')) && !moving(el));
  for (let i = 0; i < things.length; i++) for (let j = i + 1; j < things.length; j++) {
    const a = box(things[i]), b = box(things[j]);
    if (a.x < b.r - 0.5 && b.x < a.r - 0.5 && a.y < b.b - 0.5 && b.y < a.b - 0.5)
      problems.push(`${name(things[i])} overlaps ${name(things[j])}`);
  }
  return problems;
}"""


def measure(watch: Watch) -> list[str]:
    problems: list[str] = watch.page.evaluate(MEASURE)
    return problems


def play_bots(watch: Watch, server: LiveServer, game: str, preset: str, players: int) -> None:
    """From the start page: the player's name, the game, the rules and the count, then one tap."""
    page = watch.page
    page.goto(server.url + "/")
    page.wait_for_selector("#quick-play")
    page.fill("#player-name", "Ann")
    press = (lambda loc: loc.tap()) if watch.touch else (lambda loc: loc.click())
    press(page.locator(f'.game-choice[data-game="{game}"]'))
    page.select_option("#quick-preset", preset)
    page.select_option("#quick-players", str(players))
    shot(watch, f"start-{game}-{page.viewport_size['width']}.png")
    press(page.locator("#quick-play"))
    page.wait_for_function("() => window.jickPage && window.jickPage.view && window.jickPage.view.status === 'running'")


def play_a_deal_measuring(watch: Watch, picture: str, limit: int = 200) -> int:
    """Tap through one deal (until its summary shows); the layout is measured at every turn and every view.

    The first time this seat is to play to a trick of two cards or more, a screenshot ``picture`` is taken.
    """
    page = watch.page
    turns = 0
    pictured = False
    trick = "() => { const p = window.jickPage; return p.obs.phase === 'play' && (p.obs.trick || []).length >= 2; }"
    number = "() => { const o = window.jickPage.obs; return o.hand_number ?? o.deal_number ?? o.game_number; }"
    deal = page.evaluate(number)
    assert isinstance(deal, int)
    ended = f"(deal) => ({number})() !== deal || window.jickPage.view.status !== 'running'"
    for _ in range(limit * 4):
        if page.evaluate(ended, deal):
            return turns
        problems = measure(watch)
        assert not problems, problems
        if my_turn(watch):
            if not pictured and page.evaluate(trick):
                shot(watch, picture)
                pictured = True
            take_turn(watch, prefer=("pass",))
            turns += 1
        else:
            wait_for_change(watch)
    raise AssertionError(f"no deal ended after {turns} turns")


CASES = [
    ("smear", "smear_ten_point", 4, 390, 844),
    ("tarok", "tarok_4p", 4, 390, 844),
    ("liftsmoke", "lift_smoke", 6, 390, 844),
    ("smear", "smear_five_point_team", 8, 360, 640),
    ("tarok", "tarok_3p", 3, 360, 640),
]


@pytest.mark.parametrize(("game", "preset", "players", "width", "height"), CASES)
def test_a_deal_on_a_phone_by_tapping(
    page_server: LiveServer, new_page: Any, game: str, preset: str, players: int, width: int, height: int
) -> None:
    """One tap to a started table against bots, then a deal by tapping, everything on one screen all along."""
    me = new_page(width, height, phone=True)
    play_bots(me, page_server, game, preset, players)
    page = me.page
    assert page.evaluate("() => window.jickPage.table.seats.filter((s) => s.kind !== 'human').length") == players - 1
    assert page.locator(".felt .seat").count() == players
    # no key numbers on a touch screen: they are a keyboard's
    assert page.evaluate(
        "() => [...document.querySelectorAll('.hand .card')]"
        ".every((c) => getComputedStyle(c, '::after').content === 'none')"
    )
    turns = play_a_deal_measuring(me, f"phone-{preset}-{players}-{width}.png")
    if turns == 0 and preset == "tarok_4p":  # this seat dealt, and the dealer of four sits the deal out: one more
        close_dialog(me)
        turns = play_a_deal_measuring(me, f"phone-{preset}-{players}-{width}.png")
    assert turns >= 1, page.evaluate("() => window.jickPage.log")
    close_dialog(me)
    # other phones: the same table measured at their sizes (the page lays itself out again on resize)
    for w, h in ((412, 915), (360, 640), (390, 844)):
        page.set_viewport_size({"width": w, "height": h})
        page.wait_for_function("(w) => document.documentElement.clientWidth === w", arg=w)
        page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
        problems = measure(me)
        assert not problems, (w, h, problems)


def test_every_card_and_button_has_a_name(page_server: LiveServer, new_page: Any) -> None:
    """Screen readers: cards read as "ace of spades, playable"; every button has a name (role queries find them)."""
    me = new_page(390, 844, phone=True)
    play_bots(me, page_server, "tarok", "tarok_3p", 3)
    page = me.page
    page.wait_for_function("() => { const p = window.jickPage; return p.obs.current_player === p.seat; }")
    unnamed = page.evaluate(
        "() => [...document.querySelectorAll('button, a, [role=img]')].filter((el) => el.getClientRects().length"
        " && !(el.getAttribute('aria-label') || el.textContent.trim())).map((el) => el.outerHTML.slice(0, 80))"
    )
    assert not unnamed, unnamed
    hand = page.evaluate("() => window.jickPage.obs.hand.length")
    buttons = page.get_by_role("group", name="your hand").get_by_role("button")
    assert buttons.count() == hand
    assert page.get_by_role("button", name="Hint").count() == 1
    names = [buttons.nth(i).get_attribute("aria-label") or "" for i in range(hand)]
    assert any(n.startswith("the Pagat") or n.startswith("trump") or " of " in n for n in names), names
    if page.evaluate("() => window.jickPage.obs.phase") == "play":
        assert any(n.endswith(", playable") for n in names), names


#: Counts the animations the page starts (Web Animations API).
COUNT_ANIMATIONS = """window.animations = 0; const run = Element.prototype.animate;
Element.prototype.animate = function (...args) { window.animations += 1; return run.apply(this, args); };"""


@pytest.mark.parametrize("motion", [True, False])
def test_cards_move_unless_less_motion_is_asked(page_server: LiveServer, new_page: Any, motion: bool) -> None:
    """Cards travel to the trick, tricks sweep to their winner, new cards are dealt in; with
    ``prefers-reduced-motion`` nothing moves (and the table is the same)."""
    me = new_page(1280, 800, motion=motion)
    me.page.add_init_script(COUNT_ANIMATIONS)
    play_bots(me, page_server, "smear", "smear_ten_point", 4)
    page = me.page
    done: list[str] = []
    while len(done) < 5 and page.evaluate("() => window.jickPage.view.status") == "running":
        if my_turn(me):
            done.append(take_turn(me, prefer=("pass",)))
        else:
            wait_for_change(me)
    animations = page.evaluate("() => window.animations")
    if motion:
        assert animations > 3, (animations, done)
    else:
        assert animations == 0, (animations, done)


def test_the_bots_pace_and_the_card_motion_are_table_settings(page_server: LiveServer, new_page: Any) -> None:
    """The bots' delay goes to the server with the new table; the card motion is this browser's (off: nothing moves)."""
    me = new_page(1280, 800)
    page = me.page
    page.add_init_script(COUNT_ANIMATIONS)
    page.goto(page_server.url + "/")
    page.wait_for_selector("#quick-play")
    page.fill("#player-name", "Ann")
    page.locator("details.pace summary").click()
    page.select_option("#quick-bot-delay", "0.3")
    page.select_option("#quick-motion", "0")
    page.locator("#quick-play").click()
    page.wait_for_function("() => window.jickPage && window.jickPage.view && window.jickPage.view.status === 'running'")
    assert page.evaluate("() => window.jickPage.table.bot_delay") == 0.3
    done: list[str] = []
    while len(done) < 4 and page.evaluate("() => window.jickPage.view.status") == "running":
        if my_turn(me):
            done.append(take_turn(me, prefer=("pass",)))
        else:
            wait_for_change(me)
    assert page.evaluate("() => window.animations") == 0, done
    # the next table starts from the same choices
    page.goto(page_server.url + "/")
    page.wait_for_selector("#quick-play")
    assert page.input_value("#quick-bot-delay") == "0.3" and page.input_value("#quick-motion") == "0"
    page.locator("#friends-title").click()
    page.locator("details.more summary").click()
    assert page.input_value("#bot-delay") == "0.3" and page.input_value("#motion") == "0"


def test_four_colour_deck_and_home_screen_install(page_server: LiveServer, new_page: Any) -> None:
    """The four-colour deck (diamonds blue, clubs green) is a switch kept in the browser; the page has a web app
    manifest with its icons (it installs to a phone's home screen) and no service worker."""
    me = new_page(390, 844, phone=True)
    play_bots(me, page_server, "smear", "smear_ten_point", 4)
    page = me.page
    colour = (
        "(suit) => { const f = document.querySelector(`.face.suit-${suit}`); return f && getComputedStyle(f).color; }"
    )
    page.wait_for_selector(".hand .card")
    suits = {s: page.evaluate(colour, s) for s in "SHDC"}
    toggle = page.get_by_role("button", name="4 colours")
    assert toggle.get_attribute("aria-pressed") == "false"
    toggle.tap()
    assert toggle.get_attribute("aria-pressed") == "true"
    four = {s: page.evaluate(colour, s) for s in "SHDC"}
    for suit, before in suits.items():
        if before is None:
            continue  # no card of the suit in sight
        assert (four[suit] != before) == (suit in "DC"), (suit, before, four[suit])
    page.reload()
    page.wait_for_selector(".hand .card")
    assert page.evaluate("() => document.body.classList.contains('four-colour')")

    manifest_url = page.evaluate("() => document.querySelector('link[rel=manifest]').href")
    with page_server.http() as http:
        manifest = http.get(manifest_url).json()
        assert manifest["short_name"] == "jick" and manifest["start_url"] == "/"
        sizes = {icon["sizes"] for icon in manifest["icons"]}
        assert {"192x192", "512x512"} <= sizes
        for icon in manifest["icons"]:
            response = http.get(icon["src"])
            assert response.status_code == 200 and response.headers["content-type"].startswith("image/"), icon
    assert page.evaluate("async () => (await navigator.serviceWorker.getRegistrations()).length") == 0


#: Fills the table's points line through the page's own livePanel with ``count`` points, each taken by ``who``.
FILL_POINTS = """async ([count, who]) => {
  const { livePanel } = await import('/static/js/livescore.js');
  const items = Array.from({ length: count }, (_, i) => ({ key: `p${i}`, label: `Point ${i}`,
    who, mine: false }));
  const el = window.jickPage.live;
  livePanel(el, { livePoints: () => ({ head: 'Bid 5 (them): 3 taken so far', items }) }, {}, {}, String);
  return el.classList.contains('more');
}"""


def test_the_points_line_fades_at_its_edge_while_more_of_it_is_past_the_edge(
    page_server: LiveServer, new_page: Any
) -> None:
    """At 360x640 a long points line scrolls sideways; its right edge fades out until it is scrolled to the end."""
    me = new_page(360, 640, phone=True)
    me.page.add_init_script("localStorage.setItem('jick.name', 'Ann')")
    play_bots(me, page_server, "smear", "smear_ten_point", 6)
    page = me.page
    for _ in range(50):  # the first decision of this seat (a bid)
        if my_turn(me):
            break
        wait_for_change(me)
    assert my_turn(me)
    # nothing changes the table while it waits for this seat: the line holds what the page's livePanel put there
    assert page.evaluate(FILL_POINTS, [8, "Easy bot 1 & Easy bot 4"]) is True
    live = page.locator(".live-score")
    assert page.evaluate("() => getComputedStyle(document.querySelector('.live-score')).maskImage") != "none"
    box = live.bounding_box()
    assert box and box["x"] + box["width"] <= 360.5 and box["height"] <= 40, box  # one line, within the screen
    shot(me, "points-line-more-360.png")
    page.evaluate("() => { const el = document.querySelector('.live-score'); el.scrollLeft = el.scrollWidth; }")
    page.wait_for_function("() => !document.querySelector('.live-score').classList.contains('more')")
    assert page.evaluate("() => getComputedStyle(document.querySelector('.live-score')).maskImage") == "none"
    page.evaluate("() => { document.querySelector('.live-score').scrollLeft = 0; }")
    page.wait_for_function("() => document.querySelector('.live-score').classList.contains('more')")
    assert page.evaluate(FILL_POINTS, [1, "us"]) is False  # a short line shows whole: no fade


@pytest.mark.parametrize(
    ("preset", "players"),
    [("smear_ten_point", 3), ("smear_ten_point", 5), ("smear_ten_point", 6), ("lift_smoke", 4), ("lift_smoke", 5)],
)
def test_every_table_size_fits_the_smallest_phone(
    page_server: LiveServer, new_page: Any, preset: str, players: int
) -> None:
    """The other seat counts at 360x640: measured from the first decision to this seat's second card in a trick."""
    me = new_page(360, 640, phone=True)
    me.page.add_init_script("localStorage.setItem('jick.name', 'Ann')")
    game = "smear" if preset.startswith("smear") else "liftsmoke"
    play_bots(me, page_server, game, preset, players)
    cards = 0
    for _ in range(400):
        if cards >= 2 or me.page.evaluate("() => window.jickPage.view.status") != "running":
            break
        problems = measure(me)
        assert not problems, problems
        if my_turn(me):
            if take_turn(me, prefer=("pass",)).startswith("card:"):
                cards += 1
        else:
            wait_for_change(me)
    assert cards >= 1
