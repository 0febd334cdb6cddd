"""The phones' pages in a real browser (issue 17 §5): Debian's Chromium driven by selenium through
the system's chromedriver (nothing downloads a browser), at a phone's size (390×844) and a
desktop's, in light and dark mode. A player joins with a seat link, taps gather and build, and a
second browser (another phone) shows the move within a second; a watch link has no buttons and
its POSTs are refused; a stale tap is refused with the new position shown; Chinese is drawn with
a CJK font. Each view is saved under test-output/phones/ (not committed) for a person to look at.

Without Chromium, chromedriver or selenium these tests skip with one line; under CI (CI=true) a
missing browser fails them instead, so that CI never passes without running them.
"""

from __future__ import annotations

import json
import os
import shutil
import time

import pytest

from tests.conftest import ROOT
from tests.table.test_phone_acting import _links
from tests.table.test_phone_view import serving
from tests.table.test_table_cli import ROUND

SHOTS = ROOT / "test-output" / "phones"
SIZES = {"phone": (390, 844), "desktop": (1280, 900)}


def _browser_or_skip():
    """The Chromium binary and chromedriver, or a skip (a failure under CI) saying what is missing."""
    reason = None
    try:
        import selenium  # noqa: F401
    except ImportError:
        reason = "selenium is not installed (pip install -e '.[test]')"
    chromium = next((path for path in (shutil.which("chromium"), "/usr/bin/chromium", shutil.which("chromium-browser"))
                     if path and os.path.exists(path)), None)
    driver = next((path for path in (shutil.which("chromedriver"), "/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver")
                   if path and os.path.exists(path)), None)
    if reason is None and chromium is None:
        reason = "no Chromium (apt-get install chromium chromium-driver fonts-noto-cjk)"
    if reason is None and driver is None:
        reason = "no chromedriver (apt-get install chromium-driver)"
    if reason:
        if os.environ.get("CI") == "true":
            pytest.fail(f"browser tests cannot run under CI: {reason}")
        pytest.skip(f"browser tests need a browser: {reason}")
    return chromium, driver


def _start(chromium: str, driver: str):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--hide-scrollbars", "--force-device-scale-factor=1"):
        options.add_argument(argument)
    return webdriver.Chrome(options=options, service=Service(driver))


@pytest.fixture(scope="module")
def browsers():
    """Two browsers: two phones at the same table."""
    chromium, driver = _browser_or_skip()
    SHOTS.mkdir(parents=True, exist_ok=True)
    first = _start(chromium, driver)
    try:
        second = _start(chromium, driver)
    except BaseException:
        first.quit()
        raise
    try:
        yield first, second
    finally:
        first.quit()
        second.quit()


def _look(browser, size: str, scheme: str) -> None:
    width, height = SIZES[size]
    browser.set_window_size(width, height)
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",          # the page's own size, whatever the window's
                            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": size == "phone"})
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia",
                            {"media": "", "features": [{"name": "prefers-color-scheme", "value": scheme}]})


def _shot(browser, name: str, size: str) -> None:
    """The whole page, as tall as it is (a phone scrolls), at the view's width."""
    import base64

    content = browser.execute_cdp_cmd("Page.getLayoutMetrics", {})["cssContentSize"]
    clip = {"x": 0, "y": 0, "width": SIZES[size][0], "height": min(content["height"], 4000), "scale": 1}
    shot = browser.execute_cdp_cmd("Page.captureScreenshot", {"captureBeyondViewport": True, "clip": clip})
    (SHOTS / f"{name}.png").write_bytes(base64.b64decode(shot["data"]))


def _wait(browser, check, seconds: float, why: str):
    deadline = time.monotonic() + seconds
    while True:
        found = check(browser)
        if found:
            return found
        assert time.monotonic() < deadline, why
        time.sleep(0.02)


def _version(browser) -> int:
    return int(browser.execute_script('return document.querySelector("[data-version]").getAttribute("data-version")'))


def _magicians_turn(table) -> None:
    """Ann (the Magician) is called: her turn, before she gathers."""
    assert table("new", "friday", "--players", "Ann,Bob,Cid,Dan", "--crown", "Cid").returncode == 0
    for moves in ROUND[:4]:
        assert table("do", *moves).returncode == 0


def _said(browser) -> str:
    return browser.execute_script('var s = document.getElementById("said"); return s.className + "|" + s.textContent')


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_a_seat_taps_gather_and_build_and_another_phone_sees_it_within_a_second(browsers, table, tables, size, scheme):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    ann, bob = browsers
    _magicians_turn(table)
    links = _links(tables)
    lang = "zh-Hant" if scheme == "dark" else "en"          # both languages seen in both sizes
    with serving(tables) as base:
        for browser in (ann, bob):
            _look(browser, size, scheme)
        ann.get(f"{base}/k/{links[0]}/?lang={lang}")
        bob.get(f"{base}/k/{links[1]}/?lang={lang}")
        _wait(ann, lambda b: b.find_elements(By.CSS_SELECTOR, "#status:not(.off)"), 5, "Ann's page never went live")
        _shot(ann, f"seat-{size}-{scheme}-{lang}", size)
        _shot(bob, f"other-seat-{size}-{scheme}-{lang}", size)
        assert not bob.find_elements(By.CSS_SELECTOR, 'button[data-move^="Magician"]')     # not Bob's to tap

        version = _version(bob)
        ann.find_element(By.CSS_SELECTOR, '.gather button[data-move="Magician: gold"]').click()
        tapped = time.monotonic()
        _wait(bob, lambda b: _version(b) == version + 1, 1.0, "the other phone did not show the gather within 1 s")
        seen = time.monotonic() - tapped
        _wait(ann, lambda b: "ok|" in _said(b), 5, "the tap was not said back")
        assert ("gold" if lang == "en" else "金幣") in _said(ann)

        _wait(ann, lambda b: _version(b) == version + 1, 5, "Ann's view did not move on")
        Select(ann.find_element(By.CSS_SELECTOR, ".build select")).select_by_value("Magician: build Temple")
        ann.find_element(By.CSS_SELECTOR, ".build button[type=submit]").click()
        tapped = time.monotonic()
        _wait(bob, lambda b: _version(b) == version + 2, 1.0, "the other phone did not show the build within 1 s")
        assert time.monotonic() - tapped < 1.0 and seen < 1.0
        temple = "Temple" if lang == "en" else "神殿"
        _wait(ann, lambda b: "ok|" in _said(b) and temple in _said(b), 5, "the build was not said back")
        assert temple in bob.find_element(By.CSS_SELECTOR, ".player.acting .city").text
        _shot(ann, f"seat-after-build-{size}-{scheme}-{lang}", size)
        _shot(bob, f"other-seat-after-build-{size}-{scheme}-{lang}", size)
    logged = table("log", "--json").stdout
    assert '"move": "Magician: build Temple"' in logged and '"source": "seat:0"' in logged


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_a_watch_link_has_no_buttons_and_its_posts_are_refused(browsers, table, tables, size):
    from selenium.webdriver.common.by import By

    watcher = browsers[0]
    _magicians_turn(table)
    before = table("log", "--json").stdout
    with serving(tables) as base:
        _look(watcher, size, "light")
        watcher.get(f"{base}/?lang=zh-Hans")
        _wait(watcher, lambda b: b.find_elements(By.CSS_SELECTOR, "#status:not(.off)"), 5, "the page never went live")
        assert watcher.find_elements(By.CSS_SELECTOR, "button, select, form") == []
        statuses = watcher.execute_async_script("""
            var done = arguments[arguments.length - 1];
            var body = JSON.stringify({move: "Magician: gold", version: 7});
            var send = function (url) {
              return fetch(url, {method: "POST", headers: {"Content-Type": "application/json"}, body: body})
                .then(function (r) { return r.status; });
            };
            Promise.all([send("act"), send("k/guessed-key/act"), send("/k/" + "x".repeat(22) + "/act")]).then(done);
        """)
        _shot(watcher, f"watch-{size}-light-zh-Hans", size)
    assert statuses == [403, 403, 403]
    assert table("log", "--json").stdout == before


def test_a_stale_tap_is_refused_with_the_new_position_shown(browsers, table, tables):
    from selenium.webdriver.common.by import By

    ann = browsers[0]
    _magicians_turn(table)
    links = _links(tables)
    with serving(tables) as base:
        _look(ann, "phone", "light")
        ann.get(f"{base}/k/{links[0]}/?lang=en")
        _wait(ann, lambda b: b.find_elements(By.CSS_SELECTOR, "#status:not(.off)"), 5, "the page never went live")
        now = _version(ann)
        # The view as a phone that has not heard of the last move yet shows it (the stream asleep).
        ann.execute_script('document.querySelector("[data-version]").setAttribute("data-version", arguments[0])', now - 1)
        ann.find_element(By.CSS_SELECTOR, '.gather button[data-move="Magician: gold"]').click()
        _wait(ann, lambda b: "no|" in _said(b), 5, "the stale tap was not refused")
        assert "The table moved on meanwhile" in _said(ann)
        _wait(ann, lambda b: _version(b) == now, 5, "the new position was not shown")
        _shot(ann, "stale-phone-light-en", "phone")
    assert len(table("log", "--json").stdout.split('"seq"')) - 1 == now        # nothing recorded


def test_chinese_is_drawn_with_a_cjk_font(browsers, table, tables):
    """Each character drawn differently, and not as the box a missing glyph gets: two different
    Chinese characters drawn on a canvas in the page's own font differ, and both differ from a
    character no font has (drawn as the missing-glyph box)."""
    ann = browsers[0]
    _magicians_turn(table)
    with serving(tables) as base:
        _look(ann, "phone", "light")
        ann.get(f"{base}/?lang=zh-Hant")
        drawn = ann.execute_script("""
            var font = getComputedStyle(document.body).fontFamily;
            function draw(ch) {
              var c = document.createElement("canvas"); c.width = 64; c.height = 64;
              var g = c.getContext("2d"); g.font = "48px " + font; g.fillText(ch, 4, 52);
              return c.toDataURL();
            }
            return [draw("刺"), draw("客"), draw("\\u{10FFFD}"), document.fonts.check("48px 'Noto Sans CJK TC'", "刺客")];
        """)
        assert "牌桌" in ann.find_element("tag name", "h1").text
    first, second, missing, noto = drawn
    assert first != second and missing not in (first, second) and noto


def test_with_private_picks_another_seats_pick_is_not_in_the_dom(browsers, table, tables):
    from selenium.webdriver.common.by import By

    ann, bob = browsers
    assert table("new", "pp", "--players", "Ann,Bob,Cid,Dan", "--crown", "Ann", "--private-picks").returncode == 0
    assert table("do", "Ann: faceup Merchant, Architect").returncode == 0
    links = _links(tables, "pp")
    with serving(tables) as base:
        for browser in (ann, bob):
            _look(browser, "phone", "light")
        ann.get(f"{base}/k/{links[0]}/?lang=zh-Hant")
        bob.get(f"{base}/k/{links[1]}/?lang=zh-Hant")
        _wait(ann, lambda b: b.find_elements(By.CSS_SELECTOR, "#status:not(.off)"), 5, "Ann's page never went live")
        _shot(ann, "private-pick-phone-light-zh-Hant", "phone")
        ann.find_element(By.CSS_SELECTOR, "button[data-move='Ann: pick King']").click()
        _wait(bob, lambda b: _version(b) == 2, 1.0, "Bob's phone did not move on within 1 s")
        _wait(ann, lambda b: "國王" in b.find_element(By.CSS_SELECTOR, ".player").text, 5, "Ann does not see her pick")
        mine = bob.page_source
        _shot(ann, "private-picked-phone-light-zh-Hant", "phone")
        _shot(bob, "private-other-seat-phone-light-zh-Hant", "phone")
    first = mine[mine.index('<span class="name">Ann</span>'):]
    assert "國王 4" not in mine and "pick King" not in mine and '<span class="characters">' not in first.split("</li>")[0]


def test_the_turn_timer_counts_down_on_the_page(browsers, table, tables):
    from selenium.webdriver.common.by import By

    from referee.table.store import Store

    ann = browsers[0]
    _magicians_turn(table)
    store = Store(tables)
    store.set_timer("friday", "45,3,30")             # 3 s to gather
    store.conn.close()
    assert table("do", "Ann: swap Bob").returncode == 0          # the clock starts at this move
    with serving(tables) as base:
        _look(ann, "phone", "dark")
        ann.get(f"{base}/?lang=en")
        _wait(ann, lambda b: "s left" in b.find_element(By.CSS_SELECTOR, ".timer").text, 3, "no countdown")
        _shot(ann, "timer-phone-dark-en", "phone")
        _wait(ann, lambda b: b.find_elements(By.CSS_SELECTOR, ".timer.out"), 6, "the time never ran out")
        assert ann.find_element(By.CSS_SELECTOR, ".timer").text == "Time is up for Ann"
        _shot(ann, "timer-out-phone-dark-en", "phone")
    assert len(json.loads(table("log", "--json").stdout)) == sum(map(len, ROUND[:4])) + 1   # it never acts


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_big_hands_redraw_is_ticked_card_by_card_and_sent_as_one_move(browsers, table, tables, tmp_path, scheme):
    """The Magician's redraw of 20 known cards (2**n parts) is one form, a box per card: the
    cards ticked are sent as one move (the page's script), recorded and said back."""
    from selenium.webdriver.common.by import By

    from tests.engine.test_listing import TWENTY

    ann = browsers[0]
    start = tmp_path / "big.toml"
    start.write_text(TWENTY, encoding="utf-8")
    assert table("new", "big", "--from", str(start)).returncode == 0
    links = _links(tables, "big", 2)
    lang = "zh-Hant" if scheme == "dark" else "en"
    with serving(tables) as base:
        _look(ann, "phone", scheme)
        ann.get(f"{base}/k/{links[0]}/?lang={lang}")
        _wait(ann, lambda b: b.find_elements(By.CSS_SELECTOR, "#status:not(.off)"), 5, "Ann's page never went live")
        boxes = ann.find_elements(By.CSS_SELECTOR, "form.whole input[type=checkbox]")
        assert len(boxes) == 20 and len(ann.find_elements(By.CSS_SELECTOR, "form.whole")) == 1
        for box in boxes:
            if box.get_attribute("value") in ("Trading Post", "Watchtower"):
                box.click()
        _shot(ann, f"seat-redraw-phone-{scheme}-{lang}", "phone")
        ann.find_element(By.CSS_SELECTOR, "form.whole button[type=submit]").click()
        _wait(ann, lambda b: "ok|" in _said(b), 5, "the redraw was not said back")
        assert ("Trading Post" if lang == "en" else "貿易站") in _said(ann)
    logged = json.loads(table("log", "--json").stdout)
    assert logged[-1]["move"] == "Magician: redraw Trading Post, Watchtower" and logged[-1]["source"] == "seat:0"
