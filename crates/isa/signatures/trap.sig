// trap: abort execution (§9.7.19.4).

@section 9.7.19.4
@summary Aborts execution and raises an interrupt to the host.
@effects control

trap;
sync trap source §9.7.19.4: the kernel aborts;
