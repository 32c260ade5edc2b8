// The game loop around the engine: which seat looks at the screen, bot turns, pass-the-device.
//
// A Session owns one engine session (sid). After every reply it decides what happens next:
//   - a bot seat in view.to_move acts (after a short, skippable delay) via pgc.call("bot");
//   - a human seat in to_move that is the current viewer: wait for input;
//   - another human seat: with 2+ human seats, raise a pass-the-device screen (private info hidden)
//     until reveal(); with one human seat, switch silently.
// The page gets callbacks; the Session never touches the DOM except <html data-busy>.

import { lang } from "./i18n.js";

export const SPEEDS = { slow: 900, normal: 320, fast: 0 };

export class Session {
  /**
   * @param pgc   the engine door ({call(method, args)})
   * @param opts  {sid, seats: [{kind: "human"|bot kind, name}], speed, onUpdate(reason), onPlayed(played),
   *               onError(error), onSaved(save, view, reply), busyAttr: true}
   */
  constructor(pgc, opts) {
    this.pgc = pgc;
    this.sid = opts.sid;
    this.seats = opts.seats;
    this.speed = opts.speed ?? "normal";
    this.onUpdate = opts.onUpdate || (() => {});
    this.onPlayed = opts.onPlayed || (() => {});
    this.onError = opts.onError || (() => {});
    this.onSaved = opts.onSaved || (() => {});
    this.reply = null;
    this.viewer = null;
    this.passTo = null;
    this.thinking = null;
    this.running = false;
    this.stopped = false;
    this._skip = null;
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

  call(method, args) {
    const r = this.pgc.call(method, { sid: this.sid, lang: lang(), ...args });
    if (!r || typeof r !== "object") return { ok: false, error: { kind: "runtime", message: "no reply from the engine" } };
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
    this.viewer = humans.length > 1 ? null : first ?? humans[0] ?? null;
    if (this.viewer !== v.seat) this.refresh();
    this.onSaved(this.reply.save, this.reply.view, this.reply);
    return this.run();
  }

  /** Re-read the view for the current viewer (e.g. after a language change). */
  refresh() {
    const r = this.call("view", { seat: this.viewer });
    if (r.ok) this.reply = r.result;
    else this.onError(r.error);
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
      const timer = setTimeout(() => { this._skip = null; res(); }, ms);
      this._skip = () => { clearTimeout(timer); this._skip = null; res(); };
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
        if (bot != null) {
          this.thinking = bot;
          this.setBusy(true);
          this.onUpdate("thinking");
          await this.delay();
          if (this.stopped) return;
          const r = this.call("bot", { seat: bot, kind: this.kind(bot), view_seat: this.viewer });
          if (!r.ok) {
            this.thinking = null;
            this.setBusy(false);
            this.onError(r.error);
            this.onUpdate("error");
            return;
          }
          this.reply = r.result;
          this.onSaved(this.reply.save, this.reply.view, this.reply);
          this.onPlayed(r.result.played);
          continue;
        }
        this.thinking = null;
        const humans = tm.filter((s) => this.kind(s) === "human");
        if (!humans.length || humans.includes(this.viewer)) {
          this.setBusy(false);
          this.onUpdate("human");
          return;
        }
        const next = humans[0];
        if (this.humans.length > 1) {
          this.passTo = next;
          this.setBusy(false);
          this.onUpdate("pass");
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

  /** The pass-the-device screen was confirmed: show the next seat's view and go on. */
  reveal() {
    if (this.passTo == null) return;
    this.viewer = this.passTo;
    this.passTo = null;
    this.refresh();
    return this.run();
  }

  /** A human action for the current viewer. Returns the engine reply. */
  act(action) {
    if (this.thinking != null || this.passTo != null || this.viewer == null) return { ok: false, error: { kind: "busy", message: "busy" } };
    const r = this.call("apply", { seat: this.viewer, action, view_seat: this.viewer });
    if (!r.ok) {
      this.onError(r.error);
      return r;
    }
    this.reply = r.result;
    this.onSaved(this.reply.save, this.reply.view, this.reply);
    this.onPlayed({ seat: this.viewer, action, label: null, human: true });
    this.run();
    return r;
  }

  canUndo() {
    const v = this.reply && this.reply.view;
    return !!(v && v.can_undo && this.thinking == null && this.passTo == null && this.viewer != null && !v.over
      && this.reply.view.seat === this.viewer);
  }

  undo() {
    if (!this.canUndo()) return { ok: false };
    const r = this.call("undo", { seat: this.viewer, view_seat: this.viewer });
    if (!r.ok) {
      this.onError(r.error);
      return r;
    }
    this.reply = r.result;
    this.onSaved(this.reply.save, this.reply.view, this.reply);
    this.run();
    return r;
  }

  close() {
    this.stopped = true;
    this.skip();
    try { this.pgc.call("close", { sid: this.sid }); } catch { /* ignore */ }
  }
}
