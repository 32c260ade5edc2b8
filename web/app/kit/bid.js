// The kit's bid or sealed-choice form (docs/architecture.md, renderer contract): number fields whose
// values together name one legal action ({type, <field>: n, ...}); the button plays that action
// unchanged, and is disabled while no legal action matches. Nothing is decided here: the ranges come
// from the legal list.
//
//   const BID = bidKind({ name: "bid", type: "bid", fields: ["axe", "coin"] });
//   export const forms = { bid: BID.handler };              // the renderer's `forms` export
//   BID.form(ctx, { title, sealed: true, inputs: {axe: {label}}, submit: "Commit" })   // the markup
//
// What is typed stays in ctx.draft[name] until it is sent: the shell clears the draft when another
// seat looks (hotseat), so a neighbour never sees a sealed bid being typed. The form says whether the
// choice is sealed (the others see only that the seat has answered) or made in the open.
//
// A field may also be a choice among values that are not numbers (The Great Wall's sealed command
// card): give its input `choices: [{value, label}]` and it is drawn as radio buttons, one per value of
// the legal list (label: markup), the first checked until the player picks another (as a number
// field starts at its minimum).

import { t, esc } from "../i18n.js";

const lock = `<svg class="ico" viewBox="0 0 16 16" aria-hidden="true" focusable="false"><rect x="3" y="7" width="10" height="7.5" rx="1.2" fill="currentColor"/><path d="M5 7V5a3 3 0 0 1 6 0v2" fill="none" stroke="currentColor" stroke-width="1.6"/></svg>`;

/**
 * A kind of form. spec: `name` (the form's name, its key in the renderer's `forms`), `type` (the
 * action type it plays), `fields` (the action's number keys, one input each), optional `note(values,
 * data)` -> text shown live under the inputs (`data`: the form's data-* values, see form()), optional
 * `invalid` -> text shown while no legal action matches.
 */
export function bidKind({ name, type, fields, note = null, invalid = null }) {
  const items = (legal) => legal.filter((li) => li.action.type === type);
  const find = (legal, v) =>
    items(legal).find((li) => fields.every((f) => (li.action[f] ?? 0) === v[f])) || null;
  const readOne = (el) => {
    if (!el) return null;
    if (el.type === "number") return Math.floor(+el.value || 0);
    if (el.type === "radio") return el.checked ? el.value : null; // a single radio
    return el.value || null; // radio buttons: the checked one's value ("" when none)
  };
  const read = (form) => Object.fromEntries(fields.map((f) => [f, readOne(form.elements[f])]));
  const dataOf = (form) => ({ ...form.dataset });

  /** Update the form in place (no redraw while typing): note, button, warning. */
  function input(form, ctx) {
    const v = read(form);
    ctx.draft[name] = v;
    const li = find(ctx.legal, v);
    const n = form.querySelector("[data-role=bid-note]");
    if (n && note) n.textContent = note(v, dataOf(form));
    const b = form.querySelector("[data-role=bid-commit]");
    b.disabled = !li;
    if (li) {
      b.dataset.action = JSON.stringify(li.action);
      b.dataset.idx = String(ctx.legal.indexOf(li));
    } else {
      b.removeAttribute("data-action");
    }
    const w = form.querySelector("[data-role=bid-invalid]");
    if (w) w.hidden = !!li;
  }

  /**
   * The form's markup ("" when no legal action is of its type). Options: `title`; `sealed` (true: a
   * sealed choice); `inputs` ({field: {label (markup), testid}}); `submit` (the button's words); `data`
   * ({key: value} written as data-key on the form and given to note); `testid` (default "bid-form").
   */
  function form(ctx, { title, sealed, inputs = {}, submit, data = {}, testid = "bid-form" }) {
    const legal = items(ctx.legal);
    if (!legal.length) return "";
    const draft = ctx.draft[name] || {};
    const v = {};
    const rows = fields
      .map((f) => {
        const inp = inputs[f] || {};
        if (inp.choices) {
          const vals = new Set(legal.map((li) => li.action[f]));
          const first = inp.choices.find((c) => vals.has(c.value));
          v[f] = vals.has(draft[f]) ? draft[f] : first ? first.value : null; // as a number field's minimum
          const opts = inp.choices
            .filter((c) => vals.has(c.value))
            .map(
              (c) =>
                `<label class="kb-choice"><input type="radio" name="${esc(f)}" value="${esc(c.value)}"${c.value === v[f] ? " checked" : ""}` +
                `${inp.testid ? ` data-testid="${esc(inp.testid)}"` : ""}><span class="kb-choice-l">${c.label}</span></label>`,
            )
            .join("");
          return `<fieldset class="kb-choices"><legend>${inp.label ?? esc(f)}</legend>${opts}</fieldset>`;
        }
        const ns = legal.map((li) => li.action[f] ?? 0);
        const min = Math.min(...ns);
        const max = Math.max(...ns);
        v[f] = Math.min(Math.max(draft[f] ?? min, min), max);
        return (
          `<label class="kb-field">${inp.label ?? esc(f)}<input type="number" inputmode="numeric" name="${esc(f)}" min="${min}" max="${max}" value="${v[f]}"` +
          `${inp.testid ? ` data-testid="${esc(inp.testid)}"` : ""}></label>`
        );
      })
      .join("");
    const li = find(ctx.legal, v);
    const attrs = Object.entries(data)
      .map(([k, x]) => ` data-${esc(k)}="${esc(x)}"`)
      .join("");
    const how = sealed ? t("bid_sealed") : t("bid_open");
    return (
      `<form class="kit-bid${sealed ? " sealed" : " open"}" data-form="${esc(name)}" data-testid="${esc(testid)}" aria-label="${esc(title)}"${attrs}>` +
      `<h3 class="mini-h">${sealed ? `${lock} ` : ""}${esc(title)}</h3>` +
      `<p class="kb-how" data-testid="bid-how">${esc(how)}</p>` +
      `<div class="kb-fields">${rows}</div>` +
      (note
        ? `<p class="kb-note" data-role="bid-note" aria-live="polite">${esc(note(v, { ...data }))}</p>`
        : "") +
      `<button type="submit" class="btn primary" data-testid="bid-commit" data-role="bid-commit"` +
      `${li ? ` data-action="${esc(JSON.stringify(li.action))}" data-idx="${ctx.legal.indexOf(li)}"` : " disabled"}>${esc(submit)}</button>` +
      (invalid
        ? `<p class="warn-text" data-role="bid-invalid"${li ? " hidden" : ""}>${esc(invalid())}</p>`
        : "") +
      `</form>`
    );
  }

  return { form, handler: { input, submit: (f, ctx) => find(ctx.legal, read(f)) } };
}
