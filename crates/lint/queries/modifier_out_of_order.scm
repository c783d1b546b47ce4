; Instructions with at least two modifiers: ptxkit-isa says where each must go.
(instruction (modifier) (modifier)) @instruction
