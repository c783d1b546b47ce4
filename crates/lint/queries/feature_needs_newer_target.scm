; Every instruction; ptxkit-isa judges its opcode, modifiers and types.
[(instruction) (call_instruction)] @instruction
; Directives and kernel attributes with a first version or target.
(address_size_directive) @directive
(function_directive_name) @directive
(linkage) @directive
; Special registers (`%clock64`, `%clusterid`).
((identifier) @special
  (#match? @special "^%[a-z]"))
; Declarations, debugging directives and pragmas with a first version or
; target: opaque types, `.f16x2`/`.b128` variables, `.func` `.param` and
; unsized array parameters, kernel parameter lists, `.loc … inlined_at`,
; labels in `.section`, `used_bytes_mask`.
(pragma_directive) @construct
(loc_directive) @construct
(section_body (label) @construct)
(function_definition) @construct
(parameter_declaration) @construct
(variable_declaration) @construct
