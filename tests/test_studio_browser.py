"""`pnp studio` in a real browser: headless Chromium driven by Selenium.

Needs Debian's `chromium` and `chromium-driver` (`apt-get install -y chromium chromium-driver`; `.ci/run`
installs them when missing). Run alone with `python -m pytest -q tests/test_studio_browser.py`.
"""
from __future__ import annotations

import shutil
import socket
import threading
import time

import pytest

pytest.importorskip("starlette", reason="the studio's web packages are the optional extra `studio`")
uvicorn = pytest.importorskip("uvicorn", reason="the studio's web packages are the optional extra `studio`")
pytest.importorskip("selenium", reason="the browser test needs selenium (the `test` extra)")

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
pytestmark = pytest.mark.skipif(not (CHROMIUM and DRIVER), reason="headless Chromium is not installed: "
                                "apt-get install -y chromium chromium-driver (CI's .ci/run does this)")

from selenium import webdriver  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402

from pnp.studio.app import create_app  # noqa: E402
from pnp.studio.engine import Studio  # noqa: E402
from studio_game import CARDS, make  # noqa: E402

TOKEN = "browser-test-token"
LONG = "A name far too long for its little box on the card, " * 6


@pytest.fixture
def server(tmp_path):
    root = make(tmp_path)
    app = create_app(Studio(root, out=tmp_path / "out"), token=TOKEN, poll=0.2)
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    srv = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="off"))
    thread = threading.Thread(target=srv.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    while not srv.started:
        time.sleep(0.02)
    yield f"http://127.0.0.1:{sock.getsockname()[1]}", root
    srv.should_exit = True
    thread.join(5)


@pytest.fixture
def browser():
    opts = webdriver.ChromeOptions()
    opts.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1200,900"):
        opts.add_argument(arg)
    drv = webdriver.Chrome(service=webdriver.ChromeService(executable_path=DRIVER), options=opts)
    yield drv
    drv.quit()


def test_edit_a_card_see_preview_and_verdict_then_save(server, browser):
    url, root = server
    cards = root / "content" / "mini" / "cards.yaml"
    wait = WebDriverWait(browser, 10)
    browser.get(f"{url}/game/mini?token={TOKEN}")
    shown = lambda: [e.get_attribute("data-card") for e in browser.find_elements(By.CSS_SELECTOR, "figure.card")  # noqa: E731
                     if e.is_displayed()]
    assert shown() == ["red-one", "blue-two"]
    Select(browser.find_element(By.ID, "f-find")).select_by_value("any")      # no card has findings yet
    wait.until(lambda d: shown() == [])
    Select(browser.find_element(By.ID, "f-find")).select_by_value("")
    browser.find_element(By.ID, "f-text").send_keys("blue")
    wait.until(lambda d: shown() == ["blue-two"])
    browser.find_element(By.LINK_TEXT, "blue-two").click()

    front = lambda: browser.find_element(By.ID, "front").get_attribute("src")  # noqa: E731
    caused = lambda: browser.find_element(By.ID, "caused").text  # noqa: E731
    wait.until(lambda d: "/img/" in (front() or ""))
    first = front()
    name = browser.find_element(By.CSS_SELECTOR, 'textarea[data-field="name"][data-lang="en"]')
    name.clear()
    name.send_keys(LONG)
    wait.until(lambda d: "overflows" in caused())          # the rules verdict: the text no longer fits
    long_img = front()
    assert long_img != first
    name.clear()
    name.send_keys("Blue 2")
    wait.until(lambda d: "overflows" not in caused() and front() not in (first, long_img))
    assert "overflows" not in browser.find_element(By.ID, "findings").text
    browser.find_element(By.ID, "save").click()
    wait.until(lambda d: d.find_element(By.ID, "message").text == "saved")
    assert cards.read_text("utf-8") == CARDS.replace('"Blue two"', '"Blue 2"')

    cards.write_text(cards.read_text("utf-8").replace("'藍二'", "'藍色二'"), "utf-8")   # an outside editor
    zh = browser.find_element(By.CSS_SELECTOR, 'textarea[data-field="name"][data-lang="zh-TW"]')
    wait.until(lambda d: zh.get_attribute("value") == "藍色二")
