//! Tree-sitter grammar for NVIDIA PTX, ISA 1.0 to 9.5.
//!
//! ```
//! let code = ".version 8.0\n.target sm_90\n.address_size 64\n";
//! let mut parser = tree_sitter::Parser::new();
//! parser.set_language(&tree_sitter_ptx::LANGUAGE.into()).expect("PTX grammar loads");
//! let tree = parser.parse(code, None).unwrap();
//! assert!(!tree.root_node().has_error());
//! ```

use tree_sitter_language::LanguageFn;

#[allow(unsafe_code)]
unsafe extern "C" {
    fn tree_sitter_ptx() -> *const ();
}

/// The tree-sitter [`LanguageFn`] for PTX.
#[allow(unsafe_code)]
pub const LANGUAGE: LanguageFn = unsafe { LanguageFn::from_raw(tree_sitter_ptx) };

#[allow(unsafe_code)]
unsafe extern "C" {
    fn tree_sitter_ptx_reference() -> *const ();
}

/// [`LANGUAGE`] built from `src/parser.c` exactly as `tree-sitter generate` wrote it;
/// [`LANGUAGE`]'s lexer is rewritten to run faster (see `bindings/rust/build.rs`). For
/// the tests and fuzz targets that check both give the same trees.
#[doc(hidden)]
#[allow(unsafe_code)]
pub const REFERENCE_LANGUAGE: LanguageFn = unsafe { LanguageFn::from_raw(tree_sitter_ptx_reference) };

/// The content of the [`node-types.json`] file for this grammar.
///
/// [`node-types.json`]: https://tree-sitter.github.io/tree-sitter/using-parsers/6-static-node-types
pub const NODE_TYPES: &str = include_str!("../../src/node-types.json");

/// The syntax highlighting query for PTX, for editors.
pub const HIGHLIGHTS_QUERY: &str = include_str!("../../queries/highlights.scm");

/// The folding query (`@fold`), for editors.
pub const FOLDS_QUERY: &str = include_str!("../../queries/folds.scm");

/// The scopes, definitions and references query (`@local.*`), for editors.
pub const LOCALS_QUERY: &str = include_str!("../../queries/locals.scm");

/// The indentation query (Neovim's `@indent.*` and Helix's `@indent`/`@outdent`).
pub const INDENTS_QUERY: &str = include_str!("../../queries/indents.scm");

/// The text objects query (Neovim's `@x.outer`/`@x.inner` and Helix's
/// `@x.around`/`@x.inside`).
pub const TEXTOBJECTS_QUERY: &str = include_str!("../../queries/textobjects.scm");

/// The injection query for C, C++ and CUDA (a query of the C++ grammar, not of this one): the
/// template strings of `asm` statements are PTX (`@injection.content`, combined).
pub const CPP_INJECTIONS_QUERY: &str = include_str!("../../queries/cpp/injections.scm");

#[cfg(test)]
mod tests {
    /// Every (text, capture) pair the query captures in `code`.
    fn captures(query: &str, code: &str) -> std::collections::HashSet<(String, String)> {
        use tree_sitter::StreamingIterator as _;
        let language = super::LANGUAGE.into();
        let query = tree_sitter::Query::new(&language, query).expect("the query compiles against the grammar");
        let mut parser = tree_sitter::Parser::new();
        parser.set_language(&language).unwrap();
        let tree = parser.parse(code, None).unwrap();
        let mut cursor = tree_sitter::QueryCursor::new();
        let mut captured = std::collections::HashSet::new();
        let mut matches = cursor.captures(&query, tree.root_node(), code.as_bytes());
        while let Some((m, index)) = matches.next() {
            let capture = m.captures()[*index];
            captured.insert((
                code[capture.node.byte_range()].to_string(),
                query.capture_names()[capture.index as usize].to_string(),
            ));
        }
        captured
    }

    const EDITOR_SAMPLE: &str = ".version 8.0\n.target sm_90\n.global .u32 g[2] = {\n  1,\n  2\n};\n/* two\nlines */\n.visible .entry k(\n  .param .u64 p,\n  .param .u32 n\n)\n{\n  .reg .b32 %r<4>;\nL1:\n  ld.param.u32 %r1, [n];\n  {\n    call.uni f, (%r1);\n  }\n  bra L1;\n}\n";

    /// Each editor query compiles and captures what editors look for.
    #[test]
    fn editor_queries_capture_what_editors_need() {
        let body =
            "{\n  .reg .b32 %r<4>;\nL1:\n  ld.param.u32 %r1, [n];\n  {\n    call.uni f, (%r1);\n  }\n  bra L1;\n}";
        let expected: &[(&str, &[(&str, &str)])] = &[
            (
                super::FOLDS_QUERY,
                &[
                    (body, "fold"),
                    ("/* two\nlines */", "fold"),
                    ("{\n  1,\n  2\n}", "fold"),
                ],
            ),
            (
                super::LOCALS_QUERY,
                &[
                    (body, "local.scope"),
                    ("k", "local.definition.function"),
                    ("p", "local.definition.parameter"),
                    ("%r", "local.definition.var"),
                    ("g", "local.definition.var"),
                    ("L1", "local.definition.label"),
                    ("%r1", "local.reference"),
                ],
            ),
            (
                super::INDENTS_QUERY,
                &[
                    (body, "indent.begin"),
                    (body, "indent"),
                    ("}", "outdent"),
                    ("}", "indent.end"),
                    ("L1:", "indent.zero"),
                ],
            ),
            (
                super::TEXTOBJECTS_QUERY,
                &[
                    (body, "function.inner"),
                    (body, "function.inside"),
                    ("{\n    call.uni f, (%r1);\n  }", "block.outer"),
                    ("ld.param.u32 %r1, [n];", "statement.outer"),
                    (".param .u64 p", "parameter.outer"),
                    ("p", "parameter.inner"),
                    ("%r1", "parameter.inside"),
                    ("/* two\nlines */", "comment.around"),
                ],
            ),
        ];
        for (query, pairs) in expected {
            let captured = captures(query, EDITOR_SAMPLE);
            for (text, capture) in pairs.iter() {
                assert!(
                    captured.contains(&(text.to_string(), capture.to_string())),
                    "`{text}` is not captured as @{capture}: {captured:?}"
                );
            }
        }
        // The whole function is a text object too.
        let function = &EDITOR_SAMPLE[EDITOR_SAMPLE.find(".visible").unwrap()..EDITOR_SAMPLE.len() - 1];
        assert!(
            captures(super::TEXTOBJECTS_QUERY, EDITOR_SAMPLE)
                .contains(&(function.to_string(), "function.outer".to_string()))
        );
    }

    /// The C++ injection query compiles against tree-sitter-cpp, captures exactly the template
    /// text of every `asm` form (one string, pieces, raw strings; `asm`, `__asm__`, `volatile`,
    /// operands and clobbers), and that text, combined as an editor combines it, parses as PTX
    /// with no error.
    #[test]
    fn cpp_injections_make_asm_templates_ptx() {
        use tree_sitter::StreamingIterator as _;
        let cpp: tree_sitter::Language = tree_sitter_cpp::LANGUAGE.into();
        let query =
            tree_sitter::Query::new(&cpp, super::CPP_INJECTIONS_QUERY).expect("injections.scm compiles for C++");
        let code = r#"
__device__ unsigned lane() {
  unsigned r;
  asm volatile("mov.u32 %0, %laneid;" : "=r"(r));
  return r;
}
__device__ void store(unsigned *p, unsigned v, int c) {
  asm volatile("{\n\t"
               ".reg .pred q;\n\t"
               "setp.ne.b32 q, %2, 0;\n\t"
               "@q st.global.u32 [%0], %1;\n\t"
               "}" :: "l"(p), "r"(v), "r"(c) : "memory");
  __asm__("bar.sync 0;");
  asm(R"(membar.gl;)");
}
"#;
        let mut parser = tree_sitter::Parser::new();
        parser.set_language(&cpp).unwrap();
        let tree = parser.parse(code, None).unwrap();
        let content = query.capture_index_for_name("injection.content").unwrap();
        let mut cursor = tree_sitter::QueryCursor::new();
        let mut ranges = Vec::new();
        let mut matches = cursor.matches(&query, tree.root_node(), code.as_bytes());
        while let Some(m) = matches.next() {
            for c in m.captures().iter().filter(|c| c.index == content) {
                assert!(
                    query
                        .property_settings(m.pattern_index)
                        .iter()
                        .any(|p| &*p.key == "injection.language" && p.value.as_deref() == Some("ptx")),
                    "every pattern sets the language"
                );
                ranges.push(c.node.range());
            }
        }
        ranges.sort_by_key(|r| r.start_byte);
        let pieces: Vec<&str> = ranges.iter().map(|r| &code[r.start_byte..r.end_byte]).collect();
        assert_eq!(
            pieces,
            [
                "mov.u32 %0, %laneid;",
                "{",
                ".reg .pred q;",
                "setp.ne.b32 q, %2, 0;",
                "@q st.global.u32 [%0], %1;",
                "}",
                "bar.sync 0;",
                "membar.gl;"
            ]
        );
        // What an editor parses: the original text restricted to the captured ranges.
        let ptx: tree_sitter::Language = super::LANGUAGE.into();
        let mut parser = tree_sitter::Parser::new();
        parser.set_language(&ptx).unwrap();
        parser.set_included_ranges(&ranges).unwrap();
        let injected = parser.parse(code, None).unwrap();
        assert!(!injected.root_node().has_error(), "{}", injected.root_node().to_sexp());
        let kinds: Vec<&str> = {
            let root = injected.root_node();
            let mut walk = root.walk();
            root.named_children(&mut walk).map(|n| n.kind()).collect()
        };
        assert_eq!(kinds, ["instruction", "block", "instruction", "instruction"]);
    }

    #[test]
    fn can_load_grammar() {
        let mut parser = tree_sitter::Parser::new();
        parser
            .set_language(&super::LANGUAGE.into())
            .expect("Error loading PTX parser");
    }

    /// Highlight assertions: each (text, capture) pair must be captured.
    #[test]
    fn highlights_capture_what_editors_need() {
        use tree_sitter::StreamingIterator as _;
        let language = super::LANGUAGE.into();
        let query = tree_sitter::Query::new(&language, super::HIGHLIGHTS_QUERY).expect("highlights.scm compiles");
        let code = ".version 8.0\n.target sm_90a\n.visible .entry k(.param .u64 p) // kernel\n{\n  .reg .b32 %r<4>;\nL1:\n  @!%p1 ld.global.v4.u32 {%r1, %r2, %r3, _}, [p+16];\n  mov.u32 %r1, %tid.x;\n  call.uni f, (0x10);\n}\n";
        let mut parser = tree_sitter::Parser::new();
        parser.set_language(&language).unwrap();
        let tree = parser.parse(code, None).unwrap();
        let mut cursor = tree_sitter::QueryCursor::new();
        let mut captured = std::collections::HashSet::new();
        let mut matches = cursor.captures(&query, tree.root_node(), code.as_bytes());
        while let Some((m, index)) = matches.next() {
            let capture = m.captures()[*index];
            let text = &code[capture.node.byte_range()];
            captured.insert((
                text.to_string(),
                query.capture_names()[capture.index as usize].to_string(),
            ));
        }
        for (text, capture) in [
            (".version", "keyword.directive"),
            ("8.0", "number.float"),
            ("sm_90a", "constant"),
            (".visible", "keyword.modifier"),
            (".entry", "keyword.function"),
            ("k", "function"),
            (".param", "keyword.storage"),
            (".u64", "type.builtin"),
            ("// kernel", "comment"),
            ("L1", "label"),
            ("ld", "function.builtin"),
            (".v4", "function.builtin"),
            ("%tid", "variable.builtin"),
            ("_", "variable.builtin"),
            ("16", "number"),
            ("f", "function.call"),
            ("0x10", "number"),
        ] {
            assert!(
                captured.contains(&(text.to_string(), capture.to_string())),
                "`{text}` is not captured as @{capture}"
            );
        }
    }
}
