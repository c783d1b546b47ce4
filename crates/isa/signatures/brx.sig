// brx.idx: branch to the label at an index of a .branchtargets list (§9.7.12.4).

@section 9.7.12.4
@summary Continues execution at entry `index` of the .branchtargets list `tlist`.
@effects control

index : reg|imm .u32;
tlist : label eg $Lbranch;     // a .branchtargets label (ptxas: a plain label is "Arguments mismatch")

brx.idx{.uni}  index, tlist;
control branch table tlist source §9.7.12.4 L21: continues at the entry index of the .branchtargets list tlist;

// ------------------------------------------------------------------ versions and targets

require brx.idx
  ptx 6.0; target sm_30
  ptxas "Feature '.branchtargets directive'"
  probe "tbl: .branchtargets L0; brx.idx %r1, tbl; L0: add.s32 %r1, %r1, 1"
  source §9.7.12.4 L41/L45

@ptxas-names brx.idx source spec/ptxas-parser-notes.txt, the instruction table builder's opcode lists
