// cp.async: non-bulk asynchronous copy from global to shared memory (§9.7.9.25.3.1), with
// cp.async.commit_group (§9.7.9.25.3.2), cp.async.wait_group / cp.async.wait_all
// (§9.7.9.25.3.3) and cp.async.mbarrier.arrive (§9.7.13.15.15).

@summary Starts copying cp-size bytes from global address src to shared address dst, asynchronously.
@effects read write async

dst, src     : addr;
cache-policy : reg .b64 if .level::cache_hint;
src-size     : reg|imm .b32;
ignore-src   : pred since 7.5;   // ptxas: "Feature 'igonre-src on cp.async' requires PTX ISA .version 7.5"

.ss = { .shared, .shared::cta };
.level::cache_hint = { .L2::cache_hint };
.level::prefetch_size = { .L2::64B, .L2::128B, .L2::256B };

@section 9.7.9.25.3.1
cp.async.ca.ss.global{.level::cache_hint}{.level::prefetch_size}  [dst], [src], cp-size{, src-size}{, cache-policy};
cp.async.ca.ss.global{.level::cache_hint}{.level::prefetch_size}  [dst], [src], cp-size{, ignore-src}{, cache-policy};
cp-size : imm range 4..16 eg 4;
memory write dst space .ss bytes cp-size async cp.async align full what cp.async-copy source §9.7.9.25.3.1 L118: a weak write, complete at cp.async.wait_group/wait_all; aligned to cp-size: §9.7.9.25.3.1 L110, §5.4.5 L19;
memory read src space .global bytes cp-size async cp.async align full what cp.async-copy source §9.7.9.25.3.1 L118; aligned to cp-size: §9.7.9.25.3.1 L110, §5.4.5 L19;
---
@summary Starts copying 16 bytes from global address src to shared address dst, asynchronously, caching in L2 only.
cp.async.cg.ss.global{.level::cache_hint}{.level::prefetch_size}  [dst], [src], cp-size{, src-size}{, cache-policy};
cp.async.cg.ss.global{.level::cache_hint}{.level::prefetch_size}  [dst], [src], cp-size{, ignore-src}{, cache-policy};
cp-size : imm range 16..16 eg 16;
memory write dst space .ss bytes cp-size async cp.async align full what cp.async-copy source §9.7.9.25.3.1 L118: a weak write, complete at cp.async.wait_group/wait_all; aligned to cp-size: §9.7.9.25.3.1 L110, §5.4.5 L19;
memory read src space .global bytes cp-size async cp.async align full what cp.async-copy source §9.7.9.25.3.1 L118; aligned to cp-size: §9.7.9.25.3.1 L110, §5.4.5 L19;
---
@section 9.7.9.25.3.2
@summary Commits the cp.async operations started so far (and not committed) into a new cp.async-group.
@effects sync
cp.async.commit_group;
sync commit cp.async source §9.7.9.25.3.2 L166-L210: the thread's uncommitted cp.async operations form a new group;
---
@section 9.7.9.25.3.3
@summary Waits until at most N of the most recent cp.async-groups are pending.
@effects sync
cp.async.wait_group  N;
N : imm eg 0;
sync wait cp.async pending N source §9.7.9.25.3.3: until at most N of the most recent groups are pending;
---
@summary Waits until every cp.async operation started by the thread has completed.
@effects sync
cp.async.wait_all;
sync commit cp.async source §9.7.9.25.3.3 L228: wait_all is commit_group then wait_group 0;
sync wait cp.async source §9.7.9.25.3.3 L228;
---
@section 9.7.13.15.15
@summary Makes the mbarrier at addr track the completion of the thread's prior cp.async operations.
@effects write sync async
cp.async.mbarrier.arrive{.noinc}{.state}.b64  [addr];
.state = { .shared, .shared::cta };
addr : addr;
memory modify addr bytes 8 atomic order relaxed scope cta align 8 what mbarrier-object source §9.7.13.15.15: without .noinc the pending count is incremented here, and the arrive-on the copies' completion triggers updates the object later; an mbarrier object is 8-byte aligned: §9.7.13.15.1;
sync mbarrier track-cp.async object addr source §9.7.13.15.15: an arrive-on the mbarrier when the thread's prior cp.async operations complete;

// ------------------------------------------------------------------ versions and targets

require cp.async !.bulk|.commit_group|.wait_group|.wait_all|.mbarrier
  ptx 7.0; target sm_80
  ptxas "Feature 'cp.async'"
  probe "cp.async.ca.shared.global [sbuf], [gbuf], 4"
  source §9.7.9.25 L134/L144
require cp.async.commit_group
  ptx 7.0; target sm_80
  ptxas "Feature 'cp.async.commit_group'"
  probe "cp.async.commit_group"
  source §9.7.9.25 L188/L192
require cp.async.wait_group
  ptx 7.0; target sm_80
  ptxas "Feature 'cp.async.wait_group'"
  probe "cp.async.wait_group 0"
  source §9.7.9.25 L252/L256
require cp.async.wait_all
  ptx 7.0; target sm_80
  ptxas "Feature 'cp.async.wait_all'"
  probe "cp.async.wait_all"
  source §9.7.9.25 L252/L256
require cp.async.mbarrier.arrive
  ptx 7.0; target sm_80
  ptxas "Feature 'cp.async.mbarrier.arrive'"
  probe "cp.async.mbarrier.arrive.shared.b64 [sbuf]"
  source §9.7.13.15 L630/L636
require cp.async .L2::cache_hint
  ptx 7.4; target sm_80
  ptxas "Modifier '.L2::cache_hint'" "Feature 'cp.async'"
  probe "cp.async.cg.shared.global.L2::cache_hint [sbuf], [gbuf], 16, %rd1"
  source §9.7.9.25 L136
require cp.async .L2::64B|.L2::128B|.L2::256B
  ptx 7.4; target sm_80
  ptxas "Feature 'cache prefetching'" "Feature 'cp.async'"
  probe "cp.async.cg.shared.global.L2::128B [sbuf], [gbuf], 16"
  source §9.7.9.25 (.level::prefetch_size in 7.4)
// The manual has ::cta from 7.8: ptxas takes `cp.async.ca.shared::cta.global` from 7.0 (the first
// cp.async version), so no record says otherwise.
require cp.async.mbarrier.arrive .shared::cta
  ptx 7.8; target sm_80
  ptxas "Feature '::cta'" ""
  probe "cp.async.mbarrier.arrive.shared::cta.b64 [sbuf]"
  source §9.7.13.15.15 (::cta in 7.8); ptxas

@ptxas-names cp.async cp.async.commit_group cp.async.mbarrier.arrive cp.async.wait_all cp.async.wait_group source spec/ptxas-parser-notes.txt, the instruction table builder's opcode lists
