// @ts-check
/**
 * Metropolis's part of the game page (docs/metropolis_lots.md, the view): each player's
 * colour, score, chips, lots and buildings, and the seat's own unbuilt lots. Served by metro
 * web at games/metropolis_lots/panel.js.
 */
import { list } from "../../panels.js";

/** @type {import("../../panels.js").Panel} */
export default {
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
  // a seat's colour is its chips', dealt at the set-up (MS-5): the word of the view, drawn
  colours: (st, data) => (st.colours ?? []).map((/** @type {string} */ c) => data?.chip_colours?.[c]),
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
};
