// membar, fence: memory barriers and fences (§9.7.13.4).

@section 9.7.13.4
@effects sync

// The .op_restrict form comes first: `fence.mbarrier_init.cluster` is then diagnosed as missing
// its .release ("Modifier '.mbarrier_init' requires modifier 'order'"), as ptxas does.
@summary Orders the prior mbarrier.init operations (release) at cluster scope.
fence.op_restrict.release.cluster;   // ptxas: "Modifier '.mbarrier_init' cannot be combined with modifier '.acquire'"
.op_restrict = { .mbarrier_init };
sync fence order release scope cluster source §9.7.13.4: orders the thread's prior mbarrier.init operations only;
---
@summary Orders this thread's memory accesses as seen by the threads of the given scope.
fence{.sem}.scope;
.sem   = { .sc, .acq_rel, .acquire, .release };
.scope = { .cta, .cluster, .gpu, .sys };
sync fence order acq_rel source §9.7.13.4 L54: .acq_rel when .sem is absent;
---
@summary A fence restricted to the synchronisation of shared memory of the cluster (acquire) or CTA (release).
fence.acquire.sync_restrict::shared::cluster.cluster;
fence.release.sync_restrict::shared::cta.cluster;  // ptxas: other semantics "Modifier '.sync_restrict::shared::cta' cannot be combined with modifier '.acq_rel'"
sync fence source §9.7.13.4: a fence restricted to shared memory;
---
@summary Orders this thread's prior generic-proxy writes against later reads through the alias proxy, at system scope (PTX 9.5).
fence.release.sync_restrict::read.alias.sys;   // ptxas 13.5: with another scope "Modifier '.sync_restrict::read' cannot be combined with modifier '.gpu'"
sync fence proxy alias source §9.7.13.4;
---
@summary Orders memory accesses between the generic proxy and another proxy (bi-directional).
fence.proxy.alias;
sync fence proxy alias source §9.7.13.4: a bi-directional proxy fence;
---
@summary Orders memory accesses between the generic proxy and the async proxy (bi-directional), in one state space or all.
fence.proxy.async{.space};
.space = { .global, .shared::cta, .shared::cluster };
sync fence proxy async space .space source §9.7.13.4: between the generic and the async proxy (§9.7.9.25.2 L71);
---
@summary Orders memory accesses between the generic and the alias proxy, acquire or release at system scope (PTX 9.4).
fence.proxy.alias.sem.sys;     // ptxas 13.5: another scope is "Illegal modifier '.gpu' for instruction 'fence.proxy'"
.sem = { .acquire, .release };
sync fence proxy alias source §9.7.13.4;
---
@summary Orders memory accesses from the generic proxy to the tensormap proxy (release) at the scope.
fence.proxy.to_proxykind::from_proxykind.release.scope;
.to_proxykind::from_proxykind = { .tensormap::generic };
.scope = { .cta, .cluster, .gpu, .sys };
sync fence proxy tensormap source §9.7.13.4: generic-proxy writes before later tensormap-proxy reads;
---
@summary Orders memory accesses to the tensormap proxy at addr (acquire) at the scope.
fence.proxy.to_proxykind::from_proxykind.acquire.scope  [a], size;
.to_proxykind::from_proxykind = { .tensormap::generic };
.scope = { .cta, .cluster, .gpu, .sys };
a    : addr;
size : imm range 128..128;      // the size of a tensor map
sync fence proxy tensormap source §9.7.13.4: orders tensormap-proxy reads of the tensor map at a;
---
@summary Orders async-proxy accesses to shared memory against the generic proxy, at cluster scope.
fence.proxy.async::generic.acquire.sync_restrict::shared::cluster.cluster;
fence.proxy.async::generic.release.sync_restrict::shared::cta.cluster;  // ptxas 13.5 also takes .acq_rel; 12.9 does not
sync fence proxy async source §9.7.13.4: async-proxy accesses to shared memory against the generic proxy;

---
@summary Orders this thread's memory accesses as seen at the level: the CTA, the GPU (.gl) or the system.
membar.level;
.level = { .cta, .gl, .sys };
sync fence order sc source §9.7.13.4: membar.level is fence.sc at the level's scope (.gl: .gpu);
---
@summary Orders memory accesses between the generic proxy and another proxy (bi-directional).
membar.proxy.alias;
sync fence proxy alias source §9.7.13.4;
---
@summary Orders memory accesses between the generic proxy and the async proxy (bi-directional).
membar.proxy.async;
sync fence proxy async source §9.7.13.4;     // ptxas 13.5: with a space, "No state space qualifier expected for instruction 'membar.proxy'"

// ------------------------------------------------------------------ versions and targets

require membar .cta|.gl
  ptx 1.4
  ptxas "Feature 'membar'" ""
  probe "membar.gl"
  source §9.7.13.4 L82/L104
require membar .sys
  ptx 2.0; target sm_20
  ptxas "Feature 'membar.sys'" "Instruction 'membar.sys'"
  probe "membar.sys"
  source §9.7.13.4 L84/L106
require membar.proxy
  ptx 7.5; target sm_60
  ptxas "Feature 'membar.proxy'"
  probe "membar.proxy.alias"
  source §9.7.13.4 L88/L110
require fence !.proxy|.mbarrier_init
  ptx 6.0; target sm_70
  ptxas "Feature 'fence instruction'"
  probe "fence.sc.gpu"
  source §9.7.13.4 L86/L108
require fence.proxy.alias
  ptx 7.5; target sm_70
  ptxas "Modifier '.alias'" "Feature 'fence.proxy'"
  probe "fence.proxy.alias"
  source §9.7.13.4 L88/L112
require fence .cluster
  ptx 7.8; target sm_90
  ptxas "Feature '.cluster scope'"
  probe "fence.acq_rel.cluster"
  source §9.7.13.4 L90/L114
require fence.mbarrier_init
  ptx 8.0; target sm_90
  ptxas "Feature '.op_restrict'"
  probe "fence.mbarrier_init.release.cluster"
  source §9.7.13.4 L92/L116
require fence.proxy.async
  ptx 8.0; target sm_90
  ptxas "Modifier '.async'"
  probe "fence.proxy.async.shared::cta"
  source §9.7.13.4 L94/L118
require fence.proxy.tensormap::generic
  ptx 8.3; target sm_90
  ptxas "Feature 'fence.proxy with unidirection proxy fence'" "Instruction 'fence.proxy with unidirection proxy fence'"
  not-supported
  probe "fence.proxy.tensormap::generic.release.gpu"
  source §9.7.13.4 L96/L120
require fence .acquire|.release !.mbarrier_init|.proxy
  ptx 8.6; target sm_90
  ptxas "Feature '.sync_restrict'"
  probe "fence.acquire.sync_restrict::shared::cluster.cluster"
  source §9.7.13.4 L98-100/L122-124
require membar.proxy.async
  ptx 8.0; target sm_90
  ptxas "Modifier '.async'"
  probe "membar.proxy.async"
  source ptxas ("Modifier '.async' requires PTX ISA .version 8.0 or later", "… requires .target sm_90 or higher"); §9.7.13.4 L94/L118 (fence.proxy.async)
require fence.proxy.async::generic
  ptx 8.6; target sm_90
  ptxas "Feature '.sync_restrict'"
  probe "fence.proxy.async::generic.release.sync_restrict::shared::cta.cluster"
  source §9.7.13.4 L98-100/L122-124
require fence .sync_restrict::read
  ptx 9.5; target sm_90
  ptxas "Feature '.sync_restrict::read'" "Feature '.sync_restrict'"
  probe "fence.release.sync_restrict::read.alias.sys"
  source ptxas 13.5 ("Feature '.sync_restrict::read' requires PTX ISA .version 9.5 or later"; sm_89: "Feature '.sync_restrict' requires .target sm_90 or higher")
require fence.proxy.alias .acquire|.release
  ptx 9.4; target sm_90
  ptxas "Feature 'order and scope with fence.proxy.alias'"
  probe "fence.proxy.alias.release.sys"
  source ptxas 13.5 ("Feature 'order and scope with fence.proxy.alias' requires PTX ISA .version 9.4 or later", "… requires .target sm_90 or higher")

@ptxas-names fence.proxy membar.proxy source spec/ptxas-parser-notes.txt, the instruction table builder's opcode lists
