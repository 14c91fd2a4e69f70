// @ts-check
/**
 * A client of `metro web` (docs/web.md): one WebSocket, requests answered by rid, updates
 * pushed to listeners, and a reconnect that follows the same games again from where it was.
 *
 * No dependency and no DOM: copy this file into any front end (browser, Deno, Node >= 22),
 * import it as an ES module, and write your own screens around it. The engines decide
 * everything: legality, words and pictures come in the host's answers.
 *
 *     import { MetroClient } from "./client.js";
 *     const client = new MetroClient("ws://127.0.0.1:8000/ws");
 *     const [game] = await client.games();
 *     const made = await client.request({ cmd: "new", game: game.name, bots: { 1: game.default_bot } });
 *     const token = made.seats[0].token;
 *     client.onUpdate((u) => console.log(u.told));
 *     const state = await client.follow(token, { svg: true });
 *     if (state.legal) await client.apply(token, state.legal.text[0]);
 */

/**
 * What the seat to act is asked.
 * @typedef {object} Prompt
 * @property {number} seat
 * @property {string} kind a short stable word: roll, bid, place...
 * @property {string} text the question in words
 */

/**
 * A move that may be typed with any amount: `word N` for N from min to max by step.
 * @typedef {object} Amount
 * @property {string} word
 * @property {number} min
 * @property {number} max
 * @property {number} step
 */

/**
 * The moves of the seat to act.
 * @typedef {object} Legal
 * @property {Array<Record<string, any>>} actions each move's JSON form ({type, ...fields})
 * @property {string[]} text each move's text form, the same order
 * @property {string[]} [labels] each move in words for its button, the same order
 * @property {Amount[]} [amounts] moves typed with any amount (bids)
 * @property {string[][]} [keys] each move's places on the board (their `data-key`s)
 */

/**
 * The final standings.
 * @typedef {object} Result
 * @property {number[]} scores
 * @property {number[]} winners
 * @property {string} reason
 */

/**
 * What a seat (or a spectator) sees of a game.
 * @typedef {object} View
 * @property {string} game
 * @property {number|null} seat
 * @property {string[]} players
 * @property {number|null} to_act
 * @property {Prompt|null} prompt
 * @property {boolean} is_over
 * @property {Result|null} result
 * @property {Record<string, any>} state the game's own state, as this seat may see it
 */

/**
 * An answer about a game, or an update (`type: "update"`) pushed after each step.
 * @typedef {object} GameAnswer
 * @property {true} ok
 * @property {string} id
 * @property {number|null} seat whose eyes (null: a spectator)
 * @property {number|null} to_act
 * @property {Prompt|null} prompt
 * @property {Record<string, any>|null} chance what chance waits for (physical dice)
 * @property {boolean} is_over
 * @property {number} seq the log's length
 * @property {Array<Record<string, any>>} events the new events as this seat may see them
 * @property {string[]} told the same in words
 * @property {Step[]} [steps] the same words step by step (who decided each)
 * @property {View} view (the client makes it from `view_patch` when the host sends a patch)
 * @property {number} [view_from] the seq of the view `view_patch` patches
 * @property {Array<Record<string, any>>} [view_patch] a JSON Patch (RFC 6902) from the view
 *   sent at `view_from` to this one
 * @property {Legal} [legal] present when the seat is to act
 * @property {string} [svg] the board, when followed with `svg: true`
 * @property {{by: number, agreed: number[]}} [undo] an undo waiting for consent
 * @property {boolean} [can_undo] whether this seat may take a move back now (no roll, draw,
 *   private card or bot move since its last decision)
 * @property {"update"} [type]
 */

/**
 * A failed request: `error.code` is bad_request, illegal_action, forbidden, ...
 * @typedef {object} ErrorAnswer
 * @property {false} ok
 * @property {{code: string, message: string}} error
 */

/**
 * One step of a game for a replay: its seq (the log's length after it), who decided, the words.
 * @typedef {object} Step
 * @property {number} seq
 * @property {number|null} seat
 * @property {string[]} told
 */

/**
 * A game of the host's catalogue (the answer to `games`).
 * @typedef {object} GameEntry
 * @property {string} name
 * @property {string} title
 * @property {string} blurb one sentence on the game, for a person choosing one
 * @property {number[]} players [min, max]
 * @property {number} default_players the count a game starts with when none is given
 * @property {string[]} bots
 * @property {string} default_bot the bot that plays a seat nobody named
 * @property {Record<string, {default: any, choices: any[]|null, help: string}>} options
 * @property {string[]} web the files of the game's own page parts (`panel.js`), served at
 *   `games/<name>/<file>`
 */

/** A refused request, as an exception. */
export class MetroError extends Error {
  /**
   * @param {string} code
   * @param {string} message
   */
  constructor(code, message) {
    super(message);
    this.name = "MetroError";
    this.code = code;
  }
}

/**
 * The WebSocket address of the host that served this page (`/ws` on the same host).
 * @param {{protocol: string, host: string}} location
 * @returns {string}
 */
export function socketUrl(location) {
  return `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`;
}

export class MetroClient {
  /**
   * @param {string} url the host's WebSocket, e.g. ws://127.0.0.1:8000/ws
   * @param {{reconnect?: boolean, WebSocket?: typeof WebSocket}} [options]
   */
  constructor(url, options = {}) {
    this.url = url;
    this.reconnect = options.reconnect ?? true;
    this._WebSocket = options.WebSocket ?? globalThis.WebSocket;
    /** @type {WebSocket|null} */
    this.ws = null;
    this._rid = 0;
    /** @type {Map<number, {resolve: (a: any) => void, reject: (e: Error) => void, text: string, cmd: string, direct: boolean}>} */
    this._waiting = new Map();
    /** @type {Map<string, {seq: number, view: View}>} "id:seat" -> the last view of it taken */
    this._views = new Map();
    /** @type {Promise<void>} the messages taken in turn (a patch may wait for a view) */
    this._inbox = Promise.resolve();
    /** @type {Set<(u: GameAnswer) => void>} */
    this._updateListeners = new Set();
    /** @type {Set<(s: "open"|"closed"|"connecting"|"idle") => void>} */
    this._statusListeners = new Set();
    /** @type {Map<string, {svg: boolean, seq: number, id: string}>} token -> what to follow again */
    this._following = new Map();
    /** @type {Promise<void>|null} */
    this._opening = null;
    this._delay = 250;
    this._closed = false;
    /** @type {"open"|"closed"|"connecting"|"idle"} */
    this.status = "closed";
  }

  /**
   * Open the socket (again): resolves when it is open. Requests wait for it by themselves.
   * @returns {Promise<void>}
   */
  connect() {
    if (this._opening) return this._opening;
    this._closed = false;
    this._setStatus("connecting");
    this._opening = new Promise((resolve, reject) => {
      const ws = new this._WebSocket(this.url);
      let opened = false;
      ws.onopen = () => {
        opened = true;
        this.ws = ws;
        this._delay = 250;
        this._setStatus("open");
        resolve();
        this._refollow();
      };
      ws.onmessage = (event) => this._receive(String(event.data));
      ws.onclose = (event) => {
        this.ws = null;
        this._opening = null;
        for (const [rid, w] of this._waiting) {
          this._waiting.delete(rid);
          w.reject(new MetroError("disconnected", event.reason || "the connection to the host was lost"));
        }
        if (!opened) reject(new MetroError("disconnected", event.reason || `cannot reach ${this.url}`));
        if (opened && !this._following.size && !this._waiting.size) {
          // let go while it followed nothing (the host closes idle sockets): the next
          // request opens a socket again, and nothing needs one before
          this._setStatus("idle");
          return;
        }
        this._setStatus("closed");
        if (this.reconnect && !this._closed) {
          setTimeout(() => this.connect().catch(() => {}), this._delay);
          this._delay = Math.min(this._delay * 2, 4000);
        }
      };
    });
    return this._opening;
  }

  /** Close the socket for good (no reconnect). */
  close() {
    this._closed = true;
    this.ws?.close();
  }

  /**
   * Send one request; resolves with its answer, rejects with a MetroError when refused.
   * @param {Record<string, any>} request a `cmd` and its fields
   * @returns {Promise<any>}
   */
  async request(request) {
    return this._send(request, false);
  }

  /**
   * @param {Record<string, any>} request
   * @param {boolean} direct answered at once, not after the messages before it (a view a
   *   patch waits for)
   * @returns {Promise<any>}
   */
  async _send(request, direct) {
    if (!this.ws || this.ws.readyState !== 1) await this.connect();
    const rid = ++this._rid;
    const text = JSON.stringify({ ...request, rid });
    return new Promise((resolve, reject) => {
      this._waiting.set(rid, { resolve, reject, text, cmd: String(request.cmd), direct });
      /** @type {WebSocket} */ (this.ws).send(text);
    });
  }

  /**
   * Follow a game in a token's eyes: resolves with what happened since `since`; from then on
   * every step comes to the update listeners (and again after a reconnect, from where it was).
   * The host sends the views as patches from the last one; every answer and update handed
   * on has its whole `view` all the same.
   * @param {string} token a seat's or the spectators' token
   * @param {{since?: number, svg?: boolean}} [options] svg: the board in every answer and update
   * @returns {Promise<GameAnswer>}
   */
  async follow(token, options = {}) {
    const svg = options.svg ?? false;
    const since = options.since ?? 0;
    const answer = await this.request({ cmd: "follow", token, since, svg, patch: true });
    this._following.set(token, { svg, seq: answer.seq, id: answer.id });
    return answer;
  }

  /**
   * Apply a move for the token's seat (its text form, or its JSON form).
   * @param {string} token
   * @param {string|Record<string, any>} action
   * @returns {Promise<GameAnswer>}
   */
  async apply(token, action) {
    return this._track(token, await this.request({ cmd: "apply", token, action }));
  }

  /**
   * Ask for an undo of the seat's last decision (or agree to one; `agree: false` declines).
   * @param {string} token
   * @param {boolean} [agree]
   * @returns {Promise<GameAnswer>}
   */
  async undo(token, agree = true) {
    const request = agree ? { cmd: "undo", token } : { cmd: "undo", token, agree: false };
    return this._track(token, await this.request(request));
  }

  /**
   * The registered games (the host's catalogue).
   * @returns {Promise<GameEntry[]>}
   */
  async games() {
    return (await this.request({ cmd: "games" })).games;
  }

  /**
   * The game step by step (for a replay).
   * @param {string} token
   * @returns {Promise<{seq: number, is_over: boolean, steps: Step[]}>}
   */
  async steps(token) {
    return this.request({ cmd: "steps", token });
  }

  /**
   * The board (and the view) as it was after a step.
   * @param {string} token
   * @param {number} seq a step's seq
   * @returns {Promise<{svg: string, view: View, seq: number, is_over: boolean}>}
   */
  async renderAt(token, seq) {
    return this.request({ cmd: "render", token, seq });
  }

  /**
   * Listen to every update pushed for the followed games.
   * @param {(u: GameAnswer) => void} listener
   * @returns {() => void} call it to stop listening
   */
  onUpdate(listener) {
    this._updateListeners.add(listener);
    return () => this._updateListeners.delete(listener);
  }

  /**
   * Listen to the connection's state: connecting, open, closed (a reconnect follows).
   * @param {(s: "open"|"closed"|"connecting"|"idle") => void} listener
   * @returns {() => void}
   */
  onStatus(listener) {
    this._statusListeners.add(listener);
    return () => this._statusListeners.delete(listener);
  }

  /**
   * @param {string} token
   * @param {GameAnswer} answer
   * @returns {GameAnswer}
   */
  _track(token, answer) {
    const f = this._following.get(token);
    if (f) f.seq = answer.seq;
    return answer;
  }

  /** @param {"open"|"closed"|"connecting"|"idle"} status */
  _setStatus(status) {
    this.status = status;
    for (const l of this._statusListeners) l(status);
  }

  /** After a reconnect: follow each game again from the last step seen; pushed as updates. */
  _refollow() {
    for (const [token, f] of this._following) {
      this.request({ cmd: "follow", token, since: f.seq, svg: f.svg, patch: true })
        .then((answer) => this._emit({ ...answer, type: "update" }))
        .catch(() => {});
    }
  }

  /** @param {GameAnswer} update */
  _emit(update) {
    // the last step seen of the game (lower after an undo): a reconnect follows on from it
    for (const f of this._following.values()) if (f.id === update.id) f.seq = update.seq;
    for (const l of this._updateListeners) l(update);
  }

  /** @param {string} text */
  _receive(text) {
    /** @type {any} */
    let message;
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    const waiting = message.type === "update" ? undefined : this._waiting.get(message.rid);
    if (waiting?.direct) {
      this._waiting.delete(message.rid);
      this._settle(waiting, message);
      return;
    }
    this._inbox = this._inbox.then(() => this._take(message)).catch(() => {});
  }

  /**
   * Hand on one message, its view made whole first.
   * @param {any} message
   */
  async _take(message) {
    if (message.type === "update") {
      await this._whole(message, true);
      this._emit(message);
      return;
    }
    const waiting = this._waiting.get(message.rid);
    if (!waiting) return;
    this._waiting.delete(message.rid);
    // a replay's view (render at a seq) is of another step: no patch starts from it
    if (message.ok) await this._whole(message, waiting.cmd !== "render");
    this._settle(waiting, message);
  }

  /**
   * @param {{resolve: (a: any) => void, reject: (e: Error) => void}} waiting
   * @param {any} message
   */
  _settle(waiting, message) {
    if (message.ok) waiting.resolve(message);
    else waiting.reject(new MetroError(message.error.code, message.error.message));
  }

  /**
   * Give a message its whole view (from its patch and the view it patches, or asked for
   * again when that one is not here), and keep it for the next patch.
   * @param {any} message
   * @param {boolean} keep
   */
  async _whole(message, keep) {
    if (typeof message.id !== "string" || typeof message.seq !== "number") return;
    const key = `${message.id}:${message.seat}`;
    if (message.view_patch) {
      const base = this._views.get(key);
      if (base && base.seq === message.view_from) {
        message.view = applyPatch(structuredClone(base.view), message.view_patch);
      } else {
        const token = [...this._following].find(([, f]) => f.id === message.id)?.[0];
        if (token === undefined) return;
        const asked = await this._send({ cmd: "view", token }, true).catch(() => null);
        if (!asked) return;
        message.view = asked.view;
        message.seq = Math.max(message.seq, asked.seq);
      }
      delete message.view_patch;
      delete message.view_from;
    }
    if (keep && message.view) this._views.set(key, { seq: message.seq, view: message.view });
  }
}

/**
 * A JSON value with a JSON Patch (RFC 6902: add, remove, replace) applied, in place where it
 * can be.
 * @param {any} value
 * @param {Array<Record<string, any>>} ops
 * @returns {any}
 */
export function applyPatch(value, ops) {
  for (const op of ops) {
    if (op.path === "") {
      value = op.value;
      continue;
    }
    const keys = op.path
      .slice(1)
      .split("/")
      .map((/** @type {string} */ k) => k.replace(/~1/g, "/").replace(/~0/g, "~"));
    let parent = value;
    for (const k of keys.slice(0, -1)) parent = Array.isArray(parent) ? parent[Number(k)] : parent[k];
    const last = keys[keys.length - 1];
    const at = Array.isArray(parent) ? Number(last) : last;
    if (op.op === "remove") {
      if (Array.isArray(parent)) parent.splice(Number(at), 1);
      else delete parent[at];
    } else parent[at] = op.value;
  }
  return value;
}
