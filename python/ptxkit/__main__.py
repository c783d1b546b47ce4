"""``python -m ptxkit TOOL ARGS…``: run ``ptxfmt``, ``ptxlint``, ``ptxrewrite`` or ``ptxls``."""

import sys

from . import _commands

TOOLS = ("ptxfmt", "ptxlint", "ptxrewrite", "ptxls")

if len(sys.argv) < 2 or sys.argv[1] not in TOOLS:
    print(f"usage: python -m ptxkit {{{','.join(TOOLS)}}} [ARGS...]", file=sys.stderr)
    sys.exit(2)
tool = sys.argv.pop(1)
_commands._run(tool)
