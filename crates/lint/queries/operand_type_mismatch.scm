; Every instruction: its signature judges the operand types; opcodes without one fall back
; to the Table 23-25 rules of the rule's own table.
[(instruction) (call_instruction)] @instruction
