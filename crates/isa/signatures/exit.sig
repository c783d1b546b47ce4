// exit: end the thread (§9.7.12.7).

@section 9.7.12.7
@summary Ends execution of the thread.
@effects control

exit;    // ptxas: "Illegal modifier '.uni' for instruction 'exit'"
sync exit source §9.7.12.7: the thread ends; barriers no longer wait for it (§9.7.13.1);
