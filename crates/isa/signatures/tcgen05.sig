// tcgen05: the 5th-generation TensorCore instructions (§9.7.16): Tensor Memory allocation
// (§9.7.16.7), loads and stores between registers and Tensor Memory (§9.7.16.8), copies and shifts
// (§9.7.16.9), the matrix multiply-accumulate tcgen05.mma with its .sp, .ws and block-scale forms
// (§9.7.16.10), fences (§9.7.16.11) and commit (§9.7.16.12). PTX 9.4 additions for sm_107 (no manual
// section yet): .exclusive alloc, tcgen05.ld.red.spcompress, .kind::ti16, .collector::b::*,
// .decompress::lut::b and commit .multicast::cluster::32b, written from ptxas 13.5 probes.

@effects async

// A Tensor Memory address: a 32-bit register, maybe plus a constant ([%r1+16]); ptxas rejects a
// variable ("Argument 1 of instruction 'add': must be register") and a constant.
taddr, d-tmem, a-tmem, sp-meta-tmem, scale-A-tmem, scale-B-tmem, lut-tmem : reg .b32;

// The operands of tcgen05.mma (every form of §9.7.16.10.9); ptxas takes constants for all but the
// vector disable-output-lane.
a-desc, b-desc : reg|imm .b64;
idesc : reg|imm .b32;
enable-input-d : pred|imm .pred;
scale-input-d : imm .u32 range 0..15 eg 1;
disable-output-lane : reg .b32 x(.cta_group: .cta_group::1 = 4, .cta_group::2 = 8);
zero-column-mask-desc : reg .b64;

@section 9.7.16.7
@summary Allocates Tensor Memory columns and writes their address to shared memory.
@effects write sync
nCols : reg|imm .u32 eg 32;
tcgen05.alloc.cta_group{.exclusive}.sync.aligned{.shared::cta}.b32  [dst], nCols;
memory write dst space .shared::cta bytes 4 source §9.7.16.7: writes the allocated Tensor Memory address to shared memory;
sync collective aligned source §9.7.16.7: .sync.aligned: every thread of the warp executes it;
.cta_group = { .cta_group::1, .cta_group::2 };
---
@summary Frees Tensor Memory columns a tcgen05.alloc allocated.
@effects sync
taddr : reg|imm .b32;
nCols : reg|imm .u32 eg 32;
tcgen05.dealloc.cta_group.sync.aligned.b32  taddr, nCols;
sync collective aligned source §9.7.16.7: .sync.aligned;
sync tensor-free source §9.7.16.7: frees the columns; §9.7.16.5 (Table 47) has every warp done with them, through a barrier, before;
.cta_group = { .cta_group::1, .cta_group::2 };
---
@summary Gives up the CTA's right to allocate Tensor Memory.
@effects sync
tcgen05.relinquish_alloc_permit.cta_group.sync.aligned;
sync collective aligned source §9.7.16.7: .sync.aligned;
.cta_group = { .cta_group::1, .cta_group::2 };
---
@section 9.7.16.8.3
@summary Loads Tensor Memory into registers, collectively across the warp.
@effects read sync async
// The vector r holds .num (x1..x128) registers for .16x64b, .32x32b and .16x32bx2 (Table 49).
r : out reg .b32 x.num async tcgen05.ld;
tcgen05.ld.sync.aligned.shape.num{.pack::16b}.b32  r, [taddr];
memory read taddr space tensor async tcgen05.ld source §9.7.16.8.3: complete at tcgen05.wait::ld;
sync collective aligned source §9.7.16.8.3: .sync.aligned;
.shape = { .16x64b, .32x32b };
.num = { .x1, .x2, .x4, .x8, .x16, .x32, .x64, .x128 };
---
r : out reg .b32 x(.num: .x1 = 2, .x2 = 4, .x4 = 8, .x8 = 16, .x16 = 32, .x32 = 64, .x64 = 128) async tcgen05.ld;
tcgen05.ld.sync.aligned.16x128b.num{.pack::16b}.b32  r, [taddr];
memory read taddr space tensor async tcgen05.ld source §9.7.16.8.3: complete at tcgen05.wait::ld;
sync collective aligned source §9.7.16.8.3: .sync.aligned;
.num = { .x1, .x2, .x4, .x8, .x16, .x32, .x64 };
---
r : out reg .b32 x(.num: .x1 = 4, .x2 = 8, .x4 = 16, .x8 = 32, .x16 = 64, .x32 = 128) async tcgen05.ld;
tcgen05.ld.sync.aligned.16x256b.num{.pack::16b}.b32  r, [taddr];
memory read taddr space tensor async tcgen05.ld source §9.7.16.8.3: complete at tcgen05.wait::ld;
sync collective aligned source §9.7.16.8.3: .sync.aligned;
.num = { .x1, .x2, .x4, .x8, .x16, .x32 };
---
r : out reg .b32 x.num async tcgen05.ld;
immHalfSplitoff : imm .u32 eg 16;
tcgen05.ld.sync.aligned.16x32bx2.num{.pack::16b}.b32  r, [taddr], immHalfSplitoff;
memory read taddr space tensor async tcgen05.ld source §9.7.16.8.3: complete at tcgen05.wait::ld;
sync collective aligned source §9.7.16.8.3: .sync.aligned;
.num = { .x1, .x2, .x4, .x8, .x16, .x32, .x64, .x128 };
---
// Load with a reduction across the loaded columns (PTX 8.8): .num at least .x2.
r : out reg .type x.num async tcgen05.ld;
redval : out reg .type async tcgen05.ld;
immHalfSplitoff : imm .u32 eg 16;
tcgen05.ld.red.sync.aligned.32x32b.num.redOp{.abs}{.NaN}.type  r, redval, [taddr];
tcgen05.ld.red.sync.aligned.16x32bx2.num.redOp{.abs}{.NaN}.type  r, redval, [taddr], immHalfSplitoff;
memory read taddr space tensor async tcgen05.ld source §9.7.16.8.3: complete at tcgen05.wait::ld;
sync collective aligned source §9.7.16.8.3: .sync.aligned;
.num = { .x2, .x4, .x8, .x16, .x32, .x64, .x128 };
.redOp = { .min, .max };
.type = { .f32 };
---
r : out reg .type x.num async tcgen05.ld;
redval : out reg .type async tcgen05.ld;
immHalfSplitoff : imm .u32 eg 16;
tcgen05.ld.red.sync.aligned.32x32b.num.redOp.type  r, redval, [taddr];
tcgen05.ld.red.sync.aligned.16x32bx2.num.redOp.type  r, redval, [taddr], immHalfSplitoff;
memory read taddr space tensor async tcgen05.ld source §9.7.16.8.3: complete at tcgen05.wait::ld;
sync collective aligned source §9.7.16.8.3: .sync.aligned;
.num = { .x2, .x4, .x8, .x16, .x32, .x64, .x128 };
.redOp = { .min, .max };
.type = { .u32, .s32 };
---
// 9.4, sm_107a (ptxas 13.5): a 2:4-sparse load with reduction; meta holds one register per 32
// columns (at least one), r holds .num / 2 registers ("Modifier .x2 not allowed ... with shape '.32x32b'"; no .16x32bx2 form).
meta : out reg .b32 x(.num: .x4 = 1, .x8 = 1, .x16 = 1, .x32 = 1, .x64 = 2, .x128 = 4) async tcgen05.ld;
r : out reg .b32 x(.num: .x4 = 2, .x8 = 4, .x16 = 8, .x32 = 16, .x64 = 32, .x128 = 64) async tcgen05.ld;
redval : out reg .f32 async tcgen05.ld;
tcgen05.ld.red.spcompress.sync.aligned.32x32b.num.redOp.sp::2:4{.abs}{.NaN}.f32.b2  meta, r, redval, [taddr];
memory read taddr space tensor async tcgen05.ld source §9.7.16.8.3: complete at tcgen05.wait::ld;
sync collective aligned source §9.7.16.8.3: .sync.aligned;
.num = { .x4, .x8, .x16, .x32, .x64, .x128 };
.redOp = { .min, .max };
---
@section 9.7.16.8.4
@summary Stores registers into Tensor Memory, collectively across the warp.
@effects write sync async
r : reg .b32 x.num;
tcgen05.st.sync.aligned.shape.num{.unpack::16b}.b32  [taddr], r;
memory write taddr space tensor async tcgen05.st source §9.7.16.8.4: complete at tcgen05.wait::st;
sync collective aligned source §9.7.16.8.4: .sync.aligned;
.shape = { .16x64b, .32x32b };
.num = { .x1, .x2, .x4, .x8, .x16, .x32, .x64, .x128 };
---
r : reg .b32 x(.num: .x1 = 2, .x2 = 4, .x4 = 8, .x8 = 16, .x16 = 32, .x32 = 64, .x64 = 128);
tcgen05.st.sync.aligned.16x128b.num{.unpack::16b}.b32  [taddr], r;
memory write taddr space tensor async tcgen05.st source §9.7.16.8.4: complete at tcgen05.wait::st;
sync collective aligned source §9.7.16.8.4: .sync.aligned;
.num = { .x1, .x2, .x4, .x8, .x16, .x32, .x64 };
---
r : reg .b32 x(.num: .x1 = 4, .x2 = 8, .x4 = 16, .x8 = 32, .x16 = 64, .x32 = 128);
tcgen05.st.sync.aligned.16x256b.num{.unpack::16b}.b32  [taddr], r;
memory write taddr space tensor async tcgen05.st source §9.7.16.8.4: complete at tcgen05.wait::st;
sync collective aligned source §9.7.16.8.4: .sync.aligned;
.num = { .x1, .x2, .x4, .x8, .x16, .x32 };
---
r : reg .b32 x.num;
immHalfSplitoff : imm .u32 eg 16;
tcgen05.st.sync.aligned.16x32bx2.num{.unpack::16b}.b32  [taddr], immHalfSplitoff, r;
memory write taddr space tensor async tcgen05.st source §9.7.16.8.4: complete at tcgen05.wait::st;
sync collective aligned source §9.7.16.8.4: .sync.aligned;
.num = { .x1, .x2, .x4, .x8, .x16, .x32, .x64, .x128 };
---
@section 9.7.16.8.5
@summary Waits until the thread's prior tcgen05.ld or tcgen05.st operations complete.
@effects sync
tcgen05.wait_operation.sync.aligned;
.wait_operation = { .wait::ld };
sync wait tcgen05.ld source §9.7.16.8.5: until the thread's prior tcgen05.ld operations complete;
sync collective aligned source §9.7.16.8.5: .sync.aligned;
---
@summary Waits until the thread's prior tcgen05.st operations complete.
tcgen05.wait_operation.sync.aligned;
.wait_operation = { .wait::st };
sync wait tcgen05.st source §9.7.16.8.5: until the thread's prior tcgen05.st operations complete;
sync collective aligned source §9.7.16.8.5: .sync.aligned;
---
@section 9.7.16.9.2
@summary Copies a matrix from shared memory (a descriptor) into Tensor Memory, asynchronously.
@effects read write async
s-desc : reg|imm .b64;
tcgen05.cp.cta_group.shape  [taddr], s-desc;
tcgen05.cp.cta_group.shape.b8x16.src_fmt  [taddr], s-desc;
.cta_group = { .cta_group::1, .cta_group::2 };
.shape = { .128x256b, .4x256b, .128x128b };
.src_fmt = { .b6x16_p32, .b4x16_p64 };
---
// .64x128b requires .warpx2::02_13 or .warpx2::01_23; .32x128b requires .warpx4.
s-desc : reg|imm .b64;
tcgen05.cp.cta_group.64x128b.multicast  [taddr], s-desc;
tcgen05.cp.cta_group.64x128b.multicast.b8x16.src_fmt  [taddr], s-desc;
.cta_group = { .cta_group::1, .cta_group::2 };
.multicast = { .warpx2::02_13, .warpx2::01_23 };
.src_fmt = { .b6x16_p32, .b4x16_p64 };
---
s-desc : reg|imm .b64;
tcgen05.cp.cta_group.32x128b.warpx4  [taddr], s-desc;
tcgen05.cp.cta_group.32x128b.warpx4.b8x16.src_fmt  [taddr], s-desc;
.cta_group = { .cta_group::1, .cta_group::2 };
.src_fmt = { .b6x16_p32, .b4x16_p64 };
---
@section 9.7.16.9.3
@summary Shifts the rows of a Tensor Memory matrix down by one row, asynchronously.
@effects read write async
tcgen05.shift.cta_group.down  [taddr];
.cta_group = { .cta_group::1, .cta_group::2 };
---
@section 9.7.16.10.9.1
@summary Multiplies matrices A and B on the TensorCore and accumulates into D in Tensor Memory.
@effects read write async
// .kind::f16 and .kind::tf32 take scale-input-d. .ashift only with A in Tensor Memory.
tcgen05.mma.cta_group.kind{.collector_usage}  [d-tmem], a-desc, b-desc, idesc, enable-input-d{, scale-input-d};
tcgen05.mma.cta_group.kind{.collector_usage}  [d-tmem], a-desc, b-desc, idesc, disable-output-lane, enable-input-d{, scale-input-d};
tcgen05.mma.cta_group.kind{.ashift}{.collector_usage}  [d-tmem], [a-tmem], b-desc, idesc, enable-input-d{, scale-input-d};
tcgen05.mma.cta_group.kind{.ashift}{.collector_usage}  [d-tmem], [a-tmem], b-desc, idesc, disable-output-lane, enable-input-d{, scale-input-d};
memory read descriptor a-desc format tcgen05 space .shared::cta proxy async async tcgen05 source §9.7.16.6.5: tcgen05.mma reads the shared-memory matrix its descriptor names in the async proxy, complete when tcgen05.commit's mbarrier says so;
memory read descriptor b-desc format tcgen05 space .shared::cta proxy async async tcgen05 source §9.7.16.6.5: tcgen05.mma reads the shared-memory matrix its descriptor names in the async proxy, complete when tcgen05.commit's mbarrier says so;
memory write d-tmem space tensor async tcgen05 source §9.7.16.6.5: tcgen05.mma writes D in Tensor Memory asynchronously, complete when tcgen05.commit's mbarrier says so;
.cta_group = { .cta_group::1, .cta_group::2 };
.kind = { .kind::f16, .kind::tf32 };
.collector_usage = { .collector::a::fill, .collector::a::use, .collector::a::lastuse, .collector::a::discard };
except .ashift .collector::a::fill|.collector::a::use because .ashift cannot fill or use the collector buffer;
---
tcgen05.mma.cta_group.kind{.collector_usage}  [d-tmem], a-desc, b-desc, idesc, enable-input-d;
tcgen05.mma.cta_group.kind{.collector_usage}  [d-tmem], a-desc, b-desc, idesc, disable-output-lane, enable-input-d;
tcgen05.mma.cta_group.kind{.ashift}{.collector_usage}  [d-tmem], [a-tmem], b-desc, idesc, enable-input-d;
tcgen05.mma.cta_group.kind{.ashift}{.collector_usage}  [d-tmem], [a-tmem], b-desc, idesc, disable-output-lane, enable-input-d;
memory read descriptor a-desc format tcgen05 space .shared::cta proxy async async tcgen05 source §9.7.16.6.5: tcgen05.mma reads the shared-memory matrix its descriptor names in the async proxy, complete when tcgen05.commit's mbarrier says so;
memory read descriptor b-desc format tcgen05 space .shared::cta proxy async async tcgen05 source §9.7.16.6.5: tcgen05.mma reads the shared-memory matrix its descriptor names in the async proxy, complete when tcgen05.commit's mbarrier says so;
memory write d-tmem space tensor async tcgen05 source §9.7.16.6.5: tcgen05.mma writes D in Tensor Memory asynchronously, complete when tcgen05.commit's mbarrier says so;
.cta_group = { .cta_group::1, .cta_group::2 };
.kind = { .kind::f8f6f4, .kind::i8 };
.collector_usage = { .collector::a::fill, .collector::a::use, .collector::a::lastuse, .collector::a::discard };
except .ashift .collector::a::fill|.collector::a::use because .ashift cannot fill or use the collector buffer;
---
// Block scaling: scale_A and scale_B in Tensor Memory.
tcgen05.mma.cta_group.kind.block_scale{.scale_vectorsize}{.collector_usage}  [d-tmem], a-desc, b-desc, idesc, [scale-A-tmem], [scale-B-tmem], enable-input-d;
tcgen05.mma.cta_group.kind.block_scale{.scale_vectorsize}{.collector_usage}  [d-tmem], [a-tmem], b-desc, idesc, [scale-A-tmem], [scale-B-tmem], enable-input-d;
memory read descriptor a-desc format tcgen05 space .shared::cta proxy async async tcgen05 source §9.7.16.6.5: tcgen05.mma reads the shared-memory matrix its descriptor names in the async proxy, complete when tcgen05.commit's mbarrier says so;
memory read descriptor b-desc format tcgen05 space .shared::cta proxy async async tcgen05 source §9.7.16.6.5: tcgen05.mma reads the shared-memory matrix its descriptor names in the async proxy, complete when tcgen05.commit's mbarrier says so;
memory write d-tmem space tensor async tcgen05 source §9.7.16.6.5: tcgen05.mma writes D in Tensor Memory asynchronously, complete when tcgen05.commit's mbarrier says so;
.cta_group = { .cta_group::1, .cta_group::2 };
.kind = { .kind::mxf8f6f4, .kind::mxf4, .kind::mxf4nvf4 };
.scale_vectorsize = { .scale_vec::1X, .scale_vec::2X, .scale_vec::4X, .block16, .block32 };
.collector_usage = { .collector::a::fill, .collector::a::use, .collector::a::lastuse, .collector::a::discard };
except .kind::mxf8f6f4 .scale_vec::2X|.scale_vec::4X|.block16 because .kind::mxf8f6f4 takes .scale_vec::1X or .block32;
except .kind::mxf4 .scale_vec::1X|.scale_vec::4X|.block16 because .kind::mxf4 takes .scale_vec::2X or .block32;
except .kind::mxf4nvf4 .scale_vec::1X because .kind::mxf4nvf4 takes .scale_vec::2X, .scale_vec::4X, .block16 or .block32;
except .kind::mxf4nvf4 !.scale_vec::2X !.scale_vec::4X !.block16 !.block32 because .kind::mxf4nvf4 needs a .scale_vectorsize;
---
@section 9.7.16.10.9.2
@summary Multiplies a 2:4-sparse matrix A by B on the TensorCore and accumulates into D in Tensor Memory.
tcgen05.mma.sp.cta_group.kind{.collector_usage}  [d-tmem], a-desc, b-desc, [sp-meta-tmem], idesc, enable-input-d{, scale-input-d};
tcgen05.mma.sp.cta_group.kind{.collector_usage}  [d-tmem], a-desc, b-desc, [sp-meta-tmem], idesc, disable-output-lane, enable-input-d{, scale-input-d};
tcgen05.mma.sp.cta_group.kind{.ashift}{.collector_usage}  [d-tmem], [a-tmem], b-desc, [sp-meta-tmem], idesc, enable-input-d{, scale-input-d};
tcgen05.mma.sp.cta_group.kind{.ashift}{.collector_usage}  [d-tmem], [a-tmem], b-desc, [sp-meta-tmem], idesc, disable-output-lane, enable-input-d{, scale-input-d};
memory read descriptor a-desc format tcgen05 space .shared::cta proxy async async tcgen05 source §9.7.16.6.5: tcgen05.mma reads the shared-memory matrix its descriptor names in the async proxy, complete when tcgen05.commit's mbarrier says so;
memory read descriptor b-desc format tcgen05 space .shared::cta proxy async async tcgen05 source §9.7.16.6.5: tcgen05.mma reads the shared-memory matrix its descriptor names in the async proxy, complete when tcgen05.commit's mbarrier says so;
memory write d-tmem space tensor async tcgen05 source §9.7.16.6.5: tcgen05.mma writes D in Tensor Memory asynchronously, complete when tcgen05.commit's mbarrier says so;
.cta_group = { .cta_group::1, .cta_group::2 };
.kind = { .kind::f16, .kind::tf32 };
.collector_usage = { .collector::a::fill, .collector::a::use, .collector::a::lastuse, .collector::a::discard };
except .ashift .collector::a::fill|.collector::a::use because .ashift cannot fill or use the collector buffer;
---
tcgen05.mma.sp.cta_group.kind{.collector_usage}  [d-tmem], a-desc, b-desc, [sp-meta-tmem], idesc, enable-input-d;
tcgen05.mma.sp.cta_group.kind{.collector_usage}  [d-tmem], a-desc, b-desc, [sp-meta-tmem], idesc, disable-output-lane, enable-input-d;
tcgen05.mma.sp.cta_group.kind{.ashift}{.collector_usage}  [d-tmem], [a-tmem], b-desc, [sp-meta-tmem], idesc, enable-input-d;
tcgen05.mma.sp.cta_group.kind{.ashift}{.collector_usage}  [d-tmem], [a-tmem], b-desc, [sp-meta-tmem], idesc, disable-output-lane, enable-input-d;
memory read descriptor a-desc format tcgen05 space .shared::cta proxy async async tcgen05 source §9.7.16.6.5: tcgen05.mma reads the shared-memory matrix its descriptor names in the async proxy, complete when tcgen05.commit's mbarrier says so;
memory read descriptor b-desc format tcgen05 space .shared::cta proxy async async tcgen05 source §9.7.16.6.5: tcgen05.mma reads the shared-memory matrix its descriptor names in the async proxy, complete when tcgen05.commit's mbarrier says so;
memory write d-tmem space tensor async tcgen05 source §9.7.16.6.5: tcgen05.mma writes D in Tensor Memory asynchronously, complete when tcgen05.commit's mbarrier says so;
.cta_group = { .cta_group::1, .cta_group::2 };
.kind = { .kind::f8f6f4, .kind::i8 };
.collector_usage = { .collector::a::fill, .collector::a::use, .collector::a::lastuse, .collector::a::discard };
except .ashift .collector::a::fill|.collector::a::use because .ashift cannot fill or use the collector buffer;
---
tcgen05.mma.sp.cta_group.kind.block_scale{.scale_vectorsize}{.collector_usage}  [d-tmem], a-desc, b-desc, [sp-meta-tmem], idesc, [scale-A-tmem], [scale-B-tmem], enable-input-d;
tcgen05.mma.sp.cta_group.kind.block_scale{.scale_vectorsize}{.collector_usage}  [d-tmem], [a-tmem], b-desc, [sp-meta-tmem], idesc, [scale-A-tmem], [scale-B-tmem], enable-input-d;
memory read descriptor a-desc format tcgen05 space .shared::cta proxy async async tcgen05 source §9.7.16.6.5: tcgen05.mma reads the shared-memory matrix its descriptor names in the async proxy, complete when tcgen05.commit's mbarrier says so;
memory read descriptor b-desc format tcgen05 space .shared::cta proxy async async tcgen05 source §9.7.16.6.5: tcgen05.mma reads the shared-memory matrix its descriptor names in the async proxy, complete when tcgen05.commit's mbarrier says so;
memory write d-tmem space tensor async tcgen05 source §9.7.16.6.5: tcgen05.mma writes D in Tensor Memory asynchronously, complete when tcgen05.commit's mbarrier says so;
.cta_group = { .cta_group::1, .cta_group::2 };
.kind = { .kind::mxf8f6f4, .kind::mxf4, .kind::mxf4nvf4 };
.scale_vectorsize = { .scale_vec::1X, .scale_vec::2X, .scale_vec::4X, .block16, .block32 };
.collector_usage = { .collector::a::fill, .collector::a::use, .collector::a::lastuse, .collector::a::discard };
except .kind::mxf8f6f4 .scale_vec::2X|.scale_vec::4X|.block16 because .kind::mxf8f6f4 takes .scale_vec::1X or .block32;
except .kind::mxf4 .scale_vec::1X|.scale_vec::4X|.block16 because .kind::mxf4 takes .scale_vec::2X or .block32;
except .kind::mxf4nvf4 .scale_vec::1X because .kind::mxf4nvf4 takes .scale_vec::2X, .scale_vec::4X, .block16 or .block32;
except .kind::mxf4nvf4 !.scale_vec::2X !.scale_vec::4X !.block16 !.block32 because .kind::mxf4nvf4 needs a .scale_vectorsize;
---
@section 9.7.16.10.9.3
@summary Weight-stationary matrix multiply-accumulate on the TensorCore (B reused from a collector buffer).
tcgen05.mma.ws.cta_group::1.kind{.collector_usage}  [d-tmem], a-desc, b-desc, idesc, enable-input-d{, zero-column-mask-desc};
tcgen05.mma.ws.cta_group::1.kind{.collector_usage}  [d-tmem], [a-tmem], b-desc, idesc, enable-input-d{, zero-column-mask-desc};
memory read descriptor a-desc format tcgen05 space .shared::cta proxy async async tcgen05 source §9.7.16.6.5: tcgen05.mma reads the shared-memory matrix its descriptor names in the async proxy, complete when tcgen05.commit's mbarrier says so;
memory read descriptor b-desc format tcgen05 space .shared::cta proxy async async tcgen05 source §9.7.16.6.5: tcgen05.mma reads the shared-memory matrix its descriptor names in the async proxy, complete when tcgen05.commit's mbarrier says so;
memory write d-tmem space tensor async tcgen05 source §9.7.16.6.5: tcgen05.mma writes D in Tensor Memory asynchronously, complete when tcgen05.commit's mbarrier says so;
.kind = { .kind::f16, .kind::tf32, .kind::f8f6f4, .kind::i8 };
.collector_usage = { .collector::b0::fill, .collector::b0::use, .collector::b0::lastuse, .collector::b0::discard, .collector::b1::fill, .collector::b1::use, .collector::b1::lastuse, .collector::b1::discard, .collector::b2::fill, .collector::b2::use, .collector::b2::lastuse, .collector::b2::discard, .collector::b3::fill, .collector::b3::use, .collector::b3::lastuse, .collector::b3::discard };
---
@section 9.7.16.10.9.4
@summary Weight-stationary matrix multiply-accumulate with a 2:4-sparse A on the TensorCore.
tcgen05.mma.ws.sp.cta_group::1.kind{.collector_usage}  [d-tmem], a-desc, b-desc, [sp-meta-tmem], idesc, enable-input-d{, zero-column-mask-desc};
tcgen05.mma.ws.sp.cta_group::1.kind{.collector_usage}  [d-tmem], [a-tmem], b-desc, [sp-meta-tmem], idesc, enable-input-d{, zero-column-mask-desc};
memory read descriptor a-desc format tcgen05 space .shared::cta proxy async async tcgen05 source §9.7.16.6.5: tcgen05.mma reads the shared-memory matrix its descriptor names in the async proxy, complete when tcgen05.commit's mbarrier says so;
memory read descriptor b-desc format tcgen05 space .shared::cta proxy async async tcgen05 source §9.7.16.6.5: tcgen05.mma reads the shared-memory matrix its descriptor names in the async proxy, complete when tcgen05.commit's mbarrier says so;
memory write d-tmem space tensor async tcgen05 source §9.7.16.6.5: tcgen05.mma writes D in Tensor Memory asynchronously, complete when tcgen05.commit's mbarrier says so;
.kind = { .kind::f16, .kind::tf32, .kind::f8f6f4, .kind::i8 };
.collector_usage = { .collector::b0::fill, .collector::b0::use, .collector::b0::lastuse, .collector::b0::discard, .collector::b1::fill, .collector::b1::use, .collector::b1::lastuse, .collector::b1::discard, .collector::b2::fill, .collector::b2::use, .collector::b2::lastuse, .collector::b2::discard, .collector::b3::fill, .collector::b3::use, .collector::b3::lastuse, .collector::b3::discard };
---
@section 9.7.16.10.9.1
// PTX 9.4, sm_107f (ptxas 13.5; no manual section yet): .kind::ti16; the B collector buffer
// (.collector::b::*) beside A's; .decompress::lut::b with a lookup table in Tensor Memory.
tcgen05.mma.cta_group.kind::ti16{.collector_a}  [d-tmem], a-desc, b-desc, idesc, enable-input-d;
tcgen05.mma.cta_group.kind::ti16{.collector_a}  [d-tmem], [a-tmem], b-desc, idesc, enable-input-d;
memory read descriptor a-desc format tcgen05 space .shared::cta proxy async async tcgen05 source §9.7.16.6.5: tcgen05.mma reads the shared-memory matrix its descriptor names in the async proxy, complete when tcgen05.commit's mbarrier says so;
memory read descriptor b-desc format tcgen05 space .shared::cta proxy async async tcgen05 source §9.7.16.6.5: tcgen05.mma reads the shared-memory matrix its descriptor names in the async proxy, complete when tcgen05.commit's mbarrier says so;
memory write d-tmem space tensor async tcgen05 source §9.7.16.6.5: tcgen05.mma writes D in Tensor Memory asynchronously, complete when tcgen05.commit's mbarrier says so;
.cta_group = { .cta_group::1, .cta_group::2 };
.collector_a = { .collector::a::fill, .collector::a::use, .collector::a::lastuse, .collector::a::discard };
---
tcgen05.mma.cta_group.kind{.collector_a}.collector_b  [d-tmem], a-desc, b-desc, idesc, enable-input-d{, scale-input-d};
tcgen05.mma.cta_group.kind{.collector_a}.collector_b  [d-tmem], a-desc, b-desc, idesc, disable-output-lane, enable-input-d{, scale-input-d};
tcgen05.mma.cta_group.kind{.collector_a}.collector_b  [d-tmem], [a-tmem], b-desc, idesc, enable-input-d{, scale-input-d};
tcgen05.mma.cta_group.kind{.collector_a}.collector_b  [d-tmem], [a-tmem], b-desc, idesc, disable-output-lane, enable-input-d{, scale-input-d};
memory read descriptor a-desc format tcgen05 space .shared::cta proxy async async tcgen05 source §9.7.16.6.5: tcgen05.mma reads the shared-memory matrix its descriptor names in the async proxy, complete when tcgen05.commit's mbarrier says so;
memory read descriptor b-desc format tcgen05 space .shared::cta proxy async async tcgen05 source §9.7.16.6.5: tcgen05.mma reads the shared-memory matrix its descriptor names in the async proxy, complete when tcgen05.commit's mbarrier says so;
memory write d-tmem space tensor async tcgen05 source §9.7.16.6.5: tcgen05.mma writes D in Tensor Memory asynchronously, complete when tcgen05.commit's mbarrier says so;
.cta_group = { .cta_group::1, .cta_group::2 };
.kind = { .kind::f16, .kind::tf32 };
.collector_a = { .collector::a::fill, .collector::a::use, .collector::a::lastuse, .collector::a::discard };
.collector_b = { .collector::b::fill, .collector::b::use, .collector::b::lastuse, .collector::b::discard };
---
tcgen05.mma.cta_group.kind::f8f6f4.decompress::lut::b  [d-tmem], a-desc, b-desc, [lut-tmem], idesc, enable-input-d;
memory read descriptor a-desc format tcgen05 space .shared::cta proxy async async tcgen05 source §9.7.16.6.5: tcgen05.mma reads the shared-memory matrix its descriptor names in the async proxy, complete when tcgen05.commit's mbarrier says so;
memory read descriptor b-desc format tcgen05 space .shared::cta proxy async async tcgen05 source §9.7.16.6.5: tcgen05.mma reads the shared-memory matrix its descriptor names in the async proxy, complete when tcgen05.commit's mbarrier says so;
memory write d-tmem space tensor async tcgen05 source §9.7.16.6.5: tcgen05.mma writes D in Tensor Memory asynchronously, complete when tcgen05.commit's mbarrier says so;
.cta_group = { .cta_group::1, .cta_group::2 };
---
@section 9.7.16.11.1
@summary Orders asynchronous tcgen05 operations against thread synchronisation.
@effects sync
tcgen05.fence::before_thread_sync;
tcgen05.fence::after_thread_sync;
---
@section 9.7.16.12.1
@summary Makes an mbarrier track the completion of the thread's prior asynchronous tcgen05 operations.
@effects write sync async
ctaMask : reg|imm .b16;
tcgen05.commit.cta_group.mbarrier::arrive::one{.shared::cluster}.b64  [mbar];
tcgen05.commit.cta_group.mbarrier::arrive::one{.shared::cluster}.multicast::cluster.b64  [mbar], ctaMask;
sync commit tcgen05 mbarrier mbar source §9.7.16.12.1: the mbarrier tracks the thread's prior asynchronous tcgen05 operations;
.cta_group = { .cta_group::1, .cta_group::2 };
---
ctaMask : reg|imm .b32;
tcgen05.commit.cta_group.mbarrier::arrive::one{.shared::cluster}.multicast::cluster::32b.b64  [mbar], ctaMask;
sync commit tcgen05 mbarrier mbar source §9.7.16.12.1: the mbarrier tracks the thread's prior asynchronous tcgen05 operations;
.cta_group = { .cta_group::1, .cta_group::2 };

// ------------------------------------------------------------------ versions and targets

require tcgen05
  ptx 8.6; target sm_100a, sm_101a, sm_100f@8.8, sm_101f@8.8
  probe "tcgen05.fence::before_thread_sync"
  source §9.7.16.7 L61/L65; T72 (every tcgen05 op)
require tcgen05 .fence::before_thread_sync|.fence::after_thread_sync
  ptx 8.6; target sm_100a, sm_101a, sm_100f@8.8, sm_101f@8.8
  ptxas "Feature 'tcgen05.fence'" "Instruction 'tcgen05.fence'"
  probe "tcgen05.fence::after_thread_sync"
  source §9.7.16.7 L61/L65; T72
require tcgen05.alloc
  ptx 8.6; target sm_100a, sm_101a, sm_100f@8.8, sm_101f@8.8
  ptxas "Feature 'tcgen05.alloc'" "Instruction 'tcgen05.alloc'"
  probe "tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [sbuf], 32"
  source §9.7.16.7; T72
require tcgen05.ld
  ptx 8.6; target sm_100a, sm_101a, sm_100f@8.8, sm_101f@8.8
  ptxas "Feature 'tcgen05.ld'" "Instruction 'tcgen05.ld'|Instruction 'tcgen05.ld.red.spcompress'"
  probe "tcgen05.ld.sync.aligned.32x32b.x1.b32 {%r1}, [%r2]"
  source §9.7.16.8 L116/L122
require tcgen05.mma
  ptx 8.6; target sm_100a, sm_101a, sm_100f@8.8, sm_101f@8.8
  ptxas "Feature 'tcgen05.mma'" "Instruction 'tcgen05.mma'"
  probe "tcgen05.mma.cta_group::1.kind::f16 [%r1], %rd1, %rd2, %r2, %p1"
  source §9.7.16.10 L964/L972
require tcgen05.st
  ptx 8.6; target sm_100a, sm_101a, sm_100f@8.8, sm_101f@8.8
  ptxas "Feature 'tcgen05.st'" "Instruction 'tcgen05.st'"
  probe "tcgen05.st.sync.aligned.32x32b.x1.b32 [%r2], {%r1}"
  source §9.7.16.8
require tcgen05 .wait::ld|.wait::st
  ptx 8.6; target sm_100a, sm_101a, sm_100f@8.8, sm_101f@8.8
  ptxas "Feature 'tcgen05.wait'" "Instruction 'tcgen05.wait'"
  probe "tcgen05.wait::ld.sync.aligned"
  source §9.7.16.8
require tcgen05.dealloc
  ptx 8.6; target sm_100a, sm_101a, sm_100f@8.8, sm_101f@8.8
  ptxas "Feature 'tcgen05.dealloc'" "Instruction 'tcgen05.dealloc'"
  probe "tcgen05.dealloc.cta_group::1.sync.aligned.b32 %r1, 32"
  source §9.7.16.7
require tcgen05.relinquish_alloc_permit
  ptx 8.6; target sm_100a, sm_101a, sm_100f@8.8, sm_101f@8.8
  ptxas "Feature 'tcgen05.relinquish_alloc_permit'" "Instruction 'tcgen05.relinquish_alloc_permit'"
  probe "tcgen05.relinquish_alloc_permit.cta_group::1.sync.aligned"
  source §9.7.16.7
require tcgen05.commit
  ptx 8.6; target sm_100a, sm_101a, sm_100f@8.8, sm_101f@8.8
  ptxas "Feature 'tcgen05.commit'" "Instruction 'tcgen05.commit'"
  probe "tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64 [%rd1]"
  source §9.7.16.11
require tcgen05.cp
  ptx 8.6; target sm_100a, sm_101a, sm_100f@8.8, sm_101f@8.8
  ptxas "Feature 'tcgen05.cp'" "Instruction 'tcgen05.cp'"
  probe "tcgen05.cp.cta_group::1.128x256b [%r1], %rd1"
  source §9.7.16.9
require tcgen05.shift
  ptx 8.6; target sm_100a, sm_101a, sm_103a@8.8, sm_107a@9.4
  ptxas "Feature 'tcgen05.shift'" "Instruction 'tcgen05.shift'"
  probe "tcgen05.shift.cta_group::1.down [%r1]"
  source §9.7.16.9 L150/L154; T72 (a targets only)
require tcgen05.mma .kind::i8
  ptx 8.6; target sm_100a, sm_101a
  probe "tcgen05.mma.cta_group::1.kind::i8 [%r1], %rd1, %rd2, %r2, %p1"
  source §9.7.16.10 L987-993 (a targets only)
require tcgen05.mma .kind::ti16
  ptx 9.4; target sm_107f
  ptxas "Feature '.kind::ti16'"
  probe "tcgen05.mma.cta_group::1.kind::ti16 [%r1], %rd1, %rd2, %r2, %p1"
  source T72 (9.4, sm_107f); ptxas 13.5 probe
require tcgen05.mma .collector::b::*
  ptx 9.4; target sm_107f
  ptxas "Feature 'tcgen05.mma'" ""
  probe "tcgen05.mma.cta_group::1.kind::f16.collector::a::fill.collector::b::use [%r1], %rd1, %rd2, %r2, {%r3, %r4, %r5, %r6}, %p1, 5"
  source T72 (9.4, sm_107f); ptxas 13.5 probe (too old a target: "Illegal modifier '.collector::b::use' for instruction 'tcgen05.mma'")
require tcgen05.mma .decompress::lut::b
  ptx 9.4; target sm_107f
  ptxas "Feature '.decompress::lut::b'"
  probe "tcgen05.mma.cta_group::1.kind::f8f6f4.decompress::lut::b [%r1], %rd1, %rd2, [%r3], %r2, %p1"
  source T72 (9.4, sm_107f); ptxas 13.5 probe
require tcgen05.alloc .exclusive
  ptx 9.4; target sm_107f
  ptxas "Modifier '.exclusive'" ""
  probe "tcgen05.alloc.cta_group::1.exclusive.sync.aligned.shared::cta.b32 [%r1], 32"
  source T72 (9.4, sm_107f); ptxas 13.5 probe
require tcgen05.commit .multicast::cluster::32b
  ptx 9.4; target sm_107f
  ptxas "Feature 'tcgen05.commit.multicast::cluster::32b'"
  probe "tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.multicast::cluster::32b.b64 [%rd1], %r1"
  source T72 (9.4, sm_107f); ptxas 13.5 probe
require tcgen05.ld .spcompress
  ptx 9.4; target sm_107a
  ptxas "Feature 'tcgen05.ld.red.spcompress'" "Instruction 'tcgen05.ld.red.spcompress'"
  probe "tcgen05.ld.red.spcompress.sync.aligned.32x32b.x4.max.sp::2:4.abs.NaN.f32.b2 {%r1}, {%r2, %r3}, %r4, [%r5]"
  source T72 (9.4, sm_107a); ptxas 13.5 probe
require tcgen05.ld.red !.spcompress
  ptx 8.8; target sm_101a, sm_101f, sm_103f, sm_107f@9.4
  ptxas "Instruction 'tcgen05.ld.red'" "Instruction 'tcgen05.ld.red'"
  source §9.7.16.8.3 PTX ISA Notes, Target ISA Notes; ptxas 13.5 (sm_107f from 9.4; not sm_100a/sm_100f)
require tcgen05.mma .scale_vec::1X|.scale_vec::2X
  ptx 8.6; target sm_100a, sm_101a, sm_103a@8.8, sm_107a@9.4
  ptxas "" "Feature '.scale_vec::1X'|Feature '.scale_vec::2X'"
  source §9.7.16.10.9.1 Target ISA Notes (.scale_vec::NX requires sm_100a: a targets only); ptxas
require tcgen05.mma .scale_vec::4X
  ptx 8.7; target sm_100a, sm_101a, sm_103a@8.8, sm_107a@9.4
  ptxas "Feature '.scale_vec::4X'" "Feature '.scale_vec::4X'"
  source §9.7.16.10.9.1 PTX ISA Notes (8.7), Target ISA Notes (a targets only); ptxas
require tcgen05.mma .kind::mxf4nvf4
  ptx 8.7; target sm_100a, sm_101a, sm_100f@8.8, sm_101f@8.8
  ptxas "Feature '.kind::mxf4nvf4'"
  source §9.7.16.10.9.1 PTX ISA Notes (8.7)
require tcgen05.mma .block16|.block32
  ptx 8.8; target sm_100f, sm_101f
  ptxas "Feature '.block16'|Feature '.block32'" "Feature '.block16'|Feature '.block32'"
  source §9.7.16.10.9.1 PTX ISA Notes (8.8), Target ISA Notes (sm_100f or sm_110f)
require tcgen05.mma.sp .kind::mxf4|.kind::mxf4nvf4
  ptx 8.6; target sm_100a, sm_101a, sm_103a@8.8, sm_107a@9.4
  ptxas "" "Feature '.kind::mxf4 with .sp modifier'|Feature '.kind::mxf4nvf4 with .sp modifier'"
  source §9.7.16.10.9.2 Target ISA Notes (a targets only); ptxas

@ptxas-names tcgen05.alloc tcgen05.commit tcgen05.cp tcgen05.dealloc tcgen05.fence tcgen05.ld tcgen05.ld.red tcgen05.mma tcgen05.mma.ws tcgen05.relinquish_alloc_permit tcgen05.shift tcgen05.st tcgen05.wait source spec/ptxas-parser-notes.txt, the instruction table builder's opcode lists
@ptxas-names tcgen05.ld.red.spcompress source ptxas 13.5's messages
