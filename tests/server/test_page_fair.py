"""Fair shuffles in the browser: the hand summary checks the deck played against the seal sent before the deal."""

from __future__ import annotations

from typing import Any

from .kit import LiveServer, create_table, host
from .page_kit import browser, new_page, page_server, play_until

__all__ = ["browser", "new_page", "page_server"]  # the fixtures


def test_the_deal_summary_checks_the_deck_against_its_seal(page_server: LiveServer, new_page: Any) -> None:
    with page_server.http() as http:
        created = create_table(http, preset="tarok_3p", seats=["human", "easy", "easy"], name="Fair")
        assert created["table"]["seeded"] is False
        http.post(f"/api/tables/{created['table']['id']}/start", headers=host(created))
    me = new_page()
    page = me.page
    page.add_init_script("localStorage.setItem('jick.name', 'Ann')")  # a guest named already: no name to ask
    invite = created["invites"][0]
    page.goto(f"{page_server.url}/play/{created['table']['id']}#{invite['token']}")
    page.wait_for_function("() => window.jickPage && window.jickPage.table")
    # the person passes: the bots' contract is played out, whatever the deal (no laying away to click through)
    play_until(me, lambda: page.locator(".fair-badge").count() > 0, ("pass",), 90)
    badge = page.locator(".fair-badge[data-state]")
    badge.wait_for(state="attached")
    assert badge.get_attribute("data-state") == "ok"
    assert badge.inner_text() == "Fair deal: the deck matches the seal sent before the deal."
    sealed = [v["sealed"] for v in me.views() if v.get("sealed") and v["sealed"]["deal"] == 0]
    opened = next(v["revealed"] for v in me.views() if v.get("revealed"))
    assert sealed and opened["deal"] == 0 and opened["sha256"] == sealed[0]["sha256"]


def test_a_deck_that_differs_from_its_seal_is_called_unfair(page_server: LiveServer, new_page: Any) -> None:
    """The page's check itself, run in the browser on a seal and a reveal that do not agree."""
    page = new_page().page
    page.goto(page_server.url + "/")
    verdicts = page.evaluate(
        """async () => {
          const fair = await import('/static/js/fair.js');
          const hex = async (t) => Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256',
            new TextEncoder().encode(t))), (b) => b.toString(16).padStart(2, '0')).join('');
          const salt = 'ab'.repeat(32);
          const seal = await hex(`jick-deck:${salt}:AS KS QS`);
          fair.noteView('t-good', {sealed: {deal: 0, sha256: [seal]}, revealed: null});
          const reveal = (orders, sha256) => ({sealed: null, revealed: {deal: 0, orders, salts: [salt], sha256}});
          fair.noteView('t-good', reveal([['AS', 'KS', 'QS']], [seal]));
          // the server reveals another order with a matching commitment of its own: the first seal seen decides
          const other = await hex(`jick-deck:${salt}:KS AS QS`);
          fair.noteView('t-bad', {sealed: {deal: 0, sha256: [seal]}, revealed: null});
          fair.noteView('t-bad', reveal([['KS', 'AS', 'QS']], [other]));
          return [await fair.verdictOf('t-good', 0), await fair.verdictOf('t-bad', 0), fair.verdictOf('t-none', 0)];
        }"""
    )
    assert verdicts[0]["state"] == "ok"
    assert verdicts[1] == {
        "state": "bad",
        "text": "Unfair deal: the deck played does not match the seal sent before the deal.",
    }
    assert verdicts[2] is None


def test_a_tarok_deal_summary_names_its_melds(page_server: LiveServer, new_page: Any) -> None:
    """The report gives each meld as {seat, meld}; the summary names them (it once broke the page)."""
    page = new_page().page
    page.goto(page_server.url + "/")
    html = page.evaluate(
        """async () => {
          const { gameOf } = await import('/static/js/games/index.js');
          const entry = {number: 1, bidder: 0, contract: 'threesome', game_type: 'game', multiplier: 1, made: true,
            bidder_count: 40, opponents_count: 30, game_value: 50, changes: [10, -5, -5], scores: [10, -5, -5],
            awards: [], melds: [{seat: 1, meld: 'trull'}], note: ''};
          return gameOf('tarok').summaryHTML(entry, {names: (s) => `Seat ${s}`});
        }"""
    )
    assert "Melds: Seat 1 trull" in html
