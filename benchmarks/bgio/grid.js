// A trivial game for boardgame.io: a 6x5 grid; the human claims a cell, then the host's
// "bot" claims a random free one inside the same move (on the server only, as Metro's host
// plays its bot seats); the game ends when the grid is full (15 human moves).
const { INVALID_MOVE } = require("boardgame.io/core");

const CELLS = 6 * 5;

const Grid = {
  name: "grid",
  setup: () => ({ cells: Array(CELLS).fill(null) }),
  moves: {
    claim: {
      client: false,
      move: ({ G, random }, id) => {
        if (!Number.isInteger(id) || id < 0 || id >= CELLS || G.cells[id] !== null) {
          return INVALID_MOVE;
        }
        G.cells[id] = "0";
        const free = G.cells.flatMap((c, i) => (c === null ? [i] : []));
        if (free.length) G.cells[free[random.Die(free.length) - 1]] = "bot";
      },
    },
  },
  endIf: ({ G }) => (G.cells.every((c) => c !== null) ? { draw: true } : undefined),
};

module.exports = { Grid, CELLS };
