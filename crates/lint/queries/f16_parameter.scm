; A `.param .f16`/`.f16x2` parameter or return value
(parameter_declaration
  state_space: (state_space) @space
  type: (type) @type
  (#any-of? @type ".f16" ".f16x2"))
