// ld: load from a state space (§9.7.9.8); ld.global.nc: load through the non-coherent
// (read-only) cache (§9.7.9.9).
//
// ptxas (11.8, 12.9, 13.5) where the manual is silent or says otherwise:
// - cache operators (.ca .cg .cs .lu .cv) combine with every state space, .L1::* eviction
//   priorities, .L2::cache_hint and .L2::64B/128B/256B only with .global or a generic address
//   ("Modifier '.evict_last' cannot be applied to '.shared' space for instruction 'ld'",
//   "State space incorrect for feature 'cache prefetching'");
// - a cache operator and an .L1::* eviction priority exclude each other ("Modifier
//   '.evict_last' cannot be combined with modifier '.ca'");
// - ld.volatile takes .L2::evict_* (with .v8.b32/.v4.b64) but no .L1::* priority, no cache
//   hint and no cache operator; ld.relaxed/ld.acquire take no cache operator;
// - .L2::evict_* needs .v8 with a 32-bit type or .v4 with a 64-bit type ("Instruction 'ld'
//   requires '.v8.b32/.v4.b64' type with '.L2::evict_last' modifier.");
// - ld.param::func needs the address of a .param variable, not a register ("Illegal state space
//   for address operand '::func' with instruction 'ld'");
// - a sink '_' is accepted as an element of any vector destination (not only .v8/.v4.b64),
//   never as the whole destination ("Result discard mode is not allowed for instruction 'ld'");
// - 12.9 and 13.5 accept .v8 with 8- and 16-bit types in any space and at any version, then
//   miscompile (12.9 loads one byte) or crash (13.5: "Internal compiler error", segfaults):
//   the signature keeps the manual's rule (quirks.rs).
// - explicit constant banks (ld.const[2]) exist before PTX 2.2 only ("Deprecated feature:
//   'explicit constant banks' not supported as of PTX version 2.2", the deprecation table).
// - `[a].unified` (PTX 8.0) is not described: the grammar does not parse the suffix yet.

@summary Loads a value (or a vector of values) from memory at address a into d.
@effects read

d            : out reg|sink wide x.vec;
a            : addr;
cache-policy : reg .b64 if .level::cache_hint;
// The semantics (.weak, .volatile, .relaxed, .acquire, .mmio) and scope are read from the modifiers.
memory read a width d align full source §9.7.9.8 L66: .weak when no semantics is written; aligned to its size: §5.4.5 L19;

.ss = { .global, .shared, .shared::cta, .shared::cluster, .local, .const, .param, .param::entry };
.cop = { .ca, .cg, .cs, .lu, .cv };
.level1::eviction_priority = { .L1::evict_normal, .L1::evict_unchanged, .L1::evict_first, .L1::evict_last, .L1::no_allocate };
.level2::eviction_priority = { .L2::evict_normal, .L2::evict_first, .L2::evict_last };
.level::cache_hint = { .L2::cache_hint };
.level::prefetch_size = { .L2::64B, .L2::128B, .L2::256B };
.scope = { .cta, .cluster, .gpu, .sys };
.vec = { .v2, .v4, .v8 };
.type = { .b8, .b16, .b32, .b64, .b128, .u8, .u16, .u32, .u64, .s8, .s16, .s32, .s64, .f32, .f64 };

except .v8 .b8|.b16|.b64|.b128|.u8|.u16|.u64|.s8|.s16|.s64|.f64 because .v8 takes only 32-bit types (.b32, .u32, .s32, .f32);
except .v8 .shared|.shared::cta|.shared::cluster|.local|.const|.param|.param::entry|.param::func because .v8 needs the .global space or a generic address (ptxas: "global state space expected for feature '256 bit wide load/store'");
except .v4 .b64|.u64|.s64|.f64 .shared|.shared::cta|.shared::cluster|.local|.const|.param|.param::entry|.param::func because .v4 of 64-bit values needs the .global space or a generic address (ptxas: "global state space expected for feature '256 bit wide load/store'");
except .b128 .v2|.v4|.v8 because .b128 cannot be a vector (ptxas: "Vector type too large, exceeds 128 bit limit");
except .L1::* .shared|.shared::cta|.shared::cluster|.local|.const|.param|.param::entry|.param::func because .L1::* eviction priorities need the .global space or a generic address;
except .L2::cache_hint .shared|.shared::cta|.shared::cluster|.local|.const|.param|.param::entry|.param::func because .L2::cache_hint needs the .global space or a generic address;
except .L2::64B|.L2::128B|.L2::256B .shared|.shared::cta|.shared::cluster|.local|.const|.param|.param::entry|.param::func because prefetch sizes need the .global space or a generic address (ptxas: "State space incorrect for feature 'cache prefetching'");
except .L2::evict_* !.v8|.v4 because .L2::evict_* needs .v8 with a 32-bit type or .v4 with a 64-bit type (ptxas: "Instruction 'ld' requires '.v8.b32/.v4.b64' type with '.L2::evict_*' modifier.");
except .L2::evict_* .v4 .b8|.b16|.b32|.u8|.u16|.u32|.s8|.s16|.s32|.f32 because .L2::evict_* needs .v8 with a 32-bit type or .v4 with a 64-bit type (ptxas: "Instruction 'ld' requires '.v8.b32/.v4.b64' type with '.L2::evict_*' modifier.");

@section 9.7.9.8
ld{.weak}{.ss}{.cop}{.level::cache_hint}{.level::prefetch_size}{.vec}.type  d, [a]{, cache-policy};
ld{.weak}{.ss}{.level1::eviction_priority}{.level2::eviction_priority}{.level::cache_hint}{.level::prefetch_size}{.vec}.type  d, [a]{, cache-policy};
---
@summary Loads a device-function parameter (or a call's return value) from the .param space.
ld{.weak}.param::func{.cop}{.vec}.type  d, [fp];
fp : sym eg fparam;
memory read fp width d align full source §9.7.9.8 L52/L66; aligned to its size: §5.4.5 L19;
---
@summary Loads from one of the eleven banks of the constant space (PTX before 2.2).
ld.bank{.cop}{.vec}.type  d, [a];
.bank = { .const[0], .const[1], .const[2], .const[3], .const[4], .const[5], .const[6], .const[7],
          .const[8], .const[9], .const[10] };
.type = { .b8, .b16, .b32, .b64, .u8, .u16, .u32, .u64, .s8, .s16, .s32, .s64, .f32, .f64 };
---
@summary Loads a value from memory; the access is volatile: it is neither cached nor reordered.
ld.volatile{.ss}{.level2::eviction_priority}{.level::prefetch_size}{.vec}.type  d, [a];
except .const because ptxas: "Modifier '.volatile' cannot be applied to '.const' space";
except .param|.param::entry because ptxas: "Modifier '.volatile' cannot be applied to '.param' space";
---
@summary Loads a value from memory with relaxed or acquire semantics at the given scope.
ld.relaxed.scope{.ss}{.level1::eviction_priority}{.level2::eviction_priority}{.level::cache_hint}{.level::prefetch_size}{.vec}.type  d, [a]{, cache-policy};
ld.acquire.scope{.ss}{.level1::eviction_priority}{.level2::eviction_priority}{.level::cache_hint}{.level::prefetch_size}{.vec}.type  d, [a]{, cache-policy};
except .const because ptxas: "Modifier '.relaxed' cannot be applied to '.const' space" (also .acquire);
except .local because ptxas: "Modifier '.relaxed' cannot be applied to '.local' space" (also .acquire);
except .param|.param::entry because ptxas: "Modifier '.relaxed' cannot be applied to '.param' space" (also .acquire);
---
@summary Loads from memory-mapped I/O: every access reaches the device, in order.
ld.mmio.relaxed.sys{.global}.type  d, [a];
d : out reg wide;     // no .vec here, so no vector elements to discard
---
@summary Loads data that stays unchanged for the kernel's lifetime (read-only proxy, PTX 9.4).
ld{.global}.proxy::readonly{.vec}.type  d, [a];
ld.global.nc.proxy::readonly{.vec}.type  d, [a];
except .b128 because ptxas 13.5: "Illegal modifier '.proxy::readonly' for instruction 'ld'" with .b128;
// ptxas 13.5: no semantics, cache operator, eviction priority, cache hint or prefetch size with
// it ("Modifier '.proxy::readonly' cannot be combined with modifier '.ca'"), and only .global
// ("Modifier '.proxy::readonly' cannot be applied to '.shared' space for instruction 'ld'").
---
@section 9.7.9.9
@summary Loads read-only global data through the non-coherent cache.
ld.global{.cop}.nc{.level::cache_hint}{.level::prefetch_size}{.vec}.type  d, [a]{, cache-policy};
ld.global.nc{.level1::eviction_priority}{.level2::eviction_priority}{.level::cache_hint}{.level::prefetch_size}{.vec}.type  d, [a]{, cache-policy};
.cop = { .ca, .cg, .cs };

// ------------------------------------------------------------------ versions and targets

require ld .volatile
  ptx 1.1
  ptxas "Feature '.volatile'" ""
  probe "ld.volatile.global.b32 %r1, [gbuf]"
  source §9.7.9.8 L150
require ld .ca|.cg|.cs|.lu|.cv
  ptx 2.0; target sm_20
  ptxas "Feature 'cache operation'" "Instruction 'ld'"
  probe "ld.global.cg.b32 %r1, [gbuf]"
  source §9.7.9.8 L152/L184
require ld !.global|.shared|.shared::cta|.shared::cluster|.local|.const|.param|.param::entry|.param::func
  ptx 2.0; target sm_20
  ptxas "Feature 'generic addressing'"
  probe "ld.b32 %r1, [%rd1]"
  source §9.7.9.8 L152/L186 (generic addressing)
require ld .relaxed
  ptx 6.0; target sm_70
  ptxas "Feature '.relaxed'"
  probe "ld.relaxed.gpu.global.b32 %r1, [gbuf]"
  source §9.7.9.8 L154/L182
require ld .acquire
  ptx 6.0; target sm_70
  ptxas "Feature '.acquire'"
  probe "ld.acquire.gpu.global.b32 %r1, [gbuf]"
  source §9.7.9.8 L154/L182
require ld .weak
  ptx 6.0; target sm_70
  ptxas "Feature '.weak'"
  probe "ld.weak.global.b32 %r1, [gbuf]"
  source §9.7.9.8 (PTX ISA notes: .weak in 6.0; target notes: sm_70); ptxas
require ld .L1::evict_normal
  ptx 7.4; target sm_70
  ptxas "Modifier '.evict_normal' on 'ld'"
  probe "ld.global.L1::evict_normal.b32 %r1, [gbuf]"
  source §9.7.9.8 L158/L188
require ld .L1::evict_unchanged
  ptx 7.4; target sm_70
  ptxas "Modifier '.evict_unchanged' on 'ld'"
  probe "ld.global.L1::evict_unchanged.b32 %r1, [gbuf]"
  source §9.7.9.8 L158/L188
require ld .L1::evict_first
  ptx 7.4; target sm_70
  ptxas "Modifier '.evict_first' on 'ld'"
  probe "ld.global.L1::evict_first.b32 %r1, [gbuf]"
  source §9.7.9.8 L158/L188
require ld .L1::evict_last
  ptx 7.4; target sm_70
  ptxas "Modifier '.evict_last' on 'ld'"
  probe "ld.global.L1::evict_last.b32 %r1, [gbuf]"
  source §9.7.9.8 L158/L188
require ld .L1::no_allocate
  ptx 7.4; target sm_70
  ptxas "Modifier '.no_allocate' on 'ld'"
  probe "ld.global.L1::no_allocate.b32 %r1, [gbuf]"
  source §9.7.9.8 L158/L188
require ld .L2::64B|.L2::128B
  ptx 7.4; target sm_75
  ptxas "Feature 'cache prefetching'"
  probe "ld.global.L2::128B.b32 %r1, [gbuf]"
  source §9.7.9.8 L158/L190
require ld .L2::256B
  ptx 7.4; target sm_80
  ptxas "Feature 'cache prefetching'" "Modifier '.L2::256B'"
  probe "ld.global.L2::256B.b32 %r1, [gbuf]"
  source §9.7.9.8 L158/L192
require ld .L2::cache_hint
  ptx 7.4; target sm_80
  ptxas "Modifier '.L2::cache_hint'"
  probe "ld.global.L2::cache_hint.b32 %r1, [gbuf], %rd1"
  source §9.7.9.8 L158/L192
require ld .shared::cta
  ptx 7.8
  ptxas "Feature '::cta'" ""
  probe "ld.shared::cta.b32 %r1, [sbuf]"
  source §9.7.9.8 L160/L196
require ld .shared::cluster
  ptx 7.8; target sm_90
  ptxas "Feature '::cluster'"
  probe "ld.shared::cluster.b32 %r1, [sbuf]"
  source §9.7.9.8 L160/L194
require ld .cluster
  ptx 7.8; target sm_90
  ptxas "Feature '.cluster scope'"
  probe "ld.relaxed.cluster.global.b32 %r1, [gbuf]"
  source §9.7.9.8 L160/L194
require ld .mmio
  ptx 8.2; target sm_70
  ptxas "Feature '.mmio'"
  probe "ld.mmio.relaxed.sys.global.b32 %r1, [gbuf]"
  source §9.7.9.8 L166/L202
require ld .param::entry
  ptx 8.3
  ptxas "Feature '::entry'" ""
  probe "ld.param::entry.b32 %r1, [%rd1]"
  source §9.7.9.8 (PTX ISA notes: ::entry and ::func in 8.3); ptxas
require ld .param::func
  ptx 8.3; target sm_20
  ptxas "Feature '::func'" ""
  setup ".func (.param .b32 pfr) pfld(.param .b32 pfa) { .reg .b32 %r<2>; ld.param.b32 %r1, [pfa]; st.param.b32 [pfr], %r1; ret; }"
  probe ".param .b32 pa; .param .b32 prv; st.param.b32 [pa], 1; call (prv), pfld, (pa); ld.param::func.b32 %r1, [prv]"
  source §9.7.9.8 (PTX ISA notes: ::entry and ::func in 8.3); ptxas: a kernel reaches .param::func only through a call, and .param function parameters need sm_20 ("Function parameter 'x' has illegal state space" on sm_1x)
require ld .b128
  ptx 8.3; target sm_70
  ptxas "Feature 'Instruction type .b128 for instruction ld'"
  probe "ld.global.b128 %q1, [gbuf]"
  source §9.7.9.8 L170/L204
require ld .sys .b128
  ptx 8.4; target sm_70
  ptxas "Feature '.b128 with .sys'" ""
  probe "ld.relaxed.sys.global.b128 %q1, [gbuf]"
  source §9.7.9.8 (PTX ISA notes: .sys scope with .b128 in 8.4); ptxas
require ld .v8
  ptx 8.8; target sm_100
  ptxas "Feature '256 bit wide load/store'"
  probe "ld.global.v8.b32 {%r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8}, [gbuf]"
  source §9.7.9.8 L174/L206
require ld .L2::evict_normal|.L2::evict_first|.L2::evict_last
  ptx 8.8; target sm_100
  ptxas "Feature '256 bit wide load/store'"
  probe "ld.global.L2::evict_last.v8.b32 {%r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8}, [gbuf]"
  source §9.7.9.8 (.level2::eviction_priority in 8.8, sm_100; it needs .v8.b32/.v4.b64); ptxas
require ld .global .nc
  ptx 3.1; target sm_32
  ptxas "Feature '.nc'" "Instruction 'ld.nc'"
  probe "ld.global.nc.b32 %r1, [gbuf]"
  source §9.7.9.9 L100/L110
require ld .v4 .b64|.u64|.s64|.f64
  ptx 8.8; target sm_100
  ptxas "Feature '256 bit wide load/store'"
  probe "ld.global.v4.b64 {%rd1, %rd2, %rd3, %rd4}, [gbuf]"
  source §9.7.9.8 L174/L206 (256-bit)
require ld .proxy::readonly
  ptx 9.4; target sm_90
  ptxas "Feature '.proxy::readonly'"
  probe "ld.global.proxy::readonly.b32 %r1, [gbuf]"
  source RN 9.4 (Z94: ld .proxy::readonly); ptxas 13.5 ("Feature '.proxy::readonly' requires PTX ISA .version 9.4", "requires .target sm_90")
require ld .volatile .local
  ptx 9.1
  ptxas "Feature 'ld/st with .local.volatile'" ""
  probe "ld.volatile.local.b32 %r1, [%rd1]"
  source §9.7.9.8 (PTX ISA notes: .volatile with .local in 9.1); ptxas 13.5

types ld
  probe "ld.global{T} {d}, [gbuf]"
  legal .b8, .b16, .b32, .b64, .b128, .u8, .u16, .u32, .u64, .s8, .s16, .s32, .s64, .f32, .f64
  source §9.7.9.8 (no .f16/.f16x2/.bf16/.pred: use .b16/.b32); ptxas 11.8/12.9/13.5 probe "Unexpected instruction types specified for 'ld'"
