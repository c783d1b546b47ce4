// multimem: operations on a multimem address, which names memory on several GPUs:
// multimem.ld_reduce, multimem.st, multimem.red (§9.7.9.14), multimem.cp.async.bulk
// (§9.7.9.26), multimem.cp.reduce.async.bulk (§9.7.9.27), and the PTX 9.3 multimem.st.async and
// multimem.red.async (ptxas 13.5; not in the 9.1 manual).
//
// ptxas: a semantics qualifier and a scope go together ("Modifier '.relaxed' requires scope with
// 'multimem.st' instruction", "Modifier '.gpu' requires order with 'multimem.st' instruction"),
// where the manual writes each optional.

@summary Loads from every location a multimem address names and reduces the values into d.
@effects read

d : out reg;
a : addr;
b : reg|imm;

.ss     = { .global };
.ldsem  = { .relaxed, .acquire };
.stsem  = { .relaxed, .release };
.redsem = { .relaxed, .release };
.scope  = { .cta, .cluster, .gpu, .sys };

@section 9.7.9.14
multimem.ld_reduce{.ss}.op.type  d, [a];
multimem.ld_reduce.ldsem.scope{.ss}.op.type  d, [a];
multimem.ld_reduce.weak{.ss}.op.type  d, [a];
memory read a width d source §9.7.9.14: a load-reduce over the multimem address;
.op   = { .min, .max, .add, .and, .or, .xor };
.type = { .b32, .b64, .u32, .u64, .s32, .s64 };
except .add !.u32|.u64|.s32 because .add takes .u32, .u64 or .s32;
except .and|.or|.xor !.b32|.b64 because .and, .or and .xor take .b32 or .b64;
except .min|.max .b32|.b64 because .min and .max take .u32, .s32, .u64 or .s64;
---
@summary Stores b to every location a multimem address names.
@effects write
multimem.st{.ss}.type  [a], b;
multimem.st.stsem.scope{.ss}.type  [a], b;
multimem.st.weak{.ss}.type  [a], b;
memory write a width b source §9.7.9.14;
.type = { .b32, .b64, .u32, .u64, .s32, .s64 };
---
@summary Reduces b into every location a multimem address names.
@effects read write sync
multimem.red{.ss}.op.type  [a], b;
multimem.red.redsem.scope{.ss}.op.type  [a], b;
memory modify a width b atomic order relaxed scope gpu source §9.7.9.14: .relaxed.gpu when absent;
.op   = { .min, .max, .add, .and, .or, .xor };
.type = { .b32, .b64, .u32, .u64, .s32, .s64 };
except .add !.u32|.u64|.s32 because .add takes .u32, .u64 or .s32;
except .and|.or|.xor !.b32|.b64 because .and, .or and .xor take .b32 or .b64;
except .min|.max .b32|.b64 because .min and .max take .u32, .s32, .u64 or .s64;
---
@summary Loads floating-point values from every location a multimem address names and reduces them into d.
multimem.ld_reduce{.ss}.op{.acc_prec}{.vec}.type  d, [a];
multimem.ld_reduce.ldsem.scope{.ss}.op{.acc_prec}{.vec}.type  d, [a];
multimem.ld_reduce.weak{.ss}.op{.acc_prec}{.vec}.type  d, [a];
memory read a width d source §9.7.9.14: a load-reduce over the multimem address;
.op       = { .min, .max, .add };
.acc_prec = { .acc::f32, .acc::f16 };
.vec      = { .v2, .v4, .v8 };
.type     = { .f16x2, .bf16x2, .f32, .f64, .f16, .bf16, .e5m2, .e5m2x2, .e5m2x4, .e4m3, .e4m3x2, .e4m3x4 };
d : out reg|sink x.vec;
except .min|.max .f32|.f64 because .min and .max take half-precision and FP8 types;
except .acc::f32|.acc::f16 .min|.max because ptxas: "Illegal reduction operation for instruction 'multimem.ld_reduce'" (an accumulation precision goes with .add);
except .acc::f32 !.f16|.f16x2|.bf16|.bf16x2 because .acc::f32 goes with .f16, .f16x2, .bf16 and .bf16x2;
except .acc::f16 !.e5m2|.e5m2x2|.e5m2x4|.e4m3|.e4m3x2|.e4m3x4 because .acc::f16 goes with the FP8 types;
except !.v2|.v4|.v8 .f16|.bf16|.e5m2|.e4m3|.e5m2x2|.e4m3x2 because the type and vector must make 32, 64 or 128 bits (no .vec: .f16x2, .bf16x2, .f32, .f64, .e5m2x4, .e4m3x4);
except .v2 .f64|.e5m2|.e4m3 because the type and vector must make 32, 64 or 128 bits;
except .v4 .f64 because the type and vector must make 32, 64 or 128 bits;
except .v8 .f16x2|.bf16x2|.f32|.f64|.e5m2x4|.e4m3x4 because the type and vector must make 32, 64 or 128 bits;
---
@summary Stores floating-point values to every location a multimem address names.
@effects write
multimem.st{.ss}{.vec}.type  [a], b;
multimem.st.stsem.scope{.ss}{.vec}.type  [a], b;
multimem.st.weak{.ss}{.vec}.type  [a], b;
memory write a width b source §9.7.9.14;
.vec  = { .v2, .v4, .v8 };
.type = { .f16x2, .bf16x2, .f32, .f64, .f16, .bf16, .e5m2, .e5m2x2, .e5m2x4, .e4m3, .e4m3x2, .e4m3x4 };
b : reg|imm x.vec;
except !.v2|.v4|.v8 .f16|.bf16|.e5m2|.e4m3|.e5m2x2|.e4m3x2 because the type and vector must make 32, 64 or 128 bits (no .vec: .f16x2, .bf16x2, .f32, .f64, .e5m2x4, .e4m3x4);
except .v2 .f64|.e5m2|.e4m3 because the type and vector must make 32, 64 or 128 bits;
except .v4 .f64 because the type and vector must make 32, 64 or 128 bits;
except .v8 .f16x2|.bf16x2|.f32|.f64|.e5m2x4|.e4m3x4 because the type and vector must make 32, 64 or 128 bits;
---
@summary Adds floating-point values into every location a multimem address names.
@effects read write sync
multimem.red{.ss}.redop{.vec}.redtype  [a], b;
multimem.red.redsem.scope{.ss}.redop{.vec}.redtype  [a], b;
memory modify a width b atomic order relaxed scope gpu source §9.7.9.14: .relaxed.gpu when absent;
.redop   = { .add };
.vec     = { .v2, .v4, .v8 };
.redtype = { .f16x2, .bf16x2, .f32, .f64, .f16, .bf16 };
b : reg|imm x.vec;
except !.v2|.v4|.v8 .f16|.bf16 because the type and vector must make 32, 64 or 128 bits (no .vec: .f16x2, .bf16x2, .f32, .f64);
except .v2|.v4 .f64 because the type and vector must make 32, 64 or 128 bits;
except .v8 .f16x2|.bf16x2|.f32|.f64 because the type and vector must make 32, 64 or 128 bits;
---
@summary Release store to every location a multimem address names, completing asynchronously (PTX 9.3).
@effects write async
multimem.st.async.release.scope{.ss}.type  [a], b;
memory write a width b source §9.7.9.14;
.scope = { .sys, .gpu };
.type  = { .b8, .b16, .b32, .b64, .u8, .u16, .u32, .u64, .s8, .s16, .s32, .s64, .f32, .f64 };
b : reg|imm wide;
// ptxas 13.5: ".release modifier required for instruction 'multimem.st.async'"; no .cta or
// .cluster scope; no vector ("Vector qualifier is not allowed").
---
@summary Release add into every location a multimem address names, completing asynchronously (PTX 9.3).
@effects read write sync async
multimem.red.async.release.scope{.ss}.add.type  [a], b;
memory modify a width b atomic order relaxed scope gpu source §9.7.9.14: .relaxed.gpu when absent;
.scope = { .sys, .gpu };
.type  = { .u32, .s32, .u64 };
// ptxas 13.5 takes .add only ("Incorrect type '.u32' for operation '.min' in instruction
// 'multimem.red.async'"; "Illegal reduction operation" for .inc/.dec).
---
@section 9.7.9.26
@summary Copies size bytes from shared memory to every location a multimem address names, asynchronously.
@effects read write async
multimem.cp.async.bulk.dst.src.completion_mechanism{.cp_mask}  [dstMem], [srcMem], size{, byteMask};
.dst = { .global };
.src = { .shared::cta };
.completion_mechanism = { .bulk_group };
size     : reg|imm .b32 eg 16;
byteMask : reg|imm .b16 if .cp_mask;
---
@section 9.7.9.27
@summary Reduces size bytes of shared memory into every location a multimem address names, asynchronously.
@effects read write async
multimem.cp.reduce.async.bulk.dst.src.completion_mechanism.redOp.type  [dstMem], [srcMem], size;
.dst = { .global };
.src = { .shared::cta };
.completion_mechanism = { .bulk_group };
.redOp = { .and, .or, .xor, .add, .inc, .dec, .min, .max };
.type  = { .u32, .s32, .u64, .s64, .b32, .b64, .f32, .f64, .f16, .bf16 };
size : reg|imm .b32 eg 16;
except .add .s64|.b32|.b64|.f16|.bf16 because .add takes .u32, .s32, .u64, .f32, .f64 (.f16 and .bf16 with .noftz);
except .min|.max .b32|.b64|.f32|.f64 because .min and .max take .u32, .s32, .u64, .s64, .f16 or .bf16;
except .inc|.dec !.u32 because .inc and .dec take .u32;
except .and|.or|.xor !.b32|.b64 because .and, .or and .xor take .b32 or .b64;
---
@summary Adds size bytes of .f16/.bf16 values from shared memory into every location a multimem address names, keeping subnormals.
multimem.cp.reduce.async.bulk.dst.src.completion_mechanism.add.noftz.htype  [dstMem], [srcMem], size;
.dst = { .global };
.src = { .shared::cta };
.completion_mechanism = { .bulk_group };
.htype = { .f16, .bf16 };
size : reg|imm .b32 eg 16;

// ------------------------------------------------------------------ versions and targets

require multimem.ld_reduce
  ptx 8.1; target sm_90
  ptxas "Feature 'multimem.ld_reduce'"
  probe "multimem.ld_reduce.relaxed.sys.global.add.u32 %r1, [%rd1]"
  source §9.7.9.14 L114/L124
require multimem.st
  ptx 8.1; target sm_90
  ptxas "Feature 'multimem.st'"
  probe "multimem.st.relaxed.sys.global.b32 [%rd1], %r1"
  source §9.7.9.14 L114/L124
require multimem.red
  ptx 8.1; target sm_90
  ptxas "Feature 'multimem.red'"
  probe "multimem.red.relaxed.sys.global.add.u32 [%rd1], %r1"
  source §9.7.9.14 L114/L124
require multimem.cp.async.bulk
  ptx 9.1; target sm_90
  ptxas "Feature 'multimem.cp.async.bulk'"
  probe "multimem.cp.async.bulk.global.shared::cta.bulk_group [%rd1], [sbuf], 16"
  source §9.7.9.26 L37/L41
require multimem.cp.reduce.async.bulk
  ptx 9.1; target sm_90
  ptxas "Feature 'multimem.cp.reduce.async.bulk'"
  probe "multimem.cp.reduce.async.bulk.global.shared::cta.bulk_group.add.u32 [%rd1], [sbuf], 16"
  source §9.7.9.27 (PTX ISA notes: 9.1; target notes: sm_90)
require multimem.cp.async.bulk .cp_mask
  ptx 9.1; target sm_100
  ptxas "Feature 'multimem.cp.async.bulk'" "Feature '.cp_mask'"
  probe "multimem.cp.async.bulk.global.shared::cta.bulk_group.cp_mask [%rd1], [sbuf], 16, %h1"
  source §9.7.9.26 (.cp_mask needs sm_100)
require multimem .acc::f32
  ptx 8.2; target sm_90
  ptxas "Modifier '.acc::f32'"
  probe "multimem.ld_reduce.relaxed.sys.global.add.acc::f32.f16x2 %r1, [%rd1]"
  source §9.7.9.14 (.acc::f32 in 8.2)
require multimem .e5m2
  ptx 8.6; target sm_100a, sm_101a, sm_120a, sm_121a@8.8, sm_100f@8.8, sm_101f@8.8
  ptxas "Feature '.e5m2'" "Feature '.e5m2'"
  probe "multimem.ld_reduce.relaxed.sys.global.add.v4.e5m2 {%b1, %b2, %b3, %b4}, [%rd1]"
  source §9.7.9.14 (FP8 types and .acc::f16 in 8.6 on sm_100a/101a/120a/121a, f targets from 8.8); ptxas
require multimem .e5m2x2
  ptx 8.6; target sm_100a, sm_101a, sm_120a, sm_121a@8.8, sm_100f@8.8, sm_101f@8.8
  ptxas "Feature '.e5m2x2'" "Feature '.e5m2x2'"
  probe "multimem.ld_reduce.relaxed.sys.global.add.v2.e5m2x2 {%h1, %h2}, [%rd1]"
  source §9.7.9.14 (FP8 types and .acc::f16 in 8.6 on sm_100a/101a/120a/121a, f targets from 8.8); ptxas
require multimem .e5m2x4
  ptx 8.6; target sm_100a, sm_101a, sm_120a, sm_121a@8.8, sm_100f@8.8, sm_101f@8.8
  ptxas "Feature '.e5m2x4'" "Feature '.e5m2x4'"
  probe "multimem.ld_reduce.relaxed.sys.global.add.e5m2x4 %r1, [%rd1]"
  source §9.7.9.14 (FP8 types and .acc::f16 in 8.6 on sm_100a/101a/120a/121a, f targets from 8.8); ptxas
require multimem .e4m3
  ptx 8.6; target sm_100a, sm_101a, sm_120a, sm_121a@8.8, sm_100f@8.8, sm_101f@8.8
  ptxas "Feature '.e4m3'" "Feature '.e4m3'"
  probe "multimem.ld_reduce.relaxed.sys.global.add.v4.e4m3 {%b1, %b2, %b3, %b4}, [%rd1]"
  source §9.7.9.14 (FP8 types and .acc::f16 in 8.6 on sm_100a/101a/120a/121a, f targets from 8.8); ptxas
require multimem .e4m3x2
  ptx 8.6; target sm_100a, sm_101a, sm_120a, sm_121a@8.8, sm_100f@8.8, sm_101f@8.8
  ptxas "Feature '.e4m3x2'" "Feature '.e4m3x2'"
  probe "multimem.ld_reduce.relaxed.sys.global.add.v2.e4m3x2 {%h1, %h2}, [%rd1]"
  source §9.7.9.14 (FP8 types and .acc::f16 in 8.6 on sm_100a/101a/120a/121a, f targets from 8.8); ptxas
require multimem .e4m3x4
  ptx 8.6; target sm_100a, sm_101a, sm_120a, sm_121a@8.8, sm_100f@8.8, sm_101f@8.8
  ptxas "Feature '.e4m3x4'" "Feature '.e4m3x4'"
  probe "multimem.ld_reduce.relaxed.sys.global.add.e4m3x4 %r1, [%rd1]"
  source §9.7.9.14 (FP8 types and .acc::f16 in 8.6 on sm_100a/101a/120a/121a, f targets from 8.8); ptxas
require multimem .acc::f16
  ptx 8.6; target sm_100a, sm_101a, sm_120a, sm_121a@8.8, sm_100f@8.8, sm_101f@8.8
  ptxas "Modifier '.acc::f16'" "Feature '.acc::f16'"
  probe "multimem.ld_reduce.relaxed.sys.global.add.acc::f16.e4m3x4 %r1, [%rd1]"
  source §9.7.9.14 (FP8 types and .acc::f16 in 8.6 on sm_100a/101a/120a/121a, f targets from 8.8); ptxas
require multimem.st.async
  ptx 9.3; target sm_100
  ptxas "Feature 'multimem.st.async'"
  probe "multimem.st.async.release.sys.global.b32 [%rd1], %r1"
  source Z93 (multimem.st.async in 9.3); ptxas 13.5 ("requires PTX ISA .version 9.3", "requires .target sm_100")
require multimem.red.async
  ptx 9.3; target sm_100
  ptxas "Feature 'multimem.red.async'"
  probe "multimem.red.async.release.sys.global.add.u32 [%rd1], %r1"
  source Z93 (multimem.red.async in 9.3); ptxas 13.5 ("requires PTX ISA .version 9.3", "requires .target sm_100")

@ptxas-names multimem.ld_reduce multimem.red multimem.st source spec/ptxas-parser-notes.txt, the instruction table builder's opcode lists
