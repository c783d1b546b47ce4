"""Triton kernels that move tiles with TMA, compiled to PTX without a GPU: the second held-out batch.

Parents for `cargo xtask sync-mutants` that no rule was written against: a persistent matmul
through tensor descriptors (TMA loads and stores, mbarriers), with and without
`warp_specialize` (a producer partition and a dispatcher loop), an fp8 matmul, a split-K
matmul with atomics, a causal attention forward pass in two loops, and an RMS-norm backward
partial with atomics; sm_80, 90 and 100.

    python tests/sync/triton/kernels_tma.py OUT_DIR      # needs `pip install triton`; no GPU
    cargo xtask sync-mutants OUT_DIR

A kernel Triton cannot compile for a target is reported as FAIL and skipped.
"""
import pathlib, sys
import triton, triton.language as tl
from compile_ptx import compiler
OUT = pathlib.Path(sys.argv[1]); OUT.mkdir(parents=True, exist_ok=True)

@triton.jit
def mm_tma(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr, NUM_SMS: tl.constexpr, WS: tl.constexpr):
    a = tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[K, 1], block_shape=[BM, BK])
    b = tl.make_tensor_descriptor(b_ptr, shape=[N, K], strides=[K, 1], block_shape=[BN, BK])
    c = tl.make_tensor_descriptor(c_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    start = tl.program_id(0)
    npm = tl.cdiv(M, BM); npn = tl.cdiv(N, BN); tiles = npm * npn
    for tile in tl.range(start, tiles, NUM_SMS, flatten=False):
        pm = tile // npn; pn = tile % npn
        acc = tl.zeros((BM, BN), tl.float32)
        for k in tl.range(0, tl.cdiv(K, BK), warp_specialize=WS):
            x = a.load([pm * BM, k * BK]); y = b.load([pn * BN, k * BK])
            acc = tl.dot(x, y.T, acc)
        c.store([pm * BM, pn * BN], acc.to(tl.float16))

@triton.jit
def mm_fp8(a, b, c, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pm = tl.program_id(0); pn = tl.program_id(1)
    rm = pm * BM + tl.arange(0, BM); rn = pn * BN + tl.arange(0, BN); rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), tl.float32)
    for k in range(0, K, BK):
        x = tl.load(a + rm[:, None] * K + (k + rk)[None, :])
        y = tl.load(b + (k + rk)[:, None] * N + rn[None, :])
        acc = tl.dot(x, y, acc)
    tl.store(c + rm[:, None] * N + rn[None, :], acc.to(tl.float16))

@triton.jit
def mm_splitk(a, b, c, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr, SPLIT: tl.constexpr):
    pm = tl.program_id(0); pn = tl.program_id(1); ps = tl.program_id(2)
    rm = pm * BM + tl.arange(0, BM); rn = pn * BN + tl.arange(0, BN); rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), tl.float32)
    for k in range(ps * BK, K, BK * SPLIT):
        x = tl.load(a + rm[:, None] * K + (k + rk)[None, :], mask=(k + rk)[None, :] < K, other=0.)
        y = tl.load(b + (k + rk)[:, None] * N + rn[None, :], mask=(k + rk)[:, None] < K, other=0.)
        acc = tl.dot(x, y, acc)
    tl.atomic_add(c + rm[:, None] * N + rn[None, :], acc, mask=(rm[:, None] < M) & (rn[None, :] < N))

@triton.jit
def attn_causal(q, k, v, o, N, D: tl.constexpr, BM: tl.constexpr, BN: tl.constexpr):
    pid = tl.program_id(0)
    rm = pid * BM + tl.arange(0, BM); rd = tl.arange(0, D)
    qv = tl.load(q + rm[:, None] * D + rd[None, :])
    mi = tl.full((BM,), -float("inf"), tl.float32); li = tl.zeros((BM,), tl.float32)
    acc = tl.zeros((BM, D), tl.float32)
    for start in range(0, pid * BM, BN):
        rn = start + tl.arange(0, BN)
        kv = tl.load(k + rn[None, :] * D + rd[:, None])
        s = tl.dot(qv, kv)
        mn = tl.maximum(mi, tl.max(s, 1)); p = tl.exp(s - mn[:, None])
        al = tl.exp(mi - mn); li = li * al + tl.sum(p, 1); acc = acc * al[:, None]
        vv = tl.load(v + rn[:, None] * D + rd[None, :])
        acc = tl.dot(p.to(tl.float16), vv, acc); mi = mn
    for start in range(pid * BM, (pid + 1) * BM, BN):
        rn = start + tl.arange(0, BN)
        kv = tl.load(k + rn[None, :] * D + rd[:, None])
        s = tl.dot(qv, kv)
        s = tl.where(rm[:, None] >= rn[None, :], s, -float("inf"))
        mn = tl.maximum(mi, tl.max(s, 1)); p = tl.exp(s - mn[:, None])
        al = tl.exp(mi - mn); li = li * al + tl.sum(p, 1); acc = acc * al[:, None]
        vv = tl.load(v + rn[:, None] * D + rd[None, :])
        acc = tl.dot(p.to(tl.float16), vv, acc); mi = mn
    tl.store(o + rm[:, None] * D + rd[None, :], (acc / li[:, None]).to(tl.float16))

@triton.jit
def rmsnorm_bwd_partial(x, dy, w, dx, dw, stride, N, BLOCK: tl.constexpr):
    row = tl.program_id(0); cols = tl.arange(0, BLOCK); m = cols < N
    xv = tl.load(x + row * stride + cols, mask=m, other=0.).to(tl.float32)
    g = tl.load(dy + row * stride + cols, mask=m, other=0.).to(tl.float32)
    wv = tl.load(w + cols, mask=m).to(tl.float32)
    r = 1 / tl.sqrt(tl.sum(xv * xv, 0) / N + 1e-6)
    c = tl.sum(xv * g * wv, 0) / N
    tl.store(dx + row * stride + cols, (g * wv - xv * r * r * c) * r, mask=m)
    tl.atomic_add(dw + cols, g * xv * r, mask=m)

compile = compiler(OUT)

for arch in (80, 90, 100):
    for ws in (False, True):
        compile(mm_tma, {"a_ptr": "*fp16", "b_ptr": "*fp16", "c_ptr": "*fp16", "M": "i32", "N": "i32", "K": "i32", "BM": "constexpr", "BN": "constexpr", "BK": "constexpr", "NUM_SMS": "constexpr", "WS": "constexpr"}, {"BM": 128, "BN": 128, "BK": 64, "NUM_SMS": 132, "WS": ws}, f"mm_tma_ws{int(ws)}", arch, num_stages=3, num_warps=4)
    if arch >= 90:
        compile(mm_fp8, {"a": "*fp8e4nv", "b": "*fp8e4nv", "c": "*fp16", "M": "i32", "N": "i32", "K": "i32", "BM": "constexpr", "BN": "constexpr", "BK": "constexpr"}, {"BM": 128, "BN": 128, "BK": 64}, "mm_fp8", arch, num_stages=3, num_warps=8)
    compile(mm_splitk, {"a": "*fp16", "b": "*fp16", "c": "*fp32", "M": "i32", "N": "i32", "K": "i32", "BM": "constexpr", "BN": "constexpr", "BK": "constexpr", "SPLIT": "constexpr"}, {"BM": 64, "BN": 64, "BK": 32, "SPLIT": 4}, "mm_splitk", arch, num_stages=3, num_warps=4)
    compile(attn_causal, {"q": "*fp16", "k": "*fp16", "v": "*fp16", "o": "*fp16", "N": "i32", "D": "constexpr", "BM": "constexpr", "BN": "constexpr"}, {"D": 64, "BM": 128, "BN": 64}, "attn_causal", arch, num_stages=2, num_warps=8)
    compile(rmsnorm_bwd_partial, {"x": "*fp16", "dy": "*fp16", "w": "*fp16", "dx": "*fp16", "dw": "*fp32", "stride": "i32", "N": "i32", "BLOCK": "constexpr"}, {"BLOCK": 2048}, "rmsnorm_bwd", arch, num_warps=8)
