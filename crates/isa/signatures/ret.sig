// ret: return from a function (§9.7.12.6).

@section 9.7.12.6
@summary Returns to the caller (in a kernel, ends the thread).
@effects control

ret{.uni};
control return source §9.7.12.6 L19/L25: returns to the caller; in a kernel, ends the thread;
