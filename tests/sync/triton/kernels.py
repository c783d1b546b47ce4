"""Triton kernels of the kinds the synchronisation rules meet, compiled to PTX without a GPU.

Parents for `cargo xtask sync-mutants` that no rule was written against: GEMMs at several
tile shapes and pipeline depths (cp.async on sm_80/86, wgmma on sm_90, tcgen05 and mbarriers on
sm_100), an attention forward pass, a layer norm, an online softmax, a transpose, a scan, a
sort and a histogram (the last five exchange data through shared memory).

    python tests/sync/triton/kernels.py OUT_DIR      # needs `pip install triton`; no GPU
    cargo xtask sync-mutants OUT_DIR

A kernel Triton cannot compile for a target is reported as FAIL and skipped.
"""
import pathlib
import sys

import triton, triton.language as tl
from compile_ptx import compiler

OUT = pathlib.Path(sys.argv[1]); OUT.mkdir(parents=True, exist_ok=True)

@triton.jit
def matmul(a, b, c, M, N, K, sam, sak, sbk, sbn, scm, scn,
           BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr, GROUP: tl.constexpr):
    pid = tl.program_id(0)
    npm = tl.cdiv(M, BM); npn = tl.cdiv(N, BN)
    g = pid // (GROUP * npn); first = g * GROUP; gs = min(npm - first, GROUP)
    pm = first + (pid % gs); pn = (pid % (GROUP * npn)) // gs
    rm = pm * BM + tl.arange(0, BM); rn = pn * BN + tl.arange(0, BN); rk = tl.arange(0, BK)
    ap = a + rm[:, None] * sam + rk[None, :] * sak
    bp = b + rk[:, None] * sbk + rn[None, :] * sbn
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        x = tl.load(ap, mask=rk[None, :] < K - k * BK, other=0.0)
        y = tl.load(bp, mask=rk[:, None] < K - k * BK, other=0.0)
        acc = tl.dot(x, y, acc)
        ap += BK * sak; bp += BK * sbk
    cp = c + rm[:, None] * scm + rn[None, :] * scn
    tl.store(cp, acc.to(c.dtype.element_ty), mask=(rm[:, None] < M) & (rn[None, :] < N))

@triton.jit
def layernorm(x, y, w, b, stride, N, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK); m = cols < N
    v = tl.load(x + row * stride + cols, mask=m, other=0.).to(tl.float32)
    mean = tl.sum(v, axis=0) / N
    d = tl.where(m, v - mean, 0.)
    var = tl.sum(d * d, axis=0) / N
    r = 1 / tl.sqrt(var + eps)
    out = d * r * tl.load(w + cols, mask=m) + tl.load(b + cols, mask=m)
    tl.store(y + row * stride + cols, out, mask=m)

@triton.jit
def attention(q, k, v, o, sqm, skn, svn, som, N, D: tl.constexpr, BM: tl.constexpr, BN: tl.constexpr):
    pid = tl.program_id(0)
    rm = pid * BM + tl.arange(0, BM); rd = tl.arange(0, D)
    qv = tl.load(q + rm[:, None] * sqm + rd[None, :])
    mi = tl.full((BM,), -float("inf"), tl.float32); li = tl.zeros((BM,), tl.float32)
    acc = tl.zeros((BM, D), tl.float32)
    for start in range(0, N, BN):
        rn = start + tl.arange(0, BN)
        kv = tl.load(k + rn[None, :] * skn + rd[:, None])
        s = tl.dot(qv, kv)
        mn = tl.maximum(mi, tl.max(s, 1))
        p = tl.exp(s - mn[:, None])
        alpha = tl.exp(mi - mn)
        li = li * alpha + tl.sum(p, 1)
        acc = acc * alpha[:, None]
        vv = tl.load(v + rn[:, None] * svn + rd[None, :])
        acc = tl.dot(p.to(vv.dtype), vv, acc)
        mi = mn
    tl.store(o + rm[:, None] * som + rd[None, :], (acc / li[:, None]).to(o.dtype.element_ty))

@triton.jit
def transpose(x, y, M, N, BM: tl.constexpr, BN: tl.constexpr):
    pm = tl.program_id(0); pn = tl.program_id(1)
    rm = pm * BM + tl.arange(0, BM); rn = pn * BN + tl.arange(0, BN)
    t = tl.load(x + rm[:, None] * N + rn[None, :], mask=(rm[:, None] < M) & (rn[None, :] < N))
    tl.store(y + rn[:, None] * M + rm[None, :], tl.trans(t), mask=(rn[:, None] < N) & (rm[None, :] < M))

@triton.jit
def cumsum(x, y, N, BLOCK: tl.constexpr):
    row = tl.program_id(0); c = tl.arange(0, BLOCK)
    v = tl.load(x + row * N + c, mask=c < N, other=0.)
    tl.store(y + row * N + c, tl.cumsum(v, 0), mask=c < N)

@triton.jit
def sort_rows(x, y, BLOCK: tl.constexpr):
    row = tl.program_id(0); c = tl.arange(0, BLOCK)
    v = tl.load(x + row * BLOCK + c)
    tl.store(y + row * BLOCK + c, tl.sort(v))

@triton.jit
def hist(x, h, N, BINS: tl.constexpr, BLOCK: tl.constexpr):
    pid = tl.program_id(0); c = pid * BLOCK + tl.arange(0, BLOCK)
    v = tl.load(x + c, mask=c < N, other=0)
    tl.atomic_add(h + tl.arange(0, BINS), tl.histogram(v, BINS))

@triton.jit
def softmax_online(x, y, stride, N, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    m = tl.full((BLOCK,), -float("inf"), tl.float32); s = tl.zeros((BLOCK,), tl.float32)
    for start in range(0, N, BLOCK):
        c = start + tl.arange(0, BLOCK)
        v = tl.load(x + row * stride + c, mask=c < N, other=-float("inf"))
        mn = tl.maximum(m, v)
        s = s * tl.exp(m - mn) + tl.exp(v - mn)
        m = mn
    gm = tl.max(m, 0); gs = tl.sum(s * tl.exp(m - gm), 0)
    for start in range(0, N, BLOCK):
        c = start + tl.arange(0, BLOCK)
        v = tl.load(x + row * stride + c, mask=c < N, other=-float("inf"))
        tl.store(y + row * stride + c, tl.exp(v - gm) / gs, mask=c < N)

compile = compiler(OUT)

mm_sig = {"a": "*fp16", "b": "*fp16", "c": "*fp16", "M": "i32", "N": "i32", "K": "i32",
          "sam": "i32", "sak": "i32", "sbk": "i32", "sbn": "i32", "scm": "i32", "scn": "i32",
          "BM": "constexpr", "BN": "constexpr", "BK": "constexpr", "GROUP": "constexpr"}
for arch in (80, 86, 90, 100):
    for (bm, bn, bk, st, w) in [(128, 128, 32, 3, 4), (64, 64, 64, 4, 4), (128, 64, 32, 2, 8), (64, 128, 32, 5, 4)]:
        compile(matmul, mm_sig, {"BM": bm, "BN": bn, "BK": bk, "GROUP": 8}, f"mm_{bm}x{bn}x{bk}_s{st}_w{w}", arch, num_stages=st, num_warps=w)
    compile(matmul, {**mm_sig, "a": "*fp32", "b": "*fp32", "c": "*fp32"}, {"BM": 64, "BN": 64, "BK": 16, "GROUP": 8}, "mm_f32_s3", arch, num_stages=3, num_warps=4)
    compile(layernorm, {"x": "*fp32", "y": "*fp32", "w": "*fp32", "b": "*fp32", "stride": "i32", "N": "i32", "eps": "fp32", "BLOCK": "constexpr"}, {"BLOCK": 1024}, "layernorm", arch, num_warps=8)
    compile(attention, {"q": "*fp16", "k": "*fp16", "v": "*fp16", "o": "*fp16", "sqm": "i32", "skn": "i32", "svn": "i32", "som": "i32", "N": "i32", "D": "constexpr", "BM": "constexpr", "BN": "constexpr"}, {"D": 64, "BM": 64, "BN": 64}, "attention", arch, num_stages=2, num_warps=4)
    compile(transpose, {"x": "*fp32", "y": "*fp32", "M": "i32", "N": "i32", "BM": "constexpr", "BN": "constexpr"}, {"BM": 64, "BN": 64}, "transpose", arch, num_warps=4)
    compile(cumsum, {"x": "*fp32", "y": "*fp32", "N": "i32", "BLOCK": "constexpr"}, {"BLOCK": 1024}, "cumsum", arch, num_warps=8)
    compile(sort_rows, {"x": "*fp32", "y": "*fp32", "BLOCK": "constexpr"}, {"BLOCK": 256}, "sort", arch, num_warps=4)
    compile(hist, {"x": "*i32", "h": "*i32", "N": "i32", "BINS": "constexpr", "BLOCK": "constexpr"}, {"BINS": 64, "BLOCK": 1024}, "hist", arch, num_warps=4)
    compile(softmax_online, {"x": "*fp32", "y": "*fp32", "stride": "i32", "N": "i32", "BLOCK": "constexpr"}, {"BLOCK": 512}, "softmax_online", arch, num_warps=4)
