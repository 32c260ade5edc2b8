"""Stepping through a teaching scenario (kernel/scenarios.py) in tests: shared by tests/test_scenarios.py
and the games' own scenario tests, which check the numbers each example teaches."""

from __future__ import annotations

from pygame_core.kernel import Game, State


def scenario_start(game: Game, name: str, players: int | None = None) -> State:
    """The scenario's starting position (at its own player count unless ``players`` says another)."""
    doc = game.scenario_book.save_doc(name)  # type: ignore[union-attr]
    return game.new_game(players=players or doc["players"], seed=doc["seed"], options=doc["options"])


def scenario_steps(game: Game, name: str) -> list[State]:
    """The states of the scenario: the start, then one per scripted action."""
    out = [scenario_start(game, name)]
    for seat, action in game.scenario_book.script(name):  # type: ignore[union-attr]
        out.append(game.apply(out[-1], seat, action))
    return out
