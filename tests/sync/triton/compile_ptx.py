"""Triton kernels compiled to PTX for one target each, without a GPU: the helper the batches
(`kernels.py`, `kernels_tma.py`) share."""
import triton
from triton.backends.compiler import GPUTarget


def compiler(out):
    """`compile(fn, sig, consts, name, arch, **opts)`, writing `out/NAME.ccARCH.ptx`; a kernel
    Triton cannot compile for the target is reported as FAIL and skipped."""
    def compile(fn, sig, consts, name, arch, **opts):
        src = triton.compiler.ASTSource(fn=fn, signature=sig, constexprs=consts)
        try:
            k = triton.compile(src, target=GPUTarget("cuda", arch, 32), options=opts)
        except Exception as e:
            print("FAIL", name, arch, type(e).__name__, str(e).splitlines()[0][:150]); return
        (out / f"{name}.cc{arch}.ptx").write_text(k.asm["ptx"])
        print("ok", name, arch)
    return compile
