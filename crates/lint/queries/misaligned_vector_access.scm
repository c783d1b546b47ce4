; Memory instructions; the address and its symbol are checked in Rust.
(instruction
  opcode: (opcode) @opcode
  (#any-of? @opcode "ld" "ldu" "st" "atom" "red")) @instruction
