// txq: query a texture's or sampler's attributes (§9.7.10.5). a is a .texref or .samplerref
// variable (by name) or a .u64 register holding one's address (indirect access).

@section 9.7.10.5
@summary Reads attribute .tquery of texture a into d.
@effects none

d : out reg .b32;
a : texref|samplerref;
lod : reg|imm .b32;
.tquery  = { .width, .height, .depth, .channel_data_type, .channel_order, .normalized_coords,
             .array_size, .num_mipmap_levels, .num_samples };
.tlquery = { .width, .height, .depth };
.squery  = { .filter_mode, .addr_mode_0, .addr_mode_1, .addr_mode_2 };

txq.tquery.b32         d, [a];
txq.level.tlquery.b32  d, [a], lod;
txq.squery.b32         d, [a];
---
@summary Reads whether sampler a forces unnormalized coordinates (independent mode) into d.
s : samplerref eg psamp;
txq.force_unnormalized_coords.b32  d, [s];

// ------------------------------------------------------------------ versions and targets

require txq
  ptx 1.5
  ptxas "Feature 'txq'" ""
  probe "txq.width.b32 %r1, [tex0]"
  setup ".global .texref tex0"
  source §9.7.10.5 L59/L73
require txq .level
  ptx 4.3; target sm_30
  ptxas "Feature 'txq.level'" "Instruction 'txq.level'"
  probe "txq.level.width.b32 %r1, [tex0], %r2"
  setup ".global .texref tex0"
  source §9.7.10.5 L69/L81
require txq .channel_data_type
  ptx 2.1
  ptxas "Feature 'channel_data_type attribute'"
  probe "txq.channel_data_type.b32 %r1, [tex0]"
  setup ".global .texref tex0"
  source §9.7.10.5 PTX ISA Notes; ptxas
require txq .channel_order
  ptx 2.1
  ptxas "Feature 'channel_order attribute'"
  probe "txq.channel_order.b32 %r1, [tex0]"
  setup ".global .texref tex0"
  source §9.7.10.5 PTX ISA Notes; ptxas
require txq .force_unnormalized_coords
  ptx 2.2
  ptxas "Feature 'force_unnormalized_coords attribute'"
  source §9.7.10.5 PTX ISA Notes; ptxas
require txq .array_size
  ptx 4.1
  ptxas "Feature 'array_size attribute'"
  probe "txq.array_size.b32 %r1, [tex0]"
  setup ".global .texref tex0"
  source §9.7.10.5 PTX ISA Notes; ptxas
require txq .num_mipmap_levels
  ptx 4.1; target sm_20
  ptxas "Feature 'num_mipmap_levels attribute'"
  probe "txq.num_mipmap_levels.b32 %r1, [tex0]"
  setup ".global .texref tex0"
  source §9.7.10.5 PTX ISA and Target ISA Notes; ptxas
require txq .num_samples
  ptx 4.1; target sm_30
  ptxas "Feature 'num_samples attribute'"
  probe "txq.num_samples.b32 %r1, [tex0]"
  setup ".global .texref tex0"
  source §9.7.10.5 PTX ISA and Target ISA Notes; ptxas

@ptxas-names txq.level source spec/ptxas-parser-notes.txt, the instruction table builder's opcode lists
