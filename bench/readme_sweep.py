"""Run every command the README shows and report its time and whether it printed a traceback.

Commands are the lines of the README's code blocks that start with `.venv/bin/tefuda` or
`.venv/bin/python`. They run from the repository root in order; a command that would wait for a person
(`play` with a human seat) gets `quit` on its input, and files a command expects (my.txt, game.json with
40+ actions, pos.toml) are made first. Servers (`serve`) and cluster runs (`--backend ray --address`) are
listed but not run.

    .venv/bin/python bench/readme_sweep.py [--timeout 300]
"""

from __future__ import annotations

import argparse
import re
import shlex
import shutil
import subprocess
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def commands(readme: str) -> list[str]:
    out, inside = [], False
    for line in readme.splitlines():
        if line.startswith("```"):
            inside = not inside
            continue
        s = line.strip()
        if inside and (s.startswith(".venv/bin/tefuda") or s.startswith(".venv/bin/python")):
            cmd = re.split(r"\s+#\s", s, maxsplit=1)[0].strip()
            if cmd.endswith("\\") or cmd.count("`"):
                continue
            out.append(cmd)
    return out


def prepare() -> None:
    """The files the README's examples name."""
    shutil.copy(ROOT / "tefuda/games/kirifuda/decks/crimson_rush.txt", ROOT / "my.txt")
    tefuda = str(ROOT / ".venv/bin/tefuda")
    run = [
        tefuda,
        "play",
        "kirifuda",
        "--p1",
        "random",
        "--p2",
        "random",
        "--seed",
        "7",
        "--save",
        "game.json",
    ]
    subprocess.run(run, cwd=ROOT, capture_output=True, check=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--timeout", type=float, default=300)
    args = ap.parse_args()
    prepare()
    made = {"my.txt", "game.json", "pos.toml", "report.html", "ab.html", "sweep-play.json"}
    rows = []
    for cmd in commands((ROOT / "README.md").read_text(encoding="utf-8")):
        if " serve" in cmd or "--address" in cmd:
            rows.append((cmd, None, "not run (a server / a cluster)"))
            continue
        argv = []
        line = cmd.replace(" > pos.toml", "")
        if " play " in line:  # a game quit at once must not overwrite the prepared game.json
            line = line.replace("--save game.json", "--save sweep-play.json")
        for a in shlex.split(line):  # the shell's globs, as a shell would
            argv.extend(sorted(str(p.relative_to(ROOT)) for p in ROOT.glob(a)) if "*" in a else [a])
        stdin = "quit\n" if " play" in cmd and ("human" in cmd or "--p1" not in cmd) else ""
        t0 = time.perf_counter()
        try:
            p = subprocess.run(
                argv, cwd=ROOT, input=stdin, capture_output=True, text=True, timeout=args.timeout
            )
            took = time.perf_counter() - t0
            if cmd.endswith("> pos.toml") or "> pos.toml" in cmd:
                (ROOT / "pos.toml").write_text(p.stdout, encoding="utf-8")
            bad = "Traceback" in p.stdout + p.stderr
            note = f"exit {p.returncode}" + (" TRACEBACK" if bad else "")
            if p.returncode:
                note += ": " + (p.stderr.strip().splitlines() or [""])[-1][:100]
        except subprocess.TimeoutExpired:
            took, note = time.perf_counter() - t0, f"TIMEOUT after {args.timeout:g} s"
        rows.append((cmd, took, note))
        print(f"{'—' if took is None else f'{took:6.1f} s'}  {note:<12}  {cmd}", flush=True)
    for f in made:
        (ROOT / f).unlink(missing_ok=True)
    worst = max((t for _, t, _ in rows if t is not None), default=0)
    print(
        f"{len(rows)} commands; slowest {worst:.1f} s; tracebacks: {sum('TRACEBACK' in n for *_, n in rows)}"
    )


if __name__ == "__main__":
    main()
