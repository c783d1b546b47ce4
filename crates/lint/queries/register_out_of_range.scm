; Every instruction; the names in its guard and operands are resolved in Rust.
[(instruction) (call_instruction)] @instruction
