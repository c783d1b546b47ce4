// tld4: fetch the four texels of a bilinear footprint (§9.7.10.4), unified ([a, c]) or
// independent mode ([a, b, c], PTX 1.5). The manual's Syntax allows only .2d without a sampler;
// ptxas takes every geometry both ways (probed). As for tex: the depth compare value f is a
// register and needs .f32 coordinates; the offset e is not taken by .cube/.acube; f may be a
// constant (unlike tex's).

@section 9.7.10.4
@summary Loads one channel (.comp) of the four texels around coordinates c of texture a into d.
@effects read

d : out reg|sink x4 .dtype;
p : out pred since 7.1/sm_60;
a : texref;
b : samplerref since 1.5;
c : reg|imm .b32 scalar x(.geom: .2d = 2|4, .a2d = 4, .cube = 4, .acube = 4);
e : reg|imm .b32 scalar since 4.3/sm_30 x2;
f : reg|imm .f32 since 4.3/sm_30;
.comp  = { .r, .g, .b, .a };
.geom  = { .2d, .a2d, .cube, .acube };
.dtype = { .u32, .s32, .f32 };

tld4.comp.geom.v4.dtype.f32  d, [a, c];
tld4.comp.geom.v4.dtype.f32  d, [a, b, c];
tld4.comp.geom.v4.dtype.f32  d|p, [a, c];
tld4.comp.geom.v4.dtype.f32  d|p, [a, b, c];
tld4.comp.geom.v4.dtype.f32  d, [a, c], f;
tld4.comp.geom.v4.dtype.f32  d, [a, b, c], f;
tld4.comp.geom.v4.dtype.f32  d|p, [a, c], f;
tld4.comp.geom.v4.dtype.f32  d|p, [a, b, c], f;
memory read a space texture proxy texture source §9.7.10.4;
---
@summary Loads one channel of the four texels around coordinates c + offset e of texture a into d.
.geom  = { .2d, .a2d };
tld4.comp.geom.v4.dtype.f32  d, [a, c], e;
tld4.comp.geom.v4.dtype.f32  d, [a, b, c], e;
tld4.comp.geom.v4.dtype.f32  d|p, [a, c], e;
tld4.comp.geom.v4.dtype.f32  d|p, [a, b, c], e;
tld4.comp.geom.v4.dtype.f32  d, [a, c], e, f;
tld4.comp.geom.v4.dtype.f32  d, [a, b, c], e, f;
tld4.comp.geom.v4.dtype.f32  d|p, [a, c], e, f;
tld4.comp.geom.v4.dtype.f32  d|p, [a, b, c], e, f;
memory read a space texture proxy texture source §9.7.10.4;

// ------------------------------------------------------------------ versions and targets

require tld4
  ptx 2.2; target sm_20
  ptxas "Feature 'tld4'" "Instruction 'tld4'"
  probe "tld4.r.2d.v4.f32.f32 {%r1, %r2, %r3, %r4}, [tex0, {%r5, %r6}]"
  setup ".global .texref tex0"
  source §9.7.10.4 L69/L83
require tld4 .a2d|.cube|.acube
  ptx 4.3; target sm_30
  ptxas "Feature 'tld4 instruction with .cube'"
  probe "tld4.r.cube.v4.f32.f32 {%r1, %r2, %r3, %r4}, [tex0, {%r5, %r6, %r7, %r8}]"
  setup ".global .texref tex0"
  source §9.7.10.4 L73/L87
