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
// willKeep() answers, before any write, whether a given node will survive a patch, so the caller
// can let go of focus while layout is still clean (in Chromium every focus change lays out the page).

const tpl = document.createElement("template");
const probe = document.createElement("template");

/** Make `el`'s children match `html`. */
export function patchHTML(el, html) {
  tpl.innerHTML = html;
  patchChildren(el, tpl.content);
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
  for (const { name } of [...x.attributes]) if (!y.hasAttribute(name)) x.removeAttribute(name);
  for (const { name, value } of y.attributes) if (x.getAttribute(name) !== value) x.setAttribute(name, value);
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
  probe.innerHTML = html;
  let oldN = el;
  let newN = probe.content;
  for (let i = path.length - 1; i >= 0; i--) {
    oldN = oldN.childNodes[path[i]];
    newN = newN.childNodes[path[i]];
    if (!newN || newN.nodeType !== 1 || newN.tagName !== oldN.tagName) return false;
  }
  const same = IDENTITY.every((k) => oldN.getAttribute(k) === newN.getAttribute(k));
  probe.innerHTML = "";
  return same;
}
