// movmatrix: transpose a matrix held in registers across a warp (§9.7.14.5.17).

@section 9.7.14.5
@summary Transposes the 8x8 matrix of 16-bit elements whose fragments the threads hold in a into d.
@effects sync collective

d : out reg .b32;
a : reg .b32;

movmatrix.sync.aligned.m8n8.trans.b16  d, a;

// ------------------------------------------------------------------ versions and targets

require movmatrix
  ptx 7.8; target sm_75
  ptxas "Feature 'movmatrix'"
  probe "movmatrix.sync.aligned.m8n8.trans.b16 %r1, %r2"
  source §9.7.14.5 L2310/L2314
