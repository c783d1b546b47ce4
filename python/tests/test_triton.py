"""Triton: compile kernels to PTX without a GPU, lint and format them through the API.

Needs `triton` (`pip install triton`). Without it the tests are skipped with the reason in
the summary, unless PTXKIT_REQUIRE_TRITON=1 (as CI sets), which turns the skip into a
failure: CI never passes by not running them.
"""

from __future__ import annotations

import os
import pathlib
import subprocess
import sys
import warnings

import pytest

import ptxkit
import ptxkit.triton

ROOT = pathlib.Path(__file__).resolve().parents[2]

try:
    import triton
    import triton.language as tl
    from triton.backends.compiler import GPUTarget

    TRITON_ERROR = None
except Exception as err:  # ImportError, or a broken install
    TRITON_ERROR = f"{type(err).__name__}: {err}"

if TRITON_ERROR is not None:
    if os.environ.get("PTXKIT_REQUIRE_TRITON") == "1":
        raise RuntimeError(f"PTXKIT_REQUIRE_TRITON=1 but Triton cannot be imported: {TRITON_ERROR}")
    pytest.skip(f"TRITON NOT AVAILABLE, Triton tests NOT RUN: {TRITON_ERROR}", allow_module_level=True)

sys.path.insert(0, str(ROOT / "examples" / "triton"))
import lint_triton_kernel  # noqa: E402  (the example is the kernel under test)


@triton.jit
def softmax_kernel(out_ptr, in_ptr, stride, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(in_ptr + row * stride + cols, mask=mask, other=-float("inf"))
    x = x - tl.max(x, axis=0)
    num = tl.exp(x)
    tl.store(out_ptr + row * stride + cols, num / tl.sum(num, axis=0), mask=mask)


def _compile_softmax(arch: int):
    source = triton.compiler.ASTSource(
        fn=softmax_kernel,
        signature={"out_ptr": "*fp32", "in_ptr": "*fp32", "stride": "i32", "n_cols": "i32", "BLOCK": "constexpr"},
        constexprs={"BLOCK": 256},
    )
    return triton.compile(source, target=GPUTarget("cuda", arch, 32))


@pytest.mark.parametrize("arch", [80, 90])
def test_compiled_kernel_lints_clean_and_formats(arch):
    compiled = lint_triton_kernel.compile_add(arch)
    ptx = ptxkit.triton.ptx_of(compiled)
    assert ".entry add_kernel" in ptx
    assert [f for f in ptxkit.triton.lint_kernel(compiled) if f.severity == "error"] == []
    formatted = ptxkit.format(ptx)
    assert ptxkit.format(formatted) == formatted
    assert formatted.split() != [] and "".join(formatted.split()) == "".join(ptx.split())
    assert ptxkit.requirements(ptx).ptx_version <= ptx.split(".version", 1)[1].split()[0]


def test_example_runs(tmp_path):
    run = subprocess.run([sys.executable, str(ROOT / "examples/triton/lint_triton_kernel.py")], capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "add_kernel for sm_90" in run.stdout and "0 finding(s)" in run.stdout


def test_install_lints_every_compiled_kernel():
    with ptxkit.triton.install() as linted:
        _compile_softmax(90)
        lint_triton_kernel.compile_add(80)
    assert set(linted.results) == {"softmax_kernel", "add_kernel"}
    assert all(f.severity != "error" for findings in linted.results.values() for f in findings)
    assert triton.knobs.compilation.listener is None


def test_strict_install_fails_the_compilation_on_lint_errors(monkeypatch):
    """A kernel whose PTX has an error: the listener sees the PTX Triton wrote and raises."""
    real = ptxkit.triton.lint_ptx

    def with_error(ptx, **options):
        # As if the backend had emitted `cvt.f32.f64` without rounding: lint that text.
        broken = ptx.replace("ret;", ".reg .f32 %fbad<2>;\n\t.reg .f64 %fdbad<2>;\n\tcvt.f32.f64 %fbad1, %fdbad1;\n\tret;", 1)
        return real(broken, **options)

    monkeypatch.setattr(ptxkit.triton, "lint_ptx", with_error)
    with pytest.raises(ptxkit.PtxLintError) as raised, ptxkit.triton.install(strict=True):
        lint_triton_kernel.compile_add(90, block=512)
    assert raised.value.kernel == "add_kernel"
    assert "missing-rounding-modifier" in [f.name for f in raised.value.findings]
    assert triton.knobs.compilation.listener is None


def test_default_report_is_a_warning(monkeypatch):
    monkeypatch.setattr(ptxkit.triton, "lint_ptx", lambda ptx, **o: ptxkit.lint(ptx.replace("ret;", "mov.u32 %r1, %q;\n\tret;", 1)))
    with warnings.catch_warnings(record=True) as caught, ptxkit.triton.install():
        warnings.simplefilter("always")
        lint_triton_kernel.compile_add(90, block=256)
    assert any(issubclass(w.category, ptxkit.triton.PtxLintWarning) and "undeclared-register" in str(w.message) for w in caught)


def test_lint_kernel_rejects_other_objects():
    with pytest.raises(TypeError):
        ptxkit.triton.lint_kernel("not a kernel")
