; Inline PTX in C, C++ and CUDA: the template of an `asm` statement is PTX.
;   asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
;   asm("{\n\t.reg .pred p;\n\t" "setp.ne.b32 p, %1, 0;\n\t" "}" : ...);
; Each string piece's content (escapes such as \n and \t left out) is injected, combined
; into one PTX document, so a statement may span pieces. The PTX grammar parses statements
; outside functions for this (ptxlint still reports them in .ptx files).
; Neovim: copy to queries/cpp/injections.scm and queries/cuda/injections.scm (keep the
; `extends` line below); Helix: append to runtime/queries/cpp/injections.scm.
; extends

(gnu_asm_expression
  assembly_code: (string_literal
    (string_content) @injection.content)
  (#set! injection.language "ptx")
  (#set! injection.combined))

(gnu_asm_expression
  assembly_code: (concatenated_string
    (string_literal
      (string_content) @injection.content))
  (#set! injection.language "ptx")
  (#set! injection.combined))

(gnu_asm_expression
  assembly_code: (raw_string_literal
    (raw_string_content) @injection.content)
  (#set! injection.language "ptx")
  (#set! injection.combined))
