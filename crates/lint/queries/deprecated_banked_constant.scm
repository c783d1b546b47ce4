; `.const[N]` in a declaration
(variable_declaration
  state_space: (state_space) @space
  (#match? @space "^\\.const\\["))
