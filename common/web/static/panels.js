// @ts-check
/**
 * Every player's public state and the seat's own, read from the view the host sends (each
 * game's `view.state`, docs/<game>.md). Only words and numbers of the view: no rule here.
 *
 * What a game shows of its state is its own: its package's `web/panel.js`, served by the
 * host at `games/<name>/panel.js` and loaded by `loadPanel`, is an ES module whose default
 * export is a `Panel`. It may import this module's helpers (`../../panels.js`) and ui.js's.
 */
import { el } from "./ui.js";

/**
 * @typedef {import("./client.js").View} View
 * @typedef {[string, string|number]} Row a label and its value
 * @typedef {object} Panel a game's part of the game page
 * @property {(st: any, seat: number, names: Map<string, string>, data: any) => Row[]} rows
 *   each player's numbers (seat: the player's), from the game's `view.state`
 * @property {(st: any, seat: number, names: Map<string, string>, data: any) => HTMLElement|null} [mine]
 *   what only this seat sees (its hand, its coins)
 * @property {(json: any, seat: number, data: any) => string[]|null} [moved] where a seat's move
 *   landed on the board: `data-place` values (board.js `highlightMove`), for a game whose
 *   clickable places are the viewer's own
 * @property {(st: any, data: any) => (string|undefined)[]} [colours] each seat's colour, where
 *   the game's state says it (a colour dealt at the set-up); else the data's `seat_colours`
 */

/**
 * A game's panel, if its package ships one (`web` of the `games` answer lists `panel.js`).
 * @param {{name: string, web?: string[]}} game the game's entry of the `games` answer
 * @returns {Promise<Panel|null>}
 */
export async function loadPanel(game) {
  if (!game.web?.includes("panel.js")) return null;
  const url = new URL(`games/${encodeURIComponent(game.name)}/panel.js`, import.meta.url);
  const module = await import(url.href);
  return module.default ?? null;
}

/**
 * Counted things by name: `Bakery ×2, Cafe` (those counted 0 left out).
 * @param {Record<string, number>} counts
 * @param {Map<string, string>} names
 * @returns {string}
 */
export function counted(counts, names) {
  return Object.entries(counts)
    .filter(([, n]) => n > 0)
    .map(([id, n]) => (n > 1 ? `${names.get(id) ?? id} ×${n}` : names.get(id) ?? id))
    .join(", ");
}

/**
 * A titled list of things the seat holds, "none" when empty; `attr` marks it for tests.
 * @param {string} title
 * @param {string[]} items
 * @param {string} [attr]
 * @returns {HTMLElement}
 */
export function list(title, items, attr = "data-hand") {
  return el(
    "div",
    { class: "mine-list" },
    el("h3", {}, title),
    items.length
      ? el("ul", { [attr]: "" }, ...items.map((t) => el("li", {}, t)))
      : el("p", { class: "muted", [attr]: "" }, "none"),
  );
}

/**
 * Put each seat's colour on the page (`--seat-0`, `--seat-1`, ...: the players' dots, the
 * log's marks): the game's own for this state (`Panel.colours`), else its static data's
 * `seat_colours`, the colours its board draws. Without either, style.css's stay.
 * @param {View} view
 * @param {any} data
 * @param {Panel|null} panel
 */
export function paintSeats(view, data, panel) {
  const colours = panel?.colours?.(view.state ?? {}, data) ?? data?.seat_colours ?? [];
  const root = document.documentElement.style;
  colours.forEach((/** @type {string|undefined} */ c, /** @type {number} */ i) => {
    if (typeof c === "string" && /^#[0-9a-f]{6}$/i.test(c)) root.setProperty(`--seat-${i}`, c);
  });
}

/**
 * The players: each with its name, whether it is to act, the game's numbers, its result.
 * @param {View} view
 * @param {Record<string, string>} kinds per seat: "you", "bot: heuristic", "" (another person)
 * @param {Map<string, string>} names
 * @param {any} data
 * @param {Panel|null} panel the game's own
 * @returns {HTMLElement}
 */
export function playersPanel(view, kinds, names, data, panel) {
  paintSeats(view, data, panel); // the colours of the seats of this game, as its board draws
  const st = view.state ?? {};
  const box = el("div", { class: "players", "data-players": "" });
  view.players.forEach((name, i) => {
    const result = view.result;
    const won = result?.winners.includes(i);
    const card = el(
      "section",
      {
        class: `player seat-${i}${view.to_act === i ? " to-act" : ""}${won ? " won" : ""}`,
        "data-player": i,
        "aria-current": view.to_act === i ? "true" : null,
      },
      el(
        "h3",
        {},
        el("span", { class: "dot" }),
        name,
        kinds[i] ? el("span", { class: "tag" }, kinds[i]) : null,
        view.to_act === i ? el("span", { class: "tag turn" }, "to act") : null,
        won ? el("span", { class: "tag win" }, "winner") : null,
      ),
    );
    const rows = panel ? panel.rows(st, i, names, data) : [];
    if (result) rows.unshift(["final score", result.scores[i]]);
    if (rows.length) {
      card.append(
        el(
          "dl",
          {},
          ...rows.flatMap(([k, v]) => {
            const long = String(v).length > 12 ? "long" : null;
            return [el("dt", { class: long }, k), el("dd", { class: long }, String(v))];
          }),
        ),
      );
    }
    box.append(card);
  });
  return box;
}

/**
 * What only this seat sees (its hand, its coins), or null for a spectator.
 * @param {View} view
 * @param {Map<string, string>} names
 * @param {any} data
 * @param {Panel|null} panel the game's own
 * @returns {HTMLElement|null}
 */
export function privatePanel(view, names, data, panel) {
  if (view.seat === null || view.seat === undefined) return null;
  const inner = panel?.mine ? panel.mine(view.state ?? {}, view.seat, names, data) : null;
  if (!inner) return null;
  return el("section", { class: "private", "data-private": "" }, inner);
}

/**
 * The final standings, best first.
 * @param {View} view
 * @returns {HTMLElement|null}
 */
export function standings(view) {
  const r = view.result;
  if (!r) return null;
  const order = view.players.map((_, i) => i).sort((a, b) => r.scores[b] - r.scores[a]);
  return el(
    "section",
    { class: "result", "data-result": "" },
    el("h2", {}, r.winners.length ? `${r.winners.map((w) => view.players[w]).join(" and ")} won` : "No winner"),
    r.reason ? el("p", { class: "muted" }, r.reason) : null,
    el(
      "ol",
      {},
      ...order.map((i) =>
        el(
          "li",
          { class: r.winners.includes(i) ? "win" : null, "data-standing": i },
          el("span", {}, view.players[i]),
          el("strong", {}, String(r.scores[i])),
        ),
      ),
    ),
  );
}
