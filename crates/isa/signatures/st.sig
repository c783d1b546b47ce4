// st: store to a state space (§9.7.9.11); st.async: asynchronous store to another CTA of the
// cluster, or a release store to global memory (§9.7.9.12); st.bulk: clear a range of shared
// memory (§9.7.9.13).
//
// ptxas (11.8, 12.9, 13.5) where the manual is silent or says otherwise:
// - cache operators (.wb .cg .cs .wt) combine with every state space st takes; .L1::*
//   eviction priorities and .L2::cache_hint only with .global or a generic address ("Modifier
//   '.evict_last' cannot be applied to '.shared' space for instruction 'st'"); a cache
//   operator and an .L1::* priority exclude each other;
// - st.volatile takes .L2::evict_* (with .v8.b32/.v4.b64) but no .L1::* priority, no cache hint
//   and no cache operator; st.relaxed/st.release take no cache operator;
// - .L2::evict_* needs .v8 with a 32-bit type or .v4 with a 64-bit type;
// - a sink '_' may stand for a vector element only with .v8.b32/.v4.b64 ("Sink '_' not allowed
//   as a source operand");
// - st.param::func needs the address of a .param variable (13.5: "Illegal state space for
//   address operand '::func' with instruction 'st'"; 12.9 also takes a register);
// - st.const is rejected ("State space incorrect for instruction 'st'"), st.param::entry too
//   ("Illegal modifier '::entry' for instruction 'st'");
// - 12.9 and 13.5 accept .v8 with 8- and 16-bit types (see ld.sig): the manual's rule is kept.

@summary Stores the value (or vector of values) b to memory at address a.
@effects write

a            : addr;
b            : reg|imm wide x.vec;
cache-policy : reg .b64 if .level::cache_hint;
memory write a width b align full source §9.7.9.11 L58: .weak when no semantics is written; aligned to its size: §5.4.5 L19;

.ss = { .global, .shared, .shared::cta, .shared::cluster, .local, .param };
.cop = { .wb, .cg, .cs, .wt };
.level1::eviction_priority = { .L1::evict_normal, .L1::evict_unchanged, .L1::evict_first, .L1::evict_last, .L1::no_allocate };
.level2::eviction_priority = { .L2::evict_normal, .L2::evict_first, .L2::evict_last };
.level::cache_hint = { .L2::cache_hint };
.scope = { .cta, .cluster, .gpu, .sys };
.vec = { .v2, .v4, .v8 };
.type = { .b8, .b16, .b32, .b64, .b128, .u8, .u16, .u32, .u64, .s8, .s16, .s32, .s64, .f32, .f64 };

except .v8 .b8|.b16|.b64|.b128|.u8|.u16|.u64|.s8|.s16|.s64|.f64 because .v8 takes only 32-bit types (.b32, .u32, .s32, .f32);
except .v8 .shared|.shared::cta|.shared::cluster|.local|.param|.param::func because .v8 needs the .global space or a generic address (ptxas: "global state space expected for feature '256 bit wide load/store'");
except .v4 .b64|.u64|.s64|.f64 .shared|.shared::cta|.shared::cluster|.local|.param|.param::func because .v4 of 64-bit values needs the .global space or a generic address (ptxas: "global state space expected for feature '256 bit wide load/store'");
except .b128 .v2|.v4|.v8 because .b128 cannot be a vector (ptxas: "Vector type too large, exceeds 128 bit limit");
except .L1::* .shared|.shared::cta|.shared::cluster|.local|.param|.param::func because .L1::* eviction priorities need the .global space or a generic address;
except .L2::cache_hint .shared|.shared::cta|.shared::cluster|.local|.param|.param::func because .L2::cache_hint needs the .global space or a generic address;
except .L2::evict_* !.v8|.v4 because .L2::evict_* needs .v8 with a 32-bit type or .v4 with a 64-bit type (ptxas: "Instruction 'st' requires '.v8.b32/.v4.b64' type with '.L2::evict_*' modifier.");
except .L2::evict_* .v4 .b8|.b16|.b32|.u8|.u16|.u32|.s8|.s16|.s32|.f32 because .L2::evict_* needs .v8 with a 32-bit type or .v4 with a 64-bit type (ptxas: "Instruction 'st' requires '.v8.b32/.v4.b64' type with '.L2::evict_*' modifier.");

@section 9.7.9.11
st{.weak}{.ss}{.cop}{.level::cache_hint}{.vec}.type  [a], b{, cache-policy};
st{.weak}{.ss}{.level1::eviction_priority}{.level2::eviction_priority}{.level::cache_hint}{.vec}.type  [a], b{, cache-policy};
---
@summary Stores 256 bits (eight 32-bit values); a sink '_' leaves an element unwritten.
st{.weak}{.ss}{.level1::eviction_priority}{.level2::eviction_priority}{.level::cache_hint}.v8.type  [a], b{, cache-policy};
st.volatile{.ss}{.level2::eviction_priority}.v8.type  [a], b;
st.relaxed.scope{.ss}{.level1::eviction_priority}{.level2::eviction_priority}{.level::cache_hint}.v8.type  [a], b{, cache-policy};
st.release.scope{.ss}{.level1::eviction_priority}{.level2::eviction_priority}{.level::cache_hint}.v8.type  [a], b{, cache-policy};
.type = { .b32, .u32, .s32, .f32 };
b     : reg|imm|sink wide x8;
---
@summary Stores 256 bits (four 64-bit values); a sink '_' leaves an element unwritten.
st{.weak}{.ss}{.level1::eviction_priority}{.level2::eviction_priority}{.level::cache_hint}.v4.type  [a], b{, cache-policy};
st.volatile{.ss}{.level2::eviction_priority}.v4.type  [a], b;
st.relaxed.scope{.ss}{.level1::eviction_priority}{.level2::eviction_priority}{.level::cache_hint}.v4.type  [a], b{, cache-policy};
st.release.scope{.ss}{.level1::eviction_priority}{.level2::eviction_priority}{.level::cache_hint}.v4.type  [a], b{, cache-policy};
.type = { .b64, .u64, .s64, .f64 };
b     : reg|imm|sink wide x4;
---
@summary Stores a device-function argument (or the return value) to the .param space.
st{.weak}.param::func{.cop}{.vec}.type  [fp], b;
fp : sym eg fargs;
memory write fp width b align full source §9.7.9.11 L48/L58; aligned to its size: §5.4.5 L19;
---
@summary Stores a value to memory; the access is volatile: it is neither cached nor reordered.
st.volatile{.ss}{.level2::eviction_priority}{.vec}.type  [a], b;
except .param because ptxas: "Modifier '.volatile' cannot be applied to '.param' space";
---
@summary Stores a value to memory with relaxed or release semantics at the given scope.
st.relaxed.scope{.ss}{.level1::eviction_priority}{.level2::eviction_priority}{.level::cache_hint}{.vec}.type  [a], b{, cache-policy};
st.release.scope{.ss}{.level1::eviction_priority}{.level2::eviction_priority}{.level::cache_hint}{.vec}.type  [a], b{, cache-policy};
except .local because ptxas: "Modifier '.relaxed' cannot be applied to '.local' space" (also .release);
except .param because ptxas: "Modifier '.relaxed' cannot be applied to '.param' space" (also .release);
---
@summary Stores to memory-mapped I/O: every access reaches the device, in order.
st.mmio.relaxed.sys{.global}.type  [a], b;
---
@section 9.7.9.12
@summary Stores to shared memory of another CTA in the cluster and signals its mbarrier on completion.
@effects write async
st.async{.weak}{.ss}.completion_mechanism{.vec}.type  [a], b, [mbar];
st.async{.scope}{.ss}.completion_mechanism{.vec}.type  [a], b, [mbar];
.scope = { .cluster };
.ss    = { .shared::cluster };
.type  = { .b32, .b64, .b128, .u32, .u64, .s32, .s64, .f32, .f64 };
.vec   = { .v2, .v4 };
.completion_mechanism = { .mbarrier::complete_tx::bytes };
a, mbar : addr;
b       : reg|imm x.vec;   // no wider register: st.async is not under the relaxed rules (ptxas 12.9/13.5)
memory write a width b async mbarrier mbar align full source §9.7.9.12 L56/L66: weak by default, complete-tx on mbar when done; aligned to its size: §5.4.5 L19;
except .v4 .b64|.u64|.s64|.f64 because ptxas: "Vector type too large, exceeds 128 bit limit";
except .b128 .v2|.v4 because ptxas: "Vector type too large, exceeds 128 bit limit";
---
@summary Stores asynchronously without an mbarrier operand (ptxas's form; not in the manual).
st.async{.weak}{.ss}{.completion_mechanism}.type  [a], b;
st.async{.scope}{.ss}.completion_mechanism.type  [a], b;
.scope = { .cluster };
.ss    = { .shared::cluster };
.type  = { .b16, .b32, .b64, .u16, .u32, .u64, .s16, .s32, .s64, .f32, .f64 };
.completion_mechanism = { .mbarrier::complete_tx::bytes };
b      : reg|imm;   // same-size registers only
memory write a width b align full source §9.7.9.12 L56; aligned to its size: §5.4.5 L19;
except .shared::cluster !.mbarrier::complete_tx::bytes because ptxas: "Modifier '.shared::cluster' requires modifier '.completion_mechanism' for instruction 'st.async'";
// ptxas takes st.async with two operands: 16-, 32- and 64-bit types, no vector ("Vector
// qualifier is not allowed for instruction 'st.async'"); with the mbarrier operand only 32- and
// 64-bit types ("Arguments mismatch for instruction 'st.async'").
---
@summary Asynchronous release store to global memory.
st.async{.mmio}{.sem}.scope{.ss}.type  [a], b;
.sem   = { .release };
.scope = { .sys, .gpu };
.ss    = { .global };
.type  = { .b16, .b32, .b64, .u16, .u32, .u64, .s16, .s32, .s64, .f32, .f64 };
b      : reg|imm;   // same-size registers only
memory write a width b align full source §9.7.9.12 L56; aligned to its size: §5.4.5 L19;
except .mmio .gpu because .mmio needs the .sys scope (ptxas 13.5: "Illegal modifier '.gpu' for instruction 'st.async' with '.mmio'"; 12.9 accepts it);
except .mmio !.release because ptxas: "Modifier '.mmio' requires modifier '.release' for instruction 'st.async'";
// The manual requires .release and lists .b8/.u8/.s8: ptxas takes a scope alone (from PTX 8.1
// on sm_90, as st.async does) and rejects 8-bit types ("Arguments mismatch for instruction
// 'st.async'").
---
@section 9.7.9.13
@summary Sets size bytes of shared memory at a to initval (which must be 0).
@effects write
st.bulk{.weak}{.shared::cta}  [a], size, initval;
size    : reg|imm .b64 multiple 8;   // ptxas: "unexpected value '1', expected to be multiple of 8"
initval : imm range 0..0 eg 0;
memory write a bytes size source §9.7.9.13: weak by default;
---
@section 9.7.9.13
@summary Sets size bytes of shared memory at a to initval (which must be 0), the size in a 32-bit register (PTX 9.0).
@effects write
st.bulk{.weak}{.shared::cta}  [a], size, initval;
size    : reg .b32;
initval : imm range 0..0 eg 0;
memory write a bytes size source §9.7.9.13: weak by default;

require st.bulk
  ptx 9.0; target sm_100; block
  ptxas "Feature 'st.bulk with 32-bit size argument'" "Feature 'st.bulk'"
  probe "st.bulk.weak.shared::cta [%rd1], %r1, 0"
  source RN 9.0 (32-bit st.bulk size); ptxas 13.5: "Feature 'st.bulk with 32-bit size argument' requires PTX ISA .version 9.0 or later"

// ------------------------------------------------------------------ versions and targets

require st .volatile
  ptx 1.1
  ptxas "Feature '.volatile'" ""
  probe "st.volatile.global.b32 [gbuf], %r1"
  source §9.7.9.11 L134
require st .wb|.cg|.cs|.wt
  ptx 2.0; target sm_20
  ptxas "Feature 'cache operation'" "Instruction 'st'"
  probe "st.global.wt.b32 [gbuf], %r1"
  source §9.7.9.11
require st !.global|.shared|.shared::cta|.shared::cluster|.local|.param|.param::func
  ptx 2.0; target sm_20
  ptxas "Feature 'generic addressing'"
  probe "st.b32 [%rd1], %r1"
  source §9.7.9.11 (generic addressing)
require st .relaxed
  ptx 6.0; target sm_70
  ptxas "Feature '.relaxed'"
  probe "st.relaxed.gpu.global.b32 [gbuf], %r1"
  source §9.7.9.11 L138/L162
require st .release
  ptx 6.0; target sm_70
  ptxas "Feature '.release'"
  probe "st.release.gpu.global.b32 [gbuf], %r1"
  source §9.7.9.11 L138/L162
require st .weak
  ptx 6.0; target sm_70
  ptxas "Feature '.weak'"
  probe "st.weak.global.b32 [gbuf], %r1"
  source §9.7.9.11 (PTX ISA notes: .weak in 6.0; target notes: sm_70); ptxas
require st .L1::evict_normal|.L1::evict_unchanged|.L1::evict_first|.L1::evict_last|.L1::no_allocate
  ptx 7.4; target sm_70
  ptxas "Modifier '.evict_normal' on 'st'|Modifier '.evict_unchanged' on 'st'|Modifier '.evict_first' on 'st'|Modifier '.evict_last' on 'st'|Modifier '.no_allocate' on 'st'"
  probe "st.global.L1::evict_last.b32 [gbuf], %r1"
  source §9.7.9.11 (PTX ISA notes: .level1::eviction_priority in 7.4; target notes: sm_70); ptxas
require st .L2::cache_hint
  ptx 7.4; target sm_80
  ptxas "Modifier '.L2::cache_hint'"
  probe "st.global.L2::cache_hint.b32 [gbuf], %r1, %rd1"
  source §9.7.9.11
require st .shared::cluster
  ptx 7.8; target sm_90
  ptxas "Feature '::cluster'"
  probe "st.shared::cluster.b32 [sbuf], %r1"
  source §9.7.9.11
require st .cluster
  ptx 7.8; target sm_90
  ptxas "Feature '.cluster scope'"
  probe "st.relaxed.cluster.global.b32 [gbuf], %r1"
  source §9.7.9.11 (PTX ISA notes: .cluster scope in 7.8; target notes: sm_90); ptxas
require st .mmio
  ptx 8.2; target sm_70
  ptxas "Feature '.mmio'"
  probe "st.mmio.relaxed.sys.global.b32 [gbuf], %r1"
  source §9.7.9.11
require st .param::func
  ptx 8.3; target sm_20
  ptxas "Feature '::func'" ""
  setup ".func pfarg(.param .b32 pfa) { ret; }"
  probe ".param .b32 pa; st.param::func.b32 [pa], %r1; call pfarg, (pa)"
  source §9.7.9.11 (PTX ISA notes: ::func in 8.3); ptxas: a kernel reaches .param::func only through a call, and .param function parameters need sm_20
require st .b128
  ptx 8.3; target sm_70
  ptxas "Feature 'Instruction type .b128 for instruction st'"
  probe "st.global.b128 [gbuf], %q1"
  source §9.7.9.11
require st .sys .b128
  ptx 8.4; target sm_70
  ptxas "Feature '.b128 with .sys'" ""
  probe "st.relaxed.sys.global.b128 [gbuf], %q1"
  source §9.7.9.11 (PTX ISA notes: .sys scope with .b128 in 8.4); ptxas
require st .v8
  ptx 8.8; target sm_100
  ptxas "Feature '256 bit wide load/store'"
  probe "st.global.v8.b32 [gbuf], {%r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8}"
  source §9.7.9.11 L154/L182
require st .L2::evict_normal|.L2::evict_first|.L2::evict_last
  ptx 8.8; target sm_100
  ptxas "Feature '256 bit wide load/store'"
  probe "st.global.L2::evict_last.v8.b32 [gbuf], {%r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8}"
  source §9.7.9.11 (.level2::eviction_priority in 8.8, sm_100; it needs .v8.b32/.v4.b64); ptxas
require st.async
  ptx 8.1; target sm_90
  ptxas "Feature 'st.async'"
  probe "st.async.shared::cluster.mbarrier::complete_tx::bytes.b32 [%r1], %r2, [%r3]"
  source §9.7.9.12 L110/L116
require st.bulk
  ptx 8.6; target sm_100
  ptxas "Feature 'st.bulk'"
  probe "st.bulk.weak.shared::cta [%rd1], 64, 0"
  source §9.7.9.13 L32/L38
require st .v4 .b64|.u64|.s64|.f64
  ptx 8.8; target sm_100
  ptxas "Feature '256 bit wide load/store'"
  probe "st.global.v4.b64 [gbuf], {%rd1, %rd2, %rd3, %rd4}"
  source §9.7.9.11 L154/L182 (256-bit)
require st .shared::cta
  ptx 7.8
  ptxas "Feature '::cta'" ""
  probe "st.shared::cta.b32 [sbuf], %r1"
  source §9.7.9.11; RN 7.8
require st.async .release|.mmio|.global
  ptx 8.7; target sm_100
  ptxas "Feature 'st.async/red.async with .global state space'"
  probe "st.async.release.gpu.global.b32 [gbuf], %r2"
  source §9.7.9.12 L112/L118
require st .param
  ptx 1.0; target sm_20
  ptxas "" ""
  probe "st.param.b32 [%rd1], %r1"
  source ptxas: "State space incorrect for instruction 'st'" on sm_1x (kernel .param is read-only there; call sequences need sm_20)
require st.async .b128
  ptx 9.2; target sm_90
  ptxas "Feature 'st.async.b128'" ""
  probe "st.async.shared::cluster.mbarrier::complete_tx::bytes.b128 [%rd1], %q1, [%rd2]"
  source RN 9.2 (st.async .b128); ptxas 13.5 ("Feature 'st.async.b128' requires PTX ISA .version 9.2")
require st.async .gpu|.sys
  ptx 8.1; target sm_100
  ptxas "" ""
  probe "st.async.sys.b32 [%rd1], %r1"
  source ptxas: st.async with a .gpu/.sys scope and no .release parses from 8.1 on sm_90, but 13.5 fails on it there ("(C7907) Internal compiler error"); the manual has the scope (with .release) from 8.7 on sm_100
require st .volatile .local
  ptx 9.1
  ptxas "Feature 'ld/st with .local.volatile'" ""
  probe "st.volatile.local.b32 [%rd1], %r1"
  source §9.7.9.11 (PTX ISA notes: .volatile with .local in 9.1); ptxas 13.5

@ptxas-names st.async st.bulk source spec/ptxas-parser-notes.txt, the instruction table builder's opcode lists

types st
  probe "st.global{T} [gbuf], {a}"
  legal .b8, .b16, .b32, .b64, .b128, .u8, .u16, .u32, .u64, .s8, .s16, .s32, .s64, .f32, .f64
  source §9.7.9.10 (no .f16/.f16x2/.bf16/.pred: use .b16/.b32); ptxas 11.8/12.9/13.5 probe "Unexpected instruction types specified for 'st'"
