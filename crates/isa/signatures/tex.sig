// tex: texture lookup (§9.7.10.3), in unified mode ([a, c]: the texture's own sampler) and
// independent mode ([a, b, c]: explicit sampler b, PTX 1.5), with mipmap levels (.base,
// .level, .grad), and the legacy form of PTX 1.x without brackets (texture, then coordinates).
//
// What ptxas (11.8, 12.9, 13.5) checks beyond the Syntax block, probed:
// - the coordinate vector c may have four elements for any geometry (the manual's compatibility
//   note) and one or two for 1-D ('Illegal vector size: 3' for three); one register may stand
//   for c ('scalar'); before PTX 1.5 (textures are `.tex .u32` variables) 2-D takes four only;
// - the depth compare value f (a register or a constant) needs .f32 coordinates ('Arguments
//   mismatch for instruction 'tex'' with .s32); a lone register after c is read as f, and one
//   register may stand for the offset e only when f follows;
// - f is not taken by .3d ('Illegal modifier '.3d''), nor by .2dms/.a2dms; the offset e is not
//   taken by .cube/.acube ('Illegal modifier '.cube'');
// - .level and .grad reject .2dms/.a2dms ('Illegal modifier 'Multi-sample geometry''); .base
//   takes them.
// Blocks split by which optional operands a geometry takes; every block has the four operand
// shapes (with or without the residency predicate p, with or without the sampler b).

@summary Loads a texel's four channels (or two .f16x2 pairs) from texture a at coordinates c into d.
@effects read

d : out reg|sink x.vec .dtype;
p : out pred since 7.1/sm_60;
a : texref;
b : samplerref since 1.5;
c : reg|imm|sreg .b32 scalar x(.geom: .1d = 4|1|2, .2d = 4|2, .3d = 4, .a1d = 2|4, .a2d = 4, .cube = 4, .acube = 4, .2dms = 4, .a2dms = 4);
e : reg|imm .b32 since 4.3/sm_30 x(.geom: .1d = 1, .2d = 2, .3d = 4, .a1d = 1, .a2d = 2, .2dms = 2, .a2dms = 2);
f : reg|imm .f32 since 4.3/sm_30;
lod : reg|imm .ctype;
dPdx, dPdy : reg|imm .f32 x(.geom: .1d = 1, .a1d = 1, .2d = 2, .a2d = 2, .3d = 4, .cube = 4, .acube = 4);

.vec   = { .v4, .v2 };
.dtype = { .u32, .s32, .f16, .f32, .f16x2 };
.ctype = { .s32, .f32 };
@section 9.7.10.3
@summary Loads from texture a (mipmap level 0 with .base) at coordinates c into d.
tex{.base}.geom.vec.dtype.ctype  d, [a, c];
tex{.base}.geom.vec.dtype.ctype  d, [a, b, c];
tex{.base}.geom.vec.dtype.ctype  d|p, [a, c];
tex{.base}.geom.vec.dtype.ctype  d|p, [a, b, c];
memory read a space texture proxy texture source §9.7.10.3;
.geom = { .1d, .2d, .3d, .a1d, .a2d, .cube, .acube, .2dms, .a2dms };
except .v2 !.f16x2 because .v2 goes with .f16x2 results;
except .v4 .f16x2 because .f16x2 results are a .v2 vector;
except .cube|.acube .s32 because .cube and .acube take .f32 coordinates;
except .2dms|.a2dms .f32 because .2dms and .a2dms take .s32 coordinates;
---
@summary Loads from texture a (mipmap level 0 with .base) at coordinates c into d, coordinates offset by e.
tex{.base}.geom.vec.dtype.ctype  d, [a, c], e;
tex{.base}.geom.vec.dtype.ctype  d, [a, b, c], e;
tex{.base}.geom.vec.dtype.ctype  d|p, [a, c], e;
tex{.base}.geom.vec.dtype.ctype  d|p, [a, b, c], e;
memory read a space texture proxy texture source §9.7.10.3;
.geom = { .1d, .2d, .3d, .a1d, .a2d, .2dms, .a2dms };
except .v2 !.f16x2 because .v2 goes with .f16x2 results;
except .v4 .f16x2 because .f16x2 results are a .v2 vector;
except .2dms|.a2dms .f32 because .2dms and .a2dms take .s32 coordinates;
---
@summary Loads from texture a (mipmap level 0 with .base) at coordinates c into d, compared with depth f.
tex{.base}.geom.vec.dtype.f32  d, [a, c], f;
tex{.base}.geom.vec.dtype.f32  d, [a, b, c], f;
tex{.base}.geom.vec.dtype.f32  d|p, [a, c], f;
tex{.base}.geom.vec.dtype.f32  d|p, [a, b, c], f;
memory read a space texture proxy texture source §9.7.10.3;
.geom = { .1d, .2d, .a1d, .a2d, .cube, .acube };
except .v2 !.f16x2 because .v2 goes with .f16x2 results;
except .v4 .f16x2 because .f16x2 results are a .v2 vector;
---
@summary Loads from texture a (mipmap level 0 with .base) at coordinates c into d, offset by e and compared with depth f.
tex{.base}.geom.vec.dtype.f32  d, [a, c], e, f;
tex{.base}.geom.vec.dtype.f32  d, [a, b, c], e, f;
tex{.base}.geom.vec.dtype.f32  d|p, [a, c], e, f;
tex{.base}.geom.vec.dtype.f32  d|p, [a, b, c], e, f;
memory read a space texture proxy texture source §9.7.10.3;
// A lone register before f is the offset: ptxas takes it for the whole vector; where f is
// absent it reads a lone register as f ('Illegal modifier '.3d'' for tex.3d).
e : reg|imm .b32 scalar since 4.3/sm_30 x(.geom: .1d = 1, .2d = 2, .3d = 4, .a1d = 1, .a2d = 2, .2dms = 2, .a2dms = 2);
.geom = { .1d, .2d, .a1d, .a2d };
except .v2 !.f16x2 because .v2 goes with .f16x2 results;
except .v4 .f16x2 because .f16x2 results are a .v2 vector;
---
@summary Loads from mipmap level lod of texture a at coordinates c into d.
tex.level.geom.vec.dtype.ctype  d, [a, c], lod;
tex.level.geom.vec.dtype.ctype  d, [a, b, c], lod;
tex.level.geom.vec.dtype.ctype  d|p, [a, c], lod;
tex.level.geom.vec.dtype.ctype  d|p, [a, b, c], lod;
memory read a space texture proxy texture source §9.7.10.3;
.geom = { .1d, .2d, .3d, .a1d, .a2d, .cube, .acube };
except .v2 !.f16x2 because .v2 goes with .f16x2 results;
except .v4 .f16x2 because .f16x2 results are a .v2 vector;
except .cube|.acube .s32 because .cube and .acube take .f32 coordinates;
---
@summary Loads from mipmap level lod of texture a at coordinates c into d, coordinates offset by e.
tex.level.geom.vec.dtype.ctype  d, [a, c], lod, e;
tex.level.geom.vec.dtype.ctype  d, [a, b, c], lod, e;
tex.level.geom.vec.dtype.ctype  d|p, [a, c], lod, e;
tex.level.geom.vec.dtype.ctype  d|p, [a, b, c], lod, e;
memory read a space texture proxy texture source §9.7.10.3;
.geom = { .1d, .2d, .3d, .a1d, .a2d };
except .v2 !.f16x2 because .v2 goes with .f16x2 results;
except .v4 .f16x2 because .f16x2 results are a .v2 vector;
---
@summary Loads from mipmap level lod of texture a at coordinates c into d, compared with depth f.
tex.level.geom.vec.dtype.f32  d, [a, c], lod, f;
tex.level.geom.vec.dtype.f32  d, [a, b, c], lod, f;
tex.level.geom.vec.dtype.f32  d|p, [a, c], lod, f;
tex.level.geom.vec.dtype.f32  d|p, [a, b, c], lod, f;
memory read a space texture proxy texture source §9.7.10.3;
lod : reg|imm .f32;
.geom = { .1d, .2d, .a1d, .a2d, .cube, .acube };
except .v2 !.f16x2 because .v2 goes with .f16x2 results;
except .v4 .f16x2 because .f16x2 results are a .v2 vector;
---
@summary Loads from mipmap level lod of texture a at coordinates c into d, offset by e and compared with depth f.
tex.level.geom.vec.dtype.f32  d, [a, c], lod, e, f;
tex.level.geom.vec.dtype.f32  d, [a, b, c], lod, e, f;
tex.level.geom.vec.dtype.f32  d|p, [a, c], lod, e, f;
tex.level.geom.vec.dtype.f32  d|p, [a, b, c], lod, e, f;
memory read a space texture proxy texture source §9.7.10.3;
lod : reg|imm .f32;
// A lone register before f is the offset: ptxas takes it for the whole vector; where f is
// absent it reads a lone register as f ('Illegal modifier '.3d'' for tex.3d).
e : reg|imm .b32 scalar since 4.3/sm_30 x(.geom: .1d = 1, .2d = 2, .3d = 4, .a1d = 1, .a2d = 2, .2dms = 2, .a2dms = 2);
.geom = { .1d, .2d, .a1d, .a2d };
except .v2 !.f16x2 because .v2 goes with .f16x2 results;
except .v4 .f16x2 because .f16x2 results are a .v2 vector;
---
@summary Loads from the mipmap level the gradients dPdx, dPdy select, at coordinates c.
tex.grad.geom.vec.dtype.ctype  d, [a, c], dPdx, dPdy;
tex.grad.geom.vec.dtype.ctype  d, [a, b, c], dPdx, dPdy;
tex.grad.geom.vec.dtype.ctype  d|p, [a, c], dPdx, dPdy;
tex.grad.geom.vec.dtype.ctype  d|p, [a, b, c], dPdx, dPdy;
memory read a space texture proxy texture source §9.7.10.3;
.geom = { .1d, .2d, .3d, .a1d, .a2d, .cube, .acube };
except .v2 !.f16x2 because .v2 goes with .f16x2 results;
except .v4 .f16x2 because .f16x2 results are a .v2 vector;
except .cube|.acube .s32 because .cube and .acube take .f32 coordinates;
---
@summary Loads from the mipmap level the gradients dPdx, dPdy select, at coordinates c, coordinates offset by e.
tex.grad.geom.vec.dtype.ctype  d, [a, c], dPdx, dPdy, e;
tex.grad.geom.vec.dtype.ctype  d, [a, b, c], dPdx, dPdy, e;
tex.grad.geom.vec.dtype.ctype  d|p, [a, c], dPdx, dPdy, e;
tex.grad.geom.vec.dtype.ctype  d|p, [a, b, c], dPdx, dPdy, e;
memory read a space texture proxy texture source §9.7.10.3;
.geom = { .1d, .2d, .3d, .a1d, .a2d };
except .v2 !.f16x2 because .v2 goes with .f16x2 results;
except .v4 .f16x2 because .f16x2 results are a .v2 vector;
---
@summary Loads from the mipmap level the gradients dPdx, dPdy select, at coordinates c, compared with depth f.
tex.grad.geom.vec.dtype.f32  d, [a, c], dPdx, dPdy, f;
tex.grad.geom.vec.dtype.f32  d, [a, b, c], dPdx, dPdy, f;
tex.grad.geom.vec.dtype.f32  d|p, [a, c], dPdx, dPdy, f;
tex.grad.geom.vec.dtype.f32  d|p, [a, b, c], dPdx, dPdy, f;
memory read a space texture proxy texture source §9.7.10.3;
.geom = { .1d, .2d, .a1d, .a2d, .cube, .acube };
except .v2 !.f16x2 because .v2 goes with .f16x2 results;
except .v4 .f16x2 because .f16x2 results are a .v2 vector;
---
@summary Loads from the mipmap level the gradients dPdx, dPdy select, at coordinates c, offset by e and compared with depth f.
tex.grad.geom.vec.dtype.f32  d, [a, c], dPdx, dPdy, e, f;
tex.grad.geom.vec.dtype.f32  d, [a, b, c], dPdx, dPdy, e, f;
tex.grad.geom.vec.dtype.f32  d|p, [a, c], dPdx, dPdy, e, f;
tex.grad.geom.vec.dtype.f32  d|p, [a, b, c], dPdx, dPdy, e, f;
memory read a space texture proxy texture source §9.7.10.3;
// A lone register before f is the offset: ptxas takes it for the whole vector; where f is
// absent it reads a lone register as f ('Illegal modifier '.3d'' for tex.3d).
e : reg|imm .b32 scalar since 4.3/sm_30 x(.geom: .1d = 1, .2d = 2, .3d = 4, .a1d = 1, .a2d = 2, .2dms = 2, .a2dms = 2);
.geom = { .1d, .2d, .a1d, .a2d };
except .v2 !.f16x2 because .v2 goes with .f16x2 results;
except .v4 .f16x2 because .f16x2 results are a .v2 vector;
---
@summary Legacy texture lookup without brackets (PTX 1.x): texture a, then coordinates c.
tex.geom.v4.dtype.ctype  d, a, c;
.geom = { .1d, .2d, .3d };
.dtype = { .u32, .s32, .f32 };
c : reg|imm .b32 x(.geom: .1d = 4|1, .2d = 4, .3d = 4);
a : sym eg ptex;
d : out reg|sink x4 .dtype;

// ------------------------------------------------------------------ versions and targets

require tex .a1d|.a2d
  ptx 2.3
  ptxas "Feature 'array geometry'" ""
  probe "tex.a1d.v4.f32.f32 {%r1, %r2, %r3, %r4}, [tex0, {%r5, %r6}]"
  setup ".global .texref tex0"
  source §9.7.10.3 L155
require tex .cube
  ptx 3.0
  ptxas "Feature 'cubemap textures'" ""
  probe "tex.cube.v4.f32.f32 {%r1, %r2, %r3, %r4}, [tex0, {%r5, %r6, %r7, %r8}]"
  setup ".global .texref tex0"
  source §9.7.10.3 L157
require tex .acube
  ptx 3.0; target sm_20
  ptxas "Feature 'cubemap textures'" "Feature 'cubemap array'"
  probe "tex.acube.v4.f32.f32 {%r1, %r2, %r3, %r4}, [tex0, {%r5, %r6, %r7, %r8}]"
  setup ".global .texref tex0"
  source §9.7.10.3 L157/L179
require tex .level
  ptx 3.1; target sm_20
  ptxas "Feature 'tex.level'" "Instruction 'tex.level'"
  probe "tex.level.2d.v4.f32.f32 {%r1, %r2, %r3, %r4}, [tex0, {%r5, %r6}], %r7"
  setup ".global .texref tex0"
  source §9.7.10.3 L159/L181
require tex .grad
  ptx 3.1; target sm_20
  ptxas "Feature 'tex.grad'" "Instruction 'tex.grad'"
  probe "tex.grad.2d.v4.f32.f32 {%r1, %r2, %r3, %r4}, [tex0, {%r5, %r6}], {%r7, %r8}, {%r9, %r10}"
  setup ".global .texref tex0"
  source §9.7.10.3 L159/L181
require tex .base
  ptx 3.1; target sm_20
  ptxas "Feature 'tex.base'" "Instruction 'tex.base'"
  probe "tex.base.2d.v4.f32.f32 {%r1, %r2, %r3, %r4}, [tex0, {%r5, %r6}]"
  setup ".global .texref tex0"
  source §9.7.10.3 (mipmaps in 3.1, sm_20)
require tex .2dms|.a2dms
  ptx 3.2; target sm_30
  ptxas "Feature 'multi-sample textures'" "Feature 'multi-sample textures'"
  probe "tex.2dms.v4.s32.s32 {%r1, %r2, %r3, %r4}, [tex0, {%r5, %r6, %r7, %r8}]"
  setup ".global .texref tex0"
  source §9.7.10.3 (multi-sample textures in 3.2, sm_30)
require tex .f16|.f16x2
  ptx 4.2; target sm_53
  ptxas "Feature 'f16 arithemetic and compare instructions'"
  probe "tex.1d.v4.f16.f32 {%h1, %h2, %h3, %h4}, [tex0, {%r1}]"
  setup ".global .texref tex0"
  source §9.7.10.3 (.f16/.f16x2 results in 4.2, sm_53); ptxas names it as f16 arithmetic (sic)
require tex .grad .cube|.acube
  ptx 4.3; target sm_20
  ptxas "Feature 'tex.grad with cube geometry'" "Feature 'tex.grad.{cube, acube}'"
  probe "tex.grad.cube.v4.f32.f32 {%r1, %r2, %r3, %r4}, [tex0, {%r5, %r6, %r7, %r8}], {%r9, %r10, %r11, %r12}, {%r9, %r10, %r11, %r12}"
  setup ".global .texref tex0"
  source §9.7.10.3 (tex.grad.{cube,acube} in 4.3)

@ptxas-names tex.base tex.grad tex.level source spec/ptxas-parser-notes.txt, the instruction table builder's opcode lists
