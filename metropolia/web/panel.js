// @ts-check
/**
 * Metropolia's part of the game page (docs/metropolia.md, the view): each city's coins,
 * landmarks and establishments, and the seat's own. Served by metro web at
 * games/metropolia/panel.js.
 */
import { counted, list } from "../../panels.js";
import { el } from "../../ui.js";

/** @type {import("../../panels.js").Panel} */
export default {
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
};
