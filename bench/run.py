"""The benchmark suite: `make bench` (or `python bench/run.py [--quick]`).

Prints one table, writes it to bench/RESULTS.md (date, machine, versions) and the figures to
bench/results.json. Every figure is the median of RUNS runs (1 with --quick), measured in child
processes so peak RSS is per run.
"""
from __future__ import annotations

import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
from synth import write_game  # noqa: E402

PY = sys.executable
RUNS = 1 if "--quick" in sys.argv else 3
SIZES = [500, 2000, 10000] if "--quick" not in sys.argv else [500, 2000]


def measure(cmd, env=None, cwd=ROOT) -> dict:
    """Wall and CPU seconds and peak RSS (MB) of one child process."""
    probe = ("import resource, subprocess, sys, time, json; t = time.perf_counter(); "
             "r = subprocess.run(sys.argv[1:], capture_output=True, text=True); w = time.perf_counter() - t; "
             "u = resource.getrusage(resource.RUSAGE_CHILDREN); "
             "print(json.dumps({'rc': r.returncode, 'wall': w, 'cpu': u.ru_utime + u.ru_stime, "
             "'rss_mb': u.ru_maxrss / 1024, 'err': r.stderr[:3000]}))")
    e = dict(os.environ, SOURCE_DATE_EPOCH="1700000000", **(env or {}))
    out = subprocess.run([PY, "-c", probe, *map(str, cmd)], capture_output=True, text=True, env=e, cwd=cwd)
    res = json.loads(out.stdout.strip().splitlines()[-1])
    if res["rc"] != 0:
        raise SystemExit(f"benchmark command failed: {' '.join(map(str, cmd))}\n{res['err']}")
    return res


def median_of(fn, runs=RUNS) -> dict:
    rows = [fn() for _ in range(runs)]
    return {k: statistics.median(r[k] for r in rows) for k in ("wall", "cpu", "rss_mb")}


def pdf_mb(folder: Path) -> float:
    return sum(p.stat().st_size for p in folder.rglob("*.pdf")) / 1e6


def faces_in(folder: Path) -> int:
    n = 0
    for m in folder.rglob("manifest.json"):
        for pdf in json.loads(m.read_text("utf-8"))["pdfs"]:
            n += sum(c["faces"] for c in pdf["components"])
    return n


def full_build(tmp: Path) -> dict:
    out = tmp / "full"
    pnp = [PY, "-m", "pnp", "build", "--lang", "zh-TW", "--paper", "a4", "--out", out]
    measure([PY, "-m", "pnp", "fonts"])
    warm = median_of(lambda: measure(pnp))
    cold_cache = tmp / "coldcache"

    def cold():
        shutil.rmtree(cold_cache, ignore_errors=True)
        return measure(pnp, env={"PNP_CACHE": str(cold_cache)})
    cold_r = median_of(cold, runs=1)
    faces = faces_in(out)
    return {"warm": warm, "cold": cold_r, "faces": faces, "pdf_mb": pdf_mb(out)}


def synthetic(tmp: Path, n: int) -> dict:
    proj = tmp / f"synth{n}"
    write_game(proj, n)
    out = proj / "out"
    pnp = median_of(lambda: measure([PY, "-m", "pnp", "--project", proj, "build", "synth", "--out", out]))
    floor_pdf = proj / "floor.pdf"
    floor = median_of(lambda: measure([PY, HERE / "floor.py", n, floor_pdf, proj / "content" / "synth"]))
    return {"n": n, "pnp": pnp, "floor": floor, "pdf_mb": pdf_mb(out), "floor_pdf_mb": floor_pdf.stat().st_size / 1e6}


def edit_latency(tmp: Path) -> float:
    """Seconds from saving a one-card text change to the new PDF being written, in a warm session
    (what `pnp watch` does)."""
    proj = tmp / "edit"
    write_game(proj, 500)
    code = f"""
import sys, time
from pathlib import Path
from pnp.session import Session
s = Session(Path({str(proj)!r}), out=Path({str(proj / 'out')!r}))
s.build(["synth"])
deck = Path({str(proj / 'content/synth/cards.yaml')!r})
times = []
for i in range(5):
    text = deck.read_text("utf-8").replace("卡片 1 Card", f"卡片 1 Card{{i}}", 1) if i == 0 else \\
        deck.read_text("utf-8").replace(f"卡片 1 Card{{i - 1}}", f"卡片 1 Card{{i}}", 1)
    t = time.perf_counter()
    deck.write_text(text, "utf-8")
    s.build(["synth"])
    times.append(time.perf_counter() - t)
print(sorted(times)[len(times) // 2])
"""
    r = subprocess.run([PY, "-c", code], capture_output=True, text=True, cwd=ROOT,
                       env=dict(os.environ, SOURCE_DATE_EPOCH="1700000000"))
    if r.returncode:
        raise SystemExit(r.stderr)
    return float(r.stdout.strip().splitlines()[-1])


def versions() -> dict:
    import importlib.metadata as md
    out = {"python": platform.python_version()}
    for pkg in ("pnp", "reportlab", "rl_accel", "qrcode", "jinja2", "pyyaml", "fonttools"):
        try:
            out[pkg] = md.version(pkg)
        except md.PackageNotFoundError:
            out[pkg] = "-"
    return out


def main():
    tmp = Path(tempfile.mkdtemp(prefix="pnp-bench-"))
    try:
        full = full_build(tmp)
        synth = {n: synthetic(tmp, n) for n in SIZES}
        latency = edit_latency(tmp)
        from studio import measure as studio_preview   # bench/studio.py
        preview_s = studio_preview()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    big = max(SIZES)
    per_card = {n: s["pnp"]["wall"] / n for n, s in synth.items()}
    results = {
        "all_games_warm_s": round(full["warm"]["wall"], 2),
        "all_games_cold_s": round(full["cold"]["wall"], 2),
        "cards_per_s_500": round(500 / synth[500]["pnp"]["wall"], 1),
        "floor_ratio_500": round(synth[500]["pnp"]["wall"] / synth[500]["floor"]["wall"], 2),
        f"floor_ratio_{big}": round(synth[big]["pnp"]["wall"] / synth[big]["floor"]["wall"], 2),
        f"per_card_growth_{big}": round(per_card[big] / per_card[500], 2),
        f"rss_mb_{big}": round(synth[big]["pnp"]["rss_mb"], 1),
        "pdf_mb_500": round(synth[500]["pdf_mb"], 2),
        "edit_latency_s": round(latency, 3),
        "studio_preview_s": round(preview_s, 3),
    }
    rows = [("full build, all games, warm", full["warm"], full["pdf_mb"], full["faces"]),
            ("full build, all games, cold fonts", full["cold"], full["pdf_mb"], full["faces"])]
    lines = [f"# Benchmarks — {time.strftime('%Y-%m-%d')}", "",
             f"Machine: {os.cpu_count()} cores, {platform.machine()}, {platform.system()}; "
             + ", ".join(f"{k} {v}" for k, v in versions().items()), "",
             f"Medians of {RUNS} run(s).", "",
             "| run | wall s | CPU s | peak RSS MB | PDF MB | faces | faces/s |", "|---|---|---|---|---|---|---|"]
    for name, r, mb, faces in rows:
        lines.append(f"| {name} | {r['wall']:.2f} | {r['cpu']:.2f} | {r['rss_mb']:.0f} | {mb:.1f} | {faces} | "
                     f"{faces / r['wall']:.0f} |")
    lines += ["", "| synthetic deck | pnp wall s | cards/s | pnp RSS MB | PDF MB | floor wall s | floor RSS MB | pnp/floor |",
              "|---|---|---|---|---|---|---|---|"]
    for n, s in synth.items():
        lines.append(f"| {n} cards | {s['pnp']['wall']:.2f} | {n / s['pnp']['wall']:.0f} | {s['pnp']['rss_mb']:.0f} | "
                     f"{s['pdf_mb']:.2f} | {s['floor']['wall']:.2f} | {s['floor']['rss_mb']:.0f} | "
                     f"{s['pnp']['wall'] / s['floor']['wall']:.2f} |")
    lines += ["", f"Edit latency (one card's text in the 500-card deck, warm session): {latency:.3f} s",
              f"Edit → updated preview in `pnp studio` (one card's text, 100-card deck, warm): {preview_s:.3f} s", "",
              "```json", json.dumps(results, indent=2), "```", ""]
    text = "\n".join(lines)
    print(text)
    (HERE / "RESULTS.md").write_text(text, "utf-8")
    (HERE / "results.json").write_text(json.dumps(results, indent=2) + "\n", "utf-8")


if __name__ == "__main__":
    main()
