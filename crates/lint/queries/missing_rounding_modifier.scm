; Every instruction and call; the rule's Rust code picks the ones it looks at. Every
; per-instruction rule has this same pattern (comments aside), so the combined query matches
; each instruction once.
[(instruction) (call_instruction)] @instruction
