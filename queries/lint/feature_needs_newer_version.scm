; Every instruction; ptx-isa judges its opcode, modifiers and types.
[(instruction) (call_instruction)] @instruction
; Directives and kernel attributes with a first version or target.
(address_size_directive) @directive
(function_directive_name) @directive
(linkage) @directive
; Special registers (`%clock64`, `%clusterid`).
((identifier) @special
  (#match? @special "^%[a-z]"))
