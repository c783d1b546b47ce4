// cvt: convert a value from one type to another (§9.7.9.21); cvt.pack (§9.7.9.22).
//
// The rounding modifiers each conversion needs or allows are the rounding rules' (the forms write
// the rounding part optional where some version accepts it bare, and the values ptxas takes).
// Facts from ptxas (11.8/12.9/13.5) beyond the Syntax block:
// - .sat between integer types only where the destination range is not a superset of the
//   source's ("Illegal modifier '.sat' for instruction 'cvt'"), and never with .bf16;
// - .ftz only when the destination or the source type is .f32;
// - the generic forms take wider registers (§9.4.1), except next to .bf16: then neither operand
//   may be wider ("Arguments mismatch"); the packed and narrow float formats never;
// - a special register is a source only of integer-to-integer conversions ("Special register
//   argument not allowed for instruction 'cvt'" otherwise); a constant is a source unless its
//   type is .f16, .bf16 or packed.

@summary Converts a from .atype to .dtype, rounding, flushing and saturating as the modifiers say.

d : out reg wide .dtype;
a : reg|imm wide .atype;

value d = a unless .sat source §9.7.9.21: integer conversions truncate or extend (float forms are not followed);

@section 9.7.9.21
@summary Converts between integer types (truncating or sign/zero-extending; .sat clamps to the destination range).
cvt{.sat}.dtype.atype  d, a;
.dtype = .atype = { .u8, .u16, .u32, .u64, .s8, .s16, .s32, .s64 };
a : reg|imm|sreg wide .atype;
except .sat dst=.u8 src=.u8 because .u8 holds every .u8 value: .sat has nothing to clamp;
except .sat dst=.u16 src=.u8|.u16 because .u16 holds every value of the source type: .sat has nothing to clamp;
except .sat dst=.u32 src=.u8|.u16|.u32 because .u32 holds every value of the source type: .sat has nothing to clamp;
except .sat dst=.u64 src=.u8|.u16|.u32|.u64 because .u64 holds every value of the source type: .sat has nothing to clamp;
except .sat dst=.s8 src=.s8 because .s8 holds every .s8 value: .sat has nothing to clamp;
except .sat dst=.s16 src=.u8|.s8|.s16 because .s16 holds every value of the source type: .sat has nothing to clamp;
except .sat dst=.s32 src=.u8|.u16|.s8|.s16|.s32 because .s32 holds every value of the source type: .sat has nothing to clamp;
except .sat dst=.s64 src=.u8|.u16|.u32|.s8|.s16|.s32|.s64 because .s64 holds every value of the source type: .sat has nothing to clamp;

---
@section 9.7.9.21
@summary Converts a floating-point value to an integer (rounding to an integer as .irnd says; .sat is the default clamping).
cvt{.irnd}{.ftz}{.sat}.dtype.atype  d, a;
.irnd  = { .rni, .rzi, .rmi, .rpi };
.dtype = { .u8, .u16, .u32, .u64, .s8, .s16, .s32, .s64 };
.atype = { .f32, .f64 };
except .ftz !.f32 because .ftz needs an .f32 source or destination;

---
@section 9.7.9.21
@summary Converts an .f16 value to an integer.
cvt{.irnd}{.sat}.dtype.f16  d, a;
.irnd  = { .rni, .rzi, .rmi, .rpi };
.dtype = { .u8, .u16, .u32, .u64, .s8, .s16, .s32, .s64 };
a : reg wide .f16;

---
@section 9.7.9.21
@summary Converts an integer to a floating-point value (rounding as .frnd says).
cvt{.frnd}{.ftz}{.sat}.dtype.atype  d, a;
.frnd  = { .rn, .rz, .rm, .rp };
.dtype = { .f16, .f32, .f64 };
.atype = { .u8, .u16, .u32, .u64, .s8, .s16, .s32, .s64 };
except .ftz !.f32 because .ftz needs an .f32 source or destination;

---
@section 9.7.9.21
@summary Converts between .f16, .f32 and .f64 (.frnd: when narrowing; .irnd: rounding to an integral value of the same type).
cvt{.rnd}{.ftz}{.sat}.dtype.atype  d, a;
.rnd   = { .rn, .rz, .rm, .rp, .rni, .rzi, .rmi, .rpi };
.dtype = { .f16, .f32, .f64 };
.atype = { .f32, .f64 };
except .ftz !.f32 because .ftz needs an .f32 source or destination;

---
@section 9.7.9.21
@summary Converts an .f16 value to .f16, .f32 or .f64.
cvt{.rnd}{.ftz}{.sat}.dtype.f16  d, a;
.rnd   = { .rn, .rz, .rm, .rp, .rni, .rzi, .rmi, .rpi };
.dtype = { .f16, .f32, .f64 };
a : reg wide .f16;
except .ftz !.f32 because .ftz needs an .f32 source or destination;

---
@section 9.7.9.21
@summary Converts an integer or an .f64 value to .bf16 (PTX 7.8); no wider registers next to .bf16.
cvt{.rnd}.bf16.atype  d, a;
.rnd   = { .rn, .rz, .rm, .rp };
.atype = { .u8, .u16, .u32, .u64, .s8, .s16, .s32, .s64, .f64 };
d : out reg .bf16;
a : reg|imm .atype;

---
@section 9.7.9.21
@summary Converts an .f16 or .bf16 value to .bf16 (.irnd on .bf16: rounding to an integral value).
cvt{.rnd}.bf16.atype  d, a;
.rnd   = { .rn, .rz, .rm, .rp, .rni, .rzi, .rmi, .rpi };
.atype = { .f16, .bf16 };
d : out reg .bf16;
a : reg .atype;

---
@section 9.7.9.21
@summary Converts an .f32 value to .bf16 (.relu: negative results become 0; .satfinite: no infinities).
cvt{.frnd}{.ftz}.bf16.f32             d, a;
cvt.frnd2{.relu}{.satfinite}.bf16.f32  d, a;
cvt.frnd2{.relu}{.satfinite}.pzo.bf16.f32  d, a;
.frnd  = { .rn, .rz, .rm, .rp };
.frnd2 = { .rn, .rz };
d : out reg .bf16;
a : reg|imm .f32;

---
@section 9.7.9.21
@summary Converts an .f32 value to .f16 (.relu: negative results become 0; .satfinite: no infinities; .pzo: PTX 9.4).
cvt.frnd2{.relu}{.satfinite}.f16.f32       d, a;
cvt.frnd2{.relu}{.satfinite}.pzo.f16.f32   d, a;
.frnd2 = { .rn, .rz };
d : out reg wide .f16;
a : reg|imm wide .f32;

---
@section 9.7.9.21
@summary Converts a .bf16 value to an integer or a floating-point type (PTX 7.1/7.8); no wider registers next to .bf16.
cvt{.rnd}{.ftz}{.sat}.dtype.bf16  d, a;
.rnd   = { .rn, .rz, .rm, .rp, .rni, .rzi, .rmi, .rpi };
.dtype = { .u8, .u16, .u32, .u64, .s8, .s16, .s32, .s64, .f16, .f32, .f64 };
d : out reg .dtype;
a : reg .bf16;
except .ftz !.f32 because .ftz needs an .f32 source or destination;
except .sat because .sat does not go with .bf16;

---
@section 9.7.9.21
@summary Converts two .f32 values into a packed .f16x2 pair, a into the upper half.
// The relaxed rules apply to .f16x2 (a .b64 destination, .b64 sources), not to .bf16x2
// (ptxas 11.8/12.9/13.5, the register-type grid).
cvt.frnd2{.relu}{.satfinite}.f16x2.f32      d, a, b;
cvt.frnd2{.relu}{.satfinite}.pzo.f16x2.f32  d, a, b;
.frnd2 = { .rn, .rz };
d    : out reg .f16x2 wide;
a, b : reg|imm .f32 wide;
---
@section 9.7.9.21
@summary Converts two .f32 values into a packed .bf16x2 pair, a into the upper half.
cvt.frnd2{.relu}{.satfinite}.bf16x2.f32      d, a, b;
cvt.frnd2{.relu}{.satfinite}.pzo.bf16x2.f32  d, a, b;
.frnd2 = { .rn, .rz };
d    : out reg .bf16x2;
a, b : reg|imm .f32;
---
@section 9.7.9.21
@summary Converts two .f32 values into a packed .f16x2 pair with stochastic rounding from the random bits rbits.
cvt.rs{.relu}{.satfinite}.f16x2.f32  d, a, b, rbits;
d     : out reg .f16x2 wide;
a, b  : reg|imm .f32 wide;
rbits : reg .b32;
---
@section 9.7.9.21
@summary Converts two .f32 values into a packed .bf16x2 pair with stochastic rounding from the random bits rbits.
cvt.rs{.relu}{.satfinite}.bf16x2.f32  d, a, b, rbits;
d     : out reg .bf16x2;
a, b  : reg|imm .f32;
rbits : reg .b32;

---
@section 9.7.9.21
@summary Converts an .f32 value to .tf32 (in a .b32 register).
cvt.rna{.satfinite}.tf32.f32                 d, a;
cvt.frnd2{.satfinite}{.relu}.tf32.f32       d, a;
cvt.frnd2{.satfinite}{.relu}.pzo.tf32.f32   d, a;
.frnd2 = { .rn, .rz };
d : out reg .tf32;   // a .b32 register
a : reg|imm .f32;

---
@section 9.7.9.21
@summary Converts two .f32 values into a packed FP8 (.e4m3x2/.e5m2x2) or FP6 (.e2m3x2/.e3m2x2) pair, a into the upper half (.satfinite is required; .scaled::n1::ue8m0 divides by scale-factor, PTX 9.4).
cvt.frnd.satfinite{.relu}{.pzo}{.scaled}.dtype.f32  d, a, b{, scale-factor};
.frnd   = { .rn, .rz };
.scaled = { .scaled::n1::ue8m0 };
.dtype  = { .e4m3x2, .e5m2x2, .e2m3x2, .e3m2x2 };
d    : out reg .dtype;   // a .b16 register (ptxas 11.8 also takes .u16/.s16)
a, b : reg|imm .f32;
scale-factor : reg .b8 if .scaled;
---
@section 9.7.9.21
@summary Converts a packed .f16x2/.bf16x2 pair into a packed FP8 (.e4m3x2/.e5m2x2) or FP6 (.e2m3x2/.e3m2x2) pair (.satfinite is required).
cvt.frnd.satfinite{.relu}{.pzo}{.scaled}.dtype.atype  d, a{, scale-factor};
.frnd   = { .rn, .rz };
.scaled = { .scaled::n1::ue8m0 };
.dtype  = { .e4m3x2, .e5m2x2, .e2m3x2, .e3m2x2 };
.atype  = { .f16x2, .bf16x2 };
d : out reg .dtype;
a : reg .atype;
scale-factor : reg .b8 if .scaled;
---
@section 9.7.9.21
@summary Converts a packed FP8 (.e4m3x2/.e5m2x2) or FP6 (.e2m3x2/.e3m2x2) pair into a packed .f16x2/.bf16x2 pair, the upper element into the upper half.
cvt.rn{.relu}.dtype.atype  d, a;
.dtype = { .f16x2, .bf16x2 };
.atype = { .e4m3x2, .e5m2x2, .e2m3x2, .e3m2x2 };
d : out reg .dtype;
a : reg .atype;

---
@section 9.7.9.21
@summary Converts two .f32 values into a packed FP4 (.e2m1x2) pair, a into the upper half (.satfinite is required; .scaled::n1::ue8m0 divides by scale-factor, PTX 9.4).
cvt.frnd.satfinite{.relu}{.pzo}{.scaled}.dtype.f32  d, a, b{, scale-factor};
.frnd   = { .rn, .rz };
.scaled = { .scaled::n1::ue8m0 };
.dtype  = { .e2m1x2 };
d    : out reg .dtype;   // a .b8 register
a, b : reg|imm .f32;
scale-factor : reg .b8 if .scaled;
---
@section 9.7.9.21
@summary Converts a packed .f16x2/.bf16x2 pair into a packed FP4 (.e2m1x2) pair (.satfinite is required).
cvt.frnd.satfinite{.relu}{.pzo}{.scaled}.dtype.atype  d, a{, scale-factor};
.frnd   = { .rn, .rz };
.scaled = { .scaled::n1::ue8m0 };
.dtype  = { .e2m1x2 };
.atype  = { .f16x2, .bf16x2 };
d : out reg .dtype;
a : reg .atype;
scale-factor : reg .b8 if .scaled;
---
@section 9.7.9.21
@summary Converts a packed FP4 (.e2m1x2) pair into a packed .f16x2/.bf16x2 pair, the upper element into the upper half.
cvt.rn{.relu}.dtype.atype  d, a;
.dtype = { .f16x2, .bf16x2 };
.atype = { .e2m1x2 };
d : out reg .dtype;
a : reg .atype;

---
@section 9.7.9.21
@summary Converts four .f32 values into four packed FP8/FP6 values with stochastic rounding from rbits (.satfinite is required).
cvt.rs{.relu}.satfinite.dtype.f32  d, {a, b, e, f}, rbits;
.dtype = { .e4m3x4, .e5m2x4, .e2m3x4, .e3m2x4 };
d          : out reg .dtype;
a, b, e, f : reg|imm .f32;
rbits      : reg .b32;
---
@section 9.7.9.21
@summary Converts four .f32 values into four packed FP4 values with stochastic rounding from rbits (.satfinite is required).
cvt.rs{.relu}.satfinite.e2m1x4.f32  d, {a, b, e, f}, rbits;
d          : out reg .e2m1x4;
a, b, e, f : reg|imm .f32;
rbits      : reg .b32;

---
@section 9.7.9.21
@summary Converts two .f32 values into a packed .ue8m0x2 pair (exponents, rounded toward zero or up).
cvt.frnd3{.satfinite}.ue8m0x2.f32  d, a, b;
.frnd3 = { .rz, .rp };
d    : out reg .ue8m0x2;
a, b : reg|imm .f32;
---
@section 9.7.9.21
@summary Converts a packed .bf16x2 pair into a packed .ue8m0x2 pair (exponents, rounded toward zero or up).
cvt.frnd3{.satfinite}.ue8m0x2.bf16x2  d, a;
.frnd3 = { .rz, .rp };
d : out reg .ue8m0x2;
a : reg .bf16x2;
---
@section 9.7.9.21
@summary Converts a packed .ue8m0x2 pair into a packed .bf16x2 pair.
cvt.rn.bf16x2.ue8m0x2  d, a;
d : out reg .bf16x2;
a : reg .ue8m0x2;

---
@section 9.7.9.21
@summary Converts two .f32 values into a packed .s2f6x2 pair, optionally dividing by the packed .ue8m0 scale-factor (PTX 9.1).
cvt.rn.satfinite{.relu}{.scaled}.s2f6x2.f32  d, a, b{, scale-factor};
.scaled = { .scaled::n2::ue8m0 };
d    : out reg .b16;
a, b : reg|imm .f32;
scale-factor : reg .b16 if .scaled;
---
@section 9.7.9.21
@summary Converts a packed .bf16x2 pair into a packed .s2f6x2 pair, optionally dividing by the packed .ue8m0 scale-factor (PTX 9.1).
cvt.rn.satfinite{.relu}{.scaled}.s2f6x2.bf16x2  d, a{, scale-factor};
.scaled = { .scaled::n2::ue8m0 };
d : out reg .b16;
a : reg .bf16x2;
scale-factor : reg .b16 if .scaled;
---
@section 9.7.9.21
@summary Converts a packed .s2f6x2 pair into a packed .bf16x2 pair, optionally multiplying by the packed .ue8m0 scale-factor (PTX 9.1).
cvt.rn{.satfinite}{.relu}{.scaled}.bf16x2.s2f6x2  d, a{, scale-factor};
.scaled = { .scaled::n2::ue8m0 };
d : out reg .bf16x2;
a : reg .s2f6x2;
scale-factor : reg .b16 if .scaled;

---
@section 9.7.9.21
@summary Converts two .f32 values into a packed unsigned .ue5m3x2 pair (PTX 9.4; .scaled::n1::ue8m0 divides by scale-factor).
cvt.frnd{.satfinite}.ue5m3x2.f32                        d, a, b;
cvt.frnd2{.satfinite}.scaled::n1::ue8m0.ue5m3x2.f32     d, a, b, scale-factor;
.frnd  = { .rn, .rz, .rp };
.frnd2 = { .rn, .rz };
d    : out reg .ue5m3x2;
a, b : reg|imm .f32;
scale-factor : reg .ue8m0;   // a .b8 register
---
@section 9.7.9.21
@summary Converts a packed .f16x2/.bf16x2 pair into a packed unsigned .ue5m3x2 pair (PTX 9.4).
// ptxas 13.5 also takes the scale-factor operand without .scaled::n1::ue8m0 here (only here).
cvt.frnd{.satfinite}.ue5m3x2.atype                      d, a{, scale-factor};
cvt.frnd2{.satfinite}.scaled::n1::ue8m0.ue5m3x2.atype   d, a, scale-factor;
.frnd  = { .rn, .rz, .rp };
.frnd2 = { .rn, .rz };
.atype = { .f16x2, .bf16x2 };
d : out reg .ue5m3x2;
a : reg .atype;
scale-factor : reg .ue8m0;
---
@section 9.7.9.21
@summary Converts a packed .ue5m3x2 pair into a packed .f16x2 or .bf16x2 pair (PTX 9.4; .bf16x2 may scale by a packed .ue8m0 scale-factor).
cvt.rn.f16x2.ue5m3x2                                  d, a;
d : out reg .f16x2;
a : reg .ue5m3x2;
---
@section 9.7.9.21
@summary Converts a packed .ue5m3x2 pair into a packed .bf16x2 pair, optionally scaled by a packed .ue8m0 scale-factor (PTX 9.4).
cvt.rn{.satfinite}{.scaled}.bf16x2.ue5m3x2           d, a{, scale-factor};
.scaled = { .scaled::n2::ue8m0 };
d : out reg .bf16x2;
a : reg .ue5m3x2;
scale-factor : reg .b16 if .scaled;

---
@section 9.7.9.22
@summary Converts two .s32 values to narrower integers with saturation and packs them into d (a into the upper half).
cvt.pack.sat.convertType.abType  d, a, b;
.convertType = { .u16, .s16 };
.abType      = { .s32 };
// The relaxed rules apply (ptxas takes .b64 registers, and .f16x2, not .f32: the
// register-type grid).
d    : out reg .u32 wide;
a, b : reg|imm .s32 wide;
---
@section 9.7.9.22
@summary Converts two .s32 values to narrower integers with saturation, packs them into the low bits of d and fills the rest from c.
cvt.pack.sat.convertType.abType.cType  d, a, b, c;
.convertType = { .u2, .s2, .u4, .s4, .u8, .s8 };
.abType      = { .s32 };
.cType       = { .b32 };
d    : out reg .u32 wide;
a, b : reg|imm .s32 wide;
c    : reg|imm .b32 wide;


// ------------------------------------------------------------------ versions and targets

require cvt .relu
  ptx 7.0; target sm_80
  ptxas "Feature '.relu'" "Modifier '.relu'"
  probe "cvt.rn.relu.f16.f32 %h1, %r1"
  source §9.7.9.21 L361/L405
require cvt dst=.f16x2 src=.f32
  ptx 7.0; target sm_80
  ptxas "Feature 'cvt.f16x2.f32'|Feature 'cvt with .f16x2'"
  probe "cvt.rn.f16x2.f32 %r1, %r2, %r3"
  source §9.7.9.21 L361/L405
require cvt dst=.bf16|.bf16x2 src=.f32
  ptx 7.0; target sm_80
  ptxas "Feature 'cvt.bf16.f32'|Feature 'cvt with .bf16'"
  probe "cvt.rn.bf16.f32 %h1, %r1"
  source §9.7.9.21 L361/L405
require cvt dst=.tf32 src=.f32
  ptx 7.0; target sm_80
  ptxas "Feature '.tf32'"
  probe "cvt.rna.tf32.f32 %r1, %r2"
  source §9.7.9.21 L361/L405
require cvt dst=.f32 src=.bf16
  ptx 7.1; target sm_80
  ptxas "Feature 'cvt with .f32.bf16'"
  probe "cvt.f32.bf16 %r1, %h1"
  source §9.7.9.21 L363/L407
require cvt dst=.bf16 src=.f16|.f64|.u8|.u16|.u32|.u64|.s8|.s16|.s32|.s64|.bf16
  ptx 7.8; target sm_90
  ptxas "Feature 'cvt with .bf16.f16'"
  probe "cvt.rn.bf16.f16 %h1, %h2"
  source §9.7.9.21 L365/L409
require cvt dst=.f16|.f64|.u8|.u16|.u32|.u64|.s8|.s16|.s32|.s64 src=.bf16
  ptx 7.8; target sm_90
  ptxas "Feature 'cvt with .s32.bf16'"
  probe "cvt.rzi.s32.bf16 %r1, %h1"
  source §9.7.9.21 L365/L409
require cvt dst=.e4m3x2|.e5m2x2
  ptx 7.8; target sm_90, sm_89@8.1
  ptxas "Feature 'cvt.e4m3x2.f32'|Feature 'cvt.e4m3x2.f32 on sm_89'|Feature 'cvt with .e4m3x2/.e5m2x2'|Feature 'cvt with .e4m3x2/.e5m2x2 on sm_89'" "Feature 'cvt.e4m3x2.f32'|Feature 'cvt with .e4m3x2/.e5m2x2'"
  probe "cvt.rn.satfinite.e4m3x2.f32 %h1, %r1, %r2"
  source §9.7.9.21 L369-375/L413-415
require cvt src=.e4m3x2|.e5m2x2
  ptx 7.8; target sm_90, sm_89@8.1
  ptxas "Feature 'cvt.f16x2.e4m3x2'|Feature 'cvt.f16x2.e4m3x2 on sm_89'|Feature 'cvt with .e4m3x2/.e5m2x2'|Feature 'cvt with .e4m3x2/.e5m2x2 on sm_89'" "Feature 'cvt.f16x2.e4m3x2'|Feature 'cvt with .e4m3x2/.e5m2x2'"
  probe "cvt.rn.f16x2.e4m3x2 %r1, %h1"
  source §9.7.9.21 L369-375/L413-415
require cvt .satfinite dst=.f16 src=.f32
  ptx 8.1; target sm_70
  ptxas "Modifier '.satfinite' on 'cvt.f16.f32'" "Feature '.satfinite'"
  probe "cvt.rn.satfinite.f16.f32 %h1, %r1"
  source §9.7.9.21 L377 (target not stated); ptxas: sm_70
require cvt .satfinite dst=.bf16 src=.f32
  ptx 8.1; target sm_80
  ptxas "Modifier '.satfinite' on 'cvt.bf16.f32'" ""
  probe "cvt.rn.satfinite.bf16.f32 %h1, %r1"
  source §9.7.9.21 L377; ptxas
require cvt dst=.e2m1x2 src=.f32
  ptx 8.6; target sm_100a, sm_101a, sm_120a@8.7, sm_100f@8.8, sm_101f@8.8, sm_120f@8.8
  ptxas "Feature 'cvt.e2m1x2.f32'|Feature 'cvt with .e2m1x2'" "Feature 'cvt.e2m1x2.f32'|Instruction 'cvt with .e2m1x2'"
  probe "cvt.rn.satfinite.e2m1x2.f32 %b1, %r1, %r2"
  source §9.7.9.21 L381-389/L419-507 (one row for .e2m1x2/.e2m3x2/.e3m2x2/.ue8m0x2 before the signatures; ptxas names each)
require cvt dst=.e2m3x2 src=.f32
  ptx 8.6; target sm_100a, sm_101a, sm_120a@8.7, sm_100f@8.8, sm_101f@8.8, sm_120f@8.8
  ptxas "Feature 'cvt.e2m3x2.f32'|Feature 'cvt with .e2m3x2/.e3m2x2'" "Feature 'cvt.e2m3x2.f32'|Instruction 'cvt with .e2m3x2/.e3m2x2'"
  probe "cvt.rn.satfinite.e2m3x2.f32 %h1, %r1, %r2"
  source §9.7.9.21 L381-389/L419-507
require cvt dst=.e3m2x2 src=.f32
  ptx 8.6; target sm_100a, sm_101a, sm_120a@8.7, sm_100f@8.8, sm_101f@8.8, sm_120f@8.8
  ptxas "Feature 'cvt.e3m2x2.f32'|Feature 'cvt with .e2m3x2/.e3m2x2'" "Feature 'cvt.e3m2x2.f32'|Instruction 'cvt with .e2m3x2/.e3m2x2'"
  probe "cvt.rn.satfinite.e3m2x2.f32 %h1, %r1, %r2"
  source §9.7.9.21 L381-389/L419-507
require cvt .ue8m0x2
  ptx 8.6; target sm_100a, sm_101a, sm_120a@8.7, sm_100f@8.8, sm_101f@8.8, sm_120f@8.8
  ptxas "Feature 'cvt with .ue8m0x2'" "Instruction 'cvt with .ue8m0x2'"
  probe "cvt.rz.satfinite.ue8m0x2.f32 %h1, %r1, %r2"
  source §9.7.9.21 L381-389/L419-507 (.ue8m0x2 from .f32 or .bf16x2, and cvt.rn.bf16x2.ue8m0x2)
require cvt dst=.e4m3x4|.e5m2x4|.e2m3x4|.e3m2x4|.e2m1x4
  ptx 8.7; target sm_100a, sm_103a@8.8
  ptxas "Feature '.rs'"
  probe "cvt.rs.satfinite.e4m3x4.f32 %r1, {%r2, %r3, %r4, %r5}, %r6"
  source §9.7.9.21 L391-393/L509-519 (the x4 types exist only with .rs; ptxas 11.8: "Unknown modifier '.e4m3x4'")
require cvt .rs
  ptx 8.7; target sm_100a, sm_103a@8.8
  ptxas "Feature '.rs'"
  probe "cvt.rs.satfinite.e4m3x4.f32 %r1, {%r2, %r3, %r4, %r5}, %r6"
  source §9.7.9.21 L391-393/L509-519
require cvt.pack
  ptx 6.5; target sm_72
  ptxas "Feature 'cvt.pack'"
  probe "cvt.pack.sat.s8.s32.b32 %r1, %r2, %r3, %r4"
  source §9.7.9.22 L63/L67
require cvt.pack .s4|.u4|.s2|.u2
  ptx 6.5; target sm_75
  ptxas "Feature 'cvt.pack'" "Feature 'cvt.pack with sub-byte type'"
  probe "cvt.pack.sat.s4.s32.b32 %r1, %r2, %r3, %r4"
  source §9.7.9.22 L63/L69
require cvt .ftz
  ptx 1.4; ptxas "Feature '.ftz'"
  source ptxas ("Feature '.ftz' requires PTX ISA .version 1.4 or later")
require cvt .pzo
  ptx 9.4; target sm_107f
  ptxas "Feature '.pzo'"
  probe "cvt.rn.pzo.f16.f32 %h1, %r1"
  source ptxas 13.5 (9.3: "Feature '.pzo' requires PTX ISA .version 9.4 or later"; sm_103a, sm_100f, sm_110f, sm_120f: "not supported"); T72
require cvt .satfinite dst=.f16x2 src=.f32
  ptx 8.1
  ptxas "Modifier '.satfinite' on 'cvt.f16x2.f32'"
  probe "cvt.rn.satfinite.f16x2.f32 %r1, %r2, %r3"
  source §9.7.9.21 (cvt.satfinite.{f16, bf16, f16x2, bf16x2, tf32}.f32 from 8.1); ptxas
require cvt .satfinite dst=.bf16x2 src=.f32
  ptx 8.1
  ptxas "Modifier '.satfinite' on 'cvt.bf16x2.f32'"
  probe "cvt.rn.satfinite.bf16x2.f32 %r1, %r2, %r3"
  source §9.7.9.21; ptxas
require cvt .satfinite .rna dst=.tf32
  ptx 8.1
  ptxas "Modifier '.satfinite' on 'cvt.tf32.f32.rna'"
  probe "cvt.rna.satfinite.tf32.f32 %r1, %r2"
  source §9.7.9.21; ptxas
require cvt .rn dst=.tf32
  ptx 7.8; target sm_90
  ptxas "Feature 'cvt with .tf32.f32.rn'"
  probe "cvt.rn.tf32.f32 %r1, %r2"
  source §9.7.9.21 (cvt.tf32.f32.{relu}.{rn/rz}: 7.8, sm_90)
require cvt .rz dst=.tf32
  ptx 7.8; target sm_90
  ptxas "Feature 'cvt with .tf32.f32.rz'"
  probe "cvt.rz.tf32.f32 %r1, %r2"
  source §9.7.9.21 (cvt.tf32.f32.{relu}.{rn/rz}: 7.8, sm_90)
require cvt .satfinite .rn dst=.tf32
  ptx 8.6; target sm_100
  ptxas "Modifier '.satfinite' on 'cvt.tf32.f32.rn'"
  probe "cvt.rn.satfinite.tf32.f32 %r1, %r2"
  source §9.7.9.21 (cvt.{rn/rz}.satfinite.tf32.f32: 8.6, sm_100)
require cvt .satfinite .rz dst=.tf32
  ptx 8.6; target sm_100
  ptxas "Modifier '.satfinite' on 'cvt.tf32.f32.rz'"
  probe "cvt.rz.satfinite.tf32.f32 %r1, %r2"
  source §9.7.9.21 (cvt.{rn/rz}.satfinite.tf32.f32: 8.6, sm_100)
require cvt .rz dst=.e4m3x2 src=.f32
  ptx 9.4; target sm_107f
  ptxas "Feature 'cvt with .e4m3x2.f32.rz'" "Instruction 'cvt with .e4m3x2.f32.rz'"
  probe "cvt.rz.satfinite.e4m3x2.f32 %h1, %r1, %r2"
  source T72 (.rz on the FP8/6/4 destinations, 9.4); ptxas 13.5 (before: "Illegal rounding modifier")
require cvt .rz dst=.e5m2x2 src=.f32
  ptx 9.4; target sm_107f
  ptxas "Feature 'cvt with .e5m2x2.f32.rz'" "Instruction 'cvt with .e5m2x2.f32.rz'"
  probe "cvt.rz.satfinite.e5m2x2.f32 %h1, %r1, %r2"
  source T72; ptxas 13.5
require cvt .rz dst=.e2m3x2 src=.f32
  ptx 9.4; target sm_107f
  ptxas "Feature 'cvt with .e2m3x2.f32.rz'" "Instruction 'cvt with .e2m3x2.f32.rz'"
  probe "cvt.rz.satfinite.e2m3x2.f32 %h1, %r1, %r2"
  source T72; ptxas 13.5
require cvt .rz dst=.e3m2x2 src=.f32
  ptx 9.4; target sm_107f
  ptxas "Feature 'cvt with .e3m2x2.f32.rz'" "Instruction 'cvt with .e3m2x2.f32.rz'"
  probe "cvt.rz.satfinite.e3m2x2.f32 %h1, %r1, %r2"
  source T72; ptxas 13.5
require cvt .rz dst=.e2m1x2 src=.f32
  ptx 9.4; target sm_107f
  ptxas "Feature 'cvt with .e2m1x2.f32.rz'" "Instruction 'cvt with .e2m1x2.f32.rz'"
  probe "cvt.rz.satfinite.e2m1x2.f32 %b1, %r1, %r2"
  source T72; ptxas 13.5
require cvt .rz dst=.e4m3x2|.e5m2x2|.e2m3x2|.e3m2x2|.e2m1x2 src=.f16x2
  ptx 9.4; target sm_107f
  ptxas "Feature 'cvt with .e4m3x2.f16x2.rz'|Feature 'cvt with .e5m2x2.f16x2.rz'|Feature 'cvt with .e2m3x2.f16x2.rz'|Feature 'cvt with .e3m2x2.f16x2.rz'|Feature 'cvt with .e2m1x2.f16x2.rz'" "Instruction 'cvt with .e4m3x2.f16x2.rz'|Instruction 'cvt with .e5m2x2.f16x2.rz'|Instruction 'cvt with .e2m3x2.f16x2.rz'|Instruction 'cvt with .e3m2x2.f16x2.rz'|Instruction 'cvt with .e2m1x2.f16x2.rz'"
  probe "cvt.rz.satfinite.e4m3x2.f16x2 %h1, %r1"
  source T72; ptxas 13.5
require cvt .rz dst=.e4m3x2|.e5m2x2|.e2m3x2|.e3m2x2|.e2m1x2 src=.bf16x2
  ptx 9.4; target sm_107f
  ptxas "Feature 'cvt with .e4m3x2.bf16x2.rz'|Feature 'cvt with .e5m2x2.bf16x2.rz'|Feature 'cvt with .e2m3x2.bf16x2.rz'|Feature 'cvt with .e3m2x2.bf16x2.rz'|Feature 'cvt with .e2m1x2.bf16x2.rz'" "Instruction 'cvt with .e4m3x2.bf16x2.rz'|Instruction 'cvt with .e5m2x2.bf16x2.rz'|Instruction 'cvt with .e2m3x2.bf16x2.rz'|Instruction 'cvt with .e3m2x2.bf16x2.rz'|Instruction 'cvt with .e2m1x2.bf16x2.rz'"
  probe "cvt.rz.satfinite.e4m3x2.bf16x2 %h1, %r1"
  source T72; ptxas 13.5
require cvt .scaled::n1::ue8m0
  ptx 9.4; target sm_107f
  ptxas "Feature '.scaled::n1::ue8m0'" ""
  probe "cvt.rn.satfinite.scaled::n1::ue8m0.e4m3x2.f32 %h1, %r1, %r2, %b1"
  source T72; ptxas 13.5 (other targets: "Illegal modifier '.scaled::n1::ue8m0' for instruction 'cvt', for arch 'sm_100f'")
require cvt dst=.e4m3x2|.e5m2x2 src=.bf16x2
  ptx 9.1; target sm_100f, sm_110f, sm_120f
  ptxas "Feature 'cvt.e4m3x2.bf16x2'"
  probe "cvt.rn.satfinite.e4m3x2.bf16x2 %h1, %r1"
  source §9.7.9.21 (cvt.rn.satfinite{.relu}{.e5m2x2/.e4m3x2}{.bf16x2}: 9.1, sm_100f/110f/120f)
require cvt dst=.e2m3x2|.e3m2x2|.e2m1x2 src=.f16x2|.bf16x2
  ptx 9.1; target sm_100f, sm_110f, sm_120f
  ptxas "Feature 'cvt.e2m3x2.f16x2'"
  probe "cvt.rn.satfinite.e2m3x2.f16x2 %h1, %r1"
  source §9.7.9.21 (cvt.rn.satfinite{.relu}{.e2m3x2/.e3m2x2/.e2m1x2}{.f16x2/.bf16x2}: 9.1, sm_100f/110f/120f)
require cvt dst=.f16x2 src=.e2m3x2|.e3m2x2
  ptx 8.6; target sm_100a, sm_101a, sm_120a@8.7, sm_100f@8.8, sm_101f@8.8, sm_120f@8.8
  ptxas "Feature 'cvt.f16x2.e2m3x2'|Feature 'cvt with .e2m3x2/.e3m2x2'" "Feature 'cvt.f16x2.e2m3x2'|Instruction 'cvt with .e2m3x2/.e3m2x2'"
  probe "cvt.rn.f16x2.e2m3x2 %r1, %h1"
  source §9.7.9.21 (cvt.rn{.relu}.f16x2.{e2m1x2/e2m3x2/e3m2x2}: 8.6, sm_100a/101a/120a, f targets from 8.8)
require cvt dst=.f16x2 src=.e2m1x2
  ptx 8.6; target sm_100a, sm_101a, sm_120a@8.7, sm_100f@8.8, sm_101f@8.8, sm_120f@8.8
  ptxas "Feature 'cvt.f16x2.e2m1x2'|Feature 'cvt with .e2m1x2'" "Feature 'cvt.f16x2.e2m1x2'|Instruction 'cvt with .e2m1x2'"
  probe "cvt.rn.f16x2.e2m1x2 %r1, %b1"
  source §9.7.9.21
require cvt dst=.bf16x2 src=.e4m3x2|.e5m2x2|.e2m3x2|.e3m2x2|.e2m1x2
  ptx 9.2; target sm_100f, sm_110f, sm_120f
  ptxas "Feature 'cvt.bf16x2.e2m1x2'"
  probe "cvt.rn.bf16x2.e2m1x2 %r1, %b1"
  source RN 9.2 (cvt to .bf16x2 from FP8/6/4 x2, sm_100f/110f/120f); T72
require cvt .s2f6x2
  ptx 9.1; target sm_100a, sm_103a, sm_110a, sm_120a, sm_121a
  ptxas "Feature 'cvt with .s2f6x2'" "Instruction 'cvt with .s2f6x2'"
  probe "cvt.rn.satfinite.s2f6x2.f32 %h1, %r1, %r2"
  source §9.7.9.21 (cvt with .s2f6x2: 9.1, sm_100a/103a/110a/120a/121a)
require cvt .ue5m3x2
  ptx 9.4; target sm_107f
  ptxas "Feature 'cvt with .ue5m3x2'" "Instruction 'cvt with .ue5m3x2'"
  probe "cvt.rn.satfinite.ue5m3x2.f32 %h1, %r1, %r2"
  source T72 (.ue5m3x2, 9.4); ptxas 13.5

@ptxas-names cvt.pack source spec/ptxas-parser-notes.txt, the instruction table builder's opcode lists

// ------------------------------------------------------------------ rounding modifiers

// The rules follow §9.7.9.21 "Rounding modifiers"; the first record that matches decides.
rounding cvt dst=.ue8m0|.ue8m0x2
  when src float
  need required; allow .rz .rp; missing "Rounding modifier required"
  source §9.7.9.21 (cvt.frnd3.ue8m0x2: .rz, .rp)
rounding cvt dst=.ue5m3x2
  when src float
  need required; allow .rn .rz .rp; missing "Rounding modifier required"
  source T72 (.ue5m3x2, 9.4); ptxas 13.5 on sm_107f also takes .rp (not with .scaled::n1::ue8m0: the signature's slot says so)
rounding cvt dst=.e4m3x4|.e5m2x4|.e2m3x4|.e3m2x4|.e2m1x4
  when src float
  need required; allow .rs; missing "Rounding modifier required"
  source §9.7.9.21 L391-393 (the x4 forms exist only with stochastic rounding)
rounding cvt dst=.e4m3|.e5m2|.e2m3|.e3m2|.e2m1|.ue4m3|.e4m3x2|.e5m2x2|.e2m3x2|.e3m2x2|.e2m1x2|.s2f6x2
  when src float
  need required; allow .rn .rz; missing "Rounding modifier required"
  source §9.7.9.21 (.rn); T72: .rz from PTX 9.4 on sm_107f (a require record)
rounding cvt src=.e4m3|.e5m2|.e2m3|.e3m2|.e2m1|.ue4m3|.e4m3x2|.e5m2x2|.e2m3x2|.e3m2x2|.e2m1x2|.s2f6x2|.ue8m0|.ue8m0x2|.ue5m3x2|.e4m3x4|.e5m2x4|.e2m3x4|.e3m2x4|.e2m1x4
  when dst float
  need required; allow .rn; missing "Rounding modifier required"
  source §9.7.9.21 (cvt.rn.f16x2.e4m3x2 and the like)
rounding cvt dst=.f16x2|.bf16x2
  when src float
  need required; allow .rn .rz .rs; missing "Rounding modifier required"
  source §9.7.9.21 (cvt.frnd2.f16x2.f32: .rn, .rz; .rs with random bits)
rounding cvt dst=.tf32
  when src float
  need required; allow .rn .rz .rna; missing "Rounding modifier required"
  source §9.7.9.21 (cvt.frnd2.tf32.f32: .rn, .rz, .rna)
rounding cvt
  when dst float, src float, same-type
  need optional; allow .rni .rzi .rmi .rpi
  source §9.7.9.21 ("float-to-float conversions with the same size: round to an integral value, optional")
rounding cvt src=.bf16
  when dst float, widening
  need optional; allow .rn .rz .rm .rp
  source ptxas 11.8, 12.9 and 13.5 take a rounding mode on the exact .bf16 widenings (rounding probes)
rounding cvt
  when dst float, src float, narrowing
  need required; allow .rn .rz .rm .rp; missing "Rounding modifier required"
  source §9.7.9.21 ("float-to-float conversions with destination narrower than source: required")
rounding cvt
  when dst float, src float, same-precision
  need optional; allow .rn .rz .rm .rp
  source §9.7.9.21 (.f16 <-> .bf16)
rounding cvt
  when dst float, src float
  need forbidden
  source §9.7.9.21 ("float-to-float conversions with destination wider than source: no rounding")
rounding cvt
  when dst int, src float
  need required; allow .rni .rzi .rmi .rpi; missing "Rounding modifier required"
  source §9.7.9.21 ("float-to-integer conversions: .rni, .rzi, .rmi, .rpi required")
rounding cvt
  when dst float, src int
  need required; allow .rn .rz .rm .rp; missing "Rounding modifier required"
  source §9.7.9.21 ("integer-to-float conversions: .rn, .rz, .rm, .rp required")
rounding cvt
  need forbidden; approx uncounted; rs with-types
  source §9.7.9.21 (integer-to-integer: no rounding); ptxas says a stray .approx needs a rounding modifier too, and names the types with .rs ("Illegal modifier '.rs' for instruction 'cvt' with type '.f16.s32'")
rounding-probe "cvt{r}{T} {d}, {a}"
  types .f16.f16 .f16.bf16 .f16.f32 .f16.f64 .f16.s8 .f16.u16 .f16.s32 .f16.u64
  types .bf16.f16 .bf16.bf16 .bf16.f32 .bf16.f64 .bf16.u16 .bf16.s32 .bf16.u64 .f32.f16
  types .f32.bf16 .f32.f32 .f32.f64 .f32.s8 .f32.u16 .f32.s32 .f32.u64 .f64.f16
  types .f64.bf16 .f64.f32 .f64.f64 .f64.s8 .f64.u16 .f64.s32 .f64.u64 .s8.f16
  types .s8.f32 .s8.f64 .s8.s8 .s8.u16 .s8.s32 .s8.u64 .u16.f16 .u16.bf16
  types .u16.f32 .u16.f64 .u16.s8 .u16.u16 .u16.s32 .u16.u64 .s32.f16 .s32.bf16
  types .s32.f32 .s32.f64 .s32.s8 .s32.u16 .s32.s32 .s32.u64 .u64.f16 .u64.bf16
  types .u64.f32 .u64.f64 .u64.s8 .u64.u16 .u64.s32 .u64.u64 .tf32.f32
  source every dst.src pair of .f16 .bf16 .f32 .f64 .s8 .u16 .s32 .u64 except .bf16 with 8-bit integers (ptxas: "Arguments mismatch for instruction 'cvt'"), and .tf32.f32
rounding-probe "cvt{r}{T} {d}, {a}"
  types .f32.f32 .f32.f64 .f64.f32 .f32.s32 .s32.f32 .f64.s32 .s32.f64 .f16.f32 .f32.f16; legacy
rounding-probe "cvt{r}.f16x2.f32 %r1, %r2, %r3{rs}"
  types .f16x2.f32
rounding-probe "cvt{r}.bf16x2.f32 %r1, %r2, %r3{rs}"
  types .bf16x2.f32
rounding-probe "cvt{r}.satfinite.e4m3x4.f32 %r1, {%r2, %r3, %r4, %r5}, %r6"
  types .e4m3x4.f32
rounding-probe "cvt{r}.bf16x2.e4m3x2 %r1, %h2"
  types .bf16x2.e4m3x2
rounding-probe "cvt{r}.satfinite.e4m3x2.f32 %h1, %r2, %r3"
  types .e4m3x2.f32
rounding-probe "cvt{r}.satfinite.e5m2x2.f16x2 %h1, %r2"
  types .e5m2x2.f16x2
rounding-probe "cvt{r}.f16x2.e4m3x2 %r1, %h2"
  types .f16x2.e4m3x2
rounding-probe "cvt{r}.satfinite.e2m1x2.f32 %b1, %r2, %r3"
  types .e2m1x2.f32
rounding-probe "cvt{r}.satfinite.ue8m0x2.f32 %h1, %r2, %r3"
  types .ue8m0x2.f32
rounding-probe "cvt{r}.bf16x2.ue8m0x2 %r1, %h2"
  types .bf16x2.ue8m0x2
rounding-probe "cvt{r}.satfinite.ue5m3x2.f32 %h1, %r2, %r3"
  types .ue5m3x2.f32
rounding-probe "cvt{r}.ue5m3x2.bf16x2 %h1, %r2"
  types .ue5m3x2.bf16x2
