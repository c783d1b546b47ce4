// shfl (§9.7.9.5, deprecated from PTX 6.0, removed for sm_70+ from 6.4: another rule says so) and
// shfl.sync (§9.7.9.6): exchange registers between the threads of a warp.

@effects collective

d          : out reg;
p          : out pred|sink;
a, b, c    : reg|imm;
membermask : reg|imm .b32;

// What d holds: a in the lane j the mode picks (§9.7.9.6 L54-74, the same for the deprecated form):
// with segmask = c[12:8], maxLane = (lane & segmask) | (c[4:0] & ~segmask); j out of range is
// the thread's own lane. (A lane outside membermask or inactive gives an undefined value: a bug
// of the program, the value given is what a correct one gets.)
value d = (((lane & ((c >> 8) & 31)) | ((b & 31) & ~((c >> 8) & 31))) <= ((lane & ((c >> 8) & 31)) | ((c & 31) & ~((c >> 8) & 31)))) ? at(a, ((lane & ((c >> 8) & 31)) | ((b & 31) & ~((c >> 8) & 31)))) : a when .idx source §9.7.9.6 L71: j = minLane | (bval & ~segmask); pval = (j <= maxLane); if (!pval) j = lane;
value d = ((lane + (b & 31)) <= ((lane & ((c >> 8) & 31)) | ((c & 31) & ~((c >> 8) & 31)))) ? at(a, lane + (b & 31)) : a when .down source §9.7.9.6 L69: j = lane + bval; pval = (j <= maxLane);
value d = ((lane ^ (b & 31)) <= ((lane & ((c >> 8) & 31)) | ((c & 31) & ~((c >> 8) & 31)))) ? at(a, lane ^ (b & 31)) : a when .bfly source §9.7.9.6 L70: j = lane ^ bval; pval = (j <= maxLane);
value d = (lane >= ((lane & ((c >> 8) & 31)) | ((c & 31) & ~((c >> 8) & 31))) + (b & 31)) ? at(a, lane - (b & 31)) : a when .up source §9.7.9.6 L68: j = lane - bval; pval = (j >= maxLane);

@section 9.7.9.5
@summary Copies a from the lane given by b and c (and mode) into d; p says whether that lane is in range.
shfl.mode.b32  d{|p}, a, b, c;     // ptxas: the sink as d is "Result discard mode is not allowed for instruction 'shfl'"
sync collective legacy source §9.7.9.5: exchanges among the active threads of the warp (lockstep warps: deprecated from PTX 6.0, not on sm_70+);
.mode = { .up, .down, .bfly, .idx };
---
@section 9.7.9.6
@summary Copies a from the lane given by b and c (and mode) among the threads of membermask into d; p says whether that lane is in range.
@effects sync collective
shfl.sync.mode.b32  d{|p}, a, b, c, membermask;
sync collective mask membermask source §9.7.9.6: the threads of membermask execute it together;
.mode = { .up, .down, .bfly, .idx };

// ------------------------------------------------------------------ versions and targets

require shfl !.sync
  ptx 3.0; target sm_30
  ptxas "Feature 'shfl'" "Instruction 'shfl'"
  probe "shfl.idx.b32 %r1, %r2, 0, 31"
  source §9.7.9.5 L76/L84
require shfl .sync
  ptx 6.0; target sm_30
  ptxas "Feature 'shfl.sync'" "Instruction 'shfl'"
  probe "shfl.sync.idx.b32 %r1, %r2, 0, 31, 0xffffffff"
  source §9.7.9.6 L81/L85
