; A variable declared in the `.tex` state space: `.tex .u32 t;`
(variable_declaration
  state_space: (state_space) @space
  (#eq? @space ".tex")) @declaration
