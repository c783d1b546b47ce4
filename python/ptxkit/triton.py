"""Lint the PTX that Triton kernels compile to.

Two ways, both without a GPU (Triton compiles for a ``GPUTarget`` without one):

* :func:`lint_kernel` lints one compiled kernel (what ``triton.compile`` returns, or what a
  ``@triton.jit`` function's ``warmup``/launch returns: anything with ``asm["ptx"]``)::

      compiled = triton.compile(src, target=GPUTarget("cuda", 90, 32))
      for finding in ptxkit.triton.lint_kernel(compiled):
          print(finding)

* :func:`install` lints every kernel Triton compiles from then on, through Triton's
  compilation listener (``triton.knobs.compilation.listener``; the listener that was set
  before keeps being called). Findings go to ``on_findings(kernel_name, findings)``, by
  default a :class:`PtxLintWarning` per kernel with findings; with ``strict=True`` a kernel
  whose PTX has lint *errors* makes the compilation raise :class:`ptxkit.PtxLintError`.
  The returned :class:`Installed` undoes it (``uninstall()``, or use it as a context
  manager) and keeps every kernel's findings in ``results``::

      with ptxkit.triton.install(strict=True) as linted:
          my_kernel[grid](x, y, n, BLOCK=1024)
      print(linted.results)   # {"my_kernel": [...findings...]}

Keyword arguments (``select``, ``ignore``, ``target``, ``ptx_version``, ``preview``) are
those of :func:`ptxkit.lint`. A kernel Triton takes from its cache is linted too.
"""

from __future__ import annotations

import warnings
from typing import Any, Callable, Dict, List, Mapping, Optional

from . import lint
from ._errors import PtxLintError
from ._native import Finding

__all__ = ["Installed", "PtxLintWarning", "install", "lint_kernel", "lint_ptx", "ptx_of"]

OnFindings = Callable[[str, List[Finding]], None]


class PtxLintWarning(UserWarning):
    """A Triton kernel's PTX has lint findings (the default report of :func:`install`)."""


def ptx_of(kernel: Any) -> str:
    """The PTX text of a compiled Triton kernel (its ``asm["ptx"]``)."""
    asm = getattr(kernel, "asm", None)
    if asm is None or "ptx" not in asm:
        raise TypeError(
            f"expected a compiled Triton kernel with asm['ptx'] (from triton.compile, or a "
            f"@triton.jit function's warmup), not {type(kernel).__name__}"
        )
    ptx = asm["ptx"]
    return ptx.decode() if isinstance(ptx, bytes) else ptx


def lint_ptx(ptx: str, **options: Any) -> List[Finding]:
    """:func:`ptxkit.lint` of a Triton kernel's PTX text."""
    return lint(ptx, **options)


def lint_kernel(kernel: Any, **options: Any) -> List[Finding]:
    """Lint the PTX of a compiled Triton kernel; ``options`` as :func:`ptxkit.lint`'s."""
    return lint_ptx(ptx_of(kernel), **options)


def _report(name: str, findings: List[Finding]) -> None:
    lines = "\n".join(f"  {f.line}:{f.column}: {f.severity}: {f.code} {f.name}: {f.message}" for f in findings)
    warnings.warn(f"ptxlint: Triton kernel {name}: {len(findings)} finding(s)\n{lines}", PtxLintWarning, stacklevel=2)


def _ptx_from_group(metadata_group: Mapping[str, str]) -> Optional[str]:
    for file_name, path in metadata_group.items():
        if file_name.endswith(".ptx"):
            with open(path, encoding="utf-8") as handle:
                return handle.read()
    return None


class Installed:
    """The listener :func:`install` set; ``results`` maps kernel names to their findings."""

    def __init__(self, knobs: Any, previous: Any, strict: bool, on_findings: OnFindings, options: Dict[str, Any]):
        self._knobs = knobs
        self._previous = previous
        self._strict = strict
        self._on_findings = on_findings
        self._options = options
        self.results: Dict[str, List[Finding]] = {}

    def __call__(self, *, src: Any, metadata: Mapping[str, Any], metadata_group: Mapping[str, str], **rest: Any) -> None:
        if self._previous is not None:
            self._previous(src=src, metadata=metadata, metadata_group=metadata_group, **rest)
        ptx = _ptx_from_group(metadata_group)
        if ptx is None:  # not an NVIDIA kernel (AMD's compile to amdgcn)
            return
        name = str(metadata.get("name", getattr(src, "name", "kernel")))
        findings = lint_ptx(ptx, **self._options)
        self.results[name] = findings
        if findings:
            self._on_findings(name, findings)
        errors = [f for f in findings if f.severity == "error"]
        if self._strict and errors:
            first = errors[0]
            raise PtxLintError(
                f"Triton kernel {name}: {len(errors)} lint error(s) in its PTX; first: "
                f"{first.line}:{first.column}: {first.code} {first.name}: {first.message}",
                name,
                findings,
            )

    def uninstall(self) -> None:
        """Put back the listener that was set before :func:`install`."""
        if self._knobs.compilation.listener is self:
            self._knobs.compilation.listener = self._previous

    def __enter__(self) -> "Installed":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.uninstall()


def install(*, strict: bool = False, on_findings: Optional[OnFindings] = None, **options: Any) -> Installed:
    """Lint every PTX Triton compiles from now on (see the module's documentation)."""
    try:
        from triton import knobs
    except ImportError as err:  # Triton older than 3.3, or not installed
        raise ImportError(
            "ptxkit.triton.install needs Triton 3.3 or later (triton.knobs.compilation.listener); "
            "ptxkit.triton.lint_kernel works with any version"
        ) from err
    lint("", **options)  # bad options fail here, not inside Triton's compile
    installed = Installed(knobs, knobs.compilation.listener, strict, on_findings or _report, options)
    knobs.compilation.listener = installed
    return installed
