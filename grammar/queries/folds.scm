; Folds for PTX (Neovim's `foldexpr=v:lua.vim.treesitter.foldexpr()`, Zed): function
; bodies and nested blocks, parameter and argument lists, initializer lists and `.section`
; bodies that span lines, and comments.

[
  (block)
  (parameter_list)
  (argument_list)
  (initializer_list)
  (section_body)
  (comment)
] @fold
