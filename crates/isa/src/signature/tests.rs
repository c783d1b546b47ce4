//! Unit tests of the notation and the matcher.

use super::notation::parse;
use super::*;

fn reg(ty: &str) -> Found<'_> {
    Found::Register {
        ty: Some(ty),
        vector: 0,
    }
}

fn imm(value: i64) -> Found<'static> {
    Found::Immediate {
        literal: Literal::Integer,
        value: Some(value),
    }
}

fn instance<'a>(chain: &'a str, operands: Vec<Found<'a>>) -> Instance<'a> {
    let form = crate::InstructionForm::parse(chain);
    Instance {
        opcode: form.opcode,
        modifiers: form.modifiers,
        operands,
    }
}

fn problems(chain: &str, operands: Vec<Found<'_>>) -> Vec<Problem> {
    analyze(&instance(chain, operands))
        .expect("the opcode has signatures")
        .problems
}

#[test]
fn notation_errors_name_their_line() {
    let cases = [
        ("@section 9.7\nadd.type d, a b;\n", 2, "unexpected"),
        ("@section 9.7\n.type = { u32 };\nadd.type d;\n", 2, "bad slot value"),
        ("add.type d;\n", 1, "before any @section"),
        ("@section 9.7\nd : out bogus;\nadd.u32 d;\n", 2, "unknown operand kind"),
        (
            "@section 9.7\nadd.type.atype d, a;\n.type = .atype = { .u32 };\n",
            2,
            "needs a type",
        ),
        ("@section 9.7\nadd.u32 d\n", 2, "not terminated"),
        (
            "@section 9.7\nd : out reg if .sat;\nadd.sat.u32 a {, d};\n",
            2,
            "required part",
        ),
        (
            "@section 9.7\nadd.u32 d;\nrequire add\n  target sm_90\n",
            3,
            "needs 'ptx",
        ),
        ("@bogus x\n", 1, "unknown header"),
        ("@ptxas-names mul.hi mul.lo\n", 1, "needs names and 'source"),
        (
            "@section 9.7\nadd.u32 d;\ntypes add\n  probe \"add{T} {d}\"\n  source ptxas\n",
            3,
            "needs 'legal",
        ),
        (
            "@section 9.7\nadd.u32 d;\ntypes add\n  legal .u32; width 4\n",
            4,
            "unknown types key 'width'",
        ),
    ];
    for (text, line, message) in cases {
        let err = parse(text).expect_err(text);
        assert_eq!(err.line, line, "{text}: {err}");
        assert!(err.message.contains(message), "{text}: {err}");
    }
}

#[test]
fn notation_reads_types_records_and_ptxas_names() {
    let text = "@section 9.7\nadd.type d, a;\n.type = { .u32, .f32 };\n\
                @ptxas-names add.x add.y source here\n\
                types add\n  position 0; probe \"add{T} {d}, {a}\"\n  legal .u32,\n  legal .f32 source ptxas; §9.7\n";
    let file = parse(text).unwrap();
    assert_eq!(file.ptxas_names, [(4, vec!["add.x".to_string(), "add.y".to_string()])]);
    let types = &file.types[0];
    assert_eq!((types.line, types.opcode.as_str(), types.position), (5, "add", 0));
    assert_eq!(
        (types.legal.as_slice(), types.probe.as_str()),
        (&[".u32".to_string(), ".f32".to_string()][..], "add{T} {d}, {a}")
    );
    assert_eq!(types.source, "ptxas; §9.7");
}

#[test]
fn notation_resolves_slots_legends_and_shapes() {
    let text = "@section 9.7.9.8\nd : out reg wide x.vec;\na : addr;\ncache-policy : reg .b64 if .level::cache_hint;\n\
                ld{.ss}{.level::cache_hint}{.vec}.type d, [a]{, cache-policy};\n\
                .ss = { .global, .shared };\n.vec = { .v2, .v4 };\n.type = { .b32, .f32 };\n.level::cache_hint = { .L2::cache_hint };\n";
    let file = parse(text).unwrap();
    let form = &file.forms[0];
    assert_eq!(form.opcode, "ld");
    assert_eq!(form.parts.len(), 4);
    assert!(form.parts[3].is_type && !form.parts[0].is_type);
    assert_eq!(form.positions.len(), 3);
    assert_eq!(form.positions[2].presence, notation::SigPresence::If(1));
}

#[test]
fn every_signature_file_compiles_to_forms_with_sections() {
    assert!(!all_forms().is_empty());
    for form in all_forms() {
        assert!(!form.section.is_empty(), "{}:{} has no section", form.family, form.line);
        assert_eq!(forms(form.opcode).iter().filter(|f| std::ptr::eq(*f, form)).count(), 1);
    }
}

#[test]
fn every_require_record_matches_a_form_of_its_file() {
    for feature in signature_features() {
        let probes = feature.probe.split(';').map(str::trim).filter(|p| !p.is_empty());
        for probe in probes {
            let chain = probe.split_whitespace().next().unwrap_or_default();
            let form = crate::InstructionForm::parse(chain);
            let matches = crate::requirements::matching_features(&form).any(|f| std::ptr::eq(f, feature));
            let opcode_has_forms = !forms(form.opcode).is_empty();
            if opcode_has_forms && matches {
                let analysis = analyze(&Instance {
                    opcode: form.opcode,
                    modifiers: form.modifiers.clone(),
                    operands: Vec::new(),
                })
                .unwrap();
                assert!(
                    analysis.problems.iter().all(|p| !p.is_modifier_problem()),
                    "{}: probe '{probe}' does not match a form: {:?}",
                    feature.source,
                    analysis.problems
                );
            }
        }
    }
}

#[test]
fn add_matches_and_diagnoses() {
    assert!(problems("add.s32", vec![reg(".s32"), reg(".s32"), imm(1)]).is_empty());
    assert!(problems("add.rn.ftz.f32", vec![reg(".f32"), reg(".f32"), reg(".b32")]).is_empty());
    assert!(problems("add.f32.rn", vec![reg(".f32"), reg(".f32"), reg(".f32")]).is_empty());
    assert_eq!(
        problems("add.s32", vec![reg(".s32"), reg(".s32")]),
        vec![Problem::OperandCount {
            min: 3,
            max: 3,
            found: 2
        }]
    );
    assert_eq!(
        problems("add.s32", vec![imm(1), reg(".s32"), reg(".s32")]),
        vec![Problem::OperandKind {
            operand: 0,
            element: None,
            expected: Kinds::REG,
            destination: true
        }]
    );
    assert_eq!(
        problems(
            "add.u32",
            vec![
                reg(".u32"),
                Found::SpecialRegister {
                    widths: &[32],
                    vector: 0
                },
                imm(15)
            ]
        ),
        vec![Problem::SpecialRegister {
            operand: 1,
            element: None
        }]
    );
    assert_eq!(
        problems("add.rne.f32", vec![reg(".f32"), reg(".f32"), reg(".f32")]),
        vec![Problem::UnknownModifier {
            modifier: 0,
            suggestions: vec![".rn"]
        }]
    );
    assert_eq!(
        problems("add.sat.u16", vec![reg(".u16"), reg(".u16"), reg(".u16")]),
        vec![Problem::ConflictingModifier { modifier: 0 }]
    );
    assert_eq!(
        problems("add.s64", vec![reg(".b32"), reg(".s64"), reg(".s64")]),
        vec![Problem::OperandType {
            operand: 0,
            element: None,
            expected: ".s64",
            wide: false
        }]
    );
    assert_eq!(
        problems("add.rn.rn.f32", vec![reg(".f32"), reg(".f32"), reg(".f32")]),
        vec![Problem::DuplicateModifier { modifier: 1 }]
    );
}

#[test]
fn mixed_precision_operands_have_their_own_types() {
    assert!(problems("add.f32.f16", vec![reg(".f32"), reg(".f16"), reg(".f32")]).is_empty());
    assert_eq!(
        problems("add.f32.bf16", vec![reg(".f32"), reg(".f32"), reg(".f32")]),
        vec![Problem::OperandType {
            operand: 1,
            element: None,
            expected: ".bf16",
            wide: false
        }]
    );
}

#[test]
fn every_except_pattern_compiles() {
    for form in all_forms() {
        for (pattern, _) in form.excepts {
            assert!(
                crate::form::Pattern::compile_all(pattern).is_ok(),
                "{}:{}: bad except pattern '{pattern}'",
                form.family,
                form.line
            );
        }
    }
}

#[test]
fn probes_try_every_kind_an_operand_claims() {
    let probes: Vec<ShapeProbe> = forms("add").iter().flat_map(form_probes).collect();
    let find = |what: &str, instruction: &str| probes.iter().find(|p| p.what == what && p.instruction == instruction);
    // A float operand gets a float literal of its width; an integer operand an integer.
    let float = find("valid, operand 2 a constant", "add.f32 %r1, 0f3F800000, %r3").expect("f32 constant probe");
    assert!(float.expect_ok);
    assert!(find("valid, operand 3 a constant", "add.f64 %rd1, %rd2, 0d3FF0000000000000").is_some());
    assert!(find("valid, operand 2 a constant", "add.u16 %h1, 1, %h3").is_some());
    // The sink in a pair whose value half may be discarded.
    let lop3: Vec<ShapeProbe> = forms("lop3").iter().flat_map(form_probes).collect();
    assert!(
        lop3.iter()
            .any(|p| p.what == "valid, operand 1 the sink in a pair" && p.instruction.contains(" _|%p"))
    );
}

#[test]
fn probe_modules_declare_the_function_scope_names_they_use() {
    let v = crate::Version::new(6, 0);
    let t: crate::Target = "sm_70".parse().unwrap();
    let (text, lines) = probe_module(v, t, &["call %rd1, (), $Lproto", "brx.idx %r1, $Lbranch"]);
    assert!(text.contains("$Lproto: .callprototype _ ();"), "{text}");
    assert!(text.contains("$Lbranch: .branchtargets $Lprobe;"), "{text}");
    assert!(!text.contains(".calltargets") && !text.contains("pfunc"), "{text}");
    let body: Vec<&str> = text.lines().collect();
    assert_eq!(body[lines[0] - 1].trim(), "call %rd1, (), $Lproto;");
    let (text, _) = probe_module(v, t, &["call %rd1, $Ltargets"]);
    assert!(
        text.contains(".extern .func pfunc;") && text.contains("$Ltargets: .calltargets pfunc;"),
        "{text}"
    );
}

#[test]
fn block_records_belong_to_their_block() {
    let text = "@section 9.7.12.5\nf : func;\np : reg;\ncall f;\n---\ncall p;\nrequire call\n  ptx 2.1; block\n  source test\n---\ncall.uni f;\nrequire call .uni\n  ptx 1.0\n  source test\n";
    let file = parse(text).unwrap();
    assert_eq!(file.forms.iter().map(|f| f.block).collect::<Vec<_>>(), vec![0, 1, 2]);
    assert_eq!(file.requires[0].block, Some(1));
    assert_eq!(file.requires[1].block, None);
    // The indirect call's block row is its form's, not the pattern table's.
    let indirect = forms("call")
        .iter()
        .find(|f| f.text.contains("fptr"))
        .expect("call.sig has indirect forms");
    assert!(indirect.features().any(|f| f.ptx == crate::Version::new(2, 1)));
    assert!(
        forms("call")
            .iter()
            .filter(|f| !f.text.contains("fptr"))
            .all(|f| f.features().next().is_none())
    );
    assert!(
        signature_features()
            .iter()
            .all(|f| f.version_subject != "Feature 'indirect call'")
    );
}

#[test]
fn a_form_whose_operand_count_fits_explains_better_than_one_that_does_not() {
    // `call (), %rd1, (), pfunc;`: the indirect form with a target list takes four operands;
    // the target is the wrong kind (a function, not a .calltargets label or call table).
    let rd = Found::Register {
        ty: Some(".b64"),
        vector: 0,
    };
    let function = Found::Name {
        kind: NameKind::Function,
        offset: false,
    };
    let got = problems("call", vec![Found::Params(0), rd, Found::Params(0), function]);
    assert!(
        matches!(got.as_slice(), [Problem::OperandKind { operand: 3, .. }]),
        "{got:?}"
    );
}

#[test]
fn a_swap_of_two_letters_is_one_edit_for_suggestions() {
    assert_eq!(suggest_modifiers("bar", ".snyc"), vec![".sync"]);
    assert!(suggest_modifiers("griddepcontrol", ".wiat").contains(&".wait"));
    assert!(suggest_modifiers("barrier", ".arive").contains(&".arrive"));
    assert!(suggest_modifiers("add", ".rne").contains(&".rn"));
}

#[test]
fn explain_names_what_a_form_needs_beyond_its_chain() {
    let text = explain("call.uni").to_string();
    assert!(text.contains("form needs: PTX 2.1, .target sm_20"), "{text}");
    let direct = text
        .split("  form:")
        .skip(1)
        .filter(|f| !f.lines().next().unwrap_or_default().contains("fptr"))
        .collect::<Vec<_>>();
    assert!(
        !direct.is_empty() && direct.iter().all(|f| !f.contains("form needs")),
        "{text}"
    );
}

#[test]
fn probe_modules_declare_b128_registers_and_kernel_locals_only_when_used() {
    let (plain, _) = probe_module(
        Version::new(8, 3),
        crate::Target::sm(10),
        &["ld.param::entry.b8 %h1, [%rd1]"],
    );
    assert!(!plain.contains(".b128"), "{plain}");
    assert!(!plain.contains("fparam"), "{plain}");
    let (wide, lines) = probe_module(
        Version::new(8, 3),
        crate::Target::sm(70),
        &["ld.global.b128 %q1, [gbuf]", "ld.param::func.b32 %r1, [fparam]"],
    );
    assert!(wide.contains(".reg .b128 %q<16>;"), "{wide}");
    let body: Vec<&str> = wide.lines().collect();
    let at = |text: &str| body.iter().position(|l| l.contains(text)).expect(text);
    // `fparam` is the value a call returned: the call comes before the instructions.
    assert!(
        at(".func (.param .align 16 .b8 pfret_r[64]) pfret") < at(".entry probe"),
        "{wide}"
    );
    assert!(
        at(".entry probe") < at("call (fparam), pfret") && at("call (fparam), pfret") + 1 < lines[0],
        "{wide}"
    );
    // `fargs` is the argument of a call made after them.
    let (stores, lines) = probe_module(
        Version::new(8, 3),
        crate::Target::sm(70),
        &["st.param::func.b32 [fargs], %r1"],
    );
    let body: Vec<&str> = stores.lines().collect();
    let call = body
        .iter()
        .position(|l| l.contains("call pfarg, (fargs);"))
        .expect("call");
    assert!(call + 1 > lines[0] && !stores.contains("pfret"), "{stores}");
}

#[test]
fn a_braced_single_value_stands_for_a_scalar_only_where_vectors_go() {
    let addr = || Found::Address(vec![reg(".b64")]);
    // `ld.global.b16 {%rs1}, [a]`: ptxas accepts it (Triton emits it).
    let braced = Found::Vector(vec![reg(".b16")]);
    assert!(problems("ld.global.b16", vec![braced.clone(), addr()]).is_empty());
    assert!(problems("st.global.b16", vec![addr(), braced.clone()]).is_empty());
    // Two elements without .v2 stay wrong, and so does a brace where no vector goes
    // (ptxas: "Vector operand is not allowed for instruction 'add'").
    let pair = Found::Vector(vec![reg(".b16"), reg(".b16")]);
    assert!(matches!(
        problems("ld.global.b16", vec![pair, addr()])[..],
        [Problem::VectorSize {
            expected: 1,
            found: 2,
            ..
        }]
    ));
    let braced32 = Found::Vector(vec![reg(".b32")]);
    assert!(!problems("add.s32", vec![braced32, reg(".b32"), reg(".b32")]).is_empty());
}

#[test]
fn an_operand_written_since_a_later_version_moves_its_probes_there() {
    let file = parse("@section 9.7\nd : pred since 7.5;\nadd.u32 a{, d};\n").unwrap();
    let operand = |p: &notation::SigPosition| match &p.shape {
        notation::SigShape::Single(o) => o.since,
        _ => None,
    };
    assert_eq!(operand(&file.forms[0].positions[1]), Some((7, 5, 0)));
    let on = parse("@section 9.7\nd : pred since 4.3/sm_30;\nadd.u32 a{, d};\n").unwrap();
    assert_eq!(operand(&on.forms[0].positions[1]), Some((4, 3, 30)));
    assert!(parse("@section 9.7\nd : pred since 7;\nadd.u32 a{, d};\n").is_err());
    let cp = forms("cp")
        .iter()
        .find(|f| f.text.starts_with("cp.async.ca") && f.text.contains("ignore-src"))
        .expect("the ignore-src form of cp.async");
    let probes = form_probes(cp);
    let written = probes
        .iter()
        .find(|p| p.what == "valid, optional operands written")
        .expect("a probe writes ignore-src");
    assert!(written.version >= Version::new(7, 5), "{written:?}");
    assert!(
        probes
            .iter()
            .any(|p| p.what == "valid" && p.version == Version::new(7, 0))
    );
}

#[test]
fn the_whole_vector_sink_needs_discard_and_its_elements_need_sink() {
    let addr = || Found::Address(vec![reg(".b64")]);
    let kind_of_first = |problems: &[Problem]| match problems {
        [
            Problem::OperandKind {
                operand: 0, element, ..
            },
        ] => Some(*element),
        _ => None,
    };
    // ptxas: "Result discard mode is not allowed for instruction 'ld'", scalar or vector.
    assert_eq!(
        kind_of_first(&problems("ld.global.b32", vec![Found::Sink, addr()])),
        Some(None)
    );
    assert_eq!(
        kind_of_first(&problems("ld.global.v4.b32", vec![Found::Sink, addr()])),
        Some(None)
    );
    assert_eq!(
        kind_of_first(&problems(
            "mov.v2.b32",
            vec![Found::Sink, Found::Vector(vec![reg(".b32"), reg(".b32")])]
        )),
        Some(None)
    );
    // An element may be `_`, as long as one register gives the elements' type ("Unable to
    // infer type of vector elements").
    let some = Found::Vector(vec![Found::Sink, reg(".b32"), Found::Sink, Found::Sink]);
    assert!(problems("ld.global.v4.b32", vec![some, addr()]).is_empty());
    let none = Found::Vector(vec![Found::Sink, Found::Sink]);
    assert_eq!(
        kind_of_first(&problems("ld.global.v2.b32", vec![none.clone(), addr()])),
        Some(Some(0))
    );
    assert_eq!(
        kind_of_first(&problems(
            "ld.global.b32",
            vec![Found::Vector(vec![Found::Sink]), addr()]
        )),
        Some(Some(0))
    );
    // atom has result discard mode: a scalar or a whole vector may be `_`.
    let pair = || Found::Vector(vec![reg(".f32"), reg(".f32")]);
    assert!(problems("atom.global.add.u32", vec![Found::Sink, addr(), reg(".b32")]).is_empty());
    assert!(problems("atom.global.v2.f32.add", vec![Found::Sink, addr(), pair()]).is_empty());
    let one = Found::Vector(vec![Found::Sink, reg(".f32")]);
    assert!(problems("atom.global.v2.f32.add", vec![one, addr(), pair()]).is_empty());
    assert!(!problems("atom.global.v2.f32.add", vec![none, addr(), pair()]).is_empty());
}

#[test]
fn probes_write_the_sink_as_a_whole_vector_and_as_an_element() {
    let probes = |opcode: &str| -> Vec<ShapeProbe> { forms(opcode).iter().flat_map(form_probes).collect() };
    let ld = probes("ld");
    let verdict = |probes: &[ShapeProbe], what: &str, instruction: &str| {
        probes
            .iter()
            .find(|p| p.what == what && p.instruction == instruction)
            .map(|p| p.expect_ok)
    };
    assert_eq!(verdict(&ld, "operand 1 the sink", "ld.b8 _, [%rd1]"), Some(false));
    assert_eq!(
        verdict(
            &ld,
            "wrong, operand 1 the sink for the whole vector",
            "ld.v2.b8 _, [%rd1]"
        ),
        Some(false)
    );
    assert_eq!(
        verdict(
            &ld,
            "valid, operand 1 its first element the sink",
            "ld.v2.b8 {_, %b2}, [%rd1]"
        ),
        Some(true)
    );
    assert_eq!(
        verdict(
            &ld,
            "wrong, operand 1 every element the sink",
            "ld.v2.b8 {_, _}, [%rd1]"
        ),
        Some(false)
    );
    let atom = probes("atom");
    assert!(
        atom.iter()
            .any(|p| p.what == "valid, operand 1 the sink for the whole vector" && p.expect_ok)
    );
}

#[test]
fn packed_floats_take_no_constant() {
    let addr = || Found::Address(vec![reg(".b64")]);
    let hex32 = Found::Immediate {
        literal: Literal::HexFloat(32),
        value: None,
    };
    // ptxas: "Arguments mismatch for instruction 'atom'" / 'red', with an integer or a float.
    assert!(!problems("atom.global.add.noftz.f16x2", vec![reg(".b32"), addr(), imm(1)]).is_empty());
    assert!(!problems("atom.global.add.noftz.bf16x2", vec![reg(".b32"), addr(), hex32.clone()]).is_empty());
    assert!(!problems("red.global.add.noftz.f16x2", vec![addr(), imm(1)]).is_empty());
    // FP8 values take any constant as their bits (ptxas 12.9 and 13.5).
    assert!(problems("multimem.st.global.e4m3x4", vec![addr(), imm(1)]).is_empty());
    // A .f32 operand still takes a float constant of its width.
    assert!(problems("atom.global.add.f32", vec![reg(".f32"), addr(), hex32]).is_empty());
}

#[test]
fn a_constant_must_be_the_multiple_its_legend_says() {
    let addr = || Found::Address(vec![reg(".b64")]);
    // ptxas: "Argument 1 of instruction 'st.bulk': unexpected value '12', expected to be multiple of 8".
    assert!(problems("st.bulk", vec![addr(), imm(16), imm(0)]).is_empty());
    assert!(problems("st.bulk", vec![addr(), reg(".b64"), imm(0)]).is_empty());
    assert_eq!(
        problems("st.bulk", vec![addr(), imm(12), imm(0)]),
        vec![Problem::ImmediateMultiple {
            operand: 1,
            multiple: 8,
            value: 12
        }]
    );
    let probes: Vec<ShapeProbe> = forms("st").iter().flat_map(form_probes).collect();
    let bulk = |what: &str| {
        probes
            .iter()
            .find(|p| p.form.opcode == "st" && p.instruction.starts_with("st.bulk") && p.what == what)
            .map(|p| (p.instruction.clone(), p.expect_ok))
    };
    assert_eq!(
        bulk("valid, operand 2 a constant"),
        Some(("st.bulk [%rd1], 8, 0".to_string(), true))
    );
    assert_eq!(
        bulk("operand 2 not a multiple of 8"),
        Some(("st.bulk [%rd1], 9, 0".to_string(), false))
    );
    assert!(parse("@section 9.7\nd : imm multiple 1;\nadd.u32 d;\n").is_err());
}

#[test]
fn a_count_map_may_allow_several_counts() {
    let file = parse("@section 9.7\nc : reg x(.geom: .1d = 1|2|4, .2d = 2);\ntex.geom.b32 c;\n.geom = { .1d, .2d };\n")
        .unwrap();
    match &file.forms[0].positions[0].shape {
        notation::SigShape::Single(o) => assert_eq!(
            o.count,
            notation::SigCount::Map {
                part: 0,
                entries: vec![
                    (".1d".to_string(), 1),
                    (".1d".to_string(), 2),
                    (".1d".to_string(), 4),
                    (".2d".to_string(), 2)
                ]
            }
        ),
        other => panic!("{other:?}"),
    }
}

#[test]
fn probes_predict_an_operand_written_before_its_version_is_rejected() {
    // `tex.level` without `.level` leaves `lod` to be read as the offset `e` (PTX 4.3, sm_30):
    // placed with `.level`'s 3.1 on sm_20, ptxas rejects it ("Feature 'offset operand' requires
    // .target sm_30 or higher").
    let probes: Vec<ShapeProbe> = forms("tex").iter().flat_map(form_probes).collect();
    let left_out = probes
        .iter()
        .find(|p| p.what == ".level left out" && p.version < Version::new(4, 3))
        .expect("a tex.level probe with .level left out");
    assert!(!left_out.expect_ok, "{}", left_out.instruction);
    // Before PTX 1.5 a texture is a `.tex .u32` variable, not a `.texref`.
    let (old, _) = super::instances::probe_module(
        Version::new(1, 4),
        crate::target::Target::sm(10),
        &["tex.1d.v4.u32.s32 {%r1, %r2, %r3, %r4}, [ptex, {%r5}]"],
    );
    assert!(old.contains(".tex .u32 ptex;") && !old.contains(".texref"));
    let (new, _) = super::instances::probe_module(
        Version::new(1, 5),
        crate::target::Target::sm(10),
        &["tex.1d.v4.u32.s32 {%r1, %r2, %r3, %r4}, [ptex, {%r5}]"],
    );
    assert!(new.contains(".global .texref ptex;"));
}

#[test]
fn a_scalar_legend_lets_one_register_stand_for_a_vector() {
    let file = parse("@section 9.7\nc : reg .b32 scalar x2;\nd : reg .b32 x2;\nsust.b.b32 c, d;\n").unwrap();
    match &file.forms[0].positions[..] {
        [p, q] => match (&p.shape, &q.shape) {
            (notation::SigShape::Single(c), notation::SigShape::Single(d)) => assert!(c.scalar && !d.scalar),
            other => panic!("{other:?}"),
        },
        other => panic!("{other:?}"),
    }
    // ptxas takes `%r2` for tld4's .v2 offset (`tld4.r.2d.v4.u32.f32 d, [t, {%r5, %r6}], %r7, %r8`)
    // but rejects `{%r7}` ("Operand vector size doesn't match geometry").
    let texture = |c: Found<'static>, e: Found<'static>| {
        vec![
            Found::Vector(vec![reg(".b32"), reg(".b32"), reg(".b32"), reg(".b32")]),
            Found::Address(vec![
                Found::Name {
                    kind: NameKind::TexRef,
                    offset: false,
                },
                c,
            ]),
            e,
            reg(".f32"),
        ]
    };
    let pair = || Found::Vector(vec![reg(".b32"), reg(".b32")]);
    assert!(problems("tld4.r.2d.v4.u32.f32", texture(pair(), reg(".b32"))).is_empty());
    assert!(problems("tld4.r.2d.v4.u32.f32", texture(reg(".b32"), pair())).is_empty());
    assert!(
        !problems(
            "tld4.r.2d.v4.u32.f32",
            texture(pair(), Found::Vector(vec![reg(".b32")]))
        )
        .is_empty()
    );
    // A 64-bit register is not a .b32 element ("Arguments mismatch").
    assert!(!problems("tld4.r.2d.v4.u32.f32", texture(pair(), reg(".b64"))).is_empty());
}

#[test]
fn a_register_address_element_takes_a_constant_offset() {
    // tcgen05.st's Tensor Memory address is `reg .b32` in brackets: `[%r1+16]` is that register.
    let chain = "tcgen05.st.sync.aligned.16x64b.x2.b32";
    let vector = || Found::Vector(vec![reg(".b32"), reg(".b32")]);
    let offset = |ty| Found::Address(vec![Found::RegisterOffset { ty: Some(ty) }]);
    assert_eq!(problems(chain, vec![offset(".b32"), vector()]), vec![]);
    assert!(
        !problems(chain, vec![offset(".b64"), vector()]).is_empty(),
        "a 64-bit register is not a Tensor Memory address"
    );
    assert!(
        !problems(chain, vec![Found::Address(vec![imm(16)]), vector()]).is_empty(),
        "a constant is not"
    );
}

#[test]
fn a_vector_of_a_fixed_count_one_must_be_braced() {
    // ptxas: "Vector expected for argument 0" (tcgen05.ld .x1, mma's one-register fragments).
    let taddr = || Found::Address(vec![reg(".b32")]);
    let chain = "tcgen05.ld.sync.aligned.32x32b.x1.b32";
    assert_eq!(problems(chain, vec![Found::Vector(vec![reg(".b32")]), taddr()]), vec![]);
    assert!(matches!(
        problems(chain, vec![reg(".b32"), taddr()]).as_slice(),
        [Problem::VectorSize {
            operand: 0,
            expected: 1,
            found: 0
        }]
    ));
    let mma = "mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64";
    let pair = || Found::Vector(vec![reg(".f64"), reg(".f64")]);
    let one = || Found::Vector(vec![reg(".f64")]);
    assert_eq!(problems(mma, vec![pair(), one(), one(), pair()]), vec![]);
    assert!(!problems(mma, vec![pair(), reg(".f64"), one(), pair()]).is_empty());
    // suld's destination: `.b32 = 1|2|4` takes one register bare.
    let suld = "suld.b.1d.b32.trap";
    let coords = Found::Address(vec![
        Found::Name {
            kind: NameKind::SurfRef,
            offset: false,
        },
        reg(".b32"),
    ]);
    assert_eq!(problems(suld, vec![reg(".b32"), coords]), vec![]);
}

#[test]
fn a_vector_constant_is_judged_against_the_next_register() {
    // ptxas: "Vector with elements of different types are not allowed in st instruction".
    let int = || imm(1);
    let float = || Found::Immediate {
        literal: Literal::Float,
        value: None,
    };
    let addr = || Found::Address(vec![reg(".b64")]);
    let st = |chain: &str, elements: Vec<Found<'static>>| problems(chain, vec![addr(), Found::Vector(elements)]);
    assert_eq!(st("st.global.v2.f32", vec![int(), reg(".b32")]), vec![]);
    assert_eq!(st("st.global.v2.b32", vec![float(), reg(".f32")]), vec![]);
    assert_eq!(
        st("st.global.v4.f32", vec![int(), reg(".b32"), reg(".f32"), reg(".f32")]),
        vec![]
    );
    assert!(!st("st.global.v2.b32", vec![int(), reg(".f32")]).is_empty());
    assert!(!st("st.global.v2.u32", vec![float(), reg(".u32")]).is_empty());
    assert!(!st("st.global.v4.f32", vec![reg(".b32"), int(), reg(".f32"), reg(".f32")]).is_empty());
    // Without registers the instruction type decides: `{1, 2}` is no `.f32` pair.
    assert!(!st("st.global.v2.f32", vec![int(), int()]).is_empty());
    assert_eq!(st("st.global.v2.u32", vec![int(), int()]), vec![]);
    // `.f16` elements take an integer beside a `.b16` register, never a decimal float.
    let mm = |elements| problems("multimem.st.global.v2.f16", vec![addr(), Found::Vector(elements)]);
    assert_eq!(mm(vec![int(), reg(".b16")]), vec![]);
    assert!(!mm(vec![float(), reg(".b16")]).is_empty());
}

#[test]
fn a_nonzero_range_excludes_zero() {
    // ptxas: "unexpected value '0', expected to be -1 or 1" (wgmma's imm-scale-a/b).
    let file = parse("@section 9.7\nn : imm .s32 range -1..1 nonzero;\nadd.s32 n;\n").expect("parses");
    let notation::SigShape::Single(operand) = &file.forms[0].positions[0].shape else {
        panic!("one operand")
    };
    assert!(operand.nonzero);
    let chain = "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16";
    let d = || Found::Vector(vec![reg(".f32"), reg(".f32"), reg(".f32"), reg(".f32")]);
    let with = |scale| {
        vec![
            d(),
            reg(".b64"),
            reg(".b64"),
            reg(".pred"),
            imm(scale),
            imm(1),
            imm(0),
            imm(0),
        ]
    };
    assert_eq!(problems(chain, with(-1)), vec![]);
    assert_eq!(problems(chain, with(1)), vec![]);
    assert!(matches!(
        problems(chain, with(0)).as_slice(),
        [Problem::ImmediateRange {
            operand: 4,
            range: (-1, 1),
            value: 0
        }]
    ));
}

#[test]
fn a_descriptor_line_applies_to_the_forms_that_take_the_descriptor() {
    let text = "@section 9.7\na-desc, b-desc : reg .b64;\na : reg .b32;\nmm.x a-desc, b-desc;\nmm.x a, b-desc;\n\
                memory read descriptor a-desc format wgmma space .shared::cta proxy async source §1: a;\n\
                memory read descriptor b-desc format tcgen05 space .shared::cta proxy async source §1: b;\n";
    let file = parse(text).expect("parses");
    let descriptors = |form: usize| -> Vec<bool> {
        file.forms[form]
            .memory
            .iter()
            .map(|m| m.get("descriptor").is_some())
            .collect()
    };
    assert_eq!(descriptors(0), vec![true, true]);
    assert_eq!(descriptors(1), vec![true], "the register form of A reads B only");
    // An address is not a descriptor, and a descriptor line names one.
    let address = "@section 9.7\nld.x [a];\nmemory read descriptor a format wgmma space .shared::cta source §1: a;\n";
    assert!(parse(address).is_err());
    let plain = "@section 9.7\na-desc : reg .b64;\nmm.x a-desc;\nmemory read a-desc space .shared::cta source §1: a;\n";
    assert!(parse(plain).is_err(), "a descriptor needs the word");
    // A descriptor line says its format; an address line does not.
    let formatless = "@section 9.7\na-desc : reg .b64;\nmm.x a-desc;\nmemory read descriptor a-desc space .shared::cta source §1: a;\n";
    assert!(parse(formatless).is_err(), "a descriptor needs its format");
    let formatted = "@section 9.7\nld.x [a];\nmemory read a format wgmma space .shared::cta source §1: a;\n";
    assert!(parse(formatted).is_err(), "an address has no descriptor format");
    let unknown = "@section 9.7\na-desc : reg .b64;\nmm.x a-desc;\nmemory read descriptor a-desc format mma space .shared::cta source §1: a;\n";
    assert!(parse(unknown).is_err(), "an unknown format");
}

#[test]
fn descriptor_formats_decode_the_swizzle_the_manual_gives() {
    use crate::signature::semantics::{DescriptorFormat, Swizzle};
    // Triton's descriptors for sm_90 (128- and 64-byte modes) and sm_100.
    let wgmma = DescriptorFormat::Wgmma;
    assert_eq!(wgmma.swizzle(0x4000_0040_0010_0000), Some(Swizzle { bits: 3 }));
    assert_eq!(wgmma.swizzle(0x8000_0040_0010_0000), Some(Swizzle { bits: 2 }));
    assert_eq!(wgmma.swizzle(0xC000_0000_0000_0000), Some(Swizzle { bits: 1 }));
    assert_eq!(wgmma.swizzle(0), Some(Swizzle { bits: 0 }));
    assert_eq!(wgmma.swizzle(0x4002_0000_0000_0000), None, "a base offset");
    let tcgen05 = DescriptorFormat::Tcgen05;
    assert_eq!(tcgen05.swizzle(0x4000_4040_0000_0000), Some(Swizzle { bits: 3 }));
    assert_eq!(tcgen05.swizzle(0x8000_4000_0000_0000), Some(Swizzle { bits: 2 }));
    assert_eq!(
        tcgen05.swizzle(0x2000_4000_0000_0000),
        None,
        "128 bytes with 32-byte atoms"
    );
    assert_eq!(tcgen05.swizzle(0x6000_4000_0000_0000), None, "an invalid mode");
    // The 128-byte mode moves the 16 bytes of row r of a pattern to chunk c ^ r.
    let s = Swizzle { bits: 3 };
    assert_eq!(s.apply(0), 0);
    assert_eq!(s.apply(32), 32);
    assert_eq!(s.apply(128), 128 + 16);
    let (row, chunk) = (3, 2);
    assert_eq!(s.apply(row * 128 + chunk * 16), row * 128 + (chunk ^ row) * 16);
    assert_eq!(s.apply(1024 + 7 * 128), 1024 + 7 * 128 + 7 * 16);
    assert_eq!(Swizzle { bits: 0 }.apply(3 * 128 + 32), 3 * 128 + 32);
}
