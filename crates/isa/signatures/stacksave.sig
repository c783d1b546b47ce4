// stacksave (§9.7.17.1), stackrestore (§9.7.17.2), alloca (§9.7.17.3): the stack pointer and
// dynamic allocation on the stack.

@section 9.7.17.1
@summary Copies the stack pointer into d.
@effects none
stacksave.type  d;
.type = { .u32, .u64 };
d : out reg;
---
@section 9.7.17.2
@summary Sets the stack pointer to a (a value stacksave returned), freeing what alloca took since.
@effects write
stackrestore.type  a;
.type = { .u32, .u64 };
a : reg;
---
@section 9.7.17.3
@summary Allocates size bytes on the stack (aligned to immAlign) and sets ptr to their .local address.
@effects write
alloca.type  ptr, size{, immAlign};
.type = { .u32, .u64 };
ptr      : out reg;
size     : reg|imm;
immAlign : imm .b32 eg 8;

// ------------------------------------------------------------------ versions and targets

require alloca
  ptx 7.3; target sm_52
  ptxas "Feature 'alloca'"
  probe "alloca.u64 %rd1, 16"
  source §9.7.17.1; S78 L630
require stacksave
  ptx 7.3; target sm_52
  ptxas "Feature 'stacksave'"
  probe "stacksave.u64 %rd1"
  source §9.7.17.2
require stackrestore
  ptx 7.3; target sm_52
  ptxas "Feature 'stackrestore'"
  probe "stackrestore.u64 %rd1"
  source §9.7.17.3
