"""The table log, "your turn" and the turn timer in a real browser (Chromium through Playwright): the log
survives a reload, the tab's title and icon say whose turn it is, the countdown shows, and a phone's layout
holds them all."""

from __future__ import annotations

import re
import time
from typing import Any

from .kit import LiveServer, create_table, host
from .page_kit import Watch, browser, my_turn, new_page, observation, page_server, play_until, shot, take_turn
from .test_page import open_seat

__all__ = ["browser", "new_page", "page_server"]  # the fixtures

MARK = "▶ Your turn · "


def log_lines(watch: Watch) -> list[str]:
    lines: list[str] = watch.page.locator(".log li").all_text_contents()
    return lines


def state_of_turn(watch: Watch) -> dict[str, Any]:
    data: dict[str, Any] = watch.page.evaluate(
        "() => ({title: document.title, icon: document.querySelector('link[rel=icon]').getAttribute('href'),"
        " clock: ((c) => (c.hidden ? null : c.textContent))(document.querySelector('.turn-clock')),"
        " toAct: window.jickPage.obs.current_player, ply: window.jickPage.view.ply})"
    )
    return data


def test_the_table_log_tells_the_hand_in_words_and_survives_a_reload(page_server: LiveServer, new_page: Any) -> None:
    with page_server.http() as http:
        created = create_table(http, preset="smear_ten_point", seats=["human", "easy", "easy", "easy"], seed=3)
        http.post(f"/api/tables/{created['table']['id']}/start", headers=host(created))
    me = new_page(width=390, height=844, phone=True)
    page = me.page
    open_seat(me, page_server, created, name="Ann")
    play_until(me, lambda: (observation(me) or {}).get("phase") == "play", prefer=("pass",))
    play_until(me, lambda: len((observation(me) or {}).get("hand", [])) <= 4 and my_turn(me))
    page.locator(".log-wrap summary").click()
    before = log_lines(me)
    assert before[0].startswith("Hand 1: ") and before[0].endswith(" deals")
    assert any(line.startswith("You discard ") and any(s in line for s in "♠♥♦♣") for line in before)
    assert "Easy bot 1 discards 4 cards" in before
    tricks = [line for line in before if line.startswith("Trick ")]
    assert len(tricks) >= 2 and all(re.search(r" — (.+ wins|you win)$", t) for t in tricks[:2]), tricks
    assert not any("discards a card" in line for line in before)
    # the phone's layout holds the log: nothing wider than the screen
    boxes = page.evaluate(
        "() => ['.log-wrap', '.log', '.status-line', '.tools', '.hand'].map((s) => {"
        " const r = document.querySelector(s).getBoundingClientRect(); return [s, r.left, r.right, r.width]; })"
    )
    for name, left, right, width in boxes:
        assert left >= -0.5 and right <= 390.5 and width > 0, (name, left, right)
    assert page.evaluate("() => { const l = document.querySelector('.log'); return l.scrollWidth <= l.clientWidth; }")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    shot(me, "table-log-phone.png", full=True)
    page.reload()  # the bots wait for this seat: nothing moves during the reload
    page.wait_for_function("() => window.jickPage && window.jickPage.obs")
    page.locator(".log-wrap summary").click()
    page.wait_for_function("(n) => document.querySelectorAll('.log li').length >= n", arg=len(before))
    assert log_lines(me) == before


def test_the_title_icon_and_clock_follow_the_turn(page_server: LiveServer, new_page: Any) -> None:
    with page_server.http() as http:
        created = create_table(
            http,
            preset="lift_smoke",
            seats=["human", "human", "easy", "easy"],
            turn_timer=3,
            bot_level="easy",
            seed=7,
            name="Clock",
        )
        http.post(f"/api/tables/{created['table']['id']}/start", headers=host(created))
    me = new_page()
    page = me.page
    open_seat(me, page_server, created, name="Ann")  # seat 1 never comes: its timer runs out each turn
    seen_mine = seen_theirs = False
    deadline = time.monotonic() + 40
    while not (seen_mine and seen_theirs):
        assert time.monotonic() < deadline, state_of_turn(me)
        page.wait_for_function("() => window.jickPage && window.jickPage.obs")
        now = state_of_turn(me)
        if my_turn(me):
            assert now["title"].startswith(MARK), now
            assert now["icon"] == "/static/icons/turn.svg"
            assert now["clock"] is not None and now["clock"].startswith("Your time: ")
            if not seen_mine:
                shot(me, "your-turn.png")
            seen_mine = True
            take_turn(me)
        elif now["toAct"] == 1 and now["clock"]:
            assert not now["title"].startswith(MARK) and now["icon"] == "/static/icons/icon.svg", now
            assert "'s time: " in now["clock"] and "Your" not in now["clock"]
            seen_theirs = True
            page.wait_for_function("(ply) => window.jickPage.view.ply > ply", arg=now["ply"], timeout=8000)
        else:
            page.wait_for_function(
                "(ply) => { const p = window.jickPage; return p.view.ply > ply || p.obs.current_player === p.seat; }",
                arg=now["ply"],
                timeout=8000,
            )
    assert page.title().endswith("jick")
