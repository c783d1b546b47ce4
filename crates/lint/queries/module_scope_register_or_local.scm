; `.reg` or `.local` declared outside every function
(source_file
  (variable_declaration
    state_space: (state_space) @space
    (#any-of? @space ".reg" ".local")) @declaration)
