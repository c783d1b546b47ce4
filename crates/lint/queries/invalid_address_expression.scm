; Every address operand of an instruction; its expression is checked in Rust.
(instruction
  operand: (address_operand) @address) @instruction
