//! Compiles the instruction signatures (`signatures/*.sig`, notation in `signatures/README.md`)
//! into static tables (`$OUT_DIR/signatures.rs`). A malformed file stops the build with
//! `signatures/FILE.sig:LINE: message`.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

#[allow(dead_code, missing_docs)]
#[path = "src/types.rs"]
mod types;

#[allow(dead_code, missing_docs)]
#[path = "src/version.rs"]
mod version;

#[allow(dead_code, missing_docs)]
#[path = "src/target.rs"]
mod target;

#[allow(dead_code, missing_docs)]
#[path = "src/toolkit.rs"]
mod toolkit;

#[allow(dead_code, missing_docs)]
#[path = "src/signature/notation.rs"]
mod notation;

#[path = "build/model_tables.rs"]
mod model_tables;

#[path = "build/records.rs"]
mod records;

#[path = "build/access.rs"]
mod access;

use notation::{
    SigCount, SigDirection, SigEffect, SigFile, SigOperand, SigPresence, SigRequire, SigShape, SigType, SigValue,
};

fn main() {
    let dir = Path::new("signatures");
    println!("cargo::rerun-if-changed=signatures");
    println!("cargo::rerun-if-changed=src/signature/notation.rs");
    println!("cargo::rerun-if-changed=src/types.rs");
    println!("cargo::rerun-if-changed=build/records.rs");
    println!("cargo::rerun-if-changed=build/access.rs");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("crates/isa/signatures exists")
        .map(|entry| entry.expect("readable directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "sig"))
        .collect();
    paths.sort();
    let mut files = Vec::new();
    let mut failed = false;
    for path in &paths {
        println!("cargo::rerun-if-changed={}", path.display());
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let stem = path
            .file_stem()
            .and_then(|s| s.to_str())
            .expect("UTF-8 file name")
            .to_string();
        match notation::parse(&text).and_then(|file| check_requires(&file).map(|()| file)) {
            Ok(file) => files.push((stem, file)),
            Err(err) => {
                println!("cargo::error={}:{}: {}", path.display(), err.line, err.message);
                eprintln!("error: {}:{}: {}", path.display(), err.line, err.message);
                failed = true;
            }
        }
    }
    if failed {
        std::process::exit(1);
    }
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR is set")).join("signatures.rs");
    std::fs::write(&out, generate(&files)).expect("writable OUT_DIR");
    model_tables::write(&files, out.parent().expect("OUT_DIR is a directory"));

    records::generate(&files, out.parent().expect("OUT_DIR")).unwrap_or_else(|e| panic!("{e}"));
}

/// Checks what the notation parser cannot: versions and targets of require records, and that
/// a `block` record stands in a block with forms.
fn check_requires(file: &SigFile) -> Result<(), notation::NotationError> {
    for record in &file.requires {
        if let Some(block) = record.block
            && !file.forms.iter().any(|f| f.block == block)
        {
            return Err(notation::NotationError {
                line: record.line,
                message: "a 'block' record must stand in a block with forms (before its closing ---)".to_string(),
            });
        }
        if version::version(&record.ptx).is_err() {
            return Err(notation::NotationError {
                line: record.line,
                message: format!("unknown PTX version '{}'", record.ptx),
            });
        }
        target_req(&record.target, &record.ptx).map_err(|message| notation::NotationError {
            line: record.line,
            message,
        })?;
    }
    Ok(())
}

fn lit(s: &str) -> String {
    format!("{s:?}")
}

fn version_code(text: &str) -> String {
    let v = version::version(text).expect("checked");
    format!("Version::new({}, {})", v.major, v.minor)
}

fn target_code(t: target::Target) -> String {
    let variant = match t.variant {
        target::Variant::Base => "Base",
        target::Variant::Arch => "Arch",
        target::Variant::Family => "Family",
    };
    format!("Target::new({}, Variant::{variant})", t.sm)
}

/// The Rust expression of a `target` value (see the README).
fn target_req(text: &str, ptx: &str) -> Result<String, String> {
    let text = text.trim();
    if text.is_empty() {
        return Ok("TargetReq::Any".to_string());
    }
    let entries: Vec<&str> = text.split(',').map(str::trim).filter(|s| !s.is_empty()).collect();
    if let [single] = entries.as_slice()
        && !single.contains('@')
    {
        let t = target::target(single).map_err(|e| format!("bad target '{single}': {e}"))?;
        if t.variant == target::Variant::Base {
            return Ok(format!("TargetReq::AtLeast({})", t.sm));
        }
    }
    let mut list = Vec::new();
    for entry in entries {
        let (name, since) = entry.split_once('@').unwrap_or((entry, ptx));
        let t = target::target(name.trim()).map_err(|e| format!("bad target '{name}': {e}"))?;
        version::version(since.trim()).map_err(|_| format!("bad version '{since}' in target '{entry}'"))?;
        list.push(format!("({}, {})", target_code(t), version_code(since.trim())));
    }
    Ok(format!("TargetReq::Listed(&[{}])", list.join(", ")))
}

fn type_code(ty: &SigType) -> String {
    match ty {
        SigType::Unchecked => "TypeSpec::Unchecked".to_string(),
        SigType::Fixed(t) => format!("TypeSpec::Fixed({})", lit(t)),
        SigType::Part { part, num, den } => format!("TypeSpec::Part {{ part: {part}, num: {num}, den: {den} }}"),
        SigType::Map { part, entries } => format!(
            "TypeSpec::Map {{ part: {part}, entries: &[{}] }}",
            entries
                .iter()
                .map(|(v, t)| format!("({}, {})", lit(v), lit(t)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

fn count_code(count: &SigCount) -> String {
    match count {
        SigCount::Scalar => "CountSpec::Scalar".to_string(),
        SigCount::Fixed(n) => format!("CountSpec::Fixed({n})"),
        SigCount::PartNumber(p) => format!("CountSpec::PartNumber({p})"),
        SigCount::Map { part, entries } => format!(
            "CountSpec::Map {{ part: {part}, entries: &[{}] }}",
            entries
                .iter()
                .map(|(v, n)| format!("({}, {n})", lit(v)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        SigCount::Dim { part, letter, num, den } => {
            format!("CountSpec::Dim {{ part: {part}, letter: {letter:?}, num: {num}, den: {den} }}")
        }
    }
}

fn operand_code(op: &SigOperand) -> String {
    let direction = match op.direction {
        SigDirection::In => "In",
        SigDirection::Out => "Out",
        SigDirection::InOut => "InOut",
    };
    let kinds = op
        .kinds
        .iter()
        .map(|k| format!("Kinds::{}.0", k.to_uppercase()))
        .collect::<Vec<_>>()
        .join(" | ");
    let range = match op.range {
        Some((lo, hi)) => format!("Some(({lo}, {hi}))"),
        None => "None".to_string(),
    };
    let multiple = match op.multiple {
        Some(n) => format!("Some({n})"),
        None => "None".to_string(),
    };
    let since = match op.since {
        Some((major, minor, sm)) => format!("Some(({major}, {minor}, {sm}))"),
        None => "None".to_string(),
    };
    let asynchronous = match &op.asynchronous {
        Some(group) => format!("Some({})", group_code(group)),
        None => "None".to_string(),
    };
    format!(
        "Operand {{ name: {}, direction: Direction::{direction}, kinds: Kinds({kinds}), ty: {}, count: {}, wide: {}, scalar: {}, braced: {}, example: {}, range: {range}, multiple: {multiple}, nonzero: {}, since: {since}, asynchronous: {asynchronous}, read_when: {} }}",
        lit(&op.name),
        type_code(&op.ty),
        count_code(&op.count),
        op.wide,
        op.scalar,
        op.braced,
        lit(&op.example),
        op.nonzero,
        match &op.read_when {
            Some(name) => format!("Some({})", lit(name)),
            None => "None".to_string(),
        },
    )
}

fn shape_code(shape: &SigShape) -> String {
    match shape {
        SigShape::Single(o) => format!("Shape::Single({})", operand_code(o)),
        SigShape::Sink => "Shape::Sink".to_string(),
        SigShape::Address(elements) => format!(
            "Shape::Address(&[{}])",
            elements
                .iter()
                .map(|(o, optional)| format!("({}, {optional})", operand_code(o)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        SigShape::List(list) => format!(
            "Shape::List(&[{}])",
            list.iter().map(operand_code).collect::<Vec<_>>().join(", ")
        ),
        SigShape::Pair {
            first,
            second,
            second_optional,
        } => format!(
            "Shape::Pair {{ first: {}, second: {}, second_optional: {second_optional} }}",
            operand_code(first),
            operand_code(second)
        ),
        SigShape::Negatable(o) => format!("Shape::Negatable({})", operand_code(o)),
        SigShape::Paren(o) => format!("Shape::Paren({})", operand_code(o)),
    }
}

/// A word of the notation as the name of its `semantics` enum variant (`acq_rel` → `AcqRel`,
/// `cp.async` → `CpAsync`, `.shared::cta` → `SharedCta`).
fn variant(word: &str) -> String {
    let mut out = String::new();
    let mut upper = true;
    for c in word.trim_start_matches('.').chars() {
        if c.is_ascii_alphanumeric() {
            out.push(if upper { c.to_ascii_uppercase() } else { c });
            upper = false;
        } else {
            upper = true;
        }
    }
    out
}

fn group_code(word: &str) -> String {
    format!("semantics::Group::{}", variant(word))
}

fn word<'a>(effect: &'a SigEffect, key: &str) -> Option<&'a str> {
    match effect.get(key) {
        Some(SigValue::Word(w)) => Some(w),
        _ => None,
    }
}

fn position(effect: &SigEffect, key: &str) -> String {
    match effect.get(key) {
        Some(SigValue::Position(p)) => format!("Some({p})"),
        _ => "None".to_string(),
    }
}

fn flag(effect: &SigEffect, key: &str) -> String {
    match effect.get(key) {
        Some(SigValue::Yes) => "semantics::Flag::Yes".to_string(),
        Some(SigValue::Part(p)) => format!("semantics::Flag::Part({p})"),
        _ => "semantics::Flag::No".to_string(),
    }
}

fn order_code(effect: &SigEffect, default: &str) -> String {
    format!(
        "semantics::Order::{}",
        variant(word(effect, "order").unwrap_or(default))
    )
}

fn scope_code(effect: &SigEffect) -> String {
    match word(effect, "scope") {
        Some(w) => format!("Some(semantics::Scope::{})", variant(w)),
        None => "None".to_string(),
    }
}

fn memory_code(effect: &SigEffect) -> String {
    let Some(SigValue::Position(operand)) = effect.get("operand") else {
        unreachable!("the notation resolves a memory line's operand")
    };
    let space = match effect.get("space") {
        Some(SigValue::Part(p)) => format!("semantics::SpaceSpec::Part({p})"),
        Some(SigValue::Word(w)) => format!("semantics::SpaceSpec::Fixed(semantics::Space::{})", variant(w)),
        _ => unreachable!("the notation gives every memory line a space"),
    };
    let size = match (effect.get("width"), effect.get("bytes")) {
        (Some(SigValue::Position(p)), _) => format!("semantics::SizeSpec::Width({p})"),
        (_, Some(SigValue::Position(p))) => format!("semantics::SizeSpec::Value({p})"),
        (_, Some(SigValue::Number(n))) => format!("semantics::SizeSpec::Bytes({n})"),
        _ => match effect.get("least-bytes") {
            Some(SigValue::Number(n)) => format!("semantics::SizeSpec::AtLeast({n})"),
            _ => "semantics::SizeSpec::Unknown".to_string(),
        },
    };
    let proxy = variant(word(effect, "proxy").unwrap_or("generic"));
    let completion = match word(effect, "async") {
        None => "semantics::Completion::Immediate".to_string(),
        Some("mbarrier") => match effect.get("mbarrier") {
            Some(SigValue::Position(p)) => format!("semantics::Completion::Mbarrier({p})"),
            _ => unreachable!("async mbarrier names its operand"),
        },
        Some(group) => format!("semantics::Completion::Group({})", group_code(group)),
    };
    let when = match effect.get("if") {
        Some(SigValue::Part(p)) => format!("Some({p})"),
        _ => "None".to_string(),
    };
    let row_lanes = match effect.get("row-lanes") {
        Some(SigValue::Position(p)) => format!("Some({p})"),
        _ => "None".to_string(),
    };
    format!(
        "semantics::MemoryEffect {{ access: semantics::Access::{}, position: {operand}, space: {space}, size: {size}, order: {}, scope: {}, proxy: semantics::Proxy::{proxy}, completion: {completion}, atomic: {}, descriptor: {}, when: {when}, row_lanes: {row_lanes}, {}, source: {} }}",
        variant(&effect.kind),
        order_code(effect, "weak"),
        scope_code(effect),
        effect.get("atomic").is_some(),
        match effect.get("format") {
            Some(SigValue::Word(w)) => format!("Some(semantics::DescriptorFormat::{})", variant(w)),
            _ => "None".to_string(),
        },
        access::align_fields(effect),
        lit(&effect.source),
    )
}

fn sync_code(effect: &SigEffect) -> String {
    let w = |key| word(effect, key).unwrap_or_default();
    let at = |key| match effect.get(key) {
        Some(SigValue::Position(p)) => p.to_string(),
        _ => unreachable!("required"),
    };
    match effect.kind.as_str() {
        "barrier" => format!(
            "semantics::SyncEffect::Barrier {{ scope: semantics::BarrierScope::{}, mode: semantics::BarrierMode::{}, id: {}, threads: {}, aligned: {}, order: {} }}",
            variant(w("scope")),
            variant(w("mode")),
            position(effect, "id"),
            position(effect, "threads"),
            flag(effect, "aligned"),
            order_code(effect, "acq_rel"),
        ),
        "warp-barrier" => format!("semantics::SyncEffect::WarpBarrier {{ mask: {} }}", at("mask")),
        "fence" => format!(
            "semantics::SyncEffect::Fence {{ order: {}, scope: {}, proxy: {}, space: {} }}",
            order_code(effect, "acq_rel"),
            scope_code(effect),
            match word(effect, "proxy") {
                Some(p) => format!("Some(semantics::Proxy::{})", variant(p)),
                None => "None".to_string(),
            },
            match effect.get("space") {
                Some(SigValue::Part(p)) => format!("Some({p})"),
                _ => "None".to_string(),
            },
        ),
        "commit" => format!(
            "semantics::SyncEffect::Commit {{ group: {}, mbarrier: {} }}",
            group_code(w("group")),
            position(effect, "mbarrier")
        ),
        "wait" => format!(
            "semantics::SyncEffect::Wait {{ group: {}, pending: {}, read: {} }}",
            group_code(w("group")),
            position(effect, "pending"),
            flag(effect, "read")
        ),
        "mbarrier" => format!(
            "semantics::SyncEffect::Mbarrier {{ op: semantics::MbarrierOp::{}, object: {}, count: {}, tx: {}, parity: {}, state: {}, drop: {}, expect_tx: {} }}",
            variant(w("op")),
            at("object"),
            position(effect, "count"),
            position(effect, "tx"),
            position(effect, "parity"),
            position(effect, "state"),
            flag(effect, "drop"),
            flag(effect, "expect-tx"),
        ),
        "operand-fence" => format!(
            "semantics::SyncEffect::OperandFence {{ group: {} }}",
            group_code(w("group"))
        ),
        "collective" => format!(
            "semantics::SyncEffect::Collective {{ mask: {}, aligned: {}, legacy: {} }}",
            position(effect, "mask"),
            flag(effect, "aligned"),
            effect.get("legacy").is_some()
        ),
        "elect" => format!("semantics::SyncEffect::Elect {{ mask: {} }}", at("mask")),
        "active-mask" => "semantics::SyncEffect::ActiveMask".to_string(),
        "tensor-free" => "semantics::SyncEffect::TensorFree".to_string(),
        "exit" => "semantics::SyncEffect::Exit".to_string(),
        "trap" => "semantics::SyncEffect::Trap".to_string(),
        other => unreachable!("the notation checks sync kinds: {other}"),
    }
}

fn value_code(value: &notation::SigValueLine) -> String {
    let op_code = |op: &notation::SigValueOp| match op {
        notation::SigValueOp::Operand(p) => format!("semantics::ValueOp::Operand({p})"),
        notation::SigValueOp::Const(n) => format!("semantics::ValueOp::Const({n})"),
        notation::SigValueOp::Window(Some(part), _) => {
            format!("semantics::ValueOp::Window(semantics::SpaceSpec::Part({part}))")
        }
        notation::SigValueOp::Window(None, space) => format!(
            "semantics::ValueOp::Window(semantics::SpaceSpec::Fixed(semantics::Space::{}))",
            variant(space)
        ),
        notation::SigValueOp::Binary(token) => format!(
            "semantics::ValueOp::Binary(semantics::BinaryOp::{})",
            binary_variant(token)
        ),
        notation::SigValueOp::BinaryPart(part) => format!("semantics::ValueOp::BinaryPart({part})"),
        notation::SigValueOp::Unary(token) => format!(
            "semantics::ValueOp::Unary(semantics::UnaryOp::{})",
            match token.as_str() {
                "-" => "Neg",
                "~" => "Not",
                "!" => "LogicalNot",
                _ => "Abs",
            }
        ),
        notation::SigValueOp::Select => "semantics::ValueOp::Select".to_string(),
        notation::SigValueOp::Lane => "semantics::ValueOp::Lane".to_string(),
        notation::SigValueOp::InLane => "semantics::ValueOp::InLane".to_string(),
        notation::SigValueOp::Elected => "semantics::ValueOp::Elected".to_string(),
        notation::SigValueOp::Element(p, k) => format!("semantics::ValueOp::Element({p}, {k})"),
    };
    let opt = |s: &Option<String>| match s {
        Some(s) => format!("Some({})", lit(s)),
        None => "None".to_string(),
    };
    format!(
        "semantics::ValueEffect {{ dest: {}, predicate: {}, program: &[{}], when: {}, unless: {}, text: {}, source: {} }}",
        value.dest,
        value.predicate,
        value.program.iter().map(op_code).collect::<Vec<_>>().join(", "),
        opt(&value.when),
        opt(&value.unless),
        lit(&value.text),
        lit(&value.source)
    )
}

/// The `semantics::BinaryOp` variant of a value-line operator token.
fn binary_variant(token: &str) -> &'static str {
    match token {
        "+" => "Add",
        "-" => "Sub",
        "*" => "Mul",
        "/" => "Div",
        "%" => "Rem",
        "<<" => "Shl",
        ">>" => "Shr",
        "&" => "And",
        "|" => "Or",
        "^" => "Xor",
        "&&" => "LogicalAnd",
        "||" => "LogicalOr",
        "==" => "Eq",
        "!=" => "Ne",
        "<" => "Lt",
        "<=" => "Le",
        ">" => "Gt",
        ">=" => "Ge",
        "min" => "Min",
        "max" => "Max",
        "mulhi" => "MulHi",
        other => panic!("the notation checks value operators: {other}"),
    }
}

fn require_code(family: &str, record: &SigRequire) -> String {
    let target = target_req(&record.target, &record.ptx).expect("checked");
    let subject = |i: usize| {
        record
            .ptxas
            .get(i)
            .or(record.ptxas.first())
            .cloned()
            .unwrap_or_default()
    };
    format!(
        "Feature {{ pattern: {}, ptx: {}, target: {target}, version_subject: {}, target_subject: {}, probe: {}, setup: {}, attrs: {}, not_supported_wording: {}, source: {} }}",
        lit(&record.pattern),
        version_code(&record.ptx),
        lit(&subject(0)),
        lit(&subject(1)),
        lit(&record.probe),
        lit(&record.setup),
        lit(&record.attrs),
        record.not_supported,
        lit(&format!("{} (signatures/{family}.sig:{})", record.source, record.line)),
    )
}

fn generate(files: &[(String, SigFile)]) -> String {
    let mut forms: Vec<(&str, &notation::SigForm)> = files
        .iter()
        .flat_map(|(stem, file)| file.forms.iter().map(move |f| (stem.as_str(), f)))
        .collect();
    // Grouped by opcode (stable: file order within an opcode), for the opcode index.
    forms.sort_by(|a, b| a.1.opcode.cmp(&b.1.opcode));
    // The `block` records, numbered in file order: (family, block) → indices.
    let mut block_records: Vec<(&str, &SigRequire)> = Vec::new();
    for (stem, file) in files {
        for record in file.requires.iter().filter(|r| r.block.is_some()) {
            block_records.push((stem.as_str(), record));
        }
    }
    let mut out = String::new();
    out.push_str("// Generated by build.rs from signatures/*.sig. Do not edit.\n\n");
    out.push_str("/// Every form, grouped by opcode.\npub(crate) static FORMS: &[Form] = &[\n");
    for (stem, form) in &forms {
        let effects = |w: &str| form.effects.iter().any(|e| e == w);
        let parts = form
            .parts
            .iter()
            .map(|p| {
                format!(
                    "Part {{ name: {}, values: &[{}], optional: {}, slot: {}, is_type: {} }}",
                    lit(&p.name),
                    p.values.iter().map(|v| lit(v)).collect::<Vec<_>>().join(", "),
                    p.optional,
                    p.slot,
                    p.is_type
                )
            })
            .collect::<Vec<_>>()
            .join(", ");
        let positions = form
            .positions
            .iter()
            .map(|p| {
                let presence = match p.presence {
                    SigPresence::Always => "Presence::Always".to_string(),
                    SigPresence::Optional => "Presence::Optional".to_string(),
                    SigPresence::If(i) => format!("Presence::If({i})"),
                };
                format!("Position {{ shape: {}, presence: {presence} }}", shape_code(&p.shape))
            })
            .collect::<Vec<_>>()
            .join(", ");
        let excepts = form
            .excepts
            .iter()
            .map(|(pattern, reason)| format!("({}, {})", lit(&format!("{} {pattern}", form.opcode)), lit(reason)))
            .collect::<Vec<_>>()
            .join(", ");
        let requires = block_records
            .iter()
            .enumerate()
            .filter(|(_, (family, record))| family == stem && record.block == Some(form.block))
            .map(|(i, _)| i.to_string())
            .collect::<Vec<_>>()
            .join(", ");
        let _ = writeln!(
            out,
            "    Form {{ family: {}, line: {}, text: {}, section: {}, summary: {}, effects: Effects {{ read: {}, write: {}, sync: {}, collective: {}, control: {}, asynchronous: {} }}, opcode: {}, parts: &[{parts}], positions: &[{positions}], excepts: &[{excepts}], requires: &[{requires}], memory: &[{}], sync: &[{}], values: &[{}], {} }},",
            lit(stem),
            form.line,
            lit(&form.text),
            lit(&form.section),
            lit(&form.summary),
            effects("read"),
            effects("write"),
            effects("sync"),
            effects("collective"),
            effects("control"),
            effects("async"),
            lit(&form.opcode),
            form.memory.iter().map(memory_code).collect::<Vec<_>>().join(", "),
            form.sync.iter().map(sync_code).collect::<Vec<_>>().join(", "),
            form.values.iter().map(value_code).collect::<Vec<_>>().join(", "),
            access::control_field(form),
        );
    }
    out.push_str("];\n\n");
    out.push_str("/// The require records of every file, as instruction-table rows.\npub(crate) static SIGNATURE_FEATURES: &[Feature] = &[\n");
    for (stem, file) in files {
        for record in file.requires.iter().filter(|r| r.block.is_none()) {
            let _ = writeln!(out, "    {},", require_code(stem, record));
        }
    }
    out.push_str("];\n\n");
    out.push_str(
        "/// The `block` require records: rows that apply to the forms of one block only.\npub(crate) static FORM_FEATURES: &[Feature] = &[\n",
    );
    for (stem, record) in &block_records {
        let _ = writeln!(out, "    {},", require_code(stem, record));
    }
    out.push_str("];\n\n");
    out.push_str("/// Each family file's stem and text, for `--explain-instruction` and the tests.\npub(crate) static FAMILY_FILES: &[&str] = &[\n");
    for (stem, _) in files {
        let _ = writeln!(out, "    {},", lit(stem));
    }
    out.push_str("];\n");
    out
}
