// bar, barrier: CTA barriers (§9.7.13.1); bar.warp.sync (§9.7.13.2); barrier.cluster (§9.7.13.3).

@summary Waits until the threads of the CTA (or the b threads given) arrive at barrier a.
@effects sync

// ptxas: a 64-bit register is "Arguments mismatch for instruction 'bar'"; a constant above 15 is
// "Barrier number '16' out of range, expected to be in range [0..15]". A constant thread count b
// must be a multiple of the warp size ("Number of threads participating in barrier must be in
// multiple of warp size", every release; 0 is taken except by .arrive, below).
a : reg|imm .u32 range 0..15;
b : reg|imm .u32 multiple 32;
d : out reg .u32;
p : out pred;
c : pred|imm;     // ptxas takes a constant predicate too
.op = { .and, .or };

@section 9.7.13.1
barrier{.cta}.sync{.aligned}  a{, b};
sync barrier cta wait id a threads b aligned .aligned source §9.7.13.1: waits for the non-exited threads of the participating warps (b threads, else the CTA);
---
@section 9.7.13.1
bar{.cta}.sync                a{, b};      // ptxas: "Illegal modifier '.aligned' for instruction 'bar'"
sync barrier cta wait id a threads b aligned source §9.7.13.1: bar.sync is barrier.sync.aligned;
---
@section 9.7.13.1
@summary Marks the arrival of the executing threads at barrier a without waiting (b threads take part).
barrier{.cta}.arrive{.aligned}  a, b;
sync barrier cta arrive id a threads b aligned .aligned source §9.7.13.1: marks the arrival without waiting;
b : reg|imm .u32 range 32..4294967264 multiple 32;   // as bar.arrive's, below
---
@section 9.7.13.1
@summary Marks the arrival of the executing threads at barrier a without waiting (b threads take part).
bar{.cta}.arrive                a, b;      // ptxas 13.5: without b "Arguments mismatch for instruction 'bar.arrive'"
sync barrier cta arrive id a threads b aligned source §9.7.13.1: bar.arrive is barrier.arrive.aligned;
// ptxas: 0 is "Instruction 'bar.arrive' requires a non-zero thread count argument"; the smallest
// count is one warp, the largest the largest .u32 multiple of 32.
b : reg|imm .u32 range 32..4294967264 multiple 32;
---
@section 9.7.13.1
@summary Waits at barrier a and counts the threads whose predicate c is true (d = popc).
barrier{.cta}.red.popc{.aligned}.u32  d, a{, b}, {!}c;
sync barrier cta reduce id a threads b aligned .aligned source §9.7.13.1: waits and counts the threads whose c is true;
---
@section 9.7.13.1
@summary Waits at barrier a and counts the threads whose predicate c is true (d = popc).
bar{.cta}.red.popc.u32                d, a{, b}, {!}c;
sync barrier cta reduce id a threads b aligned source §9.7.13.1: bar.red is barrier.red.aligned;
---
@section 9.7.13.1
@summary Waits at barrier a and reduces the threads' predicates c with .and or .or into p.
// ptxas: ".and/.or with .u32" is "Operation requires .pred type"; .popc with .pred "Operation requires .u32 type"
barrier{.cta}.red.op{.aligned}.pred  p, a{, b}, {!}c;
sync barrier cta reduce id a threads b aligned .aligned source §9.7.13.1: waits and reduces the threads' predicates;

---
@section 9.7.13.1
@summary Waits at barrier a and reduces the threads' predicates c with .and or .or into p.
bar{.cta}.red.op.pred                p, a{, b}, {!}c;
sync barrier cta reduce id a threads b aligned source §9.7.13.1: bar.red is barrier.red.aligned;

---
@section 9.7.13.2
@summary Waits until every thread of the warp in membermask arrives at this barrier.
membermask : reg|imm .b32;
bar.warp.sync  membermask;
sync warp-barrier mask membermask source §9.7.13.2: the threads of membermask wait for each other (and their memory accesses are ordered);

---
@section 9.7.13.3
@summary Marks the arrival of the executing thread at the cluster barrier, without waiting.
barrier.cluster.arrive{.sem}{.aligned};
.sem = { .release, .relaxed };
sync barrier cluster arrive aligned .aligned order release source §9.7.13.3: .release by default;
---
@section 9.7.13.3
@summary Waits until every non-exited thread of the cluster has arrived at the cluster barrier.
barrier.cluster.wait{.acquire}{.aligned};
sync barrier cluster wait aligned .aligned order acquire source §9.7.13.3: .acquire by default;

// ------------------------------------------------------------------ versions and targets

require bar .arrive
  ptx 2.0; target sm_20
  ptxas "Feature 'bar.arrive'" "Instruction 'bar.arrive'"
  probe "bar.arrive 0, 64"
  source §9.7.13.1 L72/L80
require bar .red
  ptx 2.0; target sm_20
  ptxas "Feature 'bar.red'" "Instruction 'bar.red'"
  probe "bar.red.popc.u32 %r1, 0, %p1"
  source §9.7.13.1 L72/L80
require bar .cta
  ptx 7.8; target sm_20
  ptxas "Feature 'bar.cta'" "Instruction 'bar.cta'"
  probe "bar.cta.sync 0"
  source §9.7.13.1 L76; ptxas: sm_20
require barrier .cta
  ptx 7.8
  ptxas "Feature 'barrier.cta.sync'|Feature 'barrier.cta.arrive'|Feature 'barrier.cta.red'|Feature 'barrier.cta'"
  probe "barrier.cta.sync 0"
  source §9.7.13.1 L76; ptxas
require barrier !.cluster
  ptx 6.0; target sm_30
  ptxas "Feature 'barrier'" "Instruction 'barrier'|Instruction 'barrier.cta'"
  probe "barrier.sync 0"
  source §9.7.13.1 L74/L84
require bar.warp.sync
  ptx 6.0; target sm_30
  ptxas "Feature 'bar.warp'" "Instruction 'bar.warp'"
  probe "bar.warp.sync 0xffffffff"
  source §9.7.13.2 L34/L38
require barrier.cluster
  ptx 7.8; target sm_90
  ptxas "Feature 'barrier.cluster.arrive'"
  probe "barrier.cluster.arrive; barrier.cluster.wait"
  source §9.7.13.3 L47/L53
require barrier.cluster .acquire|.release|.relaxed
  ptx 8.0; target sm_90
  ptxas "Modifier '.release' on 'barrier.cluster.arrive'|Modifier '.acquire' on 'barrier.cluster.wait'|Modifier '.relaxed' on 'barrier.cluster.arrive'" ""
  probe "barrier.cluster.arrive.release; barrier.cluster.wait.acquire"
  source §9.7.13.3 L49

@ptxas-names bar.arrive bar.cta bar.cta.arrive bar.cta.red bar.red bar.warp barrier.arrive barrier.cta barrier.cta.arrive barrier.cta.red barrier.red barrier.cluster.arrive barrier.cluster.wait source spec/ptxas-parser-notes.txt, the instruction table builder's opcode lists
