// @ts-check
/**
 * Every player's public state and the seat's own, read from the view the host sends (each
 * game's `view.state`, docs/<game>.md). Only words and numbers of the view: no rule here.
 */
import { el, num } from "./ui.js";

/**
 * @typedef {import("./client.js").View} View
 * @typedef {[string, string|number]} Row a label and its value
 * @typedef {{rows: (st: any, seat: number, names: Map<string, string>, data: any) => Row[],
 *            mine?: (st: any, seat: number, names: Map<string, string>, data: any) => HTMLElement|null}} Describer
 */

/**
 * @param {Record<string, number>} counts
 * @param {Map<string, string>} names
 * @returns {string}
 */
function counted(counts, names) {
  return Object.entries(counts)
    .filter(([, n]) => n > 0)
    .map(([id, n]) => (n > 1 ? `${names.get(id) ?? id} ×${n}` : names.get(id) ?? id))
    .join(", ");
}

/**
 * @param {string} title
 * @param {string[]} items
 * @param {string} [attr]
 * @returns {HTMLElement}
 */
function list(title, items, attr = "data-hand") {
  return el(
    "div",
    { class: "mine-list" },
    el("h3", {}, title),
    items.length
      ? el("ul", { [attr]: "" }, ...items.map((t) => el("li", {}, t)))
      : el("p", { class: "muted", [attr]: "" }, "none"),
  );
}

/** @type {Record<string, Describer>} */
const GAMES = {
  metrocity: {
    rows: (st, i) => {
      const p = st.players?.[i] ?? {};
      return [
        ["money", `$${num(p.money ?? 0)}`],
        ["tokens won", (p.tokens ?? []).map((/** @type {number} */ t) => `$${t}`).join(" ") || "none"],
        ["tiles in hand", p.hand_size ?? "?"],
        ["tiles in pile", p.pile_size ?? "?"],
      ];
    },
    mine: (st) => list("Your hand", st.hand_names ?? []),
  },
  metropolia: {
    rows: (st, i, names) => {
      const c = st.cities?.[i] ?? {};
      const marks = Object.entries(c.landmarks ?? {});
      return [
        ["coins", c.coins ?? 0],
        ["landmarks", `${marks.filter(([, b]) => b).length} of ${st.landmarks_to_win ?? marks.length}`],
        ["built", marks.filter(([, b]) => b).map(([id]) => names.get(id) ?? id).join(", ") || "none"],
        ["establishments", Object.values(c.cards ?? {}).reduce((a, b) => a + Number(b), 0)],
      ];
    },
    mine: (st, i, names) => {
      const c = st.cities?.[i];
      if (!c) return null;
      return el(
        "div",
        {},
        el("p", { class: "coins", "data-coins": "" }, `${c.coins} coins`),
        list("Your establishments", counted(c.cards ?? {}, names).split(", ").filter(Boolean)),
      );
    },
  },
  metropolis_lots: {
    rows: (st, i) => {
      const lots = Object.values(st.owners ?? {}).filter((o) => o === i).length;
      const built = (st.buildings ?? []).filter((/** @type {any} */ b) => b.owner === i).length;
      return [
        ["colour", st.colours?.[i] ?? "?"],
        ["score", st.scores?.[i] ?? 0],
        ["chips left", st.chips?.[i] ?? "?"],
        ["lots", lots],
        ["buildings", built],
      ];
    },
    mine: (st, i) => {
      const lots = Object.entries(st.owners ?? {})
        .filter(([, o]) => o === i)
        .map(([lot]) => lot);
      const built = new Set((st.buildings ?? []).flatMap((/** @type {any} */ b) => b.lots));
      return list(
        "Your lots (unbuilt)",
        lots.filter((l) => !built.has(Number(l))),
        "data-lots",
      );
    },
  },
  metropoli: {
    rows: (st, i) => {
      const spaces = st.spaces ?? [];
      const held = Object.entries(st.owners ?? {}).filter(([, o]) => o === i);
      return [
        ["cash", `$${num(st.cash?.[i] ?? 0)}`],
        ["on", spaces[st.positions?.[i]]?.name ?? st.positions?.[i] ?? "?"],
        ["concessions", held.length],
        ["status", st.status?.[i] ?? "?"],
      ];
    },
    mine: (st, i) => {
      const spaces = st.spaces ?? [];
      const held = Object.entries(st.owners ?? {})
        .filter(([, o]) => o === i)
        .map(([s]) => spaces[Number(s)]?.name ?? s);
      return el(
        "div",
        {},
        el("p", { class: "coins", "data-coins": "" }, `$${num(st.cash?.[i] ?? 0)}`),
        list("Your concessions", held, "data-concessions"),
      );
    },
  },
};

/**
 * The players: each with its name, whether it is to act, the game's numbers, its result.
 * @param {View} view
 * @param {Record<string, string>} kinds per seat: "you", "bot: heuristic", "" (another person)
 * @param {Map<string, string>} names
 * @param {any} data
 * @returns {HTMLElement}
 */
export function playersPanel(view, kinds, names, data) {
  const game = GAMES[view.game];
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
    const rows = game ? game.rows(st, i, names, data) : [];
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
 * @returns {HTMLElement|null}
 */
export function privatePanel(view, names, data) {
  if (view.seat === null || view.seat === undefined) return null;
  const game = GAMES[view.game];
  const inner = game?.mine ? game.mine(view.state ?? {}, view.seat, names, data) : null;
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
