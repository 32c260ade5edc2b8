// Patch a live DOM subtree to match new markup, touching only the nodes that differ.
//
// Replacing a whole section with innerHTML makes the browser lay out every new node again; most
// redraws change a badge or a counter inside an otherwise identical section (an empire's 11
// locations stay as they were when its "to move" badge flips). Nodes that are equal are kept, so
// focus, scroll position and layout caches survive. Event handling is delegated to the page root,
// so no listener is ever lost.
//
// Children are matched by position: the common prefix is patched in place, extra old nodes are
// removed and extra new ones appended (a list that grows from 1 to 10 buttons keeps the first).
//
// Parsing is most of a patch's cost (a map of 35 KB and 570 elements takes ~3.5 ms), and most of a
// redraw's markup is the same text as last time. So patchHTML remembers the markup each element was
// last patched to, as a tree of text spans (scan), and parses only the parts whose text changed: an
// element whose markup is the same string as before is skipped without a look; one whose open tag
// changed gets its attributes patched; one whose content changed is walked into. Wherever the spans
// do not match the live nodes one to one (markup the parser would rearrange, a tree someone else
// changed), that element is parsed whole and patched as before, up to the whole element `el`.
// A <details>' open state is the player's: a patch never opens or closes one (a board draws none open).
// willKeep() answers, before any write, whether a given node will survive a patch, so the caller
// can let go of focus while layout is still clean (in Chromium every focus change lays out the page).

const tpl = document.createElement("template");
const probe = document.createElement("template");
const SVG_NS = "http://www.w3.org/2000/svg";
const VOID = new Set([
  "area",
  "base",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "link",
  "meta",
  "source",
  "track",
  "wbr",
]);
// elements whose content the parser reads otherwise (raw text, dropped newlines, other namespaces): never scanned
const OPAQUE = new Set([
  "script",
  "style",
  "textarea",
  "title",
  "pre",
  "listing",
  "xmp",
  "plaintext",
  "noscript",
  "noembed",
  "noframes",
  "iframe",
  "template",
  "math",
  "select",
]);
const NAME = /[A-Za-z][^\s/>]*/y;
const last = new WeakMap(); // element -> {html, tree}: the markup its children were last patched to
const ahead = new WeakMap(); // element -> {html, tree}: markup scanned (by willKeep) for its coming patch

/** The spans of `html`, the markup `el` is about to be patched to (scanned once for willKeep and the patch). */
function treeOf(el, html) {
  const a = ahead.get(el);
  if (a && a.html === html) return a.tree;
  const tree = scan(html, inSvg(el));
  ahead.set(el, { html, tree });
  return tree;
}

/** Make `el`'s children match `html`. */
export function patchHTML(el, html) {
  const before = last.get(el);
  const tree = before && before.html === html ? before.tree : treeOf(el, html);
  ahead.delete(el);
  if (!(before && before.tree && tree && patchKids(el, before.html, before.tree.kids, html, tree.kids))) {
    tpl.innerHTML = html;
    patchChildren(el, tpl.content);
    tpl.innerHTML = "";
  }
  last.set(el, { html, tree });
  if (globalThis.pgcMorphCheck) check(el, html);
}

/** Tests: does `el` hold what a parse of `html` holds (details' open state aside)? Else record it. */
function check(el, html) {
  const want = el.cloneNode(false);
  want.innerHTML = html;
  const got = el.cloneNode(true);
  for (const d of [...want.querySelectorAll("details"), ...got.querySelectorAll("details")])
    d.removeAttribute("open");
  if (!got.isEqualNode(want))
    (globalThis.pgcMorphBad ||= []).push({ got: got.innerHTML, want: want.innerHTML });
}

const inSvg = (el) => el.namespaceURI === SVG_NS && el.localName !== "foreignObject";

/**
 * The markup as a tree of spans: {kids: [{s, e} text | {s, e, comment} | {s, oe, ce, e, tag, kids}]}
 * (s/e: the node's start and end; oe: end of its open tag; ce: start of its close tag), or null for
 * markup it does not trust itself to read as the parser would (then the caller parses it).
 */
function scan(html, svg0) {
  const root = { kids: [], svg: svg0 };
  const stack = [root];
  const n = html.length;
  let i = 0;
  while (i < n) {
    const top = stack[stack.length - 1];
    const lt = html.indexOf("<", i);
    if (lt !== i) {
      const e = lt < 0 ? n : lt;
      top.kids.push({ s: i, e });
      if (lt < 0) break;
      i = lt;
    }
    if (html.startsWith("<!--", i)) {
      const j = html.indexOf("-->", i + 4);
      if (j < 0) return null;
      top.kids.push({ s: i, e: j + 3, comment: true });
      i = j + 3;
      continue;
    }
    if (html.charCodeAt(i + 1) === 47) {
      // a close tag: must close the open element
      const gt = html.indexOf(">", i);
      if (
        gt < 0 ||
        stack.length < 2 ||
        html
          .slice(i + 2, gt)
          .trim()
          .toLowerCase() !== top.tag
      )
        return null;
      stack.pop();
      top.ce = i;
      top.e = gt + 1;
      i = gt + 1;
      continue;
    }
    NAME.lastIndex = i + 1;
    const m = NAME.exec(html);
    if (!m) return null;
    const tag = m[0].toLowerCase();
    let j = i + 1 + m[0].length;
    for (let q = 0; j < n; j++) {
      // the open tag's end, outside quoted values
      const c = html.charCodeAt(j);
      if (q) {
        if (c === q) q = 0;
      } else if (c === 34 || c === 39) q = c;
      else if (c === 62) break;
    }
    if (j >= n) return null;
    const svg = top.svg || tag === "svg";
    if (OPAQUE.has(tag) && !(svg && tag === "title")) return null;
    const node = { s: i, oe: j + 1, tag, kids: [], svg: svg && tag !== "foreignobject" };
    top.kids.push(node);
    i = j + 1;
    const selfClosing = html.charCodeAt(j - 1) === 47;
    if (svg ? selfClosing : VOID.has(tag)) {
      node.ce = node.e = i;
    } else if (selfClosing) {
      return null; // "<div/>" opens a div in HTML: not worth reading
    } else {
      stack.push(node);
    }
  }
  return stack.length === 1 ? root : null;
}

/** Do the live children of `p` correspond one to one to the spans `kids` (same kinds, same tags)? */
function matches(p, kids) {
  const nodes = p.childNodes;
  if (nodes.length !== kids.length) return false;
  for (let i = 0; i < kids.length; i++) {
    const x = nodes[i];
    const k = kids[i];
    if (k.tag ? x.nodeType !== 1 || x.localName.toLowerCase() !== k.tag : x.nodeType !== (k.comment ? 8 : 3))
      return false;
  }
  return true;
}

/** `markup` parsed where children of `p` sit: the node that holds the result (in `tpl`). */
function parseIn(p, markup) {
  const svg = inSvg(p);
  tpl.innerHTML = svg ? `<svg>${markup}</svg>` : markup;
  return (svg ? tpl.content.firstChild : null) || tpl.content;
}

/** One node parsed from `markup` where a child of `p` sits, or null if it is not exactly one node. */
function parseOne(p, markup) {
  const box = parseIn(p, markup);
  const y = box.childNodes.length === 1 ? box.firstChild : null;
  if (y) y.remove();
  tpl.innerHTML = "";
  return y;
}

/**
 * Patch the children of `p` (made from spans `ok` of `O`) to the spans `nk` of `N`, parsing only what
 * changed. False (with `p` possibly half patched) when the spans cannot be trusted: the caller then
 * patches `p` from a parse of its whole markup, which repairs any half-done work.
 */
function patchKids(p, O, ok, N, nk) {
  if (!matches(p, ok)) return false;
  const nodes = [...p.childNodes];
  const n = Math.min(ok.length, nk.length);
  for (let i = 0; i < n; i++) {
    const a = ok[i];
    const b = nk[i];
    if (a.e - a.s === b.e - b.s && O.startsWith(N.slice(b.s, b.e), a.s)) continue; // the same markup
    const x = nodes[i];
    if (a.tag !== b.tag || !a.comment !== !b.comment) {
      // another kind of node: a new one
      const y = parseOne(p, N.slice(b.s, b.e));
      if (!y) return false;
      p.replaceChild(y, x);
      continue;
    }
    if (!b.tag) {
      const text = b.comment ? null : decode(N.slice(b.s, b.e));
      if (text != null) {
        x.data = text;
        continue;
      }
      const y = parseOne(p, N.slice(b.s, b.e));
      if (!y || y.nodeType !== x.nodeType) return false;
      x.data = y.data;
      continue;
    }
    const sameOpen = a.oe - a.s === b.oe - b.s && O.startsWith(N.slice(b.s, b.oe), a.s);
    const sameInner = a.ce - a.oe === b.ce - b.oe && O.startsWith(N.slice(b.oe, b.ce), a.oe);
    if (!sameOpen) {
      const attrs = attrsOf(N, b, x.namespaceURI === SVG_NS);
      if (attrs) {
        setAttrs(x, attrs);
      } else {
        const y = parseOne(p, N.slice(b.s, b.oe) + (b.ce === b.oe && b.e === b.oe ? "" : `</${b.tag}>`));
        if (!y || y.nodeType !== 1 || y.localName !== x.localName) return false;
        patchAttributes(x, y);
      }
    }
    if (!sameInner && !patchKids(x, O, a.kids, N, b.kids)) {
      const y = parseOne(p, N.slice(b.s, b.e));
      if (!y || y.nodeType !== 1 || y.localName !== x.localName) return false;
      patchAttributes(x, y);
      patchChildren(x, y);
    }
  }
  for (let i = ok.length - 1; i >= n; i--) nodes[i].remove();
  if (nk.length > n) {
    // the new nodes at the end, parsed together
    const box = parseIn(p, N.slice(nk[n].s, nk[nk.length - 1].e));
    const ok2 = box.childNodes.length === nk.length - n;
    if (ok2) p.append(...box.childNodes);
    tpl.innerHTML = "";
    if (!ok2) return false;
  }
  return true;
}

// Attributes and text read without the parser (a parse costs ~30 µs however small): only what the
// parser would read the same way; anything else (other entities, "\r", a name with ":") is parsed.
const ENTITY = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };
const ENTITIES = /&(?:#(\d{1,7})|#[xX]([\da-fA-F]{1,6})|([a-z]+));/g;
const ATTR = /[\t\n\f ]+([^\t\n\f />"'=]+)(?:=(?:"([^"]*)"|'([^']*)'|([^\t\n\f >"'=<`]+)))?/y;
// SVG attribute names the parser writes in camel case (the HTML spec's "adjust SVG attributes")
const SVG_CAMEL = new Map(
  [
    "attributeName",
    "attributeType",
    "baseFrequency",
    "baseProfile",
    "calcMode",
    "clipPathUnits",
    "diffuseConstant",
    "edgeMode",
    "filterUnits",
    "glyphRef",
    "gradientTransform",
    "gradientUnits",
    "kernelMatrix",
    "kernelUnitLength",
    "keyPoints",
    "keySplines",
    "keyTimes",
    "lengthAdjust",
    "limitingConeAngle",
    "markerHeight",
    "markerUnits",
    "markerWidth",
    "maskContentUnits",
    "maskUnits",
    "numOctaves",
    "pathLength",
    "patternContentUnits",
    "patternTransform",
    "patternUnits",
    "pointsAtX",
    "pointsAtY",
    "pointsAtZ",
    "preserveAlpha",
    "preserveAspectRatio",
    "primitiveUnits",
    "refX",
    "refY",
    "repeatCount",
    "repeatDur",
    "requiredExtensions",
    "requiredFeatures",
    "specularConstant",
    "specularExponent",
    "spreadMethod",
    "startOffset",
    "stdDeviation",
    "stitchTiles",
    "surfaceScale",
    "systemLanguage",
    "tableValues",
    "targetX",
    "targetY",
    "textLength",
    "viewBox",
    "viewTarget",
    "xChannelSelector",
    "yChannelSelector",
    "zoomAndPan",
  ].map((k) => [k.toLowerCase(), k]),
);

/** Markup text as the parser would read it, or null when unsure. */
function decode(s) {
  if (s.includes("\r") || s.includes("\0")) return null;
  if (!s.includes("&")) return s;
  let sure = true;
  const out = s.replace(ENTITIES, (m, dec, hex, name) => {
    if (name) {
      if (ENTITY[name] == null) sure = false;
      return ENTITY[name] ?? m;
    }
    const c = dec ? +dec : parseInt(hex, 16);
    if (c < 32 || (c >= 127 && c < 160) || (c >= 0xd800 && c < 0xe000) || c > 0x10ffff) sure = false;
    return sure ? String.fromCodePoint(c) : m;
  });
  return sure && !/&[#A-Za-z]/.test(out.replace(ENTITIES, "")) && !hasLooseAmp(s) ? out : null;
}

// an "&" that starts no entity we decode (the parser may read some of those as named references)
const hasLooseAmp = (s) => /&(?!(?:#\d{1,7}|#[xX][\da-fA-F]{1,6}|amp|lt|gt|quot|apos|nbsp);)/.test(s);

/** The attributes of span `b`'s open tag in `N` as [[name, value]], or null when unsure. */
function attrsOf(N, b, svg) {
  const end = N.charCodeAt(b.oe - 2) === 47 ? b.oe - 2 : b.oe - 1; // before "/>" or ">"
  const out = [];
  const seen = new Set();
  ATTR.lastIndex = b.s + 1 + b.tag.length;
  while (ATTR.lastIndex < end) {
    const at = ATTR.lastIndex;
    const m = ATTR.exec(N);
    if (!m || m.index !== at || ATTR.lastIndex > end) {
      if (/^[\t\n\f ]*$/.test(N.slice(at, end))) break;
      return null;
    }
    let name = m[1];
    if (name.includes(":") || /[^\w.-]/.test(name)) return null;
    const lower = name.toLowerCase();
    name = svg ? (SVG_CAMEL.get(lower) ?? lower) : lower;
    const raw = m[2] ?? m[3] ?? m[4] ?? "";
    const value = decode(raw);
    if (value == null) return null;
    if (seen.has(name)) continue; // the parser keeps the first
    seen.add(name);
    out.push([name, value]);
  }
  return out;
}

/** A <details>' `open` is the player's: a redraw never opens or closes one (the markup's only counts when it is new). */
const players = (x, name) => name === "open" && x.localName === "details";

function setAttrs(x, attrs) {
  const keep = new Set(attrs.map((a) => a[0]));
  for (const { name } of [...x.attributes]) if (!keep.has(name) && !players(x, name)) x.removeAttribute(name);
  for (const [name, value] of attrs)
    if (x.getAttribute(name) !== value && !players(x, name)) x.setAttribute(name, value);
}

function patchChildren(oldParent, newParent) {
  const a = [...oldParent.childNodes];
  const b = [...newParent.childNodes];
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a[i];
    const y = b[i];
    if (x.isEqualNode(y)) continue;
    if (x.nodeType === 1 && y.nodeType === 1 && x.tagName === y.tagName) {
      patchAttributes(x, y);
      patchChildren(x, y);
    } else if (x.nodeType === 3 && y.nodeType === 3) {
      x.data = y.data;
    } else {
      oldParent.replaceChild(y, x);
    }
  }
  for (let i = a.length - 1; i >= n; i--) a[i].remove();
  if (b.length > n) oldParent.append(...b.slice(n));
}

function patchAttributes(x, y) {
  for (const a of [...x.attributes]) {
    if (!y.hasAttributeNS(a.namespaceURI, a.localName) && !players(x, a.name))
      x.removeAttributeNS(a.namespaceURI, a.localName);
  }
  for (const a of y.attributes) {
    if (x.getAttributeNS(a.namespaceURI, a.localName) !== a.value && !players(x, a.name))
      x.setAttributeNS(a.namespaceURI, a.name, a.value);
  }
}

// What makes a control "the same control" for focus: a patched node with other values is another one.
const IDENTITY = ["data-action", "data-key", "data-testid", "data-idx", "name", "disabled"];

/**
 * Will `node` (inside `el`) still be in the document, as the same control, after patchHTML(el, html)?
 * Reads only the markup and the live tree's shape, never layout.
 */
export function willKeep(el, html, node) {
  const path = [];
  for (let n = node; n !== el; n = n.parentNode) {
    if (!n || !n.parentNode) return false;
    path.push(Array.prototype.indexOf.call(n.parentNode.childNodes, n));
  }
  const tree = treeOf(el, html);
  let oldN = el;
  if (tree) {
    // the new markup's spans: only the node's own open tag is parsed
    let k = tree;
    for (let i = path.length - 1; i >= 0; i--) {
      oldN = oldN.childNodes[path[i]];
      k = k.kids[path[i]];
      if (!k || !k.tag || k.tag !== oldN.localName.toLowerCase()) return false;
    }
    const y = parseOne(
      oldN.parentNode,
      html.slice(k.s, k.oe) + (k.ce === k.oe && k.e === k.oe ? "" : `</${k.tag}>`),
    );
    return !!y && IDENTITY.every((a) => oldN.getAttribute(a) === y.getAttribute(a));
  }
  probe.innerHTML = html;
  let newN = probe.content;
  let same = true;
  for (let i = path.length - 1; i >= 0 && same; i--) {
    oldN = oldN.childNodes[path[i]];
    newN = newN.childNodes[path[i]];
    same = !!newN && newN.nodeType === 1 && newN.tagName === oldN.tagName;
  }
  same = same && IDENTITY.every((k) => oldN.getAttribute(k) === newN.getAttribute(k));
  probe.innerHTML = "";
  return same;
}
