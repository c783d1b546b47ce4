// ldmatrix: load matrices from shared memory for mma, collectively across a warp (§9.7.14.5.15).
// The destination is a braced vector of .b32 registers: one per matrix for 8x8 and 8x16 shapes,
// two per matrix for 16x16.

@section 9.7.14.5
@summary Loads one, two or four matrices from shared memory, each thread receiving fragments in r.
@effects read sync

p    : addr;
.num = { .x1, .x2, .x4 };
.ss  = { .shared, .shared::cta };

ldmatrix.sync.aligned.m8n8.num{.trans}{.ss}.b16  r, [p];
memory read p bytes 16 align 16 what matrix-row row-lanes r source §9.7.14.5.15: each thread gives the address of one 16-byte matrix row (m8n8); rows naturally aligned: §9.7.14.5.15 L1983; lanes 0-7 give the rows of .x1, 0-15 of .x2, all of .x4: §9.7.14.5.15 L1971-1977;
sync collective aligned source §9.7.14.5.15: .sync.aligned: every thread of the warp executes it;
r : out reg|sink .b32 x.num;
---
@summary Loads one or two 16x16 matrices of 8-bit elements (transposed), two registers per matrix.
ldmatrix.sync.aligned.m16n16.num.trans{.ss}.b8  r, [p];   // ptxas: .x4 is "Incorrect no. of matrix: 4"
memory read p align 16 what matrix-row row-lanes r source §9.7.14.5.15: each thread gives the address of one 16-byte matrix row (m8n8); rows naturally aligned: §9.7.14.5.15 L1983; lanes 0-7 give the rows of .x1, 0-15 of .x2, all of .x4: §9.7.14.5.15 L1971-1977;
sync collective aligned source §9.7.14.5.15: .sync.aligned: every thread of the warp executes it;
.num = { .x1, .x2 };
r : out reg|sink .b32 x(.num: .x1 = 2, .x2 = 4);
---
@summary Loads 8x16 matrices of 4- or 6-bit elements, each widened to 8 bits.
ldmatrix.sync.aligned.m8n16.num{.ss}.dst_fmt.src_fmt  r, [p];     // ptxas: "Modifier .trans not allowed for shape '.m8n16'"
memory read p align 16 what matrix-row row-lanes r source §9.7.14.5.15: each thread gives the address of one 16-byte matrix row (m8n8); rows naturally aligned: §9.7.14.5.15 L1983; lanes 0-7 give the rows of .x1, 0-15 of .x2, all of .x4: §9.7.14.5.15 L1971-1977;
sync collective aligned source §9.7.14.5.15: .sync.aligned: every thread of the warp executes it;
.dst_fmt = { .b8x16 };
.src_fmt = { .b6x16_p32, .b4x16_p64 };
r : out reg|sink .b32 x.num;
---
@summary Loads 16x16 matrices of 4- or 6-bit elements (transposed), each widened to 8 bits, two registers per matrix.
ldmatrix.sync.aligned.m16n16.num.trans{.ss}.dst_fmt.src_fmt  r, [p];
memory read p align 16 what matrix-row row-lanes r source §9.7.14.5.15: each thread gives the address of one 16-byte matrix row (m8n8); rows naturally aligned: §9.7.14.5.15 L1983; lanes 0-7 give the rows of .x1, 0-15 of .x2, all of .x4: §9.7.14.5.15 L1971-1977;
sync collective aligned source §9.7.14.5.15: .sync.aligned: every thread of the warp executes it;
.num = { .x1, .x2 };
.dst_fmt = { .b8x16 };
.src_fmt = { .b6x16_p32, .b4x16_p64 };
r : out reg|sink .b32 x(.num: .x1 = 2, .x2 = 4);
---
@summary Loads 8x16 matrices of signed 4-bit elements, each sign-extended to 8 bits (PTX 9.4).
ldmatrix.sync.aligned.m8n16.num{.ss}.s8.s4  r, [p];
memory read p align 16 what matrix-row row-lanes r source §9.7.14.5.15: each thread gives the address of one 16-byte matrix row (m8n8); rows naturally aligned: §9.7.14.5.15 L1983; lanes 0-7 give the rows of .x1, 0-15 of .x2, all of .x4: §9.7.14.5.15 L1971-1977;
sync collective aligned source §9.7.14.5.15: .sync.aligned: every thread of the warp executes it;
r : out reg|sink .b32 x.num;

// ------------------------------------------------------------------ versions and targets

require ldmatrix
  ptx 6.5; target sm_75
  ptxas "Feature 'ldmatrix'"
  probe "ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%r1}, [sbuf]"
  source §9.7.14.5 L2015/L2027
require ldmatrix .m16n16|.m8n16|.b8
  ptx 8.6; target sm_100a, sm_101a, sm_120a@8.7, sm_100f@8.8, sm_101f@8.8, sm_120f@8.8
  ptxas "Feature 'ldmatrix.b8'|Feature '.m8n16'|Feature '.m16n16'"
  probe "ldmatrix.sync.aligned.m16n16.x1.trans.shared.b8 {%r1, %r2}, [sbuf]"
  source §9.7.14.5 L2019-2023/L2029-2083
require ldmatrix .shared::cta
  ptx 7.8; target sm_75
  ptxas "Feature '::cta'" ""
  probe "ldmatrix.sync.aligned.m8n8.x1.shared::cta.b16 {%r1}, [sbuf]"
  source §9.7.14.5 L2017
require ldmatrix .s8 .s4
  ptx 9.4; target sm_100a, sm_110a, sm_120a, sm_100f, sm_110f, sm_120f
  ptxas "Modifier '.s8.s4' on 'ldmatrix'" "Feature 'ldmatrix with .s8.s4'"
  not-supported
  probe "ldmatrix.sync.aligned.m8n16.x1.shared.s8.s4 {%r1}, [sbuf]"
  source T72 (9.4: ldmatrix .s8/.s4 at m8n16); ptxas 13.5 ("Modifier '.s8.s4' on 'ldmatrix' requires PTX ISA .version 9.4 or later"; sm_90, sm_100: "Feature 'ldmatrix with .s8.s4' not supported")
