"""The exceptions ptxkit raises (the native module raises these classes)."""

from __future__ import annotations

from typing import TYPE_CHECKING, List

if TYPE_CHECKING:
    from ._native import Finding

__all__ = ["PtxSyntaxError", "RewriteRefused", "PtxLintError"]


class PtxSyntaxError(ValueError):
    """The text does not parse as PTX; nothing was formatted or rewritten.

    ``line`` and ``column`` (1-based, the column in characters) are where the first
    syntax error is; the message says ``LINE:COLUMN: syntax error near '…'``.
    """

    def __init__(self, message: str, line: int, column: int) -> None:
        super().__init__(message)
        self.line = line
        self.column = column


class RewriteRefused(ValueError):
    """``rewrite`` found constructs with no equivalent at the destination.

    The message names each refused construct with its line; ``refusals`` holds them as
    :class:`ptxkit.Finding` values (``line``, ``column``, ``message``, ``note``, ``help``).
    """

    def __init__(self, message: str, refusals: List["Finding"]) -> None:
        super().__init__(message)
        self.refusals = refusals


class PtxLintError(Exception):
    """Raised by :mod:`ptxkit.triton` in strict mode: a kernel's PTX has lint errors.

    ``findings`` holds every finding of the kernel (errors and warnings), ``kernel`` the
    kernel's name.
    """

    def __init__(self, message: str, kernel: str, findings: List["Finding"]) -> None:
        super().__init__(message)
        self.kernel = kernel
        self.findings = findings
