; Operand expressions of instructions (not addresses): negations, members, and sums.
(instruction
  operand: [
    (unary_expression)
    (member_operand)
    (binary_expression)
    (vector_operand)
  ] @operand) @instruction
