"""``metro serve``: the JSON-lines protocol, one request per line and one response per line.

See docs/protocol.md. The server never dies on bad input: every failure is a JSON error line
with a stable code (``illegal_action``, ``invalid_option``, ``invalid_save``, ``bad_request``),
and every answer is strict JSON. An answer is given in the eyes of the request's ``seat``
(none: a spectator's): it never shows the seed or what that seat may not see.
"""

from __future__ import annotations

from typing import IO, Any

from common import jsontext
from common.errors import short
from common.game import Game
from common.master import Asker, Master, Table, run_now
from common.protocol import GAME_ID, BadRequest, decode, error, line, seat_of
from common.registry import GameInfo

MAX_LINE = 4 * 1024 * 1024

__all__ = ["GAME_ID", "MAX_LINE", "BadRequest", "Server", "serve"]


class Server(Master):
    """``metro serve``'s transport: the trusted caller names a game by its ``id`` and a seat
    by its number, and may save, load and close games. Holds the open games by id and
    answers one request at a time."""

    trusted = True
    commands = (
        "games", "new", "view", "legal", "apply", "resolve", "bot", "undo", "save", "load",
        "events", "describe", "render", "data", "close", "steps",
    )  # fmt: skip
    default_bot = "random"

    def __init__(self) -> None:
        super().__init__()
        self.tables: dict[str, Table] = {}
        self._next = 1

    @property
    def games(self) -> dict[str, Game]:
        """The open games by id."""
        return {gid: table.game for gid, table in self.tables.items()}

    # ------------------------------------------------------------------ dispatch
    def handle_line(self, text: bytes | str) -> dict[str, Any]:
        """Answer one request line; never raises on bad input."""
        request = decode(text)
        if isinstance(request, str):
            return error("bad_request", request)
        return run_now(self.answer(None, request))

    def handle(self, request: Any) -> dict[str, Any]:
        """Answer one decoded request (checked to be strict JSON first)."""
        try:
            jsontext.check(request)
        except jsontext.JSONError as exc:
            return error("bad_request", f"the request is not strict JSON: {exc}")
        return run_now(self.answer(None, request))

    # ------------------------------------------------------------------ what the master asks
    def _asker(self, request: dict[str, Any], conn: Any) -> Asker:
        gid = request.get("id")
        if not isinstance(gid, str) or gid not in self.tables:
            # the other open ids are never listed: they are other people's games
            raise BadRequest(f"no open game with id {short(gid)}")
        table = self.tables[gid]
        return Asker(table, seat_of(request, table.game))

    def _opened(
        self, info: GameInfo, game: Game, request: dict[str, Any], conn: Any
    ) -> tuple[Table, dict[str, Any], Asker | None]:
        wanted = request.get("id")
        seat = seat_of(request, game)
        gid = self._free_id(wanted)
        table = Table(gid, info, game, [None] * game.num_players)
        self.tables[gid] = table
        # no seed in the answer: it would tell every die to come (the host's save has it)
        extra = {"players": list(game.players)} if request.get("cmd") == "new" else {}
        return table, extra, Asker(table, seat)

    def _closed(self, table: Table) -> None:
        del self.tables[table.id]

    def _free_id(self, wanted: Any) -> str:
        """The id a new or loaded game is to have: the one asked for if free, else a new one."""
        if wanted is None:
            while f"g{self._next}" in self.tables:  # skip the ids a client chose itself
                self._next += 1
            gid = f"g{self._next}"
            self._next += 1
            return gid
        if not isinstance(wanted, str) or not GAME_ID.fullmatch(wanted):
            raise BadRequest(f"id must be 1 to 64 letters, digits or _ . : -, got {short(wanted)}")
        if wanted in self.tables:
            raise BadRequest(f"id {wanted!r} is taken by an open game: choose another")
        return wanted


def serve(stdin: IO[bytes], stdout: IO[str]) -> None:
    """Read requests from ``stdin`` until it closes, writing one answer line per request."""
    server = Server()
    while True:
        text = stdin.readline(MAX_LINE + 1)
        if not text:
            return
        if len(text) > MAX_LINE and not text.endswith(b"\n"):
            while True:  # skip the rest of the oversized line
                rest = stdin.readline(MAX_LINE)
                if not rest or rest.endswith(b"\n"):
                    break
            out = error("bad_request", f"the line is longer than {MAX_LINE} bytes")
        elif not text.strip():
            continue
        else:
            out = server.handle_line(text)
        stdout.write(line(out) + "\n")
        stdout.flush()
