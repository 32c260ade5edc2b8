"""Kept so that imports written before :mod:`pygame_core.kernel.text` still work: the languages, the
:data:`Text` type and its helpers now live there, with the rest of the engine's text tools. New code
imports ``pygame_core.kernel.text``."""

from __future__ import annotations

from pygame_core.kernel.text import LANGS as LANGS
from pygame_core.kernel.text import Text as Text
from pygame_core.kernel.text import pick as pick
from pygame_core.kernel.text import tr as tr
