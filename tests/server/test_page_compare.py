"""The start page's "What does this rule change?" panel in a real browser, on a phone's width."""

from __future__ import annotations

from typing import Any

from .kit import LiveServer
from .page_kit import browser, new_page, page_server, shot

__all__ = ["browser", "new_page", "page_server"]  # the fixtures


def test_compare_house_rules_on_the_start_page(page_server: LiveServer, new_page: Any) -> None:
    me = new_page(width=390, height=844)
    page = me.page
    page.goto(page_server.url + "/")
    page.locator("#compare-title").click()
    page.wait_for_selector("#cmp-run")
    page.select_option("#cmp-game", "smear")
    page.select_option("#cmp-preset", "smear_ten_point")
    page.fill("#cmp-b", "<b>no trey</b>: point_values.trey=0\nmax_bid=7")  # a name that is markup stays text
    page.fill("#cmp-hands", "20")
    page.click("#cmp-run")
    assert "Playing 20 duplicate deals" in page.locator("#cmp-status").inner_text()
    page.wait_for_selector("#cmp-summary", timeout=60_000)
    summary = page.locator("#cmp-summary li").all_inner_texts()
    assert summary and all(line.strip() for line in summary)
    sets = page.locator(".cmp-sets li").all_inner_texts()
    assert len(sets) == 2 and "point_values" in sets[1] and "max_bid" in sets[1]
    assert "<b>no trey</b>" in sets[1] and "<b>no trey</b>" in " ".join(summary)
    assert page.locator("#cmp-result b", has_text="no trey").count() == 0
    # the Trey is worth nothing under B: its points per hand fall, and only such figures are listed
    rows = page.locator("#cmp-table tbody tr")
    labels = [t.lower() for t in rows.locator("th").all_inner_texts()]
    assert any("trey" in label for label in labels), labels
    assert rows.count() == page.locator("#cmp-table td.sig").count()
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390  # nothing wider than the phone
    page.locator("#cmp-table").scroll_into_view_if_needed()
    shot(me, "compare-rules-page.png")

    # a bad option: the server's one line, no table
    page.fill("#cmp-b", "point_values.trey=banana")
    page.click("#cmp-run")
    error = page.locator("#cmp-error")
    error.wait_for()
    assert "banana" in error.inner_text() and page.locator("#cmp-table").count() == 0
    refused = [e for e in me.errors if "status of 400" in e]
    assert len(refused) == 1  # the browser logs the refused request: expected, every other error still fails
    me.errors.remove(refused[0])
