"""``metro serve``: the JSON-lines protocol on stdin and stdout (docs/protocol.md)."""

from __future__ import annotations

import sys

import click


def make_top() -> click.Command:
    """The ``metro serve`` command."""

    @click.command("serve")
    def serve_cmd() -> None:
        """Speak the JSON-lines protocol on stdin/stdout (see docs/protocol.md)."""
        from common.serve import serve

        serve(sys.stdin.buffer, sys.stdout)

    return serve_cmd
