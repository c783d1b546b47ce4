"""Lint, format and rewrite NVIDIA PTX from Python, without CUDA.

The same Rust libraries as the command-line tools ``ptxlint``, ``ptxfmt`` and
``ptxrewrite`` (which this package installs too), on strings, with the GIL released::

    import ptxkit

    for finding in ptxkit.lint(ptx):                       # list[Finding]
        print(finding.line, finding.code, finding.message)
    tidy = ptxkit.format(ptx, line_width=100)              # raises PtxSyntaxError
    older = ptxkit.rewrite(ptx, "7.8", target="sm_80")     # raises RewriteRefused
    needs = ptxkit.requirements(ptx)                       # needs.ptx_version, needs.target

Inline PTX in CUDA C++ (``asm()`` statements) is linted with ``language="cuda"``.
Triton kernels: see :mod:`ptxkit.triton`.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence, Tuple

from . import _native
from ._errors import PtxLintError, PtxSyntaxError, RewriteRefused
from ._native import Finding, Reason, Requirements

__all__ = [
    "Finding",
    "PtxLintError",
    "PtxSyntaxError",
    "Reason",
    "Requirements",
    "RewriteRefused",
    "__version__",
    "format",
    "format_options",
    "lint",
    "requirements",
    "rewrite",
    "rules",
]

__version__: str = _native.version()


def _names(value: Optional[Sequence[str]], argument: str) -> Optional[List[str]]:
    if value is None:
        return None
    if isinstance(value, str):
        # "PTX1,PTX2" as on the command line; a bare str is not iterated letter by letter.
        return [part for part in value.split(",") if part]
    if not all(isinstance(item, str) for item in value):
        raise TypeError(f"{argument} must be a sequence of rule names or codes (str)")
    return list(value)


def lint(
    text: str,
    *,
    language: str = "ptx",
    target: Optional[str] = None,
    ptx_version: Optional[str] = None,
    select: Optional[Sequence[str]] = None,
    ignore: Optional[Sequence[str]] = None,
    preview: bool = False,
) -> List[Finding]:
    """Lint PTX, or the inline PTX of CUDA/C++ source, and return the findings.

    ``language``: ``"ptx"`` (default) or ``"cuda"`` (C, C++ or CUDA source: every ``asm()``
    statement's template is translated to PTX and checked with its operands).
    ``target`` and ``ptx_version`` lint as if the text said ``.target``/``.version`` that
    (for CUDA source: the destination the asm must assemble for). ``select`` and ``ignore``
    take rule names, codes or code prefixes (``["PTX1", "missing-rounding-modifier"]``);
    ``preview`` allows preview rules. The same findings as ``ptxlint`` with no
    configuration file, in source order; suppression comments apply. Raises ``ValueError``
    for an unknown rule, target or version, ``TypeError`` for arguments of the wrong type.
    """
    return _native.lint(
        text,
        language=language,
        target=target,
        ptx_version=ptx_version,
        select=_names(select, "select"),
        ignore=_names(ignore, "ignore"),
        preview=preview,
    )


def format(text: str, **options: Any) -> str:  # noqa: A001 - the API's name
    """Format PTX as ``ptxfmt`` does and return the new text.

    Options are ``ptxfmt.toml``'s keys with ``_`` for ``-``: ``line_width`` (100),
    ``indent_style`` (``"spaces"`` or ``"tabs"``), ``indent_width`` (4),
    ``align_operands`` (True), ``align_comments`` (True), ``max_elements_per_row`` (0: the
    largest power of two that fits). Only whitespace and line breaks change. Raises
    :class:`PtxSyntaxError` (with ``line`` and ``column``) when the text has syntax errors,
    ``TypeError`` for an unknown option, ``ValueError`` for a value out of range.
    """
    return _native.format(text, **options)


def format_options() -> Dict[str, Any]:
    """The options :func:`format` takes, with their defaults."""
    return dict(_native.format_options())


def rewrite(text: str, to: str, *, target: Optional[str] = None, allow_approximate: bool = False) -> str:
    """Move PTX to ISA version ``to`` (``"7.8"``) and ``target`` (``"sm_80"``), as ``ptxrewrite``.

    Without ``target``: the text's own target when ``to`` has it, else the newest base
    target ``to`` allows that is not newer. ``allow_approximate`` also runs the passes whose
    results may differ observably. Returns the new text (the text itself when nothing
    changes). Raises :class:`RewriteRefused` when constructs have no equivalent at the
    destination (its message names each with its line; ``refusals`` lists them),
    :class:`PtxSyntaxError` when the text does not parse, ``ValueError`` for a bad
    destination or a text without ``.version``/``.target``.
    """
    return _native.rewrite(text, to, target=target, allow_approximate=allow_approximate)


def requirements(text: str) -> Requirements:
    """The minimum ``.version`` and ``.target`` a PTX text needs, and the lines that force them.

    ``str()`` of the result is ``ptxlint --requirements``' report.
    """
    return _native.requirements(text)


def rules() -> List[Tuple[str, str, str, str, str]]:
    """Every lint rule as ``(code, name, severity, status, summary)``."""
    return _native.rules()
