// stmatrix: store matrices to shared memory, collectively across a warp (§9.7.14.5.16). The source
// is a braced vector of .b32 registers, one per matrix.

@section 9.7.14.5
@summary Stores one, two or four matrices to shared memory from the fragments every thread holds in r.
@effects write sync

p    : addr;
r    : reg .b32 x.num;
.num = { .x1, .x2, .x4 };
.ss  = { .shared, .shared::cta };

stmatrix.sync.aligned.m8n8.num{.trans}{.ss}.b16  [p], r;
memory write p bytes 16 align 16 what matrix-row row-lanes r source §9.7.14.5.16: each thread gives the address of one 16-byte matrix row (m8n8); rows naturally aligned: §9.7.14.5.16 L2164; lanes 0-7 give the rows of .x1, 0-15 of .x2, all of .x4: §9.7.14.5.16 L2156-2162;
sync collective aligned source §9.7.14.5.16: .sync.aligned;
---
@summary Stores one, two or four 16x8 matrices of 8-bit elements (transposed) to shared memory.
stmatrix.sync.aligned.m16n8.num.trans{.ss}.b8  [p], r;
memory write p align 16 what matrix-row row-lanes r source §9.7.14.5.16: each thread gives the address of one 16-byte matrix row (m8n8); rows naturally aligned: §9.7.14.5.16 L2164; lanes 0-7 give the rows of .x1, 0-15 of .x2, all of .x4: §9.7.14.5.16 L2156-2162;
sync collective aligned source §9.7.14.5.16: .sync.aligned;

// ------------------------------------------------------------------ versions and targets

require stmatrix
  ptx 7.8; target sm_90
  ptxas "Feature 'stmatrix'"
  probe "stmatrix.sync.aligned.m8n8.x1.shared.b16 [sbuf], {%r1}"
  source §9.7.14.5 L2188/L2196
require stmatrix .m16n8|.b8
  ptx 8.6; target sm_100a, sm_101a, sm_120a@8.7, sm_100f@8.8, sm_101f@8.8, sm_120f@8.8
  ptxas "Feature 'stmatrix.b8'"
  probe "stmatrix.sync.aligned.m16n8.x1.trans.shared.b8 [sbuf], {%r1}"
  source §9.7.14.5 L2190-2192/L2198-2233
