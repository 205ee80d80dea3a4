"""The replay viewer's analysis in a real browser: Analyse, the chart and its marks, a mark's position, practice."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

import jick.analysis
from jick.analysis import Depth

from .kit import LiveServer, create_table
from .page_kit import browser, new_page, shot

__all__ = ["browser", "new_page"]  # the fixtures

#: A short match of easy bots (four-handed Smear, six cards, to three points) whose seat 2 makes a mistake:
#: at action 13 it plays AH where 2C was better (quick depth, seed 0 of the server).
SHORT = {"preset": "smear_five_point_team", "set": ["hand_size=6", "deal_packet=3", "target_score=3"]}
SEED = 5
SEAT = 2


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[LiveServer, str]]:
    """A server (its bots in threads, so the quick depth below is its own) and a finished public table."""
    quick = jick.analysis.DEPTHS["quick"]
    # the quick depth with a deadline no busy machine reaches: the values depend on the seed alone
    jick.analysis.DEPTHS["quick"] = Depth("quick", "normal", 0.25, 2, 30.0)
    db = tmp_path_factory.mktemp("analysis") / "jick.db"
    try:
        with LiveServer(f"sqlite:///{db}", bot_delay=0.0) as server, server.http() as http:
            created = create_table(http, seats=["easy"] * 4, seed=SEED, public=True, start=True, **SHORT)
            table_id = created["table"]["id"]
            deadline = time.monotonic() + 30
            while http.get(f"/api/tables/{table_id}").json()["status"] != "finished":
                assert time.monotonic() < deadline, "the bots' match did not finish"
                time.sleep(0.05)
            yield server, table_id
    finally:
        jick.analysis.DEPTHS["quick"] = quick


def inside(box: dict[str, float] | None, width: float) -> bool:
    return box is not None and box["x"] >= -0.5 and box["x"] + box["width"] <= width + 0.5


def test_analyse_shows_the_chart_and_a_mark_goes_to_its_position(
    finished: tuple[LiveServer, str], new_page: Any
) -> None:
    server, table_id = finished
    me = new_page()
    page = me.page
    page.goto(f"{server.url}/replay/{table_id}")
    page.wait_for_selector(".seat .open-hand .card")
    page.select_option("#an-seat", str(SEAT))
    page.click("#analyse")
    page.wait_for_selector("#an-chart svg", timeout=120_000)
    assert "accuracy" in page.locator("#an-summary").inner_text()
    marks = page.locator("#an-chart circle.mark")
    assert marks.count() >= 1
    with server.http() as http:  # the same analysis, stored: now answered at once
        answer = http.post(f"/api/tables/{table_id}/analysis?seat={SEAT}")
    assert answer.status_code == 200 and answer.json()["stored"]
    analysis = answer.json()["analysis"]
    marked = [d for d in analysis["decisions"] if d["label"] and d["deal"] == 1]
    assert marks.count() == len(marked) == page.locator("#an-marks button").count()
    card = next(d for d in marked if d["phase"] == "play")
    assert (card["played"], card["best"]) == ("AH", "2C")
    assert page.locator(f'#an-chart circle.mark.{card["label"]}[data-index="{card["index"]}"]').count() == 1

    # a click on the mark: the position before the action, the played and the best card framed, the values listed
    page.locator(f'#an-chart circle.mark[data-index="{card["index"]}"]').click()
    page.wait_for_selector("#an-note:not([hidden])")
    assert page.locator("#step").input_value() == str(card["index"] - 1)
    hand = page.locator(f'.seat[data-seat="{SEAT}"]')
    assert hand.locator('.card.an-best[data-card="2C"]').count() == 1
    assert hand.locator('.card.an-played[data-card="AH"]').count() == 1
    note = page.locator("#an-note").inner_text()
    assert "played AH" in note and "better 2C" in note and card["label"] in note
    assert page.locator("#an-note tr.best th").inner_text() == "2C"
    assert page.locator("#an-note tr.played th").inner_text() == "AH"
    rows = page.locator("#an-note tbody tr")
    assert rows.count() == len(card["values"])  # every legal action valued
    shot(me, "replay-analysis.png", full=True)

    # practice: the other hands face down, an answer judged
    page.click("#an-practice")
    page.wait_for_selector("#an-choices button")
    assert page.locator(f'.seat:not([data-seat="{SEAT}"]) .open-hand .card').count() == 0
    assert page.locator(f'.seat[data-seat="{SEAT}"] .open-hand .card').count() >= 2
    assert page.locator(".card.an-best, .card.an-played").count() == 0  # nothing gives the answer away
    page.click('#an-choices button[data-action="2C"]')
    verdict = page.locator("#an-verdict")
    assert verdict.get_attribute("data-verdict") == "best" and verdict.inner_text().startswith("Best: 2C")
    assert page.locator("#an-note tr.chosen th").inner_text() == "2C"
    shot(me, "replay-practice.png", full=True)
    page.click("#an-stop")
    page.click("#an-practice")
    page.click('#an-choices button[data-action="AH"]')
    assert verdict.get_attribute("data-verdict") == "worse"
    assert "Worse: AH" in verdict.inner_text() and "against 2C" in verdict.inner_text()
    page.click("#an-stop")
    assert page.locator(f'.seat:not([data-seat="{SEAT}"]) .open-hand .card').count() > 0  # face up again
    assert me.csp_violations() == []


def test_the_match_end_button_and_the_phone_layout(finished: tuple[LiveServer, str], new_page: Any) -> None:
    server, table_id = finished
    me = new_page(width=390, height=844, phone=True)
    page = me.page
    page.goto(f"{server.url}/watch/{table_id}")
    button = page.locator("dialog[open] #end-analyse")  # the match-end screen opens on a finished table
    button.wait_for()
    assert page.locator("#analyse-match").count() == 1  # and the buttons under it have Analyse too
    button.tap()
    page.wait_for_url(f"**/replay/{table_id}?analyse=1")
    page.wait_for_selector("#an-chart svg", timeout=120_000)  # started by itself (seat 0: no token here)
    assert page.locator("#an-seat").input_value() == "0"
    page.select_option("#an-seat", str(SEAT))
    page.locator("#analyse").tap()
    page.wait_for_selector("#an-marks button")
    first = page.locator("#an-marks button").first
    first.scroll_into_view_if_needed()
    first.tap()
    page.wait_for_selector("#an-note:not([hidden])")
    width = 390
    for selector in ("#an-chart svg", "#an-marks", "#an-note", "#an-note table", ".an-controls", ".felt"):
        assert inside(page.locator(selector).first.bounding_box(), width), selector
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    chart = page.locator("#an-chart svg").bounding_box()
    assert chart is not None and chart["width"] >= 300 and chart["height"] >= 100  # readable on the phone
    for b in page.locator("#an-marks button").all():
        box = b.bounding_box()
        assert box is not None and box["height"] >= 28  # big enough to tap
    note = page.locator("#an-note").bounding_box()
    felt = page.locator(".felt").bounding_box()
    assert note is not None and felt is not None and note["y"] >= felt["y"] + felt["height"] - 0.5  # under the table
    page.locator("#an-note").scroll_into_view_if_needed()
    shot(me, "replay-analysis-phone.png")
    page.locator("#an-chart").scroll_into_view_if_needed()
    shot(me, "replay-analysis-phone-chart.png")
    # practice on the phone: the choices a finger wide, on screen
    page.locator("#an-practice").tap()
    page.wait_for_selector("#an-choices button")
    for b in page.locator("#an-choices button").all():
        box = b.bounding_box()
        assert inside(box, width) and box is not None and box["height"] >= 36 and box["width"] >= 44
    page.locator("#an-choices button").first.tap()
    assert page.locator("#an-verdict").get_attribute("data-verdict") in ("best", "as good", "worse")
    assert inside(page.locator("#an-note table").bounding_box(), width)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    page.locator("#an-note").scroll_into_view_if_needed()
    shot(me, "replay-practice-phone.png")
    assert me.csp_violations() == []


def test_an_uploaded_record_is_analysed_too(finished: tuple[LiveServer, str], new_page: Any, tmp_path: Any) -> None:
    import json

    from test_analysis import HANDS, constructed

    server, _ = finished
    path = tmp_path / "blunder.json"
    path.write_text(json.dumps(constructed(HANDS)), encoding="utf-8")
    me = new_page()
    page = me.page
    page.goto(server.url + "/")
    page.set_input_files("#record-file", str(path))
    page.wait_for_url("**/replay")
    page.wait_for_selector(".seat .open-hand .card")
    assert page.locator("#an-seat").input_value() == "0"
    page.click("#analyse")
    mark = page.locator('#an-chart circle.mark[data-index="9"]')  # 2S for AS, the arranged blunder
    mark.wait_for(timeout=120_000)
    mark.click()
    hand = page.locator('.seat[data-seat="0"]')
    hand.locator('.card.an-best[data-card="AS"]').wait_for()
    assert hand.locator('.card.an-played[data-card="2S"]').count() == 1
    assert page.locator("#step").input_value() == "8"
    assert "better AS" in page.locator("#an-note").inner_text()
