// clusterlaunchcontrol: cancel the launch of a cluster and decode the response (§9.7.13.17,
// §9.7.13.18).

@section 9.7.13.17
@summary Requests, asynchronously, the cancellation of a cluster not yet running; the 16-byte response goes to addr, completion to the mbarrier mbar.
@effects write async

addr, mbar : addr;

clusterlaunchcontrol.try_cancel.async{.space}.completion_mechanism{.multicast::cluster::all}.b128  [addr], [mbar];
.completion_mechanism = { .mbarrier::complete_tx::bytes };
.space = { .shared::cta };

---
@section 9.7.13.18
@summary Decodes a try_cancel response: whether the cluster was cancelled.
@effects none
clusterlaunchcontrol.query_cancel.is_canceled.pred.b128  pred, try_cancel_response;
pred : out pred;
try_cancel_response : reg|imm .b128;     // ptxas takes a constant too
---
@section 9.7.13.18
@summary Decodes a try_cancel response: the x, y, z of the first CTA of the cancelled cluster (one of them with ::dimension).
@effects none
clusterlaunchcontrol.query_cancel.get_first_ctaid.v4.b32.b128  {xdim, ydim, zdim, w},  try_cancel_response;
clusterlaunchcontrol.query_cancel.get_first_ctaid::dimension.b32.b128  reg, try_cancel_response;
.get_first_ctaid::dimension = { .get_first_ctaid::x, .get_first_ctaid::y, .get_first_ctaid::z };
xdim, ydim, zdim, reg : out reg .b32;
w : out reg|sink .b32;
try_cancel_response : reg|imm .b128;     // ptxas takes a constant too

// ------------------------------------------------------------------ versions and targets

require clusterlaunchcontrol.try_cancel
  ptx 8.6; target sm_100
  ptxas "Feature 'clusterlaunchcontrol.try_cancel.async'"
  probe "clusterlaunchcontrol.try_cancel.async.shared::cta.mbarrier::complete_tx::bytes.b128 [sbuf], [sbuf+1024]"
  source §9.7.13.17 L47/L51
require clusterlaunchcontrol.query_cancel
  ptx 8.6; target sm_100
  ptxas "Feature 'clusterlaunchcontrol.query_cancel'"
  probe "clusterlaunchcontrol.query_cancel.is_canceled.pred.b128 %p1, %q1"
  source §9.7.13.18 L38/L42
require clusterlaunchcontrol.try_cancel .multicast::cluster::all
  ptx 8.6; target sm_100a, sm_101a, sm_120a@8.7, sm_100f@8.8, sm_101f@8.8, sm_120f@8.8
  ptxas "" "Feature '.multicast::cluster::all'"
  probe "clusterlaunchcontrol.try_cancel.async.shared::cta.mbarrier::complete_tx::bytes.multicast::cluster::all.b128 [sbuf], [sbuf+1024]"
  source §9.7.13.17 L53-69

@ptxas-names clusterlaunchcontrol.query_cancel clusterlaunchcontrol.try_cancel.async source spec/ptxas-parser-notes.txt, the instruction table builder's opcode lists
