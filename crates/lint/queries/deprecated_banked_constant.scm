;; `.const[N]` in a declaration, or in an instruction (`ld.const[2].f32`: the rule looks
;; at the modifiers of each instruction)
(variable_declaration
  state_space: (state_space) @space
  (#match? @space "^\\.const\\["))
[(instruction) (call_instruction)] @instruction
