// The game loop around the engine: which seat looks at the screen, bot turns, pass-the-device.
//
// A Session owns one engine session (sid). After every reply it decides what happens next:
//   - a bot seat in view.to_move acts: the bot thinks in the bot worker (opts.thinker, app/thinker.js: a
//     second engine in a Web Worker, so that the page stays usable while a hard bot searches), beside a
//     short, skippable delay; the page's engine then plays the move it chose (pgc.call("bot") with that
//     action). Without a worker (none given, or it could not start) the page's engine chooses too;
//   - a human seat in to_move that is the current viewer: wait for input;
//   - another human seat: with 2+ human seats, raise a pass-the-device screen (private info hidden)
//     until reveal(); with one human seat, switch silently.
//   - optional actions (legal for a seat that is not in to_move, e.g. an ability usable at any time):
//     before a bot acts, a human viewer who has some is asked first (the game waits until it acts or
//     lets the bot play; asked again only when its optional actions change); in hotseat, other human
//     seats that may act now are listed (otherSeatsWithActions) and handTo(seat) passes them the device.
// The page gets callbacks; the Session never touches the DOM except <html data-busy>.
//
// Saving: the engine's replies to moves carry no save text (it is most of a long game's reply, and a
// click would pay for it before the page redraws). A move marks the game unsaved; once the page is idle
// (at most SAVE_WITHIN ms later), or at once by flush(), what to store is fetched (pgc "journal": the
// moves since the save last stored whole, the base; now and then the whole save) and handed to onSaved,
// which stores it. So a move costs as much to store after 3,000 actions as after 30. The whole save is
// stored when the page is hidden or left (flush(true)), when it has been idle for FULL_AFTER ms, when the
// game is over, and when the engine asks (no base yet, a long tail); "based" then tells the engine.
//
// Working ahead: once the save is handed over, the engine works out (pgc "ahead") the replies to the
// viewer's likely next clicks, undo and its first legal actions, one per idle slice; such a click then
// only fetches its reply. Nothing of those replies reaches the page before the click. Likewise, while a
// pass-the-device screen shows, the next seat's view is fetched once the page is idle (prefetchPass) and
// held until reveal(), so that "continue" only draws it; the page draws nothing of it before. Behind the
// pass screen the page lays out the public view's board (passView: the view of no seat, what every seat may
// see), hidden, so that "continue" changes only the parts that are the next seat's own.

import { lang } from "./i18n.js";

export const SPEEDS = { slow: 900, normal: 320, fast: 0 };

/**
 * The bot levels the page offers (the seat kinds of Game.bots; docs/architecture.md §2.3): easy is the
 * heuristic, normal and hard search (issue 20) for about this long per decision in play (webapi "bot"'s
 * `budget_ms`; tests count iterations instead). "best" (a decision handed to a bot) is the heuristic.
 */
export const THINK_MS = { normal: 300, hard: 1000 };
/**
 * The search budget of a hint ("What would a strong player do?") in the bot worker: a player asked and
 * waits, so a hint searches longer than a hard bot's decision (about 2.5x its simulations, for rates that
 * rest on more of them). The worker searches it in slices and stops at the next slice when the page asks
 * about a newer position (runtime/bot-worker.mjs): playing a move, or a bot's turn, cancels it.
 */
export const HINT_MS = 2500;
/** The same on the page's own thread (no worker): a hard bot's second, all of it one long task. */
export const HINT_PAGE_MS = 1000;
/** How many moves a hint lists. */
export const HINT_MOVES = 3;

/** A move reaches onSaved at most this long after its reply (sooner when the page is idle). */
export const SAVE_WITHIN = 300;
/** After this long without a move, the game is stored whole (its base), so that a load applies no tail. */
export const FULL_AFTER = 15_000;

/**
 * Ends the current task (the page may answer a click between two): scheduler.yield where there is one,
 * else a zero timeout. A bot's turn is three tasks, not one: the worker's answer, the page playing the
 * move (webapi "bot", then the redraw), and the next question (webapi "position"); as one task they ran
 * 60 ms on a loaded machine, and a click that came meanwhile waited for all of it (issue 20 §7).
 */
const nextTask = () =>
  typeof globalThis.scheduler?.yield === "function"
    ? globalThis.scheduler.yield()
    : new Promise((resolve) => setTimeout(resolve, 0));

const idle =
  typeof requestIdleCallback === "function"
    ? (fn) => requestIdleCallback(fn, { timeout: SAVE_WITHIN })
    : (fn) => setTimeout(fn, 50);

/** How many of the viewer's legal actions the engine works out ahead, and the idle time (ms) one needs. */
const AHEAD = 8;
const AHEAD_SLICE = 6;
const idleSlice =
  typeof requestIdleCallback === "function"
    ? (fn) => requestIdleCallback(fn)
    : (fn) => setTimeout(() => fn({ timeRemaining: () => 50 }), 50);

export class Session {
  /**
   * @param pgc   the engine door ({call(method, args)})
   * @param opts  {sid, seats: [{kind: "human"|bot kind, name}], speed, onUpdate(reason), onPlayed(played),
   *               onError(error), onSaved(journal, view, reply) -> {base: true if it stored journal.save},
   *               thinker (app/thinker.js: where the bots think and hints are searched; null: here)}
   */
  constructor(pgc, opts) {
    this.pgc = pgc;
    this.sid = opts.sid;
    this.thinker = opts.thinker || null;
    this.seats = opts.seats;
    this.speed = opts.speed ?? "normal";
    this.onUpdate = opts.onUpdate || (() => {});
    this.onPlayed = opts.onPlayed || (() => {});
    this.onError = opts.onError || (() => {});
    this.onSaved = opts.onSaved || null;
    this.unsaved = false; // a move was made that onSaved has not been given yet
    this.tailed = false; // the last journal had a tail: the stored base is not the game as it stands
    this._saveTimer = null;
    this._fullTimer = null;
    this.fullAfter = FULL_AFTER;
    this.reply = null;
    this.viewer = null;
    this.passTo = null;
    this.passView = null; // the public view (seat null) drawn, hidden, behind the pass-the-device screen
    this.thinking = null;
    this.running = false;
    this.stopped = false;
    this._skip = null;
    this.optionalWait = false; // the loop waits: the viewer may act out of turn before a bot plays
    this.declined = null; // the optional actions the viewer let pass (their JSON)
    this.outOfTurn = null; // a hotseat seat handed the device to act out of turn
    this._others = null;
  }

  /** The viewer's legal actions while it is not in to_move (optional actions), as a signature. */
  optionalSig() {
    const v = this.reply && this.reply.view;
    if (
      !v ||
      this.viewer == null ||
      this.kind(this.viewer) !== "human" ||
      (v.to_move || []).includes(this.viewer)
    )
      return null;
    const legal = this.reply.legal || [];
    return legal.length ? JSON.stringify(legal.map((li) => li.action)) : null;
  }

  /** Let the bots play on without the viewer's optional actions (until they change). */
  letPlay() {
    this.declined = this.optionalSig();
    this.optionalWait = false;
    return this.run();
  }

  /**
   * Hotseat: the other human seats that may act now although they are not to move (their optional
   * actions), read from the engine once per position. Only their count is used: nothing of their view.
   */
  otherSeatsWithActions() {
    const v = this.reply && this.reply.view;
    if (!v || v.over || this.humans.length < 2 || this.thinking != null || this.passTo != null) return [];
    const tm = v.to_move || [];
    const mayAsk = (s) => s !== this.viewer && !tm.includes(s);
    // replies to this session's calls say it ("others"); a first reply (new, load) may not
    if (Array.isArray(this.reply.others)) return this.reply.others.filter(mayAsk);
    const key = this.reply;
    if (this._others && this._others.key === key) return this._others.seats;
    const seats = this.humans.filter(mayAsk).filter((s) => {
      const r = this.call("view", { seat: s });
      return r.ok && (r.result.legal || []).length > 0;
    });
    this._others = { key, seats };
    return seats;
  }

  /** Hotseat: pass the device to `seat` so it can take an optional action now. */
  handTo(seat) {
    if (!this.humans.includes(seat) || seat === this.viewer || this.thinking != null) return;
    this.outOfTurn = seat;
    this.passTo = seat;
    this.optionalWait = false;
    this.publicPass();
    this.onUpdate("pass");
    this.prefetchPass();
  }

  /** The seat handed the device out of turn is done: go back to the seats to move. */
  handBack() {
    this.outOfTurn = null;
    return this.run();
  }

  get humans() {
    return this.seats.map((s, i) => (s.kind === "human" ? i : -1)).filter((i) => i >= 0);
  }

  kind(seat) {
    return (this.seats[seat] && this.seats[seat].kind) || "human";
  }

  name(seat) {
    return this.seats[seat] && this.seats[seat].name;
  }

  /** A call's arguments as this page sends them (all but "since"). */
  args(args) {
    // no save text in the reply (see "Saving" above); in hotseat, which other human seats may act now
    const humans = this.humans;
    const viewer =
      args && "view_seat" in args ? args.view_seat : args && "seat" in args ? args.seat : this.viewer;
    const extra = { save: false, log_lang: true }; // the log is shown in the page's language only
    if (humans.length > 1) extra.others = humans.filter((s) => s !== viewer);
    return { sid: this.sid, lang: lang(), ...extra, ...args };
  }

  call(method, args, holding = this.reply) {
    // the view's parts that did not change since the view held (this.reply's) are not sent again
    const held = holding && holding.token != null ? holding : null;
    const since = method !== "save" && method !== "journal" ? { since: held ? held.token : null } : {};
    const r = this.pgc.call(method, { ...this.args(args), ...since });
    if (!r || typeof r !== "object")
      return { ok: false, error: { kind: "runtime", message: "no reply from the engine" } };
    if (r.ok && r.result && Array.isArray(r.result.same)) {
      const view = r.result.view;
      for (const k of r.result.same) view[k] = held.view[k];
      const span = r.result.log_span; // the log's new lines only: the held lines numbered first <= i < upto first
      if (span)
        view.log = (held.view.log || []).filter((e) => e.i >= span[0] && e.i < span[1]).concat(view.log);
    }
    return r;
  }

  /** Adopt the first reply (from new/load): choose who looks first, then run. */
  begin(reply) {
    this.reply = reply;
    const v = reply.view;
    const humans = this.humans;
    const tm = v.to_move || [];
    const first = tm.find((s) => humans.includes(s));
    // Hotseat: nobody is known to hold the device yet (new game, resumed save), so start from the
    // public view and let run() raise the pass-the-device screen for the first human to move.
    this.viewer = humans.length > 1 ? null : (first ?? humans[0] ?? null);
    if (this.viewer !== v.seat) this.refresh();
    if (this.onSaved) this.changed(); // a new game is stored whole (the engine has no base of it yet)
    return this.run();
  }

  /** webapi "bot"'s time budget for a bot of `kind` (none for the random and heuristic bots). */
  budget(kind) {
    return THINK_MS[kind] ? { budget_ms: THINK_MS[kind] } : {};
  }

  /**
   * The move a bot of `kind` chooses for `seat` in the position as it stands, thought out in the bot
   * worker: {value: action}, or null when there is no worker or it failed (the page's engine chooses).
   */
  async think(seat, kind) {
    if (!this.thinker) return null;
    await nextTask(); // the redraw of the last move ends the task before the question (see nextTask)
    const r = await this.thinker.ask("bot", {
      seat,
      kind,
      view_seat: seat,
      played_only: true,
      lang: lang(),
      ...this.budget(kind),
    });
    if (r && !r.ok) console.warn("the bot worker did not choose:", r.error);
    return r && r.ok && r.result.played && r.result.played.action ? { value: r.result.played.action } : null;
  }

  /**
   * "What would a strong player do?": the viewer's best moves in the position as it stands (webapi "hint":
   * {hints: [{action, label, win_rate, visits}]}), searched from the viewer's view only, in the bot
   * worker (else by the page's engine). Resolves with the reply, or null when the position or the viewer
   * changed meanwhile (the hint is then about a position no longer shown).
   */
  async hint() {
    const seat = this.viewer;
    const at = this.reply && this.reply.view.actions_played;
    if (seat == null || this.thinking != null || this.passTo != null) return null;
    const args = { seat, n: HINT_MOVES, lang: lang() };
    let r = this.thinker ? await this.thinker.ask("hint", { ...args, budget_ms: HINT_MS }) : null;
    const same = () => !this.stopped && this.viewer === seat && this.reply.view.actions_played === at;
    if (!same()) return null;
    if (!r) r = this.pgc.call("hint", { sid: this.sid, ...args, budget_ms: HINT_PAGE_MS });
    return r;
  }

  /** Re-read the view for the current viewer (e.g. after a language change). */
  refresh() {
    const r = this.call("view", { seat: this.viewer });
    if (r.ok) this.reply = r.result;
    else this.onError(r.error);
    if (r.ok && this.passTo != null) this.publicPass(); // the board behind the pass screen too
    return r.ok;
  }

  setBusy(on) {
    if (on) document.documentElement.dataset.busy = "true";
    else document.documentElement.removeAttribute("data-busy");
  }

  /** Skip the current bot delay (and make the rest of this bot streak instant). */
  skip() {
    if (this._skip) this._skip();
  }

  delay() {
    const ms = SPEEDS[this.speed] ?? 320;
    if (!ms) return new Promise((res) => setTimeout(res, 0));
    return new Promise((res) => {
      const timer = setTimeout(() => {
        this._skip = null;
        res();
      }, ms);
      this._skip = () => {
        clearTimeout(timer);
        this._skip = null;
        res();
      };
    });
  }

  async run() {
    if (this.running) return;
    this.running = true;
    try {
      for (;;) {
        if (this.stopped) return;
        const v = this.reply.view;
        if (v.over) {
          this.thinking = null;
          this.setBusy(false);
          this.onUpdate("over");
          return;
        }
        const tm = v.to_move || [];
        const bot = tm.find((s) => this.kind(s) !== "human");
        if (bot != null && this.outOfTurn == null) {
          const sig = this.optionalSig();
          if (sig && sig !== this.declined) {
            // the human viewer may act out of turn first (an ability usable at any time)
            this.thinking = null;
            this.optionalWait = true;
            this.setBusy(false);
            this.onUpdate("optional");
            return;
          }
          this.optionalWait = false;
          this.thinking = bot;
          this.setBusy(true);
          this.onUpdate("thinking");
          const kind = this.kind(bot);
          // the worker thinks while the delay runs: a move is played after whichever ends last
          const chosen = this.think(bot, kind);
          await this.delay();
          const action = await chosen;
          if (action) await nextTask(); // the worker's answer, then the move in a task of its own
          if (this.stopped) return;
          if (this.reply.view.actions_played !== v.actions_played) continue; // the game moved on: look again
          const r = this.call("bot", {
            seat: bot,
            kind,
            view_seat: this.viewer,
            ...(action ? { action: action.value } : this.budget(kind)),
          });
          if (!r.ok) {
            this.thinking = null;
            this.setBusy(false);
            this.onError(r.error);
            this.onUpdate("error");
            return;
          }
          this.reply = r.result;
          this.changed();
          this.onPlayed(r.result.played);
          continue;
        }
        this.thinking = null;
        const humans = tm.filter((s) => this.kind(s) === "human");
        if (
          !humans.length ||
          humans.includes(this.viewer) ||
          (this.outOfTurn != null && this.outOfTurn === this.viewer)
        ) {
          this.setBusy(false);
          this.onUpdate("human");
          return;
        }
        const next = humans[0];
        if (this.humans.length > 1) {
          this.passTo = next;
          this.publicPass();
          this.setBusy(false);
          this.onUpdate("pass");
          this.prefetchPass();
          return;
        }
        this.viewer = next;
        if (!this.refresh()) {
          this.setBusy(false);
          return;
        }
      }
    } finally {
      this.running = false;
    }
  }

  /**
   * Hotseat: the public view (seat null), which the page draws behind the pass-the-device screen, laid out
   * but not shown: "continue" then only changes the next seat's own parts of the board (its hand, its
   * legal targets), not the whole board. The view held already when nobody holds the device (a new or
   * resumed game); else one engine call. None (the page empties the board then) if the call fails.
   */
  publicPass() {
    this.passView = null;
    const held = this.reply;
    if (held && held.view && held.view.seat == null) {
      this.passView = held;
      return;
    }
    const r = this.call("view", { seat: null, others: [] });
    if (r.ok && r.result.view.seat == null) this.passView = r.result;
  }

  /**
   * Hotseat: while the pass-the-device screen shows, fetch the next seat's view once the page is idle, so
   * that "continue" only has to draw it. The reply is kept here and reaches the page only in reveal(),
   * after "continue" (the engine holds every seat's information anyway; nothing of it is drawn before).
   */
  prefetchPass() {
    this._passReply = null;
    const seat = this.passTo;
    const held = this.reply;
    if (seat == null) return;
    idle(() => this.preparePass(seat, held));
  }

  /** The next seat's view for reveal(), fetched now unless it is already (see prefetchPass). */
  preparePass(seat = this.passTo, held = this.reply) {
    if (seat == null || this.stopped || this.passTo !== seat || this.reply !== held) return;
    const p = this._passReply;
    if (p && p.seat === seat && p.held === held) return;
    // the engine last sent the public view (publicPass): the next seat's is sent as what differs from it
    const r = this.call("view", { seat }, this.passView || held);
    // still the same hand-off (the engine call may not be interrupted, but stay careful)
    if (r.ok && this.passTo === seat && this.reply === held)
      this._passReply = { seat, held, reply: r.result };
  }

  /** True when the next seat's view is fetched already, so that "continue" only has to draw it. */
  passReady() {
    const p = this._passReply;
    return !!(p && this.passTo != null && p.seat === this.passTo && p.held === this.reply);
  }

  /** The pass-the-device screen was confirmed: show the next seat's view and go on. */
  reveal() {
    if (this.passTo == null) return;
    const seat = this.passTo;
    const p = this._passReply;
    this._passReply = null;
    this.viewer = seat;
    this.passTo = null;
    this.passView = null;
    if (p && p.seat === seat && p.held === this.reply) this.reply = p.reply;
    else this.refresh();
    return this.run();
  }

  /** A human action for the current viewer. Returns the engine reply. */
  act(action) {
    if (this.thinking != null || this.passTo != null || this.viewer == null)
      return { ok: false, error: { kind: "busy", message: "busy" } };
    const r = this.call("apply", { seat: this.viewer, action, view_seat: this.viewer });
    if (!r.ok) {
      this.onError(r.error);
      return r;
    }
    this.reply = r.result;
    this.optionalWait = false;
    // a seat handed the device out of turn keeps it while it still has something to do
    if (this.outOfTurn === this.viewer && !(this.reply.legal || []).length) this.outOfTurn = null;
    this.changed();
    this.onPlayed({ seat: this.viewer, action, label: null, human: true });
    this.run();
    return r;
  }

  canUndo() {
    const v = this.reply && this.reply.view;
    return !!(
      v &&
      v.can_undo &&
      this.thinking == null &&
      this.passTo == null &&
      this.viewer != null &&
      !v.over &&
      this.reply.view.seat === this.viewer
    );
  }

  undo() {
    if (!this.canUndo()) return { ok: false };
    const r = this.call("undo", { seat: this.viewer, view_seat: this.viewer });
    if (!r.ok) {
      this.onError(r.error);
      return r;
    }
    this.reply = r.result;
    this.changed();
    this.run();
    return r;
  }

  /**
   * "Let the bot decide" (kit/automa.js): the viewer hands the decision it makes for an automa (one marked
   * `automa` in view.decisions, e.g. for the Reed Clan) to the game's strongest bot. The engine applies the
   * bot's choice as the viewer's own action (webapi "bot", kind "best"): saved, replayed and undone as any.
   */
  async botDecides() {
    if (this.thinking != null || this.passTo != null || this.viewer == null)
      return { ok: false, error: { kind: "busy", message: "busy" } };
    const seat = this.viewer;
    const at = this.reply.view.actions_played;
    this.thinking = seat;
    this.setBusy(true);
    this.onUpdate("thinking");
    const action = await this.think(seat, "best");
    this.thinking = null;
    if (this.stopped) return { ok: false, error: { kind: "busy", message: "closed" } };
    if (this.viewer !== seat || this.reply.view.actions_played !== at) {
      this.setBusy(false);
      this.onUpdate("human");
      return { ok: false, error: { kind: "busy", message: "the game moved on" } };
    }
    const r = this.call("bot", {
      seat,
      kind: "best",
      view_seat: seat,
      ...(action ? { action: action.value } : this.budget("best")),
    });
    if (!r.ok) {
      this.setBusy(false);
      this.onError(r.error);
      this.onUpdate("error");
      return r;
    }
    this.reply = r.result;
    this.optionalWait = false;
    this.changed();
    this.onPlayed(r.result.played);
    this.run();
    return r;
  }

  /** The game changed: save it once the page is idle (soon, never on the click's own path). */
  changed() {
    if (!this.onSaved) return;
    this.unsaved = true;
    clearTimeout(this._fullTimer);
    this._fullTimer = null;
    if (this._saveTimer) return;
    this._saveTimer = idle(() => {
      this._saveTimer = null;
      this.flush();
      this.ahead();
    });
  }

  /**
   * While the page is idle, have the engine work out the replies to the viewer's likely next clicks
   * (undo, then its first AHEAD legal actions), one call per idle slice,
   * so that such a click only fetches its reply. Stops as soon as the position changes.
   */
  ahead() {
    if (this.thinking != null || this.passTo != null || this.viewer == null || this.stopped) return;
    const reply = this.reply;
    const plan = [];
    if (this.canUndo()) plan.push(["undo", { seat: this.viewer, view_seat: this.viewer }]);
    if (reply.view.seat === this.viewer) {
      for (const l of (reply.legal || []).slice(0, AHEAD)) {
        plan.push(["apply", { seat: this.viewer, action: l.action, view_seat: this.viewer }]);
      }
    }
    let worst = AHEAD_SLICE; // the longest call so far: another starts only if it fits in the idle time left
    const next = (deadline) => {
      let first = true; // the first call of an idle period needs AHEAD_SLICE ms, so that the plan ends
      while (
        plan.length &&
        this.reply === reply &&
        !this.stopped &&
        deadline.timeRemaining() > (first ? AHEAD_SLICE : worst)
      ) {
        first = false;
        const [method, args] = plan.shift();
        const t = performance.now();
        this.pgc.call("ahead", { ...this.args(args), for: method });
        worst = Math.max(worst, performance.now() - t);
      }
      if (plan.length && this.reply === reply && !this.stopped) idleSlice(next);
    };
    idleSlice(next);
  }

  /** The engine's save text of the current position (for an export), or null if the engine fails. */
  saveText() {
    const r = this.call("save", {});
    return r.ok ? r.result.save : null;
  }

  /**
   * Hand what to store to onSaved now if a move is not saved yet; with `full`, the whole save if the
   * stored base is not the game as it stands (pagehide, hidden, idle for FULL_AFTER ms).
   */
  flush(full = false) {
    if (!this.onSaved || (!this.unsaved && !(full && this.tailed))) return;
    const r = this.call("journal", { full });
    if (!r.ok) {
      this.onError(r.error);
      return;
    }
    this.unsaved = false;
    const j = r.result;
    this.tailed = j.tail != null;
    const stored = this.onSaved(j, this.reply.view, { ...this.reply, summary: j.summary });
    if (stored && stored.base) this.based(j.base);
    clearTimeout(this._fullTimer);
    this._fullTimer =
      this.tailed && !this.stopped
        ? setTimeout(() => {
            this._fullTimer = null;
            idle(() => this.flush(true));
          }, this.fullAfter)
        : null;
  }

  /**
   * The page stored the save of `base` ([n, checksum], from a journal) whole: the next journals are the
   * moves since then. With `check`, only whether the game still stands there (nothing is recorded).
   */
  based(base, check = false) {
    const r = this.pgc.call("based", { sid: this.sid, base, check });
    const ok = !!(r && r.ok && r.result.ok);
    if (ok && !check) this.tailed = false;
    return ok;
  }

  close() {
    this.flush(true);
    clearTimeout(this._fullTimer);
    this.stopped = true;
    this.skip();
    if (this.thinker) this.thinker.stop();
    try {
      this.pgc.call("close", { sid: this.sid });
    } catch {
      /* ignore */
    }
  }
}
