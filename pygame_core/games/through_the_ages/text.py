"""Three-language texts. zh-Hans is canon (the seed's terms, e.g. 内政行动点, 军事行动点, 卡牌列,
L901-903, L209); zh-Hant is derived by the kernel's converter (kernel/text.py, :func:`hant`)."""

from __future__ import annotations

from functools import lru_cache

from pygame_core.games.through_the_ages.catalog import CARDS
from pygame_core.kernel.text import LANGS, Text, from_hans, hant, seat_name

#: This game's texts are written in English and Simplified Chinese (the seed's script).
t = from_hans


def say(en: str, hans: str, **kw: object) -> Text:
    """A log text: ``{p}`` a seat, ``{c}``/``{d}`` card ids (named in each language), others as is."""
    v_en: dict[str, str] = {}
    v_hant: dict[str, str] = {}
    v_hans: dict[str, str] = {}
    for k, v in kw.items():
        if k in ("p", "q") and isinstance(v, int):
            names = _seat_names(v)
        elif isinstance(v, str) and v in CARDS:
            names = _NAMES3[v]
        else:
            x = str(v)
            names = (x, x, x)
        v_en[k], v_hant[k], v_hans[k] = names
    return {"en": en.format_map(v_en), "zh-Hant": hant(hans).format_map(v_hant),
            "zh-Hans": hans.format_map(v_hans)}


@lru_cache(maxsize=64)
def _seat_names(seat: int) -> tuple[str, str, str]:
    """A seat's name in en, zh-Hant and zh-Hans (:func:`say`'s order)."""
    name = seat_name(seat)
    return name["en"], name["zh-Hant"], name["zh-Hans"]


_AGES = ("A", "I", "II", "III", "IV")


def _names() -> dict[tuple[str, str], str]:
    """Every card's name per language; with its age when a card of another age has the same name
    (the military bonus cards of every age, say), so that two choices never read the same."""
    names: dict[tuple[str, str], str] = {}
    for lg in LANGS:
        ages: dict[str, set[int]] = {}
        for c in CARDS.values():
            ages.setdefault(str(c["name"][lg]), set()).add(c["lvl"])
        for k, c in CARDS.items():
            name = str(c["name"][lg])
            if len(ages[name]) > 1:
                name = f"{name} ({_AGES[c['lvl']]})"
            names[(k, lg)] = name
    return names


_NAMES = _names()
#: Every card's name in en, zh-Hant and zh-Hans (:func:`say`'s order).
_NAMES3 = {k: (_NAMES[(k, "en")], _NAMES[(k, "zh-Hant")], _NAMES[(k, "zh-Hans")]) for k in CARDS}


def card_name(cid: str, lang: str) -> str:
    """A card's name in ``lang`` (with its age where names repeat across ages)."""
    return _NAMES[(cid, lang)]
