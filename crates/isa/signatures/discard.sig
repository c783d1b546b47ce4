// discard: invalidate a cache line range without writing it back (§9.7.9.17).

@section 9.7.9.17
@summary Discards the 128 bytes at address a from L2 (their value becomes indeterminate).
@effects write

a    : addr;
size : imm range 128..128 eg 128;

discard{.global}.level  [a], size;
memory write a bytes 128 source §9.7.9.17: the 128-byte line's content becomes undefined;
.level = { .L2 };

// ------------------------------------------------------------------ versions and targets

require discard
  ptx 7.4; target sm_80
  ptxas "Feature 'discard'"
  probe "discard.global.L2 [gbuf], 128"
  source §9.7.9.17
