// cp.async.bulk.tensor: asynchronous copy of a tensor tile between global and shared memory
// (§9.7.9.27.1.2), cp.reduce.async.bulk.tensor: asynchronous reduction of a shared-memory tile
// into a global tensor (§9.7.9.27.1.3), cp.async.bulk.prefetch.tensor: prefetch of a tensor tile
// into L2 (§9.7.9.27.1.4).
//
// Operands: tensorMap is the generic address (register or .param/.const/.global name) of a
// tensor map; tensorCoords a braced vector of .s32 coordinates, one per dimension (five for
// .tile::gather4/.tile::scatter4: a column and four rows); im2colInfo a braced vector of 16-bit
// offsets (.im2col: two fewer than the dimensions; .im2col::w/::w::128: wHalo and wOffset).

@summary Starts copying a tensor tile from global memory to the executing CTA's shared memory; the mbarrier tracks completion.
@effects read write async

dstMem, srcMem : addr eg [%rd8];   // ptxas also takes the shared-memory addresses without brackets
mbar           : addr eg [%rd9];
tensorMap      : reg|sym .b64;
tensorCoords   : reg|imm .b32 x(.dim: .1d = 1, .2d = 2, .3d = 3, .4d = 4, .5d = 5);
cache-policy   : reg .b64 if .level::cache_hint;
ctaMask        : reg|imm (.multicast: .multicast::cluster = .b16, .multicast::cluster::32b = .b32) if .multicast;

.dim = { .1d, .2d, .3d, .4d, .5d };
.completion_mechanism = { .mbarrier::complete_tx::bytes };
.cta_group = { .cta_group::1, .cta_group::2 };
.level::cache_hint = { .L2::cache_hint };
.multicast = { .multicast::cluster, .multicast::cluster::32b };

@section 9.7.9.27.1.2
cp.async.bulk.tensor.dim.shared::cta.global{.load_mode}.completion_mechanism{.cta_group}{.level::cache_hint}  dstMem, [tensorMap, tensorCoords], mbar{, cache-policy};
memory write dstMem space first least-bytes 16 proxy async async mbarrier mbar source §9.7.9.27.1.2 and §5.5.3.1 (a bounding box is a multiple of 16 bytes, from the address on): a weak copy in the async proxy (§9.7.9.25.2 L69), complete-tx on mbar when done;
memory read tensorMap space .global proxy async async mbarrier mbar source §9.7.9.27.1.2: a weak copy in the async proxy (§9.7.9.25.2 L69);
.load_mode = { .tile };
---
@summary Starts copying a tensor tile from global memory to shared memory of CTAs in the cluster (multicast: several); the mbarrier tracks completion.
cp.async.bulk.tensor.dim.shared::cluster.global{.load_mode}.completion_mechanism{.multicast}{.cta_group}{.level::cache_hint}  dstMem, [tensorMap, tensorCoords], mbar{, ctaMask}{, cache-policy};
memory write dstMem space first least-bytes 16 proxy async async mbarrier mbar source §9.7.9.27.1.2 and §5.5.3.1 (a bounding box is a multiple of 16 bytes, from the address on): a weak copy in the async proxy (§9.7.9.25.2 L69), complete-tx on mbar when done;
memory read tensorMap space .global proxy async async mbarrier mbar source §9.7.9.27.1.2: a weak copy in the async proxy (§9.7.9.25.2 L69);
.load_mode = { .tile };
---
@summary Starts gathering four rows of a 2-D tensor from global memory into shared memory; the mbarrier tracks completion.
cp.async.bulk.tensor.dim.shared::cta.global.load_mode.completion_mechanism{.cta_group}{.level::cache_hint}  dstMem, [tensorMap, tensorCoords], mbar{, cache-policy};
cp.async.bulk.tensor.dim.shared::cluster.global.load_mode.completion_mechanism{.multicast}{.cta_group}{.level::cache_hint}  dstMem, [tensorMap, tensorCoords], mbar{, ctaMask}{, cache-policy};
memory write dstMem space first least-bytes 16 proxy async async mbarrier mbar source §9.7.9.27.1.2 and §5.5.3.1 (a bounding box is a multiple of 16 bytes, from the address on): a weak copy in the async proxy (§9.7.9.25.2 L69), complete-tx on mbar when done;
memory read tensorMap space .global proxy async async mbarrier mbar source §9.7.9.27.1.2: a weak copy in the async proxy (§9.7.9.25.2 L69);
.load_mode = { .tile::gather4 };
tensorCoords : reg|imm .b32 x5;
except !.2d because .tile::gather4 copies from a 2-D tensor;
---
@summary Starts copying a tensor region from global memory to shared memory as im2col columns; the mbarrier tracks completion.
cp.async.bulk.tensor.dim.shared::cta.global.load_mode.completion_mechanism{.cta_group}{.level::cache_hint}  dstMem, [tensorMap, tensorCoords], mbar, im2colInfo{, cache-policy};
cp.async.bulk.tensor.dim.shared::cluster.global.load_mode.completion_mechanism{.multicast}{.cta_group}{.level::cache_hint}  dstMem, [tensorMap, tensorCoords], mbar, im2colInfo{, ctaMask}{, cache-policy};
memory write dstMem space first least-bytes 16 proxy async async mbarrier mbar source §9.7.9.27.1.2 and §5.5.3.1 (a bounding box is a multiple of 16 bytes, from the address on): a weak copy in the async proxy (§9.7.9.25.2 L69), complete-tx on mbar when done;
memory read tensorMap space .global proxy async async mbarrier mbar source §9.7.9.27.1.2: a weak copy in the async proxy (§9.7.9.25.2 L69);
.load_mode = { .im2col };
im2colInfo : reg|imm .b16 x(.dim: .3d = 1, .4d = 2, .5d = 3);
except .1d|.2d because im2col modes need a tensor of at least 3 dimensions;
---
@summary Starts copying a tensor region from global memory to shared memory in im2col::w mode (wHalo, wOffset); the mbarrier tracks completion.
cp.async.bulk.tensor.dim.shared::cta.global.load_mode.completion_mechanism{.cta_group}{.level::cache_hint}  dstMem, [tensorMap, tensorCoords], mbar, im2colInfo{, cache-policy};
cp.async.bulk.tensor.dim.shared::cluster.global.load_mode.completion_mechanism{.multicast}{.cta_group}{.level::cache_hint}  dstMem, [tensorMap, tensorCoords], mbar, im2colInfo{, ctaMask}{, cache-policy};
memory write dstMem space first least-bytes 16 proxy async async mbarrier mbar source §9.7.9.27.1.2 and §5.5.3.1 (a bounding box is a multiple of 16 bytes, from the address on): a weak copy in the async proxy (§9.7.9.25.2 L69), complete-tx on mbar when done;
memory read tensorMap space .global proxy async async mbarrier mbar source §9.7.9.27.1.2: a weak copy in the async proxy (§9.7.9.25.2 L69);
.load_mode = { .im2col::w, .im2col::w::128 };
im2colInfo : reg|imm .b16 x2;
except .1d|.2d because im2col modes need a tensor of at least 3 dimensions;
---
@summary Starts copying a tensor tile from the executing CTA's shared memory to global memory; a bulk async-group tracks completion.
cp.async.bulk.tensor.dim.global.shared::cta{.load_mode}.bulk_group{.level::cache_hint}  [tensorMap, tensorCoords], srcMem{, cache-policy};
memory read srcMem space .shared::cta least-bytes 16 proxy async async bulk source §9.7.9.27.1.2 and §5.5.3.1 (a bounding box is a multiple of 16 bytes, from the address on): a weak copy in the async proxy (§9.7.9.25.2 L69), read at cp.async.bulk.wait_group.read;
memory write tensorMap space .global proxy async async bulk source §9.7.9.27.1.2: a weak copy in the async proxy (§9.7.9.25.2 L69);
.load_mode = { .tile, .im2col_no_offs };
except .im2col_no_offs .1d|.2d because im2col modes need a tensor of at least 3 dimensions;
---
@summary Starts scattering a shared-memory tile into four rows of a 2-D global tensor; a bulk async-group tracks completion.
cp.async.bulk.tensor.dim.global.shared::cta.load_mode.bulk_group{.level::cache_hint}  [tensorMap, tensorCoords], srcMem{, cache-policy};
memory read srcMem space .shared::cta least-bytes 16 proxy async async bulk source §9.7.9.27.1.2 and §5.5.3.1 (a bounding box is a multiple of 16 bytes, from the address on): a weak copy in the async proxy (§9.7.9.25.2 L69), read at cp.async.bulk.wait_group.read;
memory write tensorMap space .global proxy async async bulk source §9.7.9.27.1.2: a weak copy in the async proxy (§9.7.9.25.2 L69);
.load_mode = { .tile::scatter4 };
tensorCoords : reg|imm .b32 x5;
except !.2d because .tile::scatter4 writes to a 2-D tensor;
---
@section 9.7.9.27.1.3
@summary Starts reducing a shared-memory tile into a global tensor; a bulk async-group tracks completion.
cp.reduce.async.bulk.tensor.dim.global.shared::cta.redOp{.load_mode}.bulk_group{.level::cache_hint}  [tensorMap, tensorCoords], srcMem{, cache-policy};
memory read srcMem space .shared::cta least-bytes 16 proxy async async bulk source §9.7.9.27.1.3 and §5.5.3.1 (a bounding box is a multiple of 16 bytes): read at cp.async.bulk.wait_group.read;
memory modify tensorMap space .global atomic order relaxed scope gpu proxy async async bulk source §9.7.9.27.1.3;
.redOp = { .add, .min, .max, .inc, .dec, .and, .or, .xor };
.load_mode = { .tile, .im2col_no_offs };
except .im2col_no_offs .1d|.2d because im2col modes need a tensor of at least 3 dimensions;
---
@section 9.7.9.27.1.4
@summary Prefetches a tensor tile from global memory into L2, asynchronously.
@effects read async
cp.async.bulk.prefetch.tensor.dim.L2.global{.load_mode}{.level::cache_hint}  [tensorMap, tensorCoords]{, cache-policy};
.load_mode = { .tile };
---
@summary Prefetches four rows of a 2-D tensor into L2, asynchronously.
@effects read async
cp.async.bulk.prefetch.tensor.dim.L2.global.load_mode{.level::cache_hint}  [tensorMap, tensorCoords]{, cache-policy};
.load_mode = { .tile::gather4 };
tensorCoords : reg|imm .b32 x5;
except !.2d because .tile::gather4 reads a 2-D tensor;
---
@summary Prefetches a tensor region into L2 in an im2col mode, asynchronously.
@effects read async
cp.async.bulk.prefetch.tensor.dim.L2.global.load_mode{.level::cache_hint}  [tensorMap, tensorCoords], im2colInfo{, cache-policy};
.load_mode = { .im2col };
im2colInfo : reg|imm .b16 x(.dim: .3d = 1, .4d = 2, .5d = 3);
except .1d|.2d because im2col modes need a tensor of at least 3 dimensions;
---
@summary Prefetches a tensor region into L2 in im2col::w mode (wHalo, wOffset), asynchronously.
@effects read async
cp.async.bulk.prefetch.tensor.dim.L2.global.load_mode{.level::cache_hint}  [tensorMap, tensorCoords], im2colInfo{, cache-policy};
.load_mode = { .im2col::w, .im2col::w::128 };
im2colInfo : reg|imm .b16 x2;
except .1d|.2d because im2col modes need a tensor of at least 3 dimensions;

// ------------------------------------------------------------------ versions and targets

require cp.async.bulk.tensor
  ptx 8.0; target sm_90
  ptxas "Feature 'cp.async.bulk.tensor'"
  probe "cp.async.bulk.tensor.1d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [sbuf], [%rd1, {%r1}], [sbuf+1024]"
  source §9.7.9.27 L306/L318
require cp.async.bulk.tensor .tile::gather4|.im2col::w .shared::cluster
  ptx 8.6; target sm_100a, sm_101a, sm_100f@8.8, sm_101f@8.8
  ptxas "Feature '.tile::gather4'" "Feature '.tile::gather4 with destination state space as .shared::cluster'"
  probe "cp.async.bulk.tensor.2d.shared::cluster.global.tile::gather4.mbarrier::complete_tx::bytes [sbuf], [%rd1, {%r1, %r2, %r3, %r4, %r5}], [sbuf+1024]"
  source §9.7.9.27 L310-314/L322-371; T72 (the row held .tile::scatter4 and .im2col::w::128 too, and every destination: ptxas takes .tile::gather4/.im2col::w with a .shared::cta destination on sm_100)
require cp.async.bulk.tensor .tile::gather4 .shared::cta
  ptx 8.6; target sm_100
  ptxas "Feature '.tile::gather4'" "Feature '.tile::gather4 with destination state space as .shared::cta'"
  probe "cp.async.bulk.tensor.2d.shared::cta.global.tile::gather4.mbarrier::complete_tx::bytes [sbuf], [%rd1, {%r1, %r2, %r3, %r4, %r5}], [sbuf+1024]"
  source §9.7.9.27 (Target ISA notes: sm_100 when the destination is .shared::cta); ptxas
require cp.async.bulk.tensor .im2col::w .shared::cta
  ptx 8.6; target sm_100
  ptxas "Feature '.im2col::w'" "Feature '.im2col::w with destination state space as .shared::cta'"
  probe "cp.async.bulk.tensor.3d.shared::cta.global.im2col::w.mbarrier::complete_tx::bytes [sbuf], [%rd1, {%r1, %r2, %r3}], [sbuf+1024], {%h1, %h2}"
  source §9.7.9.27 (Target ISA notes: sm_100 when the destination is .shared::cta); ptxas
require cp.async.bulk.tensor .tile::scatter4
  ptx 8.6; target sm_100a, sm_101a, sm_100f@8.8, sm_101f@8.8
  ptxas "Feature '.tile::scatter4'"
  probe "cp.async.bulk.tensor.2d.global.shared::cta.tile::scatter4.bulk_group [%rd1, {%r1, %r2, %r3, %r4, %r5}], [sbuf]"
  source §9.7.9.27 (Target ISA notes: .tile::scatter4); T72; ptxas
require cp.async.bulk.tensor .im2col::w::128
  ptx 8.6; target sm_100a, sm_101a, sm_100f@8.8, sm_101f@8.8
  ptxas "Feature '.im2col::w::128'"
  probe "cp.async.bulk.tensor.3d.shared::cta.global.im2col::w::128.mbarrier::complete_tx::bytes [sbuf], [%rd1, {%r1, %r2, %r3}], [sbuf+1024], {%h1, %h2}"
  source §9.7.9.27 (Target ISA notes: .im2col::w::128); T72; ptxas
require cp.async.bulk.tensor .cta_group::1
  ptx 8.6; target sm_100a, sm_101a, sm_100f@8.8, sm_101f@8.8
  ptxas "Feature '.cta_group::1'"
  probe "cp.async.bulk.tensor.1d.shared::cta.global.mbarrier::complete_tx::bytes.cta_group::1 [sbuf], [%rd1, {%r1}], [sbuf+1024]"
  source §9.7.9.27 (Target ISA notes: .cta_group); T72; ptxas
require cp.async.bulk.tensor .cta_group::2
  ptx 8.6; target sm_100a, sm_101a, sm_100f@8.8, sm_101f@8.8
  ptxas "Feature '.cta_group::2'"
  probe "cp.async.bulk.tensor.1d.shared::cta.global.mbarrier::complete_tx::bytes.cta_group::2 [sbuf], [%rd1, {%r1}], [sbuf+1024]"
  source §9.7.9.27 (Target ISA notes: .cta_group); T72; ptxas
require cp.async.bulk.prefetch.tensor .tile::gather4
  ptx 8.6; target sm_100a, sm_101a, sm_100f@8.8, sm_101f@8.8
  ptxas "Feature '.tile::gather4'" "Feature '.tile::gather4 with cp.async.bulk.prefetch.tensor'"
  probe "cp.async.bulk.prefetch.tensor.2d.L2.global.tile::gather4 [%rd1, {%r1, %r2, %r3, %r4, %r5}]"
  source §9.7.9.27.1.4 (Target ISA notes); T72; ptxas
require cp.async.bulk.prefetch.tensor .im2col::w
  ptx 8.6; target sm_100a, sm_101a, sm_100f@8.8, sm_101f@8.8
  ptxas "Feature '.im2col::w'" "Feature '.im2col::w with cp.async.bulk.prefetch.tensor'"
  probe "cp.async.bulk.prefetch.tensor.3d.L2.global.im2col::w [%rd1, {%r1, %r2, %r3}], {%h1, %h2}"
  source §9.7.9.27.1.4 (Target ISA notes); T72; ptxas
require cp.reduce.async.bulk.tensor
  ptx 8.0; target sm_90
  ptxas "Feature 'cp.reduce.async.bulk.tensor'"
  probe "cp.reduce.async.bulk.tensor.1d.global.shared::cta.add.tile.bulk_group [%rd1, {%r1}], [sbuf]"
  source §9.7.9.27 L465/L469
require cp.async.bulk.prefetch.tensor
  ptx 8.0; target sm_90
  ptxas "Feature 'cp.async.bulk.prefetch.tensor'"
  probe "cp.async.bulk.prefetch.tensor.1d.L2.global.tile [%rd1, {%r1}]"
  source §9.7.9.27 L538/L546
require cp.async.bulk.tensor .shared::cta .mbarrier::complete_tx::bytes
  ptx 8.6; target sm_90
  ptxas "Feature 'cp.async.bulk.tensor with destination state space as .shared::cta'" ""
  probe "cp.async.bulk.tensor.1d.shared::cta.global.tile.mbarrier::complete_tx::bytes [sbuf], [%rd1, {%r1}], [sbuf+1024]"
  source §9.7.9.27 L308/L322-326
require cp.async.bulk.prefetch.tensor .im2col::w::128
  ptx 8.6; target sm_100a, sm_101a, sm_100f@8.8, sm_101f@8.8
  ptxas "Feature '.im2col::w::128'"
  probe "cp.async.bulk.prefetch.tensor.3d.L2.global.im2col::w::128 [%rd1, {%r1, %r2, %r3}], {%h1, %h2}"
  source §9.7.9.27.1.4 (Target ISA notes); T72; ptxas
require cp.async.bulk.tensor .multicast::cluster::32b
  ptx 9.4; target sm_107a, sm_107f
  ptxas "Feature 'cp.async.bulk.tensor.multicast::cluster::32b'"
  probe "cp.async.bulk.tensor.1d.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster::32b [sbuf], [%rd1, {%r1}], [sbuf+1024], %r2"
  source T72 (.multicast::cluster::32b in 9.4 on sm_107f); ptxas 13.5

@ptxas-names cp.async.bulk.prefetch.tensor cp.async.bulk.tensor cp.reduce.async.bulk.tensor source spec/ptxas-parser-notes.txt, the instruction table builder's opcode lists
