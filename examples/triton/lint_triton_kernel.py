"""Compile a Triton kernel to PTX without a GPU, then lint and format its PTX with ptxkit.

    pip install ptxkit triton
    python examples/triton/lint_triton_kernel.py [--arch 90]

Triton compiles for a `GPUTarget` (here CUDA sm_90, 32-thread warps) with no GPU and no
driver: its NVIDIA backend ships the LLVM that emits the PTX (and the ptxas that assembles
it). Prints the findings (none expected) and the first lines of the formatted PTX; exits 1
when ptxlint reports an error.
"""

from __future__ import annotations

import argparse
import sys

import triton
import triton.language as tl
from triton.backends.compiler import GPUTarget

import ptxkit
import ptxkit.triton


@triton.jit
def add_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    """out[i] = x[i] + y[i], BLOCK elements per program."""
    pid = tl.program_id(0)
    offsets = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    x = tl.load(x_ptr + offsets, mask=mask)
    y = tl.load(y_ptr + offsets, mask=mask)
    tl.store(out_ptr + offsets, x + y, mask=mask)


SIGNATURE = {"x_ptr": "*fp32", "y_ptr": "*fp32", "out_ptr": "*fp32", "n": "i32", "BLOCK": "constexpr"}


def compile_add(arch: int = 90, block: int = 1024):
    """The compiled kernel (`asm` holds its `ttir`, `ttgir`, `llir`, `ptx` and `cubin`)."""
    source = triton.compiler.ASTSource(fn=add_kernel, signature=SIGNATURE, constexprs={"BLOCK": block})
    return triton.compile(source, target=GPUTarget("cuda", arch, 32))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--arch", type=int, default=90, help="compute capability, e.g. 80 or 90 (default 90)")
    args = parser.parse_args()
    compiled = compile_add(args.arch)
    ptx = ptxkit.triton.ptx_of(compiled)
    findings = ptxkit.triton.lint_kernel(compiled)
    needs = ptxkit.requirements(ptx)
    print(f"add_kernel for sm_{args.arch}: {len(ptx.splitlines())} lines of PTX, "
          f"needs PTX {needs.ptx_version} and {needs.target}; {len(findings)} finding(s)")
    for finding in findings:
        print(f"  {finding.line}:{finding.column}: {finding.severity}: {finding.code} {finding.name}: {finding.message}")
    formatted = ptxkit.format(ptx)
    print("\n".join(formatted.splitlines()[:12]))
    return 1 if any(f.severity == "error" for f in findings) else 0


if __name__ == "__main__":
    sys.exit(main())
