"""A synthetic poker deck as ordinary pnp content, for benchmarks (and the floor script).

Each card: a title, ~60 characters of Traditional Chinese body text with some English, a value,
one of 8 art images, and a unique QR code; printed 3x3 on A4 with crop marks and long-edge backs.
"""
from __future__ import annotations

import random
from pathlib import Path

from PIL import Image, ImageDraw

WORDS = ["調查", "證據", "嫌疑犯", "目擊者", "時間", "地點", "兇器", "不在場", "證明", "警長", "偵探", "線索",
         "city", "alibi", "clue", "night", "train", "の"]
WORDS = [w for w in WORDS if w != "の"]
QR = "https://pnp-games.net/bench/feedback?card={{ card.id }}"   # any real-looking host: example.org is refused


def body(rng: random.Random) -> str:
    out = ""
    while len(out) < 60:
        out += rng.choice(WORDS) + ("，" if rng.random() < 0.15 else "")
    return out[:60] + "。"


def make_art(folder: Path) -> list[str]:
    folder.mkdir(parents=True, exist_ok=True)
    names = []
    for i in range(8):
        img = Image.new("RGB", (400, 300), (40 + 25 * i, 90, 160 - 15 * i))
        d = ImageDraw.Draw(img)
        for k in range(12):
            d.ellipse((20 + k * 25, 40 + (k * 37 + i * 11) % 180, 80 + k * 25, 100 + (k * 37 + i * 11) % 180),
                      fill=(240, 220 - 10 * k, 120 + 8 * i))
        name = f"art/art{i}.png"
        img.save(folder.parent / name, optimize=False)
        names.append(name)
    return names


def cards(n: int, seed: int = 7):
    rng = random.Random(seed)
    for i in range(n):
        yield {"id": f"c{i:05d}", "title": f"卡片 {i + 1} Card", "body": body(rng), "value": rng.randint(1, 9),
               "art": f"art/art{i % 8}.png"}


def write_game(project: Path, n: int, name: str = "synth") -> Path:
    """A throwaway project (content + layouts) holding one synthetic game of n cards."""
    game = project / "content" / name
    lay = project / "layouts" / name
    lay.mkdir(parents=True, exist_ok=True)
    make_art(game / "art")
    (game / "game.yaml").write_text(f"""id: {name}
title: Synthetic deck
languages: [zh-TW]
qr: "{QR}"
components:
  cards:
    title: Cards
    cards: cards.yaml
    front: {name}/front
    back: {name}/back
    fields: {{title: text, body: text, value: int, art: str}}
""", "utf-8")
    lines = ["cards:"]
    for c in cards(n):
        lines.append(f"  - {{id: {c['id']}, title: \"{c['title']}\", body: \"{c['body']}\", value: {c['value']}, "
                     f"art: {c['art']}}}")
    (game / "cards.yaml").write_text("\n".join(lines) + "\n", "utf-8")
    (lay / "front.yaml").write_text("""size: poker
bleed: 3mm
elements:
  background: {type: rect, x: -3, y: -3, w: 69, h: 94, fill: "#fbf6ea"}
  art: {type: image, src: "{{ card.art }}", x: 4, y: 12, w: 55, h: 36, fit: cover}
  title: {type: text, x: 4, y: 3, w: 44, h: 8, text: "{{ card.title }}", size: 12, min_size: 8, valign: middle}
  value: {type: text, x: 50, y: 3, w: 9, h: 8, text: "{{ card.value }}", size: 16, align: right, valign: middle}
  body: {type: text, x: 4, y: 51, w: 55, h: 22, text: "{{ card.body }}", size: 9, min_size: 6}
  qr: {type: qr, x: 48, y: 74, w: 11, h: 11}
""", "utf-8")
    (lay / "back.yaml").write_text("""size: poker
bleed: 3mm
elements:
  background: {type: rect, x: -3, y: -3, w: 69, h: 94, fill: "#2b2b34"}
  frame: {type: rect, x: 4, y: 4, w: 55, h: 80, radius: 3, stroke: "#c9a227", stroke_width: 1.2}
  title: {type: text, x: 4, y: 40, w: 55, h: 10, text: "BENCH", size: 16, align: center, color: "#c9a227"}
""", "utf-8")
    return project
