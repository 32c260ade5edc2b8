"""The Great Wall's cards: Generals, Advisors, Tactics and Artifacts (seed L176-193, L213-215, L227-229,
L431-444, L462-480, L588, L679; data in ``data/generals.json``, ``advisors.json``, ``tactics.json`` and
``artifacts.json``, every value authored: digest §7 G7-G10, listed in ``data/README.md``).

What this module owns, and what it leaves to the rest of the engine:

- lookups (:func:`general`, :func:`advisor`, :func:`tactic`, :func:`artifact`) and the card texts
  (:func:`describe`, which also wrote each card's ``text`` in the data files);
- setup steps 4 and 9-15 (:func:`setup`, the draft decision :func:`draft_legal` / :func:`apply_draft` /
  :func:`resolve_draft`, :func:`finish_draft`, :func:`start_resources`, :func:`tea_order`);
- card abilities: :func:`fire` returns the effects a trigger gives each seat; the caller runs them
  (``effects.run``), so a resource gained in a batch cannot pay within it (L480);
- Tactics: :func:`tactics_playable` at the windows :func:`open_windows` maps from the engine's moment
  (one per seat per decision, L466), :func:`play_tactic` (basic free, enhanced pays Chi, L464),
  :func:`draw_tactics` with the hand limit of 5 (L213; the excess is a ``tactic_discard`` decision);
- the Advisor track: :func:`hire_advisor_cost` (L436), :func:`take_advisor` (pays unless free, slides
  and refills, L444), :func:`spring_refresh` (L588);
- :func:`artifact_score` (L679); :func:`public` / :func:`private` (Supporting Advisors are face down:
  their count and back icons are public, their ids are not, L156, L191); :func:`secret_tokens` and
  :func:`redetermine` for the game's hidden-information hooks.

State read and written (``ctx.data``, see the spec): ``players[s]`` ``general``, ``active``,
``supporting``, ``tactics``, ``res``, ``draft`` (the two Generals and two Advisors dealt, until the draft
is resolved); ``tactic_deck``, ``tactic_discard``, ``advisor_deck``, ``advisor_discard``,
``advisor_track``, ``artifacts``.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from pygame_core.errors import IllegalAction
from pygame_core.kernel import decisions
from pygame_core.kernel import deck as decks
from pygame_core.kernel import text as ktext
from pygame_core.kernel.rng import Rng
from pygame_core.kernel.state import Ctx
from pygame_core.kernel.text import Text, join, seat_name

Rec = dict[str, Any]
Effect = dict[str, Any]

_DIR = Path(__file__).parent / "data"
RES = ("wood", "stone", "gold", "chi")
KINDS = ("spear", "archer", "horse")
ICONS = ("blade", "scroll", "seal")
#: Every trigger a card ability may name (the spec's list); also the Tactic windows.
TRIGGERS = ("on_overseer_upgrade", "on_donate", "on_recruit", "on_build_wall", "on_build_barricade",
            "on_defeat_credit", "on_defeat_participate", "on_casualties", "on_breach", "on_hire_advisor",
            "on_summer", "on_command")
#: The effect ops the cards use (a subset of the spec's vocabulary, run by effects.py).
OPS = ("gain", "honor", "draw_tactic", "tea_up", "tea_top", "move_clerks", "attack_order", "recruit",
       "wound", "save", "discard_shame", "build", "hire")
HAND_LIMIT = 5  # L213
TRACK = 4  # L160
DRAFT_GENERALS = 2  # L152
DRAFT_ADVISORS = 2  # L154
ARTIFACTS_SHOWN = 3  # L138
#: Condition counts an Artifact may name (L679).
COUNTS = ("trophies", "advisors", "overseer_levels", "archers_on_wall", "clerks")

# --------------------------------------------------------------------------- texts
# Every Chinese literal sits under a "zh-Hant" key (tests/test_chinese_script.py then knows its script);
# Simplified is derived by :func:`hans`.

Z = dict[str, str]
"""A text in English and Traditional Chinese (``{"en", "zh-Hant"}``), before Simplified is derived."""


#: Traditional -> Simplified: the kernel's converter (tests/test_chinese_script.py reads this name).
hans = ktext.hans


def t(z: Z) -> Text:
    """A :data:`Text` from English and Traditional Chinese."""
    return {"en": z["en"], "zh-Hant": z["zh-Hant"], "zh-Hans": hans(z["zh-Hant"])}


_DOT: Z = {"en": ".", "zh-Hant": "。"}
_HIRES: Z = {"en": " hires ", "zh-Hant": "僱用"}


_AND: Z = {"en": " and ", "zh-Hant": ",並"}
_OR: Z = {"en": " or ", "zh-Hant": "或"}
_LIST: Z = {"en": ", ", "zh-Hant": "、"}
_PER_SUPPORTING: Z = {"en": " per Supporting Advisor", "zh-Hant": "每位副軍師"}
_PER_ICON: Z = {"en": " per {} icon among your Supporting Advisors", "zh-Hant": "副軍師每個「{}」圖示"}


def _cat(parts: list[Z], sep: Z) -> Z:
    return {lang: sep[lang].join(p[lang] for p in parts) for lang in ("en", "zh-Hant")}


_RES_NAME: dict[str, Z] = {
    "wood": {"en": "Wood", "zh-Hant": "木頭"}, "stone": {"en": "Stone", "zh-Hant": "石頭"},
    "gold": {"en": "Gold", "zh-Hant": "黃金"}, "chi": {"en": "Chi", "zh-Hant": "氣"},
}
_KIND_NAME: dict[str, Z] = {
    "spear": {"en": "spearman", "zh-Hant": "矛兵"}, "archer": {"en": "archer", "zh-Hant": "弓兵"},
    "horse": {"en": "horseman", "zh-Hant": "騎兵"},
}
_ICON_NAME: dict[str, Z] = {
    "blade": {"en": "Blade", "zh-Hant": "刀"}, "scroll": {"en": "Scroll", "zh-Hant": "卷"},
    "seal": {"en": "Seal", "zh-Hant": "印"},
}
_TRIGGER_TEXT: dict[str, Z] = {
    "on_overseer_upgrade": {"en": "When you upgrade an overseer", "zh-Hant": "升級監工時"},
    "on_donate": {"en": "When you donate", "zh-Hant": "捐獻時"},
    "on_recruit": {"en": "When you recruit a soldier", "zh-Hant": "招募士兵時"},
    "on_build_wall": {"en": "When you build a Wall level", "zh-Hant": "修築長城時"},
    "on_build_barricade": {"en": "When you build a barricade", "zh-Hant": "設置防禦工事時"},
    "on_defeat_credit": {"en": "When you take the credit for a defeated Horde card",
                         "zh-Hant": "獲得擊退功勳時"},
    "on_defeat_participate": {"en": "When your soldiers help defeat a Horde card",
                              "zh-Hant": "你的士兵參與擊退蒙軍卡時"},
    "on_casualties": {"en": "When your soldiers die", "zh-Hant": "你的士兵陣亡時"},
    "on_breach": {"en": "When a Wall is breached", "zh-Hant": "長城被突破時"},
    "on_hire_advisor": {"en": "When you hire an Advisor", "zh-Hant": "僱用軍師時"},
    "on_summer": {"en": "Each Summer", "zh-Hant": "每年夏季"},
    "on_command": {"en": "When your command card is resolved", "zh-Hant": "執行你的指揮卡時"},
}
#: A Tactic's window where the trigger's words do not fit a one-off card.
_WINDOW_TEXT: dict[str, Z] = {"on_summer": {"en": "In Summer", "zh-Hant": "夏季時"}}
_COUNT_TEXT: dict[str, Z] = {
    "trophies": {"en": "defeated Horde cards", "zh-Hant": "張擊退的蒙軍卡"},
    "advisors": {"en": "Advisors", "zh-Hant": "位軍師"},
    "overseer_levels": {"en": "overseer levels in total", "zh-Hant": "級監工等級(總和)"},
    "archers_on_wall": {"en": "archers on the Walls", "zh-Hant": "個長城上的弓兵"},
    "clerks": {"en": "clerks in play (not those waiting on the Imperial Envoy)",
               "zh-Hant": "個文官(不含在皇帝特使館等候的文官)"},
}


def _res_list(e: Effect) -> Z:
    parts = [{"en": f"{e[r]} {_RES_NAME[r]['en']}", "zh-Hant": f"{e[r]} {_RES_NAME[r]['zh-Hant']}"}
             for r in RES if e.get(r)]
    return _cat(parts, _LIST)


def effect_text(e: Effect) -> Z:
    """One effect in words."""
    op = e["op"]
    n = e.get("n", 1)
    s = "s" if n > 1 else ""
    free: Z = {"en": " for free", "zh-Hant": "免費"} if e.get("free") else {"en": "", "zh-Hant": ""}
    fe, fz = free["en"], free["zh-Hant"]
    if op == "gain":
        r = _res_list(e)
        return {"en": f"gain {r['en']}", "zh-Hant": f"獲得 {r['zh-Hant']}"}
    if op == "honor":
        return {"en": f"gain {n} Honor", "zh-Hant": f"獲得 {n} 點榮譽"}
    if op == "draw_tactic":
        return {"en": f"draw {n} Tactic{s}", "zh-Hant": f"抽 {n} 張戰術卡"}
    if op == "tea_up":
        return {"en": f"move up {n} on the tea track", "zh-Hant": f"茶序上升 {n} 位"}
    if op == "tea_top":
        return {"en": "move to the top of the tea track", "zh-Hant": "移到茶序最上方"}
    if op == "move_clerks":
        if n == 1:
            return {"en": "move 1 of your clerks", "zh-Hant": "移動 1 個文官"}
        return {"en": f"move up to {n} clerks to different locations",
                "zh-Hant": f"移動最多 {n} 個文官到不同地點"}
    if op == "attack_order":
        return {"en": "your rest-area soldiers attack their own section",
                "zh-Hant": "休息區的士兵攻擊同區的蒙軍卡"}
    if op == "recruit":
        k = _cat([_KIND_NAME[k] for k in e.get("kinds") or KINDS], _OR)
        return {"en": f"recruit 1 {k['en']}{fe}", "zh-Hant": f"{fz}招募 1 個{k['zh-Hant']}"}
    if op == "wound":
        where = "s on vital spots" if n > 1 else " on a vital spot"
        return {"en": f"put {n} wound{where}", "zh-Hant": f"在致命部位放置 {n} 個受傷標記"}
    if op == "save":
        if e.get("all"):
            return {"en": "save every dying soldier", "zh-Hant": "拯救所有陣亡的士兵"}
        return {"en": f"save {n} dying soldier{s} for free", "zh-Hant": f"免費拯救 {n} 個陣亡的士兵"}
    if op == "discard_shame":
        return {"en": f"discard {n} shame token{s}{fe}", "zh-Hant": f"{fz}棄置 {n} 個恥辱標記"}
    if op == "build":
        if e["what"] == "wall":
            return {"en": f"build a Wall level{fe}", "zh-Hant": f"{fz}修築 1 級長城"}
        return {"en": f"build a barricade{fe}", "zh-Hant": f"{fz}設置 1 個防禦工事"}
    if op == "hire":
        if e["what"] == "clerk":
            return {"en": f"hire a clerk{fe}", "zh-Hant": f"{fz}僱用 1 個文官"}
        return {"en": f"hire an Advisor{fe}", "zh-Hant": f"{fz}僱用 1 位軍師"}
    raise ValueError(f"no text for op {op!r}")


def _effects_text(effects: list[Effect]) -> Z:
    return _cat([effect_text(e) for e in effects], _AND)


def _trigger_text(trigger: str, when: dict[str, Any] | None) -> Z:
    if trigger == "on_recruit" and when and "kind" in when:
        k = _KIND_NAME[when["kind"]]
        art = "an" if when["kind"] == "archer" else "a"
        return {"en": f"When you recruit {art} {k['en']}", "zh-Hant": f"招募{k['zh-Hant']}時"}
    if trigger == "on_donate" and when and "res" in when:
        r = _RES_NAME[when["res"]]
        return {"en": f"When you donate {r['en']}", "zh-Hant": f"捐獻{r['zh-Hant']}時"}
    return _TRIGGER_TEXT[trigger]


def describe_ability(ab: Rec) -> Text:
    """A General's or an Advisor's ability in words: trigger, effects, scaling."""
    tr, ef = _trigger_text(ab["trigger"], ab.get("when")), _effects_text(ab["effects"])
    en, zh = ef["en"], ef["zh-Hant"]
    if ab.get("per_supporting"):
        en, zh = en + _PER_SUPPORTING["en"], _PER_SUPPORTING["zh-Hant"] + zh
    elif ab.get("per_icon"):
        i = _ICON_NAME[ab["per_icon"]]
        en, zh = en + _PER_ICON["en"].format(i["en"]), _PER_ICON["zh-Hant"].format(i["zh-Hant"]) + zh
    return t({"en": f"{tr['en']}: {en}.", "zh-Hant": f"{tr['zh-Hant']}:{zh}。"})


def describe_tactic(c: Rec) -> Text:
    w = _WINDOW_TEXT.get(c["window"]) or _TRIGGER_TEXT[c["window"]]
    b, enh = _effects_text(c["basic"]), c["enhanced"]
    x, chi = _effects_text(enh["effects"]), enh["chi"]
    return t({"en": f"{w['en']}: {b['en']}. Enhanced ({chi} Chi): {x['en']}.",
              "zh-Hant": f"{w['zh-Hant']}:{b['zh-Hant']}。強化({chi} 氣):{x['zh-Hant']}。"})


def describe_artifact(c: Rec) -> Text:
    n, honor = c["condition"]["at_least"], c["honor"]
    what = _COUNT_TEXT[c["condition"]["count"]]
    return t({"en": f"At the end, with at least {n} {what['en']}: {honor} Honor.",
              "zh-Hant": f"遊戲結束時,擁有至少 {n} {what['zh-Hant']}:獲得 {honor} 點榮譽。"})


def describe_start(c: Rec) -> Text:
    r, n, tea = _res_list(c["start"]), c["start"].get("tactics", 0), c["tea"]
    return t({"en": f"Start: {r['en']}, {n} Tactic{'s' if n != 1 else ''}; tea {tea}.",
              "zh-Hant": f"起始:{r['zh-Hant']}、{n} 張戰術卡;茶值 {tea}。"})


def describe(kind: str, c: Rec) -> Text:
    """The text a card shows (the data files hold it; tests check they agree)."""
    if kind == "generals":
        a, s = describe_ability(c["ability"]), describe_start(c)
        return {lang: s[lang] + (" " if lang == "en" else "") + a[lang] for lang in a}
    if kind == "advisors":
        return describe_ability(c["ability"])
    if kind == "tactics":
        return describe_tactic(c)
    return describe_artifact(c)


# --------------------------------------------------------------------------- data

FILES = {"generals": "generals", "advisors": "advisors", "tactics": "tactics", "artifacts": "artifacts"}


@cache
def _table(kind: str) -> dict[str, Rec]:
    with open(_DIR / f"{kind}.json", encoding="utf-8") as fh:
        raw = json.load(fh)
    return {c["id"]: c for c in raw[kind]}


def generals() -> dict[str, Rec]:
    return _table("generals")


def advisors() -> dict[str, Rec]:
    return _table("advisors")


def tactics() -> dict[str, Rec]:
    return _table("tactics")


def artifacts() -> dict[str, Rec]:
    return _table("artifacts")


#: cards of another deck by kind (the co-op Generals and Tactics, modes' coop.py): found by id, never
#: listed by generals() / tactics()
EXTRA: dict[str, dict[str, Rec]] = {}


def _get(kind: str, cid: str) -> Rec:
    try:
        return _table(kind)[cid]
    except KeyError:
        if cid in EXTRA.get(kind, {}):
            return EXTRA[kind][cid]
        raise IllegalAction(f"unknown {kind[:-1]} {cid!r}", "malformed") from None


def general(gid: str) -> Rec:
    return _get("generals", gid)


def advisor(aid: str) -> Rec:
    return _get("advisors", aid)


def tactic(tid: str) -> Rec:
    return _get("tactics", tid)


def artifact(aid: str) -> Rec:
    return _get("artifacts", aid)


def name(cid: str) -> Text:
    """Any card's name by id."""
    for kind in FILES:
        if cid in _table(kind):
            return dict(_table(kind)[cid]["name"])
        if cid in EXTRA.get(kind, {}):  # co-op's Generals and Tactics
            return dict(EXTRA[kind][cid]["name"])
    raise KeyError(cid)


# --------------------------------------------------------------------------- setup (L138, L150-170)


def setup(ctx: Ctx) -> None:
    """Setup steps 4 (3 Artifacts face up, L138), 9 (the Tactic deck, L150), 10-11 (deal 2 Generals
    and 2 Advisors to each seat, face down, L152-154: ``players[s]["draft"]``). The draft decision
    (step 12) is core's to push; :func:`finish_draft` does steps 13 and 15 after it."""
    g, rng = ctx.data, ctx.rng
    arts = sorted(artifacts())
    rng.shuffle(arts)
    g["artifacts"] = arts[:ARTIFACTS_SHOWN]
    tac = sorted(tactics())
    rng.shuffle(tac)
    g["tactic_deck"], g["tactic_discard"] = tac, []
    gens = sorted(generals())
    rng.shuffle(gens)
    advs = sorted(advisors())
    rng.shuffle(advs)
    for p in g["players"]:
        p.setdefault("general", None)
        p.setdefault("active", [])
        p.setdefault("supporting", [])
        p.setdefault("tactics", [])
        p["draft"] = {"generals": [gens.pop() for _ in range(DRAFT_GENERALS)],
                      "advisors": [advs.pop() for _ in range(DRAFT_ADVISORS)]}
    g["advisor_deck"], g["advisor_discard"], g["advisor_track"] = advs, [], []


def draft_options(g: Rec, seat: int) -> Rec:
    """The cards dealt to ``seat`` for the draft (hidden from the other seats)."""
    d = g["players"][seat].get("draft")
    return {"generals": list(d["generals"]), "advisors": list(d["advisors"])} if d else {}


def draft_legal(g: Rec, seat: int) -> list[Rec]:
    """The answers to the draft: keep 1 of the 2 Generals, 1 Advisor Active and the other Supporting
    (L156)."""
    d = g["players"][seat].get("draft")
    if not d:
        return []
    a, b = d["advisors"]
    return [{"type": "draft", "general": gid, "active": act, "supporting": sup}
            for gid in d["generals"] for act, sup in ((a, b), (b, a))]


def apply_draft(ctx: Ctx, seat: int, choice: Rec) -> None:
    """Keep the chosen General (the other goes back to the box, L152), the Active Advisor face up and the
    Supporting one face down under the General (L156)."""
    g = ctx.data
    if choice not in draft_legal(g, seat):
        raise IllegalAction("that is not a choice of the cards you were dealt", "not_legal")
    p = g["players"][seat]
    p["general"] = choice["general"]
    p["active"] = [choice["active"]]
    p["supporting"] = [choice["supporting"]]
    del p["draft"]


def resolve_draft(ctx: Ctx, answers: dict[str, Rec]) -> None:
    """The sealed draft decision's answers, every seat at once (``answers[str(seat)]``), then
    :func:`finish_draft`."""
    for key in sorted(answers, key=int):
        apply_draft(ctx, int(key), answers[key])
    for s, p in enumerate(ctx.data["players"]):
        ctx.log(join(seat_name(s), t({"en": " keeps ", "zh-Hant": "保留將軍"}), general(p["general"])["name"],
                     t(_DOT)))
    finish_draft(ctx)


def finish_draft(ctx: Ctx) -> None:
    """Step 13: reveal 4 Advisors onto the track (L160); step 15: each seat's starting resources and
    Tactics from its General (L164)."""
    g = ctx.data
    _refill_track(ctx)
    for s, p in enumerate(g["players"]):
        start = start_resources(g, s)
        for r in RES:
            p["res"][r] = p["res"].get(r, 0) + start[r]
        draw_tactics(ctx, s, start["tactics"])


def start_resources(g: Rec, seat: int) -> dict[str, int]:
    """The kept General's starting resources and Tactic count (L164, L179): ``{wood, stone, gold, chi,
    tactics}``."""
    s = general(g["players"][seat]["general"])["start"]
    return {**{r: s.get(r, 0) for r in RES}, "tactics": s.get("tactics", 0)}


def tea_order(g: Rec) -> list[int]:
    """The tea order from the Generals' tea values, top first: the highest value on top (L170, L276).
    Values are all different (ruling A33), so there are no ties."""
    return sorted(range(len(g["players"])), key=lambda s: -general(g["players"][s]["general"])["tea"])


# --------------------------------------------------------------------------- abilities


def supporting_count(g: Rec, seat: int) -> int:
    return len(g["players"][seat]["supporting"])


def icons(g: Rec, seat: int) -> dict[str, int]:
    """The back icons of the seat's Supporting Advisors (public, L156, L191)."""
    out = dict.fromkeys(ICONS, 0)
    for a in g["players"][seat]["supporting"]:
        for i in advisor(a)["icons"]:
            out[i] += 1
    return out


def general_scale(g: Rec, seat: int) -> int:
    """How many times the seat's General's ability applies now: its Supporting Advisors, or the back
    icons it counts (L181, L191)."""
    gid = g["players"][seat]["general"]
    if gid is None:
        return 0
    return _scale(g, seat, general(gid)["ability"])


def _scale(g: Rec, seat: int, ab: Rec) -> int:
    if ab.get("per_supporting"):
        return supporting_count(g, seat)
    if ab.get("per_icon"):
        return icons(g, seat)[ab["per_icon"]]
    return 1


def scaled(effect: Effect, k: int) -> Effect:
    """``effect`` with its numbers multiplied by ``k`` (``n`` defaults to 1; flags stay)."""
    out = dict(effect)
    for key, v in effect.items():
        if isinstance(v, int) and not isinstance(v, bool):
            out[key] = v * k
    if "n" not in out and effect["op"] in ("honor", "draw_tactic", "tea_up", "move_clerks", "wound",
                                           "save", "discard_shame") and not effect.get("all"):
        out["n"] = k
    return out


def _matches(when: dict[str, Any] | None, info: dict[str, Any]) -> bool:
    for key, want in (when or {}).items():
        have = info.get(key)
        if have != want and not (isinstance(want, list) and have in want):
            return False
    return True


def fire(ctx: Ctx | Rec, trigger: str, seat: int, **info: Any) -> list[tuple[int, list[Effect]]]:
    """The effects a trigger gives: the seat's General (scaled by its Supporting Advisors or their
    icons, L181, L191, L193) and each of its Active Advisors (L189), in that order. ``info`` is what the
    trigger knows (e.g. ``kind`` for ``on_recruit``), matched against an ability's ``when``. Abilities
    only ever touch their owner (rule of thumb, L476). The caller runs the list as one batch (L480)."""
    if trigger not in TRIGGERS:
        raise ValueError(f"unknown trigger {trigger!r}")
    g = ctx.data if isinstance(ctx, Ctx) else ctx
    p = g["players"][seat]
    out: list[tuple[int, list[Effect]]] = []
    abilities: list[tuple[Rec, int]] = []
    if p.get("general"):
        ab = general(p["general"])["ability"]
        abilities.append((ab, _scale(g, seat, ab)))
    for a in p.get("active", []):
        ab = advisor(a)["ability"]
        abilities.append((ab, _scale(g, seat, ab)))
    for ab, k in abilities:
        if ab["trigger"] != trigger or not _matches(ab.get("when"), info) or k <= 0:
            continue
        out.append((seat, [scaled(e, k) for e in ab["effects"]]))
    return out


# --------------------------------------------------------------------------- Tactics (L213-215, L462-480)


def draw_tactics(ctx: Ctx, seat: int, n: int) -> list[str]:
    """Draw ``n`` Tactics into ``seat``'s hand, reshuffling the discard when the deck runs out (L215,
    L456). Over the hand limit of 5 the seat must discard the excess at once (L213): a
    ``tactic_discard`` decision for that seat (answers ``{"type": "discard_tactic", "card": id}``)."""
    g = ctx.data
    drawn = decks.draw_n(ctx.rng, g["tactic_deck"], n, g["tactic_discard"])
    hand = g["players"][seat]["tactics"]
    hand.extend(drawn)
    if drawn:
        ctx.reveal()
        n = len(drawn)
        ctx.log(join(seat_name(seat), t({"en": f" draws {n} Tactic(s).", "zh-Hant": f"抽 {n} 張戰術卡。"})))
    if len(hand) > HAND_LIMIT and not any(d["kind"] == "tactic_discard" and d["seats"] == [seat]
                                          for d in decisions.stack(g)):
        decisions.push(g, "tactic_discard", [seat])
    return drawn


def hand_excess(g: Rec, seat: int) -> int:
    return max(0, len(g["players"][seat]["tactics"]) - HAND_LIMIT)


def discard_legal(g: Rec, seat: int) -> list[Rec]:
    if not hand_excess(g, seat):
        return []
    return [{"type": "discard_tactic", "card": c} for c in g["players"][seat]["tactics"]]


def discard_tactic(ctx: Ctx, seat: int, card: str) -> None:
    """Discard one Tactic from the hand (the hand-limit decision's answer)."""
    g = ctx.data
    hand = g["players"][seat]["tactics"]
    if not hand_excess(g, seat) or card not in hand:
        raise IllegalAction("you cannot discard that Tactic now", "not_legal")
    hand.remove(card)
    g["tactic_discard"].append(card)
    ctx.reveal()
    ctx.log(join(seat_name(seat), t({"en": " discards ", "zh-Hant": "棄置"}), tactic(card)["name"], t(_DOT)))


def decision_legal(g: Rec, d: Rec, seat: int) -> list[Rec]:
    """Answers to the decisions this module pushes (``draft``, ``tactic_discard``)."""
    if d["kind"] == "draft":
        return draft_legal(g, seat)
    if d["kind"] == "tactic_discard":
        return discard_legal(g, seat)
    raise ValueError(f"not a cards decision: {d['kind']!r}")


def decide(ctx: Ctx, d: Rec, seat: int, action: Rec) -> None:
    """Apply an answer to a ``tactic_discard`` decision (the sealed draft resolves through
    :func:`resolve_draft`); the decision is popped when the hand is back to 5."""
    if d["kind"] != "tactic_discard":
        raise ValueError(f"not a cards decision: {d['kind']!r}")
    discard_tactic(ctx, seat, str(action.get("card")))
    if not hand_excess(ctx.data, seat):
        decisions.pop(ctx.data, d)


#: The windows a "location" decision (core: using a location, "pass" always possible) opens.
_LOCATION_WINDOWS = {"builders_camp": ("on_build_wall", "on_build_barricade"),
                     "imperial_envoy": ("on_hire_advisor",), "barracks": ("on_recruit",)}


def _top(g: Rec) -> Rec | None:
    st = decisions.stack(g)
    return st[-1] if st else None


def open_windows(g: Rec, seat: int, moment: str) -> set[str]:
    """The Tactic windows (trigger names) open for ``seat`` at ``moment``: a trigger name itself, or the
    engine's moment (core's ``views.window``: the top decision's kind, else the season), read with the
    top decision, which must be the seat's (see data/README.md, "Triggers and Tactic windows")."""
    if moment in TRIGGERS:
        return {moment}
    d = _top(g)
    out: set[str] = set()
    if moment == "casualties":  # war asks before pushing its decision, then again while it is up
        out.add("on_casualties")
        if d is None or d["kind"] != "casualties":
            out.add("on_breach" if g.get("season") == "winter" else "on_defeat_participate")
    if d is None or seat not in d["seats"]:
        return out
    kind = d["kind"]
    if kind == "casualties":
        out.add("on_casualties")
        if d.get("event") == "breach":
            out.add("on_breach")
        elif d.get("event") == "defeat":
            out.add("on_defeat_participate")
            held = {x["card"] for x in g["players"][seat].get("trophies", [])}
            if any(grp.get("card") in held for grp in d.get("groups", [])):
                out.add("on_defeat_credit")
    elif kind == "deploy" and d.get("source") == "recruit":
        out.add("on_recruit")
    elif kind == "location":
        out.update(_LOCATION_WINDOWS.get(str(d.get("loc")), ()))
    elif kind == "donate":  # a production location's last step (after the upgrades, L351-388)
        out.update(("on_overseer_upgrade", "on_donate"))
    elif kind == "clerks":
        turn = g.get("turn")
        if isinstance(turn, dict) and turn.get("seat") == seat:  # the active player's command step
            out.add("on_command")
    elif kind == "retrieve":  # Summer's last step (L602)
        out.add("on_summer")
    return out


def tactics_playable(g: Rec, seat: int, window: str) -> list[Rec]:
    """The Tactics ``seat`` may play now (L464): ``window`` is a trigger name or the engine's moment
    (:func:`open_windows`). Each card's basic effect (free), and its enhanced one when the seat holds
    the Chi now (L464, L480). One Tactic per seat per decision (L466)."""
    p = g["players"][seat]
    d = _top(g)
    if window not in TRIGGERS and d is not None and seat in d.get("tactics_played", []):
        return []  # a trigger's window is its own decision (core's "tactic"), one answer each
    windows = open_windows(g, seat, window)
    saving = any(x["kind"] == "casualties" and seat in x["seats"] for x in decisions.stack(g))
    out: list[Rec] = []
    for c in p["tactics"]:
        card = tactic(c)
        if card["window"] not in windows:
            continue
        if saving or not _only_saves(card["basic"]):
            out.append({"type": "tactic", "card": c, "enhanced": False})
        if p["res"].get("chi", 0) >= card["enhanced"]["chi"] and (
                saving or not _only_saves(card["enhanced"]["effects"])):
            out.append({"type": "tactic", "card": c, "enhanced": True})
    return out


def _only_saves(effects: list[Effect]) -> bool:
    """Effects that do nothing outside an open casualty event (a save counts in that event, L472)."""
    return all(e["op"] == "save" for e in effects)


def play_tactic(ctx: Ctx, seat: int, action: Rec, window: str | None = None) -> list[Effect]:
    """Play a Tactic: it goes to the discard; the basic effect is free, the enhanced one costs its Chi
    (L464). Returns the effects for the caller to run."""
    g = ctx.data
    p = g["players"][seat]
    cid = action.get("card")
    enhanced = action.get("enhanced")
    if not isinstance(cid, str) or cid not in p["tactics"] or not isinstance(enhanced, bool):
        raise IllegalAction("you do not hold that Tactic", "not_legal")
    card = tactic(cid)
    top = _top(g)
    moment = window not in TRIGGERS  # None: the engine's current moment
    if moment and top is not None and seat in top.get("tactics_played", []):
        raise IllegalAction("one Tactic at a time: you have played one at this moment", "not_legal")
    if window is not None and card["window"] not in open_windows(g, seat, window):
        raise IllegalAction("that Tactic cannot be played now", "not_legal")
    if enhanced:
        cost = card["enhanced"]["chi"]
        if p["res"].get("chi", 0) < cost:
            raise IllegalAction(f"the enhanced effect costs {cost} Chi", "not_legal")
        p["res"]["chi"] -= cost
    p["tactics"].remove(cid)
    g["tactic_discard"].append(cid)
    ctx.reveal()  # a card from a hidden hand: no undo past it
    if moment and top is not None and seat in top["seats"]:
        top.setdefault("tactics_played", []).append(seat)  # one per decision (L466)
    how = t({"en": " (enhanced)", "zh-Hant": "(強化)"}) if enhanced else t({"en": "", "zh-Hant": ""})
    ctx.log(join(seat_name(seat), t({"en": " plays ", "zh-Hant": "打出"}), card["name"], how, t(_DOT)))
    return [dict(e) for e in (card["enhanced"]["effects"] if enhanced else card["basic"])]


# --------------------------------------------------------------------------- the Advisor track


def hire_advisor_cost(g: Rec, seat: int) -> int:
    """Gold to hire an Advisor: the Advisors owned (Active and Supporting) + 1 (L436)."""
    p = g["players"][seat]
    return len(p["active"]) + len(p["supporting"]) + 1


def advisor_choices(g: Rec, seat: int, free: bool = False) -> list[Rec]:
    """What ``seat`` may hire now: any track card (A5), as Active or Supporting (L436), if it can pay."""
    if not free and g["players"][seat]["res"].get("gold", 0) < hire_advisor_cost(g, seat):
        return []
    return [{"advisor": a, "as": as_} for a in g["advisor_track"] for as_ in ("active", "supporting")]


def _refill_track(ctx: Ctx) -> None:
    """Fill the track to 4 from the right (L160, L444, L588). An empty deck takes the shuffled discard
    (authored ruling, as for Tactics L215)."""
    g = ctx.data
    while len(g["advisor_track"]) < TRACK:
        a = decks.draw(ctx.rng, g["advisor_deck"], g["advisor_discard"])
        if a is None:
            break
        g["advisor_track"].append(a)
        ctx.reveal()


def take_advisor(ctx: Ctx, seat: int, aid: str, as_: str, *, free: bool = False) -> None:
    """Hire ``aid`` from the track as ``"active"`` or ``"supporting"``, for good (L187, L436): pay
    (Advisors owned + 1) Gold unless ``free`` (a ``hire {free: true}`` effect), then slide the track
    left and fill its right end (L444). The log names a Supporting Advisor only to its owner (it goes
    face down)."""
    g = ctx.data
    p = g["players"][seat]
    if aid not in g["advisor_track"]:
        raise IllegalAction("that Advisor is not on the track", "not_legal")
    if as_ not in ("active", "supporting"):
        raise IllegalAction("an Advisor is taken as active or supporting", "malformed")
    cost = 0 if free else hire_advisor_cost(g, seat)
    if p["res"].get("gold", 0) < cost:
        raise IllegalAction(f"hiring an Advisor costs {cost} Gold", "not_legal")
    p["res"]["gold"] -= cost
    g["advisor_track"].remove(aid)
    p[as_].append(aid)
    nm = advisor(aid)["name"]
    if as_ == "active":
        as_active = t({"en": " as an Active Advisor.", "zh-Hant": "為正軍師。"})
        ctx.log(join(seat_name(seat), t(_HIRES), nm, as_active))
    else:
        others = join(seat_name(seat), t({"en": " hires a Supporting Advisor.",
                                           "zh-Hant": "僱用 1 位副軍師。"}))
        mine = t({"en": " as a Supporting Advisor.", "zh-Hant": "為副軍師。"})
        ctx.log(join(seat_name(seat), t(_HIRES), nm, mine), to=[seat], others=others)
    _refill_track(ctx)


def spring_refresh(ctx: Ctx) -> None:
    """Spring step 3: discard the 2 leftmost track cards, slide the rest left, refill the right (L588)."""
    g = ctx.data
    gone, g["advisor_track"] = g["advisor_track"][:2], g["advisor_track"][2:]
    g["advisor_discard"].extend(gone)
    _refill_track(ctx)


# --------------------------------------------------------------------------- Artifacts (L679)


def count(g: Rec, seat: int, what: str) -> int:
    """The counts an Artifact condition reads."""
    p = g["players"][seat]
    if what == "trophies":
        return len(p.get("trophies", []))
    if what == "advisors":
        return len(p["active"]) + len(p["supporting"])
    if what == "overseer_levels":
        return sum(o["level"] for o in p.get("overseers", {}).values())
    if what == "archers_on_wall":
        return sum(1 for sec in g.get("sections", []) for s in sec.get("firing", []) if s == seat)
    if what == "clerks":
        return 8 - p.get("envoy", 0)  # 8 clerks each (L140), minus those still on the Envoy (L162)
    raise ValueError(f"unknown count {what!r}")


def artifact_score(g: Rec, seat: int) -> list[tuple[str, int]]:
    """Final scoring step 3: each face-up Artifact whose condition ``seat`` meets gives its Honor
    (L679)."""
    out = []
    for a in g.get("artifacts", []):
        c = artifact(a)
        if count(g, seat, c["condition"]["count"]) >= c["condition"]["at_least"]:
            out.append((a, c["honor"]))
    return out


# --------------------------------------------------------------------------- views


def public(g: Rec, seat: int) -> Rec:
    """What every seat sees of ``seat``'s cards: General, Active Advisors, the count and back icons of
    the Supporting ones (L156, L191), the size of the Tactic hand."""
    p = g["players"][seat]
    return {"general": p.get("general"), "active": list(p.get("active", [])),
            "supporting": len(p.get("supporting", [])), "icons": icons(g, seat),
            "tactics": len(p.get("tactics", [])), "drafting": "draft" in p}


def private(g: Rec, seat: int) -> Rec:
    """What ``seat`` itself also sees: its Supporting Advisors, its Tactics, its draft cards."""
    p = g["players"][seat]
    out = {**public(g, seat), "supporting_ids": list(p.get("supporting", [])),
           "hand": list(p.get("tactics", []))}
    if "draft" in p:
        out["draft"] = draft_options(g, seat)
    return out


def secret_ids(g: Rec, seat: int) -> list[str]:
    """The card ids only ``seat`` may see: its Supporting Advisors, its Tactics and its draft cards."""
    p = g["players"][seat]
    d = p.get("draft") or {}
    return [*p.get("supporting", []), *p.get("tactics", []), *d.get("generals", []), *d.get("advisors", [])]


def secret_tokens(g: Rec, seat: int) -> list[str]:
    """What identifies ``seat``'s hidden cards (ids and names in every language), for core's
    ``_secret_tokens``: no other seat's view or log may contain them."""
    out: list[str] = []
    for cid in secret_ids(g, seat):
        out += [cid, *name(cid).values()]
    return sorted(set(out))


def redetermine(g: Rec, seat: int | None, rng: Rng) -> None:
    """Re-deal, in place, the cards ``seat`` cannot see, consistently with its view (for core's
    ``_redetermine``): the Tactic deck's order and the other seats' Tactic hands (counts kept); the
    Advisor deck, the other seats' Supporting Advisors and their draft Advisors, shuffled only among
    cards with the same back icons (those are public, L191); the other seats' draft Generals, with the
    Generals no one can see (those returned to the box, L152)."""
    others = [s for s in range(len(g["players"])) if s != seat]
    ps = g["players"]
    decks.redeal(rng, [(g["tactic_deck"], i) for i in range(len(g["tactic_deck"]))]
                 + [(ps[s]["tactics"], i) for s in others for i in range(len(ps[s]["tactics"]))])
    slots = [(g["advisor_deck"], i) for i in range(len(g["advisor_deck"]))]
    slots += [(ps[s]["supporting"], i) for s in others for i in range(len(ps[s]["supporting"]))]
    slots += [(ps[s]["draft"]["advisors"], i) for s in others if "draft" in ps[s] for i in range(2)]
    groups: dict[tuple[str, ...], list[decks.Slot]] = {}
    for box, k in slots:
        groups.setdefault(tuple(sorted(advisor(box[k])["icons"])), []).append((box, k))
    for sig in sorted(groups):
        decks.redeal(rng, groups[sig])
    gen_slots = [(ps[s]["draft"]["generals"], i) for s in others if "draft" in ps[s] for i in range(2)]
    if gen_slots:
        dealt = [box[k] for box, k in gen_slots]
        mine = (ps[seat].get("draft") or {}).get("generals", []) if seat is not None else []
        seen = {p.get("general") for p in ps} | set(mine) | set(dealt)
        # co-op deals from the base and the co-op Generals together (L905-907, coop.deal_coop_cards)
        every = set(generals()) | (set(EXTRA.get("generals", {})) if g.get("mode") == "coop" else set())
        pool = sorted(every - seen) + dealt
        rng.shuffle(pool)
        for (box, k), gid in zip(gen_slots, pool, strict=False):
            box[k] = gid
