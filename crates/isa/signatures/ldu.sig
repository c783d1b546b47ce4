// ldu: load a value that is the same for every thread of a warp (§9.7.9.10).

@section 9.7.9.10
@summary Loads read-only data at an address common to the warp (uniform load).
@effects read

d : out reg|sink wide x.vec;
a : addr;
memory read a width d align full source §9.7.9.10: a read-only load (weak); aligned to its size: §5.4.5 L19;

ldu{.ss}{.vec}.type  d, [a];
.ss   = { .global };
.vec  = { .v2, .v4 };
.type = { .b8, .b16, .b32, .b64, .b128, .u8, .u16, .u32, .u64, .s8, .s16, .s32, .s64, .f32, .f64 };
except .b128 .v2|.v4 because .b128 cannot be a vector;

// ------------------------------------------------------------------ versions and targets

require ldu
  ptx 2.0; target sm_20
  ptxas "Feature 'ldu'" "Instruction 'ldu'"
  probe "ldu.global.b32 %r1, [gbuf]"
  source §9.7.9.10 L52/L58
require ldu .b128
  ptx 8.3; target sm_70
  ptxas "Feature 'Instruction type .b128 for instruction ldu'"
  probe "ldu.global.b128 %q1, [gbuf]"
  source §9.7.9.10 L54/L60
