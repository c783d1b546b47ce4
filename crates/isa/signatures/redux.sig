// redux.sync: reduce a value across the threads of a warp (§9.7.13.12). The operation decides the
// types: redux.sync.add.f32 is "Incorrect type '.f32' for operation '.add'" (ptxas).

@section 9.7.13.12
@summary Reduces src across the threads of membermask with .op; every thread receives the result.
@effects sync collective

dst        : out reg;             // ptxas: the sink is "Result discard mode is not allowed for instruction 'redux'"
src        : reg|imm;
membermask : reg|imm .b32;
sync collective mask membermask source §9.7.13.12: the threads of membermask execute it together;

redux.sync.op.type  dst, src, membermask;
.op   = { .add, .min, .max };
.type = { .u32, .s32 };
---
@summary Reduces src across the threads of membermask with a bitwise .op; every thread receives the result.
redux.sync.op.b32  dst, src, membermask;
.op = { .and, .or, .xor };
---
@summary Reduces the .f32 src across the threads of membermask to its minimum or maximum (of |src| with .abs).
redux.sync.op{.abs}{.NaN}.f32  dst, src, membermask;
.op = { .min, .max };

// ------------------------------------------------------------------ versions and targets

require redux
  ptx 7.0; target sm_80
  ptxas "Feature 'redux'"
  probe "redux.sync.add.u32 %r1, %r2, 0xffffffff"
  source §9.7.13.12 L50/L58
require redux .f32
  ptx 8.6; target sm_100a, sm_100f@8.8
  ptxas "Feature 'redux.f32'" "Instruction 'redux.f32'"
  probe "redux.sync.min.f32 %r1, %r2, 0xffffffff"
  source §9.7.13.12 L52-54/L60-62; T72
