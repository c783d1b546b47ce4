// suq: query a surface's attributes (§9.7.11.4). a is a .surfref variable or a .u64 register
// holding one's address; ptxas wants it in brackets ('Address expected for argument 1').

@section 9.7.11.4
@summary Reads attribute .query of surface a into d.
@effects none

d : out reg .b32;
a : surfref;
.query = { .width, .height, .depth, .channel_data_type, .channel_order, .array_size, .memory_layout };

suq.query.b32  d, [a];

// ------------------------------------------------------------------ versions and targets

require suq
  ptx 1.5
  ptxas "Feature 'suq'" ""
  probe "suq.width.b32 %r1, [surf0]"
  setup ".global .surfref surf0"
  source §9.7.11.4 L40
require suq .channel_data_type
  ptx 2.1
  ptxas "Feature 'channel_data_type attribute'"
  probe "suq.channel_data_type.b32 %r1, [surf0]"
  setup ".global .surfref surf0"
  source §9.7.11.4; ptxas
require suq .channel_order
  ptx 2.1
  ptxas "Feature 'channel_order attribute'"
  probe "suq.channel_order.b32 %r1, [surf0]"
  setup ".global .surfref surf0"
  source §9.7.11.4; ptxas
require suq .array_size
  ptx 4.1
  ptxas "Feature 'array_size attribute'"
  probe "suq.array_size.b32 %r1, [surf0]"
  setup ".global .surfref surf0"
  source §9.7.11.4; ptxas
require suq .memory_layout
  ptx 4.2
  ptxas "Feature 'memory_layout attribute'"
  probe "suq.memory_layout.b32 %r1, [surf0]"
  setup ".global .surfref surf0"
  source §9.7.11.4; ptxas
