; `ld...nc...`: the state space is checked in Rust.
(instruction
  opcode: (opcode) @opcode
  modifier: (modifier) @nc
  (#eq? @opcode "ld")
  (#eq? @nc ".nc")) @instruction
