use std::collections::BTreeSet;

use super::*;
use crate::probe::kernel;

/// Every named node kind (supertypes aside) and every keyword token of the grammar, from the
/// grammar's own `node-types.json`.
fn grammar_spellings() -> BTreeSet<String> {
    let types: serde_json::Value = serde_json::from_str(tree_sitter_ptx::NODE_TYPES).expect("node-types.json parses");
    let mut spellings = BTreeSet::new();
    for node in types.as_array().expect("an array of node types") {
        let kind = node["type"].as_str().expect("a type name");
        let named = node["named"].as_bool().unwrap_or(false);
        let keyword = kind.starts_with('.') || kind.chars().next().is_some_and(|c| c.is_ascii_alphabetic());
        if (named && !kind.starts_with('_')) || (!named && keyword) {
            spellings.insert(kind.to_string());
        }
    }
    spellings
}

/// `uses` skips tokens: no token may be spelt like a named node kind, or a construct
/// matched by its kind could be a token too.
#[test]
fn no_token_is_spelt_like_a_named_kind() {
    let language = ptxkit_syntax::language();
    let clashes: Vec<&str> = (0..language.node_kind_count() as u16)
        .filter(|&id| language.node_kind_is_visible(id) && !language.node_kind_is_named(id))
        .filter_map(|id| language.node_kind_for_id(id))
        .filter(|&name| language.id_for_node_kind(name, true) != 0)
        .collect();
    assert!(clashes.is_empty(), "tokens spelt like named node kinds: {clashes:?}");
}

/// The cursor walk of `uses` finds what a node-by-node look (`node_uses`, which asks the
/// tree for parents) finds.
#[test]
fn uses_walk_agrees_with_node_uses() {
    let text = ".version 8.0\n.target sm_90\n.address_size 64\n.section .debug_info\n{\nL1:\n.b32 1\n}\n.global .align 8 .u64 p[2] = {generic(a), 0};\n.global .u32 a;\n.reg .b32 %m;\n.visible .func f(.param .b32 x, .param .b8 y[])\n{\n\t.reg .b32 %r<2>;\nL2:\n\tmov.u32 %r1, %tid.x;\n\tret;\n}\n.entry k(.param .u64 q)\n{\n\tret;\n}\n";
    let parsed = ptxkit_syntax::parse(text);
    let one_by_one: Vec<String> = ptxkit_syntax::preorder(parsed.root())
        .filter(|n| !n.has_error())
        .flat_map(|n| node_uses(n, text))
        .map(|u| format!("{u:?}"))
        .collect();
    let walked: Vec<String> = uses(&parsed).iter().map(|u| format!("{u:?}")).collect();
    assert!(walked.len() > 10, "{walked:?}");
    assert_eq!(walked, one_by_one);
}

#[test]
fn every_grammar_construct_is_judged() {
    let grammar = grammar_spellings();
    let listed: BTreeSet<String> = GRAMMAR.iter().map(|g| g.spelling.to_string()).collect();
    let missing: Vec<&String> = grammar.difference(&listed).collect();
    assert!(
        missing.is_empty(),
        "node kinds or keywords of the grammar that `constructs::GRAMMAR` does not judge: {missing:?} \
         (add each with its rows, probed with ptxas)"
    );
    let stale: Vec<&String> = listed.difference(&grammar).collect();
    assert!(
        stale.is_empty(),
        "GRAMMAR lists what the grammar no longer has: {stale:?}"
    );
    for item in GRAMMAR {
        if let Judge::Rows(names) = item.judge {
            for name in names {
                assert!(!rows(name).is_empty(), "{}: no row named '{name}'", item.spelling);
            }
        }
    }
}

/// Rows judged with the instruction that uses them (they need the symbol table).
const OPERAND_ROWS: &[&str] = &["indirect texture access", "indirect surface access"];

/// Every row of the module-level table, as (row, probe module that uses it).
fn every_row_with_its_probe() -> Vec<(Row, String)> {
    let text = |module: &str, attrs: &str, body: &str| kernel(Version::new(9, 0), "sm_100a", module, attrs, body);
    let mut all = Vec::new();
    for f in DIRECTIVES.iter().chain(DECLARATIONS).chain(SPECIAL_REGISTERS) {
        if !OPERAND_ROWS.contains(&f.pattern) {
            all.push((Row::Introduced(f), text(f.setup, f.attrs, f.probe)));
        }
    }
    for d in DEPRECATIONS
        .iter()
        .filter(|d| !matches!(d.construct, Construct::Instruction(_)))
    {
        let (module, attrs, body) = d.probe;
        all.push((Row::Removed(d), text(module, attrs, body)));
    }
    for u in UNSUPPORTED {
        all.push((Row::Unsupported(u), text(u.sample, "", "")));
    }
    all
}

#[test]
fn every_row_is_reached_from_the_grammar_and_found_in_its_probe() {
    let named: BTreeSet<&str> = GRAMMAR
        .iter()
        .flat_map(|g| match g.judge {
            Judge::Rows(names) => names.to_vec(),
            _ => Vec::new(),
        })
        .collect();
    for (row, probe) in every_row_with_its_probe() {
        let is_register = matches!(row, Row::Introduced(f) if SPECIAL_REGISTERS.iter().any(|r| std::ptr::eq(r, f)));
        assert!(
            is_register || named.contains(row.name()),
            "row '{}' is named by no GRAMMAR entry",
            row.name()
        );
        let parsed = ptxkit_syntax::parse(&probe);
        let found = uses(&parsed);
        assert!(
            found.iter().any(|u| u.row == row),
            "row '{}' is not found in its own probe:\n{probe}\nfound: {:?}",
            row.name(),
            found.iter().map(|u| u.row.name()).collect::<Vec<_>>()
        );
    }
}

#[test]
fn dwarf_lines_are_removed_from_2_0() {
    let parsed = ptxkit_syntax::parse(".version 1.4\n.target sm_13\n@@DWARF .byte 0x01\n.entry k\n{\n\tret;\n}\n");
    let dwarf: Vec<Use> = uses(&parsed)
        .into_iter()
        .filter(|u| u.row.name() == "@@DWARF")
        .collect();
    assert_eq!(dwarf.len(), 2, "a first version and a removal");
    let sm20 = Target::sm(20);
    assert!(dwarf.iter().all(|u| !u.rejected(Version::new(1, 5), Target::sm(13))));
    assert!(dwarf.iter().any(|u| u.rejected(Version::new(2, 0), sm20)));
    assert!(dwarf.iter().any(|u| u.rejected(Version::new(8, 8), Target::sm(80))));
}

#[test]
fn attributes_of_call_prototypes_are_found() {
    let parsed = ptxkit_syntax::parse(
        ".version 9.0\n.target sm_80\n.address_size 64\n.entry k()\n{\n\tproto: .callprototype ()_ (.param .b32 _) .abi_preserve 4;\n\tret;\n}\n",
    );
    let names: Vec<&str> = uses(&parsed).iter().map(|u| u.row.name()).collect();
    assert!(
        names.contains(&".abi_preserve") && names.contains(&".callprototype"),
        "{names:?}"
    );
    let abi = uses(&parsed)
        .into_iter()
        .find(|u| u.row.name() == ".abi_preserve")
        .unwrap();
    assert!(abi.rejected(Version::new(8, 8), Target::sm(90)));
    assert!(!abi.rejected(Version::new(9, 0), Target::sm(80)));
}

/// The issues of [`uses_that_can_fail`] are those of [`uses`] under `version` and `target`.
fn assert_same_issues(parsed: &ParsedSource, version: Version, target: Target, what: &str) -> usize {
    let issues = |found: Vec<Use>| -> Vec<(Span, Issue)> {
        found
            .iter()
            .flat_map(|u| u.issues(version, target).into_iter().map(move |i| (u.span, i)))
            .collect()
    };
    let all = issues(uses(parsed));
    assert_eq!(
        issues(uses_that_can_fail(parsed, version, target)),
        all,
        "{what} under {version} {target}"
    );
    all.len()
}

/// Destinations from the oldest to the newest, where different constructs fail.
fn destinations() -> Vec<(Version, Target)> {
    [
        ("1.0", "sm_10"),
        ("2.0", "sm_20"),
        ("6.0", "sm_60"),
        ("7.8", "sm_90"),
        ("9.0", "sm_100a"),
    ]
    .iter()
    .map(|(v, t)| (crate::version(v).unwrap(), crate::target(t).unwrap()))
    .collect()
}

#[test]
fn skipping_instructions_keeps_every_issue_of_every_row_probe() {
    let mut issues = 0;
    for (row, probe) in every_row_with_its_probe() {
        let parsed = ptxkit_syntax::parse(&probe);
        for (version, target) in destinations() {
            issues += assert_same_issues(&parsed, version, target, row.name());
        }
    }
    // Casts, `generic()`, `mask()` and special registers inside instructions among them.
    let probe = kernel(
        Version::new(9, 0),
        "sm_100a",
        ".global .u32 g;",
        "",
        "\t.reg .b64 %rd<3>;\n\tmov.u64 %rd1, generic(g);\n\tmov.u64 %rd2, mask(g);\n\tadd.s64 %rd1, %rd1, ((.u32) 1);\n\tmov.u32 %r1, %clock_hi;\n\tmov.u32 %r2, %laneid;\n\tmov.u64 %rd2, [g+(4*2)];",
    );
    let parsed = ptxkit_syntax::parse(&probe);
    for (version, target) in destinations() {
        issues += assert_same_issues(&parsed, version, target, &probe);
    }
    assert!(issues > 100, "{issues} issues compared");
}

#[test]
fn skipping_instructions_keeps_every_issue_on_the_corpus() {
    let Some(dir) = ptxkit_syntax::corpus::for_tests(env!("CARGO_MANIFEST_DIR"), "construct corpus test") else {
        return;
    };
    let files = ptxkit_syntax::corpus::ptx_files(&dir).unwrap();
    let mut checked = 0;
    let mut issues = 0;
    for path in files.into_iter() {
        let Ok(text) = ptxkit_syntax::source::read_source(&path) else {
            continue;
        };
        let parsed = ptxkit_syntax::parse(text);
        for (version, target) in [destinations()[0], destinations()[2]] {
            issues += assert_same_issues(&parsed, version, target, &path.display().to_string());
        }
        checked += 1;
    }
    assert!(checked > 1000, "{checked} files under {}", dir.display());
    assert!(issues > 10_000, "{issues} issues compared");
}
