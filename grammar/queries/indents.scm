; Indentation for PTX, with both editors' capture names: Neovim (nvim-treesitter:
; @indent.begin / @indent.end / @indent.branch / @indent.zero) and Helix (@indent /
; @outdent), one pattern per name. Statements in a block are indented one level; the
; closing brace and labels (as ptxfmt writes them) are not.

; Neovim
(block) @indent.begin
(block "}" @indent.end)
"}" @indent.branch
(parameter_list) @indent.begin
")" @indent.branch
(initializer_list) @indent.begin
(label) @indent.zero
(comment) @indent.auto

; Helix
(block) @indent
(parameter_list) @indent
(initializer_list) @indent
"}" @outdent
")" @outdent
