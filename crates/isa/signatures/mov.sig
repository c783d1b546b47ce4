// mov: set a register (§9.7.9.3) and pack/unpack a vector of registers (§9.7.9.4).
//
// What `a` may be, per ptxas: a register or a constant (a float literal for .f32/.f64); a
// special register for the integer and bit types (and %is_explicit_cluster for .pred) (`mov.u16 %h, %tid.x` assembles; its width must
// agree: `mov.u64 d, %tid.x` is "Arguments mismatch"); the address of a variable (optionally +/- a
// constant) for the integer and bit types; a function or kernel name only for .b32, .u32, .b64
// and .u64. Never the sink as the destination ("Result discard mode is not allowed").

@summary Copies a into d (a register, constant, special register, or the address of a variable or function).

d : out reg;
a : reg|imm|sreg|sym;

value d = a source §9.7.9.3: d = a (a variable's name: its address);

@section 9.7.9.3
mov.type  d, a;
.type = { .b16, .u16, .s16, .s32, .s64 };
---
@section 9.7.9.3
mov.type  d, a;
.type = { .b32, .u32, .b64, .u64 };
a : reg|imm|sreg|sym|func;
---
@section 9.7.9.3
mov.type  d, a;
.type = { .f32, .f64 };
a : reg|imm;
---
@section 9.7.9.3
@summary Copies a 128-bit register or constant (PTX 8.3).
mov.b128  d, a;
a : reg|imm;
---
@section 9.7.9.3
@summary Copies predicate a (maybe negated, a constant, or the predicate special register %is_explicit_cluster) into predicate d.
mov.pred  d, {!}a;
d : out pred;
a : pred|imm|sreg .pred;
---
@section 9.7.9.3
@summary Copies a vector of two or four values (braced lists or vector registers) element by element.
// Not in the manual; ptxas 11.8, 12.9 and 13.5 accept it (`mov.v2.b32 {%r1, _}, %v;` in ZLUDA's
// tests) up to 128 bits ("Vector type too large, exceeds 128 bit limit"), no .pred ("Vector
// qualifier is not allowed for instruction 'mov'").
mov.vec.type  d, a;
.vec  = { .v2, .v4 };
.type = { .b16, .b32, .b64, .u16, .u32, .u64, .s16, .s32, .s64, .f32, .f64 };
d : out reg|sink x.vec;
a : reg|imm|sreg x.vec;
except .v4 .b64|.u64|.s64|.f64 because a vector of four 64-bit values exceeds 128 bits;

---
@section 9.7.9.4
@summary Unpacks a scalar of the element type into the vector d: not a broadcast (a is split into equal parts, each zero-extended into an element of d).
// Not in the manual. ptxas 11.8, 12.9 and 13.5 accept a scalar of the element type (a register,
// constant or special register) as the source of `mov.v2`/`mov.v4` and compile it as the
// unpacking `mov` (`mov.v4.u32 {%r1, %r2, %r3, %r4}, %r5` puts the four bytes of %r5 in
// %r1..%r4: four PRMTs in the SASS); a scalar of another width is "Arguments mismatch".
mov.vec.type  d, a;
.vec  = { .v2, .v4 };
.type = { .b16, .b32, .b64, .u16, .u32, .u64, .s16, .s32, .s64 };
d : out reg|sink x.vec;
a : reg|imm|sreg;
except .v4 .b64|.u64|.s64 because a vector of four 64-bit values exceeds 128 bits;
---
@section 9.7.9.4
@summary Takes a float scalar as the integer form above does, never a special register ("Special register argument not allowed").
mov.vec.type  d, a;
.vec  = { .v2, .v4 };
.type = { .f32, .f64 };
d : out reg|sink x.vec;
a : reg|imm;
except .v4 .f64 because a vector of four 64-bit values exceeds 128 bits;

---
@section 9.7.9.4
@summary Packs two values of half the width into d (the first into the low bits).
// Constants are accepted as elements (`mov.b32 %r1, {1, %h2}`).
mov.type  d, a;
.type = { .b16, .b32, .b64, .b128 };
d : out reg;
a : reg|imm .type/2 x2;
value d = element(a, 0) | (element(a, 1) << 8) when .b16 source §9.7.9.4 L31: d = a.x | (a.y << 8);
value d = element(a, 0) | (element(a, 1) << 16) when .b32 source §9.7.9.4 L35: d = a.x | (a.y << 16);
value d = element(a, 0) | (element(a, 1) << 32) when .b64 source §9.7.9.4 L39: d = a.x | (a.y << 32);
---
@section 9.7.9.4
@summary Packs four values of a quarter of the width into d (the first into the low bits).
mov.type  d, a;
.type = { .b32, .b64, .b128 };
d : out reg;
a : reg|imm .type/4 x4;
value d = element(a, 0) | (element(a, 1) << 8) | (element(a, 2) << 16) | (element(a, 3) << 24) when .b32 source §9.7.9.4 L33: d = a.x | (a.y << 8) | (a.z << 16) | (a.w << 24);
value d = element(a, 0) | (element(a, 1) << 16) | (element(a, 2) << 32) | (element(a, 3) << 48) when .b64 source §9.7.9.4 L37: d = a.x | (a.y << 16) | (a.z << 32) | (a.w << 48);
---
@section 9.7.9.4
@summary Unpacks a into two values of half its width (the low bits into the first); _ discards one.
// ptxas needs at least one register among the elements ("Unable to infer type of vector elements").
mov.type  d, a;
.type = { .b16, .b32, .b64 };
d : out reg|sink .type/2 x2;
a : reg|imm|sreg;
---
@section 9.7.9.4
@summary Unpacks a into four values of a quarter of its width (the low bits into the first); _ discards one.
mov.type  d, a;
.type = { .b32, .b64 };
d : out reg|sink .type/4 x4;
a : reg|imm|sreg;
---
@section 9.7.9.4
@summary Unpacks a .b128 value into two .b64 or four .b32 values; _ discards one.
mov.b128  d, a;
mov.b128  e, a;
d : out reg|sink .b64 x2;
e : out reg|sink .b32 x4;
a : reg|imm;

// ------------------------------------------------------------------ versions and targets

require mov .b128
  ptx 8.3; target sm_70
  ptxas "Feature 'Instruction type .b128 for instruction mov'"
  probe "mov.b128 %q1, %q2"
  source §9.7.9.4 L70/L76

types mov
  probe "mov{T} {d}, {a}"
  legal .pred, .b16, .b32, .b64, .b128, .u16, .u32, .u64, .s16, .s32, .s64, .f32, .f64
  source ptxas table `mov` (F, I, B, P, B128); §9.7.9.3
