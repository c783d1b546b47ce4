// shf: funnel shift (§9.7.8.7). ptxas calls the two directions 'shf.l' and 'shf.r'.

@section 9.7.8.7
@summary Shifts the 64-bit value b:a left (.l) or right (.r) by c and keeps 32 bits (.clamp/.wrap: what c > 32 means).

d    : out reg;
a, b : reg|imm;
c    : reg|imm .u32;

shf.dir.mode.b32  d, a, b, c;
.dir  = { .l, .r };
.mode = { .clamp, .wrap };
value d = (b << min(c, 32)) | (a >> (32 - min(c, 32))) when .l unless .wrap source §9.7.8.7: n = min(c, 32) (.clamp); d = (b << n) | (a >> (32-n)) (.l);
value d = (b << (c & 31)) | (a >> (32 - (c & 31))) when .l unless .clamp source §9.7.8.7: n = c & 0x1f (.wrap); d = (b << n) | (a >> (32-n)) (.l);
value d = (a >> min(c, 32)) | (b << (32 - min(c, 32))) when .r unless .wrap source §9.7.8.7: n = min(c, 32) (.clamp); d = (b << (32-n)) | (a >> n) (.r);
value d = (a >> (c & 31)) | (b << (32 - (c & 31))) when .r unless .clamp source §9.7.8.7: n = c & 0x1f (.wrap); d = (b << (32-n)) | (a >> n) (.r);

// ------------------------------------------------------------------ versions and targets

require shf
  ptx 3.1; target sm_32
  ptxas "Feature 'shf.l'" "Instruction 'shf.l'"
  probe "shf.l.wrap.b32 %r1, %r2, %r3, %r4"
  source §9.7.8.7 L47/L51

@ptxas-names shf.l shf.r source spec/ptxas-parser-notes.txt, the instruction table builder's opcode lists
