// setmaxnreg: change the number of registers of the warps of a warpgroup (§9.7.19.5).

@section 9.7.19.5
@summary Raises (.inc) or lowers (.dec) the per-thread register count of the warp to imm-reg-count (24..256, a multiple of 8).
@effects sync collective     // every warp of the warpgroup executes the same setmaxnreg (§9.7.19.5 L30)

imm-reg-count : imm range 24..256 eg 240;

setmaxnreg.action.sync.aligned.u32  imm-reg-count;
.action = { .inc, .dec };

// ------------------------------------------------------------------ versions and targets

require setmaxnreg.inc
  ptx 8.0; target sm_90a, sm_100a@8.6, sm_101a@8.6, sm_120a@8.7, sm_100f@8.8, sm_101f@8.8, sm_120f@8.8
  ptxas "Feature 'setmaxnreg.inc'" "Instruction 'setmaxnreg.inc'"
  probe "setmaxnreg.inc.sync.aligned.u32 240"
  source §9.7.19.5 L48/L52-70; T72
require setmaxnreg.dec
  ptx 8.0; target sm_90a, sm_100a@8.6, sm_101a@8.6, sm_120a@8.7, sm_100f@8.8, sm_101f@8.8, sm_120f@8.8
  ptxas "Feature 'setmaxnreg.dec'" "Instruction 'setmaxnreg.dec'"
  probe "setmaxnreg.dec.sync.aligned.u32 40"
  source §9.7.19.5 L48/L52-70; T72

@ptxas-names setmaxnreg.dec setmaxnreg.inc source spec/ptxas-parser-notes.txt, the instruction table builder's opcode lists
