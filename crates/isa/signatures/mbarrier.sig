// mbarrier: barriers in shared memory (§9.7.13.15): init, inval, expect_tx, complete_tx, arrive,
// arrive_drop, test_wait, try_wait, pending_count. The manual writes the memory semantics and
// scope as one optional group `{.sem.scope}`: ptxas wants both or neither ("Modifier '.release'
// requires scope with 'mbarrier.arrive' instruction"), so each form comes with and without them
// (with first: `mbarrier.arrive.release.b64` is then diagnosed as missing its scope, as ptxas does).

@section 9.7.13.15
@effects sync

a        : addr;                 // an mbarrier object: generic or shared address
count    : reg|imm .u32;
txCount  : reg|imm .u32;
state    : out reg .b64;
waitComplete : out pred;
phaseParity  : reg|imm .u32;
suspendTimeHint : reg|imm .u32;
.state = { .shared, .shared::cta };
.scope = { .cta, .cluster };

@summary Initialises the mbarrier object at a with the expected arrival count (.layout::v1: in the layout of PTX 9.3).
mbarrier.init{.layout}{.state}.b64  [a], count;
.layout = { .layout::v1 };
memory write a bytes 8 align 8 what mbarrier-object source §9.7.13.15: init writes the 8-byte object (a weak write: fence.mbarrier_init orders it); an mbarrier object is 8-byte aligned: §9.7.13.15.1;
sync mbarrier init object a count count source §9.7.13.15: sets the expected arrival count;
---
@summary Invalidates the mbarrier object at a.
mbarrier.inval{.state}.b64  [a];
memory write a bytes 8 align 8 what mbarrier-object source §9.7.13.15; an mbarrier object is 8-byte aligned: §9.7.13.15.1;
sync mbarrier inval object a source §9.7.13.15;
---
@summary Raises the tx-count of the mbarrier object at a by txCount (an expect-tx operation).
mbarrier.expect_tx.sem.scope{.space}.b64  [a], txCount;
mbarrier.expect_tx{.space}.b64  [a], txCount;
.sem   = { .relaxed };
.space = { .shared, .shared::cta, .shared::cluster };
memory modify a bytes 8 atomic order relaxed scope cta align 8 what mbarrier-object source §9.7.13.15: expect-tx is .relaxed; an mbarrier object is 8-byte aligned: §9.7.13.15.1;
sync mbarrier expect-tx object a tx txCount source §9.7.13.15: raises the tx-count of the current phase;
---
@summary Lowers the tx-count of the mbarrier object at a by txCount (a complete-tx operation).
mbarrier.complete_tx.sem.scope{.space}.b64  [a], txCount;
mbarrier.complete_tx{.space}.b64  [a], txCount;
.sem   = { .relaxed };
.space = { .shared, .shared::cta, .shared::cluster };
memory modify a bytes 8 atomic order relaxed scope cta align 8 what mbarrier-object source §9.7.13.15: complete-tx is .relaxed; an mbarrier object is 8-byte aligned: §9.7.13.15.1;
sync mbarrier complete-tx object a tx txCount source §9.7.13.15: lowers the tx-count of the current phase;

---
@summary Performs an arrive-on operation on the mbarrier object at a; state receives the phase.
mbarrier.arrive.sem.scope{.state}.b64  state, [a]{, count};
mbarrier.arrive{.state}.b64  state, [a]{, count};
mbarrier.arrive.expect_tx.sem.scope{.state}.b64  state, [a], txCount;
mbarrier.arrive.expect_tx{.state}.b64  state, [a], txCount;
mbarrier.arrive.noComplete.release.cta{.state}.b64  state, [a], count;
mbarrier.arrive.noComplete{.state}.b64  state, [a], count;
mbarrier.arrive_drop.sem.scope{.state}.b64  state, [a]{, count};
mbarrier.arrive_drop{.state}.b64  state, [a]{, count};
mbarrier.arrive_drop.expect_tx{.state}.sem.scope.b64  state, [a], txCount;
mbarrier.arrive_drop.expect_tx{.state}.b64  state, [a], txCount;
mbarrier.arrive_drop.noComplete.release.cta{.state}.b64  state, [a], count;
mbarrier.arrive_drop.noComplete{.state}.b64  state, [a], count;
.sem = { .release, .relaxed };
memory modify a bytes 8 atomic order release scope cta align 8 what mbarrier-object source §9.7.13.15 L432/L436: the object is 8 bytes; .release and .cta when absent; an mbarrier object is 8-byte aligned: §9.7.13.15.1;
sync mbarrier arrive object a count count tx txCount state state drop .arrive_drop expect-tx .expect_tx source §9.7.13.15 L420/L432: an arrive-on (after an expect-tx with .expect_tx), .release.cta by default;
---
@summary Performs an arrive-on operation on the mbarrier object at a, discarding the state (the only form for an mbarrier object of another CTA of the cluster, .shared::cluster).
mbarrier.arrive.sem.scope{.space}.b64  _, [a]{, count};
mbarrier.arrive{.space}.b64  _, [a]{, count};
mbarrier.arrive.expect_tx.sem.scope{.space}.b64  _, [a], txCount;
mbarrier.arrive.expect_tx{.space}.b64  _, [a], txCount;
// ptxas: .noComplete with .shared::cluster is "Modifier '.shared::cluster' cannot be combined
// with modifier '.noComplete'"
mbarrier.arrive.noComplete.release.cta{.state}.b64  _, [a], count;
mbarrier.arrive.noComplete{.state}.b64  _, [a], count;
.sem = { .release, .relaxed };
memory modify a bytes 8 atomic order release scope cta align 8 what mbarrier-object source §9.7.13.15 L432/L436: the object is 8 bytes; .release and .cta when absent; an mbarrier object is 8-byte aligned: §9.7.13.15.1;
sync mbarrier arrive object a count count tx txCount expect-tx .expect_tx source §9.7.13.15 L420/L432: an arrive-on (after an expect-tx with .expect_tx), .release.cta by default;
.space = { .shared, .shared::cta, .shared::cluster };   // ptxas: with .shared::cluster the destination must be the sink

require mbarrier
  ptx 7.1; block
  probe "mbarrier.arrive.b64 _, [sbuf]"
  source §9.7.13.15 L444; ptxas at 7.0: "Result discard mode is not allowed for instruction 'mbarrier.arrive'"

---
@summary Performs an arrive-on operation on the mbarrier object at a and drops it from later phases, discarding the state (the only form for an mbarrier object of another CTA of the cluster, .shared::cluster).
// The sink is taken from PTX 7.0, with mbarrier.arrive_drop itself (ptxas 11.8, 12.9, 13.5;
// the manual's 7.1 note is on mbarrier.arrive only).
mbarrier.arrive_drop.sem.scope{.space}.b64  _, [a]{, count};
mbarrier.arrive_drop{.space}.b64  _, [a]{, count};
mbarrier.arrive_drop.expect_tx{.space}.sem.scope.b64  _, [a], txCount;
mbarrier.arrive_drop.expect_tx{.space}.b64  _, [a], txCount;
mbarrier.arrive_drop.noComplete.release.cta{.state}.b64  _, [a], count;
mbarrier.arrive_drop.noComplete{.state}.b64  _, [a], count;
.sem = { .release, .relaxed };
memory modify a bytes 8 atomic order release scope cta align 8 what mbarrier-object source §9.7.13.15 L432/L436: the object is 8 bytes; .release and .cta when absent; an mbarrier object is 8-byte aligned: §9.7.13.15.1;
sync mbarrier arrive object a count count tx txCount drop expect-tx .expect_tx source §9.7.13.15 L420/L432: an arrive-on (after an expect-tx with .expect_tx), .release.cta by default;
.space = { .shared, .shared::cta, .shared::cluster };   // ptxas: with .shared::cluster the destination must be the sink

---
@summary Performs an arrive-on operation on the mbarrier objects at a in every CTA of the cluster whose bit is set in ctaMask (PTX 9.4).
mbarrier.arrive.multicast::cluster::32b.sem.scope{.shared::cluster}.b64  _, [a]{, count}, ctaMask;
mbarrier.arrive.multicast::cluster::32b{.shared::cluster}.b64  _, [a]{, count}, ctaMask;
mbarrier.arrive.expect_tx.multicast::cluster::32b.sem.scope{.shared::cluster}.b64  _, [a], txCount, ctaMask;
mbarrier.arrive.expect_tx.multicast::cluster::32b{.shared::cluster}.b64  _, [a], txCount, ctaMask;
mbarrier.arrive_drop.multicast::cluster::32b.sem.scope{.shared::cluster}.b64  _, [a]{, count}, ctaMask;
mbarrier.arrive_drop.multicast::cluster::32b{.shared::cluster}.b64  _, [a]{, count}, ctaMask;
mbarrier.arrive_drop.expect_tx.multicast::cluster::32b.sem.scope{.shared::cluster}.b64  _, [a], txCount, ctaMask;
mbarrier.arrive_drop.expect_tx.multicast::cluster::32b{.shared::cluster}.b64  _, [a], txCount, ctaMask;
.sem = { .release, .relaxed };
memory modify a bytes 8 atomic order release scope cta align 8 what mbarrier-object source §9.7.13.15 L432/L436: the object is 8 bytes; .release and .cta when absent; an mbarrier object is 8-byte aligned: §9.7.13.15.1;
sync mbarrier arrive object a count count tx txCount drop .arrive_drop expect-tx .expect_tx source §9.7.13.15 L420/L432: an arrive-on (after an expect-tx with .expect_tx), .release.cta by default;
ctaMask : reg|imm .b32;
---
@summary Changes the tx-count of the mbarrier objects at a in every CTA of the cluster whose bit is set in ctaMask (PTX 9.4).
mbarrier.expect_tx.multicast::cluster::32b.sem.scope{.shared::cluster}.b64  [a], txCount, ctaMask;
mbarrier.expect_tx.multicast::cluster::32b{.shared::cluster}.b64  [a], txCount, ctaMask;
.sem = { .relaxed };
ctaMask : reg|imm .b32;
memory modify a bytes 8 atomic order relaxed scope cta align 8 what mbarrier-object source §9.7.13.15: expect-tx is .relaxed; an mbarrier object is 8-byte aligned: §9.7.13.15.1;
sync mbarrier expect-tx object a tx txCount source §9.7.13.15;
---
@summary Lowers the tx-count of the mbarrier objects at a in every CTA of the cluster whose bit is set in ctaMask (PTX 9.4).
mbarrier.complete_tx.multicast::cluster::32b.sem.scope{.shared::cluster}.b64  [a], txCount, ctaMask;
mbarrier.complete_tx.multicast::cluster::32b{.shared::cluster}.b64  [a], txCount, ctaMask;
.sem = { .relaxed };
ctaMask : reg|imm .b32;
memory modify a bytes 8 atomic order relaxed scope cta align 8 what mbarrier-object source §9.7.13.15: complete-tx is .relaxed; an mbarrier object is 8-byte aligned: §9.7.13.15.1;
sync mbarrier complete-tx object a tx txCount source §9.7.13.15;

---
@summary Tests whether the mbarrier object at a has the layout given (PTX 9.3).
mbarrier.check_layout.layout{.state}.b64  p, [a];
.layout = { .layout::v1 };
p : out pred;     // ptxas: the sink is "Result discard mode is not allowed for instruction 'mbarrier.check_layout'"
memory read a bytes 8 align 8 what mbarrier-object source ptxas 13.5: reads the object's layout (PTX 9.3, not in the 9.1 manual); an mbarrier object is 8-byte aligned: §9.7.13.15.1;
---
@summary Tests whether the phase given by state (or by its parity) of the mbarrier object at a has completed.
mbarrier.test_wait.sem.scope{.state}.b64  waitComplete, [a], state;
mbarrier.test_wait{.state}.b64  waitComplete, [a], state;
mbarrier.test_wait.parity.sem.scope{.state}.b64  waitComplete, [a], phaseParity;
mbarrier.test_wait.parity{.state}.b64  waitComplete, [a], phaseParity;
state : reg|imm .b64;
.sem = { .acquire, .relaxed };
memory read a bytes 8 atomic order acquire scope cta align 8 what mbarrier-object source §9.7.13.15 L747/L749: .acquire and .cta when absent; an mbarrier object is 8-byte aligned: §9.7.13.15.1;
sync mbarrier test-wait object a state state parity phaseParity source §9.7.13.15: waitComplete says whether the phase completed;
---
@summary Waits (for a time) until the phase given by state (or by its parity) of the mbarrier object at a completes.
mbarrier.try_wait.sem.scope{.state}.b64  waitComplete, [a], state{, suspendTimeHint};
mbarrier.try_wait{.state}.b64  waitComplete, [a], state{, suspendTimeHint};
mbarrier.try_wait.parity.sem.scope{.state}.b64  waitComplete, [a], phaseParity{, suspendTimeHint};
mbarrier.try_wait.parity{.state}.b64  waitComplete, [a], phaseParity{, suspendTimeHint};
state : reg|imm .b64;
.sem = { .acquire, .relaxed };
memory read a bytes 8 atomic order acquire scope cta align 8 what mbarrier-object source §9.7.13.15 L747/L749: .acquire and .cta when absent; an mbarrier object is 8-byte aligned: §9.7.13.15.1;
sync mbarrier try-wait object a state state parity phaseParity source §9.7.13.15: waits a while; waitComplete says whether the phase completed;

---
@summary Reads the pending arrival count from an opaque mbarrier state.
@effects none
mbarrier.pending_count.b64  count, state;
count : out reg .u32;
state : reg|imm .b64;

// ------------------------------------------------------------------ versions and targets

require mbarrier
  ptx 7.0; target sm_80
  probe "mbarrier.init.shared.b64 [sbuf], 32"
  source §9.7.13.15 (every mbarrier op)
require mbarrier.init
  ptx 7.0; target sm_80
  ptxas "Feature 'mbarrier.init'"
  probe "mbarrier.init.shared.b64 [sbuf], 32"
  source §9.7.13.15 L209/L215
require mbarrier.inval
  ptx 7.0; target sm_80
  ptxas "Feature 'mbarrier.inval'"
  probe "mbarrier.inval.shared.b64 [sbuf]"
  source §9.7.13.15 L259/L265
require mbarrier.arrive
  ptx 7.0; target sm_80
  ptxas "Feature 'mbarrier.arrive'"
  probe "mbarrier.arrive.shared.b64 %rd1, [sbuf]"
  source §9.7.13.15 L442/L460
require mbarrier.arrive_drop
  ptx 7.0; target sm_80
  ptxas "Feature 'mbarrier.arrive_drop'"
  probe "mbarrier.arrive_drop.shared.b64 %rd1, [sbuf]"
  source §9.7.13.15 L553/L569
require mbarrier.test_wait !.parity
  ptx 7.0; target sm_80
  ptxas "Feature 'mbarrier.test_wait'"
  probe "mbarrier.test_wait.shared.b64 %p1, [sbuf], %rd1"
  source §9.7.13.15 L768/L782
require mbarrier.test_wait.parity
  ptx 7.1; target sm_80
  ptxas "Feature 'mbarrier.test_wait.parity'"
  probe "mbarrier.test_wait.parity.shared.b64 %p1, [sbuf], %r1"
  source §9.7.13.15 L770
require mbarrier.pending_count
  ptx 7.0; target sm_80
  ptxas "Feature 'mbarrier.pending_count'"
  probe "mbarrier.pending_count.b64 %r1, %rd1"
  source §9.7.13.15 L915/L919
require mbarrier.try_wait !.parity
  ptx 7.8; target sm_90
  ptxas "Feature 'mbarrier.try_wait'"
  probe "mbarrier.try_wait.shared.b64 %p1, [sbuf], %rd1"
  source §9.7.13.15 L772/L784
require mbarrier.arrive !.noComplete|.expect_tx #3
  ptx 7.8; target sm_90
  ptxas "" "Feature 'mbarrier.arrive with a count'|Feature '(null)'|Feature 'mbarrier.arrive with count argument and without '.noComplete' modifier'"
  probe "mbarrier.arrive.shared.b64 %rd1, [sbuf], 2"
  source §9.7.13.15 L448/L462
require mbarrier.expect_tx
  ptx 8.0; target sm_90
  ptxas "Feature 'mbarrier.expect_tx'"
  probe "mbarrier.expect_tx.relaxed.cta.shared::cta.b64 [sbuf], 16"
  source §9.7.13.15 L333/L337
require mbarrier.complete_tx
  ptx 8.0; target sm_90
  ptxas "Feature 'mbarrier.complete_tx'"
  probe "mbarrier.complete_tx.relaxed.cta.shared::cta.b64 [sbuf], 16"
  source §9.7.13.15 L380/L384
require mbarrier.arrive .expect_tx
  ptx 8.0; target sm_90
  ptxas "Feature 'mbarrier.arrive.expect_tx'"
  probe "mbarrier.arrive.expect_tx.shared::cta.b64 %rd1, [sbuf], 16"
  source §9.7.13.15 L452/L464
require mbarrier .cluster
  ptx 8.0; target sm_90
  ptxas "Feature 'scopes on mbarrier operations'" "Feature '.cluster scope'"
  probe "mbarrier.arrive.release.cluster.shared::cta.b64 %rd1, [sbuf]"
  source §9.7.13.15 L454/L468
require mbarrier.arrive_drop .relaxed
  ptx 8.6; target sm_90
  ptxas "Modifier '.relaxed' on 'mbarrier.arrive_drop'"
  probe "mbarrier.arrive_drop.relaxed.cta.shared::cta.b64 %rd1, [sbuf]"
  source §9.7.13.15 L565 (expect_tx and complete_tx have had .relaxed since 8.0: L333/L380)
require mbarrier.test_wait .relaxed
  ptx 8.6; target sm_90
  ptxas "Modifier '.relaxed' on 'mbarrier.test_wait'"
  probe "mbarrier.test_wait.relaxed.cta.shared::cta.b64 %p1, [sbuf], %rd1"
  source §9.7.13.15 L778
require mbarrier.try_wait .relaxed
  ptx 8.6; target sm_90
  ptxas "Modifier '.relaxed' on 'mbarrier.try_wait'"
  probe "mbarrier.try_wait.relaxed.cta.shared::cta.b64 %p1, [sbuf], %rd1"
  source §9.7.13.15 L778
require mbarrier.arrive .relaxed
  ptx 8.6; target sm_90
  ptxas "Modifier '.relaxed' on 'mbarrier.arrive'"
  probe "mbarrier.arrive.relaxed.cta.shared::cta.b64 %rd1, [sbuf]"
  source §9.7.13.15 L456/L470
require mbarrier.try_wait.parity
  ptx 7.8; target sm_90
  ptxas "Feature 'mbarrier.try_wait.parity'"
  probe "mbarrier.try_wait.parity.shared.b64 %p1, [sbuf], %r1"
  source §9.7.13.15 L772/L784
require mbarrier.arrive .noComplete
  ptx 7.0; target sm_80
  probe "mbarrier.arrive.noComplete.shared.b64 %rd1, [sbuf], 2"
  source §9.7.13.15 L442/L460
require mbarrier.arrive .shared::cluster
  ptx 8.0; target sm_90
  ptxas "Feature '.shared::cluster'"
  probe "mbarrier.arrive.release.cluster.shared::cluster.b64 _, [%r1]"
  source §9.7.13.15 L450/L466
require mbarrier.arrive_drop .expect_tx
  ptx 8.0; target sm_90
  ptxas "Feature 'mbarrier.arrive_drop.expect_tx'"
  probe "mbarrier.arrive_drop.expect_tx.shared::cta.b64 %rd1, [sbuf], 16"
  source §9.7.13.15 L559/L573
require mbarrier .shared::cta
  ptx 7.8
  ptxas "Feature '::cta'"
  probe "mbarrier.init.shared::cta.b64 [sbuf], 32"
  source §9.7.13.15 L211/L261/L446; ptxas: "Feature '::cta' requires PTX ISA .version 7.8 or later"
require mbarrier .cta
  ptx 8.0
  ptxas "Feature 'scopes on mbarrier operations'"
  probe "mbarrier.arrive.release.cta.shared.b64 %rd1, [sbuf]"
  source §9.7.13.15 L454; ptxas: "Feature 'scopes on mbarrier operations' requires PTX ISA .version 8.0 or later"
require mbarrier.arrive_drop !.noComplete|.expect_tx #3
  ptx 7.8; target sm_90
  ptxas "" "Feature 'mbarrier.arrive_drop with count argument and without '.noComplete' modifier'"
  probe "mbarrier.arrive_drop.shared.b64 %rd1, [sbuf], 2"
  source §9.7.13.15 L557/L571
require mbarrier.arrive_drop .shared::cluster
  ptx 8.0; target sm_90
  ptxas "Feature '.shared::cluster'"
  probe "mbarrier.arrive_drop.release.cluster.shared::cluster.b64 _, [%r1]"
  source §9.7.13.15 L561/L575
require mbarrier .layout::v1
  ptx 9.3; target sm_90
  ptxas "Feature '.layout::v1'"
  probe "mbarrier.init.layout::v1.shared.b64 [sbuf], 1"
  source ptxas 13.5 ("Feature '.layout::v1' requires PTX ISA .version 9.3 or later", "… requires .target sm_90 or higher"); RN 9.3 (Z93)
require mbarrier.check_layout
  ptx 9.3; target sm_90
  ptxas "Feature 'mbarrier.check_layout'"
  probe "mbarrier.check_layout.layout::v1.shared.b64 %p1, [sbuf]"
  source ptxas 13.5 ("Feature 'mbarrier.check_layout' requires PTX ISA .version 9.3 or later", "… requires .target sm_90 or higher"); RN 9.3 (Z93)
require mbarrier .multicast::cluster::32b
  ptx 9.4; target sm_107f
  ptxas "Feature 'mbarrier.arrive.multicast::cluster::32b'|Feature 'mbarrier.arrive_drop.multicast::cluster::32b'|Feature 'mbarrier.expect_tx.multicast::cluster::32b'|Feature 'mbarrier.complete_tx.multicast::cluster::32b'"
  not-supported
  probe "mbarrier.arrive.multicast::cluster::32b.shared::cluster.b64 _, [sbuf], %r1"
  source T72 (9.4: .multicast::cluster::32b on mbarrier); ptxas 13.5 (sm_107a/sm_107f accept; sm_100a, sm_103a, sm_110a, sm_120a: "not supported on .target")

@ptxas-names mbarrier.init mbarrier.inval mbarrier.complete_tx mbarrier.expect_tx mbarrier.pending_count mbarrier.test_wait mbarrier.test_wait.parity mbarrier.try_wait mbarrier.try_wait.parity mbarrier.arrive mbarrier.arrive.expect_tx mbarrier.arrive_drop mbarrier.arrive_drop.expect_tx source spec/ptxas-parser-notes.txt, the instruction table builder's opcode lists
