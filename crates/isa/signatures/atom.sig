// atom: atomic read-modify-write of memory (§9.7.13.5).
//
// ptxas (11.8, 12.9, 13.5) where the manual is silent:
// - which types each operation takes: .and/.or/.xor/.exch .b32/.b64 ("Operation .and requires
//   .b32 or .b64 type for instruction 'atom'"), .add .u32/.s32/.u64/.f32/.f64, .inc/.dec .u32,
//   .min/.max .u32/.s32/.u64/.s64, .cas .b16/.b32/.b64/.b128;
// - .L2::cache_hint is not taken by .cas ("Illegal modifier '.L2::cache_hint' for instruction
//   'atom'"), and only with .global or a generic address;
// - d and b have exactly the instruction's type (no wider registers: "Arguments mismatch for
//   instruction 'atom'"); d may be the sink '_' (a reduction), and so may vector elements;
// - .min/.max on .f16/.bf16(x2) need a vector ("Vector modifier required for instruction
//   'atom.min.f16.global'").

@summary Atomically applies op to the value at address a with b (and c), writing the old value to d.
@effects read write sync

d            : out reg|sink;
a            : addr;
b, c         : reg|imm;
cache-policy : reg .b64 if .level::cache_hint;
memory modify a width b order relaxed scope gpu atomic align full source §9.7.13.5 L66/L68: .relaxed and .gpu when absent; aligned to its size: §5.4.5 L19;

.sem   = { .relaxed, .acquire, .release, .acq_rel };
.scope = { .cta, .cluster, .gpu, .sys };
.space = { .global, .shared, .shared::cta, .shared::cluster };
.level::cache_hint = { .L2::cache_hint };

except .L2::cache_hint .shared|.shared::cta|.shared::cluster because ptxas: "Modifier '.L2::cache_hint' cannot be applied to '.shared' space for instruction 'atom'";

@section 9.7.13.5
atom{.sem}{.scope}{.space}.op{.level::cache_hint}.type  d, [a], b{, cache-policy};
.op   = { .add, .and, .or, .xor, .exch, .inc, .dec, .min, .max };
.type = { .u32, .s32, .u64, .s64, .b32, .b64, .f32, .f64 };
except .and|.or|.xor|.exch !.b32|.b64 because ptxas: "Operation .and requires .b32 or .b64 type for instruction 'atom'" (also .or, .xor; .exch also takes .b128);
except .add .b32|.b64|.s64 because ptxas: "Operation .add requires .u32 or .s32 or .u64 or .f64 or .f16 or .f16x2 or .f32 or .bf16 or .bf16x2 type for instruction 'atom'";
except .inc|.dec !.u32 because ptxas: "Operation .inc requires .u32 type for instruction 'atom'" (also .dec);
except .min|.max .b32|.b64|.f32|.f64 because ptxas: "Operation .min requires .u32 or .s32 or .u64 or .s64 type for instruction 'atom'" (also .max; .f16/.bf16 only as vectors);
---
@summary Atomically compares the value at address a with b and, if equal, writes c; d gets the old value.
atom{.sem}{.scope}{.space}.cas.type  d, [a], b, c;
.type = { .b32, .b64, .b16, .b128 };
---
@summary Atomically exchanges the 128-bit value at address a with b; d gets the old value.
atom{.sem}{.scope}{.space}.exch{.level::cache_hint}.b128  d, [a], b{, cache-policy};
---
@summary Atomically exchanges the value at address a with b; ptxas also takes (and ignores) a fourth operand.
atom{.sem}{.scope}{.space}.exch.type  d, [a], b, c;
.type = { .b32, .b128 };
c : reg;
// Not in the manual: ptxas accepts `atom.global.exch.b32 %r1, [a], %r2, %r3` (also .b128); with
// .b64, or with a constant as the fourth operand, it takes it for a cache policy
// (".L2::cache_hint modifier required for instruction 'atom' with 4 arguments").
---
@summary Atomically adds a half-precision (or packed) value without flushing subnormals.
atom{.sem}{.scope}{.space}.add.noftz{.level::cache_hint}.type  d, [a], b{, cache-policy};
.type = { .f16, .f16x2, .bf16, .bf16x2, .f32 };
---
@summary Atomically adds a vector of .f32 values, element by element (each element atomic on its own).
atom{.sem}{.scope}{.global}.add{.level::cache_hint}.vec_32_bit.f32  d, [a], b{, cache-policy};
.vec_32_bit = { .v2, .v4 };
d : out reg|sink|discard x.vec_32_bit;   // ptxas: `_` may discard the whole vector (result discard mode) or one element
b : reg|imm x.vec_32_bit;
---
@summary Atomically applies op to a vector of half-precision values, element by element.
atom{.sem}{.scope}{.global}.op.noftz{.level::cache_hint}.vec_16_bit.half_word_type  d, [a], b{, cache-policy};
.op = { .add, .min, .max };
.vec_16_bit = { .v2, .v4, .v8 };
.half_word_type = { .f16, .bf16 };
d : out reg|sink|discard x.vec_16_bit;
b : reg|imm x.vec_16_bit;
---
@summary Atomically applies op to a vector of packed half-precision pairs, element by element.
atom{.sem}{.scope}{.global}.op.noftz{.level::cache_hint}.vec_32_bit.packed_type  d, [a], b{, cache-policy};
.op = { .add, .min, .max };
.vec_32_bit = { .v2, .v4 };
.packed_type = { .f16x2, .bf16x2 };
d : out reg|sink|discard x.vec_32_bit;   // ptxas: `_` may discard the whole vector (result discard mode) or one element
b : reg|imm x.vec_32_bit;

// ------------------------------------------------------------------ versions and targets

require atom
  ptx 1.0; target sm_11
  ptxas "" "Instruction 'atom'"
  probe "atom.global.add.u32 %r1, [gbuf], %r2"
  source §9.7.13.5 L120/L156 (manual: 1.1); ptxas 11.8 accepts it at 1.0
require atom .shared
  ptx 1.2; target sm_12
  ptxas "" "Feature 'shared storage'"
  probe "atom.shared.add.u32 %r1, [sbuf], %r2"
  source §9.7.13.5 L122/L158
require atom .u64|.s64|.b64
  ptx 1.2; target sm_12
  ptxas "Instruction 'atom.add.u64.global'"
  probe "atom.global.add.u64 %rd1, [gbuf], %rd2"
  source §9.7.13.5 L122/L160
require atom .add .f32
  ptx 2.0; target sm_20
  ptxas "Instruction 'atom.add.f32.global'"
  probe "atom.global.add.f32 %r1, [gbuf], %r2"
  source §9.7.13.5 L124/L162
require atom !.global|.shared|.shared::cta|.shared::cluster
  ptx 2.0; target sm_20
  ptxas "Feature 'generic addressing'"
  probe "atom.add.u32 %r1, [%rd1], %r2"
  source §9.7.13.5 L124/L174
require atom .and|.or|.xor|.min|.max .b64|.u64|.s64
  ptx 3.1; target sm_32
  ptxas "Instruction 'atom.and.b64.global'"
  probe "atom.global.and.b64 %rd1, [gbuf], %rd2"
  source §9.7.13.5 L126/L164
require atom .add .f64
  ptx 5.0; target sm_60
  ptxas "Instruction 'atom.add.f64.global'"
  probe "atom.global.add.f64 %rd1, [gbuf], %rd2"
  source §9.7.13.5 L128/L168
require atom .cta|.gpu|.sys
  ptx 5.0; target sm_60
  ptxas "Feature 'scopes on atomic operations'"
  probe "atom.sys.global.add.u32 %r1, [gbuf], %r2"
  source §9.7.13.5 L130/L170
require atom .relaxed|.acquire|.release|.acq_rel
  ptx 6.0; target sm_70
  ptxas "Feature '.relaxed'"
  probe "atom.relaxed.gpu.global.add.u32 %r1, [gbuf], %r2"
  source §9.7.13.5 L132/L172
require atom .noftz .f16x2
  ptx 6.2; target sm_60
  ptxas "Instruction 'atom.add.f16x2.global'"
  probe "atom.global.add.noftz.f16x2 %r1, [gbuf], %r2"
  source §9.7.13.5 L134/L176
require atom .noftz .f16
  ptx 6.3; target sm_70
  ptxas "Instruction 'atom.add.f16.global'"
  probe "atom.global.add.noftz.f16 %h1, [gbuf], %h2"
  source §9.7.13.5 L136/L178
require atom .cas .b16
  ptx 6.3; target sm_70
  ptxas "Instruction 'atom.cas.b16.global'"
  probe "atom.global.cas.b16 %h1, [gbuf], %h2, %h3"
  source §9.7.13.5 L136/L178
require atom .L2::cache_hint
  ptx 7.4; target sm_80
  ptxas "Modifier '.L2::cache_hint'"
  probe "atom.global.L2::cache_hint.add.u32 %r1, [gbuf], %r2, %rd1"
  source §9.7.13.5 L140/L180
require atom .bf16|.bf16x2
  ptx 7.8; target sm_90
  ptxas "Instruction 'atom.add.bf16.global'"
  probe "atom.global.add.noftz.bf16 %h1, [gbuf], %h2"
  source §9.7.13.5 L142/L182
require atom .cluster|.shared::cluster
  ptx 7.8; target sm_90
  ptxas "Feature '.cluster scope'"
  probe "atom.relaxed.cluster.global.add.u32 %r1, [gbuf], %r2"
  source §9.7.13.5 L144/L184
require atom .v2|.v4|.v8
  ptx 8.1; target sm_90
  ptxas "Feature 'atom instruction with vector types'"
  probe "atom.global.v2.f32.add {%r1, %r2}, [gbuf], {%r3, %r4}"
  source §9.7.13.5 L148/L190
require atom .b128
  ptx 8.3; target sm_90
  ptxas "Instruction 'atom.cas.b128.global'"
  probe "atom.global.cas.b128 %q1, [gbuf], %q2, %q3"
  source §9.7.13.5 L150/L192
require atom .shared::cta
  ptx 7.8; target sm_12
  ptxas "Feature '::cta'" "Feature 'shared storage'"
  probe "atom.shared::cta.add.u32 %r1, [sbuf], %r2"
  source §9.7.13.5 L146/L186
require atom .noftz .f32
  ptx 9.4; target sm_90
  ptxas "Feature 'atom with .noftz and .f32'"
  probe "atom.global.add.noftz.f32 %r1, [gbuf], %r2"
  source RN 9.4 (Z94: .noftz with .f32 on atom/red); ptxas 13.5 ("Feature 'atom with .noftz and .f32' requires PTX ISA .version 9.4")
require atom .sys .b128
  ptx 8.4; target sm_90
  ptxas "Feature '.b128 with .sys'" ""
  probe "atom.sys.global.cas.b128 %q1, [gbuf], %q2, %q3"
  source §9.7.13.5 (PTX ISA notes: .sys scope with .b128 in 8.4); ptxas
require atom .shared .u64|.s64|.b64
  ptx 2.0; target sm_20
  ptxas "Instruction 'atom.add.u64.shared'|Instruction 'atom.cas.b64.shared'|Instruction 'atom.exch.b64.shared'" "Instruction 'atom.add.u64.shared'|Instruction 'atom.cas.b64.shared'|Instruction 'atom.exch.b64.shared'"
  probe "atom.shared.add.u64 %rd1, [sbuf], %rd2"
  source §9.7.13.5 (64-bit atom.shared.{add,cas,exch} in 2.0, sm_20); ptxas 11.8
