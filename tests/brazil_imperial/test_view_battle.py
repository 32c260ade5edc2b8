"""The battle in the view, for the board's combat box: each side's strength by source as the battle is
built (L491-492: units, the tile, paintings, the Port/Trade marker, L484-485, then the battle cards), and
after the reveal (L501) the last battle with its cards, strengths and winner (L502: ties to the
defender). Nothing hidden leaks: a seat's committed cards (L499-500) show to itself only until the
reveal, and the others see only that it has committed (the kernel's decisions)."""

from __future__ import annotations

from typing import Any

from pygame_core.games.brazil_imperial import combat
from pygame_core.kernel.state import State
from tests.brazil_imperial.helpers import GAME, attack_position, edit, put_unit

Data = dict[str, Any]
BATTLE_0 = ["barrage", "militia"]  # 3 + 1
BATTLE_1 = ["forced_march", "siege"]  # 2 + 0


def _battle(defender_marker: str = "port") -> tuple[State, str, str]:
    """Seat 0's cavalry (3 VP) next to seat 1's farm (2 VP) with seat 1's archer (1) on it; seat 0 has
    the painting The Captain (+1 attack), seat 1's marker is on ``defender_marker`` (+2 on Port)."""

    def then(g: Data, spot: str) -> None:
        put_unit(g, 1, "archer", spot)
        g["players"][1]["marker"]["arch"] = defender_marker
        g["players"][0]["paintings"] = ["captain"]
        g["players"][0]["battle"] = list(BATTLE_0)
        g["players"][1]["battle"] = list(BATTLE_1)

    a = attack_position(then=then)
    return a.state, a.units[0], a.spot


def test_the_view_shows_each_sides_strength_by_source_before_the_cards() -> None:
    """L491-492, L484-485: attack 3 (cavalry) + 1 (The Captain); defence 1 (archer) + 2 (the farm's VP)
    + 2 (the Port marker); no card counts before the reveal."""
    s, cav, spot = _battle()
    s = GAME.apply(s, 0, {"type": "move", "unit": cav, "to": spot, "as": "free", "carry": []})
    b = GAME.view(s, 0)["battle"]
    assert b["attacker"] == 0 and b["defender"] == 1 and b["hex"] == spot
    assert b["parts"] == {
        "attack": {"units": 3, "tile": 0, "paintings": 1, "arch": 0, "cards": 0},
        "defence": {"units": 1, "tile": 2, "paintings": 0, "arch": 2, "cards": 0},
    }
    assert b["mine"] is None


def test_committed_cards_show_to_their_seat_only() -> None:
    """L499-500: the cards lie face down: the others see that a seat has committed (the kernel's
    decisions), never which cards nor how many (the sealed answer, platform property tests)."""
    s, cav, spot = _battle()
    s = GAME.apply(s, 0, {"type": "move", "unit": cav, "to": spot, "as": "free", "carry": []})
    s = GAME.apply(s, 0, {"type": "commit", "cards": sorted(BATTLE_0)})
    own, other, public = GAME.view(s, 0), GAME.view(s, 1), GAME.view(s, None)
    assert own["battle"]["mine"] == sorted(BATTLE_0)
    for v in (other, public):
        assert v["battle"]["mine"] is None and "committed" not in v["battle"]
        assert [d["answered"] for d in v["decisions"] if d["kind"] == "commit"] == [[0]]
        assert v["last_battle"] is None
        text = str(v)
        assert not any(c in text for c in BATTLE_0), "a committed card leaked before the reveal"


def test_the_last_battle_shows_the_revealed_cards_and_the_winner() -> None:
    """L501-502: after the reveal both sides' cards, strengths and the winner are public. Attack 3 + 1 +
    4 (Barrage, Militia) = 8 against 1 + 2 (the farm, ignored: Siege is the defender's, so it counts)
    + 2 + 2 (Forced March) = 7: the attacker wins."""
    s, cav, spot = _battle()
    s = GAME.apply(s, 0, {"type": "move", "unit": cav, "to": spot, "as": "free", "carry": []})
    s = GAME.apply(s, 0, {"type": "commit", "cards": sorted(BATTLE_0)})
    s = GAME.apply(s, 1, {"type": "commit", "cards": sorted(BATTLE_1)})
    for seat in (0, 1, None):
        v = GAME.view(s, seat)
        assert v["battle"] is None
        lb = v["last_battle"]
        assert lb["cards"] == {"0": sorted(BATTLE_0), "1": sorted(BATTLE_1)}
        assert (lb["attack"], lb["defence"], lb["winner"]) == (8, 7, "attacker")
        assert lb["parts"]["attack"] == {"units": 3, "tile": 0, "paintings": 1, "arch": 0, "cards": 4}
        assert lb["parts"]["defence"] == {"units": 1, "tile": 2, "paintings": 0, "arch": 2, "cards": 2}
        assert lb["hex"] == spot and lb["units"] == [cav] and len(lb["defenders"]) == 1


def test_a_tie_is_the_defenders_in_the_last_battle() -> None:
    """L502: 3 + 1 + 1 (Militia) = 5 against 1 + 2 + 0 (marker on Build) + 2 (Forced March) = 5."""
    s, cav, spot = _battle("build")
    s = GAME.apply(s, 0, {"type": "move", "unit": cav, "to": spot, "as": "free", "carry": []})
    s = GAME.apply(s, 0, {"type": "commit", "cards": ["militia"]})
    s = GAME.apply(s, 1, {"type": "commit", "cards": ["forced_march"]})
    lb = GAME.view(s, 1)["last_battle"]
    assert (lb["attack"], lb["defence"], lb["winner"]) == (5, 5, "defender")
    assert s.data["units"][cav]["state"] == "supply"


def test_parts_add_up_to_the_strengths_with_every_card_played() -> None:
    """The parts are the strengths split by source, the tile dropped by Siege (ignore_tile)."""
    s, cav, spot = _battle()
    s = GAME.apply(s, 0, {"type": "move", "unit": cav, "to": spot, "as": "free", "carry": []})
    g, b = s.data, s.data["battle"]
    for played in ({}, {0: ["siege"]}, {0: BATTLE_0, 1: BATTLE_1}, {1: ["siege", "barrage"]}):
        p = combat.parts(g, b, played)
        assert (sum(p["attack"].values()), sum(p["defence"].values())) == combat.strengths(g, b, played)
    assert combat.parts(g, b, {0: ["siege"]})["defence"]["tile"] == 0


def test_the_last_battle_goes_when_its_cards_leave_the_discard_pile() -> None:
    """L290 (cards.py: battle cards too): a deck that runs out takes its shuffled discards; a card of the
    last battle may then be in a hand again, hidden, so the view no longer shows that battle."""
    s, cav, spot = _battle("build")
    s = GAME.apply(s, 0, {"type": "move", "unit": cav, "to": spot, "as": "free", "carry": []})
    s = GAME.apply(s, 0, {"type": "commit", "cards": ["militia"]})
    s = GAME.apply(s, 1, {"type": "commit", "cards": ["forced_march"]})
    assert GAME.view(s, None)["last_battle"] is not None

    def reshuffled(g: Data) -> None:
        g["decks"]["battle"] += g["decks"]["battle_discard"]
        g["decks"]["battle_discard"] = []
        g["players"][1]["battle"].append(g["decks"]["battle"].pop())

    s = edit(s, reshuffled)
    for seat in (0, 1, None):
        assert GAME.view(s, seat)["last_battle"] is None
