"""The Great Wall's balance figures (issue 18 §2 "the authored game must play well", §5 bots).

Plays complete competitive games in place (kernel/playout.py: no history, log or undo) with the
heuristic bot (pygame_core/games/great_wall/heuristic.py) and the random bot, and prints:

- ``balance``: N 4-player games (``--players 3``; ``--players 2``: the 2-player game with the Reed
  Clan) between equal heuristic bots: the win share per seat (target: none
  above 35%), each General's win rate in the games it is in (target 15-40%), game length in Years
  (target 5-8) and how often each end condition (walls, shame, time) ends a game;
- ``duel``: N 3-player games of one heuristic seat (rotating) against two random seats: the heuristic
  seat's win rate (target: at least 80%, issue 18 §5) and its decision times;
- ``coop --players P``: N co-op games (L880-994) of P heuristic seats: how often the table wins
  (target 30-70% at 2, 3 and 4 players), the Requests done, length and ends;
- ``solo --difficulty D``: N solo games of the heuristic seat against Qin Jiushao (L735-878) at
  difficulty D (L878): how often it beats him (target 30-70% at normal, less at each harder one),
  and where the 10 shame tokens of the supply went (L751): gained by breach or yellow flag, taken
  by raids, discarded back (A43).

Usage (from the repository root)::

    PYTHONPATH=$PWD nice -n 5 python scripts/great_wall_balance.py balance --games 1000 --seed 0
    PYTHONPATH=$PWD nice -n 5 python scripts/great_wall_balance.py duel --games 1000 --seed 0
    PYTHONPATH=$PWD nice -n 5 python scripts/great_wall_balance.py coop --players 3 --games 1000 --seed 0
    PYTHONPATH=$PWD nice -n 5 python scripts/great_wall_balance.py solo --difficulty hard --games 1000

Games are seeded ``seed .. seed+games-1``; every figure but the timings is reproducible.
``--json FILE`` also writes the raw per-game records.

``--set NAME=VALUES`` (repeatable) changes an authored number in memory for the run, never in the data
files, to measure a proposed change: ``wall_defense=3,6,9,12`` (data/walls.json, Wall levels 0-3),
``wall_cost_pct=100`` (the cost of Wall levels 2 and 3 in data/walls.json scaled, rounded up; level
1's 5 Stone is the seed's, L429),
``horde=2,2,2,3,3,3,3,4,4`` (data/time_track.json, Horde cards per Spring by time space),
``casualties=1,1,1,2,2,2,3,3,3`` (the same spaces' casualty values), ``barricade=2`` (defense per
barricade, combat.BARRICADE_DEFENSE), ``shame_per_player=10`` (model.SHAME_PER_PLAYER, L132 gives 10),
``raid_shame=0`` (the tokens a raid takes, L522, modes.raid_shame: 0 measures games without raids),
``flat=xu_da,song_ci`` (these Generals' abilities count once instead of once per Supporting
Advisor or back icon, data/generals.json) and ``mute=xu_da`` (these Generals' abilities do nothing:
what the ability is worth), ``when=xu_da:res:stone,gold`` (the General's ability fires only for those
values of its trigger), ``per_supporting=li_jing`` (scaled by Supporting Advisors, not a back icon) and
``per_icon=xu_da:seal`` (scaled by that back icon's count among the Supporting Advisors);
``start=song_ci:wood:1`` (a General's starting resources), ``effect=wang_jian:honor:1`` (one more
effect in a General's ability, scaled as the others); co-op: ``request=timber_palace:2`` (the
number a Request asks, data/coop_requests.json).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from typing import Any

from pygame_core import bots, games
from pygame_core.games.great_wall import cards, combat, heuristic, horde, model
from pygame_core.games.great_wall import data as gdata
from pygame_core.kernel.playout import Playout
from pygame_core.simulate import MAX_STEPS, bot_seed

GAME = games.get("great_wall")


def play_one(seed: int, kinds: list[str], times: list[float] | None = None,
             random_draft: bool = False, options: dict[str, Any] | None = None) -> dict[str, Any]:
    """One complete game seeded ``seed``, seat ``i`` played by ``kinds[i]`` ("heuristic" or "random");
    the heuristic's decision times (CPU seconds) are appended to ``times`` if given. With
    ``random_draft`` every seat keeps a random General and Advisor split at setup (L152-156), so each
    General is in the same share of games and its win rate is not the bot's own pick."""
    players = len(kinds)
    po = Playout(GAME, GAME.new_game(players=players, seed=seed, options=options))
    generals: list[str | None] = [None] * players
    for _ in range(MAX_STEPS):
        seats = po.to_move()
        if not seats:
            break
        seat = seats[0]
        legal = po.legal_actions(seat)
        rng = bots.rng_at(bot_seed(seed, seat), po.played, po.seed, seat)
        drafting = random_draft and po.data["decisions"] and po.data["decisions"][-1]["kind"] == "draft"
        if kinds[seat] == "heuristic" and not drafting:
            t0 = time.process_time()  # CPU time: the machine's other load does not count
            action = heuristic.decide(po.data, seat, legal, rng)
            if times is not None:
                times.append(time.process_time() - t0)
        else:
            action = rng.choice(legal)
        po.play(seat, action)
        if generals[0] is None and po.data["players"][0].get("general"):
            generals = [p["general"] for p in po.data["players"]]
    else:
        raise RuntimeError(f"great_wall seed {seed}: no end after {MAX_STEPS} actions")
    g = po.data
    sc = po.scores()
    return {"seed": seed, "kinds": kinds, "winner": sc["winners"][0] if sc["winners"] else None,
            "totals": sc["totals"],
            "years": g["year"], "end": g["end"], "generals": [p["general"] for p in g["players"]],
            "actions": po.played, "walls": [s["wall"] for s in g["sections"]],
            "shame_supply": g["shame_supply"], "breakdown": sc.get("breakdown"),
            "shamed": [sum(p["shamed"].values()) for p in g["players"]],
            "winners": sc["winners"], "coop": sc.get("coop"), "qin": (sc.get("qin") or {}).get("total"),
            "qin_breakdown": (sc.get("qin") or {}).get("breakdown"),
            "trophies": [len(p["trophies"]) for p in g["players"]],
            "qin_trophies": len(g["qin"]["trophies"]) if "qin" in g else None}


def _pct(n: int, d: int) -> str:
    return f"{100 * n / d:.1f}%" if d else "-"


def balance(n: int, seed: int, random_draft: bool = False,
            players: int = 4) -> tuple[str, list[dict[str, Any]]]:
    """N competitive games of ``players`` equal heuristic seats (3 or 4; 2: the 2-player game with the
    Reed Clan, L683-733)."""
    recs: list[dict[str, Any]] = []
    times: list[float] = []
    options = {"mode": "two_player"} if players == 2 else None
    t0 = time.perf_counter()
    for k in range(n):
        recs.append(play_one(seed + k, ["heuristic"] * players, times, random_draft, options))
    elapsed = time.perf_counter() - t0
    wins = Counter(r["winner"] for r in recs)
    gin: Counter[str] = Counter()
    gwin: Counter[str] = Counter()
    for r in recs:
        for s, gid in enumerate(r["generals"]):
            gin[gid] += 1
            gwin[gid] += r["winner"] == s
    years = Counter(r["years"] for r in recs)
    ends = Counter(r["end"] for r in recs)
    mean_years = sum(r["years"] for r in recs) / n
    ties = sum(r["totals"].count(max(r["totals"])) > 1 for r in recs)
    how = ", Generals drafted at random" if random_draft else ""
    lines = [f"balance: {n} {players}-player games, {players} heuristic seats{how}, "
             f"seeds {seed}..{seed + n - 1}",
             "win share per seat: " + ", ".join(f"seat {s} {_pct(wins[s], n)}" for s in range(players)),
             f"won on the tea-order tie-break (L681): {_pct(ties, n)}",
             "General win rate in the games it is in:"]
    for gid in sorted(gin, key=lambda x: -gwin[x] / gin[x]):
        lines.append(f"  {gid:12s} {_pct(gwin[gid], gin[gid]):>6s} of {gin[gid]}")
    spread = ", ".join(f"{y}: {_pct(c, n)}" for y, c in sorted(years.items()))
    lines.append(f"Years: mean {mean_years:.2f}; {spread}")
    lines.append("end: " + ", ".join(f"{e}: {_pct(c, n)}" for e, c in sorted(ends.items(), key=str)))
    tot = [t for r in recs for t in r["totals"]]
    lines.append(f"final Honor: mean {sum(tot) / len(tot):.1f}, max {max(tot)}; winner mean "
                 f"{sum(max(r['totals']) for r in recs) / n:.1f}")
    lines.append(_timing(times, elapsed, n))
    return "\n".join(lines), recs


def duel(n: int, seed: int) -> tuple[str, list[dict[str, Any]]]:
    recs: list[dict[str, Any]] = []
    times: list[float] = []
    t0 = time.perf_counter()
    won = 0
    for k in range(n):
        kinds = ["random"] * 3
        kinds[k % 3] = "heuristic"
        r = play_one(seed + k, kinds, times)
        r["heuristic_seat"] = k % 3
        won += r["winner"] == k % 3
        recs.append(r)
    elapsed = time.perf_counter() - t0
    ends = Counter(r["end"] for r in recs)
    lines = [f"duel: {n} 3-player games, one heuristic seat (rotating) against two random seats, "
             f"seeds {seed}..{seed + n - 1}",
             f"heuristic wins {won}/{n} = {_pct(won, n)}",
             f"Years: mean {sum(r['years'] for r in recs) / n:.2f}; end: "
             + ", ".join(f"{e}: {_pct(c, n)}" for e, c in sorted(ends.items(), key=str)),
             _timing(times, elapsed, n)]
    return "\n".join(lines), recs


def coop(n: int, seed: int, players: int) -> tuple[str, list[dict[str, Any]]]:
    """N co-op games (L880-994) of ``players`` heuristic seats: how often the table wins."""
    recs: list[dict[str, Any]] = []
    times: list[float] = []
    t0 = time.perf_counter()
    for k in range(n):
        recs.append(play_one(seed + k, ["heuristic"] * players, times, options={"mode": "coop"}))
    elapsed = time.perf_counter() - t0
    won = sum(bool(r["winners"]) for r in recs)
    ends = Counter(r["end"] for r in recs)
    years = Counter(r["years"] for r in recs)
    done = Counter(r["coop"]["done"] for r in recs)
    goal = recs[0]["coop"]["goal"] if recs else 0
    lines = [f"coop: {n} {players}-player co-op games, {players} heuristic seats, "
             f"seeds {seed}..{seed + n - 1}",
             f"the table wins {won}/{n} = {_pct(won, n)}",
             f"Requests done (goal {goal}): "
             + ", ".join(f"{d}: {_pct(c, n)}" for d, c in sorted(done.items())),
             f"Years: mean {sum(r['years'] for r in recs) / n:.2f}; "
             + ", ".join(f"{y}: {_pct(c, n)}" for y, c in sorted(years.items())),
             "end: " + ", ".join(f"{e}: {_pct(c, n)}" for e, c in sorted(ends.items(), key=str)),
             _timing(times, elapsed, n)]
    return "\n".join(lines), recs


def solo(n: int, seed: int, difficulty: str) -> tuple[str, list[dict[str, Any]]]:
    """N solo games (L735-878) of the heuristic seat against Qin Jiushao at ``difficulty`` (L878)."""
    recs: list[dict[str, Any]] = []
    times: list[float] = []
    flow = _count_shame()
    t0 = time.perf_counter()
    try:
        for k in range(n):
            recs.append(play_one(seed + k, ["heuristic"], times,
                                 options={"mode": "solo", "difficulty": difficulty}))
    finally:
        _count_shame(flow)
    elapsed = time.perf_counter() - t0
    won = sum(r["winners"] == [0] for r in recs)
    ends = Counter(r["end"] for r in recs)
    mine = sum(r["totals"][0] for r in recs) / n
    qin = sum(r["qin"] or 0 for r in recs) / n
    lines = [f"solo: {n} games, the heuristic seat against Qin Jiushao ({difficulty}), "
             f"seeds {seed}..{seed + n - 1}",
             f"the heuristic seat wins {won}/{n} = {_pct(won, n)}",
             f"final Honor: the seat {mine:.1f}, Qin {qin:.1f} (means)",
             f"Years: mean {sum(r['years'] for r in recs) / n:.2f}; end: "
             + ", ".join(f"{e}: {_pct(c, n)}" for e, c in sorted(ends.items(), key=str)),
             "shame tokens per game: " + ", ".join(f"{k} {flow.counts[k] / n:.2f}" for k in
                                                   ("breach", "yellow_flag", "raid", "discarded")),
             "Horde cards defeated per game, held by: the seat "
             f"{sum(r['trophies'][0] for r in recs) / n:.2f}, "
             f"Qin {sum(r['qin_trophies'] for r in recs) / n:.2f}",
             "the seat's Honor (means): " + ", ".join(
                 f"{k} {sum((r['breakdown'] or [{}])[0].get(k, 0) for r in recs) / n:.1f}"
                 for k in ("honor", "shame", "horde", "artifacts"))
             + "; Qin's: " + ", ".join(
                 f"{k} {sum((r['qin_breakdown'] or {}).get(k, 0) for r in recs) / n:.1f}"
                 for k in ("honor", "horde", "artifacts")),
             _timing(times, elapsed, n)]
    return "\n".join(lines), recs


class _ShameFlow:
    """Counts, while installed, the shame tokens the seats gain by cause (breach, yellow flag), the
    tokens raids take out of the supply, and the tokens discarded back to it (A43)."""

    def __init__(self) -> None:
        from pygame_core.games.great_wall import shame

        self.counts: Counter[str] = Counter()
        self.saved = (shame.gain, shame.discard, horde.raid)


def _count_shame(flow: _ShameFlow | None = None) -> _ShameFlow:
    """Install a :class:`_ShameFlow` (no argument) or restore the functions it wrapped (``flow``)."""
    from pygame_core.games.great_wall import shame

    if flow is not None:
        shame.gain, shame.discard, horde.raid = flow.saved
        return flow
    new = _ShameFlow()
    gain, discard, raid = new.saved

    def counted_gain(ctx: Any, seat: int, n: int, why: str = "", **kw: Any) -> None:
        new.counts[why] += n
        gain(ctx, seat, n, why, **kw)

    def counted_discard(ctx: Any, seat: int, n: int, on: Any = None, **kw: Any) -> None:
        new.counts["discarded"] += n
        discard(ctx, seat, n, on, **kw)

    def counted_raid(ctx: Any, cid: str, section: int, **kw: Any) -> None:
        before = ctx.data["shame_supply"]
        raid(ctx, cid, section, **kw)
        new.counts["raid"] += before - ctx.data["shame_supply"]

    shame.gain, shame.discard, horde.raid = counted_gain, counted_discard, counted_raid
    return new


def _timing(times: list[float], elapsed: float, n: int) -> str:
    if not times:
        return ""
    s = sorted(times)
    ms = [1000 * s[len(s) // 2], 1000 * s[int(len(s) * 0.95)], 1000 * s[int(len(s) * 0.999)], 1000 * s[-1]]
    return (f"heuristic decision CPU ms (CPython): median {ms[0]:.2f}, p95 {ms[1]:.2f}, p99.9 {ms[2]:.2f}, "
            f"max {ms[3]:.2f}; {elapsed:.0f} s for {n} games")


def apply_settings(settings: list[str]) -> None:
    """Change authored numbers in memory (see the module docstring)."""
    for item in settings:
        name, _, value = item.partition("=")
        words = ("flat", "mute", "when", "per_supporting", "per_icon", "request", "start", "effect")
        nums = [] if name in words else [int(x) for x in value.split(",") if x.strip()]
        if name == "wall_defense":
            for level, n in enumerate(nums):
                horde.WALLS[level]["defense"] = n
        elif name in ("horde", "casualties"):
            for k, n in enumerate(nums):
                gdata.TIME["spaces"][k][name] = n
        elif name == "wall_cost_pct":  # levels 2 and 3 scaled, rounded up (level 1's 5 Stone is L429's)
            for lv in gdata.load("walls.json")["levels"][1:]:
                if lv["next_cost"]:
                    lv["next_cost"] = {r: -(-k * nums[0] // 100) for r, k in lv["next_cost"].items()}
        elif name == "barricade":
            combat.BARRICADE_DEFENSE = nums[0]
        elif name == "shame_per_player":
            model.SHAME_PER_PLAYER = nums[0]
        elif name == "raid_shame":  # tokens a raid takes (L522; solo 1): 0 measures a game without raids
            from pygame_core.games.great_wall import modes

            def raid_shame(g: dict[str, Any], n: int = nums[0]) -> int | None:
                return n

            modes.raid_shame = raid_shame
        elif name == "when":  # when=ID:key:v1,v2: the General's ability fires only for those values
            gid, key, vals = value.split(":")
            cards.general(gid)["ability"]["when"] = {key: vals.split(",")}
        elif name == "per_supporting":  # these Generals scale by Supporting Advisors, not by a back icon
            for gid in value.split(","):
                ab = cards.general(gid)["ability"]
                ab.pop("per_icon", None)
                ab["per_supporting"] = True
        elif name == "per_icon":  # per_icon=ID:icon: the General scales by that back icon's count
            gid, icon = value.split(":")
            ab = cards.general(gid)["ability"]
            ab.pop("per_supporting", None)
            ab["per_icon"] = icon
        elif name == "effect":  # effect=ID:op:N: one more effect {"op": op, "n": N} in the General's ability
            gid, eop, count = value.split(":")
            cards.general(gid)["ability"]["effects"].append({"op": eop, "n": int(count)})
        elif name == "start":  # start=ID:res:N: a General's starting resources (data/generals.json)
            gid, r, count = value.split(":")
            cards.general(gid)["start"][r] = int(count)
        elif name == "request":  # request=ID:N[:each]: a co-op Request asks N (its one need)
            rid, count, *each = value.split(":")
            from pygame_core.games.great_wall import coop as gcoop

            need = gcoop.REQUESTS[rid]["need"][0]
            need["n"] = int(count)
            if each:
                need["each"] = each[0] == "each"
        elif name == "honor_scale":  # honor_scale=K[,D]: every authored Honor number x K/D (rounded)
            scale_honor(nums[0], nums[1] if len(nums) > 1 else 1)
        elif name == "end_scale":  # end_scale=K: the end-of-game authored Honor x K (the base Horde
            for c in horde.CARDS.values():  # cards' rewards, L677, and the Artifacts, L679)
                c["reward"] = int(c["reward"]) * nums[0]
            for a in cards.artifacts().values():
                a["honor"] = int(a["honor"]) * nums[0]
        elif name == "horde_attack_pct":  # attack x P/100 (+R/100 before rounding down; R=50), >= 1
            half = nums[1] if len(nums) > 1 else 50
            for c in horde.CARDS.values():
                c["attack"] = max(1, (int(c["attack"]) * nums[0] + half) // 100)
        elif name == "horde_attack":  # horde_attack=D: every base Horde card attacks D more (at least 1)
            for c in horde.CARDS.values():
                c["attack"] = max(1, int(c["attack"]) + nums[0])
        elif name == "horde_spots":  # horde_spots=D[,MIN]: every base Horde card loses -D vital spots
            low = nums[1] if len(nums) > 1 else 2  # (its last ones), keeping at least MIN
            for c in horde.CARDS.values():
                keep = max(low, len(c["spots"]) + nums[0])
                del c["spots"][keep:]
        elif name == "mute":  # these Generals' abilities give nothing (what the ability is worth)
            for gid in value.split(","):
                cards.general(gid)["ability"]["effects"] = []
        elif name == "flat":  # these Generals' abilities count once, unscaled by Supporting Advisors
            for gid in value.split(","):
                ab = cards.general(gid)["ability"]
                ab.pop("per_supporting", None)
                ab.pop("per_icon", None)
        else:
            raise SystemExit(f"unknown setting {name!r}")


def _scale(x: Any, k: int, d: int) -> None:
    if isinstance(x, list):
        for y in x:
            _scale(y, k, d)
    elif isinstance(x, dict):
        if x.get("op") in ("honor", "each_honor", "request_honor") and "n" in x:
            x["n"] = (int(x["n"]) * k + d // 2) // d
        for key, y in x.items():
            if key != "source":
                _scale(y, k, d)


def scale_honor(k: int, d: int = 1) -> None:
    """Every authored Honor number in memory x k/d, rounded: the Horde cards' rewards and vital spots,
    the Artifacts, the Advisors', Generals' and Tactics' Honor, the co-op cards' (the seed's fixed
    numbers stay: Walls 5/10/15, barricades 2, defeats 2, shame 5, Qin's 20 per Artifact ...)."""
    from pygame_core.games.great_wall import coop

    for c in horde.CARDS.values():
        c["reward"] = (int(c["reward"]) * k + d // 2) // d
        _scale(c["spots"], k, d)
    for c in coop.HORDE.values():
        c["reward"] = (int(c["reward"]) * k + d // 2) // d
        _scale(c["spots"], k, d)
    for a in cards.artifacts().values():
        a["honor"] = (int(a["honor"]) * k + d // 2) // d
    for kind in (cards.generals, cards.advisors, cards.tactics):
        _scale(list(kind().values()), k, d)
    _scale([coop.GENERALS, coop.TACTICS, coop.EVENTS, coop.REQ_DOC], k, d)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("what", choices=["balance", "duel", "coop", "solo"])
    ap.add_argument("--players", type=int, default=4,
                    help="coop: 2, 3 or 4 players; balance: 4 (default), 3, or 2 (with the Reed Clan)")
    ap.add_argument("--difficulty", default="normal", choices=["normal", "hard", "hardest"],
                    help="solo: Qin's difficulty (L878)")
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--random-draft", action="store_true",
                    help="balance: every seat keeps a random General (unbiased General win rates)")
    ap.add_argument("--json", default=None, help="write the per-game records to this file")
    ap.add_argument("--set", action="append", default=[], metavar="NAME=VALUES",
                    help="change an authored number for this run only (see the module docstring)")
    args = ap.parse_args(argv)
    apply_settings(args.set)
    if args.set:
        print("settings: " + "; ".join(args.set))
    if args.what == "balance":
        text, recs = balance(args.games, args.seed, args.random_draft, args.players)
    elif args.what == "coop":
        text, recs = coop(args.games, args.seed, args.players)
    elif args.what == "solo":
        text, recs = solo(args.games, args.seed, args.difficulty)
    else:
        text, recs = duel(args.games, args.seed)
    print(text)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(recs, f)
    return 0


if __name__ == "__main__":
    sys.exit(main())
