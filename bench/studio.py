"""`pnp studio`: seconds from an edit of one card's text to its updated preview image, on the
synthetic 100-card deck (bench/synth.py), in a warm studio (the game page already shown).

What is timed is what the card page does after a keystroke pause: load the game with the unsaved
edit, run the rules, resolve the one card, judge it, draw its front through the PDF renderer and
rasterise it (`Studio.preview` + `Studio.png`). Median of 9 edits. Records `studio_preview_s` in
bench/results.json and a line in bench/RESULTS.md.
"""
from __future__ import annotations

import json
import re
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

N = 100
LINE = "Edit → updated preview in `pnp studio` (one card's text, 100-card deck, warm): "


def measure(n: int = N, edits: int = 9) -> float:
    from synth import write_game
    from pnp.studio.engine import Studio
    tmp = Path(tempfile.mkdtemp(prefix="pnp-bench-studio-"))
    try:
        write_game(tmp, n)
        studio = Studio(tmp, out=tmp / "out")
        studio.game_view("synth")
        times = []
        for i in range(edits):
            t = time.perf_counter()
            r = studio.preview("synth", "cards", "c00001", [{"field": "body", "lang": None, "value": f"新的文字 {i} 調查線索。"}])
            studio.png(r["front"])
            times.append(time.perf_counter() - t)
        return statistics.median(times)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main():
    s = measure()
    print(f"{LINE}{s:.3f} s")
    res = HERE / "results.json"
    data = json.loads(res.read_text("utf-8")) if res.exists() else {}
    (data["current"] if isinstance(data.get("current"), dict) else data)["studio_preview_s"] = round(s, 3)
    res.write_text(json.dumps(data, indent=2) + "\n", "utf-8")
    md = HERE / "RESULTS.md"
    text = md.read_text("utf-8") if md.exists() else ""
    text = re.sub(re.escape(LINE) + r".*\n", "", text)
    marker = "\n```json"
    line = f"{LINE}{s:.3f} s\n"
    text = text.replace(marker, f"{line}{marker}", 1) if marker in text else text + line
    md.write_text(text, "utf-8")


if __name__ == "__main__":
    main()
