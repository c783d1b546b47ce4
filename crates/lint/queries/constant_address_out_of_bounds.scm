; every function definition: the rule follows its control flow
(function_definition) @function
