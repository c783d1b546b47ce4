; Every instruction; ptxkit-isa judges its opcode, modifiers and types. The
; module-level constructs (directives, attributes, pragmas, declarations,
; special registers) are judged once per file with ptxkit-isa's construct
; table (`ptxkit_isa::constructs`).
[(instruction) (call_instruction)] @instruction
