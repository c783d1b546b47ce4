// bfi: bit field insert (§9.7.1.20).

@section 9.7.1.20
@summary Inserts the low d bits of a into b at bit c, giving f.

f    : out reg;
a, b : reg|imm;
c, d : reg|imm .u32;

bfi.type  f, a, b, c, d;
.type = { .b32, .b64 };
value f = (b & ~(((1 << (d & 255)) - 1) << (c & 255))) | ((a << (c & 255)) & (((1 << (d & 255)) - 1) << (c & 255))) source §9.7.1.20: pos = c & 0xff, len = d & 0xff, f = b, f[pos+i] = a[i] for i < len and pos+i <= msb;

// ------------------------------------------------------------------ versions and targets

require bfi
  ptx 2.0; target sm_20
  ptxas "Feature 'bfi'" "Instruction 'bfi'"
  probe "bfi.b32 %r1, %r2, %r3, %r4, %r5"
  source §9.7.1.18
