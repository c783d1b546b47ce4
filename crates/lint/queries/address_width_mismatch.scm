; Memory instructions with a `[...]` address; state space and register width
; are checked in Rust. (tcgen05 and friends address other memories.)
(instruction
  opcode: (opcode) @opcode
  operand: (address_operand) @address
  (#any-of? @opcode "ld" "ldu" "st" "atom" "red" "prefetch" "prefetchu" "mbarrier")) @instruction
