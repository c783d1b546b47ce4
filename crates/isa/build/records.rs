//! Compiles the `rounding`, `rounding-probe` and `companion` records of the signature files
//! (notation in `signatures/README.md`, "Rounding modifiers") into `$OUT_DIR/rounding.rs`, the
//! tables of `ptxkit_isa::rounding`, and the `order` records ("Modifier order") into
//! `$OUT_DIR/order.rs`, read by `ptxkit_isa::modifier_order`.

use std::fmt::Write as _;
use std::path::Path;

use crate::notation::SigFile;

/// One record's key/value pairs: `source` takes the rest of its line, other pairs are
/// separated by `;`.
fn keys(body: &[(u32, String)]) -> Vec<(u32, String, String)> {
    let mut out = Vec::new();
    for (line, text) in body {
        let mut rest = text.as_str();
        while !rest.trim().is_empty() {
            let item = rest.trim_start();
            let (key, value) = item.split_once(char::is_whitespace).unwrap_or((item, ""));
            if key == "source" {
                out.push((*line, key.to_string(), value.trim().to_string()));
                break;
            }
            let (value, next) = value.split_once(';').unwrap_or((value, ""));
            out.push((*line, key.to_string(), value.trim().to_string()));
            rest = next;
        }
    }
    out
}

fn quoted(line: u32, value: &str) -> Result<String, String> {
    value
        .strip_prefix('"')
        .and_then(|v| v.strip_suffix('"'))
        .map(str::to_string)
        .ok_or_else(|| format!("{line}: expected a quoted string, found `{value}`"))
}

fn version(line: u32, text: &str) -> Result<String, String> {
    let (major, minor) = text
        .split_once('.')
        .and_then(|(a, b)| Some((a.parse::<u8>().ok()?, b.parse::<u8>().ok()?)))
        .ok_or_else(|| format!("{line}: bad version `{text}`"))?;
    Ok(format!("Version::new({major}, {minor})"))
}

/// One condition of a `when` key.
fn condition(line: u32, word: &str) -> Result<String, String> {
    let class = |c: &str| match c {
        "float" => Ok("Class::Float"),
        "int" => Ok("Class::Int"),
        _ => Err(format!("{line}: unknown type class `{c}` (float, int)")),
    };
    let words: Vec<&str> = word.split_whitespace().collect();
    Ok(match words.as_slice() {
        ["target", below] => {
            let sm = below
                .strip_prefix("<sm_")
                .and_then(|n| n.parse::<u16>().ok())
                .ok_or_else(|| format!("{line}: expected `target <sm_NN`"))?;
            format!("When::TargetBelow({sm})")
        }
        ["ptx", below] => {
            let v = below
                .strip_prefix('<')
                .ok_or_else(|| format!("{line}: expected `ptx <X.Y`"))?;
            format!("When::PtxBelow({})", version(line, v)?)
        }
        ["types", n] => format!(
            "When::Types({})",
            n.parse::<u8>().map_err(|_| format!("{line}: bad count"))?
        ),
        ["dst", c] => format!("When::Dst({})", class(c)?),
        ["src", c] => format!("When::Src({})", class(c)?),
        ["same-type"] => "When::SameType".to_string(),
        ["narrowing"] => "When::Narrowing".to_string(),
        ["widening"] => "When::Widening".to_string(),
        ["same-precision"] => "When::SamePrecision".to_string(),
        _ => return Err(format!("{line}: unknown condition `{word}`")),
    })
}

fn list(values: &str) -> String {
    let items: Vec<String> = values.split_whitespace().map(|v| format!("{v:?}")).collect();
    format!("&[{}]", items.join(", "))
}

/// A `rounding` record as a `RoundingRecord` literal.
fn rule(line: u32, pattern: &str, body: &[(u32, String)]) -> Result<String, String> {
    let opcode = pattern.split(['.', ' ']).next().unwrap_or_default();
    let (mut when, mut need, mut since) = (Vec::new(), None, "None".to_string());
    let (mut allowed, mut missing, mut illegal) = (
        String::from("&[]"),
        String::new(),
        "Illegal rounding modifier".to_string(),
    );
    let (mut approx_counted, mut rs_with_types, mut source) = (true, false, None);
    for (line, key, value) in keys(body) {
        match key.as_str() {
            "when" => {
                for word in value.split(',') {
                    when.push(condition(line, word.trim())?);
                }
            }
            "need" => {
                let mut words = value.split_whitespace();
                need = Some(match words.next() {
                    Some("required") => "Need::Required",
                    Some("optional") => "Need::Optional",
                    Some("forbidden") => "Need::Forbidden",
                    _ => return Err(format!("{line}: need is required, optional or forbidden")),
                });
                if let (Some("since"), Some(v)) = (words.next(), words.next()) {
                    since = format!("Some({})", version(line, v)?);
                }
            }
            "allow" => allowed = list(&value),
            "missing" => missing = quoted(line, &value)?,
            "illegal" => illegal = quoted(line, &value)?,
            "approx" if value == "uncounted" && !pattern.contains(' ') => approx_counted = false,
            "rs" if value == "with-types" && !pattern.contains(' ') => rs_with_types = true,
            "source" => source = Some(value),
            _ => {
                return Err(format!(
                    "{line}: unknown key `{key} {value}` (opcode-wide keys go on the bare record)"
                ));
            }
        }
    }
    let need = need.ok_or_else(|| format!("{line}: a rounding record needs `need`"))?;
    let source = source.ok_or_else(|| format!("{line}: a rounding record needs `source`"))?;
    Ok(format!(
        "RoundingRecord {{ opcode: {opcode:?}, pattern: {pattern:?}, when: &[{}], need: {need}, since: {since}, allowed: {allowed}, missing: {missing:?}, illegal: {illegal:?}, approx_counted: {approx_counted}, rs_with_types: {rs_with_types}, source: {source:?} }},\n",
        when.join(", ")
    ))
}

/// A `rounding-probe` record as a `RoundedForm` literal.
fn probe(line: u32, template: &str, body: &[(u32, String)]) -> Result<String, String> {
    let template = quoted(line, template)?;
    let (mut types, mut legacy) = (Vec::new(), false);
    for (line, key, value) in keys(body) {
        match key.as_str() {
            "types" => types.extend(value.split_whitespace().map(|t| format!("{t:?}"))),
            "legacy" => legacy = true,
            "source" => {}
            _ => return Err(format!("{line}: unknown key `{key}`")),
        }
    }
    Ok(format!(
        "RoundedForm {{ template: {template:?}, types: &[{}], legacy: {legacy} }},\n",
        types.join(", ")
    ))
}

/// A `companion` record as a `Companion` literal.
fn companion(line: u32, pattern: &str, body: &[(u32, String)]) -> Result<String, String> {
    let (mut modifier, mut message) = (None, None);
    for (line, key, value) in keys(body) {
        match key.as_str() {
            "modifier" => modifier = Some(value),
            "message" => message = Some(quoted(line, &value)?),
            "source" => {}
            _ => return Err(format!("{line}: unknown key `{key}`")),
        }
    }
    let (Some(modifier), Some(message)) = (modifier, message) else {
        return Err(format!("{line}: a companion record needs `modifier` and `message`"));
    };
    Ok(format!(
        "Companion {{ pattern: {pattern:?}, modifier: {modifier:?}, message: {message:?} }},\n"
    ))
}

/// An `order` record (`order mul .mode first`) as an `OrderRecord` literal.
fn order(line: u32, head: &str, body: &[(u32, String)]) -> Result<String, String> {
    let words: Vec<&str> = head.split_whitespace().collect();
    let [opcode, part, "first"] = words.as_slice() else {
        return Err(format!("{line}: expected `order OPCODE .part first`"));
    };
    let ptxas = ptxas_message(line, "an order record", body)?;
    Ok(format!(
        "OrderRecord {{ opcode: {opcode:?}, part: {part:?}, ptxas: {ptxas:?} }},\n"
    ))
}

/// A `type-message` record as a `(pattern, ptxas)` pair.
fn type_message(line: u32, pattern: &str, body: &[(u32, String)]) -> Result<String, String> {
    let ptxas = ptxas_message(line, "a type-message record", body)?;
    Ok(format!("({pattern:?}, {ptxas:?}),\n"))
}

/// The `ptxas "..."` key of a record whose only other key is `source`.
fn ptxas_message(line: u32, what: &str, body: &[(u32, String)]) -> Result<String, String> {
    let mut ptxas = None;
    for (line, key, value) in keys(body) {
        match key.as_str() {
            "ptxas" => ptxas = Some(quoted(line, &value)?),
            "source" => {}
            _ => return Err(format!("{line}: unknown key `{key}`")),
        }
    }
    ptxas.ok_or_else(|| format!("{line}: {what} needs `ptxas`"))
}

/// Writes `$OUT_DIR/rounding.rs`, `order.rs` and `type_messages.rs`; an error names the file
/// and line.
pub fn generate(files: &[(String, SigFile)], out: &Path) -> Result<(), String> {
    let (mut rules, mut probes, mut companions) = (String::new(), String::new(), String::new());
    let (mut orders, mut type_messages) = (String::new(), String::new());
    for (stem, file) in files {
        for (line, kind, head, body) in &file.records {
            let at = |e: String| format!("signatures/{stem}.sig:{e}");
            match kind.as_str() {
                "rounding" => rules.push_str(&rule(*line, head, body).map_err(at)?),
                "rounding-probe" => probes.push_str(&probe(*line, head, body).map_err(at)?),
                "companion" => companions.push_str(&companion(*line, head, body).map_err(at)?),
                "order" => orders.push_str(&order(*line, head, body).map_err(at)?),
                "type-message" => type_messages.push_str(&type_message(*line, head, body).map_err(at)?),
                _ => {}
            }
        }
    }
    let mut code = String::new();
    let _ = writeln!(
        code,
        "/// The `rounding` records, in file order (the first that matches decides)."
    );
    let _ = writeln!(code, "pub(crate) static RECORDS: &[RoundingRecord] = &[\n{rules}];");
    let _ = writeln!(
        code,
        "/// Every instruction whose rounding legality [`rounding_rule`] decides, as a probe"
    );
    let _ = writeln!(
        code,
        "/// template with the types it is probed with (the `rounding-probe` records)."
    );
    let _ = writeln!(code, "pub static ROUNDED_FORMS: &[RoundedForm] = &[\n{probes}];");
    let _ = writeln!(code, "/// The `companion` records.");
    let _ = writeln!(code, "pub(crate) static COMPANIONS: &[Companion] = &[\n{companions}];");
    std::fs::write(out.join("rounding.rs"), code).map_err(|e| e.to_string())?;
    let code = format!("/// The `order` records.\npub(crate) static ORDER_RECORDS: &[OrderRecord] = &[\n{orders}];\n");
    std::fs::write(out.join("order.rs"), code).map_err(|e| e.to_string())?;
    let code = format!(
        "/// The `type-message` records: (pattern, ptxas's words for an illegal type).\nstatic TYPE_MESSAGES: &[(&str, &str)] = &[\n{type_messages}];\n"
    );
    std::fs::write(out.join("type_messages.rs"), code).map_err(|e| e.to_string())
}
