// Patch a live DOM subtree to match new markup, touching only the nodes that differ.
//
// Replacing a whole section with innerHTML makes the browser lay out every new node again; most
// redraws change a badge or a counter inside an otherwise identical section (an empire's 11
// locations stay as they were when its "to move" badge flips). Nodes that are equal are kept, so
// focus, scroll position and layout caches survive. Event handling is delegated to the page root,
// so no listener is ever lost.

const tpl = document.createElement("template");

/** Make `el`'s children match `html`. */
export function patchHTML(el, html) {
  tpl.innerHTML = html;
  patchChildren(el, tpl.content);
}

function patchChildren(oldParent, newParent) {
  const a = [...oldParent.childNodes];
  const b = [...newParent.childNodes];
  if (a.length !== b.length) {
    oldParent.replaceChildren(...b);
    return;
  }
  for (let i = 0; i < a.length; i++) {
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
}

function patchAttributes(x, y) {
  for (const { name } of [...x.attributes]) if (!y.hasAttribute(name)) x.removeAttribute(name);
  for (const { name, value } of y.attributes) if (x.getAttribute(name) !== value) x.setAttribute(name, value);
}
