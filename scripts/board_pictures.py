"""Draw the README's board pictures: each game's SVG board mid-game, as a PNG.

    python scripts/board_pictures.py [--out docs/boards]

Each game is played by its heuristic bots from a fixed seed to a fixed number of decisions
(``POSITIONS``), and the board is drawn as the seat to act sees it; cairosvg (in the
``[test]`` extra) turns the SVG into a PNG 900 pixels wide.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import common  # noqa: E402
from common.bots import advance  # noqa: E402

#: each game's (players, seed, decisions played before the picture)
POSITIONS: dict[str, tuple[int, int, int]] = {
    "metrocity": (2, 4, 22),
    "metropoli": (3, 2, 260),
    "metropolia": (2, 3, 24),
    "metropolis_lots": (3, 5, 90),
}
WIDTH = 900


def position(name: str) -> common.Game:
    """The game ``name`` at its picture's position."""
    players, seed, decisions = POSITIONS[name]
    info = common.get(name)
    game = info.new_game(players=players, seed=seed)
    bots = [info.bot_factory("heuristic")(seed * 10 + i) for i in range(players)]
    while not game.is_over and game.decisions < decisions:
        advance(game, bots, 1)
    return game


def main(argv: list[str] | None = None) -> int:
    """Write one PNG a game into ``--out``."""
    import cairosvg

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "boards")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for name in POSITIONS:
        info = common.get(name)
        assert info.render_svg is not None
        game = position(name)
        svg = str(info.render_svg(game, game.to_act if game.to_act is not None else 0))
        path = args.out / f"{name}.png"
        cairosvg.svg2png(bytestring=svg.encode(), write_to=str(path), output_width=WIDTH)
        print(f"wrote {path} ({game.decisions} decisions in)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
