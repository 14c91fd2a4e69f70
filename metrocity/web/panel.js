// @ts-check
/**
 * Metro City's part of the game page (docs/metrocity.md, the view): each developer's money,
 * tokens and tiles, and the seat's own hand. Served by metro web at games/metrocity/panel.js.
 */
import { list } from "../../panels.js";
import { num } from "../../ui.js";

/** @type {import("../../panels.js").Panel} */
export default {
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
};
