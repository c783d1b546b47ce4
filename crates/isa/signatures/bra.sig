// bra: branch to a label (§9.7.12.3).

@section 9.7.12.3
@summary Continues execution at a label; with a guard predicate, only where it holds.
@effects control

tgt : label;

bra{.uni}  tgt;    // indirect bra (PTX 2.1) was never implemented and left the manual in 6.0
control branch target tgt source §9.7.12.3 L21: continues at tgt (where the guard holds);
