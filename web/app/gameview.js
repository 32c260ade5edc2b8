// The interactive game screen shared by play.html and embed.html: board, actions, log, status,
// pass-the-device screen and game-over panel, driven by a controller Session.
//
// Rendering is one innerHTML write per region per update (strings built in one pass, no reads of
// layout in between); focus is restored to the "same" control afterwards.
//
// The board, and optionally the action list, forms and hints, come from the game's front end
// (games/<id>/, loaded by games.js; the contract is in docs/architecture.md): nothing here names a game.

import { t, pick, esc } from "./i18n.js";
import * as I from "./icons.js";
import { patchHTML, willKeep } from "./morph.js";
import { loadRules, rulesLinkFor } from "./rules-link.js";
import { mayMoveView } from "./engage.js";
import { actionPanel, finishBar, stepContext } from "./kit/panel.js";
import { automaButton } from "./kit/automa.js";

/** Show or hide an element, writing the attribute only when it changes (every write restyles it). */
const setHidden = (el, hidden) => {
  if (el.hidden !== hidden) el.hidden = hidden;
};

/** Is this action the one that ends the seat's step ("done" and the like)? A renderer may say (R.isPrimary). */
export const isPrimary = (action) =>
  /^(done|end|end_turn|finish|pass_turn)$|_done$/.test(String(action && action.type));

const prettify = (k) =>
  String(k)
    .replace(/[_-]+/g, " ")
    .replace(/^\w/, (c) => c.toUpperCase());

export class GameView {
  /**
   * @param root     container element
   * @param session  controller Session
   * @param opts     {front (games.js load()), compact, readOnly, onChange(view), onHome: url|null, toolbar(gv)}
   */
  constructor(root, session, opts = {}) {
    this.root = root;
    this.s = session;
    this.opts = opts;
    this.F = opts.front;
    this.R = this.F.R;
    this.sel = [];
    this.renders = 0;
    this.draft = {}; // a game form's unsent input (e.g. a sealed bid being typed), for one seat
    this.draftSeat = null; // the seat the draft and the selection belong to
    this.lastMsg = "";
    this.errorMsg = "";
    this.storageMsg = "";
    this.overHidden = false;
    this.lastRenderMs = 0;
    // the hint being shown ("What would a strong player do?"): {seat, at (actions played), status:
    // "thinking" | "ready" | "failed", hints, reason}; dropped once the position or the viewer changes
    this.hintState = null;
    this.hintHTML = "";
    // the game's rules reference (games/<id>/rules.json), for "?" links: loaded with the front end (games.js)
    this.rules = this.F.rules || null;
    this.errorCode = "";
    if (!this.rules && this.F.rules === undefined) {
      loadRules(this.F.id).then(
        (r) => {
          this.rules = r;
          this.statusHTML = null;
          this.actsHTML = null;
          if (this.s.reply) this.render();
        },
        () => {
          /* a game without a rules reference: no links */
        },
      );
    }
    root.addEventListener("click", (e) => this.onClick(e));
    root.addEventListener("submit", (e) => this.onSubmit(e));
    root.addEventListener("input", (e) => this.onInput(e));
    this.build();
  }

  build() {
    // what each region shows now (the DOM is new and empty)
    this.statusHTML = null;
    this.logHTML = "";
    this.actsHTML = null;
    this.toolsCache = null;
    this.logMemo = null; // names or language may have changed
    this.logItems = null;
    this.overCache = "";
    this.errorHTML = "";
    this.passHTML = "";
    this.hintHTML = "";
    const c = this.opts.compact ? " compact" : "";
    this.root.innerHTML = `<div class="gv${c}">
      <div class="gv-bar">
        <div class="gv-status" role="status" aria-live="polite" data-testid="status"></div>
        <div class="gv-tools"></div>
      </div>
      <div class="banner warn-banner" data-testid="storage-warning" role="status" hidden></div>
      <div class="banner error-banner" data-testid="error-banner" role="alert" hidden></div>
      <section class="gv-hint" data-testid="hint-panel" aria-labelledby="hint-h" aria-live="polite" hidden></section>
      <div class="gv-pass" data-testid="pass-device" hidden></div>
      <div class="gv-main">
        <div class="gv-board" data-testid="board"></div>
        <aside class="gv-side">
          <section class="panel gv-actions" aria-labelledby="acts-h"><h2 id="acts-h" class="panel-h" tabindex="-1">${esc(t("legal_actions"))}</h2><div class="act-body" data-testid="legal-actions"></div></section>
          <section class="panel gv-proj" aria-labelledby="proj-h" data-testid="projected" hidden><h2 id="proj-h" class="panel-h">${esc(t("projected"))}</h2><div class="proj-body"></div></section>
          <section class="panel gv-log" aria-labelledby="log-h" tabindex="0"><h2 id="log-h" class="panel-h">${esc(t("event_log"))}</h2><ol class="log" data-testid="event-log"></ol></section>
        </aside>
      </div>
      <div class="gv-over" hidden></div>
    </div>`;
    const q = (s) => this.root.querySelector(s);
    this.el = {
      status: q(".gv-status"),
      tools: q(".gv-tools"),
      warn: q(".warn-banner"),
      error: q(".error-banner"),
      main: q(".gv-main"),
      board: q(".gv-board"),
      acts: q(".act-body"),
      log: q(".log"),
      pass: q(".gv-pass"),
      over: q(".gv-over"),
      actsH: q("#acts-h"),
      logH: q("#log-h"),
      proj: q(".gv-proj"),
      projBody: q(".proj-body"),
      hint: q(".gv-hint"),
    };
    this.projHTML = null;
    // The sticky action panel sits just under the sticky status bar, whose height changes with its
    // text: track it off the click path (a ResizeObserver, no forced layout) in --gv-bar-h, set on
    // the panel that reads it (on the root it would restyle the whole board at every change).
    const bar = q(".gv-bar");
    const acts = q(".gv-actions");
    if (bar && acts && typeof ResizeObserver === "function") {
      new ResizeObserver((entries) => {
        const h = entries[entries.length - 1].borderBoxSize?.[0]?.blockSize ?? bar.offsetHeight;
        acts.style.setProperty("--gv-bar-h", `${Math.ceil(h)}px`);
      }).observe(bar);
      // The status gains and loses a line as moves are played and undone ("You did …"); every change
      // of its height moves the whole board below it, which then has to be painted again. So it keeps
      // the tallest height it has had at this width (up to a third of the window): later lines that
      // fit in it move nothing.
      const status = this.el.status;
      let tallest = 0;
      let width = 0;
      new ResizeObserver((entries) => {
        const box = entries[entries.length - 1].borderBoxSize?.[0];
        if (!box) return;
        if (Math.abs(box.inlineSize - width) > 0.5) {
          // another width: wrapping differs, start again
          width = box.inlineSize;
          tallest = 0;
          if (status.style.minHeight) {
            status.style.minHeight = "";
            return; // observed again at its natural height
          }
        }
        const h = Math.min(Math.ceil(box.blockSize), Math.round(innerHeight / 3));
        if (h > tallest) {
          tallest = h;
          status.style.minHeight = `${h}px`;
        }
      }).observe(status);
    }
  }

  // ------------------------------------------------------------------ messages

  names() {
    return this.s.seats.map((s, i) => (s.name && s.name.trim()) || t("player_n", { n: i + 1 }));
  }

  /** Engine texts say "Player 2" / "玩家2": show the seat names chosen on the home page instead. */
  subNames(text) {
    const n = this.names();
    return String(text)
      .replace(/Player (\d+)/g, (m, d) => n[d - 1] ?? m)
      .replace(/玩家(\d+)/g, (m, d) => n[d - 1] ?? m);
  }

  played(p) {
    if (!p || p.human) return;
    const name = this.names()[p.seat];
    const label = p.label || "";
    // A move the viewer may not see in full (a sealed bid) comes as the redacted log line, which names its seat.
    if (p.action == null) this.lastMsg = this.subNames(label);
    else this.lastMsg = label ? t("bot_did", { name, label: this.subNames(label) }) : "";
    this.render();
  }

  error(err) {
    const msg = err && err.message ? err.message : String(err);
    this.errorMsg = t("engine_error", { reason: msg });
    this.errorCode = (err && err.code) || "";
    this.render();
  }

  /** A "?" link to the game's rules section for `key` (docs/rules-reference.md link keys), or "". */
  rulesLink(key, options = {}) {
    return this.rules ? rulesLinkFor(this.rules, key, options) : "";
  }

  storageFull(on) {
    this.storageMsg = on ? t("storage_full") : "";
    this.renderBanners();
  }

  clearError() {
    if (this.errorMsg) {
      this.errorMsg = "";
      this.errorCode = "";
      this.renderBanners();
    }
  }

  // ------------------------------------------------------------------ rendering

  /** The renderer's ctx for reply `r` (the session's; behind the pass screen, the public view's). */
  ctx(r = this.s.reply) {
    const view = r.view;
    if (view.seat !== this.draftSeat) {
      // Another seat looks now (hotseat): never show it the previous seat's draft (a sealed bid) or selection.
      this.draftSeat = view.seat;
      this.draft = {};
      this.sel = [];
    }
    // read-only (stepping through a worked example): no move to play, but a hint's moves are drawn as the
    // board's targets, so that its marks show where they would be played
    const legal =
      this.s.thinking != null || this.s.passTo != null
        ? []
        : this.opts.readOnly
          ? this.hintedLegal(r)
          : r.legal || [];
    const R = this.R;
    const ctx = stepContext(R, view, legal, this.sel, {
      primary: isPrimary,
      groupLabel: (g) => (this.F.has("group_" + g) ? this.F.t("group_" + g) : prettify(g)),
      subNames: (text) => this.subNames(text),
    });
    this.sel = ctx.selAll; // a stale selection is dropped
    Object.assign(ctx, {
      names: this.names(),
      kinds: this.s.seats.map((s) => s.kind),
      draft: this.draft,
      // helpers for renderers (docs/architecture.md, renderer contract)
      rulesLink: (key, options) => this.rulesLink(key, options),
      text: (key, vars) => (this.F.has(key) ? this.F.t(key, vars) : null),
      outOfTurn: !!(legal.length && view.seat != null && !(view.to_move || []).includes(view.seat)),
      // whose area a board puts first: the viewer's, or, behind the pass screen, the next seat's
      seatFirst: view.seat ?? this.s.passTo ?? null,
    });
    return ctx;
  }

  render() {
    const r = this.s.reply;
    if (!r) return;
    this.renders = (this.renders || 0) + 1;
    const t0 = performance.now();
    const view = r.view;
    const active = document.activeElement;
    const focused = active && active !== document.body && this.root.contains(active) ? active : null;
    const sig = focused ? this.focusSig() : null;
    const passing = this.s.passTo != null;

    if (passing) {
      // Nothing of any seat shows: actions and log are cleared, and the board becomes the public view's
      // (what every seat may see), laid out but hidden under the pass card, so that "continue" changes only
      // the next seat's own parts of it, not the layout of a whole new board (issue 17 §5). Without a
      // public view the board is cleared. Let go of focus before writing (see letGo).
      if (focused && !this.el.pass.contains(focused)) this.letGo(focused, sig);
      const name = this.names()[this.s.passTo];
      const pub = this.s.passView;
      setHidden(this.el.pass, false);
      // hidden by visibility: out of reach of the pointer, the keyboard and assistive technology, but laid out
      this.el.main.classList.add("behind-pass");
      if (pub && pub.view && pub.view.seat == null) this.writeBoard(this.boardPlan(pub.view, this.ctx(pub)));
      else this.clearBoard();
      // the pass card lies where the board begins: bring it into the window, on the next frame (reading
      // scrollY after the writes would lay the page out at once, before the frame does)
      requestAnimationFrame(() => {
        if (this.s.passTo != null && scrollY > 0) scrollTo(0, 0);
      });
      this.el.acts.innerHTML = "";
      this.actsHTML = "";
      this.el.log.innerHTML = "";
      this.logHTML = "";
      this.logItems = null;
      this.renderProjected({});
      const pass =
        `<div class="pass-card" role="dialog" aria-modal="false" aria-labelledby="pass-h">` +
        `${I.person}<h2 id="pass-h">${esc(t("pass_to", { name }))}</h2><p>${esc(t("pass_hint", { name }))}</p>` +
        `<button type="button" class="btn primary big" data-testid="pass-device-continue" data-pass-continue="1">${esc(t("pass_continue", { name }))}</button></div>`;
      if (pass !== this.passHTML) {
        this.el.pass.innerHTML = pass;
        this.passHTML = pass;
      }
      this.el.status.textContent = t("pass_to", { name });
      this.statusHTML = null;
      this.el.over.hidden = true;
      this.renderTools();
      this.renderBanners();
      this.renderHint(null);
      if (!this.el.pass.contains(focused)) this.focusLater(this.el.pass.querySelector("button"));
      this.lastRenderMs = performance.now() - t0;
      performance.mark("pgc-render");
      return;
    }
    // 1. every region's markup, as strings: nothing below reads or writes the DOM until step 3
    const ctx = this.ctx();
    const board = this.boardPlan(view, ctx);
    const acts =
      this.s.thinking != null
        ? `<p class="muted">${esc(t("bot_thinking", { name: this.names()[this.s.thinking] ?? "" }))}</p>`
        : this.opts.readOnly
          ? ""
          : this.actionsHTML(view, ctx);
    const tools = this.toolsHTML();
    const over = this.overHTML(view);
    // 2. a focused control that the patch will remove or turn into another one loses focus now,
    //    while layout is still clean; it is given back on the next animation frame (restoreFocus)
    if (focused && !this.keeps(focused, board, acts, tools, over)) this.letGo(focused, sig);
    // 3. write
    setHidden(this.el.pass, true);
    if (this.el.main.classList.contains("behind-pass")) this.el.main.classList.remove("behind-pass");
    if (this.passHTML) {
      this.el.pass.innerHTML = "";
      this.passHTML = "";
    }
    this.writeBoard(board);
    if (acts !== this.actsHTML) {
      patchHTML(this.el.acts, acts);
      this.actsHTML = acts;
    }
    setHidden(this.el.actsH.parentElement, !!this.opts.readOnly);
    this.renderLog(view);
    this.renderProjected(view);
    this.renderStatus(view);
    this.writeTools(tools);
    this.renderBanners();
    this.renderHint(view);
    this.writeOver(view, over);
    // A control that went away without being foreseen (or got disabled) is replaced later too.
    if (focused && !this.focusLost && (!focused.isConnected || focused.disabled)) this.letGo(null, sig);
    this.lastRenderMs = performance.now() - t0;
    this.root.dataset.renderMs = this.lastRenderMs.toFixed(1);
    (window.pgcRenderTimes ||= []).push(this.lastRenderMs);
    if (window.pgcRenderTimes.length > 1000) window.pgcRenderTimes.shift();
    if (this.opts.onChange) this.opts.onChange(view);
    performance.mark("pgc-render");
  }

  /**
   * The action panel (kit/panel.js): the step-by-step list in its own scroll, then the finishing bar
   * (Done, End the turn, and a way on when acting out of turn) below it, always in reach.
   */
  actionsHTML(view, ctx) {
    const { body, finish } = actionPanel(view, ctx);
    let note = "";
    let on = "";
    if (ctx.outOfTurn) {
      const names = this.names();
      const waiting = (view.to_move || []).map((x) => names[x]).join(", ");
      note = `<p class="out-of-turn" data-testid="out-of-turn">${esc(t("out_of_turn"))}</p>`;
      on = this.s.optionalWait
        ? `<button type="button" class="btn" data-let-play="1" data-testid="let-play">${esc(t("let_play", { names: waiting }))}</button>`
        : this.s.outOfTurn === view.seat
          ? `<button type="button" class="btn" data-hand-back="1" data-testid="hand-back">${esc(t("hand_back"))}</button>`
          : "";
    }
    // a decision the viewer makes for an automa (the Reed Clan): "Let the bot decide" (kit/automa.js)
    if (!ctx.outOfTurn) on += automaButton(view, ctx);
    return `<div class="kp-body">${note}${body}</div>${finishBar(ctx, finish, on)}`;
  }

  /** The board as sections, and whether the whole board must be rewritten (other sections or order). */
  boardPlan(view, ctx) {
    const secs = this.R.boardSections
      ? this.R.boardSections(view, ctx)
      : [["all", this.R.renderBoard(view, ctx)]];
    const keys = secs.map((x) => x[0]).join("|");
    const phase = this.R.boardClass ? this.R.boardClass(view) : "board";
    return { secs, keys, phase, full: this.el.board._keys !== keys };
  }

  /**
   * Write the board, patching only the sections whose markup changed. Sections that come, go or change
   * places (another seat's area first, after a hand-off) are added, removed or moved one by one: the others
   * stay as they are, laid out (a whole new board is a long layout: issue 17 §5).
   */
  writeBoard({ secs, keys, phase, full }) {
    const el = this.el.board;
    const root = el._keys != null ? el.firstElementChild : null;
    if (!root) {
      el.innerHTML = `<div class="${phase}">${secs.map(([k, h]) => `<div class="sec sec-${k}" data-sec="${k}">${h}</div>`).join("")}</div>`;
      el._keys = keys;
      el._html = Object.fromEntries(secs);
      return;
    }
    if (root.className !== phase) root.className = phase;
    if (full) {
      const want = new Set(secs.map(([k]) => k));
      const have = new Map();
      for (const node of [...root.children]) {
        if (want.has(node.dataset.sec)) have.set(node.dataset.sec, node);
        else node.remove();
      }
      let at = root.firstElementChild;
      const html = {};
      for (const [k, h] of secs) {
        let node = have.get(k);
        if (node) {
          have.delete(k);
          if (el._html[k] !== h) patchHTML(node, h);
        } else {
          node = document.createElement("div");
          node.className = `sec sec-${k}`;
          node.dataset.sec = k;
          node.innerHTML = h;
        }
        if (node === at) at = at.nextElementSibling;
        else root.insertBefore(node, at);
        html[k] = h;
      }
      el._keys = keys;
      el._html = html;
      return;
    }
    for (const [k, h] of secs) {
      if (el._html[k] !== h) {
        patchHTML(el.querySelector(`[data-sec="${k}"]`), h);
        el._html[k] = h;
      }
    }
  }

  clearBoard() {
    this.el.board.innerHTML = "";
    this.el.board._keys = null;
    this.el.board._html = null;
  }

  /** Does the focused element stay (as the same control) through the coming writes? */
  keeps(node, board, acts, tools, over) {
    const { board: b, acts: a, tools: tl, over: o, pass, error } = this.el;
    if (b.contains(node)) {
      if (board.full) return false;
      const sec = node.closest("[data-sec]");
      const h = sec && board.secs.find(([k]) => k === sec.dataset.sec);
      if (!h) return false;
      return h[1] === b._html[h[0]] || willKeep(sec, h[1], node);
    }
    if (a.contains(node)) return acts === this.actsHTML || willKeep(a, acts, node);
    if (tl.contains(node)) return tools === this.toolsCache || willKeep(tl, tools, node);
    if (o.contains(node)) return over === this.overCache || willKeep(o, over, node);
    if (pass.contains(node)) return false;
    if (error.contains(node)) return !!this.errorMsg;
    return true;
  }

  // ------------------------------------------------------------------ focus
  //
  // In Chromium any change of the focused element (focus(), blur(), or removing the focused node) lays
  // the page out at once. Done after the DOM writes of a redraw, that is a second full layout before
  // the frame's own. So a redraw lets go of a doomed focused control before writing (layout is clean
  // then, so it costs nothing) and puts focus where it belongs on the next animation frame, where the
  // layout it needs is the one the frame has to do anyway. Keyboard users land where they did before.

  letGo(node, sig) {
    if (!this.focusLost) {
      this.focusLost = true;
      this.focusWant = sig;
    }
    if (node) node.blur();
    this.focusLater(null);
  }

  /** Focus `el` (or, with null, the control restoreFocus picks) on the next animation frame. */
  focusLater(el) {
    if (!mayMoveView()) {
      // an embedded frame the reader has not used yet leaves focus to the host page
      this.focusLost = false;
      this.focusWant = null;
      return;
    }
    if (el) this.focusEl = el;
    if (this.focusFrame) return;
    this.focusFrom = document.activeElement;
    this.focusFrame = requestAnimationFrame(() => {
      this.focusFrame = 0;
      const target = this.focusEl;
      const sig = this.focusWant;
      const lost = this.focusLost;
      const from = this.focusFrom;
      this.focusEl = this.focusWant = this.focusFrom = null;
      this.focusLost = false;
      const a = document.activeElement;
      if (a !== from || (target && a === target)) return; // focus was moved meanwhile: leave it there
      if (target && target.isConnected && !target.disabled) target.focus({ preventScroll: true });
      else if (lost) this.restoreFocus(sig);
    });
  }

  renderLog(view) {
    const log = view.log || [];
    const items = [];
    // a line's markup by its text: most lines were drawn by the previous redraw already
    const memo = (this.logMemo ||= new Map());
    if (memo.size > 4000) memo.clear();
    for (let i = log.length - 1; i >= 0 && items.length < 120; i--) {
      const e = log[i];
      const text = pick(e.text);
      let h = memo.get(text);
      if (h === undefined) {
        h = esc(this.subNames(text));
        memo.set(text, h);
      }
      items.push(`<li${e.seat != null ? ` class="seat-${e.seat}"` : ""}>${h}</li>`);
    }
    const html = items.join("");
    if (html !== this.logHTML) {
      this.writeLog(items, html);
      this.logHTML = html;
    }
    this.logItems = items;
  }

  /**
   * Write the log (newest first): a move adds lines on top and an undo takes them off, the rest only
   * shifts, so only the lines that came or went are written when the others are the same.
   */
  writeLog(items, html) {
    const el = this.el.log;
    const old = this.logItems || [];
    const same = (a, i, b, j, n) => {
      for (let k = 0; k < n; k++) if (a[i + k] !== b[j + k]) return false;
      return true;
    };
    if (el.children.length === old.length && old.length && items.length) {
      for (let k = 1; k <= 8 && k < items.length; k++) {
        const n = Math.min(old.length, items.length - k);
        if (n > 0 && same(items, k, old, 0, n)) {
          // k new lines on top
          for (let i = old.length - 1; i >= n; i--) el.children[i].remove();
          el.insertAdjacentHTML("afterbegin", items.slice(0, k).join(""));
          if (items.length > k + n) el.insertAdjacentHTML("beforeend", items.slice(k + n).join(""));
          return;
        }
        const m = Math.min(items.length, old.length - k);
        if (m > 0 && same(old, k, items, 0, m)) {
          // k lines taken off the top
          for (let i = 0; i < k; i++) el.firstElementChild.remove();
          for (let i = el.children.length - 1; i >= m; i--) el.children[i].remove();
          if (items.length > m) el.insertAdjacentHTML("beforeend", items.slice(m).join(""));
          return;
        }
      }
    }
    el.innerHTML = html;
  }

  renderStatus(view) {
    const s = this.s;
    const names = this.names();
    let turn;
    if (view.over) turn = t("game_over");
    else if (this.opts.readOnly)
      turn = t("to_move_list", { names: (view.to_move || []).map((x) => names[x]).join(", ") });
    else if (s.thinking != null) turn = t("bot_thinking", { name: names[s.thinking] });
    else if (s.viewer == null) turn = t("all_bots");
    else if ((view.to_move || []).includes(s.viewer)) turn = t("your_turn", { name: names[s.viewer] });
    else turn = t("waiting_for", { names: (view.to_move || []).map((x) => names[x]).join(", ") });
    // the phase, with a "?" to its section of the game's rules reference
    const ph = view.phase && view.phase.name ? view.phase : null;
    // once the game is over, "Game over" already says it: the end phase keeps only its "?"
    const phase = ph
      ? `<span class="phase-name" data-testid="phase-name">${view.over ? "" : esc(pick(ph.name))}${ph.kind ? this.rulesLink(`phase:${ph.kind}`) : ""}</span>`
      : "";
    // hotseat: other players who may act now, out of turn
    const others = !this.opts.readOnly && !view.over ? s.otherSeatsWithActions?.() || [] : [];
    const can = others.length
      ? `<span class="others-can" data-testid="others-can-act">${esc(t("can_act_now", { names: others.map((x) => names[x]).join(", ") }))}` +
        others
          .map(
            (x) =>
              ` <button type="button" class="btn small" data-hand-to="${x}" data-testid="hand-to">${esc(t("hand_to", { name: names[x] }))}</button>`,
          )
          .join("") +
        `</span>`
      : "";
    // While a seat has a pending decision the engine's one-line status can lag behind; prefer the prompt.
    const p = view.pending;
    const status =
      p && p.prompt
        ? t("you_did", { name: names[p.seat] ?? "", label: this.subNames(pick(p.prompt)) })
        : view.status
          ? this.subNames(pick(view.status))
          : "";
    // What to do now, in words, when it is the viewer's move and no single decision is pending.
    const mine =
      !view.over && !this.opts.readOnly && s.thinking == null && (view.to_move || []).includes(s.viewer);
    const hint = mine && !p && this.R.hint ? this.R.hint(view, { names: this.names() }) : "";
    const html =
      `<span class="turn">${esc(turn)}${phase ? ` ${phase}` : ""}</span>` +
      (status && !(ph && status === pick(ph.name)) ? `<span class="st-line">${esc(status)}</span>` : "") +
      (view.caption ? `<span class="caption" data-testid="caption">${esc(pick(view.caption))}</span>` : "") + // a teaching step's text
      can +
      (hint ? `<span class="hint" data-testid="phase-hint">${esc(hint)}</span>` : "") +
      (this.lastMsg ? `<span class="last-move">${esc(this.lastMsg)}</span>` : "");
    if (html !== this.statusHTML) {
      this.el.status.innerHTML = html;
      this.statusHTML = html;
    }
  }

  toolsHTML() {
    const extra = this.opts.toolbar ? this.opts.toolbar(this) : "";
    const can = this.s.canUndo();
    const skip =
      this.s.thinking != null && this.s.speed !== "fast"
        ? `<button type="button" class="btn ghost" data-skip="1" data-testid="skip-bot">${esc(t("skip"))}</button>`
        : "";
    const undo = this.opts.readOnly
      ? ""
      : `<button type="button" class="btn" data-undo="1" data-testid="undo" aria-keyshortcuts="u"${can ? "" : " disabled"}>${I.undo}<span>${esc(t("undo"))}</span></button>`;
    const asking = this.hintState && this.hintState.status === "thinking";
    const hint =
      !this.opts.readOnly && this.canHint(true)
        ? `<button type="button" class="btn" data-hint="1" data-testid="hint" aria-keyshortcuts="h" title="${esc(t("hint_ask"))}"${asking ? " disabled" : ""}>${I.bulb}<span>${esc(t("hint"))}</span></button>`
        : "";
    return skip + hint + undo + extra;
  }

  writeTools(html) {
    if (html === this.toolsCache) return;
    patchHTML(this.el.tools, html);
    this.toolsCache = html;
  }

  renderTools() {
    this.writeTools(this.toolsHTML());
  }

  renderBanners() {
    if (this.el.warn.hidden !== !this.storageMsg) this.el.warn.hidden = !this.storageMsg;
    if (this.el.warn.textContent !== this.storageMsg) this.el.warn.textContent = this.storageMsg;
    setHidden(this.el.error, !this.errorMsg);
    const why =
      this.errorMsg && this.errorCode
        ? this.rulesLink(`code:${this.errorCode}`, { text: t("rules_why"), className: "rules-why" })
        : "";
    const err = this.errorMsg
      ? `${I.warn}<span>${esc(this.errorMsg)}${why ? ` <span data-testid="error-rules">${why}</span>` : ""}</span><button type="button" class="btn ghost small" data-dismiss="1">${esc(t("close"))}</button>`
      : "";
    if (err !== this.errorHTML) {
      this.el.error.innerHTML = err;
      this.errorHTML = err;
    }
  }

  /** The game-over panel's markup ("" while the game goes on). */
  overHTML(view) {
    if (!view.over || !view.scores) return "";
    const sc = view.scores;
    const names = this.names();
    const n = sc.totals.length;
    // the game's ranking (tie-breaks applied) when it gives one, else the winners first (a win need
    // not be the highest total, e.g. the last player left after the others resigned), then by total
    const winSet = new Set(sc.winners || []);
    const seats =
      Array.isArray(sc.rank) && sc.rank.length === n
        ? sc.rank.slice()
        : sc.totals
            .map((_, i) => i)
            .sort((a, b) => winSet.has(b) - winSet.has(a) || sc.totals[b] - sc.totals[a] || a - b);
    const cats = [];
    for (const b of sc.breakdown || []) for (const k of Object.keys(b)) if (!cats.includes(k)) cats.push(k);
    const winners = (sc.winners || []).map((w) => names[w]).join(", ");
    // places: seats that share the win share first place; everyone else is placed by position (with
    // no winner, e.g. a learning game, seats with equal totals share a place)
    let place = 0;
    const rows = seats
      .map((s, i) => {
        const win = winSet.has(s);
        place = win ? 1 : winSet.size ? i + 1 : 1 + seats.filter((o) => sc.totals[o] > sc.totals[s]).length;
        return (
          `<tr class="seat-${s}${win ? " win" : ""}" data-testid="score-row" data-seat="${s}"><td>${place}</td><th scope="row">${win ? `${I.crown}<span class="sr-only">${esc(t("winner"))}: </span>` : ""}${esc(names[s])}</th>` +
          cats.map((k) => `<td>${(sc.breakdown[s] || {})[k] ?? 0}</td>`).join("") +
          `<td class="tot" data-testid="final-score" data-seat="${s}">${sc.totals[s]}</td></tr>`
        );
      })
      .join("");
    const tbText =
      sc.tiebreak && typeof sc.tiebreak === "object" && sc.tiebreak.text
        ? this.subNames(pick(sc.tiebreak.text))
        : "";
    const tb = tbText
      ? `<p class="tiebreak" data-testid="tiebreak"><strong>${esc(t("tiebreak_h"))}${esc(t("colon"))}</strong>${esc(tbText)}</p>`
      : "";
    const catName = (k) => this.catName(k);
    return (
      `<div class="over-card" role="region" aria-labelledby="over-h">` +
      `<h2 id="over-h">${I.crown} ${esc(t("game_over"))}</h2>` +
      ((sc.winners || []).length
        ? `<p class="winners" data-testid="winners"><strong>${esc(sc.winners.length > 1 ? t("winners") : t("winner"))}:</strong> ${esc(winners)}</p>`
        : `<p class="winners" data-testid="winners"><strong>${esc(t("no_winner"))}</strong></p>`) +
      (sc.outcome && typeof sc.outcome === "object"
        ? `<p class="outcome" data-testid="outcome">${esc(this.subNames(pick(sc.outcome)))}</p>`
        : "") +
      `<div class="table-wrap" tabindex="0" role="region" aria-label="${esc(`${t("game_over")}: ${t("scores")}`)}"><table class="score-table"><thead><tr><th scope="col">${esc(t("rank"))}</th><th scope="col">${esc(t("player"))}</th>` +
      cats.map((k) => `<th scope="col">${esc(catName(k))}</th>`).join("") +
      `<th scope="col">${esc(t("total"))}</th></tr></thead><tbody>${rows}</tbody></table></div>${tb}` +
      `<div class="over-actions">` +
      (this.opts.onRematch
        ? `<button type="button" class="btn primary" data-rematch="1" data-testid="rematch">${esc(t("rematch"))}</button>`
        : "") +
      (this.opts.onHome
        ? `<a class="btn${this.opts.onRematch ? "" : " primary"}" href="${esc(this.opts.onHome)}" data-testid="play-again">${esc(t("play_again"))}</a>`
        : "") +
      `<button type="button" class="btn" data-toggle-over="1" aria-expanded="${!this.overHidden}">${esc(t("view_board"))}</button>` +
      (this.opts.onExport
        ? `<button type="button" class="btn" data-export="1">${I.download}<span>${esc(t("export_game"))}</span></button>`
        : "") +
      `</div></div>`
    );
  }

  /** A score category in words: the game's string "cat_<key>", else the key prettified. */
  catName(k) {
    return this.F.has("cat_" + k) ? this.F.t("cat_" + k) : prettify(k);
  }

  /**
   * The projected-score panel: view.projected (per seat, by category: what each would score if the game
   * ended now; public) as a table. Numeric keys other than "total" are the categories.
   */
  renderProjected(view) {
    const p = Array.isArray(view.projected) && !view.over ? view.projected : null;
    let html = "";
    if (p && p.length) {
      const names = this.names();
      const cats = [];
      for (const row of p)
        for (const [k, v] of Object.entries(row || {}))
          if (k !== "total" && typeof v === "number" && !cats.includes(k)) cats.push(k);
      const total = (row) =>
        typeof row.total === "number" ? row.total : cats.reduce((a, k) => a + (row[k] || 0), 0);
      // categories down, seats across: narrow enough for the side panel and a phone
      html =
        `<div class="table-wrap" tabindex="0" role="region" aria-label="${esc(t("projected"))}"><table class="score-table proj-table"><thead><tr><td></td>` +
        p.map((_, s) => `<th scope="col" class="seat-${s}">${esc(names[s] ?? "")}</th>`).join("") +
        `</tr></thead><tbody>` +
        cats
          .map(
            (k) =>
              `<tr><th scope="row">${esc(this.catName(k))}</th>${p.map((row) => `<td>${row[k] ?? 0}</td>`).join("")}</tr>`,
          )
          .join("") +
        `<tr class="tot-row"><th scope="row">${esc(t("projected_total"))}</th>` +
        p
          .map(
            (row, s) => `<td class="tot" data-testid="projected-total" data-seat="${s}">${total(row)}</td>`,
          )
          .join("") +
        `</tr></tbody></table></div>`;
    }
    if (html === this.projHTML) return;
    this.projHTML = html;
    this.el.proj.hidden = !html;
    this.el.projBody.innerHTML = html;
  }

  writeOver(view, html) {
    const el = this.el.over;
    if (!html) {
      setHidden(el, true);
      if (this.overCache) el.innerHTML = "";
      el.removeAttribute("data-testid");
    } else {
      el.dataset.testid = "game-over";
      setHidden(el, false);
      el.classList.toggle("collapsed", this.overHidden);
      if (html !== this.overCache) patchHTML(el, html);
    }
    this.overCache = html;
  }

  // ------------------------------------------------------------------ focus

  focusSig() {
    const a = document.activeElement;
    if (!a || !this.root.contains(a) || a === document.body) return null;
    if (a.dataset.key) return `[data-key="${a.dataset.key}"]`;
    const form = a.closest("form[data-form]");
    if (form && (a.name || a.dataset.role)) {
      return `form[data-form="${form.dataset.form}"] ${a.name ? `[name="${a.name}"]` : `[data-role="${a.dataset.role}"]`}`;
    }
    if (a.dataset.action)
      return { action: a.dataset.action, region: a.closest(".gv-board") ? "board" : "side" };
    if (a.dataset.testid) return `[data-testid="${a.dataset.testid}"]`;
    return "inside";
  }

  restoreFocus(sig) {
    if (!sig) return;
    let el = null;
    if (typeof sig === "string" && sig !== "inside") el = this.root.querySelector(sig);
    else if (sig && sig.action) {
      el =
        [...this.root.querySelectorAll("[data-action]")].find((b) => b.dataset.action === sig.action) || null;
    }
    if (el && !el.disabled) {
      el.focus({ preventScroll: true });
      return;
    }
    // the control went away (the action was played): land on the panel's first choice or step (a step
    // before the finishing bar: Enter on the landing spot must not end the turn), else the actions heading
    const first = this.root.querySelector(
      ".kp-body [data-action], .kp-body [data-key], .act-body [data-testid=legal-action]",
    );
    (first || this.el.actsH).focus({ preventScroll: true });
  }

  focusActions() {
    const first = this.root.querySelector(".act-body [data-action]");
    (first || this.el.actsH).focus();
  }

  // ------------------------------------------------------------------ input

  act(li) {
    this.clearError();
    this.sel = [];
    this.draft = {};
    const prevMsg = this.lastMsg;
    const name = this.names()[this.s.reply.view.seat];
    this.lastMsg = t("you_did", { name, label: this.subNames(li.label) });
    const before = this.renders;
    const r = this.s.act(li.action);
    if (!r.ok) this.lastMsg = prevMsg;
    else this.ownReply = r.result; // while the session holds this reply, the last move is the viewer's
    // The session usually redraws through onUpdate already; draw once more only if it did not.
    if (!r.ok || this.renders === before) this.render();
  }

  /**
   * "Continue" on the pass-the-device screen. Usually the idle time behind the pass screen has fetched the
   * next seat's view already (Session.preparePass): the click then draws it at once, in its own task (a
   * few ms: the board is drawn in the frame after the click, no extra frame waited). That frame lays out
   * only what differs from the public board laid out behind the pass card (render). Otherwise in steps
   * that are each a short task (no long task in a hand-off): the click only takes the pass card away (the
   * board is empty then: nothing of either seat shows); after that frame, the next seat's view is fetched;
   * in the next task it is drawn; its layout is the next frame's.
   * The page is busy (<html data-busy>) until the frame that gives focus back.
   */
  handOff() {
    const s = this.s;
    if (this.handing || s.passTo == null) return;
    const hadFocus = this.el.pass.contains(document.activeElement);
    const setBusy = (on) => {
      if (s.setBusy) s.setBusy(on);
    };
    if (s.passReady?.()) {
      setBusy(true);
      const before = this.renders;
      s.reveal();
      if (this.renders === before) this.render();
      if (hadFocus) this.letGo(null, "inside");
      // not busy once the next frame has given focus back (a hidden page has no frames: a timer then)
      let done = false;
      const free = () => {
        if (done) return;
        done = true;
        if (s.thinking == null) setBusy(false);
      };
      requestAnimationFrame(free);
      setTimeout(free, 1000);
      return;
    }
    this.handing = true;
    const seat = s.passTo;
    setBusy(true);
    this.el.pass.hidden = true;
    this.el.status.textContent = "";
    this.statusHTML = null;
    const later = (fn) => setTimeout(fn, 0);
    const onFrame = (fn) => {
      // at the next frame (a hidden page has no frames: a timer then, long enough that a loaded machine's
      // late frame still comes first, so that the page is not idle before focus is given back)
      let done = false;
      const go = () => {
        if (!done) {
          done = true;
          fn();
        }
      };
      requestAnimationFrame(go);
      setTimeout(go, 1000);
    };
    const afterFrame = (fn) => onFrame(() => later(fn)); // once the next frame is painted
    const stale = () => s.stopped || s.passTo !== seat;
    afterFrame(() => {
      if (stale()) {
        this.handing = false;
        setBusy(false);
        this.render();
        return;
      }
      if (s.preparePass) s.preparePass();
      later(() => {
        this.handing = false;
        if (stale()) {
          setBusy(false);
          this.render();
          return;
        }
        const before = this.renders;
        s.reveal();
        if (this.renders === before) this.render();
        // the pass card's button is gone: focus goes where restoreFocus puts it, on the next frame
        if (hadFocus) this.letGo(null, "inside");
        // not busy once that frame has given focus back (a bot's turn keeps the page busy itself)
        onFrame(() => {
          if (s.thinking == null) setBusy(false);
        });
      });
    });
  }

  onClick(e) {
    const btn = e.target.closest("button, [data-key]");
    if (!btn || !this.root.contains(btn)) return;
    if (btn.disabled) return;
    if (btn.dataset.passContinue) {
      this.clearError();
      this.lastMsg = "";
      this.handOff();
      return;
    }
    if (btn.dataset.undo) return this.undo();
    if (btn.dataset.rematch && this.opts.onRematch) return this.opts.onRematch(this.s.reply.view);
    if (btn.dataset.letPlay) return this.sessionStep(() => this.s.letPlay());
    if (btn.dataset.handBack) return this.sessionStep(() => this.s.handBack());
    if (btn.dataset.handTo != null) return this.sessionStep(() => this.s.handTo(+btn.dataset.handTo));
    if (btn.dataset.botDecide) return this.botDecide();
    if (btn.dataset.hint) return this.askHint();
    if (btn.dataset.hintClose) return this.closeHint();
    if (btn.dataset.skip) return this.s.skip();
    if (btn.dataset.dismiss) return this.clearError();
    if (btn.dataset.clearSel) {
      this.sel = [];
      this.render();
      return;
    }
    if (btn.dataset.toggleOver) {
      this.overHidden = !this.overHidden;
      this.render();
      return;
    }
    if (btn.dataset.export && this.opts.onExport) return this.opts.onExport();
    if (btn.closest("form")) return; // submit handled separately
    const legal = this.s.reply.legal || [];
    if (btn.dataset.idx != null && btn.dataset.action) {
      const li = legal[+btn.dataset.idx];
      if (li && JSON.stringify(li.action) === btn.dataset.action) this.act(li);
      return;
    }
    if (btn.dataset.key && btn.tagName === "BUTTON") {
      const key = btn.dataset.key;
      const ctx = this.ctx();
      if (this.sel.includes(key)) {
        this.sel = this.sel.filter((k) => k !== key);
        this.render();
        return;
      }
      const c = ctx.candidates(key);
      // data-confirm: even a single candidate opens as a choice (with a way back) instead of playing
      const confirm = btn.dataset.confirm != null;
      if (c.length === 1 && !confirm) return this.act(c[0]);
      if (c.length > 1 || (c.length === 1 && confirm)) {
        this.sel = [...this.sel, key];
        this.render();
        const first = this.root.querySelector(".choices [data-action], .choices [data-key]");
        if (first && btn.dataset.testid !== "hand-card" && !btn.classList.contains("tile"))
          this.focusLater(first);
      }
    }
  }

  /** "Let the bot decide" (kit/automa.js): the game's strongest bot makes the viewer's decision for an automa. */
  botDecide() {
    this.sel = [];
    this.draft = {};
    this.sessionStep(() => this.s.botDecides());
  }

  // ------------------------------------------------------------------ hints

  /**
   * May the viewer ask for a hint now: a human seat that decides now (its legal actions are listed), no
   * bot thinking, no pass-the-device screen, the session able to search (Session.hint). With `shown`, also
   * while a hint is being searched (the button stays, disabled).
   */
  canHint(shown = false) {
    const s = this.s;
    const r = s.reply;
    if (!r || typeof s.hint !== "function" || s.thinking != null || s.passTo != null) return false;
    const v = r.view;
    if (v.over || v.seat == null || v.seat !== s.viewer || !(r.legal || []).length) return false;
    return shown || !(this.hintState && this.hintState.status === "thinking");
  }

  /** "What would a strong player do?": search the viewer's best moves (in the bot worker), then list them
   * and mark them on the board. Nothing is played. */
  async askHint() {
    if (!this.canHint()) return;
    const v = this.s.reply.view;
    const hs = { seat: v.seat, at: v.actions_played, status: "thinking", hints: [], reason: "" };
    this.hintState = hs;
    this.render();
    this.hintInView(hs);
    let r;
    try {
      r = await this.s.hint();
    } catch (err) {
      r = { ok: false, error: { message: String(err && err.message ? err.message : err) } };
    }
    if (this.hintState !== hs) return; // closed, or another asked meanwhile
    if (r == null) {
      this.hintState = null; // the position changed meanwhile
    } else if (!r.ok) {
      hs.status = "failed";
      hs.reason = (r.error && r.error.message) || "";
    } else {
      hs.status = "ready";
      // best first as the engine ranks them (by what their simulations support: webapi "hint")
      hs.hints = (r.result.hints || []).slice(0, 3);
      hs.simulations = r.result.simulations;
    }
    this.render();
  }

  /**
   * The panel of a hint just asked for opens at the top of the game, above the board. Asked with the page
   * scrolled down (Empire's End scrolls a disaster's target into view; a player scrolls), it opened out of
   * sight, above the window or under the pinned status bar, and the browser's scroll anchoring scrolled
   * the page on by the panel's height to keep the board still: the page's top bar went further away and
   * the list stayed hidden. So the top of the page comes back into the window then (as for the pass
   * screen), on the next frame: the layout read there is the one the frame does anyway. A page scrolled
   * so little that the panel shows is left where it is.
   */
  hintInView(hs) {
    if (!mayMoveView()) return; // an embedded frame not used yet never scrolls the host page
    requestAnimationFrame(() => {
      if (this.hintState !== hs || scrollY <= 0 || this.el.hint.hidden) return;
      const bar = this.root.querySelector(".gv-bar");
      const top = this.el.hint.getBoundingClientRect().top;
      if (top < Math.max(0, bar ? bar.getBoundingClientRect().bottom : 0)) scrollTo(0, 0);
    });
  }

  closeHint() {
    this.hintState = null;
    this.render();
  }

  /** The legal items of reply `r` that the hint shown names (none while no hint is ready for it). */
  hintedLegal(r) {
    const h = this.hintState;
    if (!h || h.status !== "ready" || r.view.seat !== h.seat || r.view.actions_played !== h.at) return [];
    const named = new Set(h.hints.map((x) => JSON.stringify(x.action)));
    return (r.legal || []).filter((li) => named.has(JSON.stringify(li.action)));
  }

  /** The hint panel (above the board: in reach on a phone too) and the marks on the board, or neither. */
  renderHint(view) {
    const hs = this.hintState;
    if (hs && (!view || view.seat !== hs.seat || view.actions_played !== hs.at)) this.hintState = null;
    const h = this.hintState;
    let html = "";
    if (h) {
      const head =
        `<div class="hint-head"><h2 id="hint-h" class="panel-h">${I.bulb} ${esc(t("hint_ask"))}</h2>` +
        `<button type="button" class="btn ghost small" data-hint-close="1" data-testid="hint-close">${esc(t("close"))}</button></div>`;
      let body;
      if (h.status === "thinking") {
        body = `<p class="muted" data-testid="hint-thinking" aria-busy="true">${esc(t("hint_thinking"))}</p>`;
      } else if (h.status === "failed") {
        body = `<p data-testid="hint-failed">${esc(t("hint_failed", { reason: h.reason }))}</p>`;
      } else {
        // the search's simulations (an older engine's reply: the listed moves' sum)
        const visits = Number.isInteger(h.simulations)
          ? h.simulations
          : h.hints.reduce((a, x) => a + (Number(x.visits) || 0), 0);
        body =
          `<ol class="hint-list">` +
          h.hints
            .map((x, i) => {
              // the rate with the simulations behind it: the list is ranked by what they support
              const n = Number(x.visits) || 0;
              const said = t(n === 1 ? "hint_rate_one" : "hint_rate", { p: Math.round(x.win_rate * 100), n });
              const rate =
                typeof x.win_rate === "number"
                  ? `<span class="hint-rate" data-visits="${n}">${esc(said)}</span>`
                  : "";
              return (
                `<li class="hint-item hint-r${i + 1}" data-testid="hint-move" data-rank="${i + 1}" data-hint-action="${esc(JSON.stringify(x.action))}">` +
                `<span class="hint-rank" aria-hidden="true">${i + 1}</span><span class="hint-label">${esc(this.subNames(x.label || ""))}</span>${rate}</li>`
              );
            })
            .join("") +
          `</ol><p class="muted small">${esc(t("hint_note", { n: visits }))}</p>`;
      }
      html = `<div class="hint-card">${head}${body}</div>`;
    }
    if (html !== this.hintHTML) {
      this.el.hint.innerHTML = html;
      this.hintHTML = html;
      setHidden(this.el.hint, !html);
    }
    this.markHints(view);
  }

  /**
   * The hinted moves marked where the player would play them: every board element and panel button of
   * their keys (R.actionKeys: the same data-key / data-mapkey targets a click selects) and the panel's
   * button of the move itself, with the hint's rank (class hint-mark, data-hint-rank). Written after every
   * redraw (a redraw rewrites the classes of what it patches).
   */
  markHints(view) {
    const main = this.el.main;
    for (const el of main.querySelectorAll(".hint-mark")) {
      el.classList.remove("hint-mark");
      delete el.dataset.hintRank;
    }
    const h = this.hintState;
    if (!h || h.status !== "ready" || !view) return;
    const mark = (el, rank) => {
      const had = Number(el.dataset.hintRank) || 0;
      if (had && had <= rank) return;
      el.classList.add("hint-mark");
      el.dataset.hintRank = String(rank);
    };
    const buttons = [...main.querySelectorAll("[data-action]")];
    h.hints.forEach((x, i) => {
      const rank = i + 1;
      const json = JSON.stringify(x.action);
      for (const el of buttons) if (el.dataset.action === json) mark(el, rank);
      const keys = this.R.actionKeys ? this.R.actionKeys(x.action, view) || [] : [];
      for (const k of keys) {
        for (const el of main.querySelectorAll(
          `[data-key="${CSS.escape(k)}"], [data-mapkey="${CSS.escape(k)}"]`,
        ))
          mark(el, rank);
      }
    });
  }

  /** Run a session step (which may redraw through onUpdate) and make sure the screen is redrawn once. */
  sessionStep(fn) {
    this.clearError();
    const before = this.renders;
    fn();
    if (this.renders === before) this.render();
  }

  /** The game's handler of a form it drew (`<form data-form="name">`, R.forms[name]), or null. */
  formOf(e) {
    const form = e.target.closest && e.target.closest("form[data-form]");
    const h = form && this.root.contains(form) && this.R.forms && this.R.forms[form.dataset.form];
    return h ? { form, h } : null;
  }

  onSubmit(e) {
    const f = this.formOf(e);
    if (!f) return;
    e.preventDefault();
    const li = f.h.submit(f.form, this.ctx());
    if (li) this.act(li);
  }

  onInput(e) {
    const f = this.formOf(e);
    if (f && f.h.input) f.h.input(f.form, this.ctx());
  }

  /**
   * The other human seats whose moves an undo by the viewer takes back with its own (the engine undoes
   * back to and including the viewer's last action): [[seat, moves], ...] from the save's action list.
   * Only a hotseat game (two or more humans) can have any; bots simply play again.
   */
  undoTakesBack() {
    const seats = this.s.seats || [];
    const me = this.s.viewer;
    if (seats.filter((x) => x.kind === "human").length < 2 || !this.s.saveText) return [];
    // the position is the one the viewer's own move made (nothing played since): it is the last move, and
    // the undo takes back nobody else's (no save asked of the engine: a whole save is a few ms of a click)
    if (this.ownReply && this.s.reply === this.ownReply) return [];
    let actions = [];
    try {
      actions = JSON.parse(this.s.saveText() || "{}").actions || [];
    } catch {
      return [];
    }
    const count = new Map();
    for (let i = actions.length - 1; i >= 0; i--) {
      const seat = Array.isArray(actions[i]) ? actions[i][0] : null;
      if (seat === me) break;
      if (seat != null && seat !== me && seats[seat] && seats[seat].kind === "human")
        count.set(seat, (count.get(seat) || 0) + 1);
    }
    return [...count].sort((a, b) => a[0] - b[0]);
  }

  undo() {
    const others = this.undoTakesBack();
    if (others.length) {
      // hotseat: say whose moves go too before taking them back (issue 16)
      const names = this.names();
      const n = others.reduce((a, [, k]) => a + k, 0);
      const who = others
        .map(([seat]) => names[seat])
        .join(document.documentElement.lang === "en" ? ", " : "、");
      if (!confirm(t(n === 1 ? "undo_confirm_one" : "undo_confirm_many", { names: who, n }))) return;
    }
    this.clearError();
    this.sel = [];
    const before = this.renders;
    const prevMsg = this.lastMsg;
    this.lastMsg = "";
    const r = this.s.undo();
    if (!r.ok) this.lastMsg = prevMsg;
    if (!r.ok || this.renders === before) this.render();
  }

  clearSelection() {
    if (this.sel.length) {
      this.sel = [];
      this.render();
      return true;
    }
    return false;
  }
}
