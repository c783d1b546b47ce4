; Text objects for PTX, with both editors' capture names, one pattern per name:
; nvim-treesitter-textobjects (@x.outer / @x.inner) and Helix (@x.around / @x.inside).
; Functions (kernels and `.func`), blocks, statements, parameters and call arguments, and
; comments.

; Neovim
(function_definition) @function.outer
(function_definition body: (block) @function.inner)
(block) @block.outer
(instruction) @statement.outer
(call_instruction) @statement.outer
(variable_declaration) @statement.outer
(parameter_declaration) @parameter.outer
(parameter_declaration declarator: (declarator) @parameter.inner)
(argument_list (_) @parameter.outer)
(argument_list (_) @parameter.inner)
(comment) @comment.outer

; Helix
(function_definition) @function.around
(function_definition body: (block) @function.inside)
(parameter_declaration) @parameter.around
(parameter_declaration declarator: (declarator) @parameter.inside)
(argument_list (_) @parameter.around)
(argument_list (_) @parameter.inside)
(comment) @comment.around
(comment) @comment.inside
