"""デッキ構築: the Amadeus rule (a highlander that must cheat) and, with ``base_only``, plain Duel Masters'.

Amadeus: 40 cards; one of a name, except the イカサマ — ① at least 5 names, neither 殿堂 nor プレミアム殿堂,
in 2–4 copies (compulsory); ② one 殿堂 name in 2 copies (one name only); ③ one プレミアム殿堂 card (one
only). A card that "may have 4 or more in a deck" is free of the count and no cheat. The 使用禁止 categories
and the 禁止 list come first ("これは上記のイカサマよりも優先されます"). Plain Duel Masters: 40 cards, 4 of a
name at most, 殿堂 at most 1, プレミアム殿堂 none. A card the engine cannot play is refused either way.
"""

from __future__ import annotations

from typing import Any

from .cards import BANS, PLAYED

DECK_SIZE = 40
MAX_COPIES = 4
CHEAT_KINDS = 5  # ①: 5種類以上


def deck_problems(deck: Any, base_only: bool) -> list[tuple[int | None, str]]:
    out: list[tuple[int | None, str]] = []
    cheats: list[int] = []
    halls2: list[tuple[int, str]] = []
    premiums: list[tuple[int, str]] = []
    for e in deck.entries:
        c, n, ln = e.card, e.count, e.line
        if c.type not in PLAYED:
            out.append((ln, f"{c.label} lies in the 疑心ゾーン from the start: it is never in a deck"))
            continue
        ban = c.get("banned")
        if ban is not None and not base_only:  # 「これは上記のイカサマよりも優先されます」: the ban first
            ja, en = BANS[ban]
            out.append((ln, f"{c.label} is banned in アマデウス — {ja} ({en})"))
            continue
        if c.get("supported", True) is False:
            out.append((ln, f"{c.label}: this engine cannot play it yet (see RULES.md, unsupported cards)"))
            continue
        hall = c.get("hall", "")
        if base_only:
            if hall == "プレミアム殿堂":
                out.append((ln, f"{c.label} is プレミアム殿堂: it may not be in a deck"))
            elif hall == "殿堂" and n > 1:
                out.append((ln, f"{c.label} is 殿堂: at most 1 copy, this deck has {n}"))
            elif n > MAX_COPIES and not c.get("many", False):
                out.append((ln, f"{c.label}: {n} copies, at most {MAX_COPIES} of a name"))
            continue
        if c.get("many", False):
            continue  # 「このカードは4枚以上デッキに入れることができる」: never a cheat
        if hall == "プレミアム殿堂":
            if n > 1:
                out.append(
                    (ln, f"{c.label} is プレミアム殿堂: one copy at most (イカサマ③), this deck has {n}")
                )
            premiums.append((ln, c.label))
        elif hall == "殿堂":
            if n > 2:
                out.append((ln, f"{c.label} is 殿堂: 2 copies at most (イカサマ②), this deck has {n}"))
            elif n == 2:
                halls2.append((ln, c.label))
        elif n > MAX_COPIES:
            out.append((ln, f"{c.label}: {n} copies; a cheat (イカサマ①) holds 2 to {MAX_COPIES} of a name"))
        elif n >= 2:
            cheats.append(ln)
    for extra in halls2[1:]:
        out.append(
            (
                extra[0],
                f"{extra[1]}: only one 殿堂 name may be in 2 copies (イカサマ②), {halls2[0][1]} already is",
            )
        )
    for extra in premiums[1:]:
        out.append(
            (
                extra[0],
                f"{extra[1]}: only one プレミアム殿堂 card may be in a deck (イカサマ③), "
                f"{premiums[0][1]} already is",
            )
        )
    if not base_only and len(cheats) < CHEAT_KINDS:
        out.append(
            (
                None,
                f"イカサマ① is compulsory: at least {CHEAT_KINDS} names (not 殿堂 or プレミアム殿堂) "
                "in 2–4 copies; "
                f"this deck has {len(cheats)}",
            )
        )
    total = deck.count()
    if total != DECK_SIZE:
        out.append((None, f"a deck has exactly {DECK_SIZE} cards (デッキは40枚), this one has {total}"))
    return out
