; Syntax highlighting for PTX (tree-sitter captures as used by Helix, Neovim and Zed).

(comment) @comment
(unterminated_comment) @comment
(preprocessor) @keyword.directive
(dwarf_directive) @keyword.directive

; Module and function directives
[
  ".version"
  ".target"
  ".address_size"
  ".file"
  ".loc"
  ".section"
  ".pragma"
  ".alias"
  ".callprototype"
  ".branchtargets"
  ".calltargets"
  ".attribute"
  ".align"
  ".ptr"
] @keyword.directive
(function_kind) @keyword.function
(function_directive_name) @keyword.directive
(linkage) @keyword.modifier
(state_space) @keyword.storage
(type) @type.builtin
(vector_type) @type.builtin
(attribute_name) @attribute
(section_name) @label
["function_name" "inlined_at" "generic"] @keyword

; Names
(function_definition name: (identifier) @function)
(function_declaration name: (identifier) @function)
(call_instruction callee: (identifier) @function.call)
(label name: (identifier) @label)
(declarator name: (identifier) @variable)
(target_directive target: (identifier) @constant)
(field_initializer field: (identifier) @property)
(member_operand member: (member) @property)
((identifier) @variable.builtin
  (#match? @variable.builtin "^%(tid|ntid|ctaid|nctaid|laneid|warpid|nwarpid|smid|nsmid|gridid|clock|clock64|clock_hi|lanemask_(eq|le|lt|ge|gt)|pm[0-7]|pm[0-7]_64|envreg[0-9]+|globaltimer|globaltimer_lo|globaltimer_hi|total_smem_size|dynamic_smem_size|aggr_smem_size|reserved_smem_offset_.*|cluster_.*|clusterid|nclusterid|is_explicit_cluster|current_graph_exec)$"))
((identifier) @constant.builtin
  (#eq? @constant.builtin "WARP_SZ"))

; Instructions
(opcode) @function.builtin
(modifier) @function.builtin
(guard "@" @operator)
(guard negated: "!" @operator)

; Literals
(integer) @number
(float) @number.float
(version_number) @number.float
(string) @string
(sink) @variable.builtin

; Punctuation and operators
["," ";" ":"] @punctuation.delimiter
["(" ")" "[" "]" "{" "}"] @punctuation.bracket
(binary_expression operator: _ @operator)
(unary_expression operator: _ @operator)
(predicate_pair "|" @operator)
