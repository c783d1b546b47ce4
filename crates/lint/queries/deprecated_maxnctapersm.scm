; `.maxnctapersm N` in a function header or body
(function_directive
  name: (function_directive_name) @name
  (#eq? @name ".maxnctapersm"))
