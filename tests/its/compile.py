#!/usr/bin/env python3
"""Compiles the legacy test kernels of tests/its with NVRTC 11.8 (through ctypes).

usage: compile.py [NVRTC_LIB] — each `KIND/NAME.cu` whose first line is
`// arch: compute_XX` becomes `KIND/NAME.compute_XX.ptx` beside it. NVRTC_LIB defaults to
the libnvrtc that ../shared/tools/setup-ptxas.sh --with-nvrtc installs.
"""
import ctypes
import os
import pathlib
import sys

HERE = pathlib.Path(__file__).resolve().parent
DEFAULT = pathlib.Path.home() / ".cache/ptx-toolkit/ptxas/nvrtc118/nvidia/cuda_nvrtc/lib/libnvrtc.so.11.2"


def compile_one(lib, source: pathlib.Path) -> None:
    text = source.read_text()
    first = text.splitlines()[0]
    if not first.startswith("// arch: "):
        raise SystemExit(f"{source}: the first line must be `// arch: compute_XX`")
    arch = first.split()[-1]
    prog = ctypes.c_void_p()
    check(lib, lib.nvrtcCreateProgram(ctypes.byref(prog), text.encode(), source.name.encode(), 0, None, None), source)
    options = [f"--gpu-architecture={arch}".encode(), b"-default-device"]
    argv = (ctypes.c_char_p * len(options))(*options)
    status = lib.nvrtcCompileProgram(prog, len(options), argv)
    size = ctypes.c_size_t()
    lib.nvrtcGetProgramLogSize(prog, ctypes.byref(size))
    log = ctypes.create_string_buffer(size.value)
    lib.nvrtcGetProgramLog(prog, log)
    if status != 0:
        raise SystemExit(f"{source}: NVRTC failed:\n{log.value.decode()}")
    lib.nvrtcGetPTXSize(prog, ctypes.byref(size))
    ptx = ctypes.create_string_buffer(size.value)
    check(lib, lib.nvrtcGetPTX(prog, ptx), source)
    out = source.with_suffix(f".{arch}.ptx")
    out.write_text(ptx.value.decode())
    lib.nvrtcDestroyProgram(ctypes.byref(prog))
    print(f"{out.relative_to(HERE)}")


def check(lib, status, source):
    if status != 0:
        lib.nvrtcGetErrorString.restype = ctypes.c_char_p
        raise SystemExit(f"{source}: {lib.nvrtcGetErrorString(status).decode()}")


def main() -> None:
    lib = ctypes.CDLL(sys.argv[1] if len(sys.argv) > 1 else str(DEFAULT))
    for source in sorted(HERE.glob("*/*.cu")):
        compile_one(lib, source)


if __name__ == "__main__":
    main()
