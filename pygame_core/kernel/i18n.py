"""The three UI languages and the bilingual text type used by labels and the log."""

from __future__ import annotations

LANGS: tuple[str, ...] = ("en", "zh-Hant", "zh-Hans")

Text = dict[str, str]
"""A text in every UI language: ``{"en": ..., "zh-Hant": ..., "zh-Hans": ...}``."""


def tr(en: str, hant: str, hans: str | None = None) -> Text:
    """Build a :data:`Text`; Simplified defaults to the Traditional string."""
    return {"en": en, "zh-Hant": hant, "zh-Hans": hans if hans is not None else hant}


def pick(text: Text | str, lang: str) -> str:
    """The string for ``lang``, falling back to English."""
    if isinstance(text, str):
        return text
    return text.get(lang) or text.get("en") or ""
