"""``jick record export`` and ``jick record import``: a record as text (PGN-style tag pairs, or PTN) and back.

Output goes to stdout, or to ``--out FILE``. A bad record or text ends in one
line on stderr (``jick: error: line 12: ...``) and exit code 2.
"""

from __future__ import annotations

import enum
from pathlib import Path
from typing import Annotated

import typer

from jick.engine import JickError, RecordError

record_app = typer.Typer(
    no_args_is_help=True,
    help="Write a record as text (PGN-style tag pairs or PTN) and read it back as JSON.",
)


class ExportFormat(enum.StrEnum):
    pgn_style = "pgn-style"
    ptn = "ptn"


class ImportFormat(enum.StrEnum):
    auto = "auto"
    pgn_style = "pgn-style"
    ptn = "ptn"


def _fail(message: str) -> None:
    typer.echo(f"jick: error: {message}", err=True)
    raise typer.Exit(2)


def _write(text: str, out: Path | None) -> None:
    """Print ``text``, or write it to ``out`` (then say where)."""
    if out is None:
        typer.echo(text, nl=False)
        return
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(text, encoding="utf-8")
    except OSError as exc:
        _fail(f"could not write {str(out)!r}: {exc.strerror or exc}")
    typer.echo(f"Saved to {out}", err=True)


def _read_text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RecordError(f"file {str(path)!r} does not exist") from None
    except UnicodeDecodeError:
        raise RecordError(f"file {str(path)!r} is not UTF-8 text") from None
    except OSError as exc:
        raise RecordError(f"cannot read {str(path)!r}: {exc.strerror or exc}") from None


@record_app.command("export")
def export(
    file: Annotated[Path, typer.Argument(help="A game record (JSON) of any game.")],
    fmt: Annotated[
        ExportFormat,
        typer.Option("--format", "-f", help="pgn-style: jick's tag pairs, lossless; ptn: PTN (Pitch/Smear presets)."),
    ] = ExportFormat.pgn_style,
    out: Annotated[Path | None, typer.Option("--out", "-o", help="Write the text here instead of stdout.")] = None,
) -> None:
    """Write a JSON record as text: PGN-style tag pairs (every game, lossless) or PTN."""
    from jick.notation import export_text
    from jick.notation.ptn import export_ptn
    from jick.record import load_record

    try:
        record = load_record(file)
        text = export_ptn(record) if fmt is ExportFormat.ptn else export_text(record)
    except JickError as exc:
        _fail(str(exc))
    _write(text, out)


@record_app.command("import")
def import_(
    file: Annotated[Path, typer.Argument(help="A text record: jick's PGN-style notation or PTN.")],
    fmt: Annotated[
        ImportFormat,
        typer.Option("--format", "-f", help="auto (by its tags), pgn-style or ptn."),
    ] = ImportFormat.auto,
    preset: Annotated[
        str | None, typer.Option("--preset", "-p", help="PTN only: the jick preset of a PTN game without [Variant].")
    ] = None,
    out: Annotated[
        Path | None, typer.Option("--out", "-o", help="Write the JSON record here instead of stdout.")
    ] = None,
) -> None:
    """Read a text record back as a JSON record; every action is replayed and checked."""
    from jick.notation import import_text
    from jick.notation.ptn import import_ptn, looks_like_ptn
    from jick.record import dumps_record

    try:
        text = _read_text(file)
        kind = fmt
        if kind is ImportFormat.auto:
            kind = ImportFormat.ptn if looks_like_ptn(text) else ImportFormat.pgn_style
        if kind is ImportFormat.ptn:
            record = import_ptn(text, preset=preset)
        else:
            if preset is not None:
                raise RecordError("--preset is for PTN; a jick text record names its own preset")
            record = import_text(text)
    except JickError as exc:
        _fail(str(exc))
    _write(dumps_record(record) + "\n", out)
