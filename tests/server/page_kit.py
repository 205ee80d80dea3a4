"""Browser test kit: Debian's Chromium driven headless by Playwright, one browser per test session.

The browser is the system one (``/usr/bin/chromium``): ``playwright install``
cannot download browsers here. When it is missing the fixture installs it
with ``apt-get install -y chromium`` if it runs as root (waiting for another
apt process to let go of the dpkg lock), and fails with the command to run
otherwise; the browser tests never skip.

Screenshots go to a temporary folder (``JICK_SHOTS`` names another); the
README's images in docs/images are copied from there on purpose.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .kit import LiveServer

#: Where Debian puts Chromium; JICK_CHROMIUM names another binary.
CHROMIUM = os.environ.get("JICK_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-dev-shm-usage",
]
#: Where the screenshots go: never the working tree (copy one into docs/images on purpose).
SHOTS = Path(os.environ.get("JICK_SHOTS") or Path(tempfile.gettempdir()) / "jick-shots")
#: How long apt-get waits for another apt process to release the dpkg lock (s).
DPKG_LOCK_WAIT = 600
#: How long a step of the page may take (ms).
STEP = 15_000


def chromium_path() -> str:
    """The Chromium binary, installed with apt-get when missing and running as root; a clear failure otherwise."""
    found = CHROMIUM if Path(CHROMIUM).exists() else shutil.which("chromium")
    if found:
        return found
    if hasattr(os, "geteuid") and os.geteuid() == 0 and shutil.which("apt-get"):
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        wait = ["-o", f"DPkg::Lock::Timeout={DPKG_LOCK_WAIT}"]
        install = ["apt-get", *wait, "install", "-y", "-q", "--no-install-recommends", "chromium"]
        if subprocess.run(install, env=env, capture_output=True).returncode != 0:
            subprocess.run(["apt-get", *wait, "update", "-q"], env=env, capture_output=True, check=False)
            done = subprocess.run(install, env=env, capture_output=True, text=True)
            if done.returncode != 0:
                pytest.fail(f"the browser tests need Chromium; apt-get install chromium failed:\n{done.stderr[-2000:]}")
        found = CHROMIUM if Path(CHROMIUM).exists() else shutil.which("chromium")
        if found:
            return found
    pytest.fail(
        f"the browser tests need Chromium at {CHROMIUM}: run `sudo apt-get install chromium` "
        "(or set JICK_CHROMIUM to a Chromium binary)"
    )


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """The browser, for the module's tests (Playwright's sync API holds an event loop while it runs, so it is
    closed before the other modules' tests run theirs)."""
    from playwright.sync_api import sync_playwright

    path = chromium_path()
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=path, args=ARGS, headless=True)
        yield b
        b.close()


@pytest.fixture(scope="module")
def page_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """One server for the browser tests: SQLite, bots at once and thinking briefly; the hints think 2 s.

    A hint values every bid on sampled deals; 0.2 s on a loaded machine valued fewer than two and gave the
    heuristic's call alone, with no values to show."""
    db = tmp_path_factory.mktemp("page") / "jick.db"
    with LiveServer(f"sqlite:///{db}", bot_delay=0.0, think=0.2, hint_think=2.0) as server:
        yield server


class Watch:
    """A browser page with its JavaScript errors and the websocket frames it received."""

    def __init__(self, page: Any, touch: bool = False) -> None:
        self.page = page
        #: A touch screen: the kit taps instead of clicking.
        self.touch = touch
        self.errors: list[str] = []
        self.frames: list[dict[str, Any]] = []
        #: The text of every dialog the kit closed to go on playing (a summary read and closed still showed).
        self.closed_dialogs: list[str] = []
        page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        page.on(
            "console", lambda m: self.errors.append(m.text) if m.type == "error" and "favicon" not in m.text else None
        )
        page.on("websocket", self._socket)
        page.set_default_timeout(STEP)
        # every Content-Security-Policy violation of every document the page loads
        page.add_init_script(
            "document.addEventListener('securitypolicyviolation', (e) => {"
            " (window.cspViolations = window.cspViolations || []).push(`${e.violatedDirective} ${e.blockedURI}`); });"
        )

    def csp_violations(self) -> list[str]:
        """The policy violations of the document shown now (its console shows them too: :meth:`check`)."""
        found: list[str] = self.page.evaluate("() => window.cspViolations || []")
        return found

    def _socket(self, ws: Any) -> None:
        import json

        def got(payload: Any) -> None:
            if isinstance(payload, str):
                self.frames.append(json.loads(payload))

        ws.on("framereceived", got)

    def views(self) -> list[dict[str, Any]]:
        return [f for f in self.frames if f.get("type") == "view"]

    def check(self) -> None:
        policy = [e for e in self.errors if "Content Security Policy" in e]
        assert not policy, f"Content-Security-Policy violations: {policy}"
        real = [e for e in self.errors if "WebSocket" not in e and "ERR_CONNECTION_REFUSED" not in e]
        assert not real, f"JavaScript errors: {real}"


@pytest.fixture
def new_page(browser: Any) -> Iterator[Callable[..., Watch]]:
    """Pages in fresh browser contexts (each its own storage), checked for JavaScript errors at the end."""
    contexts: list[Any] = []
    watches: list[Watch] = []

    def make(width: int = 1100, height: int = 860, phone: bool = False, motion: bool = False) -> Watch:
        """A page; ``phone``: a touch screen that reports itself as a mobile (``is_mobile``, ``has_touch``).

        Pages ask for reduced motion (no test waits for an animation) unless ``motion``.
        """
        context = browser.new_context(
            viewport={"width": width, "height": height},
            device_scale_factor=1,
            is_mobile=phone,
            has_touch=phone,
            reduced_motion="no-preference" if motion else "reduce",
        )
        contexts.append(context)
        watch = Watch(context.new_page(), touch=phone)
        watches.append(watch)
        return watch

    yield make
    for context in contexts:
        context.close()
    for watch in watches:
        watch.check()


def observation(watch: Watch) -> dict[str, Any] | None:
    """The observation the page shows now (from the page's own state)."""
    data: dict[str, Any] | None = watch.page.evaluate("() => window.jickPage && window.jickPage.obs")
    return data


def my_turn(watch: Watch) -> bool:
    result: bool = watch.page.evaluate(
        "() => { const p = window.jickPage; return !!(p && p.obs && p.view && p.view.status === 'running'"
        " && p.obs.current_player === p.seat && p.obs.legal_actions.length && !p.queue.length"
        " && p.ws && p.ws.readyState === 1); }"
    )
    return result


def close_dialog(watch: Watch) -> None:
    page = watch.page
    if page.locator("dialog[open]").count():
        watch.closed_dialogs.append(page.locator("dialog[open]").inner_text())
        page.locator("dialog[open] button.primary").click()


def click(watch: Watch, locator: Any) -> None:
    """Click like a person: a hand summary that pops up first is read and closed, then the click is done.

    A view that arrives meanwhile re-renders the hand; on a loaded machine the element the locator found
    may be gone before the click lands, so a failed try looks again (``locator`` is resolved anew).
    """
    tries = 3
    for attempt in range(tries):
        close_dialog(watch)
        try:
            if watch.touch:
                locator.tap(timeout=5000)
            else:
                locator.click(timeout=5000)
            return
        except PlaywrightTimeout:
            if attempt == tries - 1:
                raise


def take_turn(watch: Watch, prefer: tuple[str, ...] = ()) -> str:
    """One decision by clicking, as a person would: a preferred button, a discard of the cards asked, or a card.

    Returns what was done (``"button:pass"``, ``"discard:3"``, ``"card:AS"``).
    """
    page = watch.page
    close_dialog(watch)
    ply = page.evaluate("() => window.jickPage.view.ply")
    confirm = page.locator("#confirm")
    done = ""
    if confirm.count():
        need = page.evaluate(
            "() => { const p = window.jickPage; const o = p.obs;"
            " if (p.table.game === 'tarok') return 3 - o.own_discards.length;"
            " const may = o.legal_actions.filter((a) => a.action.startsWith('-')).length;"
            " const need = Math.min(may, Math.max(0, o.hand.length - 6));"
            " return o.legal_actions.some((a) => a.action === 'done') ? need : Math.max(1, need); }"
        )
        # choose cards not chosen yet until ``need`` are: a view arriving meanwhile may re-render the hand
        fresh = page.locator(".hand button.card.legal:not(.selected)")
        for _ in range(need + 3):
            if page.evaluate("() => window.jickPage.selected.size") >= need:
                break
            click(watch, fresh.first)
        try:
            page.wait_for_function("() => { const b = document.querySelector('#confirm'); return b && !b.disabled; }")
        except PlaywrightTimeout:
            state = page.evaluate(
                "() => { const p = window.jickPage; const b = document.querySelector('#confirm');"
                " return {need: null, selected: [...p.selected], ply: p.view.ply, queue: p.queue,"
                " hand: p.obs.hand.map((c) => c.card), legal: p.obs.legal_actions.map((a) => a.action),"
                " confirm: b && {disabled: b.disabled, text: b.textContent},"
                " online: !document.body.classList.contains('offline'),"
                " rule: p.game.discardRule(p.obs, p.table.rules)}; }"
            )
            state["need"] = need
            raise AssertionError(f"the discard cannot be confirmed: {state}") from None
        # the page sends the chosen cards one by one (and "done" where the rules let the seat stop)
        sent = page.evaluate(
            "() => { const p = window.jickPage; return p.selected.size"
            " + (p.game.discardRule(p.obs, p.table.rules).free ? 1 : 0); }"
        )
        click(watch, confirm)
        done = f"discard:{need}"
        # every one of them answered, so that the next look at the page sees the phase after the discard
        page.wait_for_function(
            "([ply, sent]) => { const p = window.jickPage;"
            " return !p.queue.length && (p.view.ply >= ply + sent || p.view.status !== 'running'); }",
            arg=[ply, sent],
        )
    else:
        buttons = page.locator(".actions button.act:enabled")  # not a confirm button waiting for a choice
        if buttons.count():
            names = [buttons.nth(i).get_attribute("data-action") for i in range(buttons.count())]
            choice = next((p for p in prefer if p in names), names[0])
            click(watch, page.locator(f'.actions button.act[data-action="{choice}"]:enabled'))
            done = f"button:{choice}"
        else:
            card = page.locator(".hand button.card.legal").first
            text = card.get_attribute("data-card")
            click(watch, card)
            done = f"card:{text}"
    # the page's view moves past this ply (a multi-card discard: past all of it)
    page.wait_for_function(
        "(ply) => { const p = window.jickPage; return p.view.ply > ply && !p.queue.length; }", arg=ply
    )
    return done


#: True once something a waiting test cares about happened after ply ``ply``: a new view, the end of the match,
#: this seat's turn, or (``dialog``) a dialog that opens.
_CHANGED = """([ply, dialog]) => { const p = window.jickPage; if (!p || !p.view || !p.obs) return false;
  return p.view.ply !== ply || p.view.status !== 'running' || (dialog && !!document.querySelector('dialog[open]'))
    || (p.obs.current_player === p.seat && p.obs.legal_actions.length > 0 && !p.queue.length
        && !!p.ws && p.ws.readyState === 1); }"""


def ply_of(watch: Watch) -> int:
    """The ply of the view the page shows now (-1 before the first)."""
    ply: int = watch.page.evaluate("() => window.jickPage && window.jickPage.view ? window.jickPage.view.ply : -1")
    return ply


def wait_for_change(watch: Watch, timeout: float = STEP, since: int | None = None) -> None:
    """Wait on the page's state (never a fixed time): a view past ``since`` (by default the ply shown now), the
    end, this seat's turn or a new dialog. Pass ``since`` when the page was looked at before: a view arriving in
    between then counts."""
    page = watch.page
    ply = ply_of(watch) if since is None else since
    dialog = page.locator("dialog[open]").count() == 0
    try:
        page.wait_for_function(_CHANGED, arg=[ply, dialog], timeout=timeout)
    except PlaywrightTimeout:
        state = page.evaluate(
            "() => { const p = window.jickPage; return p && p.view && {ply: p.view.ply, status: p.view.status,"
            " seat: p.seat, to_act: p.obs.current_player, legal: p.obs.legal_actions.length, queue: p.queue,"
            " socket: p.ws && p.ws.readyState}; }"
        )
        raise AssertionError(f"nothing changed after ply {ply} in {timeout / 1000:.0f} s: {state}") from None


def play_until(watch: Watch, stop: Callable[[], bool], prefer: tuple[str, ...] = (), limit: float = 40) -> list[str]:
    """Take this page's turns until ``stop()``; the bots play the others."""
    done: list[str] = []
    deadline = time.monotonic() + limit
    while True:
        ply = ply_of(watch)  # before looking: a view arriving meanwhile ends the wait below
        if stop():
            break
        if time.monotonic() > deadline:
            raise TimeoutError(f"no end after {limit}s; did {done[-10:]}")
        if my_turn(watch):
            if stop():  # a view that arrived since the look above may be the one to stop at
                break
            done.append(take_turn(watch, prefer))
        else:
            wait_for_change(watch, timeout=max(1.0, deadline - time.monotonic()) * 1000, since=ply)
    return done


def shot(watch: Watch, name: str, full: bool = False) -> Path:
    """A screenshot in ``SHOTS`` (its path)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    watch.page.evaluate("() => document.querySelectorAll('.toast').forEach((t) => t.remove())")
    path = SHOTS / name
    watch.page.screenshot(path=str(path), full_page=full)
    return path


def fill_friends_table(
    page: Any,
    url: str,
    *,
    preset: str | None = None,
    bots: tuple[str, ...] = ("easy", "easy", "easy"),
    name: str | None = None,
    seed: int | None = None,
) -> None:
    """Open the start page's table-with-friends form and fill it: a Smear preset, bots in seats 1.., a name, a seed.

    The caller clicks ``#create`` (after any choice of its own, e.g. a house rule).
    """
    page.goto(url + "/")
    page.locator("#friends-title").click()
    page.wait_for_selector("#create")
    page.select_option("#game", "smear")
    if preset is not None:
        page.select_option("#preset", preset)
    for seat, bot in enumerate(bots, start=1):
        page.select_option(f"#seat-{seat}", bot)
    if name is not None or seed is not None:
        page.locator("details.more summary").click()
    if name is not None:
        page.fill("#your-name", name)
    if seed is not None:
        page.fill("#seed", str(seed))


def take_the_first_seat_and_start(page: Any) -> None:
    """On the created table's invitations, sit in the first seat and start the match."""
    page.wait_for_selector("#play-first")
    page.click("#play-first")
    page.wait_for_selector("#start")
    page.click("#start")
