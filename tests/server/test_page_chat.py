"""People at the table in a real browser: names and partners, the chat between two browsers (markup stays text),
a reaction beside its seat, a muted seat, and the chat drawer on a phone that never covers the hand while closed."""

from __future__ import annotations

from typing import Any

from .kit import LiveServer, create_table, host
from .page_kit import Watch, browser, my_turn, new_page, page_server, shot, take_turn, wait_for_change

__all__ = ["browser", "new_page", "page_server"]  # the fixtures

#: Markup that would run if the page ever put a chat line in as HTML.
EVIL = "<img src=x onerror=window.__x=1>"

#: The boxes (in the viewport) of what a phone player must reach, and of the chat's button and drawer.
BOXES = """() => {
  const box = (el) => { const r = el.getBoundingClientRect(); return {x: r.left, y: r.top, r: r.right, b: r.bottom}; };
  const shown = (el) => el.getClientRects().length > 0;
  const all = (sel) => [...document.querySelectorAll(sel)].filter(shown).map(box);
  return { reach: [...all('.hand .card'), ...all('.actions button')], toggle: all('#chat-toggle'),
           drawer: all('#chat'), width: innerWidth, height: innerHeight };
}"""


#: True once the page's seat is to act and may (its view arrived, the socket is open).
MY_TURN = """() => { const p = window.jickPage; return !!(p && p.obs && p.view && p.view.status === 'running'
  && p.obs.current_player === p.seat && p.obs.legal_actions.length && !p.queue.length
  && p.ws && p.ws.readyState === 1); }"""


def overlaps(a: dict[str, float], b: dict[str, float]) -> bool:
    return a["x"] < b["r"] - 0.5 and b["x"] < a["r"] - 0.5 and a["y"] < b["b"] - 0.5 and b["y"] < a["b"] - 0.5


def press(watch: Watch, selector: str) -> None:
    loc = watch.page.locator(selector)
    if watch.touch:
        loc.tap()
    else:
        loc.click()


def test_two_people_chat_react_and_see_partners(page_server: LiveServer, new_page: Any) -> None:
    with page_server.http() as http:
        created = create_table(http, preset="smear_ten_point", seats=["human", "easy", "human", "easy"], seed=5)
        table_id = created["table"]["id"]
        ann, bo = new_page(), new_page(390, 844, phone=True)
        # both named before the match starts; the host starts it
        for watch, seat, name in ((ann, 0, "Ann"), (bo, 2, "Bo")):
            invite = next(i for i in created["invites"] if i["seat"] == seat)
            watch.page.goto(f"{page_server.url}/play/{table_id}#{invite['token']}")
            watch.page.fill("#guest-name", name)
            watch.page.locator("#guest-go").click()
            watch.page.wait_for_selector(".lobby")
        ann.page.wait_for_function("() => window.jickPage.table.seats[2].name === 'Bo'")
        assert http.post(f"/api/tables/{table_id}/start", headers=host(created)).status_code == 200
    for watch in (ann, bo):
        watch.page.wait_for_selector(".felt .seat")
    a, b = ann.page, bo.page
    # names, the partner, the bots' levels and the partnership's score from each side
    assert a.locator('.seat[data-seat="2"] .who').inner_text() == "Bo"
    assert a.locator(".seat.partner").count() == 1  # outlined and named in the partner colour
    assert a.locator(".seat.partner").get_attribute("data-seat") == "2"
    assert "your partner" in (a.locator(".seat.partner").get_attribute("aria-label") or "")
    assert b.locator('.seat.partner[data-seat="0"]').count() == 1
    assert a.locator('.seat[data-seat="1"] .who').inner_text() == "Easy bot 1"
    assert a.locator(".scores .score .who").all_inner_texts() == ["Us", "Them"]
    assert "Bo" in (a.locator(".scores .score.mine").get_attribute("title") or "")
    # a spectator sees the sides by their seats, and nobody's partner
    eve = new_page(700, 700)
    eve.page.goto(f"{page_server.url}/watch/{table_id}#{created['watch_token']}")
    eve.page.wait_for_selector(".felt .seat")
    assert eve.page.locator(".scores .score .who").all_inner_texts() == ["Seats 0+2", "Seats 1+3"]
    assert eve.page.locator(".seat.partner").count() == 0

    # Ann says something that is markup: Bo sees a badge, then the words as text, and nothing runs
    assert b.locator("#chat").is_hidden()
    press(ann, "#chat-toggle")
    a.fill("#chat-text", EVIL)
    a.keyboard.press("Enter")
    a.wait_for_selector(".chat-lines li.mine")
    b.wait_for_function("() => !document.querySelector('#chat-toggle .badge').hidden")
    assert b.locator("#chat-toggle .badge").inner_text() == "1"
    assert b.locator("#chat-toggle").get_attribute("aria-label") == "Chat, 1 unread"
    shot(bo, "chat-phone-badge.png")
    press(bo, "#chat-toggle")
    line = b.locator(".chat-lines li").last
    assert line.locator(".who").inner_text() == "Ann" and line.locator(".text").inner_text() == EVIL
    assert b.locator("#chat-toggle .badge").is_hidden()
    for watch in (ann, bo):
        assert watch.page.evaluate("() => window.__x") is None
        assert watch.page.locator("#chat img").count() == 0
    # Bo answers with a reaction: it shows beside his seat on Ann's table, and in her chat
    press(bo, '.reactions button[data-reaction="nice"]')
    a.wait_for_selector('.seat[data-seat="2"] .bubble >> text=Nice!')
    a.wait_for_selector(".chat-lines li.reaction >> text=Nice!")
    assert a.locator(".chat-lines li.reaction .who").inner_text() == "Bo"
    b.fill("#chat-text", "well bid, partner")
    press(bo, "#chat-send")
    a.wait_for_selector(".chat-lines li >> text=well bid, partner")
    shot(ann, "chat-desktop.png")
    shot(bo, "chat-phone-open.png")
    # a line too long for the server is refused in the drawer, and kept in the box to shorten
    b.evaluate("() => { const i = document.querySelector('#chat-text'); i.removeAttribute('maxlength'); }")
    b.fill("#chat-text", "y" * 230)
    press(bo, "#chat-send")
    b.wait_for_selector(".chat-status >> text=at most 200 characters")
    assert b.input_value("#chat-text") == "y" * 230
    # the reaction fades from the seat after a moment
    a.wait_for_function("() => !document.querySelector('.seat .bubble')", timeout=8000)
    # a reload brings the chat back (the server replays it after hello)
    a.reload()
    a.wait_for_selector(".felt .seat")
    texts = a.evaluate("() => window.jickPage.chat.lines.map((l) => l.text)")
    assert texts == [EVIL, "Nice!", "well bid, partner"]


def test_the_chat_on_a_phone_never_covers_the_hand_while_closed(page_server: LiveServer, new_page: Any) -> None:
    with page_server.http() as http:
        created = create_table(http, preset="smear_ten_point", seats=["human", "easy", "human", "easy"], seed=5)
        table_id = created["table"]["id"]
        ann, bo = new_page(), new_page(390, 844, phone=True)
        # Ann is the host: her browser holds the host token (as the start page keeps it for its creator)
        ann.page.goto(f"{page_server.url}/")
        ann.page.evaluate(
            "([id, token]) => localStorage.setItem(`jick.host.${id}`, token)", [table_id, created["host_token"]]
        )
        for watch, seat, name in ((ann, 0, "Ann"), (bo, 2, "Bo")):
            invite = next(i for i in created["invites"] if i["seat"] == seat)
            watch.page.goto(f"{page_server.url}/play/{table_id}#{invite['token']}")
            watch.page.fill("#guest-name", name)
            watch.page.locator("#guest-go").click()
            watch.page.wait_for_selector(".lobby")
        ann.page.wait_for_selector("#start")
        ann.page.click("#start")
        # Bo's turn (Ann passes when it is hers): his hand and his buttons are all there
        for _ in range(20):
            if my_turn(bo):
                break
            ply, to_act = bo.page.evaluate(
                "() => { const p = window.jickPage; return p.view ? [p.view.ply, p.obs.current_player] : [-1, -1]; }"
            )
            if to_act == 0:
                ann.page.wait_for_function(MY_TURN)  # her page may not have her view yet
                take_turn(ann, prefer=("pass",))
                # Bo's page may still show Ann to act: look again only once his view has moved past her turn
                wait_for_change(bo, since=ply)
            else:  # a bot's turn: Bo's next view after the one just looked at
                wait_for_change(bo, since=ply)
        assert my_turn(bo)
        b = bo.page
        b.wait_for_selector(".actions button")
        boxes = b.evaluate(BOXES)
        assert boxes["drawer"] == [] and len(boxes["toggle"]) == 1 and len(boxes["reach"]) >= 7
        toggle = boxes["toggle"][0]
        assert toggle["x"] >= 0 and toggle["r"] <= boxes["width"] and toggle["b"] <= boxes["height"]
        assert not [r for r in boxes["reach"] if overlaps(r, toggle)]
        assert all(r["b"] <= boxes["height"] + 0.5 and r["r"] <= boxes["width"] + 0.5 for r in boxes["reach"])
        shot(bo, "chat-phone-closed.png")
        # open, it is a sheet over the bottom of the screen with room to type; closed again, it is gone
        press(bo, "#chat-toggle")
        opened = b.evaluate(BOXES)["drawer"][0]
        assert opened["r"] - opened["x"] >= 380 and opened["b"] <= 844.5 and opened["y"] > 844 * 0.3
        assert b.locator('.reactions button[data-reaction="good_game"]').bounding_box()["height"] >= 40
        press(bo, ".chat-drawer .close")
        assert b.evaluate(BOXES)["drawer"] == []
        # the host mutes Bo from her chat panel: his page says so and his reactions are off
        press(ann, "#chat-toggle")
        assert ann.page.locator(".chat-mute button.mute").all_inner_texts() == ["Bo"]
        press(ann, '.chat-mute button[data-seat="2"]')
        ann.page.wait_for_selector('.chat-mute button[data-seat="2"][aria-pressed="true"]')
        b.wait_for_function("() => document.querySelector('#chat-text').disabled")
        press(bo, "#chat-toggle")
        assert "muted your seat" in b.locator(".chat-note").inner_text()
        assert b.locator('.reactions button[data-reaction="nice"]').is_disabled()


def test_a_spectator_reads_but_writes_only_where_allowed(page_server: LiveServer, new_page: Any) -> None:
    with page_server.http() as http:
        quiet = create_table(http, preset="tarok_3p", seats=["human", "easy", "easy"])
        chatty = create_table(http, preset="tarok_3p", seats=["human", "easy", "easy"], spectator_chat=True)
    eve = new_page(390, 844, phone=True)
    e = eve.page
    e.goto(f"{page_server.url}/watch/{quiet['table']['id']}#{quiet['watch_token']}")
    e.wait_for_function("() => window.jickPage && window.jickPage.table")
    press(eve, "#chat-toggle")
    assert "did not let spectators chat" in e.locator(".chat-note").inner_text()
    assert e.locator("#chat-text").is_disabled()
    assert e.locator("#chat-name").is_hidden()
    e.goto(f"{page_server.url}/watch/{chatty['table']['id']}#{chatty['watch_token']}")
    e.wait_for_function("() => window.jickPage && window.jickPage.table")
    press(eve, "#chat-toggle")
    # a spectator without a name gives one in the drawer (the browser keeps it); the page says hello again
    e.fill("#chat-name", "Eve")
    press(eve, "#chat-name-go")
    e.wait_for_function("() => window.jickPage.ws && window.jickPage.ws.readyState === 1 && !!window.jickPage.table")
    assert e.evaluate("() => localStorage.getItem('jick.name')") == "Eve" and e.locator("#chat-name").is_hidden()
    e.fill("#chat-text", "hello from the rail")
    press(eve, "#chat-send")
    e.wait_for_selector(".chat-lines li >> text=hello from the rail")
    assert e.locator(".chat-lines li .who").last.inner_text() == "Eve (watching)"
