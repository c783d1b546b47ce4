; Every instruction; ptxkit-isa judges its opcode, modifiers and types.
[(instruction) (call_instruction)] @instruction
