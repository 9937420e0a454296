"""Build the web font the browser client ships (so Japanese never renders as empty boxes).

IPAexゴシック (IPAexGothic, IPA Font License v1.0, which allows redistribution with its licence) is cut into
WOFF2 slices by ``unicode-range``, as large CJK web fonts are served: one slice with everything tefuda itself
writes (kana, Latin, punctuation and every character of the games' card and text files and of the pages),
loaded at once, and the rest of the font's kanji in slices the browser fetches only when a page uses one of
their characters (a designer's card with a rare kanji).

    pip install fonttools brotli
    python tools/build_webfont.py [path/to/ipaexg.ttf]

Without a path it looks in an installed matplotlib-fontja (``pip install matplotlib-fontja``), which carries
the font. It writes tefuda/serve/static/fonts/: the slices, fonts.css and the licence.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "tefuda" / "serve" / "static" / "fonts"
FAMILY = "tefuda-jp"
SLICE = 700  # characters in one slice of the rest of the font

# always in the first slice: Latin, punctuation, arrows and marks, CJK punctuation, kana, full-width forms
CORE_RANGES = [
    (0x20, 0x7E),
    (0xA0, 0x17F),
    (0x2000, 0x206F),
    (0x2190, 0x21FF),
    (0x2200, 0x22FF),
    (0x2460, 0x24FF),
    (0x2500, 0x25FF),
    (0x2600, 0x26FF),
    (0x3000, 0x30FF),
    (0xFF00, 0xFFEF),
]
TEXT_FILES = [
    "tefuda/games/**/*.toml",
    "tefuda/games/**/*.txt",
    "tefuda/serve/static/**/*.js",
    "tefuda/serve/static/**/*.html",
    "tefuda/**/*.py",
]


def font_path(arg: str | None) -> Path:
    if arg:
        return Path(arg)
    try:
        import matplotlib_fontja  # type: ignore[import-not-found]
    except ImportError:
        sys.exit("give the path of ipaexg.ttf, or pip install matplotlib-fontja (it carries the font)")
    return Path(matplotlib_fontja.__file__).parent / "fonts" / "ipaexg.ttf"


def ranges(cps: list[int]) -> str:
    """``U+3000-30FF, U+4E00`` … for a sorted list of code points."""
    out = []
    start = prev = cps[0]
    for cp in [*cps[1:], -1]:
        if cp == prev + 1:
            prev = cp
            continue
        out.append(f"U+{start:X}" if start == prev else f"U+{start:X}-{prev:X}")
        start = prev = cp
    return ", ".join(out)


def main() -> None:
    from fontTools import subset
    from fontTools.ttLib import TTFont

    src = font_path(sys.argv[1] if len(sys.argv) > 1 else None)
    cmap = set(TTFont(src).getBestCmap())
    core = {cp for a, b in CORE_RANGES for cp in range(a, b + 1)}
    for pattern in TEXT_FILES:
        for f in ROOT.glob(pattern):
            core |= {ord(ch) for ch in f.read_text(encoding="utf-8", errors="ignore")}
    core = sorted(core & cmap)
    rest = sorted(cmap - set(core))
    slices = [core] + [rest[i : i + SLICE] for i in range(0, len(rest), SLICE)]
    if OUT.exists():
        shutil.rmtree(OUT)
    OUT.mkdir(parents=True)
    css = [
        f"/* {FAMILY}: IPAexゴシック (IPAexGothic 00401), IPA Font License Agreement v1.0 — "
        "see LICENSE-IPAex.txt.",
        "   Built by tools/build_webfont.py; slices by unicode-range: a page fetches only those it uses. */",
    ]
    for n, cps in enumerate(slices):
        opts = subset.Options()
        opts.flavor = "woff2"
        opts.hinting = False
        opts.layout_features = ["*"]
        opts.name_IDs = ["*"]
        opts.notdef_outline = True
        font = TTFont(src)
        sub = subset.Subsetter(opts)
        sub.populate(unicodes=cps)
        sub.subset(font)
        name = f"ipaexg-{n:02d}.woff2"
        font.flavor = "woff2"
        font.save(OUT / name)
        css.append(
            f'@font-face {{ font-family: "{FAMILY}"; src: url("{name}") format("woff2"); '
            f"font-display: swap; unicode-range: {ranges(cps)}; }}"
        )
        print(f"{name}: {len(cps)} characters, {(OUT / name).stat().st_size // 1024} KiB")
    (OUT / "fonts.css").write_text("\n".join(css) + "\n", encoding="utf-8")
    lic = src.parent / "IPA_Font_License_Agreement_v1.0.txt"
    if lic.exists():
        shutil.copy(lic, OUT / "LICENSE-IPAex.txt")
    else:
        sys.exit(f"the licence file is not beside the font ({lic}): it must ship with it")


if __name__ == "__main__":
    main()
