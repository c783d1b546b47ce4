use super::scoped::Symbol;
use super::*;

const K: &str = "\
.version 8.0
.target sm_90
.global .align 16 .b8 gbuf[64];
.visible .entry k(.param .u64 p, .param .align 8 .b8 s[16])
{
    .reg .b32 %r<10>;
    .reg .f32 %f1;
    .shared .align 16 .b8 smem[4096];
    {
        .reg .b64 inner;
    }
L1:
    ret;
}
.func f(.reg .b32 a) { ret; }
.func g(.param .b32 x);
";

#[test]
fn function_wide_lookups() {
    let parsed = ptxkit_syntax::parse(K);
    let table = SymbolTable::build(&parsed);
    let at = K.find("ret").unwrap();
    assert!(matches!(table.register(at, "%r9"), RegisterLookup::InRange(_)));
    assert!(matches!(table.register(at, "%r10"), RegisterLookup::OutOfRange(_, 10)));
    assert!(matches!(table.register(at, "%f1"), RegisterLookup::Declared(_)));
    assert!(matches!(table.register(at, "inner"), RegisterLookup::Declared(_)));
    assert!(matches!(table.register(at, "%tid"), RegisterLookup::Special));
    assert!(matches!(table.register(at, "%q1"), RegisterLookup::Undeclared));
    assert_eq!(table.register_type(at, "%r3"), Some((".b32", None)));
    assert_eq!(table.variable(at, "smem").unwrap().known_alignment(), Some(16));
    assert_eq!(table.variable(at, "s").unwrap().elements, Some(16));
    assert_eq!(table.variable(at, "gbuf").unwrap().base_space(), ".global");
    assert!(table.body_at(at).unwrap().declarations.labels.contains_key("L1"));
    assert!(table.is_known_symbol(at, "L1") && table.is_known_symbol(at, "f"));
    let f_at = K.rfind("ret").unwrap();
    assert!(matches!(table.register(f_at, "a"), RegisterLookup::Declared(_)));
    assert!(matches!(table.register(f_at, "%r1"), RegisterLookup::Undeclared));
    assert_eq!(table.bodies().len(), 2);
    assert!(!table.function("g").unwrap().is_definition);
    assert_eq!(split_index("%rd12"), Some(("%rd", 12)));
    assert_eq!(split_index("%r01"), None);
    assert_eq!(split_index("123"), None);
}

/// `split_index` reads the digits itself: it answers as `str::parse` of the trailing digits
/// does, overflow and leading zeros included.
#[test]
fn split_index_reads_digits_as_parse_does() {
    fn by_parse(name: &str) -> Option<(&str, u64)> {
        let digits = name.len() - name.bytes().rev().take_while(u8::is_ascii_digit).count();
        if digits == name.len() || digits == 0 {
            return None;
        }
        let (prefix, number) = name.split_at(digits);
        if number.len() > 1 && number.starts_with('0') {
            return None;
        }
        Some((prefix, number.parse().ok()?))
    }
    let names = [
        "%r0",
        "%r00",
        "%r7",
        "%rd12",
        "%f10",
        "%r",
        "",
        "7",
        "%r18446744073709551615",
        "%r18446744073709551616",
        "%r99999999999999999999999",
        "%p1x",
        "é3",
        "%ré42",
        "%r1_2",
        "%r012",
        "x0",
        "%tid.x",
        "%r-1",
    ];
    for name in names {
        assert_eq!(split_index(name), by_parse(name), "{name:?}");
    }
}

#[test]
fn scopes_nest_in_source_order() {
    let parsed = ptxkit_syntax::parse(K);
    let table = SymbolTable::build(&parsed);
    let kinds: Vec<_> = table.scopes().iter().map(|s| s.kind).collect();
    use ScopeKind::*;
    // module, k, k's body, the nested block, f, f's body, g.
    assert_eq!(kinds, [Module, Function, Block, Block, Function, Block, Function]);
    let inner = table.scope_at(K.find("inner").unwrap());
    assert_eq!(inner, ScopeId(3));
    assert_eq!(table.scope(inner).parent, Some(ScopeId(2)));
    assert!(table.is_within(inner, ScopeId(1)) && !table.is_within(ScopeId(1), inner));
    assert_eq!(table.scope_at(K.find("L1").unwrap()), ScopeId(2));
    assert_eq!(table.scope_at(0), ScopeId::MODULE);
    assert_eq!(table.scope_at(K.find("x);").unwrap()), ScopeId(6));
}

#[test]
fn scoped_resolution_follows_blocks() {
    let parsed = ptxkit_syntax::parse(K);
    let table = SymbolTable::build(&parsed);
    let ret = K.find("ret").unwrap();
    // `inner` is declared in a nested block: not visible after it.
    assert!(table.resolve(ret, "inner").is_none());
    assert!(matches!(
        table.resolve(K.find("inner").unwrap(), "inner"),
        Some(Symbol::Register(_))
    ));
    assert!(matches!(table.resolve(ret, "%r3"), Some(Symbol::RangeMember(_, 3))));
    assert!(table.resolve(ret, "%r10").is_none());
    assert!(matches!(table.resolve(ret, "p"), Some(Symbol::Variable(v)) if v.is_parameter));
    assert!(matches!(table.resolve(ret, "gbuf"), Some(Symbol::Variable(v)) if v.scope == ScopeId::MODULE));
    assert!(matches!(table.resolve(ret, "L1"), Some(Symbol::Label(_))));
    assert!(matches!(table.resolve(ret, "f"), Some(Symbol::Function(_))));
    assert!(matches!(table.resolve(ret, "%tid"), Some(Symbol::Special)));
    assert!(table.resolve(K.rfind("ret").unwrap(), "L1").is_none());
}

#[test]
fn symbol_at_and_references() {
    let text = "\
.global .u32 g;
.func h(.param .b32 x);
.entry k()
{
    .reg .b32 %r<4>;
    .reg .pred %p;
    ld.global.u32 %r1, [g];
L1:
    add.s32 %r2, %r1, %r1;
    @%p bra L1;
    {
        .reg .b32 %r1;
        mov.b32 %r1, 0;
    }
    call h, (%r2);
}
.func h(.param .b32 x) { ret; }
";
    let parsed = ptxkit_syntax::parse(text);
    let table = SymbolTable::build(&parsed);
    let all = |needle: &str| -> Vec<usize> { text.match_indices(needle).map(|(i, _)| i).collect() };
    let starts = |spans: Vec<Span>| -> Vec<usize> { spans.iter().map(|s| s.start).collect() };

    // A range member: its three uses outside the inner block, not the inner `%r1`.
    let r1 = all("%r1");
    let (span, member) = table.symbol_at(&parsed, r1[0] + 2).unwrap();
    assert_eq!(span.start, r1[0]);
    assert!(matches!(member, Symbol::RangeMember(_, 1)));
    assert_eq!(starts(table.references(&parsed, &member)), r1[..3]);
    // The inner `%r1` shadows it.
    let (_, inner) = table.symbol_at(&parsed, r1[4]).unwrap();
    assert!(matches!(inner, Symbol::Register(_)));
    assert_eq!(starts(table.references(&parsed, &inner)), r1[3..]);
    // The whole range: its declaration and every member used.
    let (_, range) = table.symbol_at(&parsed, text.find("%r<").unwrap()).unwrap();
    assert!(matches!(range, Symbol::Range(_)));
    assert_eq!(table.references(&parsed, &range).len(), 1 + 3 + 2);
    // Labels, variables and functions: the declaration first.
    let (_, label) = table.symbol_at(&parsed, text.rfind("L1").unwrap()).unwrap();
    assert_eq!(starts(table.references(&parsed, &label)), all("L1"));
    let (_, global) = table.symbol_at(&parsed, text.find("[g]").unwrap() + 1).unwrap();
    assert_eq!(
        starts(table.references(&parsed, &global)),
        [text.find("g;").unwrap(), text.find("[g]").unwrap() + 1]
    );
    let (_, function) = table.symbol_at(&parsed, text.find("call h").unwrap() + 5).unwrap();
    assert!(matches!(function, Symbol::Function(f) if f.is_definition));
    let mut expected = all("h(");
    expected.insert(1, text.find("call h").unwrap() + 5);
    assert_eq!(starts(table.references(&parsed, &function)), expected);
    // Not on a symbol.
    assert!(table.symbol_at(&parsed, text.find("ld").unwrap()).is_none());
}

#[test]
fn visible_names_hide_outer_ones() {
    let text = ".global .u32 g;\n.entry k()\n{\n.reg .b32 x;\n{\n.reg .f32 x;\n.reg .b32 y;\nret;\n}\n}\n";
    let parsed = ptxkit_syntax::parse(text);
    let table = SymbolTable::build(&parsed);
    let visible = table.visible_at(text.find("ret").unwrap());
    let names: Vec<_> = visible.iter().map(|(n, _)| *n).collect();
    assert_eq!(names, ["x", "y", "g", "k"]);
    assert!(matches!(visible[0].1, Symbol::Register(r) if r.ty.as_deref() == Some(".f32")));
    let outside: Vec<_> = table
        .visible_at(text.rfind('}').unwrap())
        .into_iter()
        .map(|(n, _)| n)
        .collect();
    assert_eq!(outside, ["x", "g", "k"]);
}

#[test]
fn deep_nesting_does_not_overflow() {
    let deep = format!(
        ".version 7.8\n.target sm_80\n.entry k()\n{}{}",
        "{ .reg .b32 x;".repeat(10_000),
        "}".repeat(10_001)
    );
    let parsed = ptxkit_syntax::parse(deep.as_str());
    let table = SymbolTable::build(&parsed);
    assert_eq!(table.bodies()[0].declarations.registers["x"].len(), 10_000);
    let innermost = deep.find("}").unwrap() - 1;
    assert_eq!(table.scope_at(innermost).0, 1 + 10_000);
    assert!(matches!(table.resolve(innermost, "x"), Some(Symbol::Register(r)) if r.scope.0 == 10_001));
}
