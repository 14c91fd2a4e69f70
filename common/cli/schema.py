"""``metro <game> schema``: the JSON Schemas of the game's actions, events, views, saves
and the protocol's legal moves."""

from __future__ import annotations

import json
from pathlib import Path

import click

from common.registry import GameInfo


def make(info: GameInfo) -> click.Command:
    """The ``schema`` command of ``info``'s game."""

    @click.command("schema")
    @click.option(
        "--out",
        type=click.Path(file_okay=False, path_type=Path),
        default=None,
        help="Write action/event/view/save/legal .schema.json files into this folder.",
    )
    def schema_cmd(out: Path | None) -> None:
        """Print (or write) the JSON Schemas of this game's actions, events, views, saves and
        legal moves."""
        from common.schema import schemas_for

        found = schemas_for(info.cls)
        if out is None:
            click.echo(json.dumps(found, indent=2))
            return
        try:
            out.mkdir(parents=True, exist_ok=True)
            for kind, schema in found.items():
                (out / f"{info.name}.{kind}.schema.json").write_text(json.dumps(schema, indent=2))
        except OSError as exc:
            raise click.ClickException(f"cannot write into {out}: {exc.strerror or exc}") from exc
        click.echo(f"wrote {len(found)} schemas to {out}")

    return schema_cmd
