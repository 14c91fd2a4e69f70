"""The small words of the CLI and the protocol: what a mistyped name, a wrong option value,
a line that is not JSON and a move made while chance is pending are told."""

from __future__ import annotations

import io
import json

from click.testing import CliRunner

from common.cli import main, suggest
from common.serve import Server, serve


def test_a_mistyped_command_is_told_the_names_it_may_mean() -> None:
    r = CliRunner().invoke(main, ["metropolis"])
    assert r.exit_code == 2
    # the title Metropolis is the game metropolis_lots: said first
    assert "No such command 'metropolis'. Did you mean metropolis_lots or" in r.output
    r = CliRunner().invoke(main, ["metrocty"])
    assert "Did you mean metrocity?" in r.output
    r = CliRunner().invoke(main, ["metrocity", "replya"], prog_name="metro")
    assert "Did you mean replay?" in r.output and "metro metrocity --help" in r.output
    r = CliRunner().invoke(main, ["zebra"])
    assert "No such command 'zebra'." in r.output and "Did you mean" not in r.output


def test_suggest_puts_a_title_first_then_prefixes_then_close_spellings() -> None:
    known = {"metropoli": "metropoli", "metropolis_lots": "metropolis_lots", "x": "x"}
    known["metropolis"] = "metropolis_lots"  # a title
    assert suggest("Metropolis", known) == ["metropolis_lots", "metropoli"]
    assert suggest("metropol", known) == ["metropoli", "metropolis_lots"]
    assert suggest("qqq", known) == []


def test_a_wrong_option_value_is_told_the_values_as_typed() -> None:
    r = CliRunner().invoke(main, ["metropolia", "play", "-o", "plus=maybe"])
    assert r.exit_code != 0
    assert "option plus='maybe' is not allowed; choose true or false" in r.output
    r = CliRunner().invoke(main, ["metropolia", "play", "-o", "payments=x"])
    assert "choose colour_order or pay_first" in r.output


def test_a_line_that_is_not_json_is_said_so_once() -> None:
    out = io.StringIO()
    serve(io.BytesIO(b"{bad\n"), out)
    message = json.loads(out.getvalue())["error"]["message"]
    assert message.startswith("the line is not strict JSON: Expecting property name")
    assert message.count("not") == 1


def test_a_move_while_chance_is_pending_is_told_the_request_that_settles_it() -> None:
    server = Server()
    made = server.handle({"cmd": "new", "game": "metropolia", "players": 2, "seed": 1})
    assert made["chance"] is not None
    r = server.handle({"cmd": "apply", "id": made["id"], "action": "roll 1"})
    assert r["error"]["code"] == "illegal_action"
    message = r["error"]["message"]
    assert "resolve()" not in message
    assert f'send {{"cmd": "resolve", "id": "{made["id"]}"}} with its outcome first' in message


def test_the_terminal_does_not_offer_a_pool_declined_this_turn_again() -> None:
    # the rules let it be asked again (seed "Negotiating", ruling MS-A4: bounded by
    # pool_proposals), but the partner would answer the same: the chooser leaves it out
    from common.registry import get
    from common.terminal import Screen, TerminalPlay
    from metropolis_lots import Build, Decline, Take
    from tests.metropolis_lots.helpers import dealt

    g = dealt(3, hands=[[40, 41, 45], [46]], offer=[30, 31, 32, 33])
    g.apply(Take(30))
    g.resolve((34,))
    pooled = Build("factory", (40, 41, 45, 46))
    t = TerminalPlay(get("metropolis_lots"), g, ["human"] * 3, {}, screen=Screen(g.players))
    assert pooled in t._offered()
    g.apply(pooled)
    g.apply(Decline())
    assert g.prompt is not None and g.prompt.kind == "build" and pooled in g.legal_actions()
    assert pooled not in t._offered() and t._offered()
    assert t._typed(0, str(pooled)) == "moved"  # typed out, it is still proposed
    assert g.prompt is not None and g.prompt.kind == "pool"
