// @ts-check
/**
 * The game page: the board as this seat sees it, every player, the prompt, the moves, the
 * log, undo and a replay. The seat's token is in the address's #fragment (never sent with
 * the page); `?pace=MS` sets how long another player's move stays shown (0: at once).
 */
import { MetroClient, MetroError, socketUrl } from "./client.js";
import { highlightMove, markPlaces, movesFor, showBoard } from "./board.js";
import { labelsOf, moveButton, movesMenu } from "./moves.js";
import { loadPanel, playersPanel, privatePanel, standings } from "./panels.js";
import { el, keepToken, namesOf, param } from "./ui.js";

/** @typedef {import("./client.js").GameAnswer} GameAnswer */
/** @typedef {import("./board.js").Move} Move */

const $ = (/** @type {string} */ sel) => /** @type {HTMLElement} */ (document.querySelector(sel));

const hash = new URLSearchParams(location.hash.slice(1));
const token = hash.get("t") || "";
const pace = param("pace", 700);
const client = new MetroClient(socketUrl(location));

/** the page's state */
const page = {
  /** @type {GameAnswer|null} */ shown: null,
  /** @type {GameAnswer[]} */ queue: [],
  pumping: false,
  /** @type {string[]} places chosen on the board */ chosen: [],
  /** @type {Map<string, string>} */ names: new Map(),
  /** @type {any} */ data: null,
  /** @type {import("./panels.js").Panel|null} the game's own part of the page */ panel: null,
  /** @type {Record<string, string>} */ kinds: {},
  /** @type {number|null} */ seat: null,
  game: "",
  busy: false,
  /** @type {{steps: import("./client.js").Step[], at: number}|null} */ replay: null,
  /** @type {HTMLElement[]} the log's steps, newest first */ logged: [],
  /** @type {(() => void)|null} */ skipWait: null,
  /** when the shown state was drawn (performance.now()) */ shownAt: -Infinity,
};

main().catch((err) => fail(err));

async function main() {
  if (!token) {
    fail(new Error("this address names no game: open a link from the start page"));
    return;
  }
  client.onStatus((s) => {
    const status = $("[data-status]");
    status.textContent = s === "open" || s === "idle" ? "connected" : s === "connecting" ? "connecting…" : "reconnecting…";
    status.dataset.state = s;
  });
  /** @type {GameAnswer[]} updates that come while the page is still loading */
  const early = [];
  client.onUpdate((u) => {
    if (!page.shown) early.push(u);
    else if (u.id === page.shown.id) arrive(u);
  });
  const first = await client.follow(token, { svg: true });
  const [mine] = (await client.request({ cmd: "mine", tokens: [token] })).games;
  page.seat = first.seat;
  page.game = first.view.game;
  watching(page.seat === null);
  keepToken({ token, id: first.id, game: page.game, seat: page.seat, at: Date.now() });
  const bots = mine?.bots ?? {};
  first.view.players.forEach((_, i) => {
    page.kinds[i] = i === page.seat ? "you" : bots[i] ? `bot: ${bots[i]}` : "";
  });
  try {
    page.data = (await client.request({ cmd: "data", game: page.game })).data;
    page.names = namesOf(page.data);
  } catch {
    page.names = new Map();
  }
  const listed = (await client.games()).find((/** @type {any} */ g) => g.name === page.game);
  try {
    page.panel = listed ? await loadPanel(listed) : null;
  } catch (err) {
    say(new Error(`the game's own panel did not load (${err}): its numbers are not shown`));
  }
  const title = mine?.title ?? page.game;
  $("[data-title]").textContent = title;
  document.title = `${title} – Metro`;
  await rebuildLog(first.seq);
  show(first, false);
  wire();
  settled();
  for (const u of early.splice(0)) if (u.id === first.id && u.seq > first.seq) arrive(u);
}

/**
 * The log again from the host's steps (at load, and after an undo), up to the step shown.
 * @param {number} upto the shown state's seq: later steps come with their updates
 */
async function rebuildLog(upto) {
  const { steps } = await client.steps(token);
  const log = $("[data-log]");
  page.logged = steps
    .filter((s) => s.told.length && s.seq <= upto)
    .reverse()
    .map((s) => logStep(s.told, s.seat));
  log.replaceChildren(...page.logged);
}

/**
 * One step of the log: its sentences, marked with the seat that decided.
 * @param {string[]} told
 * @param {number|null} seat
 * @returns {HTMLElement}
 */
function logStep(told, seat) {
  return el(
    "li",
    { class: `step${seat === null ? "" : ` seat-${seat}`}${seat !== null && seat === page.seat ? " mine" : ""}` },
    ...told.map((t) => el("p", { class: /\broll(s|ed)?\b|\bdice\b/i.test(t) ? "roll" : null }, t)),
  );
}

/**
 * An update came: shown at once if it is this seat's, else queued to be shown at a pace.
 * @param {GameAnswer} u
 */
function arrive(u) {
  document.body.dataset.ready = "false";
  const last = page.queue.at(-1) ?? page.shown;
  if (last && u.seq < last.seq) {
    // an undo: the log is shorter now; show where the game is and read the log again
    page.queue = [];
    show(u, false);
    rebuildLog(u.seq).then(settled, fail);
    return;
  }
  page.queue.push(u);
  pump();
}

async function pump() {
  if (page.pumping) return;
  page.pumping = true;
  try {
    while (page.queue.length) {
      const u = page.queue[0];
      const other = lastMove(u);
      const wait = page.shownAt + pace - performance.now();
      if (other && other.seat !== page.seat && wait > 0) {
        // another player's move: the one before stays shown a moment, so it can be followed
        $("[data-skip]").hidden = false;
        await new Promise((resolve) => {
          const timer = setTimeout(resolve, wait);
          page.skipWait = () => {
            clearTimeout(timer);
            resolve(undefined);
          };
        });
        page.skipWait = null;
      }
      if (page.queue[0] === u) {
        page.queue.shift();
        show(u, true);
      }
    }
  } finally {
    page.pumping = false;
    $("[data-skip]").hidden = true;
    settled();
  }
}

/** Mark the page as waiting for nothing (no move in flight, no update queued): for tests. */
function settled() {
  document.body.dataset.ready = String(!page.busy && !page.queue.length && !page.pumping);
}

/**
 * The last decision in an answer's events: who took it and the move (for the highlight).
 * @param {GameAnswer} u
 * @returns {{seat: number, move: Move}|null}
 */
function lastMove(u) {
  for (let i = u.events.length - 1; i >= 0; i--) {
    const e = u.events[i];
    if ((e.type === "ActionTaken" || e.type === "ActionForced") && e.action) {
      const text = Object.entries(e.action)
        .filter(([k]) => k !== "type")
        .map(([, v]) => (Array.isArray(v) ? v.join(",") : String(v)))
        .join(" ");
      return { seat: e.seat, move: { json: e.action, text } };
    }
  }
  return null;
}

/**
 * Show a state of the game: board, prompt, moves, players, the new lines of the log.
 * @param {GameAnswer} u
 * @param {boolean} log whether its `told` is new to the log
 */
function show(u, log) {
  const prev = page.shown;
  page.shown = { ...u, svg: u.svg ?? prev?.svg };
  page.shownAt = performance.now();
  document.body.dataset.seq = String(u.seq);
  if (log) {
    // step by step, as the host groups them (so a reload shows the same log)
    for (const s of u.steps ?? [{ seq: u.seq, seat: null, told: u.told }]) {
      if (!s.told.length) continue;
      const step = logStep(s.told, s.seat);
      step.classList.add("fresh");
      page.logged.unshift(step);
      $("[data-log]").prepend(step);
    }
  }
  if (page.replay) return; // the replay keeps the board until it is closed
  drawLive();
  const moved = lastMove(u);
  if (moved) highlightMove($("[data-board]"), moved.move, page.panel?.moved?.(moved.move.json, moved.seat, page.data));
}

/** Draw the live game (the shown state). */
function drawLive() {
  const u = /** @type {GameAnswer} */ (page.shown);
  const view = u.view;
  if (u.svg) showBoard($("[data-board]"), u.svg);
  document.body.classList.toggle("no-board", !u.svg); // a game may have no picture
  const mine = page.seat !== null && u.to_act === page.seat;
  const who = u.to_act === null ? "" : view.players[u.to_act];
  const turn = $("[data-turn]");
  turn.dataset.yours = String(mine);
  if (u.is_over) turn.textContent = "Game over";
  else if (mine) turn.textContent = "Your turn";
  else if (u.to_act !== null) turn.textContent = `${who}${page.kinds[u.to_act]?.startsWith("bot") ? " (bot) is thinking…" : " to play"}`;
  else turn.textContent = u.chance ? "waiting for the dice" : "";
  document.title = `${mine ? "● Your turn – " : ""}${$("[data-title]").textContent} – Metro`;

  const prompt = $("[data-prompt]");
  prompt.dataset.yours = String(mine);
  if (u.is_over) prompt.textContent = "The game is over.";
  else if (u.prompt) prompt.textContent = mine ? u.prompt.text : askedOf(who, u.prompt.text);
  else prompt.textContent = "";
  prompt.dataset.prompt = u.prompt && !u.is_over ? u.prompt.kind : "";

  drawMoves();
  diceForm(u);
  undoTools(u);
  $("[data-outcome]").replaceChildren(...present(standings(view)));
  $("[data-replay-open]").hidden = !u.is_over;
  const own = present(privatePanel(view, page.names, page.data, page.panel));
  $("[data-own]").replaceChildren(...own);
  $("[data-skip-hand]").hidden = !own.length; // a spectator, or a game whose seats hold nothing
  $("[data-players-box]").replaceChildren(playersPanel(view, page.kinds, page.names, page.data, page.panel));
}

/**
 * A question the engine asks a seat, as someone else reads it: its "you" are that player's.
 * @param {string} who the player asked
 * @param {string} text the question, in the second person
 * @returns {string}
 */
function askedOf(who, text) {
  const third = text
    .replace(/\byours\b/g, "theirs")
    .replace(/\byour\b/g, "their")
    .replace(/\bYour\b/g, "Their")
    .replace(/\byou\b/g, "they")
    .replace(/\bYou\b/g, "They");
  return `${who} is asked: ${third}`;
}

/**
 * Say the page is a spectator's: it shows what is public, no hand, and no move can be made.
 * @param {boolean} spectator
 */
function watching(spectator) {
  const note = $("[data-watching]");
  note.hidden = !spectator;
  document.body.classList.toggle("spectating", spectator);
  if (spectator) {
    note.textContent =
      "You are watching this game (a spectator's link): you see what every player shows on the table, no one's hand, and you cannot move.";
  }
}

/**
 * @param {...(HTMLElement|null)} nodes
 * @returns {HTMLElement[]} those that are there
 */
function present(...nodes) {
  return nodes.filter((n) => n !== null);
}

/** @returns {Move[]} the seat's legal moves now, in both forms */
function moves() {
  const legal = page.shown?.legal;
  if (!legal || page.queue.length || page.replay) return [];
  return legal.text.map((text, i) => ({ text, json: legal.actions[i], keys: legal.keys?.[i] }));
}

/** The menu of moves and the board's live places, for the places chosen so far. */
function drawMoves() {
  const u = /** @type {GameAnswer} */ (page.shown);
  const menu = $("[data-menu]");
  const all = moves();
  if (!all.length || !u.legal) {
    menu.replaceChildren();
    page.chosen = [];
  } else {
    menu.replaceChildren(movesMenu(u.legal, page.names, act));
  }
  const chosenBox = $("[data-chosen]");
  const open = movesFor(page.chosen, all);
  if (page.chosen.length && open.length) {
    const names = page.chosen.map((k) => boardTitle(k)).join(", ");
    chosenBox.hidden = false;
    // a few moves: each a button; many (a tile that fits 20 blocks): the board says where
    const few = open.length <= 8;
    const labels = labelsOf(/** @type {import("./client.js").Legal} */ (u.legal));
    chosenBox.replaceChildren(
      el("p", {}, `Chosen: ${names}`),
      few
        ? el("div", { class: "menu" }, ...open.map((m) => moveButton(m.text, page.names, act, labels.get(m.text))))
        : el("p", { class: "muted" }, `${open.length} moves: click a marked place of the board`),
      el("button", { type: "button", class: "quiet", onclick: () => choose(null) }, "Clear (Esc)"),
    );
  } else {
    page.chosen = [];
    chosenBox.hidden = true;
    chosenBox.replaceChildren();
  }
  markPlaces($("[data-board]"), all, page.chosen);
}

/**
 * @param {string} key
 * @returns {string}
 */
function boardTitle(key) {
  const node = document.querySelector(`[data-board] [data-key="${CSS.escape(key)}"]`);
  return node?.querySelector("title")?.textContent || key;
}

/**
 * A place of the board was clicked (null: clear the places chosen).
 * @param {string|null} key
 */
function choose(key) {
  if (key === null) {
    page.chosen = [];
    drawMoves();
    return;
  }
  const all = moves();
  if (!all.length) return;
  if (page.chosen.includes(key)) {
    page.chosen = page.chosen.filter((k) => k !== key);
    drawMoves();
    return;
  }
  let keys = [...page.chosen, key];
  let open = movesFor(keys, all);
  if (!open.length) {
    keys = [key];
    open = movesFor(keys, all);
  }
  if (!open.length) return;
  if (open.length === 1) {
    page.chosen = [];
    act(open[0].text);
    return;
  }
  page.chosen = keys;
  drawMoves();
}

/**
 * Apply a move (its text form); the answer is shown at once.
 * @param {string} action
 */
async function act(action) {
  if (page.busy) return;
  page.busy = true;
  document.body.dataset.ready = "false";
  $("[data-message]").textContent = "";
  document.body.classList.add("busy");
  try {
    const answer = await client.apply(token, action);
    page.chosen = [];
    show(answer, true);
  } catch (err) {
    say(err);
  } finally {
    page.busy = false;
    document.body.classList.remove("busy");
    settled();
  }
}

/**
 * Physical dice: the table rolled, a seat types what it rolled.
 * @param {GameAnswer} u
 */
function diceForm(u) {
  const box = $("[data-undo-ask]");
  box.querySelector("[data-dice]")?.remove();
  const c = u.chance;
  if (!c || c.kind !== "dice" || u.to_act !== null || page.seat === null || u.is_over) return;
  const inputs = Array.from({ length: c.count ?? 1 }, (_, i) =>
    el("input", { type: "number", min: 1, max: 6, value: 1, required: true, "aria-label": `die ${i + 1}` }),
  );
  const form = el("form", { class: "amount", "data-dice": "" }, el("span", {}, "The table rolled:"), ...inputs, el("button", { type: "submit", class: "move primary" }, "Give the dice"));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const outcome = inputs.map((i) => Number(/** @type {HTMLInputElement} */ (i).value));
    if (page.busy) return;
    page.busy = true; // the page is not settled until the host has the dice (as for a move)
    document.body.dataset.ready = "false";
    try {
      show(await client.request({ cmd: "resolve", token, outcome }), true);
    } catch (err) {
      say(err);
    } finally {
      page.busy = false;
      settled();
    }
  });
  box.prepend(form);
}

/**
 * Undo: the button, and the question when another seat asked for one.
 * @param {GameAnswer} u
 */
function undoTools(u) {
  const button = $("[data-undo]");
  button.hidden = page.seat === null || u.is_over || Boolean(u.undo) || u.can_undo === false;
  const box = $("[data-undo-ask]");
  box.querySelector("[data-undo-question]")?.remove();
  if (!u.undo || page.seat === null) return;
  const by = u.view.players[u.undo.by];
  const agreed = u.undo.agreed.includes(page.seat);
  box.append(
    el(
      "div",
      { class: "undo-ask", "data-undo-question": "" },
      el("p", {}, agreed ? `Undo asked by ${u.undo.by === page.seat ? "you" : by}: waiting for the others to agree.` : `${by} asks to take back their last move.`),
      agreed ? null : el("button", { type: "button", "data-undo-agree": "", onclick: () => undo(true) }, "Agree"),
      el("button", { type: "button", "data-undo-decline": "", onclick: () => undo(false) }, agreed ? "Withdraw" : "Decline"),
    ),
  );
}

/** @param {boolean} agree */
async function undo(agree) {
  try {
    const answer = await client.undo(token, agree);
    page.queue = [];
    show(answer, false);
    await rebuildLog(answer.seq);
  } catch (err) {
    say(err);
  }
  settled();
}

/** @param {unknown} err */
function say(err) {
  const text = err instanceof MetroError ? err.message : String(err);
  $("[data-message]").textContent = text;
}

/**
 * Something the page cannot go on without failed. Before a game is shown (a link that opens
 * none: no key, a wrong key, a game no longer kept) the page says why and leads home; a game
 * already shown stays, the message saying what failed.
 * @param {unknown} err
 */
function fail(err) {
  const text = err instanceof Error ? err.message : String(err);
  $("[data-status]").textContent = "error";
  if (page.shown) {
    say(err);
    return;
  }
  document.title = "No game at this link – Metro";
  $("[data-table]").hidden = true;
  document.querySelector(".skips")?.setAttribute("hidden", "");
  const lost = $("[data-lost]");
  lost.hidden = false;
  lost.replaceChildren(
    el("h2", {}, "This link opens no game"),
    el("p", { "data-lost-reason": "" }, `Why: ${text.replace(/\.$/, "")}.`),
    el(
      "p",
      {},
      "A game's link carries the key of its seat (or the spectators' key) after the #, whole: ask whoever made the game to send it again, or start a game of your own.",
    ),
    el("p", {}, el("a", { class: "button primary", href: "./", "data-lost-home": "" }, "Back to all games")),
  );
}

// ------------------------------------------------------------------ replay
async function openReplay() {
  const { steps } = await client.steps(token);
  page.replay = { steps, at: steps.length - 1 };
  document.body.classList.add("replaying");
  $("[data-replay]").hidden = false;
  $("[data-menu]").replaceChildren();
  const range = /** @type {HTMLInputElement} */ ($("[data-replay-range]"));
  range.max = String(steps.length - 1);
  await replayAt(0);
  $("[data-replay-next]").focus();
}

/** the step the replay is asked to show while a board is being fetched (keys held down) */
let wanted = /** @type {number|null} */ (null);

/** @param {number} at */
async function replayAt(at) {
  const r = page.replay;
  if (!r) return;
  const target = Math.max(0, Math.min(r.steps.length - 1, at));
  if (wanted !== null) {
    wanted = target; // one board at a time: the last step asked for is drawn next
    r.at = target;
    return;
  }
  wanted = target;
  try {
    while (wanted !== null && page.replay) {
      const next = /** @type {number} */ (wanted);
      r.at = next;
      await drawStep(r, next);
      if (wanted === next) wanted = null;
    }
  } catch (err) {
    say(err);
  } finally {
    wanted = null;
  }
}

/**
 * @param {{steps: import("./client.js").Step[], at: number}} r
 * @param {number} at
 */
async function drawStep(r, at) {
  const step = r.steps[at];
  const then = await client.renderAt(token, step.seq);
  if (!page.replay) return;
  if (then.svg) showBoard($("[data-board]"), then.svg);
  /** @type {HTMLInputElement} */ ($("[data-replay-range]")).value = String(at);
  $("[data-replay-step]").textContent = `step ${at} of ${r.steps.length - 1}`;
  $("[data-prompt]").textContent = then.view.prompt ? `${then.view.players[then.view.prompt.seat]} was asked: ${then.view.prompt.text}` : then.is_over ? "The game is over." : "";
  $("[data-players-box]").replaceChildren(playersPanel(then.view, page.kinds, page.names, page.data, page.panel));
  $("[data-own]").replaceChildren(...present(privatePanel(then.view, page.names, page.data, page.panel)));
  const log = r.steps.slice(0, at + 1).filter((s) => s.told.length).reverse().map((s, i) => {
    const li = logStep(s.told, s.seat);
    if (i === 0 && s === step) li.classList.add("current");
    return li;
  });
  $("[data-log]").replaceChildren(...log);
}

function closeReplay() {
  page.replay = null;
  document.body.classList.remove("replaying");
  $("[data-replay]").hidden = true;
  $("[data-log]").replaceChildren(...page.logged);
  drawLive();
}

// ------------------------------------------------------------------ events
/** A tall board fits the window by default; full size is the column's width. */
function zoom() {
  const full = document.body.classList.toggle("full-board");
  const button = $("[data-zoom]");
  button.setAttribute("aria-pressed", String(full));
  button.textContent = full ? "Fit the window" : "Full size";
}

function wire() {
  const board = $("[data-board]");
  board.addEventListener("click", (event) => {
    const node = /** @type {Element} */ (event.target).closest?.("[data-key].mk-live");
    if (node) choose(node.getAttribute("data-key"));
  });
  board.addEventListener("keydown", (event) => {
    const node = /** @type {Element} */ (event.target).closest?.("[data-key].mk-live");
    if (node && (event.key === "Enter" || event.key === " ")) {
      event.preventDefault();
      choose(node.getAttribute("data-key"));
    }
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape") choose(null);
    if (!page.replay || (event.target instanceof HTMLInputElement && event.target.type !== "range")) return;
    const at = page.replay.at;
    const keys = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: page.replay.steps.length - 1 };
    if (event.key in keys) {
      event.preventDefault();
      replayAt(keys[/** @type {keyof typeof keys} */ (event.key)]);
    }
  });
  // the skip links move the focus themselves: the address's #fragment is the seat's key
  for (const skip of document.querySelectorAll(".skips .skip")) {
    skip.addEventListener("click", (event) => {
      event.preventDefault();
      const target = document.getElementById((skip.getAttribute("href") ?? "").slice(1));
      target?.focus();
      target?.scrollIntoView({ block: "nearest" });
    });
  }
  $("[data-zoom]").addEventListener("click", zoom);
  document.addEventListener("keydown", (event) => {
    const plain = !(event.ctrlKey || event.metaKey || event.altKey);
    if (plain && (event.key === "z" || event.key === "Z") && !(event.target instanceof HTMLInputElement)) zoom();
  });
  $("[data-skip]").addEventListener("click", () => {
    const queued = page.queue.splice(0);
    for (const u of queued) show(u, true);
    page.skipWait?.();
  });
  $("[data-undo]").addEventListener("click", () => undo(true));
  $("[data-replay-open]").addEventListener("click", () => openReplay().catch(say));

  $("[data-replay-close]").addEventListener("click", closeReplay);
  $("[data-replay-first]").addEventListener("click", () => replayAt(0));
  $("[data-replay-back]").addEventListener("click", () => replayAt((page.replay?.at ?? 0) - 1));
  $("[data-replay-next]").addEventListener("click", () => replayAt((page.replay?.at ?? 0) + 1));
  $("[data-replay-last]").addEventListener("click", () => replayAt(Infinity));
  $("[data-replay-range]").addEventListener("input", (event) => replayAt(Number(/** @type {HTMLInputElement} */ (event.target).value)));
  window.addEventListener("hashchange", () => location.reload());
}

