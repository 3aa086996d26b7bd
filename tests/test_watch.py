"""`pnp watch` in a subprocess against a throwaway copy of a game: a saved change shows up in the PDF,
broken content is reported while the last good PDF stays, and the next good save rebuilds."""
import os
import queue
import signal
import subprocess
import sys
import threading
import time

from conftest import ROOT, copy_project
from pdfutil import page_text

GAME = "criminal-poker"
WAIT = 60  # seconds: an upper bound on a slow machine, not a timing assertion


class Watcher:
    def __init__(self, root, out):
        env = dict(os.environ, PYTHONUNBUFFERED="1", PYTHONPATH=str(ROOT))
        self.p = subprocess.Popen([sys.executable, "-m", "pnp", "--project", str(root), "watch", GAME, "--lang", "en",
                                   "--out", str(out), "--interval", "0.1"], stdout=subprocess.PIPE,
                                  stderr=subprocess.STDOUT, text=True, env=env, cwd=root)
        self.lines = queue.Queue()
        self.seen = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.p.stdout:
            self.lines.put(line.rstrip("\n"))

    def wait_for(self, text):
        end = time.monotonic() + WAIT
        while time.monotonic() < end:
            try:
                line = self.lines.get(timeout=0.5)
            except queue.Empty:
                assert self.p.poll() is None, f"watch exited: {self.seen}"
                continue
            self.seen.append(line)
            if text in line:
                return line
        raise AssertionError(f"no `{text}` within {WAIT} s; output so far: {self.seen}")

    def stop(self):
        if self.p.poll() is None:
            self.p.send_signal(signal.SIGINT)
            try:
                self.p.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.p.kill()
                self.p.wait()


def _text(pdf):
    return " ".join(page_text(pdf)).replace("\n", " ")


def test_watch_rebuilds_and_keeps_the_last_good_pdf(tmp_path):
    root = copy_project(tmp_path)
    out = tmp_path / "out"
    pdf = out / GAME / f"{GAME}.en.a4.pdf"
    deck = root / "content" / GAME / "evidence.yaml"
    good = deck.read_text("utf-8")
    assert "Corner-shop camera" in good
    w = Watcher(root, out)
    try:
        w.wait_for(f"{GAME}: ok in")
        assert "Corner-shop camera" in _text(pdf)

        # a saved edit appears in the PDF
        deck.write_text(good.replace("Corner-shop camera", "Petrol-station camera"), "utf-8")
        w.wait_for("changed: content/criminal-poker/evidence.yaml")
        w.wait_for(f"{GAME}: ok in")
        assert "Petrol-station camera" in _text(pdf)

        # broken content: reported with file:line, nothing overwritten, still watching
        deck.write_text(good.replace("Corner-shop camera", "Petrol-station camera") + "  - id: [broken\n", "utf-8")
        line = w.wait_for("evidence.yaml:")
        assert "YAML" in line or "syntax" in line
        w.wait_for("last good PDF is kept")
        assert "Petrol-station camera" in _text(pdf)
        assert w.p.poll() is None

        # the next good save retries
        deck.write_text(good.replace("Corner-shop camera", "Harbour camera"), "utf-8")
        w.wait_for(f"{GAME}: ok in")
        assert "Harbour camera" in _text(pdf)
        assert not any("Traceback" in ln for ln in w.seen)
    finally:
        w.stop()
