// mma: warp-level matrix multiply-accumulate (§9.7.14.5) and mma.sp with a sparse matrix A
// (§9.7.14.6). Every shape and type combination has its own block with the fragment register
// counts of the manual's fragment tables (§9.7.14.5.1-13, §9.7.14.6.2): a, b and c/d are braced
// vectors of that many registers per thread. Packed A/B elements travel in .b32 registers; .f16
// accumulators in .f16x2 registers. Type names repeated in a chain (`.f16.f16`, `.f32 … .f32`)
// are written as one-value slots so that each is its own part.

@section 9.7.14.5
@summary Multiplies A (MxK) by B (KxN) and adds C (MxN) into D, collectively across the warp.
@effects sync collective

.alayout = .blayout = { .row, .col };

// ---- half precision (§9.7.14.5.1, .7, .8)
mma.sync.aligned.m8n8k4.alayout.blayout.dtype.atype.btype.ctype  d, a, b, c;
.dtype = .ctype = { .f16, .f32 };
.atype = .btype = { .f16 };
d : out reg|sink (.dtype: .f16 = .f16x2, .f32 = .f32) x(.dtype: .f16 = 4, .f32 = 8);
c : reg|imm (.ctype: .f16 = .f16x2, .f32 = .f32) x(.ctype: .f16 = 4, .f32 = 8);
a, b : reg|imm .b32 x2;
except dst=.f16 src=.f32 because with an .f32 C the D type must be .f32;
---
@summary Multiplies A (16x8) by B (8x8) of .f16 and adds C into D (D and C of the same type).
mma.sync.aligned.m16n8k8.row.col.dtype.atype.btype.ctype  d, a, b, c;
.dtype = .ctype = { .f16, .f32 };
.atype = .btype = { .f16 };
d : out reg|sink (.dtype: .f16 = .f16x2, .f32 = .f32) x(.dtype: .f16 = 2, .f32 = 4);
c : reg|imm (.ctype: .f16 = .f16x2, .f32 = .f32) x(.ctype: .f16 = 2, .f32 = 4);
a : reg|imm .b32 x2;
b : reg|imm .b32 x1;
except dst=.f16 src=.f32 because D and C must have the same type;
except dst=.f32 src=.f16 because D and C must have the same type;
---
@summary Multiplies A (16x16) by B (16x8) of .f16 and adds C into D (D and C of the same type).
mma.sync.aligned.m16n8k16.row.col.dtype.atype.btype.ctype  d, a, b, c;
.dtype = .ctype = { .f16, .f32 };
.atype = .btype = { .f16 };
d : out reg|sink (.dtype: .f16 = .f16x2, .f32 = .f32) x(.dtype: .f16 = 2, .f32 = 4);
c : reg|imm (.ctype: .f16 = .f16x2, .f32 = .f32) x(.ctype: .f16 = 2, .f32 = 4);
a : reg|imm .b32 x4;
b : reg|imm .b32 x2;
except dst=.f16 src=.f32 because D and C must have the same type;
except dst=.f32 src=.f16 because D and C must have the same type;

// ---- alternate floating point (§9.7.14.5.6-.10)
---
@summary Multiplies .tf32 A (16x4) by B (4x8) and adds the .f32 C into D.
mma.sync.aligned.m16n8k4.row.col.dtype.atype.btype.ctype  d, a, b, c;
.dtype = .ctype = { .f32 };
.atype = .btype = { .tf32 };
d : out reg|sink .f32 x4;
c : reg|imm .f32 x4;
a : reg|imm .b32 x2;
b : reg|imm .b32 x1;
---
@summary Multiplies .bf16 A (16x8) by B (8x8) and adds the .f32 C into D.
mma.sync.aligned.m16n8k8.row.col.dtype.atype.btype.ctype  d, a, b, c;
.dtype = .ctype = { .f32 };
.atype = .btype = { .bf16 };
d : out reg|sink .f32 x4;
c : reg|imm .f32 x4;
a : reg|imm .b32 x2;
b : reg|imm .b32 x1;
---
@summary Multiplies .tf32 A (16x8) by B (8x8) and adds the .f32 C into D.
mma.sync.aligned.m16n8k8.row.col.dtype.atype.btype.ctype  d, a, b, c;
.dtype = .ctype = { .f32 };
.atype = .btype = { .tf32 };
d : out reg|sink .f32 x4;
c : reg|imm .f32 x4;
a : reg|imm .b32 x4;
b : reg|imm .b32 x2;
---
@summary Multiplies .bf16 A (16x16) by B (16x8) and adds the .f32 C into D.
mma.sync.aligned.m16n8k16.row.col.dtype.atype.btype.ctype  d, a, b, c;
.dtype = .ctype = { .f32 };
.atype = .btype = { .bf16 };
d : out reg|sink .f32 x4;
c : reg|imm .f32 x4;
a : reg|imm .b32 x4;
b : reg|imm .b32 x2;
---
@summary Multiplies FP8 A by B (.e4m3/.e5m2) and adds C into D (D and C of the same type).
mma.sync.aligned.shape.row.col.dtype.atype.btype.ctype  d, a, b, c;
.shape = { .m16n8k16, .m16n8k32 };
.dtype = .ctype = { .f16, .f32 };
.atype = .btype = { .e4m3, .e5m2 };
d : out reg|sink (.dtype: .f16 = .f16x2, .f32 = .f32) x(.dtype: .f16 = 2, .f32 = 4);
c : reg|imm (.ctype: .f16 = .f16x2, .f32 = .f32) x(.ctype: .f16 = 2, .f32 = 4);
a : reg|imm .b32 x(.shape: .m16n8k16 = 2, .m16n8k32 = 4);
b : reg|imm .b32 x(.shape: .m16n8k16 = 1, .m16n8k32 = 2);
except dst=.f16 src=.f32 because D and C must have the same type;
except dst=.f32 src=.f16 because D and C must have the same type;
---
@summary Multiplies FP8/FP6/FP4 A (16x32) by B (32x8) and adds C into D (D and C of the same type).
mma.sync.aligned.m16n8k32.row.col.kind.dtype.atype.btype.ctype  d, a, b, c;
.kind = { .kind::f8f6f4 };
.dtype = .ctype = { .f16, .f32 };
.atype = .btype = { .e4m3, .e5m2, .e3m2, .e2m3, .e2m1 };
d : out reg|sink (.dtype: .f16 = .f16x2, .f32 = .f32) x(.dtype: .f16 = 2, .f32 = 4);
c : reg|imm (.ctype: .f16 = .f16x2, .f32 = .f32) x(.ctype: .f16 = 2, .f32 = 4);
a : reg|imm .b32 x4;
b : reg|imm .b32 x2;
except dst=.f16 src=.f32 because D and C must have the same type;
except dst=.f32 src=.f16 because D and C must have the same type;

// ---- block scaling (§9.7.14.3): the scale metadata is a .b32 register (ptxas 12.9 and 13.5
// reject a constant with "Arguments mismatch"), each selector pair a braced pair of 16-bit
// constants or registers
---
@summary Multiplies block-scaled FP4 A (16x64) by B (64x8) and adds the .f32 C into D.
mma.sync.aligned.m16n8k64.row.col.kind.block_scale{.scale_vec_size}.dtype.atype.btype.ctype.stype  d, a, b, c, scale-a-data, {byte-id-a, thread-id-a}, scale-b-data, {byte-id-b, thread-id-b};
mma.sync.aligned.m16n8k64.row.col.kind::mxf4nvf4.block_scale.scale_vec::4X.dtype.atype.btype.ctype.stype4  d, a, b, c, scale-a-data, {byte-id-a, thread-id-a}, scale-b-data, {byte-id-b, thread-id-b};
.kind = { .kind::mxf4, .kind::mxf4nvf4 };
.scale_vec_size = { .scale_vec::2X };
.stype = { .ue8m0 };
.stype4 = { .ue8m0, .ue4m3 };
.dtype = .ctype = { .f32 };
.atype = .btype = { .e2m1 };
d : out reg|sink .f32 x4;
c : reg|imm .f32 x4;
a : reg|imm .b32 x4;
b : reg|imm .b32 x2;
// ptxas 13.5 also takes the scale data braced, `{%r1}` (CUTLASS's SM120 block-scaled MMA atoms write it).
scale-a-data, scale-b-data : reg .b32 braced;
byte-id-a, thread-id-a, byte-id-b, thread-id-b : reg|imm .u16;
except .kind::mxf4nvf4 !.scale_vec::2X|.scale_vec::4X because .kind::mxf4nvf4 needs an explicit .scale_vec_size;
---
@summary Multiplies block-scaled FP8/FP6/FP4 A (16x32) by B (32x8) and adds the .f32 C into D.
mma.sync.aligned.m16n8k32.row.col.kind.block_scale{.scale_vec_size}.dtype.atype.btype.ctype.stype  d, a, b, c, scale-a-data, {byte-id-a, thread-id-a}, scale-b-data, {byte-id-b, thread-id-b};
.kind = { .kind::mxf8f6f4 };
.scale_vec_size = { .scale_vec::1X };
.stype = { .ue8m0 };
.dtype = .ctype = { .f32 };
.atype = .btype = { .e4m3, .e5m2, .e3m2, .e2m3, .e2m1 };
d : out reg|sink .f32 x4;
c : reg|imm .f32 x4;
a : reg|imm .b32 x4;
b : reg|imm .b32 x2;
// ptxas 13.5 also takes the scale data braced, `{%r1}` (CUTLASS's SM120 block-scaled MMA atoms write it).
scale-a-data, scale-b-data : reg .b32 braced;
byte-id-a, thread-id-a, byte-id-b, thread-id-b : reg|imm .u16;

// ---- double precision (§9.7.14.5.2, .6-.8)
---
@summary Multiplies .f64 A by B and adds the .f64 C into D (8x8x4: one A and one B register).
mma.sync.aligned.m8n8k4.row.col.dtype.atype.btype.ctype{.rnd}  d, a, b, c;
.dtype = .atype = .btype = .ctype = { .f64 };
.rnd = { .rn, .rz, .rm, .rp };
d : out reg|sink .f64 x2;
c : reg|imm .f64 x2;
a, b : reg|imm .f64 x1;
---
@summary Multiplies .f64 A (16xK) by B (Kx8) and adds the .f64 C into D.
mma.sync.aligned.shape.row.col.dtype.atype.btype.ctype{.rnd}  d, a, b, c;
.shape = { .m16n8k4, .m16n8k8, .m16n8k16 };
.dtype = .atype = .btype = .ctype = { .f64 };
.rnd = { .rn, .rz, .rm, .rp };
d : out reg|sink .f64 x4;
c : reg|imm .f64 x4;
a : reg|imm .f64 x(.shape: .m16n8k4 = 2, .m16n8k8 = 4, .m16n8k16 = 8);
b : reg|imm .f64 x(.shape: .m16n8k4 = 1, .m16n8k8 = 2, .m16n8k16 = 4);

// ---- integer (§9.7.14.5.3, .4, .9-.11)
---
@summary Multiplies 8-bit integer A by B and adds the .s32 C into D (.satfinite: clamped).
mma.sync.aligned.shape.row.col{.satfinite}.dtype.atype.btype.ctype  d, a, b, c;
.shape = { .m8n8k16, .m16n8k16, .m16n8k32 };
.dtype = .ctype = { .s32 };
.atype = .btype = { .u8, .s8 };
d : out reg|sink .s32 x(.shape: .m8n8k16 = 2, .m16n8k16 = 4, .m16n8k32 = 4);
c : reg|imm .s32 x(.shape: .m8n8k16 = 2, .m16n8k16 = 4, .m16n8k32 = 4);
a : reg|imm .b32 x(.shape: .m8n8k16 = 1, .m16n8k16 = 2, .m16n8k32 = 4);
b : reg|imm .b32 x(.shape: .m8n8k16 = 1, .m16n8k16 = 1, .m16n8k32 = 2);
---
@summary Multiplies 4-bit integer A by B and adds the .s32 C into D (.satfinite: clamped).
mma.sync.aligned.shape.row.col{.satfinite}.dtype.atype.btype.ctype  d, a, b, c;
.shape = { .m8n8k32, .m16n8k32, .m16n8k64 };
.dtype = .ctype = { .s32 };
.atype = .btype = { .u4, .s4 };
d : out reg|sink .s32 x(.shape: .m8n8k32 = 2, .m16n8k32 = 4, .m16n8k64 = 4);
c : reg|imm .s32 x(.shape: .m8n8k32 = 2, .m16n8k32 = 4, .m16n8k64 = 4);
a : reg|imm .b32 x(.shape: .m8n8k32 = 1, .m16n8k32 = 2, .m16n8k64 = 4);
b : reg|imm .b32 x(.shape: .m8n8k32 = 1, .m16n8k32 = 1, .m16n8k64 = 2);
---
@summary Combines single-bit A and B with .xor or .and, counts the set bits and adds the .s32 C into D.
mma.sync.aligned.shape.row.col.dtype.atype.btype.ctype.bitOp.popc  d, a, b, c;
.shape = { .m8n8k128, .m16n8k128, .m16n8k256 };
.dtype = .ctype = { .s32 };
.atype = .btype = { .b1 };
.bitOp = { .xor, .and };
d : out reg|sink .s32 x(.shape: .m8n8k128 = 2, .m16n8k128 = 4, .m16n8k256 = 4);
c : reg|imm .s32 x(.shape: .m8n8k128 = 2, .m16n8k128 = 4, .m16n8k256 = 4);
a : reg|imm .b32 x(.shape: .m8n8k128 = 1, .m16n8k128 = 2, .m16n8k256 = 4);
b : reg|imm .b32 x(.shape: .m8n8k128 = 1, .m16n8k128 = 1, .m16n8k256 = 2);

// ---- sparse A (§9.7.14.6): A holds half the registers of the dense shape; e is the metadata
// (a .b32 register: ptxas rejects a constant with "Arguments mismatch"), f the sparsity selector
// (a constant)
---
@section 9.7.14.6
@summary Multiplies a 2:4-sparse .f16/.bf16 A by B and adds C into D; e holds the sparsity metadata.
mma.spvariant.sync.aligned.shape.row.col.dtype.atype.btype.ctype  d, a, b, c, e, f;
.spvariant = { .sp, .sp::ordered_metadata };
.shape = { .m16n8k16, .m16n8k32 };
.dtype = .ctype = { .f16, .f32 };
.atype = .btype = { .f16 };
d : out reg|sink (.dtype: .f16 = .f16x2, .f32 = .f32) x(.dtype: .f16 = 2, .f32 = 4);
c : reg|imm (.ctype: .f16 = .f16x2, .f32 = .f32) x(.ctype: .f16 = 2, .f32 = 4);
a, b : reg|imm .b32 x(.shape: .m16n8k16 = 2, .m16n8k32 = 4);
// ptxas 13.5 also takes the sparsity metadata braced, `{%r1}` (CUTLASS's SM120 sparse atoms write it).
e : reg .b32 braced;
f : imm .u32 range 0..3 eg 0;     // 0..3 at the smaller K, 0..1 at the larger (ptxas checks the value)
except dst=.f16 src=.f32 because D and C must have the same type;
except dst=.f32 src=.f16 because D and C must have the same type;
---
@section 9.7.14.6
@summary Multiplies a sparse .bf16 or .tf32 A by B and adds the .f32 C into D; e holds the sparsity metadata.
mma.spvariant.sync.aligned.shape.row.col.dtype.atype.btype.ctype  d, a, b, c, e, f;
.spvariant = { .sp, .sp::ordered_metadata };
.shape = { .m16n8k16, .m16n8k32 };
.dtype = .ctype = { .f32 };
.atype = .btype = { .bf16 };
d : out reg|sink .f32 x4;
c : reg|imm .f32 x4;
a, b : reg|imm .b32 x(.shape: .m16n8k16 = 2, .m16n8k32 = 4);
e : reg .b32 braced;
f : imm .u32 range 0..3 eg 0;     // 0..3 at the smaller K, 0..1 at the larger (ptxas checks the value)
---
@section 9.7.14.6
@summary Multiplies a 1:2-sparse .tf32 A by B and adds the .f32 C into D; e holds the sparsity metadata.
mma.spvariant.sync.aligned.shape.row.col.dtype.atype.btype.ctype  d, a, b, c, e, f;
.spvariant = { .sp, .sp::ordered_metadata };
.shape = { .m16n8k8, .m16n8k16 };
.dtype = .ctype = { .f32 };
.atype = .btype = { .tf32 };
d : out reg|sink .f32 x4;
c : reg|imm .f32 x4;
a, b : reg|imm .b32 x(.shape: .m16n8k8 = 2, .m16n8k16 = 4);
e : reg .b32 braced;
f : imm .u32 range 0..3 eg 0;     // 0..3 at the smaller K, 0..1 at the larger (ptxas checks the value)
---
@section 9.7.14.6
@summary Multiplies a 2:4-sparse FP8 A (16x64) by B and adds the .f32 C into D; e holds the sparsity metadata.
mma.spvariant.sync.aligned.m16n8k64.row.col.dtype.atype.btype.ctype  d, a, b, c, e, f;
.spvariant = { .sp, .sp::ordered_metadata };
.dtype = .ctype = { .f32 };
.atype = .btype = { .e4m3, .e5m2 };
d : out reg|sink .f32 x4;
c : reg|imm .f32 x4;
a, b : reg|imm .b32 x4;
e : reg .b32 braced;
f : imm .u32 range 0..0 eg 0;     // ptxas: "Argument 5 of instruction 'mma': unexpected value '1', expected to be 0"
---
@section 9.7.14.6
@summary Multiplies a 2:4-sparse FP8 A (16x64) by B and adds the .f16 C into D (sm_120 family); e holds the sparsity metadata.
mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.dtype.atype.btype.ctype  d, a, b, c, e, f;
.dtype = .ctype = { .f16 };
.atype = .btype = { .e4m3, .e5m2 };
d : out reg|sink .f16x2 x2;
c : reg|imm .f16x2 x2;
a, b : reg|imm .b32 x4;
e : reg .b32 braced;
f : imm .u32 range 0..0 eg 0;

require mma.sp::ordered_metadata dst=.f16 .e4m3|.e5m2
  ptx 8.7; target sm_120a, sm_120f@8.8; block
  ptxas "" "Instruction 'mma with with F16 accumulator and F8 floating point type'"
  not-supported
  probe "mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.f16.e4m3.e4m3.f16 {%r1, %r2}, {%r5, %r6, %r7, %r8}, {%r9, %r10, %r11, %r12}, {%r13, %r14}, %r1, 0"
  source ptxas 13.5 (sm_89 … sm_121: "Instruction 'mma with with F16 accumulator and F8 floating point type' not supported"; sm_120a, sm_120f, sm_121a accept)
---
@section 9.7.14.6
@summary Multiplies a 2:4-sparse FP8/FP6/FP4 A (16x64) by B and adds C into D; e holds the sparsity metadata.
mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.kind.dtype.atype.btype.ctype  d, a, b, c, e, f;
.kind = { .kind::f8f6f4 };
.dtype = .ctype = { .f16, .f32 };
.atype = .btype = { .e4m3, .e5m2, .e3m2, .e2m3, .e2m1 };
d : out reg|sink (.dtype: .f16 = .f16x2, .f32 = .f32) x(.dtype: .f16 = 2, .f32 = 4);
c : reg|imm (.ctype: .f16 = .f16x2, .f32 = .f32) x(.ctype: .f16 = 2, .f32 = 4);
a, b : reg|imm .b32 x4;
e : reg .b32 braced;
f : imm .u32 range 0..0 eg 0;     // ptxas: "Argument 5 of instruction 'mma': unexpected value '1', expected to be 0"
except dst=.f16 src=.f32 because D and C must have the same type;
except dst=.f32 src=.f16 because D and C must have the same type;
---
@section 9.7.14.6
@summary Multiplies a sparse block-scaled FP4 A (16x128) by B and adds the .f32 C into D.
mma.sp::ordered_metadata.sync.aligned.m16n8k128.row.col.kind.block_scale{.scale_vec_size}.dtype.atype.btype.ctype.stype  d, a, b, c, e, f, scale-a-data, {byte-id-a, thread-id-a}, scale-b-data, {byte-id-b, thread-id-b};
mma.sp::ordered_metadata.sync.aligned.m16n8k128.row.col.kind::mxf4nvf4.block_scale.scale_vec::4X.dtype.atype.btype.ctype.stype4  d, a, b, c, e, f, scale-a-data, {byte-id-a, thread-id-a}, scale-b-data, {byte-id-b, thread-id-b};
.kind = { .kind::mxf4, .kind::mxf4nvf4 };
.scale_vec_size = { .scale_vec::2X };
.stype = { .ue8m0 };
.stype4 = { .ue8m0, .ue4m3 };
.dtype = .ctype = { .f32 };
.atype = .btype = { .e2m1 };
d : out reg|sink .f32 x4;
c : reg|imm .f32 x4;
a, b : reg|imm .b32 x4;
e : reg .b32 braced;
f : imm .u32 range 0..0 eg 0;     // ptxas: "Argument 5 of instruction 'mma': unexpected value '1', expected to be 0"
// ptxas 13.5 also takes the scale data braced, `{%r1}` (CUTLASS's SM120 block-scaled MMA atoms write it).
scale-a-data, scale-b-data : reg .b32 braced;
byte-id-a, thread-id-a, byte-id-b, thread-id-b : reg|imm .u16;
except .kind::mxf4nvf4 !.scale_vec::2X|.scale_vec::4X because .kind::mxf4nvf4 needs an explicit .scale_vec_size;
---
@section 9.7.14.6
@summary Multiplies a sparse block-scaled FP8/FP6/FP4 A (16x64) by B and adds the .f32 C into D.
mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.kind.block_scale{.scale_vec_size}.dtype.atype.btype.ctype.stype  d, a, b, c, e, f, scale-a-data, {byte-id-a, thread-id-a}, scale-b-data, {byte-id-b, thread-id-b};
.kind = { .kind::mxf8f6f4 };
.scale_vec_size = { .scale_vec::1X };
.stype = { .ue8m0 };
.dtype = .ctype = { .f32 };
.atype = .btype = { .e4m3, .e5m2, .e3m2, .e2m3, .e2m1 };
d : out reg|sink .f32 x4;
c : reg|imm .f32 x4;
a, b : reg|imm .b32 x4;
e : reg .b32 braced;
f : imm .u32 range 0..0 eg 0;     // ptxas: "Argument 5 of instruction 'mma': unexpected value '1', expected to be 0"
// ptxas 13.5 also takes the scale data braced, `{%r1}` (CUTLASS's SM120 block-scaled MMA atoms write it).
scale-a-data, scale-b-data : reg .b32 braced;
byte-id-a, thread-id-a, byte-id-b, thread-id-b : reg|imm .u16;
---
@section 9.7.14.6
@summary Multiplies a sparse 8-bit integer A by B and adds the .s32 C into D (.satfinite: clamped).
mma.spvariant.sync.aligned.shape.row.col{.satfinite}.dtype.atype.btype.ctype  d, a, b, c, e, f;
.spvariant = { .sp, .sp::ordered_metadata };
.shape = { .m16n8k32, .m16n8k64 };
.dtype = .ctype = { .s32 };
.atype = .btype = { .u8, .s8 };
d : out reg|sink .s32 x4;
c : reg|imm .s32 x4;
a, b : reg|imm .b32 x(.shape: .m16n8k32 = 2, .m16n8k64 = 4);
e : reg .b32 braced;
f : imm .u32 range 0..1 eg 0;     // 0..1 at the smaller K, 0 at the larger (ptxas checks the value)
---
@section 9.7.14.6
@summary Multiplies a sparse 4-bit integer A by B and adds the .s32 C into D (.satfinite: clamped).
mma.spvariant.sync.aligned.shape.row.col{.satfinite}.dtype.atype.btype.ctype  d, a, b, c, e, f;
.spvariant = { .sp, .sp::ordered_metadata };
.shape = { .m16n8k64, .m16n8k128 };
.dtype = .ctype = { .s32 };
.atype = .btype = { .u4, .s4 };
d : out reg|sink .s32 x4;
c : reg|imm .s32 x4;
a, b : reg|imm .b32 x(.shape: .m16n8k64 = 2, .m16n8k128 = 4);
e : reg .b32 braced;
f : imm .u32 range 0..1 eg 0;     // 0..1 at the smaller K, 0 at the larger (ptxas checks the value)

// ------------------------------------------------------------------ versions and targets

require mma
  ptx 6.4; target sm_70
  probe "mma.sync.aligned.m8n8k4.row.col.f16.f16.f16.f16 {%r1, %r2, %r3, %r4}, {%r5, %r6}, {%r7, %r8}, {%r9, %r10, %r11, %r12}"
  source §9.7.14.5 L1515/L1555
require mma .m16n8k8 .f16
  ptx 6.5; target sm_75
  ptxas "Feature '.m16n8k8'"
  probe "mma.sync.aligned.m16n8k8.row.col.f16.f16.f16.f16 {%r1, %r2}, {%r3, %r4}, {%r5}, {%r6, %r7}"
  source §9.7.14.5
require mma .m8n8k16|.m8n8k32
  ptx 6.5; target sm_75
  ptxas "Feature '.m8n8k16'"
  probe "mma.sync.aligned.m8n8k16.row.col.s32.s8.s8.s32 {%r1, %r2}, {%r3}, {%r4}, {%r5, %r6}"
  source §9.7.14.5
require mma .m8n8k128
  ptx 7.0; target sm_75
  ptxas "Feature '.m8n8k128'"
  probe "mma.sync.aligned.m8n8k128.row.col.s32.b1.b1.s32.xor.popc {%r1, %r2}, {%r3}, {%r4}, {%r5, %r6}"
  source §9.7.14.5 L1539/L1571
require mma .m16n8k16
  ptx 7.0; target sm_80
  ptxas "Feature '.m16n8k16'|Modifier '.m16n8k16'"
  probe "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%r1, %r2, %r3, %r4}, {%r5, %r6, %r7, %r8}, {%r9, %r10}, {%r11, %r12, %r13, %r14}"
  source §9.7.14.5
require mma .m16n8k32
  ptx 7.0; target sm_80
  ptxas "Feature '.m16n8k32'|Modifier '.m16n8k32'"
  probe "mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 {%r1, %r2, %r3, %r4}, {%r5, %r6, %r7, %r8}, {%r9, %r10}, {%r11, %r12, %r13, %r14}"
  source §9.7.14.5
require mma .m16n8k64
  ptx 7.0; target sm_80
  ptxas "Feature '.m16n8k64'|Modifier '.m16n8k64'"
  probe "mma.sync.aligned.m16n8k64.row.col.s32.s4.s4.s32 {%r1, %r2, %r3, %r4}, {%r5, %r6, %r7, %r8}, {%r9, %r10}, {%r11, %r12, %r13, %r14}"
  source §9.7.14.5
require mma .m16n8k128
  ptx 7.0; target sm_80
  ptxas "Feature '.m16n8k128'|Modifier '.m16n8k128'"
  probe "mma.sync.aligned.m16n8k128.row.col.s32.b1.b1.s32.xor.popc {%r1, %r2, %r3, %r4}, {%r5, %r6}, {%r7}, {%r8, %r9, %r10, %r11}"
  source §9.7.14.5
require mma .m16n8k256
  ptx 7.0; target sm_80
  ptxas "Feature '.m16n8k256'|Modifier '.m16n8k256'"
  probe "mma.sync.aligned.m16n8k256.row.col.s32.b1.b1.s32.xor.popc {%r1, %r2, %r3, %r4}, {%r5, %r6, %r7, %r8}, {%r9, %r10}, {%r11, %r12, %r13, %r14}"
  source §9.7.14.5
require mma .bf16|.tf32
  ptx 7.0; target sm_80
  ptxas "Feature '.bf16'"
  probe "mma.sync.aligned.m16n8k8.row.col.f32.bf16.bf16.f32 {%r1, %r2, %r3, %r4}, {%r5, %r6}, {%r7}, {%r8, %r9, %r10, %r11}"
  source §9.7.14.5
require mma .m8n8k4 .f64
  ptx 7.0; target sm_80
  ptxas "Feature '.m8n8k4 with double types'"
  probe "mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%rd1, %rd2}, {%rd3}, {%rd4}, {%rd5, %rd6}"
  source §9.7.14.5
require mma .m16n8k4|.m16n8k8|.m16n8k16 .f64
  ptx 7.8; target sm_90
  ptxas "Feature '.m16n8k4 with double types'"
  probe "mma.sync.aligned.m16n8k4.row.col.f64.f64.f64.f64 {%rd1, %rd2, %rd3, %rd4}, {%rd5, %rd6}, {%rd7}, {%rd8, %rd9, %rd10, %rd11}"
  source §9.7.14.5; RN 7.8
require mma .e4m3|.e5m2
  ptx 8.4; target sm_89
  ptxas "Feature 'mma with FP8 floating point type'"
  probe "mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32 {%r1, %r2, %r3, %r4}, {%r5, %r6, %r7, %r8}, {%r9, %r10}, {%r11, %r12, %r13, %r14}"
  source §9.7.14.5; RN 8.4
require mma.sp
  ptx 7.1; target sm_80
  ptxas "Feature 'Sparse MMA'"
  probe "mma.sp.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%r1, %r2, %r3, %r4}, {%r5, %r6}, {%r7, %r8}, {%r9, %r10, %r11, %r12}, %r13, 0x0"
  source §9.7.14.6 L683/L699
require mma.sp::ordered_metadata
  ptx 8.5; target sm_80
  ptxas "Feature '.sp::ordered_metadata'"
  probe "mma.sp::ordered_metadata.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%r1, %r2, %r3, %r4}, {%r5, %r6}, {%r7, %r8}, {%r9, %r10, %r11, %r12}, %r13, 0x0"
  source §9.7.14.6
require mma .and
  ptx 7.1; target sm_80
  probe "mma.sync.aligned.m16n8k128.row.col.s32.b1.b1.s32.and.popc {%r1, %r2, %r3, %r4}, {%r5, %r6}, {%r7}, {%r8, %r9, %r10, %r11}"
  source §9.7.14.5; RN 7.1
require mma .kind::f8f6f4|.kind::mxf8f6f4|.kind::mxf4|.kind::mxf4nvf4
  ptx 8.7; target sm_120a, sm_120f@8.8
  ptxas "Feature 'mma with with FP6/FP4 floating point type'|Feature 'mma with block scale'" "Instruction 'mma with with FP6/FP4 floating point type'|Instruction 'mma with block scale'"
  probe "mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f32.e3m2.e2m3.f32 {%r1, %r2, %r3, %r4}, {%r5, %r6, %r7, %r8}, {%r9, %r10}, {%r11, %r12, %r13, %r14}"
  source §9.7.14.5; RN 8.7
require mma .m16n8k16 .e4m3|.e5m2
  ptx 8.7
  ptxas "Feature 'mma with FP8 floating point type and .m16n8k16 shape'"
  probe "mma.sync.aligned.m16n8k16.row.col.f32.e4m3.e4m3.f32 {%r1, %r2, %r3, %r4}, {%r5, %r6}, {%r7}, {%r8, %r9, %r10, %r11}"
  source §9.7.14.5 PTX ISA Notes (m16n8k16 and .f16 accumulation with .e4m3/.e5m2 in 8.7)
require mma dst=.f16 .e4m3|.e5m2
  ptx 8.7
  ptxas "Feature 'mma with FP8 floating point type and FP16 accumulation'"
  probe "mma.sync.aligned.m16n8k32.row.col.f16.e4m3.e4m3.f16 {%r1, %r2}, {%r5, %r6, %r7, %r8}, {%r9, %r10}, {%r11, %r12}"
  source §9.7.14.5 PTX ISA Notes (m16n8k16 and .f16 accumulation with .e4m3/.e5m2 in 8.7)
require mma .kind::mxf4nvf4 .scale_vec::4X .ue8m0
  ptx 9.1
  probe "mma.sync.aligned.m16n8k64.row.col.kind::mxf4nvf4.block_scale.scale_vec::4X.f32.e2m1.e2m1.f32.ue8m0 {%r1, %r2, %r3, %r4}, {%r5, %r6, %r7, %r8}, {%r9, %r10}, {%r11, %r12, %r13, %r14}, %r15, {0, 0}, %r16, {0, 0}"
  source §9.7.14.5 PTX ISA Notes (.scale_vec::4X with .ue8m0 and .kind::mxf4nvf4 in 9.1)
require mma.sp::ordered_metadata .kind::mxf4|.kind::mxf4nvf4
  ptx 8.7; target sm_120a, sm_121a@8.8
  ptxas "" "Feature '.kind::mxf4 with .sp modifier'|Feature '.kind::mxf4nvf4 with .sp modifier'"
  not-supported
  probe "mma.sp::ordered_metadata.sync.aligned.m16n8k128.row.col.kind::mxf4.block_scale.f32.e2m1.e2m1.f32.ue8m0 {%r1, %r2, %r3, %r4}, {%r5, %r6, %r7, %r8}, {%r9, %r10, %r11, %r12}, {%r13, %r14, %r15, %r16}, %r1, 0, %r2, {0, 0}, %r3, {0, 0}"
  source ptxas 13.5 (sm_120f: "Instruction 'Sparse mma with block scale' not supported", "Feature '.kind::mxf4 with .sp modifier' not supported"; sm_120a, sm_121a accept)
