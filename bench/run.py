"""The benchmark suite: `make bench` (or `python bench/run.py [--quick] [--baseline REV]`).

Prints the figures of the performance targets beside the previous ones, writes them to
bench/RESULTS.md (date, machine, load, versions) and bench/results.json (`previous` and `current`).
Every figure is the median of RUNS runs (1 with --quick), each in a child process, measured as wall
time and as CPU time of the process and its children (on a shared machine, wall time depends on the
load; CPU time much less). The hand-written reportlab floor (floor.py) is measured in the same run.

--baseline REV: also measure the pnp of git revision REV (exported to a temporary folder; or a folder
holding an export) in the same run, as the `previous` figures; without it, `previous` is the last results.json's `current`.
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

sys.path.insert(0, str(ROOT))
from pnp.core.cache import cache_root  # noqa: E402  (the cache folder: stdlib only, no build machinery)

PY = sys.executable
QUICK = "--quick" in sys.argv
RUNS = 1 if QUICK else 3
BIG = 10000      # its figures are of one run (a minute each on 2 cores)
MARKER = "<!-- below: written by bench/run.py -->"
TARGETS = {  # figure: (target, higher is better)
    "cards_per_s_2000": (600, True),
    "cards_per_s_2000_qr_cold": (450, True),
    f"rss_mb_{BIG}": (400, False),
    f"per_card_growth_{BIG}": (1.10, False),
    "all_games_all_langs_s": (2.0, False),
    "edit_latency_s": (0.3, False),
}


def measure(cmd, env=None, cwd=ROOT, pypath=None) -> dict:
    """Wall and CPU seconds (process + children) and peak RSS (MB) of one child process."""
    probe = ("import resource, subprocess, sys, time, json; t = time.perf_counter(); "
             "r = subprocess.run(sys.argv[1:], capture_output=True, text=True); w = time.perf_counter() - t; "
             "u = resource.getrusage(resource.RUSAGE_CHILDREN); "
             "print(json.dumps({'rc': r.returncode, 'wall': w, 'cpu': u.ru_utime + u.ru_stime, "
             "'rss_mb': u.ru_maxrss / 1024, 'err': r.stderr[:3000], 'out': r.stdout[-3000:]}))")
    e = dict(os.environ, SOURCE_DATE_EPOCH="1700000000", **(env or {}))
    if pypath:
        e["PYTHONPATH"] = str(pypath)
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


class Pnp:
    """One pnp to measure: this checkout, or a baseline revision exported to `src`."""

    def __init__(self, src: Path, tmp: Path, name: str):
        self.src, self.tmp, self.name = src, tmp / name, name
        self.tmp.mkdir(parents=True, exist_ok=True)
        self.py, self.pypath = [PY], str(src)
        if Path(src).resolve() != ROOT:   # a baseline: it must not see this checkout's installed metadata
            self.py, self.pypath = [PY, "-S"], os.pathsep.join([str(src), str(shadow_site(self.tmp))])

    def run(self, *args, env=None) -> dict:
        return measure([*self.py, "-m", "pnp", *args], env=env, cwd=self.src, pypath=self.pypath)

    def qr_cold_env(self) -> dict:
        """A cache folder with the converted fonts but no QR matrices."""
        cold = self.tmp / "qrcold"
        shutil.rmtree(cold, ignore_errors=True)
        cold.mkdir()
        (cold / "fonts").symlink_to(cache_root() / "fonts")
        return {"PNP_CACHE": str(cold)}

    def faces_cold_env(self) -> dict:
        """A cache folder with everything of the user's but the faces kept between builds (emptied by
        `cold_faces` before each run): what a build costs when every face changed."""
        cold = self.tmp / "facescold"
        shutil.rmtree(cold, ignore_errors=True)
        cold.mkdir()
        for entry in cache_root().iterdir() if cache_root().is_dir() else ():
            if entry.name != "faces":
                (cold / entry.name).symlink_to(entry)
        return {"PNP_CACHE": str(cold)}

    def figures(self, decks: dict) -> dict:
        f = {}
        self.run("fonts")
        out = self.tmp / "games"
        games_cmd = ("build", "--lang", "all", "--paper", "a4", "--out", out)
        self.run(*games_cmd)   # warms the caches (faces included) of this pnp's source
        games = median_of(lambda: self.run(*games_cmd))
        f["all_games_all_langs_s"], f["all_games_all_langs_cpu_s"] = games["wall"], games["cpu"]
        env = self.faces_cold_env()

        def cold_faces():
            shutil.rmtree(Path(env["PNP_CACHE"]) / "faces", ignore_errors=True)
            return self.run(*games_cmd, env=env)
        games = median_of(cold_faces)
        f["all_games_all_langs_faces_cold_s"], f["all_games_all_langs_faces_cold_cpu_s"] = games["wall"], games["cpu"]
        for n, proj in decks.items():
            if n == "edit":
                continue
            o = self.tmp / f"s{n}"
            self.run("--project", proj, "build", "synth", "--out", o)  # warms the QR cache
            r = median_of(lambda: self.run("--project", proj, "build", "synth", "--out", o), runs=1 if n == BIG else RUNS)
            f[f"cards_per_s_{n}"] = n / r["wall"]
            f[f"cards_per_cpu_s_{n}"] = n / r["cpu"]
            f[f"wall_s_{n}"], f[f"cpu_s_{n}"], f[f"rss_mb_{n}"] = r["wall"], r["cpu"], r["rss_mb"]
            f[f"pdf_mb_{n}"] = pdf_mb(o)
            if n == 2000:
                cold = median_of(lambda: self.run("--project", proj, "build", "synth", "--out", o, env=self.qr_cold_env()))
                f["cards_per_s_2000_qr_cold"], f["cpu_s_2000_qr_cold"] = n / cold["wall"], cold["cpu"]
        if BIG in decks:
            f[f"per_card_growth_{BIG}"] = (f[f"wall_s_{BIG}"] / BIG) / (f["wall_s_2000"] / 2000)
            f[f"per_card_cpu_growth_{BIG}"] = (f[f"cpu_s_{BIG}"] / BIG) / (f["cpu_s_2000"] / 2000)
        f["edit_latency_s"], f["edit_latency_cpu_s"] = edit_latency(self.src, decks["edit"], self.py, self.pypath)
        h = median_of(lambda: self.run("--help"), runs=5)
        f["help_s"], f["help_cpu_s"] = h["wall"], h["cpu"]
        return {k: round(v, 3) for k, v in f.items()}


def edit_latency(src: Path, proj: Path, py=(PY,), pypath=None) -> tuple:
    """Seconds (wall, CPU) from saving a one-card text change to the new PDF being written, in a warm
    session (what `pnp watch` does); the median of 5 edits."""
    pypath = pypath or str(src)
    code = f"""
import sys, time
from pathlib import Path
try:
    from pnp.pipeline.session import Session
except ImportError:   # a baseline from before the house had one folder per stage
    from pnp.session import Session
s = Session(Path({str(proj)!r}), out=Path({str(proj / 'out')!r}))
s.build(["synth"])
deck = Path({str(proj / 'content/synth/cards.yaml')!r})
walls, cpus = [], []
for i in range(5):
    text = deck.read_text("utf-8").replace("卡片 1 Card", f"卡片 1 Card{{i}}", 1) if i == 0 else \\
        deck.read_text("utf-8").replace(f"卡片 1 Card{{i - 1}}", f"卡片 1 Card{{i}}", 1)
    t, c = time.perf_counter(), time.process_time()
    deck.write_text(text, "utf-8")
    s.build(["synth"])
    walls.append(time.perf_counter() - t)
    cpus.append(time.process_time() - c)
print(sorted(walls)[2], sorted(cpus)[2])
deck.write_text(deck.read_text("utf-8").replace("卡片 1 Card4", "卡片 1 Card", 1), "utf-8")
"""
    r = subprocess.run([*py, "-c", code], capture_output=True, text=True, cwd=src,
                       env=dict(os.environ, SOURCE_DATE_EPOCH="1700000000", PYTHONPATH=pypath))
    if r.returncode:
        raise SystemExit(r.stderr)
    wall, cpu = r.stdout.strip().splitlines()[-1].split()
    return float(wall), float(cpu)


def floor(decks: dict) -> dict:
    f = {}
    for n, proj in decks.items():
        if n == "edit":
            continue
        out = proj / "floor.pdf"
        r = median_of(lambda: measure([PY, HERE / "floor.py", n, out, proj / "content" / "synth"], pypath=ROOT),
                      runs=1 if n == BIG else RUNS)
        f[f"floor_s_{n}"], f[f"floor_cpu_s_{n}"], f[f"floor_pdf_mb_{n}"] = r["wall"], r["cpu"], out.stat().st_size / 1e6
    return {k: round(v, 3) for k, v in f.items()}


def versions() -> dict:
    import importlib.metadata as md
    out = {"python": platform.python_version()}
    for pkg in ("pnp", "reportlab", "rl_accel", "qrcode", "jinja2", "pyyaml", "fonttools"):
        try:
            out[pkg] = md.version(pkg)
        except md.PackageNotFoundError:
            out[pkg] = "-"
    return out


def shadow_site(tmp: Path) -> Path:
    """This interpreter's site-packages without pnp's own installation (its dist-info, whose entry points
    name this checkout's plug-ins, and the editable finder): a baseline run with `python -S` and this on
    its path sees the libraries and finds its rules plug-ins in its own pyproject.toml."""
    import sysconfig
    site = Path(sysconfig.get_paths()["purelib"])
    shadow = tmp / "shadow-site"
    if not shadow.exists():
        shadow.mkdir(parents=True)
        for entry in site.iterdir():
            n = entry.name
            if n.startswith(("pnp-", "__editable__", "pnp.")) or n.endswith(".pth"):
                continue
            (shadow / n).symlink_to(entry)
    return shadow


def baseline_src(rev: str, tmp: Path) -> Path:
    """The baseline's source: REV exported from this repository, or REV itself when it is a folder."""
    if Path(rev).is_dir():
        return Path(rev)
    dest = tmp / "baseline-src"
    dest.mkdir()
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev], capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(dest)], input=archive, check=True)
    return dest


def table(prev: dict, cur: dict, floor_f: dict) -> list:
    def fmt(v):
        return "-" if v is None else (f"{v:.0f}" if abs(v) >= 100 else f"{v:.2f}" if abs(v) >= 1 else f"{v:.3f}")

    lines = ["| figure | target | previous | now | met |", "|---|---|---|---|---|"]
    for key in sorted(set(prev) | set(cur), key=lambda k: (k not in TARGETS, list(TARGETS).index(k) if k in TARGETS else 0, k)):
        tgt = TARGETS.get(key)
        now = cur.get(key)
        met = ""
        if tgt and now is not None:
            met = "yes" if (now >= tgt[0] if tgt[1] else now < tgt[0]) else "**no**"
        lines.append(f"| {key} | {('≥ ' if tgt[1] else '< ') + fmt(tgt[0]) if tgt else ''} | {fmt(prev.get(key))} | "
                     f"{fmt(now)} | {met} |")
    lines += ["", "| hand-written reportlab floor (same run) | value |", "|---|---|"]
    lines += [f"| {k} | {fmt(v)} |" for k, v in floor_f.items()]
    if "floor_s_2000" in floor_f and "wall_s_2000" in cur:
        lines.append(f"| pnp / floor, 2000 cards, wall | {cur['wall_s_2000'] / floor_f['floor_s_2000']:.2f} |")
        lines.append(f"| pnp / floor, 2000 cards, CPU | {cur['cpu_s_2000'] / floor_f['floor_cpu_s_2000']:.2f} |")
    return lines


def main():
    tmp = Path(tempfile.mkdtemp(prefix="pnp-bench-"))
    rev = sys.argv[sys.argv.index("--baseline") + 1] if "--baseline" in sys.argv else None
    old = json.loads((HERE / "results.json").read_text("utf-8")) if (HERE / "results.json").exists() else {}
    load_before = os.getloadavg()
    try:
        decks = {n: write_game(tmp / f"synth{n}", n) for n in ([2000] if QUICK else [2000, BIG])}
        decks["edit"] = write_game(tmp / "edit", 500)
        cur = Pnp(ROOT, tmp, "current").figures(decks)
        if rev:
            prev = Pnp(baseline_src(rev, tmp), tmp, "previous").figures(decks)
        else:
            prev = old.get("current", old)
        floor_f = floor(decks)
        from studio import measure as studio_preview   # bench/studio.py: edit → preview in `pnp studio`
        cur["studio_preview_s"] = round(studio_preview(), 3)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    load = [round(x, 2) for x in (*load_before, *os.getloadavg())]
    results = {"date": time.strftime("%Y-%m-%d %H:%M"), "cores": os.cpu_count(), "load_avg_before_after": load,
               "previous_source": (("an exported revision" if Path(rev).is_dir() else f"git {rev}") + ", same run")
               if rev else "the last results.json",
               "previous": prev, "current": cur, "floor": floor_f}
    lines = [f"# Benchmarks — {results['date']}", "",
             f"Machine: {os.cpu_count()} cores, {platform.machine()}, {platform.system()}; "
             + ", ".join(f"{k} {v}" for k, v in versions().items()), "",
             f"Load average (1, 5, 15 min) before the run {load[:3]}, after {load[3:]}. Medians of {RUNS} run(s) ({BIG} cards: 1); "
             f"previous: {results['previous_source']}. Wall figures depend on the load; `*_cpu_s` is the CPU time "
             "of the process and its workers.", ""]
    lines += table(prev, cur, floor_f)
    lines += ["", "```json", json.dumps(results, indent=2), "```", ""]
    text = "\n".join(lines)
    print(text)
    if "--no-write" not in sys.argv:   # RESULTS.md: the notes written by hand stay above the marker
        (HERE / "results.json").write_text(json.dumps(results, indent=2) + "\n", "utf-8")
        md = HERE / "RESULTS.md"
        notes = md.read_text("utf-8").split(MARKER)[0] if md.exists() and MARKER in md.read_text("utf-8") else ""
        md.write_text(notes + MARKER + "\n\n" + text, "utf-8")


if __name__ == "__main__":
    main()
