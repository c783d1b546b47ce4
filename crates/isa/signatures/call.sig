// call: call a function directly, or through a pointer with a list of targets or a prototype
// (§9.7.12.5). The matcher sees a call's operands as: the return list, the callee, the argument
// list and the target list, each one operand. ptxas takes registers, constants and .param
// variables as arguments and checks their number against the callee ("Call has wrong number of
// parameters"): not a signature matter.

@section 9.7.12.5
@summary Calls a function by name, passing arguments and receiving return values by value.
@effects control

ret    : out params;
args   : params;
func   : func;
fptr   : reg;                     // ptxas takes a 32-bit register too, in 64-bit code
flist  : label|sym eg $Ltargets;  // a .calltargets label or a call table (an array of functions)
fproto : label eg $Lproto;        // a .callprototype label

// ptxas also takes `call (ret), func;` without an argument list
call{.uni}  func{, (args)};
call{.uni}  (ret), func{, (args)};

---
@summary Calls a function through a pointer, with the complete list of possible targets.
call{.uni}  fptr, flist;
call{.uni}  fptr, (args), flist;
call{.uni}  (ret), fptr, (args), flist;

require call
  ptx 2.1; target sm_20; block
  ptxas "Feature 'indirect call'" "Instruction 'indirect call'"
  probe "$Lt: .calltargets pfunc; call %rd1, $Lt"; setup ".extern .func pfunc;"
  source §9.7.12.5 L47/L51; ptxas: "Feature 'indirect call' requires PTX ISA .version 2.1 or later"

---
@summary Calls a function through a pointer whose targets share the prototype fproto.
call{.uni}  fptr, fproto;
call{.uni}  fptr, (args), fproto;
call{.uni}  (ret), fptr, (args), fproto;

require call
  ptx 2.1; target sm_20; block
  ptxas "Feature 'indirect call'" "Instruction 'indirect call'"
  probe "$Lp: .callprototype _ (); call %rd1, (), $Lp"
  source §9.7.12.5 L47/L51; ptxas: "Feature 'indirect call' requires PTX ISA .version 2.1 or later"
