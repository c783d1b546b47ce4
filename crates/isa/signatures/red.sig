// red: reduction on memory (§9.7.13.6); red.async: asynchronous reduction on shared memory of
// another CTA of the cluster, or release reduction on global memory (§9.7.13.7).
//
// ptxas (11.8, 12.9, 13.5) where the manual is silent: the types each operation takes are
// atom's (.and/.or/.xor .b32/.b64, .add .u32/.s32/.u64/.f32/.f64, .inc/.dec .u32, .min/.max
// .u32/.s32/.u64/.s64); b has exactly the instruction's type.

@summary Atomically applies op to the value at address a with b (no result).
@effects read write sync

a            : addr;
b            : reg|imm;
cache-policy : reg .b64 if .level::cache_hint;
memory modify a width b order relaxed scope gpu atomic align full source §9.7.13.6 L63/L65: .relaxed and .gpu when absent; aligned to its size: §5.4.5 L19;

.sem   = { .relaxed, .release };
.scope = { .cta, .cluster, .gpu, .sys };
.space = { .global, .shared, .shared::cta, .shared::cluster };
.level::cache_hint = { .L2::cache_hint };

except .L2::cache_hint .shared|.shared::cta|.shared::cluster because ptxas: "Modifier '.L2::cache_hint' cannot be applied to '.shared' space for instruction 'red'";

@section 9.7.13.6
red{.sem}{.scope}{.space}.op{.level::cache_hint}.type  [a], b{, cache-policy};
.op   = { .add, .and, .or, .xor, .inc, .dec, .min, .max };
.type = { .u32, .s32, .u64, .s64, .b32, .b64, .f32, .f64 };
except .and|.or|.xor !.b32|.b64 because ptxas: "Operation .and requires .b32 or .b64 type for instruction 'red'" (also .or, .xor);
except .add .b32|.b64|.s64 because ptxas: "Operation .add requires .u32 or .s32 or .u64 or .f64 or .f16 or .f16x2 or .f32 or .bf16 or .bf16x2 type for instruction 'red'";
except .inc|.dec !.u32 because ptxas: "Operation .inc requires .u32 type for instruction 'red'" (also .dec);
except .min|.max .b32|.b64|.f32|.f64 because ptxas: "Operation .min requires .u32 or .s32 or .u64 or .s64 type for instruction 'red'" (also .max; .f16/.bf16 only as vectors);
---
@summary Atomically adds a half-precision (or packed) value without flushing subnormals (no result).
red{.sem}{.scope}{.space}.add.noftz{.level::cache_hint}.type  [a], b{, cache-policy};
.type = { .f16, .f16x2, .bf16, .bf16x2, .f32 };
---
@summary Atomically adds a vector of .f32 values, element by element (no result).
red{.sem}{.scope}{.global}.add{.level::cache_hint}.vec_32_bit.f32  [a], b{, cache-policy};
.vec_32_bit = { .v2, .v4 };
b : reg|imm x.vec_32_bit;
---
@summary Atomically applies op to a vector of half-precision values, element by element (no result).
red{.sem}{.scope}{.global}.op.noftz{.level::cache_hint}.vec_16_bit.half_word_type  [a], b{, cache-policy};
.op = { .add, .min, .max };
.vec_16_bit = { .v2, .v4, .v8 };
.half_word_type = { .f16, .bf16 };
b : reg|imm x.vec_16_bit;
---
@summary Atomically applies op to a vector of packed half-precision pairs, element by element (no result).
red{.sem}{.scope}{.global}.op.noftz{.level::cache_hint}.vec_32_bit.packed_type  [a], b{, cache-policy};
.op = { .add, .min, .max };
.vec_32_bit = { .v2, .v4 };
.packed_type = { .f16x2, .bf16x2 };
b : reg|imm x.vec_32_bit;
---
@section 9.7.13.7
@summary Asynchronously reduces into shared memory of another CTA of the cluster and signals its mbarrier.
@effects read write sync async
red.async.sem.scope{.ss}.completion_mechanism.op.type  [a], b{, [mbar]};
.sem   = { .relaxed };
.scope = { .cluster };
.ss    = { .shared::cluster };
.completion_mechanism = { .mbarrier::complete_tx::bytes };
.op    = { .inc, .dec, .min, .max, .and, .or, .xor, .add };
.type  = { .u32, .s32, .u64, .b32 };
a, mbar : addr;
memory modify a width b atomic async mbarrier mbar align full source §9.7.13.7 L123: complete-tx on mbar when done; aligned to its size: §5.4.5 L19;
except .inc|.dec !.u32 because .inc and .dec take .u32;
except .min|.max !.u32|.s32 because .min and .max take .u32 or .s32;
except .and|.or|.xor !.b32 because .and, .or and .xor take .b32;
except .add !.u32|.s32|.u64 because .add takes .u32, .s32 or .u64;
// ptxas takes the mbarrier operand as optional (the manual requires it).
---
@summary Asynchronous release reduction (add) on global memory.
@effects read write sync async
red.async{.mmio}.sem.scope{.ss}.add.type  [a], b;
.sem   = { .release };
.scope = { .sys, .gpu };
.ss    = { .global };
.type  = { .u32, .s32, .u64, .s64 };
memory modify a width b atomic align full source §9.7.13.7 L91; aligned to its size: §5.4.5 L19;
except .mmio .gpu because .mmio needs the .sys scope (ptxas 13.5: "Illegal modifier '.gpu' for instruction 'red.async' with '.mmio'"; 12.9 accepts it);
// The manual's scope list has .cluster, not .sys: ptxas rejects .cluster ("Illegal modifier
// '.cluster' for instruction 'red.async' with '.release'") and takes .sys.

// ------------------------------------------------------------------ versions and targets

require red !.async
  ptx 1.2; target sm_11
  ptxas "Feature 'red'" "Instruction 'red.add.u32.global'"
  probe "red.global.add.u32 [gbuf], %r1"
  source §9.7.13.6 L108/L138
require red .shared
  ptx 1.2; target sm_12
  ptxas "Feature 'red'" "Feature 'shared storage'"
  probe "red.shared.add.u32 [sbuf], %r1"
  source §9.7.13.6 L108/L140
require red .add .f32
  ptx 2.0; target sm_20
  ptxas "Instruction 'red.add.f32.global'"
  probe "red.global.add.f32 [gbuf], %r1"
  source §9.7.13.6 L110/L144
require red .add .f64
  ptx 5.0; target sm_60
  ptxas "Instruction 'red.add.f64.global'"
  probe "red.global.add.f64 [gbuf], %rd1"
  source §9.7.13.6 L112-134
require red .relaxed|.release
  ptx 6.0; target sm_70
  ptxas "Feature '.relaxed'"
  probe "red.relaxed.gpu.global.add.u32 [gbuf], %r1"
  source §9.7.13.6 L112-134
require red.async
  ptx 8.1; target sm_90
  ptxas "Feature 'red.async'"
  probe "red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.add.u32 [%r1], %r2, [%r3]"
  source §9.7.13.7 L139/L145
require red .shared::cta
  ptx 7.8; target sm_12
  ptxas "Feature '::cta'" "Feature 'shared storage'"
  probe "red.shared::cta.add.u32 [sbuf], %r1"
  source §9.7.13.6
require red.async .release|.mmio|.global
  ptx 8.7; target sm_100
  ptxas "Feature 'st.async/red.async with .global state space'"
  probe "red.async.release.gpu.global.add.u32 [gbuf], %r2"
  source §9.7.13.7 L141/L147
require red .u64|.s64|.b64
  ptx 1.2; target sm_12
  ptxas "Instruction 'red.add.u64.global'"
  probe "red.global.add.u64 [gbuf], %rd1"
  source §9.7.13.6 L108-134
require red .and|.or|.xor|.min|.max .b64|.u64|.s64
  ptx 3.1; target sm_32
  ptxas "Instruction 'red.and.b64.global'"
  probe "red.global.and.b64 [gbuf], %rd1"
  source §9.7.13.6 L112-134
require red .cta|.gpu|.sys
  ptx 5.0; target sm_60
  ptxas "Feature 'scopes on atomic operations'"
  probe "red.sys.global.add.u32 [gbuf], %r1"
  source §9.7.13.6 L112-134
require red .noftz .f16x2
  ptx 6.2; target sm_60
  ptxas "Instruction 'red.add.f16x2.global'"
  probe "red.global.add.noftz.f16x2 [gbuf], %r1"
  source §9.7.13.6 L112-134
require red .L2::cache_hint
  ptx 7.4; target sm_80
  ptxas "Modifier '.L2::cache_hint'"
  probe "red.global.L2::cache_hint.add.u32 [gbuf], %r1, %rd1"
  source §9.7.13.6 L112-134
require red .bf16|.bf16x2
  ptx 7.8; target sm_90
  ptxas "Instruction 'red.add.bf16.global'"
  probe "red.global.add.noftz.bf16 [gbuf], %h1"
  source §9.7.13.6 L112-134
require red .cluster|.shared::cluster
  ptx 7.8; target sm_90
  ptxas "Feature '.cluster scope'"
  probe "red.relaxed.cluster.global.add.u32 [gbuf], %r1"
  source §9.7.13.6 L112-134
require red .v2|.v4|.v8
  ptx 8.1; target sm_90
  ptxas "Feature 'red instruction with vector types'"
  probe "red.global.v2.f32.add [gbuf], {%r1, %r2}"
  source §9.7.13.6 L112-134
require red .shared .u64|.s64|.b64
  ptx 2.0; target sm_20
  ptxas "Instruction 'red.add.u64.shared'" "Instruction 'red.add.u64.shared'"
  probe "red.shared.add.u64 [sbuf], %rd2"
  source §9.7.13.6 (red.shared.add.u64 in 2.0, sm_20); ptxas 11.8
require red .noftz .f32
  ptx 9.4; target sm_90
  ptxas "Feature 'red with .noftz and .f32'"
  probe "red.global.add.noftz.f32 [gbuf], %r2"
  source RN 9.4 (Z94: .noftz with .f32 on atom/red); ptxas 13.5
require red .noftz .f16
  ptx 6.3; target sm_70
  ptxas "Instruction 'red.add.f16.global'"
  probe "red.global.add.noftz.f16 [gbuf], %h1"
  source §9.7.13.6 (red.add.noftz.f16 in 6.3, sm_70)
require red !.global|.shared|.shared::cta|.shared::cluster
  ptx 2.0; target sm_20
  ptxas "Feature 'generic addressing'"
  probe "red.add.u32 [%rd1], %r1"
  source §9.7.13.6 (generic addressing needs sm_20); ptxas

@ptxas-names red.async source spec/ptxas-parser-notes.txt, the instruction table builder's opcode lists
