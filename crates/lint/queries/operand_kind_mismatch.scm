; Every instruction; its signature judges it.
[(instruction) (call_instruction)] @instruction
