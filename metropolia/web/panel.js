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
  // the frame of a move is on its owner's card: your own card of the same name is not it
  moved: (json, seat, data) => {
    if (json.type === "Build") {
      const landmark = (data?.landmarks ?? []).some((/** @type {any} */ l) => l.id === json.card);
      return landmark ? [`landmark:${seat}:${json.card}`] : [`market:${json.card}`, `city:${seat}:${json.card}`];
    }
    // a swap: each card where it went, the one taken now the mover's, the one given theirs
    if (json.type === "Swap") return [`city:${seat}:${json.take}`, `city:${json.seat}:${json.give}`];
    if (json.type === "TakeFrom") return [`city:${json.seat}`];
    return [];
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
