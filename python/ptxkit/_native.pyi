"""Type stubs of ``ptxkit._native``, the Rust extension module behind :mod:`ptxkit`."""

from typing import Any, Dict, List, Optional, Tuple

class Finding:
    """One finding: rule, place (1-based lines and columns, end exclusive), message, fix."""

    code: str
    name: str
    line: int
    column: int
    end_line: int
    end_column: int
    severity: str
    message: str
    note: Optional[str]
    help: Optional[str]
    fix: Optional[str]
    fix_safe: Optional[bool]

class Reason:
    """One line that forces a minimum PTX version or target."""

    line: int
    text: str
    feature: str
    ptx_version: str

class Requirements:
    """What a PTX text needs; ``str()`` is ``ptxlint --requirements``' report."""

    ptx_version: str
    target: Optional[str]
    arch_specific: bool
    reasons: List[Reason]
    removed_in: Optional[str]
    removed: Optional[Reason]

def lint(
    text: str,
    *,
    language: str = "ptx",
    target: Optional[str] = None,
    ptx_version: Optional[str] = None,
    select: Optional[List[str]] = None,
    ignore: Optional[List[str]] = None,
    preview: bool = False,
) -> List[Finding]: ...
def rules() -> List[Tuple[str, str, str, str, str]]: ...
def requirements(text: str) -> Requirements: ...
def format(text: str, **options: Any) -> str: ...
def format_options() -> Dict[str, Any]: ...
def rewrite(text: str, to: str, *, target: Optional[str] = None, allow_approximate: bool = False) -> str: ...
def main(tool: str, argv: List[str]) -> int: ...
def version() -> str: ...
