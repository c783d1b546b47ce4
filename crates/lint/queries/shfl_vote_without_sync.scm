; `shfl` and `vote`; whether `.sync` is present is checked in Rust.
(instruction
  opcode: (opcode) @opcode
  (#any-of? @opcode "shfl" "vote")) @instruction
