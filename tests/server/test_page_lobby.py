"""The lobby, the points-so-far line, the match-end screen and the rematch, in a real browser (Chromium).

A public table is found and joined from a second browser's lobby; a Smear hand shows each point as its card is
taken (and nothing earlier), on a phone-sized screen where the line covers neither the hand nor the buttons; a
match of bots ends on the match-end screen with its chart, and Rematch carries every page to the next match.
"""

from __future__ import annotations

import time
from typing import Any

from .kit import LiveServer, create_table, host
from .page_kit import Watch, browser, close_dialog, my_turn, new_page, page_server, shot, take_turn
from .page_kit import wait_for_change as wait_change

__all__ = ["browser", "new_page", "page_server"]  # the fixtures

#: The cards that give a Smear point once the trick that holds them is won (of trump; "J*" is the Jick).
CAPTURED = {"jack": "J{t}", "trey": "3{t}", "joker_high": "HJ", "joker_low": "LJ"}
JICK = {"S": "C", "C": "S", "H": "D", "D": "H"}


def wait_finished(server: LiveServer, table_id: str, token: str, limit: float = 60) -> dict[str, Any]:
    with server.http() as http:
        deadline = time.monotonic() + limit
        while True:
            table: dict[str, Any] = http.get(
                f"/api/tables/{table_id}", headers={"Authorization": f"Bearer {token}"}
            ).json()
            if table["status"] == "finished":
                return table
            assert time.monotonic() < deadline, "the bots' match did not finish"
            time.sleep(0.05)


def test_the_lobby_lists_a_public_table_and_a_second_browser_joins_it(page_server: LiveServer, new_page: Any) -> None:
    with page_server.http() as http:
        created = create_table(
            http,
            preset="smear_ten_point",
            seats=["human", "human", "easy", "easy"],
            set=["target_score=11"],
            public=True,
            name="Lodge night",
        )
    table_id = created["table"]["id"]
    first = new_page()
    first.page.goto(page_server.url + "/")
    item = first.page.locator(f'#lobby-open li[data-table="{table_id}"]')
    item.wait_for()
    text = item.inner_text()
    assert "Lodge night" in text and "10-point Smear" in text and "target_score=11" in text, text
    assert "2 of 4 seats free" in text
    shot(first, "lobby.png", full=True)

    second = new_page(390, 844, phone=True)
    page = second.page
    page.goto(page_server.url + "/")
    join = page.locator(f'#lobby-open li[data-table="{table_id}"] button.join')
    join.tap()  # no name yet: the page asks for it and joins nothing
    page.wait_for_selector(".toast.error >> text=Type your name first")
    assert page.evaluate("() => document.activeElement.id") == "player-name"
    page.fill("#player-name", "Bo")
    join.tap()
    page.wait_for_function("() => window.jickPage && window.jickPage.seat !== undefined && window.jickPage.table")
    assert page.url.startswith(f"{page_server.url}/play/{table_id}#")
    seat = page.evaluate("() => window.jickPage.seat")
    assert seat in (0, 1)
    with page_server.http() as http:
        table = http.get(f"/api/tables/{table_id}").json()
    assert table["seats"][seat]["name"] == "Bo" and table["seats"][seat]["status"] == "connected"
    # the first browser's lobby sees one seat fewer when its window gets the focus again (at most every 5 s:
    # a second focus at once asks nothing); the joiner's lobby lists the table among its recent ones
    lists: list[str] = []
    first.page.on("request", lambda r: lists.append(r.url) if "/api/tables?" in r.url else None)
    first.page.wait_for_function("() => Date.now() - window.jickPage.loadedAt > 5100", timeout=15_000)
    first.page.evaluate("() => window.dispatchEvent(new Event('focus'))")
    first.page.wait_for_function(
        "(id) => { const li = document.querySelector(`#lobby-open li[data-table='${id}']`);"
        " return li && li.innerText.includes('1 of 4 seats free'); }",
        arg=table_id,
    )
    asked = len(lists)
    assert asked >= 2  # the live tables and the finished ones (the 20 s refresh may have come first)
    first.page.evaluate("() => window.dispatchEvent(new Event('focus'))")
    first.page.wait_for_timeout(300)
    assert len(lists) == asked, lists
    page.goto(page_server.url + "/")
    recent = page.locator(f'#lobby-recent li[data-table="{table_id}"]')
    recent.wait_for()
    assert "Back to my seat" in recent.inner_text()
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 390, f"the lobby is {width} px wide on a 390 px phone"
    shot(second, "lobby-phone.png", full=True)
    for w in (first, second):
        assert w.csp_violations() == []


def live_points(watch: Watch) -> dict[str, str]:
    found: dict[str, str] = watch.page.evaluate(
        "() => Object.fromEntries([...document.querySelectorAll('.live-score .pt')].map((e) => [e.dataset.point,"
        " e.textContent]))"
    )
    return found


def check_points_are_public(watch: Watch, seen: set[str]) -> None:
    """Every point the line shows has its card already played (taken points: in a won trick)."""
    both = watch.page.evaluate(  # in one go: a view arriving in between would change one and not the other
        "() => [window.jickPage.obs, Object.fromEntries([...document.querySelectorAll('.live-score .pt')]"
        ".map((e) => [e.dataset.point, e.textContent]))]"
    )
    obs, shown = both[0], both[1]
    if not obs or obs["phase"] != "play" or obs["trump"] is None:
        return
    trump = "SHDC"[obs["trump"]]
    won = {c["card"] for t in obs["tricks"] for _, c in t["plays"]}
    played = won | {c["card"] for _, c in obs["trick"]}
    for point, text in shown.items():
        seen.add(point)
        if point == "high":
            assert f"A{trump}" in played, (point, text, played)
        elif point in CAPTURED:
            assert CAPTURED[point].format(t=trump) in won, (point, text, won)
        elif point == "jick":
            assert f"J{JICK[trump]}" in won, (point, text, won)
        elif point == "low":
            assert "so far" in text and any(c.endswith(trump) for c in played), (point, text)
    if not obs["tricks"] and not obs["trick"]:
        assert set(shown) <= {"game"}, f"points shown before any card was played: {shown}"


def test_points_so_far_on_a_phone_then_the_match_end_and_a_rematch_everyone_follows(
    page_server: LiveServer, new_page: Any
) -> None:
    """A one-hand Smear match (target 1) played by tapping: the points-so-far line stays honest and in its
    place; the match-end screen shows the winner and the chart; Rematch takes the player and a spectator along."""
    with page_server.http() as http:
        created = create_table(
            http, preset="smear_ten_point", seats=["human", "easy", "easy", "easy"], set=["target_score=1"], seed=3
        )
        table_id = created["table"]["id"]
        http.post(f"/api/tables/{table_id}/start", headers=host(created))
    token = created["invites"][0]["token"]
    me = new_page(390, 844, phone=True)
    page = me.page
    page.goto(page_server.url + "/")
    page.evaluate("(t) => { localStorage.setItem('jick.name', 'Ann'); }", token)
    page.goto(f"{page_server.url}/play/{table_id}#{token}")
    spectator = new_page()
    spectator.page.goto(f"{page_server.url}/watch/{table_id}#{created['watch_token']}")
    page.wait_for_function("() => window.jickPage && window.jickPage.view")
    seen: set[str] = set()
    pictured = False
    deadline = time.monotonic() + 90
    while page.evaluate("() => window.jickPage.view.status") == "running":
        assert time.monotonic() < deadline, "the hand did not end"
        check_points_are_public(me, seen)
        if live_points(me) and page.locator(".live-score").is_visible():
            boxes = page.evaluate(
                "() => Object.fromEntries(['.live-score', '.felt', '.hand', '.decide'].map((s) => {"
                " const r = document.querySelector(s).getBoundingClientRect(); return [s, [r.top, r.bottom]]; }))"
            )
            live, felt, hand, decide = (boxes[k] for k in (".live-score", ".felt", ".hand", ".decide"))
            assert live[1] <= felt[0] + 0.5 and live[1] <= decide[0] and live[1] <= hand[0], boxes
            assert hand[1] <= 844.5, boxes
            if not pictured and len(live_points(me)) >= 2:
                shot(me, "points-so-far-phone.png")
                pictured = True
        if my_turn(me):
            take_turn(me, prefer=("pass",))
        else:
            wait_change(me)
    assert seen - {"game", "low"}, f"no taken point was ever shown (saw {seen})"

    # the match-end screen: the winner, the totals, one line per side in the chart
    page.wait_for_selector("dialog[open] .match-end")
    end = page.locator("dialog[open]")
    assert "Match over" in end.locator("h2").inner_text()
    assert "win" in end.locator(".winner").inner_text()
    assert end.locator("svg.chart polyline.series").count() == 2
    assert end.locator("table.totals tbody tr").count() == 2
    box = end.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390.5
    shot(me, "match-end-phone.png")
    spectator.page.wait_for_selector("dialog[open] .match-end")
    assert spectator.page.locator("dialog[open] .rematch").count() == 0  # a spectator cannot ask for one

    page.locator("#end-rematch").tap()
    page.wait_for_function(
        "(old) => window.jickPage && window.jickPage.id !== old && window.jickPage.seat === 0", arg=table_id
    )
    next_id = page.evaluate("() => window.jickPage.id")
    assert page.url == f"{page_server.url}/play/{next_id}#{token}"
    spectator.page.wait_for_function("(id) => window.jickPage && window.jickPage.id === id", arg=next_id)
    assert spectator.page.url.startswith(f"{page_server.url}/watch/{next_id}")
    with page_server.http() as http:
        table = http.get(f"/api/tables/{next_id}", headers=host(created)).json()
        old = http.get(f"/api/tables/{table_id}/record", headers=host(created)).json()
        new = http.get(f"/api/tables/{next_id}/record", headers=host(created)).json()
    assert table["rematch_of"] == table_id and table["status"] == "running"
    assert table["seats"][0]["status"] == "connected" and [s["kind"] for s in table["seats"][1:]] == ["easy"] * 3
    assert new["first_dealer"] == (old["first_dealer"] + 1) % 4
    page.wait_for_function("() => window.jickPage.view && window.jickPage.view.status === 'running'")
    close_dialog(me)
    for w in (me, spectator):
        assert w.csp_violations() == []


def test_a_bots_match_ends_on_the_match_end_screen_with_its_chart(page_server: LiveServer, new_page: Any) -> None:
    """A whole match of easy bots (no pause), opened by its host once over: the chart has every hand."""
    with page_server.http() as http:
        created = create_table(
            http, preset="smear_ten_point", seats=["easy"] * 4, set=["target_score=11"], bot_delay=0, start=True
        )
    table_id = created["table"]["id"]
    wait_finished(page_server, table_id, created["host_token"])
    with page_server.http() as http:
        record = http.get(f"/api/tables/{table_id}/record", headers=host(created)).json()
    me = new_page()
    page = me.page
    page.goto(page_server.url + "/")
    page.evaluate("([id, t]) => localStorage.setItem(`jick.host.${id}`, t)", [table_id, created["host_token"]])
    page.goto(f"{page_server.url}/watch/{table_id}#{created['watch_token']}")
    page.wait_for_selector("dialog[open] .match-end .score-chart")
    chart = page.locator("dialog[open] .score-chart")
    assert chart.get_attribute("data-deals") == str(len(record["deals"]))
    assert chart.locator("polyline.series").count() == 2
    points = chart.locator("polyline.series").first.get_attribute("points") or ""
    assert len(points.split()) == len(record["deals"]) + 1  # from 0 before the first hand
    legend = page.locator("dialog[open] .chart-legend").inner_text()
    for score in record["result"]["scores"]:
        assert str(score) in legend
    shot(me, "match-end-chart.png")
    page.locator("#end-rematch").click()
    page.wait_for_function("(old) => window.jickPage && window.jickPage.id !== old", arg=table_id)
    with page_server.http() as http:
        table = http.get(f"/api/tables/{page.evaluate('() => window.jickPage.id')}", headers=host(created)).json()
    assert table["rematch_of"] == table_id and [s["kind"] for s in table["seats"]] == ["easy"] * 4
    assert me.csp_violations() == []


def test_tarok_card_points_so_far_are_the_tricks_won(page_server: LiveServer, new_page: Any) -> None:
    """In Tarok the line shows the declarer's and the defenders' card points of the tricks won so far: each trick
    of three counts its cards less 2 (SPEC 4.3), the same count as the engine's."""
    from jick.games.tarok.cards import trick_value

    with page_server.http() as http:
        created = create_table(http, preset="tarok_3p", seats=["human", "easy", "easy"], seed=5, start=True)
    me = new_page(390, 844, phone=True)
    page = me.page
    page.goto(page_server.url + "/")
    page.evaluate("() => localStorage.setItem('jick.name', 'Ann')")
    page.goto(f"{page_server.url}/play/{created['table']['id']}#{created['invites'][0]['token']}")
    page.wait_for_function("() => window.jickPage && window.jickPage.view")
    read = (
        "() => { const o = window.jickPage.obs; const pts = Object.fromEntries([...document.querySelectorAll("
        "'.live-score .pt')].map((e) => [e.dataset.point,"
        " e.textContent.slice(e.querySelector('b').textContent.length).trim()]));"
        " return [o, pts]; }"
    )
    checked = 0
    deadline = time.monotonic() + 60
    while checked < 3:
        assert time.monotonic() < deadline, f"only {checked} tricks were checked"
        obs, shown = page.evaluate(read)
        if obs["phase"] == "play" and obs["tricks"] and obs["bidder"] is not None:
            declarer = sum(
                trick_value([c["card"] for _, c in t["plays"]]) for t in obs["tricks"] if t["winner"] == obs["bidder"]
            )
            defenders = sum(
                trick_value([c["card"] for _, c in t["plays"]]) for t in obs["tricks"] if t["winner"] != obs["bidder"]
            )
            assert shown == {"declarer": str(declarer), "defenders": str(defenders)}, (shown, obs["tricks"])
            checked = len(obs["tricks"])
        if page.evaluate("() => window.jickPage.view.status") != "running":
            break
        if my_turn(me):
            take_turn(me, prefer=("pass",))
        else:
            wait_change(me)
    assert checked >= 3
    assert me.csp_violations() == []
