"""Redraws patch only what changed (web/app/morph.js), and the page ends as a fresh parse would make it."""

from __future__ import annotations

import pytest

from pygame_core import games
from tests.browser import app
from tests.browser.support import describe, wait_not_busy, wait_ready

pytestmark = pytest.mark.browser

# Markup in the order it is patched into one element: text beside elements, SVG with self-closing
# children, lists that grow and shrink, entities, and markup the parser rearranges (a list item left
# open, a <div> inside a <p>, a table without its <tbody>, "<div/>"), which must come out as parsed.
SEQUENCE = [
    "<b>x</b> ", "<b>x</b>", "<i>y</i> <b>z</b>", "<i>y</i>",
    '<svg><path d="1"/> <g><path d="2"/></g></svg>',
    '<svg><path d="1"/> <g><path d="3"/><path d="4"/></g>t</svg>',
    '<svg><path d="1"/><g><path d="3"/></g></svg>', "a<b>1</b>c<!--x-->", "<i>a</i><b>1</b><b>2</b>x",
    "<p>a</p>", "<table><tr><td>1</td></tr></table>", "<table><tr><td>2</td></tr></table>", "<div/>x",
    "<ul><li>1<li>2</ul>", "<ul><li>1</li><li>3</li></ul>", "<p><div>x</div></p>", "<p><div>y</div></p>",
    "<svg><g>a<rect/>b</g></svg>", "<svg><g>a<circle/><rect/>b</g></svg>", "<svg><g><rect/></g></svg>",
    "<b>&amp;x</b>", "<b>&lt;y</b>", "x <i>1</i> y", "x <b>1</b> y <i>2</i>",
    '<button data-x="a>b">1</button>', "<button data-x='c'>2</button><select><option>1</option></select>",
    '<svg><foreignObject><div/>1</foreignObject></svg>', '<svg><foreignObject><p>2</p></foreignObject></svg>',
    # attributes and text read without the parser: entities, quotes, case, repeats, odd ones parsed
    '<b title="a &amp; b" class=x>1 &lt; 2</b>',
    "<b title='&quot;q&#39;' class=\"y z\" hidden>&#x41;&#66;</b>",
    '<b title="&copy x" class="x" class="dup">&copy 2 &notin; &amp</b>', '<b data-v="1/">x&#0;y&#128;z</b>',
    '<svg viewbox="0 0 9 9" preserveAspectRatio="none"><rect X="1" Stroke-Width="2"/></svg>',
    '<svg viewBox="0 0 8 8" preserveaspectratio="xMidYMid"><rect x="2" xlink:href="#a"/></svg>',
    '<input value="a\rb" disabled><i>c\r\nd</i>', '<input value="ab"><i>cd</i>',
]


# The view the page holds (replies send only what changed: webapi "since", "same", "log_span") against the
# engine's whole view of the same seat, asked without a token (which leaves the session's token alone).
VIEW_OK = """() => {
    const s = window.pgcGame.session;
    const r = s.pgc.call("view", {sid: s.sid, seat: s.reply.view.seat, lang: document.documentElement.lang,
                                  save: false, log_lang: true});
    const canon = (x) => Array.isArray(x) ? x.map(canon) : (x && typeof x === 'object')
        ? Object.fromEntries(Object.keys(x).sort().map(k => [k, canon(x[k])])) : x;
    return r.ok && JSON.stringify(canon(r.result.view)) === JSON.stringify(canon(s.reply.view));
}"""


def test_patching_a_sequence_of_markup_gives_what_a_parse_gives(page, base_url):
    app.open_ready(page, f"{base_url}/index.html")
    got = page.evaluate("""async (seq) => {
        const { patchHTML } = await import('./app/morph.js');
        const el = document.createElement('div');
        document.body.append(el);
        const want = document.createElement('div');
        return seq.map((html) => {
            patchHTML(el, html);
            want.innerHTML = html;
            return el.isEqualNode(want) ? null : [html, el.innerHTML];
        });
    }""", SEQUENCE)
    assert [x for x in got if x] == []


@pytest.mark.parametrize("game", games.available())
def test_a_played_game_looks_as_freshly_drawn_after_every_redraw(page, base_url, game):
    """Every patch of a real game (moves, undos, pass-the-device) is checked against a parse of the
    same markup (morph.js with pgcMorphCheck set)."""
    page.add_init_script("window.pgcMorphCheck = true;")
    players = max(2, games.get(game).min_players)  # The Great Wall is for 3-4 players
    page.goto(f"{base_url}/{app.play_url(game, players=players, seed=5, humans=players)}")
    wait_ready(page)
    log_ok = """() => { const v = window.pgcGame.view, want = v.el.log.cloneNode(false);
        want.innerHTML = v.logHTML; return v.el.log.isEqualNode(want); }"""
    for i in range(30):
        if app.step(page) == "over":
            break
        if i % 5 == 4 and page.locator("[data-testid='undo']:not([disabled])").count():
            page.locator("[data-testid='undo']").click()
            wait_not_busy(page)
        assert page.evaluate(log_ok), f"the event log differs from its markup after step {i}"
        assert page.evaluate(VIEW_OK), f"the page's view is not the engine's after step {i}"
    bad = page.evaluate("window.pgcMorphBad || []")
    assert not bad, f"{len(bad)} redraws differ from a fresh parse, first: {bad[0]}; {describe(page)}"


def test_a_redraw_never_opens_or_closes_a_details_the_player_toggled(page, base_url):
    """The shell keeps a <details>' open state through redraws (a game draws it without ``open``):
    whether its open tag, its content or the markup around it changed, and when the patch parses the
    element whole. One the markup writes open stays closed once the player closed it."""
    app.open_ready(page, f"{base_url}/index.html")
    got = page.evaluate("""async () => {
        const { patchHTML } = await import('./app/morph.js');
        const el = document.createElement('div');
        document.body.append(el);
        const out = [];
        patchHTML(el, '<p>a</p><details class="x"><summary>s</summary>1</details>');
        el.querySelector('details').open = true;  // the player opens it
        for (const html of ['<p>b</p><details class="x"><summary>s</summary>2</details>',
                            '<p>b</p><details class="y"><summary>s</summary>3</details>',
                            '<ul><li>1<li>2</ul><details class="y"><summary>t</summary><div/>4</details>']) {
            patchHTML(el, html);
            out.push(el.querySelector('details').open);
        }
        const el2 = document.createElement('div');
        document.body.append(el2);
        patchHTML(el2, '<details open><summary>s</summary>1</details>');
        el2.querySelector('details').open = false;  // the player closes it
        patchHTML(el2, '<details open class="z"><summary>s</summary>2</details>');
        out.push(el2.querySelector('details').open);
        return out;
    }""")
    assert got == [True, True, True, False], got
