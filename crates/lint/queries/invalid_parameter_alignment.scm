; `.align N` on a declaration, a parameter or a `.ptr` qualifier
(alignment value: (_) @value) @alignment
