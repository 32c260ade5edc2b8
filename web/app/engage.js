// Whether the page may move focus or scroll on its own.
//
// A page of its own may. A frame embedded in another page (embed.html in a rule-teaching page) may
// not until the reader uses it (a click, a tap, a key or tabbing into it): until then focus() would
// take the keyboard from the host page and scrollIntoView() would scroll the host page to the frame.

const framed = (() => {
  try {
    return window.self !== window.top;
  } catch {
    return true; // a cross-origin parent: framed
  }
})();

let used = !framed;

if (!used) {
  const mark = () => {
    used = true;
    for (const k of ["pointerdown", "keydown", "touchstart", "focusin"]) removeEventListener(k, mark, true);
  };
  for (const k of ["pointerdown", "keydown", "touchstart", "focusin"]) addEventListener(k, mark, true);
}

/** True when a redraw may focus a control or scroll something into view. */
export const mayMoveView = () => used;
