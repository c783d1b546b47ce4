// bfe: bit field extract (§9.7.1.19).

@section 9.7.1.19
@summary Extracts the c-bit field of a starting at bit b, zero- or sign-extended into d.

d    : out reg;
a    : reg|imm;
b, c : reg|imm .u32;

bfe.type  d, a, b, c;
.type = { .u32, .u64, .s32, .s64 };
value d = (a >> (b & 255)) & (((c & 255) >= 32) ? -1 : (1 << (c & 255)) - 1) when .u32 source §9.7.1.19: pos = b & 0xff, len = c & 0xff, d[i] = a[pos+i] for i < len, else 0 (unsigned);
value d = (a >> (b & 255)) & (((c & 255) >= 64) ? -1 : (1 << (c & 255)) - 1) when .u64 source §9.7.1.19: pos = b & 0xff, len = c & 0xff, d[i] = a[pos+i] for i < len, else 0 (unsigned);
value d = ((a << (32 - min((b & 255) + (c & 255), 32))) >> (32 - min((b & 255) + (c & 255), 32) + (b & 255))) & (((c & 255) == 0) ? 0 : -1) when .s32 source §9.7.1.19: d[i] = a[pos+i] for i < len and pos+i <= 31, else sbit = a[min(pos+len-1, 31)]; d = 0 when len = 0 (signed);
value d = ((a << (64 - min((b & 255) + (c & 255), 64))) >> (64 - min((b & 255) + (c & 255), 64) + (b & 255))) & (((c & 255) == 0) ? 0 : -1) when .s64 source §9.7.1.19: d[i] = a[pos+i] for i < len and pos+i <= 63, else sbit = a[min(pos+len-1, 63)]; d = 0 when len = 0 (signed);

// ------------------------------------------------------------------ versions and targets

require bfe
  ptx 2.0; target sm_20
  ptxas "Feature 'bfe'" "Instruction 'bfe'"
  probe "bfe.u32 %r1, %r2, %r3, %r4"
  source §9.7.1.20
