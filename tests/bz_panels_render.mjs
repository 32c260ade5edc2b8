// Used by tests/brazil_imperial/test_panels.py: node bz_panels_render.mjs < [{view, legal, sel, lang}, ...]
// Draws Brazil: Imperial's panels (web/games/brazil_imperial/panels.js) for each case with the kit's step
// context (web/app/kit/panel.js) keyed by panelKeys, and writes for each: the three panels' HTML, and the
// label of every panel key of the legal list (panelKeyLabel).
globalThis.addEventListener ||= () => {}; // app/engage.js listens on the window
globalThis.document ||= { documentElement: {}, addEventListener: () => {} };
const root = new URL("../web/", import.meta.url);
const P = await import(new URL("games/brazil_imperial/panels.js", root));
const K = await import(new URL("app/kit/panel.js", root));
const I = await import(new URL("app/i18n.js", root));
let input = "";
for await (const chunk of process.stdin) input += chunk;
const out = [];
for (const d of JSON.parse(input)) {
  I.setLang(d.lang || "en", false);
  const R = {
    actionKeys: (a) => P.panelKeys(a) || [],
    keyLabel: (view, key) => P.panelKeyLabel(view, key) ?? key,
  };
  const ctx = K.stepContext(R, d.view, d.legal, d.sel || [], { primary: () => false, groupLabel: (g) => g });
  Object.assign(ctx, {
    names: d.view.empires.map((_, i) => `P${i + 1}`),
    rulesLink: (key) => `<a class="rules-q" data-rules-key="${key}">?</a>`,
    text: () => null,
    seatFirst: d.view.seat,
  });
  const labels = {};
  for (const li of d.legal)
    for (const k of P.panelKeys(li.action) || []) labels[k] = P.panelKeyLabel(d.view, k);
  out.push({
    empires: P.empireBoards(d.view, ctx),
    common: P.commonBoard(d.view, ctx),
    combat: P.combatBox(d.view, ctx),
    labels,
  });
}
process.stdout.write(JSON.stringify(out));
