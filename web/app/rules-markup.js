// The small markup of rules texts (docs/rules-reference.md) -> HTML. Everything is escaped first, so a
// rules file can never inject markup. Blocks: paragraphs, "- " lists, "1. " lists, "| a | b |" tables
// (first row = header, "|---|" rows skipped), "### " subheadings. Inline: **bold**, [text](#section-id),
// [[ph:<phase kind>]] (a colour swatch of that phase).

import { esc } from "./i18n.js";

const KINDS = [
  ["h3", /^###\s+/],
  ["table", /^\|/],
  ["ul", /^[-*]\s+/],
  ["ol", /^\d+\.\s+/],
];

function kindOf(line) {
  for (const [kind, re] of KINDS) if (re.test(line)) return kind;
  return "p";
}

/** Inline markup of one line (escaped). */
export function inline(text) {
  return esc(text)
    .replace(/\[\[ph:([a-z_]+)\]\]/g, '<span class="ph-swatch ph-$1" aria-hidden="true"></span>')
    .replace(/\*\*(.+?)\*\*/g, "<strong>$1</strong>")
    .replace(/\[([^\]]+)\]\(#([a-z0-9][a-z0-9-]*)\)/g, '<a href="#$2">$1</a>');
}

function cells(line) {
  const parts = line.trim().replace(/^\|/, "").replace(/\|$/, "").split("|");
  return parts.map((c) => c.trim());
}

function block(kind, lines, opts) {
  if (kind === "h3") return `<h3>${inline(lines.map((l) => l.replace(KINDS[0][1], "")).join(" "))}</h3>`;
  if (kind === "p") return `<p>${inline(lines.join(" "))}</p>`;
  if (kind === "ul" || kind === "ol") {
    const re = kind === "ul" ? KINDS[2][1] : KINDS[3][1];
    const first = kind === "ol" ? parseInt(lines[0], 10) : 1;
    const start = kind === "ol" && first !== 1 ? ` start="${first}"` : "";
    return `<${kind}${start}>${lines.map((l) => `<li>${inline(l.replace(re, ""))}</li>`).join("")}</${kind}>`;
  }
  const rows = lines.filter((l) => !/^\|[\s:|-]+\|?\s*$/.test(l)).map(cells);
  const [head, ...body] = rows;
  const th = head.map((c) => `<th scope="col">${inline(c)}</th>`).join("");
  const tr = body.map((r) => `<tr>${r.map((c) => `<td>${inline(c)}</td>`).join("")}</tr>`).join("");
  const label = opts.tableLabel ? ` aria-label="${esc(opts.tableLabel)}"` : "";
  return `<div class="table-wrap" role="region" tabindex="0"${label}><table><thead><tr>${th}</tr></thead><tbody>${tr}</tbody></table></div>`;
}

/** HTML of a rules body. `opts.tableLabel`: accessible name of the (scrollable) table regions. */
export function renderMarkup(text, opts = {}) {
  const out = [];
  let kind = null;
  let lines = [];
  const flush = () => {
    if (lines.length) out.push(block(kind, lines, opts));
    kind = null;
    lines = [];
  };
  for (const raw of String(text || "").split("\n")) {
    const line = raw.trim();
    if (!line) {
      flush();
      continue;
    }
    const k = kindOf(line);
    if (k !== kind || k === "h3") flush();
    kind = k;
    lines.push(line);
  }
  flush();
  return out.join("");
}
