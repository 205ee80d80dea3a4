"""The browser page in a real browser (Debian's Chromium, headless, through Playwright).

Whole hands are played by clicking, as a person would; what the page shows
is checked against the record the server keeps. The screenshots of the
README are taken here (into a temporary folder: see page_kit.SHOTS).
"""

from __future__ import annotations

import json
import re
import time
from typing import Any

import httpx

from jick.record import replay
from jick.render import replay_report
from jick.story import card_words

from .kit import LiveServer, create_table, host
from .page_kit import (
    Watch,
    browser,
    close_dialog,
    fill_friends_table,
    my_turn,
    new_page,
    observation,
    page_server,
    play_until,
    shot,
    take_the_first_seat_and_start,
    take_turn,
    wait_for_change,
)

__all__ = ["browser", "new_page", "page_server"]  # the fixtures

#: A seed of smear_ten_point where no easy bot has bid 10 when seat 0's turn comes: seat 0 becomes the pitcher.
SMEAR_SEED = 1
#: A seed of tarok_3p where seat 0's threesome stands against two easy bots: widow, laying away, contract.
TAROK_SEED = 34


def record_of(server: LiveServer, table_id: str, token: str) -> dict[str, Any]:
    """The table's record, downloaded with one of its tokens (the host's)."""
    with server.http() as http:
        response = http.get(f"/api/tables/{table_id}/record", headers={"Authorization": f"Bearer {token}"})
        assert response.status_code == 200, response.text
        data: dict[str, Any] = response.json()
        return data


def open_seat(watch: Watch, server: LiveServer, created: dict[str, Any], seat: int = 0, name: str = "") -> None:
    """Open a seat's invite link as a guest: the page asks the guest's name first."""
    invite = next(i for i in created["invites"] if i["seat"] == seat)
    page = watch.page
    page.goto(f"{server.url}/play/{created['table']['id']}#{invite['token']}")
    page.fill("#guest-name", name or f"Guest {seat}")
    page.locator("#guest-go").click()
    page.wait_for_function("() => window.jickPage && window.jickPage.table")


def summary_rows(watch: Watch) -> list[list[str]]:
    rows = watch.page.locator("dialog[open] table.summary").first.locator("tbody tr")
    return [[c.strip() for c in rows.nth(i).locator("th, td").all_inner_texts()] for i in range(rows.count())]


def test_smear_hand_from_the_start_page(page_server: LiveServer, new_page: Any) -> None:
    """Create a table with three bots on the start page, play a whole hand by clicking, check the summary."""
    me = new_page()
    page = me.page
    fill_friends_table(page, page_server.url, preset="smear_ten_point", name="Ann", seed=SMEAR_SEED)
    page.locator("details.house summary").click()
    page.wait_for_selector("#opt-target_score")
    shot(me, "start-page.png", full=True)
    page.click("#create")
    page.wait_for_selector("#play-first")
    assert page.locator(".invites .link").count() == 1
    take_the_first_seat_and_start(page)

    # bidding: the hint, a refused action, then the highest bid
    page.wait_for_selector('.actions button[data-action="10"]')
    page.click("text=Hint")
    page.wait_for_selector(".hint-box >> text=the hard bot would choose")
    assert page.locator(".hint-values li").count() >= 2
    # one value a line, with two decimals; the bot's choice marked; a choice below the top value explained
    values = page.locator(".hint-values .val").all_inner_texts()
    assert all(re.fullmatch(r"[+−]\d+\.\d\d", v) for v in values), values
    assert page.locator(".hint-values li.best").count() == 1
    top_is_choice = "best" in (page.locator(".hint-values li").first.get_attribute("class") or "")
    assert top_is_choice or page.locator(".hint-box >> text=not by more than chance").count() == 1
    page.evaluate("() => window.jickPage.send({type: 'action', action: 'pass', ply: 0})")
    page.wait_for_selector(".toast.error >> text=Refused")
    page.keyboard.press("0")  # keyboard play on a computer: "0" is the key of Bid 10
    page.wait_for_selector(".actions button.suit")
    obs = observation(me)
    assert obs is not None and obs["bidder"] == 0 and obs["bid"] == 10
    suits = [card["card"][-1] for card in obs["hand"] if card["card"][-1] in "SHDC"]
    trump = max("SHDC", key=suits.count)
    page.click(f'.actions button[data-action="{trump}"]')

    # the discard: choose four cards, then confirm (every seat discards down to six)
    page.wait_for_selector("#confirm")
    assert page.locator("#confirm").is_disabled()
    cards = page.locator(".hand button.card.legal")
    chosen = [cards.nth(i).get_attribute("data-card") for i in range(4)]
    for card in chosen:
        page.locator(f'.hand button.card[data-card="{card}"]').click()
    assert page.locator(".hand button.card.selected").count() == 4
    page.click("#confirm")
    page.wait_for_function("() => window.jickPage.obs.phase === 'play'")
    obs = observation(me)
    assert obs is not None and sorted(c["card"] for c in obs["own_discards"]) == sorted(chosen)
    assert len(obs["hand"]) == 6

    # six tricks by clicking; a screenshot with a trick on the table
    played = 0
    while played < 6:
        if page.locator("dialog[open]").count():
            break
        if my_turn(me):
            obs = observation(me)
            assert obs is not None
            legal = {a["action"] for a in obs["legal_actions"]}
            assert page.locator(".hand button.card.legal").count() == len(legal)
            assert page.locator(".hand button.card.dim").count() == len(obs["hand"]) - len(legal)
            if played == 2:
                shot(me, "smear-table.png")
            take_turn(me)
            played += 1
        else:
            wait_for_change(me)
    page.wait_for_selector("dialog[open] >> text=Hand summary")
    page.wait_for_selector("dialog[open] .last-of-hand figure")
    shot(me, "hand-summary.png")

    # the summary says what the record says
    table_id, host_token = page.evaluate("() => [window.jickPage.id, window.jickPage.hostToken]")
    report = replay_report(replay(record_of(page_server, table_id, host_token), check_result=False).state)
    hand = report["hands"][0]
    heading = page.locator("dialog[open] h3").inner_text()
    assert heading.startswith("Hand 1: You bid 10 in")
    assert ("made the bid" if hand["made"] else "went set") in heading
    side = {0: "You & Easy bot 2", 1: "Easy bot 1 & Easy bot 3", None: "nobody"}
    rows = summary_rows(me)
    assert len(rows) == len(hand["points"])
    for row, point in zip(rows, hand["points"], strict=True):
        assert row[1] == str(point["value"]) and row[2] == side[point["side"]], (row, point)
        if point["card"]:
            assert re.sub(r"[♠♥♦♣]", "", row[3]) == re.sub(r"[SHDC]$", "", point["card"]) or point["card"] in (
                "HJ",
                "LJ",
            )
    scores = page.locator("dialog[open] table.summary").nth(1).locator("tbody tr")
    for s in range(2):
        cells = scores.nth(s).locator("td").all_inner_texts()
        assert [int(c.replace("+", "")) for c in cells] == [
            hand["hand_points"][s],
            hand["score_changes"][s],
            hand["scores"][s],
        ]
    close_dialog(me)
    page.click("text=Score sheet")
    page.wait_for_selector("dialog[open] table.sheet")
    assert page.locator("dialog[open] table.sheet tbody tr").count() == 1
    close_dialog(me)


def test_reload_and_reconnect_restore_the_table(tmp_path: Any, new_page: Any) -> None:
    """Reload in the middle of a hand and play on; a server that goes away shows it, and the table comes back."""
    db = f"sqlite:///{tmp_path / 'jick.db'}"
    server = LiveServer(db)
    port = server.port
    with server:
        with server.http() as http:
            created = create_table(http, preset="smear_ten_point", seats=["human", "easy", "easy", "easy"], seed=3)
            http.post(f"/api/tables/{created['table']['id']}/start", headers=host(created))
        me = new_page(width=390, height=844)  # a phone
        page = me.page
        open_seat(me, server, created)
        play_until(me, lambda: (observation(me) or {}).get("phase") == "play", prefer=("pass",))
        play_until(me, lambda: len((observation(me) or {}).get("hand", [])) <= 4 and my_turn(me))
        before = observation(me)  # the bots wait for this seat: nothing moves during the reload
        page.reload()
        page.wait_for_function("() => window.jickPage && window.jickPage.obs")
        after = observation(me)
        assert after is not None and before is not None
        assert after["hand"] == before["hand"] and after["trick"] == before["trick"]
        assert page.locator(".hand .card").count() == len(after["hand"])
        # Count every moment the table stops looking offline while no socket is open (a retry used to).
        page.evaluate(
            """() => { window.offlineDrops = 0; new MutationObserver(() => {
                const ws = window.jickPage.ws;
                if (!document.body.classList.contains("offline") && !(ws && ws.readyState === WebSocket.OPEN))
                    window.offlineDrops += 1;
            }).observe(document.body, { attributes: true, attributeFilter: ["class"] }); }"""
        )
        server.server.should_exit = True
    page.wait_for_selector(".conn.down")
    assert "reconnecting" in page.locator("#conn").inner_text()
    assert page.locator("body.offline").count() == 1
    page.wait_for_function("() => window.jickPage.retries >= 3")  # two attempts made and refused
    assert page.evaluate("window.offlineDrops") == 0
    assert page.locator("body.offline").count() == 1
    again = _server_on(db, port)
    with again:
        page.wait_for_selector(".conn.up", timeout=20_000)
        assert observation(me) == after
        play_until(me, lambda: page.locator("dialog[open]").count() > 0 or (observation(me) or {})["hand_number"] > 1)
        # the hand's summary is open now, or it popped up just before one of this seat's clicks, which read and
        # closed it (the next hand had begun: the summary's fetch can finish after the new hand's first view)
        if not any("Hand summary" in text for text in me.closed_dialogs):
            page.wait_for_selector("dialog[open] >> text=Hand summary")


def _server_on(db: str, port: int) -> LiveServer:
    """A new server on the same database and port (the first one has stopped)."""
    import socket

    server = LiveServer(db)
    server.sock.close()
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", port))
    server.sock, server.port = sock, port
    server.url, server.ws_url = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}"
    import threading

    server.thread = threading.Thread(target=server.server.run, kwargs={"sockets": [sock]}, daemon=True)
    return server


def test_two_people_see_each_others_moves_never_cards(page_server: LiveServer, new_page: Any) -> None:
    with page_server.http() as http:
        created = create_table(http, preset="smear_ten_point", seats=["human", "easy", "human", "easy"], seed=5)
        table_id = created["table"]["id"]
    ann, bob, eve = new_page(), new_page(), new_page(width=390, height=844)
    open_seat(ann, page_server, created, 0)
    open_seat(bob, page_server, created, 2)
    eve.page.goto(f"{page_server.url}/watch/{table_id}#{created['watch_token']}")
    with httpx.Client(base_url=page_server.url) as http:
        http.post(f"/api/tables/{table_id}/start", headers=host(created))
    seen_by_ann: set[str] = set()
    for _ in range(400):
        obs_a = observation(ann)
        if obs_a and obs_a["hand_number"] > 1:
            break
        for me, other in ((ann, bob), (bob, ann)):
            if my_turn(me):
                did = take_turn(me, prefer=("pass",))
                if did.startswith("card:"):
                    card = did[5:]
                    # the other person sees the card played (the table log's trick line says who played it)
                    said = f"{'Guest 0' if me is ann else 'Guest 2'} {card_words(card)}"
                    try:
                        other.page.wait_for_function(
                            "(said) => window.jickPage.log.some((l) => l.startsWith('Trick ') && l.includes(said))",
                            arg=said,
                        )
                    except Exception:
                        print(card, other.page.evaluate("() => window.jickPage.log"), observation(other))
                        raise
                    if me is bob:
                        seen_by_ann.add(card)
        else:
            # Bob's turn: his page (Ann's waits for him); a bot's: Ann's next view after the one just looked at
            ply, to_act = ann.page.evaluate(
                "() => { const p = window.jickPage; return p.view ? [p.view.ply, p.obs.current_player] : [-1, -1]; }"
            )
            if to_act == 2:
                wait_for_change(bob)
            else:
                wait_for_change(ann, since=ply)
    assert seen_by_ann, "Ann never saw a card Bob played"
    # never each other's cards: at every ply, nothing of one hand appears in the other's messages
    hands = {
        0: {v["ply"]: v["observation"]["hand"] for v in ann.views()},
        2: {v["ply"]: v["observation"]["hand"] for v in bob.views()},
    }
    texts = {0: {v["ply"]: json.dumps(v) for v in ann.views()}, 2: {v["ply"]: json.dumps(v) for v in bob.views()}}
    checked = 0
    for me, other in ((0, 2), (2, 0)):
        for ply, text in texts[me].items():
            for card in hands[other].get(ply, []):
                assert json.dumps(card) not in text, f"seat {me} got seat {other}'s {card['card']} at ply {ply}"
                checked += 1
    assert checked > 100
    # a spectator sees the table and every seat's card count, never a hand
    eve.page.wait_for_selector(".seat")
    assert eve.page.locator(".hand .card").count() == 0 and eve.page.locator(".seat .tag.count").count() == 4
    assert all(v["seat"] is None and v["observation"]["hand"] is None for v in eve.views())
    for me in (ann, bob):
        shown = sorted(me.page.locator(".hand .card").evaluate_all("els => els.map(e => e.dataset.card)"))
        obs = observation(me)
        assert obs is not None and shown == sorted(c["card"] for c in obs["hand"])


def test_minnesota_refill_discard_and_the_moon(page_server: LiveServer, new_page: Any) -> None:
    """smear_mn_original: the moon among the bids, a refill discard (cards, then dealt back up to six)."""
    with page_server.http() as http:
        created = create_table(http, preset="smear_mn_original", seats=["human", "easy", "easy", "easy"], seed=3)
        http.post(f"/api/tables/{created['table']['id']}/start", headers=host(created))
    me = new_page(width=375, height=760)
    page = me.page
    open_seat(me, page_server, created)
    page.wait_for_selector('.actions button[data-action="moon"]')
    assert page.locator('.actions button[data-action="moon"]').inner_text() == "Shoot the moon"
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 375  # nothing wider than the phone
    did = play_until(
        me,
        lambda: page.locator("dialog[open]").count() > 0 or (observation(me) or {}).get("hand_number", 1) > 1,
        prefer=("pass",),
    )
    assert any(d.startswith("discard:") for d in did), did
    discards = [v for v in me.views() if v["last"] and v["last"]["seat"] == 0 and v["last"]["action"]]
    assert any(v["last"]["action"]["action"] == "done" for v in discards)
    # the summary of a played hand must show; on a loaded machine the page may still be taking turns of a redeal,
    # and a summary that opens just before this seat's next turn is read and closed by the kit to play that turn
    summary = page.locator("dialog[open]").filter(has_text="Hand summary")

    def summary_shown() -> bool:
        return summary.count() > 0 or any("Hand summary" in text for text in me.closed_dialogs)

    play_until(me, summary_shown, prefer=("pass",), limit=60)


def test_tarok_deal_to_its_end(page_server: LiveServer, new_page: Any) -> None:
    with page_server.http() as http:
        created = create_table(http, preset="tarok_3p", seats=["human", "easy", "easy"], seed=TAROK_SEED, name="Tarok")
        http.post(f"/api/tables/{created['table']['id']}/start", headers=host(created))
    me = new_page()
    page = me.page
    open_seat(me, page_server, created)
    phases: list[str] = []
    shown = False

    def over() -> bool:
        nonlocal shown
        obs = observation(me) or {}
        if obs.get("phase") and (not phases or phases[-1] != obs["phase"]):
            phases.append(obs["phase"])
        if not shown and obs.get("phase") == "play" and my_turn(me) and len(obs.get("tricks", [])) >= 3:
            if obs.get("trick") or len(obs["tricks"]) >= 8:
                shot(me, "tarok-table.png")
                shown = True
                # tricks are won: no seat claims "0 pts" (the match scores are in the score bar)
                assert "pts" not in page.locator(".felt").inner_text()
                assert "tricks" in page.locator(".felt").inner_text()
        summary_shown = page.evaluate("() => window.jickPage.dialog.dataset.kind === 'summary'")
        return page.locator("dialog[open]").count() > 0 or summary_shown or obs.get("deal_number", 1) > 1

    rejected: list[bool] = []

    def prefer() -> tuple[str, ...]:
        obs = observation(me) or {}
        if obs.get("phase") == "widow" and not rejected:
            rejected.append(True)
            return ("reject",)
        return ("threesome", "accept", "game", "pass")

    while not over():
        if my_turn(me):
            take_turn(me, prefer())
        else:
            wait_for_change(me)
    # every phase the page was sent, not only those it happened to show when polled
    phases += [v["observation"]["phase"] for v in me.views() if v.get("observation")]
    assert {"widow", "discard", "contract", "play"} <= set(phases), phases
    # a summary that popped up while a turn was being taken was closed by the click helper: open it again to read it
    page.wait_for_function("() => window.jickPage.dialog.dataset.kind === 'summary'")
    page.evaluate("() => { const d = window.jickPage.dialog; if (!d.open) d.showModal(); }")
    page.wait_for_selector("dialog[open] >> text=Deal result")
    text = page.locator("dialog[open]").inner_text()
    report = replay_report(
        replay(record_of(page_server, created["table"]["id"], created["host_token"]), check_result=False).state
    )
    deal = report["results"][0]
    assert f"Card points: bidder {deal['bidder_count']}, opponents {deal['opponents_count']}" in text
    assert ("made" if deal["made"] else "lost") in text.split("\n")[1]
    assert shown


def test_lift_smoke_game_to_its_end(page_server: LiveServer, new_page: Any) -> None:
    with page_server.http() as http:
        created = create_table(
            http, preset="lift_smoke", seats=["human", "easy", "easy", "easy"], seed=2, set=["games_per_session=1"]
        )
        http.post(f"/api/tables/{created['table']['id']}/start", headers=host(created))
    me = new_page(width=390, height=844)
    page = me.page
    open_seat(me, page_server, created)
    page.wait_for_selector(".extras .chips")
    info = page.locator(".info").inner_text()
    assert "pot 4" in info and "stock" in info and "trump" in info
    assert page.locator(".extras >> text=trump card").count() == 1
    # the antes are in the pot: no seat reads "-1 chips" at the start
    assert "chips" not in page.locator(".felt").inner_text()
    assert "everyone antes 1" in info
    # after every view the page draws, note whether a seat is shown as out of the game
    page.evaluate(
        "() => { const p = window.jickPage; const draw = p.render.bind(p); window.outSeen = 0;"
        " p.render = () => { draw(); if (document.querySelector('.seat .tag.out')) window.outSeen += 1; }; }"
    )

    def finished() -> bool:
        return page.evaluate("() => window.jickPage.view && window.jickPage.view.status === 'finished'")

    play_until(me, finished, limit=60)
    page.wait_for_selector(".result >> text=The session is over")
    record = record_of(page_server, created["table"]["id"], created["host_token"])
    winner = replay(record).state.winner
    assert page.locator(".result b").inner_text() == ("You" if winner == 0 else f"Easy bot {winner}")
    dropped = any(
        len(v["observation"]["active"]) < len(v["observation"]["seated"]) and v["observation"]["phase"] == "play"
        for v in me.views()
    )
    assert dropped and page.evaluate("() => window.outSeen") > 0


def test_replay_viewer_steps_through_a_record(page_server: LiveServer, new_page: Any, tmp_path: Any) -> None:
    with page_server.http() as http:
        created = create_table(
            http,
            preset="smear_ten_point",
            seats=["easy"] * 4,
            seed=4,
            set=["target_score=5"],
            name="Bots to five",
            public=True,
        )
        table_id = created["table"]["id"]
        http.post(f"/api/tables/{table_id}/start", headers=host(created))
    me = new_page()
    page = me.page
    with page_server.http() as http:
        deadline = time.monotonic() + 30
        while http.get(f"/api/tables/{table_id}", headers=host(created)).json()["status"] != "finished":
            assert time.monotonic() < deadline, "the bots' match did not finish"
            time.sleep(0.05)
    page.goto(page_server.url + "/")
    page.locator(f'.table-list a[href="/replay/{table_id}"]').click()
    page.wait_for_selector(".seat .open-hand .card")
    record = record_of(page_server, table_id, created["host_token"])
    first = record["deals"][0]
    assert page.locator(".seat").count() == 4
    assert page.locator(".seat .open-hand .card").count() == 40  # every hand face up
    assert "is dealt" in page.locator(".step-text").inner_text()
    page.click("#forward")
    seat, action = first["actions"][0]
    assert page.locator(".step-text").inner_text().startswith("Action 1 ")
    assert f"Easy bot {seat}" in page.locator(".step-text").inner_text()  # the table's names, never "Seat N"
    assert "Seat" not in page.locator(".felt").inner_text()
    # the first/last buttons are drawn, not glyphs a font may lack
    for button in ("#first", "#back", "#forward", "#last"):
        assert page.locator(f"{button} svg path").count() == 1
        assert page.locator(button).inner_text().strip() == ""
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")
    assert page.locator(".step-text").inner_text().startswith("Action 1 ")
    page.click("#last")
    page.wait_for_selector(".replay-summary >> text=Hand 1")
    hand = replay_report(replay(record).state)["hands"][0]
    # the last frame still speaks of hand 1, with its pitcher
    info = page.locator(".info").inner_text()
    assert info.startswith("Hand 1 ") and f"Easy bot {hand['bidder']}" in info, info
    assert ("made the bid" if hand["made"] else "went set") in page.locator(".replay-summary h3").inner_text()
    assert page.locator(".seat .open-hand .card:not(.tiny)").count() == 0  # the hand is over: no card left

    # an uploaded record file (a Tarok match) from the start page
    path = tmp_path / "tarok.json"
    import jick
    from jick.record import save_record

    state = jick.new_game("tarok_3p", seed=7)
    while len(state.deals) == 1:
        state.apply(state.legal_actions()[0])
    save_record(state, path)
    page.goto(page_server.url + "/")
    page.set_input_files("#record-file", str(path))
    page.wait_for_url("**/replay")
    page.wait_for_selector(".seat .open-hand .card")
    assert page.locator(".seat .open-hand .card").count() == 48
    page.click("#last")
    page.wait_for_selector(".replay-summary >> text=Deal 1")


def test_the_page_runs_under_its_content_security_policy(page_server: LiveServer, new_page: Any) -> None:
    """Start page, a private table's watch link, a seat with cards in hand, a replay: no policy violation."""
    from jick.server.app import CSP

    me = new_page()
    page = me.page
    page.add_init_script("localStorage.setItem('jick.name', 'Ann')")  # no name to ask on the seat's link
    response = page.goto(page_server.url + "/")
    assert response is not None and response.headers["content-security-policy"] == CSP
    assert response.headers["x-frame-options"] == "DENY"
    fill_friends_table(page, page_server.url)
    page.click("#create")
    page.wait_for_selector("#play-first")
    seat_link = page.get_attribute("#play-first", "href")
    page.click("#watch-link")  # the private table's spectator link, its token in the fragment
    page.wait_for_function("() => window.jickPage && window.jickPage.table")
    assert page.evaluate("() => window.jickPage.seat") is None
    assert me.csp_violations() == []
    page.goto(f"{page_server.url}{seat_link}")
    page.wait_for_selector("#guest-name, #start")
    if page.locator("#guest-name").count():  # the page asks a name once, then remembers it
        page.fill("#guest-name", "Host")
        page.locator("#guest-go").click()
    page.wait_for_selector("#start")
    page.click("#start")
    page.wait_for_selector(".hand .card svg.face")
    colours = page.evaluate(
        "() => [...document.querySelectorAll('.hand svg.face')].map((s) => [s.classList.contains('red'),"
        " getComputedStyle(s).color, s.hasAttribute('style')])"
    )
    # the suit colour comes from the style sheet, without a style attribute (a hand may hold no red card)
    assert colours and all((c[1] == "rgb(200, 16, 46)") == c[0] for c in colours), colours
    assert not any(c[2] for c in colours), colours
    assert me.csp_violations() == []
    # the table list of this browser shows its private table (it holds the host token); a stranger's does not
    table_id = page.evaluate("() => window.jickPage.id")
    page.goto(page_server.url + "/")
    page.wait_for_selector(f'.table-list a[href="/watch/{table_id}"]')
    stranger = new_page()
    stranger.page.goto(page_server.url + "/")
    stranger.page.wait_for_selector(".table-list")
    stranger.page.wait_for_timeout(300)
    assert stranger.page.locator(f'.table-list a[href="/watch/{table_id}"]').count() == 0
    assert me.csp_violations() == [] and stranger.csp_violations() == []


#: A seed of pitch_auction where no easy bot has bid 4 when seat 0's turn comes: seat 0 becomes the pitcher.
PITCH_SEED = 1


def test_pitch_table_from_the_start_page_the_naming_lead_sets_trump(page_server: LiveServer, new_page: Any) -> None:
    """A pitch_auction table from the start page: no trump call, the pitcher's first lead names trump on the page."""
    me = new_page()
    page = me.page
    fill_friends_table(page, page_server.url, preset="pitch_auction", name="Ann", seed=PITCH_SEED)
    page.click("#create")
    take_the_first_seat_and_start(page)

    # the highest bid (4 points a hand) makes seat 0 the pitcher; no suit to name follows
    page.wait_for_selector('.actions button[data-action="4"]')
    page.click('.actions button[data-action="4"]')
    page.wait_for_function(
        "() => { const o = window.jickPage.obs; return o.phase === 'play' && o.current_player === 0; }"
    )
    obs = observation(me)
    assert obs is not None and obs["bidder"] == 0 and obs["bid"] == 4 and obs["trump"] is None
    assert page.locator(".actions button.suit").count() == 0
    assert "trump" not in page.locator(".info").inner_text()
    assert page.locator("text=Lead a card: its suit is trump").count() == 1

    # the naming lead: any card of the hand (a plain deck: every card has a suit); its suit is trump
    legal = page.locator(".hand button.card.legal")
    assert legal.count() == 6
    card = legal.nth(2).get_attribute("data-card")
    assert card is not None
    take_card = page.locator(f'.hand button.card[data-card="{card}"]')
    take_card.click()
    page.wait_for_function("() => window.jickPage.obs.trump !== null")
    obs = observation(me)
    assert obs is not None and "SHDC"[obs["trump"]] == card[-1]
    symbol = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[card[-1]]
    assert f"trump {symbol}" in page.locator(".info").inner_text()
    # the points line: High is the highest trump played so far (the lead is a trump), before the ace is out
    high = page.locator('.live-score .pt[data-point="high"]')
    high.wait_for()
    assert "High" in high.inner_text()
    # the hand goes on to its end with High, Low, Jack and Game in the summary
    play_until(me, lambda: page.locator("dialog[open]").count() > 0, limit=60)
    summary = page.locator("dialog[open]").inner_text()
    assert "High" in summary and "Game" in summary, summary


def test_a_called_card_is_picked_from_a_list_on_a_phone(page_server: LiveServer, new_page: Any) -> None:
    """call_partner = card: the bidder picks the card to call from a list (48 choices), not from a wall of buttons."""
    with page_server.http() as http:
        created = create_table(
            http,
            preset="smear_ten_point",
            players=5,
            set=["call_partner=card"],
            seats=["human", "easy", "easy", "easy", "easy"],
            seed=1,
            start=True,
        )
    me = new_page(width=390, height=844, phone=True)
    page = me.page
    open_seat(me, page_server, created)

    def at_the_call() -> bool:
        obs = observation(me)
        return obs is not None and obs["phase"] == "call" and obs["current_player"] == 0

    # seat 0 bids the top (nobody can go over it), names a suit, discards, and then calls
    play_until(me, at_the_call, prefer=("10", "S", "H", "D", "C"), limit=60)
    pick = page.locator("select#pick-call")
    assert pick.count() == 1
    options = pick.locator("option:not([disabled])")
    assert options.count() > 8
    assert page.locator('.actions button[data-action^="call "]').count() == 0  # no button per card
    go = page.locator('.actions button[data-action="call"]')
    assert go.is_disabled()  # nothing chosen yet
    # the decision takes one row: the felt keeps its height and the whole hand stays on the screen
    actions = page.locator(".actions").bounding_box()
    felt = page.locator(".felt").bounding_box()
    assert actions is not None and felt is not None
    assert actions["height"] <= 60 and felt["height"] >= 300
    for i in range(page.locator(".hand button.card").count()):
        box = page.locator(".hand button.card").nth(i).bounding_box()
        assert box is not None and box["y"] + box["height"] <= 844
    shot(me, "call-partner-phone.png")
    value = options.first.get_attribute("value")
    assert value is not None and value.startswith("call ")
    pick.select_option(value)
    go.click()
    page.wait_for_function("() => window.jickPage.obs.phase === 'play'")
    obs = observation(me)
    assert obs is not None and obs["called"] is not None and obs["called"]["card"] == value.split()[1]
    assert "called" in page.locator(".info").inner_text()
