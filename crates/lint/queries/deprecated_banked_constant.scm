;; `.const[N]` in a declaration (an instruction's `.const[N]` modifiers the rule reads from
;; each instruction)
(variable_declaration
  state_space: (state_space) @space
  (#match? @space "^\\.const\\["))
