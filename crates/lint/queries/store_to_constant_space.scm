; A store or atomic whose state-space modifier is `.const`.
(instruction
  opcode: (opcode) @opcode
  modifier: (modifier) @space
  (#any-of? @opcode "st" "atom" "red")
  (#match? @space "^\\.const")) @instruction
