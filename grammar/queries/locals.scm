; Scopes, definitions and references for PTX (Neovim's and Helix's locals): a function
; (its parameters) and each `{ }` block are scopes; registers, variables, parameters,
; labels and functions are definitions; every other identifier is a reference.

(function_definition) @local.scope
(block) @local.scope

(function_definition name: (identifier) @local.definition.function)
(function_declaration name: (identifier) @local.definition.function)
(parameter_declaration
  declarator: (declarator name: (identifier) @local.definition.parameter))
(variable_declaration
  declarator: (declarator name: (identifier) @local.definition.var))
(label name: (identifier) @local.definition.label)

(identifier) @local.reference
