;; `.const[N]` in a declaration, or in an instruction (`ld.const[2].f32`)
(variable_declaration
  state_space: (state_space) @space
  (#match? @space "^\\.const\\["))
(instruction
  modifier: (modifier) @space
  (#match? @space "^\\.const\\["))
