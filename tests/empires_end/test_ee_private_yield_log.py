"""Resources are kept behind the player's screen (L97): when an economy ability yields resources, the
log tells the owner what it got and every other seat only that the ability was used. (Found by a
surviving mutant of scripts/mutate.py: economy.py's owner line dropped single resources.)"""

from __future__ import annotations

from ee_helpers import edit, fresh, give, play, res, set_phase

from pygame_core.games.empires_end import GAME


def _econ(**resources: int):
    def fn(d):
        set_phase(d, "economy")
        d["seats"][0]["resources"] = res(**resources)
    return edit(fresh(2), fn)


def test_the_owner_reads_each_single_resource_an_ability_yields_L97():
    """A farm yields 1 wheat (L312); the owner's log line says so, the other seat's does not."""
    s = play(_econ(), 0, {"type": "use", "src": "L:farm_wheat"})
    mine, theirs = GAME.visible_log(s, 0)[-1]["text"], GAME.visible_log(s, 1)[-1]["text"]
    assert mine["en"] == "Player 1 uses Farm (3): 1 wheat."
    assert mine["zh-Hant"] == "玩家1發動了農場（3）：1個小麥。"
    assert theirs["en"] == "Player 1 uses Farm (3)."


def test_a_conversion_tells_the_owner_only_what_it_gained_L97_L324():
    """L324: 1 wheat becomes 1 axe; the owner's line names the axe gained, not the wheat spent."""
    s = play(_econ(wheat=2), 0, {"type": "use", "src": "L:road_convert", "to": "axe"})
    assert GAME.visible_log(s, 0)[-1]["text"]["en"] == "Player 1 uses Road (14): 1 axe."
    assert GAME.visible_log(s, 1)[-1]["text"]["en"] == "Player 1 uses Road (14)."


def test_an_ability_that_yields_nothing_is_logged_without_a_yield_L97():
    """Plague 9 gives 1 coin per adjacent intact town; under position 9 it has none, so it yields
    nothing, and even the owner's line names no resources."""
    def fn(d):
        set_phase(d, "economy")
        give(d, 0, 9, "plague-09")
    s = play(edit(fresh(2), fn), 0, {"type": "use", "src": "I:plague-09"})
    for seat in (0, 1):
        assert GAME.visible_log(s, seat)[-1]["text"]["en"] == "Player 1 uses Plague 9."
