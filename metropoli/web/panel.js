// @ts-check
/**
 * Metropoli's part of the game page (docs/metropoli.md, the view): each player's cash, space,
 * concessions and status, and the seat's own concessions. Served by metro web at
 * games/metropoli/panel.js.
 */
import { list } from "../../panels.js";
import { el, num } from "../../ui.js";

/** @type {import("../../panels.js").Panel} */
export default {
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
};
