; Typed instructions whose operand types the ISA's Table 23-25 rules govern.
(instruction
  opcode: (opcode) @opcode
  (#any-of? @opcode
    "add" "sub" "mul" "mad" "min" "max" "and" "or" "xor" "not" "cnot" "neg" "abs"
    "rem" "div" "mul24" "mad24" "sad" "addc" "subc" "madc" "copysign" "fma" "rcp"
    "sqrt" "rsqrt" "sin" "cos" "lg2" "ex2" "tanh" "shl" "shr" "mov" "setp" "selp"
    "set" "slct" "cvt" "ld" "ldu" "st" "bfe" "bfi" "popc" "clz" "brev" "bfind"
    "prmt" "testp")) @instruction
