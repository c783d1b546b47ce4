; `.reg` or `.local` declared outside every function (the rule keeps the declarations whose
; parent is the file: a pattern rooted at `source_file` would make the engine run the query
; cursor over the whole tree, see `dispatch`)
(variable_declaration
  state_space: (state_space) @space
  (#any-of? @space ".reg" ".local")) @declaration
