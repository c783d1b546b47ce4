// wmma: warp-level matrix multiply-accumulate (§9.7.14.4): load a fragment (§9.7.14.4.3),
// store one (§9.7.14.4.4), multiply-accumulate (§9.7.14.4.5). A fragment is a braced list of
// registers whose count depends on the shape and the element type (the manual's "Matrix
// fragments for WMMA"): each block below holds one element-type family, and its count maps
// follow the shape (multiplicands) or the accumulator type.

@summary Loads this thread's part of a warp-wide matrix fragment from memory at p (row stride `stride`).
@effects read

p : addr;
stride : reg|imm .u32;
.layout = { .row, .col };
.ss = { .global, .shared, .shared::cta };

// ---------------------------------------------------------------- loads
@section 9.7.14.4.3
// .f16 multiplicands (PTX 6.0, where .aligned did not exist yet; every other type requires it,
// '.aligned modifier required'). From PTX 6.3 ptxas requires .aligned here too: not modelled (a
// modifier required from a version on), so ptxlint misses it. 8 registers of .f16x2; accumulators .f16 (4 x .f16x2) or .f32 (8).
wmma.load.a.sync{.aligned}.layout.shape{.ss}.f16  ra, [p]{, stride};
wmma.load.b.sync{.aligned}.layout.shape{.ss}.f16  ra, [p]{, stride};
wmma.load.c.sync{.aligned}.layout.shape{.ss}.ctype  rc, [p]{, stride};
memory read p source §9.7.14.4.3: the warp loads the fragment collectively;
sync collective aligned .aligned source §9.7.14.4.3;
.shape = { .m16n16k16, .m8n32k16, .m32n8k16 };
.ctype = { .f16, .f32 };
ra : out reg .b32 x8;
rc : out reg x(.ctype: .f16 = 4, .f32 = 8) (.ctype: .f16 = .b32, .f32 = .f32);
except .shared::cta !.aligned because .shared::cta needs .aligned ('.aligned modifier required');
---
// .s8/.u8 multiplicands: 32-bit registers of four elements, as many as the shape needs.
wmma.load.a.sync.aligned.layout.shape{.ss}.itype  ra, [p]{, stride};
wmma.load.b.sync.aligned.layout.shape{.ss}.itype  rb, [p]{, stride};
wmma.load.c.sync.aligned.layout.shape{.ss}.s32  rc, [p]{, stride};
memory read p source §9.7.14.4.3: the warp loads the fragment collectively;
sync collective aligned source §9.7.14.4.3;
rc : out reg .s32 x8;
.shape = { .m16n16k16, .m8n32k16, .m32n8k16 };
.itype = { .s8, .u8 };
ra : out reg .b32 x(.shape: .m16n16k16 = 2, .m8n32k16 = 1, .m32n8k16 = 4);
rb : out reg .b32 x(.shape: .m16n16k16 = 2, .m8n32k16 = 4, .m32n8k16 = 1);
---
// .bf16 multiplicands: 32-bit registers of two elements.
wmma.load.a.sync.aligned.layout.shape{.ss}.bf16  ra, [p]{, stride};
wmma.load.b.sync.aligned.layout.shape{.ss}.bf16  rb, [p]{, stride};
memory read p source §9.7.14.4.3: the warp loads the fragment collectively;
sync collective aligned source §9.7.14.4.3;
.shape = { .m16n16k16, .m8n32k16, .m32n8k16 };
ra : out reg .b32 x(.shape: .m16n16k16 = 4, .m8n32k16 = 2, .m32n8k16 = 8);
rb : out reg .b32 x(.shape: .m16n16k16 = 4, .m8n32k16 = 8, .m32n8k16 = 2);
---
// .tf32 (m16n16k8): 4 registers per multiplicand, 8 .f32 accumulators.
wmma.load.a.sync.aligned.layout.m16n16k8{.ss}.tf32  ra, [p]{, stride};
wmma.load.b.sync.aligned.layout.m16n16k8{.ss}.tf32  ra, [p]{, stride};
wmma.load.c.sync.aligned.layout.m16n16k8{.ss}.f32  rc, [p]{, stride};
memory read p source §9.7.14.4.3: the warp loads the fragment collectively;
sync collective aligned source §9.7.14.4.3;
ra : out reg .b32 x4;
rc : out reg .f32 x8;
---
// .f64 (m8n8k4): one register per multiplicand, two accumulators.
wmma.load.a.sync.aligned.layout.m8n8k4{.ss}.f64  ra, [p]{, stride};
wmma.load.b.sync.aligned.layout.m8n8k4{.ss}.f64  ra, [p]{, stride};
wmma.load.c.sync.aligned.layout.m8n8k4{.ss}.f64  rc, [p]{, stride};
memory read p source §9.7.14.4.3: the warp loads the fragment collectively;
sync collective aligned source §9.7.14.4.3;
ra : out reg .f64 x1;
rc : out reg .f64 x2;
---
// Sub-byte (.s4/.u4, m8n8k32) and single-bit (.b1, m8n8k128): a is row-major, b column-major,
// one 32-bit register each; two .s32 accumulators.
wmma.load.a.sync.aligned.row.m8n8k32{.ss}.stype  ra, [p]{, stride};
wmma.load.b.sync.aligned.col.m8n8k32{.ss}.stype  ra, [p]{, stride};
wmma.load.c.sync.aligned.layout.m8n8k32{.ss}.s32  rc, [p]{, stride};
wmma.load.a.sync.aligned.row.m8n8k128{.ss}.b1  ra, [p]{, stride};
wmma.load.b.sync.aligned.col.m8n8k128{.ss}.b1  ra, [p]{, stride};
wmma.load.c.sync.aligned.layout.m8n8k128{.ss}.s32  rc, [p]{, stride};
memory read p source §9.7.14.4.3: the warp loads the fragment collectively;
sync collective aligned source §9.7.14.4.3;
.stype = { .s4, .u4 };
ra : out reg .b32 x1;
rc : out reg .s32 x2;
---
// ---------------------------------------------------------------- stores
@section 9.7.14.4.4
@summary Stores this thread's part of a warp-wide result fragment r to memory at p (row stride `stride`).
@effects write
wmma.store.d.sync{.aligned}.layout.shape{.ss}.type  [p], r{, stride};
memory write p source §9.7.14.4.4: the warp stores the fragment collectively;
sync collective aligned .aligned source §9.7.14.4.4;
.shape = { .m16n16k16, .m8n32k16, .m32n8k16 };
.type = { .f16, .f32 };
r : reg x(.type: .f16 = 4, .f32 = 8) (.type: .f16 = .b32, .f32 = .f32);
except .shared::cta !.aligned because .shared::cta needs .aligned ('.aligned modifier required');
---
wmma.store.d.sync.aligned.layout.shape{.ss}.s32  [p], r{, stride};
memory write p source §9.7.14.4.4: the warp stores the fragment collectively;
sync collective aligned source §9.7.14.4.4;
.shape = { .m16n16k16, .m8n32k16, .m32n8k16 };
r : reg .s32 x8;
---
wmma.store.d.sync.aligned.layout.m16n16k8{.ss}.f32  [p], r{, stride};
memory write p source §9.7.14.4.4: the warp stores the fragment collectively;
sync collective aligned source §9.7.14.4.4;
r : reg .f32 x8;
---
wmma.store.d.sync.aligned.layout.m8n8k4{.ss}.f64  [p], r{, stride};
memory write p source §9.7.14.4.4: the warp stores the fragment collectively;
sync collective aligned source §9.7.14.4.4;
r : reg .f64 x2;
---
wmma.store.d.sync.aligned.layout.ishape{.ss}.s32  [p], r{, stride};
memory write p source §9.7.14.4.4: the warp stores the fragment collectively;
sync collective aligned source §9.7.14.4.4;
.ishape = { .m8n8k32, .m8n8k128 };
r : reg .s32 x2;
---
// ---------------------------------------------------------------- multiply-accumulate
@section 9.7.14.4.5
@summary Computes d = a * b + c for warp-wide matrix fragments.
@effects none
wmma.mma.sync{.aligned}.alayout.blayout.shape.dtype.ctype  d, a, b, c;
sync collective aligned .aligned source §9.7.14.4.5;
.alayout = .blayout = { .row, .col };
.shape = { .m16n16k16, .m8n32k16, .m32n8k16 };
.dtype = .ctype = { .f16, .f32 };
d : out reg x(.dtype: .f16 = 4, .f32 = 8) (.dtype: .f16 = .b32, .f32 = .f32);
a, b : reg .b32 x8;
c : reg x(.ctype: .f16 = 4, .f32 = 8) (.ctype: .f16 = .b32, .f32 = .f32);
---
wmma.mma.sync.aligned.alayout.blayout.shape.dtype.atype.btype.ctype{.satfinite}  d, a, b, c;
sync collective aligned source §9.7.14.4.5;
.dtype = .ctype = { .s32 };
except .s8 .u8 because a and b have the same type ('Unexpected instruction types');
.alayout = .blayout = { .row, .col };
.shape = { .m16n16k16, .m8n32k16, .m32n8k16 };
.atype = .btype = { .s8, .u8 };
d : out reg .s32 x8;
a : reg .b32 x(.shape: .m16n16k16 = 2, .m8n32k16 = 1, .m32n8k16 = 4);
b : reg .b32 x(.shape: .m16n16k16 = 2, .m8n32k16 = 4, .m32n8k16 = 1);
c : reg .s32 x8;
---
wmma.mma.sync.aligned.alayout.blayout.shape.dtype.atype.btype.ctype  d, a, b, c;
sync collective aligned source §9.7.14.4.5;
.dtype = .ctype = { .f32 };
.atype = .btype = { .bf16 };
.alayout = .blayout = { .row, .col };
.shape = { .m16n16k16, .m8n32k16, .m32n8k16 };
d : out reg .f32 x8;
a : reg .b32 x(.shape: .m16n16k16 = 4, .m8n32k16 = 2, .m32n8k16 = 8);
b : reg .b32 x(.shape: .m16n16k16 = 4, .m8n32k16 = 8, .m32n8k16 = 2);
c : reg .f32 x8;
---
wmma.mma.sync.aligned.alayout.blayout.m16n16k8.dtype.atype.btype.ctype  d, a, b, c;
sync collective aligned source §9.7.14.4.5;
.dtype = .ctype = { .f32 };
.atype = .btype = { .tf32 };
.alayout = .blayout = { .row, .col };
d : out reg .f32 x8;
a, b : reg .b32 x4;
c : reg .f32 x8;
---
wmma.mma.sync.aligned.alayout.blayout.m8n8k4{.rnd}.dtype.atype.btype.ctype  d, a, b, c;
sync collective aligned source §9.7.14.4.5;
.dtype = .atype = .btype = .ctype = { .f64 };
.alayout = .blayout = { .row, .col };
.rnd = { .rn, .rz, .rm, .rp };
d : out reg .f64 x2;
a, b : reg .f64 x1;
c : reg .f64 x2;
---
wmma.mma.sync.aligned.row.col.m8n8k32.dtype.atype.btype.ctype{.satfinite}  d, a, b, c;
sync collective aligned source §9.7.14.4.5;
.dtype = .ctype = { .s32 };
except .s4 .u4 because a and b have the same type ('Unexpected instruction types');
.atype = .btype = { .s4, .u4 };
d : out reg .s32 x2;
a, b : reg .b32 x1;
c : reg .s32 x2;
---
wmma.mma.op.popc.sync.aligned.row.col.m8n8k128.dtype.atype.btype.ctype  d, a, b, c;
sync collective aligned source §9.7.14.4.5;
.dtype = .ctype = { .s32 };
.atype = .btype = { .b1 };
.op = { .xor, .and };
d : out reg .s32 x2;
a, b : reg .b32 x1;
c : reg .s32 x2;

// ------------------------------------------------------------------ versions and targets

require wmma
  ptx 6.0; target sm_70
  ptxas "Feature 'WMMA with floating point types'"
  probe "wmma.load.a.sync.row.m16n16k16.global.f16 {%r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8}, [gbuf]"
  source §9.7.14.4 L284/L300
require wmma .aligned
  ptx 6.3; target sm_70
  ptxas "Feature '.aligned modifier for wmma'" "Feature 'WMMA with floating point types'"
  probe "wmma.load.a.sync.aligned.row.m16n16k16.global.f16 {%r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8}, [gbuf]"
  source §9.7.14.4 L296
require wmma .m8n32k16|.m32n8k16
  ptx 6.1; target sm_70
  ptxas "Feature '.m32n8k16'" "Modifier '.m32n8k16'"
  probe "wmma.load.a.sync.row.m32n8k16.global.f16 {%r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8}, [gbuf]"
  source §9.7.14.4; RN 6.1
require wmma .s8|.u8
  ptx 6.3; target sm_72
  ptxas "Feature '.aligned modifier for wmma'" "Feature 'WMMA with integer types'"
  probe "wmma.load.a.sync.aligned.row.m16n16k16.global.s8 {%r1, %r2}, [gbuf]"
  source §9.7.14.4; RN 6.3
require wmma .s4|.u4|.b1
  ptx 6.3; target sm_75
  ptxas "Feature '.aligned modifier for wmma'" "Feature '.s4'"
  probe "wmma.load.a.sync.aligned.row.m8n8k32.global.s4 {%r1}, [gbuf]"
  source §9.7.14.4; RN 6.3
require wmma .f64|.bf16|.tf32
  ptx 7.0; target sm_80
  ptxas "Feature 'WMMA with fp64 types'"
  probe "wmma.load.a.sync.aligned.row.m8n8k4.global.f64 {%rd1}, [gbuf]"
  source §9.7.14.4; RN 7.0
require wmma .s32
  ptx 6.3; target sm_72
  ptxas "Feature 'WMMA with integer types'"
  probe "wmma.load.c.sync.aligned.row.m16n16k16.global.s32 {%r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8}, [gbuf]"
  source §9.7.14.4.3 PTX ISA/Target ISA Notes; ptxas
require wmma .m8n8k32|.m8n8k128
  ptx 6.3; target sm_75
  ptxas "Feature '.m8n8k32'|Feature '.m8n8k128'" "Modifier '.m8n8k32'|Modifier '.m8n8k128'"
  probe "wmma.load.c.sync.aligned.row.m8n8k32.global.s32 {%r1, %r2}, [gbuf]"
  source §9.7.14.4.3 PTX ISA/Target ISA Notes; ptxas
require wmma .m16n16k8|.m8n8k4
  ptx 7.0; target sm_80
  ptxas "Feature '.m16n16k8'|Feature '.m8n8k4'" "Modifier '.m16n16k8'|Modifier '.m8n8k4'"
  probe "wmma.load.c.sync.aligned.row.m16n16k8.global.f32 {%r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8}, [gbuf]"
  source §9.7.14.4.3 PTX ISA/Target ISA Notes; ptxas
require wmma .shared::cta
  ptx 7.8
  ptxas "Feature '::cta'"
  probe "wmma.load.a.sync.aligned.row.m16n16k16.shared::cta.f16 {%r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8}, [sbuf0]"
  setup ".shared .align 16 .b8 sbuf0[1024]"
  source §9.7.14.4.3 PTX ISA Notes; ptxas
require wmma .and
  ptx 7.1; target sm_80
  ptxas "Modifier '.and' on 'wmma.mma'"
  probe "wmma.mma.and.popc.sync.aligned.row.col.m8n8k128.s32.b1.b1.s32 {%r1, %r2}, {%r3}, {%r4}, {%r5, %r6}"
  source §9.7.14.4.5 PTX ISA/Target ISA Notes; ptxas

@ptxas-names wmma.load.a wmma.load.b wmma.load.c wmma.mma wmma.store.d source spec/ptxas-parser-notes.txt, the instruction table builder's opcode lists
