// exit: end the thread (§9.7.12.7).

@section 9.7.12.7
@summary Ends execution of the thread.
@effects control

exit;    // ptxas: "Illegal modifier '.uni' for instruction 'exit'"
