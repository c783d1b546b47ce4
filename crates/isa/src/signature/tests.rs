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
    ];
    for (text, line, message) in cases {
        let err = parse(text).expect_err(text);
        assert_eq!(err.line, line, "{text}: {err}");
        assert!(err.message.contains(message), "{text}: {err}");
    }
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
            vec![reg(".u32"), Found::SpecialRegister { ty: Some(".u32") }, imm(15)]
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
