// @ts-check
/**
 * The menu of the seat's legal moves: one button a move (`data-action` = its text form), its
 * words the engine's label of it (`legal.labels`), long menus grouped by their first words
 * (`data-group`, opening on click, named by what their labels share), and a field for each
 * move typed with any amount (`data-amount`), its range shown.
 */
import { el, label, num } from "./ui.js";

/** A menu longer than this is grouped by its first words. */
const FLAT = 10;
/** A group longer than this is grouped again by one more word. */
const GROUP = 14;

/**
 * @typedef {import("./client.js").Legal} Legal
 * @typedef {import("./client.js").Amount} Amount
 */

/**
 * @param {Legal} legal
 * @param {Map<string, string>} names
 * @param {(action: string) => void} act called with a move's text form
 * @returns {HTMLElement}
 */
export function movesMenu(legal, names, act) {
  const box = el("div", { class: "moves", "data-moves": "" });
  for (const amount of legal.amounts ?? []) {
    // the field starts at the engine's first listed amount of the word (its suggestion)
    const first = legal.text.find((t) => t.startsWith(`${amount.word} `));
    const start = first ? Number(first.slice(amount.word.length + 1)) : amount.min;
    box.append(amountForm(amount, Number.isFinite(start) ? start : amount.min, act));
  }
  const words = legal.text.map((t) => t.split(" "));
  const labels = labelsOf(legal);
  box.append(...grouped(words, 0, names, labels, act, legal.text.length <= FLAT));
  return box;
}

/**
 * Each move's label by its text form (an older host sends none: the text stands in).
 * @param {Legal} legal
 * @returns {Map<string, string>}
 */
export function labelsOf(legal) {
  return new Map(legal.text.map((t, i) => [t, legal.labels?.[i] ?? t]));
}

/**
 * What the labels of a group's moves share: their first words (a group of "Place Commercial 6
 * on B3" and "Place Commercial 6 on D2" is "Place Commercial 6"), or "" when they share none.
 * @param {string[]} labels
 * @returns {string}
 */
function shared(labels) {
  const split = labels.map((l) => l.split(" "));
  const first = split[0] ?? [];
  let n = 0;
  while (n < first.length && split.every((w) => w[n] === first[n])) n += 1;
  // a trailing joining word ("on", "to", "for") says nothing without what follows it
  while (n > 0 && /^(on|to|for|of|a|an|the|and|with|lot|lots|paying)$/i.test(first[n - 1])) n -= 1;
  return n ? first.slice(0, n).join(" ") : "";
}

/**
 * @param {string[][]} moves each move's words
 * @param {number} depth the words all of them share
 * @param {Map<string, string>} names
 * @param {Map<string, string>} labels each move's label by its text
 * @param {(action: string) => void} act
 * @param {boolean} flat
 * @returns {HTMLElement[]}
 */
function grouped(moves, depth, names, labels, act, flat) {
  if (flat) return moves.map((w) => moveButton(w.join(" "), names, act, labels.get(w.join(" "))));
  /** @type {Map<string, string[][]>} */
  const groups = new Map();
  for (const w of moves) {
    const head = w.slice(0, depth + 1).join(" ");
    const g = groups.get(head);
    if (g) g.push(w);
    else groups.set(head, [w]);
  }
  if (groups.size === 1 && depth < 4 && moves.every((w) => w.length > depth + 1)) {
    return grouped(moves, depth + 1, names, labels, act, false); // the same first words: look further
  }
  /** @type {HTMLElement[]} */
  const out = [];
  for (const [head, members] of groups) {
    if (members.length === 1) {
      const text = members[0].join(" ");
      out.push(moveButton(text, names, act, labels.get(text)));
      continue;
    }
    const inner = grouped(members, depth + 1, names, labels, act, members.length <= GROUP);
    const title = shared(members.map((w) => labels.get(w.join(" ")) ?? w.join(" ")));
    const group = el(
      "details",
      { class: "group", "data-group": head },
      el("summary", {}, title || label(head, names), el("span", { class: "count" }, members.length)),
      el("div", { class: "menu" }, ...inner),
    );
    group.addEventListener("toggle", () => {
      if (!(/** @type {HTMLDetailsElement} */ (group).open)) return;
      for (const other of group.parentElement?.children ?? []) {
        if (other !== group && other instanceof HTMLDetailsElement) other.open = false;
      }
    });
    out.push(group);
  }
  return out;
}

/**
 * @param {string} text a move's text form
 * @param {Map<string, string>} names
 * @param {(action: string) => void} act
 * @param {string} [words] the engine's label of the move (else its text, ids named)
 * @returns {HTMLElement}
 */
export function moveButton(text, names, act, words) {
  const shown = words ?? label(text, names);
  return el(
    "button",
    {
      type: "button",
      class: "move",
      "data-action": text,
      title: shown === text ? null : text,
      onclick: () => act(text),
    },
    shown,
  );
}

/**
 * A field to type an amount in, with its range.
 * @param {Amount} amount
 * @param {number} start the amount the field shows first
 * @param {(action: string) => void} act
 * @returns {HTMLElement}
 */
function amountForm(amount, start, act) {
  const input = /** @type {HTMLInputElement} */ (
    el("input", {
      type: "number",
      min: amount.min,
      max: amount.max,
      step: amount.step,
      value: start,
      required: true,
      inputmode: "numeric",
      "data-amount-input": amount.word,
      "aria-label": `${amount.word}: an amount from ${amount.min} to ${amount.max}`,
    })
  );
  const range = `${num(amount.min)} to ${num(amount.max)}, in steps of ${num(amount.step)}`;
  const form = el(
    "form",
    { class: "amount", "data-amount": amount.word },
    el("label", {}, el("span", { class: "word" }, amount.word), input),
    el("button", { type: "submit", class: "move primary" }, amount.word),
    el("span", { class: "range", "data-range": "" }, range),
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    act(`${amount.word} ${input.value.trim()}`);
  });
  return form;
}
