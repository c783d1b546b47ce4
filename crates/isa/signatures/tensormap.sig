// tensormap.replace: replace a field of a tensor map in memory (§9.7.9.28);
// tensormap.cp_fenceproxy: copy a tensor map from shared to global memory and release it to the
// tensormap proxy (§9.7.13.16).
//
// Not expressible here: .elemtype values 13-15 (PTX 8.7, sm_100a/110a/120a and their families)
// and .swizzle_mode value 4 (8.8, sm_103a) depend on the immediate written.

@summary Replaces a field of the 1024-bit tensor map at addr with new_val.
@effects write

addr    : addr;
new_val : reg|imm .type;

.mode = { .tile };
.ss   = { .global, .shared::cta };

@section 9.7.9.28
tensormap.replace.mode.field1{.ss}.b1024.type  [addr], new_val;
memory write addr source §9.7.9.28: writes a field of the 128-byte tensor map (generic proxy);
.field1 = { .global_address, .rank };
.type   = { .b64, .b32 };
except .global_address .b32 because .global_address takes a .b64 value;
except .rank .b64 because .rank takes a .b32 value;
---
@summary Replaces one ordinal (dimension) of a per-dimension field of the tensor map at addr.
tensormap.replace.mode.field2{.ss}.b1024.type  [addr], ord, new_val;
memory write addr source §9.7.9.28: writes a field of the 128-byte tensor map (generic proxy);
.field2 = { .box_dim, .global_dim, .global_stride, .element_stride };
.type   = { .b32, .b64 };
ord : imm range 0..4 eg 0;
except .global_stride .b32 because .global_stride takes a .b64 value;
except .box_dim|.global_dim|.element_stride .b64 because this field takes a .b32 value;
---
@summary Replaces the element type (an immediate code, Table 33) of the tensor map at addr.
tensormap.replace.mode.elemtype{.ss}.b1024.b32  [addr], new_val;
memory write addr source §9.7.9.28: writes a field of the 128-byte tensor map (generic proxy);
new_val : imm range 0..15 eg 1;
---
@summary Replaces the interleave layout (an immediate code, Table 33) of the tensor map at addr.
tensormap.replace.mode.interleave_layout{.ss}.b1024.b32  [addr], new_val;
memory write addr source §9.7.9.28: writes a field of the 128-byte tensor map (generic proxy);
new_val : imm range 0..2 eg 1;
---
@summary Replaces the swizzle mode (an immediate code, Table 33) of the tensor map at addr.
tensormap.replace.mode.swizzle_mode{.ss}.b1024.b32  [addr], new_val;
memory write addr source §9.7.9.28: writes a field of the 128-byte tensor map (generic proxy);
new_val : imm range 0..4 eg 1;
---
@summary Replaces the swizzle atomicity (an immediate code, Table 33) of the tensor map at addr.
tensormap.replace.mode.swizzle_atomicity{.ss}.b1024.b32  [addr], new_val;
memory write addr source §9.7.9.28: writes a field of the 128-byte tensor map (generic proxy);
new_val : imm range 0..3 eg 1;
---
@summary Replaces the out-of-bound fill mode (an immediate code, Table 33) of the tensor map at addr.
tensormap.replace.mode.fill_mode{.ss}.b1024.b32  [addr], new_val;
memory write addr source §9.7.9.28: writes a field of the 128-byte tensor map (generic proxy);
new_val : imm range 0..1 eg 1;
---
@section 9.7.13.16
@summary Copies size bytes of a tensor map from shared to global memory and releases it to the tensormap proxy at the given scope.
@effects read write sync
tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.scope.sync.aligned  [dst], [src], size;
.scope = { .cta, .cluster, .gpu, .sys };
dst, src : addr;
size : imm range 128..128 eg 128;

// ------------------------------------------------------------------ versions and targets

require tensormap.replace
  ptx 8.3; target sm_90a, sm_100a@8.6, sm_101a@8.6, sm_120a@8.7, sm_100f@8.8, sm_101f@8.8, sm_120f@8.8
  ptxas "Feature 'tensormap.replace'" "Instruction 'tensormap.replace'|Instruction 'tensormap.replace.swizzle_atomicity'"
  probe "tensormap.replace.tile.global_address.global.b1024.b64 [%rd1], %rd2"
  source §9.7.9.28 L73/L83-101 (ptxas names the instruction 'tensormap.replace.swizzle_atomicity' when that field is written)
require tensormap.cp_fenceproxy
  ptx 8.3; target sm_90
  ptxas "Feature 'tensormap.cp_fenceproxy'" "Instruction 'tensormap.cp_fenceproxy'"
  not-supported
  probe "tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.gpu.sync.aligned [%rd1], [sbuf], 128"
  source §9.7.13.16 L43/L47
require tensormap.replace .swizzle_atomicity
  ptx 8.6; target sm_100a, sm_101a, sm_120a, sm_100f@8.8, sm_101f@8.8, sm_120f@8.8
  ptxas "Feature 'tensormap.replace.swizzle_atomicity'" "Instruction 'tensormap.replace.swizzle_atomicity'"
  probe "tensormap.replace.tile.swizzle_atomicity.global.b1024.b32 [%rd1], 1"
  source §9.7.9.28 L75/L103-119

@ptxas-names tensormap.cp_fenceproxy tensormap.replace source spec/ptxas-parser-notes.txt, the instruction table builder's opcode lists
