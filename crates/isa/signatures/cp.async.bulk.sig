// cp.async.bulk: bulk asynchronous copy (§9.7.9.25.4.1), cp.reduce.async.bulk: bulk
// asynchronous reduction (§9.7.9.25.4.2), cp.async.bulk.prefetch: bulk prefetch into L2
// (§9.7.9.25.4.3), cp.async.bulk.commit_group / wait_group (§9.7.9.27.3).

@summary Starts copying size bytes from global memory to the executing CTA's shared memory; the mbarrier tracks completion.
@effects read write async

dstMem, srcMem : addr;
mbar         : addr eg [%rd9];   // ptxas also takes the address without brackets
size         : reg|imm .b32 eg 16;
cache-policy : reg .b64 if .level::cache_hint;
ctaMask      : reg|imm (.multicast: .multicast::cluster = .b16, .multicast::cluster::32b = .b32) if .multicast;
byteMask     : reg|imm .b16 if .cp_mask;
ignoreBytesLeft, ignoreBytesRight : reg|imm .b32 if .ignore_oob;   // ptxas 13.5: both or neither, .b16 rejected

.level::cache_hint = { .L2::cache_hint };

@section 9.7.9.25.4.1
cp.async.bulk.shared::cta.global.mbarrier::complete_tx::bytes{.level::cache_hint}{.ignore_oob}  [dstMem], [srcMem], size{, ignoreBytesLeft}{, ignoreBytesRight}, mbar{, cache-policy};
memory write dstMem space .shared::cta bytes size proxy async async mbarrier mbar align 16 what bulk-copy source §9.7.9.25.4.1 L349/L361: a weak copy in the async proxy (§9.7.9.25.2 L69), complete-tx on mbar when done (.ignore_oob: the first ignoreBytesLeft and last ignoreBytesRight source bytes are not read, RN 9.2; the tx-count is still size); aligned to 16 bytes: §9.7.9.25.4.1 L334;
memory read srcMem space .global bytes size proxy async async mbarrier mbar align 16 what bulk-copy source §9.7.9.25.4.1 L349/L361: a weak copy in the async proxy (§9.7.9.25.2 L69); aligned to 16 bytes: §9.7.9.25.4.1 L334;
---
@summary Starts copying size bytes from global memory to shared memory of CTAs in the cluster (multicast: several); the mbarrier tracks completion.
cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes{.multicast}{.level::cache_hint}  [dstMem], [srcMem], size, mbar{, ctaMask}{, cache-policy};
.multicast = { .multicast::cluster, .multicast::cluster::32b };
memory write dstMem space .shared::cluster bytes size proxy async async mbarrier mbar align 16 what bulk-copy source §9.7.9.25.4.1 L349/L361: a weak copy in the async proxy (§9.7.9.25.2 L69), complete-tx on mbar when done; aligned to 16 bytes: §9.7.9.25.4.1 L334;
memory read srcMem space .global bytes size proxy async async mbarrier mbar align 16 what bulk-copy source §9.7.9.25.4.1 L349/L361: a weak copy in the async proxy (§9.7.9.25.2 L69); aligned to 16 bytes: §9.7.9.25.4.1 L334;
---
@summary Starts copying size bytes from the executing CTA's shared memory to another CTA's; the mbarrier tracks completion.
cp.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes  [dstMem], [srcMem], size, mbar;
memory write dstMem space .shared::cluster bytes size proxy async async mbarrier mbar align 16 what bulk-copy source §9.7.9.25.4.1 L349/L361: a weak copy in the async proxy (§9.7.9.25.2 L69), complete-tx on mbar when done; aligned to 16 bytes: §9.7.9.25.4.1 L334;
memory read srcMem space .shared::cta bytes size proxy async async mbarrier mbar align 16 what bulk-copy source §9.7.9.25.4.1 L349/L361: a weak copy in the async proxy (§9.7.9.25.2 L69); aligned to 16 bytes: §9.7.9.25.4.1 L334;
---
@summary Starts copying size bytes from shared memory to global memory (byteMask: which bytes of each 16); a bulk async-group tracks completion.
cp.async.bulk.global.shared::cta.bulk_group{.level::cache_hint}{.cp_mask}  [dstMem], [srcMem], size{, cache-policy}{, byteMask};
memory write dstMem space .global bytes size proxy async async bulk align 16 what bulk-copy source §9.7.9.25.4.1 L349/L361: a weak copy in the async proxy (§9.7.9.25.2 L69), complete at cp.async.bulk.wait_group; aligned to 16 bytes: §9.7.9.25.4.1 L334;
memory read srcMem space .shared::cta bytes size proxy async async bulk align 16 what bulk-copy source §9.7.9.25.4.1 L349/L361: a weak copy in the async proxy (§9.7.9.25.2 L69), read at cp.async.bulk.wait_group.read; aligned to 16 bytes: §9.7.9.25.4.1 L334;
---
@summary Bulk copy from global memory to the CTA's shared memory with relaxed semantics at the given scope, in 128-bit units (PTX 9.3).
cp.async.bulk.relaxed.scope.shared::cta.global.mbarrier::complete_tx::bytes{.level::cache_hint}{.ignore_oob}.b128  [dstMem], [srcMem], size{, ignoreBytesLeft}{, ignoreBytesRight}, mbar{, cache-policy};
.scope = { .cta, .cluster, .gpu, .sys };
memory write dstMem space .shared::cta bytes size proxy async async mbarrier mbar align 16 what bulk-copy source §9.7.9.25.4.1 L349/L361: a weak copy in the async proxy (§9.7.9.25.2 L69), complete-tx on mbar when done; aligned to 16 bytes: §9.7.9.25.4.1 L334;
memory read srcMem space .global bytes size proxy async async mbarrier mbar align 16 what bulk-copy source §9.7.9.25.4.1 L349/L361: a weak copy in the async proxy (§9.7.9.25.2 L69); aligned to 16 bytes: §9.7.9.25.4.1 L334;
---
@summary Bulk copy from global memory to shared memory of the cluster with relaxed semantics at the given scope, in 128-bit units (PTX 9.3).
cp.async.bulk.relaxed.scope.shared::cluster.global.mbarrier::complete_tx::bytes{.multicast}{.level::cache_hint}.b128  [dstMem], [srcMem], size, mbar{, ctaMask}{, cache-policy};
.scope = { .cta, .cluster, .gpu, .sys };
.multicast = { .multicast::cluster, .multicast::cluster::32b };
memory write dstMem space .shared::cluster bytes size proxy async async mbarrier mbar align 16 what bulk-copy source §9.7.9.25.4.1 L349/L361: a weak copy in the async proxy (§9.7.9.25.2 L69), complete-tx on mbar when done; aligned to 16 bytes: §9.7.9.25.4.1 L334;
memory read srcMem space .global bytes size proxy async async mbarrier mbar align 16 what bulk-copy source §9.7.9.25.4.1 L349/L361: a weak copy in the async proxy (§9.7.9.25.2 L69); aligned to 16 bytes: §9.7.9.25.4.1 L334;
---
@summary Bulk copy from shared memory to global memory with relaxed semantics at the given scope, in 128-bit units (PTX 9.3).
cp.async.bulk.relaxed.scope.global.shared::cta.bulk_group{.level::cache_hint}{.cp_mask}.b128  [dstMem], [srcMem], size{, cache-policy}{, byteMask};
.scope = { .cta, .cluster, .gpu, .sys };
memory write dstMem space .global bytes size proxy async async bulk align 16 what bulk-copy source §9.7.9.25.4.1 L349/L361: a weak copy in the async proxy (§9.7.9.25.2 L69), complete at cp.async.bulk.wait_group; aligned to 16 bytes: §9.7.9.25.4.1 L334;
memory read srcMem space .shared::cta bytes size proxy async async bulk align 16 what bulk-copy source §9.7.9.25.4.1 L349/L361: a weak copy in the async proxy (§9.7.9.25.2 L69), read at cp.async.bulk.wait_group.read; aligned to 16 bytes: §9.7.9.25.4.1 L334;
// ptxas 13.5: "Instruction 'cp.async.bulk' requires '.b128' type with '.relaxed' modifier."; no
// other semantics ("Illegal modifier '.release' for instruction 'cp.async.bulk'"), and a scope
// needs the semantics ("Modifier '.gpu' requires modifier '.order'"). 13.5 also takes a plain
// `.b128` at any version, 12.9 none: the signature has it with .relaxed only.
---
@section 9.7.9.25.4.2
@summary Starts reducing size bytes of the executing CTA's shared memory into another CTA's; the mbarrier tracks completion.
@effects read write async
cp.reduce.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes.redOp.type  [dstMem], [srcMem], size, mbar;
cp.reduce.async.bulk.relaxed.cluster.shared::cluster.shared::cta.mbarrier::complete_tx::bytes.redOp.type  [dstMem], [srcMem], size, mbar;
.redOp = { .and, .or, .xor, .add, .inc, .dec, .min, .max };
.type  = { .b32, .u32, .s32, .b64, .u64 };
memory modify dstMem space .shared::cluster bytes size order relaxed scope gpu atomic proxy async async mbarrier mbar align 16 what bulk-copy source §9.7.9.25.4.2 L496/L504: each reduction .relaxed.gpu, complete-tx on mbar; aligned to 16 bytes: §9.7.9.25.4.2 L464;
memory read srcMem space .shared::cta bytes size proxy async async mbarrier mbar align 16 what bulk-copy source §9.7.9.25.4.2 L504; aligned to 16 bytes: §9.7.9.25.4.2 L464;
except .add !.u32|.s32|.u64 because .add takes .u32, .s32 or .u64 here;
except .min|.max !.u32|.s32 because .min and .max take .u32 or .s32 here;
except .inc|.dec !.u32 because .inc and .dec take .u32;
except .and|.or|.xor !.b32 because .and, .or and .xor take .b32 here;
---
@summary Starts reducing size bytes of shared memory into global memory; a bulk async-group tracks completion.
@effects read write async
cp.reduce.async.bulk.global.shared::cta.bulk_group{.level::cache_hint}.redOp.type  [dstMem], [srcMem], size{, cache-policy};
cp.reduce.async.bulk.relaxed.scope.global.shared::cta.bulk_group{.level::cache_hint}.redOp.type  [dstMem], [srcMem], size{, cache-policy};
.scope = { .cta, .cluster, .gpu, .sys };
.redOp = { .and, .or, .xor, .add, .inc, .dec, .min, .max };
.type  = { .b32, .u32, .s32, .b64, .u64, .s64, .f32, .f64, .f16, .bf16 };
memory modify dstMem space .global bytes size order relaxed scope gpu atomic proxy async async bulk align 16 what bulk-copy source §9.7.9.25.4.2 L504; aligned to 16 bytes: §9.7.9.25.4.2 L464;
memory read srcMem space .shared::cta bytes size proxy async async bulk align 16 what bulk-copy source §9.7.9.25.4.2 L504; aligned to 16 bytes: §9.7.9.25.4.2 L464;
except .add !.u32|.s32|.u64|.f32|.f64 because .add takes .u32, .s32, .u64, .f32 or .f64 (.f16 and .bf16 with .noftz);
except .min|.max !.u32|.s32|.u64|.s64|.f16|.bf16 because .min and .max take .u32, .s32, .u64, .s64, .f16 or .bf16;
except .inc|.dec !.u32 because .inc and .dec take .u32;
except .and|.or|.xor !.b32|.b64 because .and, .or and .xor take .b32 or .b64;
---
@summary Starts adding size bytes of .f16/.bf16 values from shared memory into global memory, keeping subnormals.
@effects read write async
cp.reduce.async.bulk.global.shared::cta.bulk_group{.level::cache_hint}.add.noftz.type  [dstMem], [srcMem], size{, cache-policy};
cp.reduce.async.bulk.relaxed.scope.global.shared::cta.bulk_group{.level::cache_hint}.add.noftz.type  [dstMem], [srcMem], size{, cache-policy};
.scope = { .cta, .cluster, .gpu, .sys };
.type = { .f16, .bf16 };
memory modify dstMem space .global bytes size order relaxed scope gpu atomic proxy async async bulk align 16 what bulk-copy source §9.7.9.25.4.2 L504; aligned to 16 bytes: §9.7.9.25.4.2 L464;
memory read srcMem space .shared::cta bytes size proxy async async bulk align 16 what bulk-copy source §9.7.9.25.4.2 L504; aligned to 16 bytes: §9.7.9.25.4.2 L464;
---
@section 9.7.9.25.4.3
@summary Prefetches size bytes of global memory into L2, asynchronously.
@effects read async
cp.async.bulk.prefetch.L2.global{.level::cache_hint}  [srcMem], size{, cache-policy};
memory read srcMem space .global bytes size align 16 what bulk-copy source §9.7.9.25.4.3 L549: a weak memory operation; srcMem aligned to 16 bytes;
---
@section 9.7.9.27.3
@summary Commits the bulk asynchronous operations started so far into a new bulk async-group.
@effects sync
cp.async.bulk.commit_group;
sync commit bulk source §9.7.9.27.3: the thread's uncommitted bulk operations form a new bulk async-group;
---
@summary Waits until at most N of the most recent bulk async-groups are pending (.read: until their sources have been read).
@effects sync
cp.async.bulk.wait_group{.read}  N;
N : imm eg 0;
sync wait bulk pending N read .read source §9.7.9.27.3: at most N groups pending (.read: their sources read);

// ------------------------------------------------------------------ versions and targets

require cp.async.bulk !.tensor|.prefetch|.commit_group|.wait_group
  ptx 8.0; target sm_90
  ptxas "Feature 'cp.async.bulk'"
  probe "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [sbuf], [gbuf], 16, [sbuf+1024]"
  source §9.7.9.25 L369/L377
require cp.async.bulk.shared::cta
  ptx 8.6; target sm_90
  ptxas "Feature 'cp.async.bulk with destination state space as .shared::cta'" "Feature 'cp.async.bulk'"
  probe "cp.async.bulk.shared::cta.global.mbarrier::complete_tx::bytes [sbuf], [gbuf], 16, [sbuf+1024]"
  source §9.7.9.25 L371
require cp.async.bulk .ignore_oob
  ptx 9.2; target sm_90
  ptxas "Feature '.ignore_oob'" "Feature 'cp.async.bulk'"
  probe "cp.async.bulk.shared::cta.global.mbarrier::complete_tx::bytes.ignore_oob [sbuf], [gbuf], 16, 1, 2, [sbuf+1024]"
  source RN 9.2 (".ignore_oob qualifier on cp.async.bulk"); ptxas 13.5: "Feature '.ignore_oob' requires PTX ISA .version 9.2 or later", "Illegal modifier '.ignore_oob' for instruction 'cp.async.bulk' with '.shared::cluster.global'" (only the .shared::cta.global forms take it)
require cp.async.bulk .multicast::cluster
  ptx 8.0; target sm_90
  ptxas "Feature 'cp.async.bulk'"
  probe "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster [sbuf], [gbuf], 16, [sbuf+1024], %h1"
  source §9.7.9.25 L379
require cp.reduce.async.bulk !.tensor
  ptx 8.0; target sm_90
  ptxas "Feature 'cp.reduce.async.bulk'"
  probe "cp.reduce.async.bulk.global.shared::cta.bulk_group.add.u32 [gbuf], [sbuf], 16"
  source §9.7.9.25 L508/L512
require cp.async.bulk.prefetch !.tensor
  ptx 8.0; target sm_90
  ptxas "Feature 'cp.async.bulk.prefetch'"
  probe "cp.async.bulk.prefetch.L2.global [gbuf], 16"
  source §9.7.9.25 L559/L563
require cp.async.bulk.commit_group
  ptx 8.0; target sm_90
  ptxas "Feature 'cp.async.bulk.commit_group'"
  probe "cp.async.bulk.commit_group"
  source §9.7.9.27 L631/L635
require cp.async.bulk.wait_group
  ptx 8.0; target sm_90
  ptxas "Feature 'cp.async.bulk.wait_group'"
  probe "cp.async.bulk.wait_group.read 0"
  source §9.7.9.27 L679/L683
require cp.async.bulk .cp_mask
  ptx 8.6; target sm_100
  ptxas "Feature '.cp_mask'"
  probe "cp.async.bulk.global.shared::cta.bulk_group.cp_mask [gbuf], [sbuf], 16, %h1"
  source §9.7.9.25 L373/L381
require cp.async.bulk .relaxed
  ptx 9.3
  ptxas "Feature 'cp.async.bulk.relaxed'" ""
  probe "cp.async.bulk.relaxed.gpu.global.shared::cta.bulk_group.b128 [gbuf], [sbuf], 16"
  source Z93 (.sem/.scope on cp.async.bulk in 9.3); ptxas 13.5 ("Feature 'cp.async.bulk.relaxed' requires PTX ISA .version 9.3")
require cp.reduce.async.bulk .relaxed
  ptx 9.3
  ptxas "Feature 'cp.reduce.async.bulk.relaxed'" ""
  probe "cp.reduce.async.bulk.relaxed.gpu.global.shared::cta.bulk_group.add.u32 [gbuf], [sbuf], 16"
  source Z93 (.sem/.scope on cp.reduce.async.bulk in 9.3); ptxas 13.5
require cp.async.bulk .relaxed .shared::cluster .global
  ptx 9.3; target sm_100a, sm_110a, sm_100f, sm_110f
  ptxas "" "Instruction 'cp.async.bulk.relaxed.shared::cluster.global'"
  probe "cp.async.bulk.relaxed.gpu.shared::cluster.global.mbarrier::complete_tx::bytes.b128 [sbuf], [gbuf], 16, [sbuf+1024]"
  source ptxas 13.5 ("Instruction 'cp.async.bulk.relaxed.shared::cluster.global' not supported on .target 'sm_100'"; sm_100a/103a/110a/107a take it, sm_120a not)
require cp.async.bulk !.tensor .multicast::cluster::32b
  ptx 9.4; target sm_107a, sm_107f
  ptxas "Feature 'cp.async.bulk.multicast::cluster::32b'"
  probe "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster::32b [sbuf], [gbuf], 16, [sbuf+1024], %r1"
  source T72 (.multicast::cluster::32b in 9.4 on sm_107f); ptxas 13.5

@ptxas-names cp.async.bulk cp.async.bulk.commit_group cp.async.bulk.prefetch cp.async.bulk.wait_group cp.reduce.async.bulk source spec/ptxas-parser-notes.txt, the instruction table builder's opcode lists
