// wgmma: warpgroup-level asynchronous matrix multiply-accumulate (§9.7.15): mma_async (§9.7.15.5)
// and its sparse form (§9.7.15.6), with A from shared memory (a matrix descriptor, a-desc) or from
// registers (a), B always a descriptor; fence, commit_group and wait_group (§9.7.15.7).
// The accumulator d holds N/2 registers for .f32/.s32 results (N: the n of the shape) and N/4
// .f16x2 registers for .f16 results; the register fragment of A is four 32-bit registers.
// ptxas (12.9, 13.5) takes a constant descriptor and every wgmma without .aligned (probed).

@summary Multiplies warpgroup-wide matrices A and B and accumulates into d (scale-d: whether d is added).
@effects async

// d = A*B + d, or A*B when scale-d is false (§9.7.15.5.2 L559). The accumulators are read and written asynchronously, and the A fragment read so: complete at
// wgmma.wait_group (§9.7.15.5.2 "Accessing the accumulator registers ... before wgmma.wait_group
// ... is undefined").
d : inout reg .f32 x(.shape.n / 2) async wgmma read-when scale-d;
dh : inout reg .b32 x(.shape.n / 4) async wgmma read-when scale-d;
di : inout reg .s32 x(.shape.n / 2) async wgmma read-when scale-d;
a : reg .b32 x4 async wgmma;
sync collective aligned .aligned source §9.7.15.5.2: .sync.aligned: every thread of the warp executes the same wgmma.mma_async;
a-desc, b-desc : reg|imm .b64;
memory read descriptor a-desc format wgmma space .shared::cta proxy async async wgmma source §9.7.15.4: wgmma.mma_async reads the shared-memory matrix a descriptor names (§9.7.15.5.1) in the async proxy, complete at wgmma.wait_group;
memory read descriptor b-desc format wgmma space .shared::cta proxy async async wgmma source §9.7.15.4: as for a-desc;
scale-d : pred|imm .pred;
// ptxas: 'unexpected value '0', expected to be -1 or 1'.
imm-scale-a, imm-scale-b : imm .s32 range -1..1 nonzero eg 1;
imm-trans-a, imm-trans-b : imm .s32 range 0..1 eg 0;
sp-meta : reg .b32;
sp-sel : imm .s32 range 0..1 eg 0;

@section 9.7.15.5.2
// f16 multiplicands, .f16 accumulator.
wgmma.mma_async.sync{.aligned}.shape.dtype.atype.btype  dh, a-desc, b-desc, scale-d, imm-scale-a, imm-scale-b, imm-trans-a, imm-trans-b;
wgmma.mma_async.sync{.aligned}.shape.dtype.atype.btype  dh, a, b-desc, scale-d, imm-scale-a, imm-scale-b, imm-trans-b;
.shape = { .m64n8k16, .m64n16k16, .m64n24k16, .m64n32k16, .m64n40k16, .m64n48k16, .m64n56k16, .m64n64k16, .m64n72k16, .m64n80k16, .m64n88k16, .m64n96k16, .m64n104k16, .m64n112k16, .m64n120k16, .m64n128k16, .m64n136k16, .m64n144k16, .m64n152k16, .m64n160k16, .m64n168k16, .m64n176k16, .m64n184k16, .m64n192k16, .m64n200k16, .m64n208k16, .m64n216k16, .m64n224k16, .m64n232k16, .m64n240k16, .m64n248k16, .m64n256k16 };
.dtype = { .f16 };
.atype = .btype = { .f16 };
---
// f16 multiplicands, .f32 accumulator.
wgmma.mma_async.sync{.aligned}.shape.dtype.atype.btype  d, a-desc, b-desc, scale-d, imm-scale-a, imm-scale-b, imm-trans-a, imm-trans-b;
wgmma.mma_async.sync{.aligned}.shape.dtype.atype.btype  d, a, b-desc, scale-d, imm-scale-a, imm-scale-b, imm-trans-b;
.shape = { .m64n8k16, .m64n16k16, .m64n24k16, .m64n32k16, .m64n40k16, .m64n48k16, .m64n56k16, .m64n64k16, .m64n72k16, .m64n80k16, .m64n88k16, .m64n96k16, .m64n104k16, .m64n112k16, .m64n120k16, .m64n128k16, .m64n136k16, .m64n144k16, .m64n152k16, .m64n160k16, .m64n168k16, .m64n176k16, .m64n184k16, .m64n192k16, .m64n200k16, .m64n208k16, .m64n216k16, .m64n224k16, .m64n232k16, .m64n240k16, .m64n248k16, .m64n256k16 };
.dtype = { .f32 };
.atype = .btype = { .f16 };
---
// bf16 multiplicands, .f32 accumulator.
wgmma.mma_async.sync{.aligned}.shape.dtype.atype.btype  d, a-desc, b-desc, scale-d, imm-scale-a, imm-scale-b, imm-trans-a, imm-trans-b;
wgmma.mma_async.sync{.aligned}.shape.dtype.atype.btype  d, a, b-desc, scale-d, imm-scale-a, imm-scale-b, imm-trans-b;
.shape = { .m64n8k16, .m64n16k16, .m64n24k16, .m64n32k16, .m64n40k16, .m64n48k16, .m64n56k16, .m64n64k16, .m64n72k16, .m64n80k16, .m64n88k16, .m64n96k16, .m64n104k16, .m64n112k16, .m64n120k16, .m64n128k16, .m64n136k16, .m64n144k16, .m64n152k16, .m64n160k16, .m64n168k16, .m64n176k16, .m64n184k16, .m64n192k16, .m64n200k16, .m64n208k16, .m64n216k16, .m64n224k16, .m64n232k16, .m64n240k16, .m64n248k16, .m64n256k16 };
.dtype = { .f32 };
.atype = .btype = { .bf16 };
---
// tf32 (no transpose) multiplicands, .f32 accumulator.
wgmma.mma_async.sync{.aligned}.shape.dtype.atype.btype  d, a-desc, b-desc, scale-d, imm-scale-a, imm-scale-b;
wgmma.mma_async.sync{.aligned}.shape.dtype.atype.btype  d, a, b-desc, scale-d, imm-scale-a, imm-scale-b;
.shape = { .m64n8k8, .m64n16k8, .m64n24k8, .m64n32k8, .m64n40k8, .m64n48k8, .m64n56k8, .m64n64k8, .m64n72k8, .m64n80k8, .m64n88k8, .m64n96k8, .m64n104k8, .m64n112k8, .m64n120k8, .m64n128k8, .m64n136k8, .m64n144k8, .m64n152k8, .m64n160k8, .m64n168k8, .m64n176k8, .m64n184k8, .m64n192k8, .m64n200k8, .m64n208k8, .m64n216k8, .m64n224k8, .m64n232k8, .m64n240k8, .m64n248k8, .m64n256k8 };
.dtype = { .f32 };
.atype = .btype = { .tf32 };
---
// FP8 (no transpose) multiplicands, .f16 accumulator.
wgmma.mma_async.sync{.aligned}.shape.dtype.atype.btype  dh, a-desc, b-desc, scale-d, imm-scale-a, imm-scale-b;
wgmma.mma_async.sync{.aligned}.shape.dtype.atype.btype  dh, a, b-desc, scale-d, imm-scale-a, imm-scale-b;
.shape = { .m64n8k32, .m64n16k32, .m64n24k32, .m64n32k32, .m64n40k32, .m64n48k32, .m64n56k32, .m64n64k32, .m64n72k32, .m64n80k32, .m64n88k32, .m64n96k32, .m64n104k32, .m64n112k32, .m64n120k32, .m64n128k32, .m64n136k32, .m64n144k32, .m64n152k32, .m64n160k32, .m64n168k32, .m64n176k32, .m64n184k32, .m64n192k32, .m64n200k32, .m64n208k32, .m64n216k32, .m64n224k32, .m64n232k32, .m64n240k32, .m64n248k32, .m64n256k32 };
.dtype = { .f16 };
.atype = .btype = { .e4m3, .e5m2 };
---
// FP8 (no transpose) multiplicands, .f32 accumulator.
wgmma.mma_async.sync{.aligned}.shape.dtype.atype.btype  d, a-desc, b-desc, scale-d, imm-scale-a, imm-scale-b;
wgmma.mma_async.sync{.aligned}.shape.dtype.atype.btype  d, a, b-desc, scale-d, imm-scale-a, imm-scale-b;
.shape = { .m64n8k32, .m64n16k32, .m64n24k32, .m64n32k32, .m64n40k32, .m64n48k32, .m64n56k32, .m64n64k32, .m64n72k32, .m64n80k32, .m64n88k32, .m64n96k32, .m64n104k32, .m64n112k32, .m64n120k32, .m64n128k32, .m64n136k32, .m64n144k32, .m64n152k32, .m64n160k32, .m64n168k32, .m64n176k32, .m64n184k32, .m64n192k32, .m64n200k32, .m64n208k32, .m64n216k32, .m64n224k32, .m64n232k32, .m64n240k32, .m64n248k32, .m64n256k32 };
.dtype = { .f32 };
.atype = .btype = { .e4m3, .e5m2 };
---
// integer multiplicands, .s32 accumulator.
wgmma.mma_async.sync{.aligned}.shape{.satfinite}.dtype.atype.btype  di, a-desc, b-desc, scale-d;
wgmma.mma_async.sync{.aligned}.shape{.satfinite}.dtype.atype.btype  di, a, b-desc, scale-d;
.shape = { .m64n8k32, .m64n16k32, .m64n24k32, .m64n32k32, .m64n48k32, .m64n64k32, .m64n80k32, .m64n96k32, .m64n112k32, .m64n128k32, .m64n144k32, .m64n160k32, .m64n176k32, .m64n192k32, .m64n208k32, .m64n224k32, .m64n240k32, .m64n256k32 };
// .m64n240k32 and .m64n256k32: the shape table (§9.7.15.2) has them, the Syntax block stops
// at .m64n224k32; ptxas 13.5 assembles .m64n256k32 (CUTLASS's SM90 integer GMMA atoms use it).
.dtype = { .s32 };
.atype = .btype = { .s8, .u8 };
// .s8 with .u8 (mixed): PTX 8.4 (require record below).
---
// single-bit multiplicands, .s32 accumulator.
wgmma.mma_async.sync{.aligned}.shape.dtype.atype.btype.and.popc  di, a-desc, b-desc, scale-d;
wgmma.mma_async.sync{.aligned}.shape.dtype.atype.btype.and.popc  di, a, b-desc, scale-d;
.shape = { .m64n8k256, .m64n16k256, .m64n24k256, .m64n32k256, .m64n48k256, .m64n64k256, .m64n80k256, .m64n96k256, .m64n112k256, .m64n128k256, .m64n144k256, .m64n160k256, .m64n176k256, .m64n192k256, .m64n208k256, .m64n224k256, .m64n240k256, .m64n256k256 };
.dtype = { .s32 };
.atype = .btype = { .b1 };
---
@section 9.7.15.6.2
// f16 multiplicands, .f16 accumulator.
wgmma.mma_async.sp.sync{.aligned}.shape.dtype.atype.btype  dh, a-desc, b-desc, sp-meta, sp-sel, scale-d, imm-scale-a, imm-scale-b, imm-trans-a, imm-trans-b;
wgmma.mma_async.sp.sync{.aligned}.shape.dtype.atype.btype  dh, a, b-desc, sp-meta, sp-sel, scale-d, imm-scale-a, imm-scale-b, imm-trans-b;
.shape = { .m64n8k32, .m64n16k32, .m64n24k32, .m64n32k32, .m64n40k32, .m64n48k32, .m64n56k32, .m64n64k32, .m64n72k32, .m64n80k32, .m64n88k32, .m64n96k32, .m64n104k32, .m64n112k32, .m64n120k32, .m64n128k32, .m64n136k32, .m64n144k32, .m64n152k32, .m64n160k32, .m64n168k32, .m64n176k32, .m64n184k32, .m64n192k32, .m64n200k32, .m64n208k32, .m64n216k32, .m64n224k32, .m64n232k32, .m64n240k32, .m64n248k32, .m64n256k32 };
.dtype = { .f16 };
.atype = .btype = { .f16 };
---
// f16 multiplicands, .f32 accumulator.
wgmma.mma_async.sp.sync{.aligned}.shape.dtype.atype.btype  d, a-desc, b-desc, sp-meta, sp-sel, scale-d, imm-scale-a, imm-scale-b, imm-trans-a, imm-trans-b;
wgmma.mma_async.sp.sync{.aligned}.shape.dtype.atype.btype  d, a, b-desc, sp-meta, sp-sel, scale-d, imm-scale-a, imm-scale-b, imm-trans-b;
.shape = { .m64n8k32, .m64n16k32, .m64n24k32, .m64n32k32, .m64n40k32, .m64n48k32, .m64n56k32, .m64n64k32, .m64n72k32, .m64n80k32, .m64n88k32, .m64n96k32, .m64n104k32, .m64n112k32, .m64n120k32, .m64n128k32, .m64n136k32, .m64n144k32, .m64n152k32, .m64n160k32, .m64n168k32, .m64n176k32, .m64n184k32, .m64n192k32, .m64n200k32, .m64n208k32, .m64n216k32, .m64n224k32, .m64n232k32, .m64n240k32, .m64n248k32, .m64n256k32 };
.dtype = { .f32 };
.atype = .btype = { .f16 };
---
// bf16 multiplicands, .f32 accumulator.
wgmma.mma_async.sp.sync{.aligned}.shape.dtype.atype.btype  d, a-desc, b-desc, sp-meta, sp-sel, scale-d, imm-scale-a, imm-scale-b, imm-trans-a, imm-trans-b;
wgmma.mma_async.sp.sync{.aligned}.shape.dtype.atype.btype  d, a, b-desc, sp-meta, sp-sel, scale-d, imm-scale-a, imm-scale-b, imm-trans-b;
.shape = { .m64n8k32, .m64n16k32, .m64n24k32, .m64n32k32, .m64n40k32, .m64n48k32, .m64n56k32, .m64n64k32, .m64n72k32, .m64n80k32, .m64n88k32, .m64n96k32, .m64n104k32, .m64n112k32, .m64n120k32, .m64n128k32, .m64n136k32, .m64n144k32, .m64n152k32, .m64n160k32, .m64n168k32, .m64n176k32, .m64n184k32, .m64n192k32, .m64n200k32, .m64n208k32, .m64n216k32, .m64n224k32, .m64n232k32, .m64n240k32, .m64n248k32, .m64n256k32 };
.dtype = { .f32 };
.atype = .btype = { .bf16 };
---
// tf32 (no transpose) multiplicands, .f32 accumulator.
wgmma.mma_async.sp.sync{.aligned}.shape.dtype.atype.btype  d, a-desc, b-desc, sp-meta, sp-sel, scale-d, imm-scale-a, imm-scale-b;
wgmma.mma_async.sp.sync{.aligned}.shape.dtype.atype.btype  d, a, b-desc, sp-meta, sp-sel, scale-d, imm-scale-a, imm-scale-b;
.shape = { .m64n8k16, .m64n16k16, .m64n24k16, .m64n32k16, .m64n40k16, .m64n48k16, .m64n56k16, .m64n64k16, .m64n72k16, .m64n80k16, .m64n88k16, .m64n96k16, .m64n104k16, .m64n112k16, .m64n120k16, .m64n128k16, .m64n136k16, .m64n144k16, .m64n152k16, .m64n160k16, .m64n168k16, .m64n176k16, .m64n184k16, .m64n192k16, .m64n200k16, .m64n208k16, .m64n216k16, .m64n224k16, .m64n232k16, .m64n240k16, .m64n248k16, .m64n256k16 };
.dtype = { .f32 };
.atype = .btype = { .tf32 };
---
// FP8 (no transpose) multiplicands, .f16 accumulator.
wgmma.mma_async.sp.sync{.aligned}.shape.dtype.atype.btype  dh, a-desc, b-desc, sp-meta, sp-sel, scale-d, imm-scale-a, imm-scale-b;
wgmma.mma_async.sp.sync{.aligned}.shape.dtype.atype.btype  dh, a, b-desc, sp-meta, sp-sel, scale-d, imm-scale-a, imm-scale-b;
.shape = { .m64n8k64, .m64n16k64, .m64n24k64, .m64n32k64, .m64n40k64, .m64n48k64, .m64n56k64, .m64n64k64, .m64n72k64, .m64n80k64, .m64n88k64, .m64n96k64, .m64n104k64, .m64n112k64, .m64n120k64, .m64n128k64, .m64n136k64, .m64n144k64, .m64n152k64, .m64n160k64, .m64n168k64, .m64n176k64, .m64n184k64, .m64n192k64, .m64n200k64, .m64n208k64, .m64n216k64, .m64n224k64, .m64n232k64, .m64n240k64, .m64n248k64, .m64n256k64 };
.dtype = { .f16 };
// ptxas: 'unexpected value '1', expected to be 0' for FP8 and integer types.
sp-sel : imm .s32 range 0..0 eg 0;
.atype = .btype = { .e4m3, .e5m2 };
---
// FP8 (no transpose) multiplicands, .f32 accumulator.
wgmma.mma_async.sp.sync{.aligned}.shape.dtype.atype.btype  d, a-desc, b-desc, sp-meta, sp-sel, scale-d, imm-scale-a, imm-scale-b;
wgmma.mma_async.sp.sync{.aligned}.shape.dtype.atype.btype  d, a, b-desc, sp-meta, sp-sel, scale-d, imm-scale-a, imm-scale-b;
.shape = { .m64n8k64, .m64n16k64, .m64n24k64, .m64n32k64, .m64n40k64, .m64n48k64, .m64n56k64, .m64n64k64, .m64n72k64, .m64n80k64, .m64n88k64, .m64n96k64, .m64n104k64, .m64n112k64, .m64n120k64, .m64n128k64, .m64n136k64, .m64n144k64, .m64n152k64, .m64n160k64, .m64n168k64, .m64n176k64, .m64n184k64, .m64n192k64, .m64n200k64, .m64n208k64, .m64n216k64, .m64n224k64, .m64n232k64, .m64n240k64, .m64n248k64, .m64n256k64 };
.dtype = { .f32 };
// ptxas: 'unexpected value '1', expected to be 0' for FP8 and integer types.
sp-sel : imm .s32 range 0..0 eg 0;
.atype = .btype = { .e4m3, .e5m2 };
---
// integer multiplicands, .s32 accumulator.
wgmma.mma_async.sp.sync{.aligned}.shape{.satfinite}.dtype.atype.btype  di, a-desc, b-desc, sp-meta, sp-sel, scale-d;
wgmma.mma_async.sp.sync{.aligned}.shape{.satfinite}.dtype.atype.btype  di, a, b-desc, sp-meta, sp-sel, scale-d;
.shape = { .m64n8k64, .m64n16k64, .m64n24k64, .m64n32k64, .m64n48k64, .m64n64k64, .m64n80k64, .m64n96k64, .m64n112k64, .m64n128k64, .m64n144k64, .m64n160k64, .m64n176k64, .m64n192k64, .m64n208k64, .m64n224k64, .m64n240k64, .m64n256k64 };
// .m64n240k64 and .m64n256k64: in the shape table (§9.7.15.2), not in the Syntax block.
.dtype = { .s32 };
// ptxas: 'unexpected value '1', expected to be 0' for FP8 and integer types.
sp-sel : imm .s32 range 0..0 eg 0;
.atype = .btype = { .s8, .u8 };
// .s8 with .u8 (mixed): PTX 8.4 (require record below).
---
@section 9.7.15.7
@summary Orders register accesses before later wgmma.mma_async instructions of the warpgroup.
@effects sync
wgmma.fence.sync{.aligned};
sync operand-fence wgmma source §9.7.15.7: orders prior accesses to the registers and shared memory of later wgmma.mma_async;
sync collective aligned .aligned source §9.7.15.7;
---
@summary Commits the warpgroup's prior wgmma.mma_async operations into a group.
@effects sync async
wgmma.commit_group.sync{.aligned};
sync commit wgmma source §9.7.15.7: the warpgroup's uncommitted wgmma.mma_async operations form a new group;
sync collective aligned .aligned source §9.7.15.7;
---
@summary Waits until at most n of the warpgroup's wgmma groups are pending.
@effects sync
n : imm eg 0;
wgmma.wait_group.sync{.aligned}  n;
sync wait wgmma pending n source §9.7.15.7: until at most n of the most recent groups are pending;
sync collective aligned .aligned source §9.7.15.7;

// ------------------------------------------------------------------ versions and targets

require wgmma
  ptx 8.0; target sm_90a
  probe "wgmma.fence.sync.aligned"
  source §9.7.15.5 L605/L611; T72 (sm_90a only; every wgmma op)
require wgmma.fence
  ptx 8.0; target sm_90a
  ptxas "Feature 'WGMMA'" "Instruction 'wgmma.fence'"
  probe "wgmma.fence.sync.aligned"
  source §9.7.15.5 L605/L611; T72
require wgmma.commit_group
  ptx 8.0; target sm_90a
  ptxas "Feature 'WGMMA'" "Instruction 'wgmma.commit_group'"
  probe "wgmma.commit_group.sync.aligned"
  source §9.7.15.5; T72
require wgmma.wait_group
  ptx 8.0; target sm_90a
  ptxas "Feature 'WGMMA'" "Instruction 'wgmma.wait_group'"
  probe "wgmma.wait_group.sync.aligned 0"
  source §9.7.15.5; T72
require wgmma.mma_async !.sp|.s32
  ptx 8.0; target sm_90a
  ptxas "Feature 'WGMMA with floating point types'" "Instruction 'wgmma.mma_async with floating point types'"
  probe "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {%r1, %r2, %r3, %r4}, %rd1, %rd2, 1, 1, 1, 0, 0"
  source §9.7.15.5; T72
require wgmma.mma_async.sp
  ptx 8.2; target sm_90a
  ptxas "Feature 'Sparse WGMMA with floating point types'" "Instruction 'Sparse wgmma.mma_async with floating point types'|Instruction 'Sparse wgmma.mma_async with mixed integer types'"
  probe "wgmma.mma_async.sp.sync.aligned.m64n8k32.f32.f16.f16 {%r1, %r2, %r3, %r4}, %rd1, %rd2, %r5, 0, 1, 1, 1, 0, 0"
  source §9.7.15.6 L358/L364
require wgmma.mma_async .s32 !.sp
  ptx 8.0; target sm_90a
  ptxas "Feature 'WGMMA with integer types'" "Instruction 'wgmma.mma_async with integer types'|Instruction 'wgmma.mma_async with mixed integer types'"
  probe "wgmma.mma_async.sync.aligned.m64n8k32.s32.s8.s8 {%r1, %r2, %r3, %r4}, %rd1, %rd2, 1"
  source §9.7.15.5
require wgmma.mma_async .s8 .u8 !.sp
  ptx 8.4; target sm_90a
  not-supported
  ptxas "Feature 'WGMMA with mixed integer types'" "Instruction 'wgmma.mma_async with mixed integer types'"
  probe "wgmma.mma_async.sync.aligned.m64n8k32.s32.s8.u8 {%r1, %r2, %r3, %r4}, %rd1, %rd2, 1"
  source §9.7.15.5.2 PTX ISA Notes; ptxas
require wgmma.mma_async.sp .s8 .u8
  ptx 8.4; target sm_90a
  not-supported
  ptxas "Feature 'Sparse WGMMA with mixed integer types'" "Instruction 'Sparse wgmma.mma_async with mixed integer types'"
  probe "wgmma.mma_async.sp.sync.aligned.m64n8k64.s32.s8.u8 {%r1, %r2, %r3, %r4}, %rd1, %rd2, %r5, 0, 1"
  source §9.7.15.6.2 PTX ISA Notes; ptxas

@ptxas-names wgmma.commit_group wgmma.fence wgmma.mma_async wgmma.wait_group source spec/ptxas-parser-notes.txt, the instruction table builder's opcode lists
