"""The commands ``ptxfmt``, ``ptxlint``, ``ptxrewrite`` and ``ptxls`` of the wheel.

Each runs the same Rust command line as the cargo-installed binary, inside this process
(the extension module holds all four; see docs/src/install.md, "One wheel"). Before the
run, SIGINT gets its default action back so that Ctrl-C stops a long run at once, as it
stops the native binary (Python's own handler would wait for the Rust code to return).
"""

from __future__ import annotations

import os
import signal
import sys

from . import _native


def _run(tool: str) -> None:
    if hasattr(signal, "SIGINT"):
        signal.signal(signal.SIGINT, signal.SIG_DFL)
    argv = [tool] + sys.argv[1:]
    sys.stdout.flush()
    code = _native.main(tool, argv)
    sys.stderr.flush()
    # The Rust side has flushed its own output; skip the interpreter's teardown (which would
    # wait for nothing but costs time) and exit with the tool's code.
    os._exit(code)


def ptxfmt() -> None:
    """Run ``ptxfmt`` with the process's arguments."""
    _run("ptxfmt")


def ptxlint() -> None:
    """Run ``ptxlint`` with the process's arguments."""
    _run("ptxlint")


def ptxrewrite() -> None:
    """Run ``ptxrewrite`` with the process's arguments."""
    _run("ptxrewrite")


def ptxls() -> None:
    """Run the language server ``ptxls`` (LSP over standard input and output)."""
    _run("ptxls")
