// Used by tests/test_kit_panel.py: node kit_panel_walk.mjs RENDER_JS KIT_JS < {view, legal, limit, sel}
// Walks the kit's action panel (web/app/kit/panel.js) with a game's hooks, breadth first from the
// selection `sel` through every step button, up to `limit` selections, and writes for each selection:
// the buttons shown, the actions listed, the steps with the count each shows and the candidates it
// really leaves, and the finishing bar.
globalThis.addEventListener ||= () => {}; // app/engage.js listens on the window
const R = await import(process.argv[2]);
const K = await import(process.argv[3]);
let input = "";
for await (const chunk of process.stdin) input += chunk;
const d = JSON.parse(input);
const primary = (a) => /^(done|end|end_turn|finish|pass_turn)$|_done$/.test(a.type);
const make = (sel) => K.stepContext(R, d.view, d.legal, sel, { primary, groupLabel: (g) => g });
const unesc = (s) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
const STEP = /data-key="([^"]*)"[^>]*>[^<]*(?:<span class="n">\((\d+)\)<\/span>)?/g;
const out = [];
const seen = new Set();
const queue = [d.sel || []];
while (queue.length && out.length < d.limit) {
  const sel = queue.shift();
  const { body, finish } = K.actionPanel(d.view, make(sel));
  const acts = [...body.matchAll(/data-action="([^"]*)"/g)].map((m) => unesc(m[1]));
  const steps = [...body.matchAll(STEP)].map((m) => ({ key: unesc(m[1]), n: m[2] ? +m[2] : 1 }));
  for (const s of steps) {
    const next = [...sel, s.key];
    s.left = make(next).selCandidates.length;
    if (!seen.has(next.join("|"))) {
      seen.add(next.join("|"));
      queue.push(next);
    }
  }
  out.push({
    sel,
    buttons: (body.match(/<button/g) || []).length,
    acts,
    steps,
    finish: finish.map((li) => JSON.stringify(li.action)),
  });
}
process.stdout.write(JSON.stringify(out));
