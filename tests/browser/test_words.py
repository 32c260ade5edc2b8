"""No word breaks in the middle (issue 16: "Engineerin/g Genius" on a phone): the home page, the rules
page and each game's page at 1366x768 and 390x844. Long words are made to fit (a card name's type
shrinks), never split; only a word longer than its whole line (a long player name) may break."""

from __future__ import annotations

import pytest

from pygame_core import games
from tests.browser import app
from tests.browser.support import wait_not_busy, wait_ready

pytestmark = pytest.mark.browser
SIZES = {"desktop": {"width": 1366, "height": 768}, "phone": {"width": 390, "height": 844}}

# every visible word of 4+ letters whose letters lie on more than one line
BROKEN = """() => {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!el || el.closest("[hidden], .sr-only, script, style, select")) continue;
    if (!el.getClientRects().length) continue;
    const re = /[A-Za-z]{4,}/g;
    let m;
    while ((m = re.exec(n.data))) {
      const top = (i) => { // the line of the word's letter i
        range.setStart(n, m.index + i);
        range.setEnd(n, m.index + i + 1);
        const rs = range.getClientRects(); // a letter after a soft hyphen also reports the hyphen's box
        const r = rs[rs.length - 1];
        return r ? Math.round(r.top + r.height / 2) : null;
      };
      const first = top(0);
      const last = top(m[0].length - 1);
      if (first != null && last != null && Math.abs(first - last) > 2) {
        out.push(`${m[0]} in .${el.className || el.tagName}`);
      }
    }
  }
  return [...new Set(out)];
}"""


@pytest.mark.parametrize("size", SIZES)
def test_no_word_breaks_mid_word_on_home_and_rules(page, base_url, size):
    page.set_viewport_size(SIZES[size])
    app.open_ready(page, f"{base_url}/index.html")
    assert page.evaluate(BROKEN) == []
    for gid in games.available():
        page.goto(f"{base_url}/rules.html?game={gid}")
        wait_ready(page)
        assert page.evaluate(BROKEN) == [], gid


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", games.available())
def test_no_word_breaks_mid_word_on_a_game_page(page, base_url, game, size):
    page.set_viewport_size(SIZES[size])
    page.goto(f"{base_url}/{app.play_url(game, players=3, seed=7, humans=1)}")
    wait_ready(page)
    wait_not_busy(page)
    assert page.evaluate(BROKEN) == []


@pytest.mark.parametrize("size", SIZES)
def test_the_longest_card_name_fits_its_card_in_the_card_row(page, base_url, size):
    """Through the Ages' card row with every card named after its longest word ("Transcontinental", 16
    letters), as its renderer writes it (a soft hyphen, --w the longest part): the name's type shrinks
    until a part fits, and the word breaks only at its hyphen."""
    game = "through_the_ages"
    page.set_viewport_size(SIZES[size])
    page.goto(f"{base_url}/{app.play_url(game, players=2, seed=1, humans=1)}")
    wait_ready(page)
    wait_not_busy(page)
    n = page.evaluate("""async () => {
        const R = await import('./games/through_the_ages/render.js');
        const name = R.softHyphens('Transcontinental Railroad');
        const w = /--w:(\\d+)/.exec(R.longWord(name));
        const names = document.querySelectorAll('.row-grid .tc-name');
        names.forEach((e) => { e.textContent = name; e.style.setProperty('--w', w[1]); });
        return names.length; }""")
    assert n >= 8
    assert page.evaluate(BROKEN) == []
