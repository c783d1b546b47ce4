; The type of every variable, register and parameter declaration.
[
  (variable_declaration type: (type) @type)
  (parameter_declaration type: (type) @type)
]
