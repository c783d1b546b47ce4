//! The exactness comparison of `cargo xtask rewrite-check`: an original and its rewrite
//! assembled by one ptxas for one `-arch`, their cubins and then their SASS compared (with
//! the ABI's stack-pointer setup and equivalent encodings set aside). A comparison's result is
//! recorded ([`crate::verdicts`]) under a key of both texts, the move, and this file's text
//! (the comparison's code), so a changed comparison runs live.

use std::path::Path;
use std::process::Command;

use anyhow::{Context, Result};

use crate::ptxas::RELEASES;
use crate::ptxas::tool_path;

/// How the code of an exact rewrite compares with the original's.
pub(crate) enum Exactness {
    /// Identical cubins.
    SameCubin,
    /// Identical `cuobjdump -sass`.
    SameSass,
    /// The same instructions once the ABI's stack-pointer setup is set aside
    /// and registers and branch targets are numbered by first use.
    SameButAbi,
    /// The same once equivalent ALU encodings are identified too (`MOV` and
    /// `IMAD.MOV.U32 d, RZ, RZ, x`, `IADD3` and `IMAD.IADD`, `.reuse`
    /// hints, an immediate written negative or as its 32-bit pattern).
    SameButSelection,
    /// Different machine code from an exact pass that does not keep the code
    /// (`Pass::same_code` is false: expansions, legacy code moved onto the ABI).
    Expanded(String),
    /// Different machine code although only the header changed (no pass
    /// applied): ptxas itself lowers the same instructions differently at
    /// another `.version` (e.g. MC-GPU at `.target sm_20`: 4,624 SASS
    /// instructions at PTX 3.0, 4,728 at 4.0 and later, with ptxas 13.5).
    HeaderOnly(String),
    /// Different code (must not happen).
    Different(String),
    /// Not comparable (no ptxas for both, the original rejected, no disassembler).
    Skipped(String),
}

/// [`compare`] through the recorded verdicts.
pub(crate) fn compare_recorded(
    verdicts: &crate::verdicts::Verdicts,
    original: &str,
    rewritten: &str,
    movement: &ptxkit_rewrite::Move,
    dir: &Path,
) -> Result<Exactness> {
    let movement_text = format!(
        "{} {} -> {} {}",
        movement.from, movement.from_target, movement.to, movement.to_target
    );
    let key = crate::verdicts::Key::of(&[
        b"rewrite-check exactness",
        movement_text.as_bytes(),
        original.as_bytes(),
        rewritten.as_bytes(),
        include_str!("rewrite_compare.rs").as_bytes(),
    ]);
    let record = verdicts.get(key, || {
        let (a, b) = (dir.join("original.ptx"), dir.join("rewritten.ptx"));
        std::fs::write(&a, original)?;
        std::fs::write(&b, rewritten)?;
        Ok(match compare(&a, &b, movement, dir)? {
            Exactness::SameCubin => "same-cubin".to_string(),
            Exactness::SameSass => "same-sass".to_string(),
            Exactness::SameButAbi => "same-but-abi".to_string(),
            Exactness::SameButSelection => "same-but-selection".to_string(),
            Exactness::Expanded(why) => format!("expanded\t{why}"),
            Exactness::HeaderOnly(why) => format!("header-only\t{why}"),
            Exactness::Different(why) => format!("different\t{why}"),
            Exactness::Skipped(why) => format!("skipped\t{why}"),
        })
    })?;
    let (kind, why) = record.split_once('\t').unwrap_or((record.as_str(), ""));
    let why = why.to_string();
    Ok(match kind {
        "same-cubin" => Exactness::SameCubin,
        "same-sass" => Exactness::SameSass,
        "same-but-abi" => Exactness::SameButAbi,
        "same-but-selection" => Exactness::SameButSelection,
        "expanded" => Exactness::Expanded(why),
        "header-only" => Exactness::HeaderOnly(why),
        "different" => Exactness::Different(why),
        _ => Exactness::Skipped(why),
    })
}

/// Assembles `file`; `Ok(Err(message))` when ptxas rejects it (or crashes).
pub(crate) fn assemble(
    ptxas: &Path,
    arch: &str,
    file: &Path,
    output: Option<&Path>,
) -> Result<std::result::Result<(), String>> {
    let mut command = Command::new(ptxas);
    command.arg("-arch").arg(arch).arg(file).arg("-o");
    match output {
        Some(out) => command.arg(out),
        None => command.arg("/dev/null"),
    };
    let result = command
        .output()
        .with_context(|| format!("running {}", ptxas.display()))?;
    let stderr = String::from_utf8_lossy(&result.stderr);
    Ok(rejection(result.status.code(), &stderr))
}

/// `Err(message)` (the exit and the first error line) unless ptxas exited 0.
pub(crate) fn rejection(code: Option<i32>, stderr: &str) -> std::result::Result<(), String> {
    if code == Some(0) {
        return Ok(());
    }
    let first = stderr
        .lines()
        .find(|l| l.contains("error") || l.contains("fatal"))
        .unwrap_or_else(|| stderr.lines().next().unwrap_or(""))
        .to_string();
    let status = match code {
        Some(code) => format!("exit {code}"),
        None => "crashed".to_string(),
    };
    Err(format!("{status}: {first}"))
}

/// Assembles original and rewrite with one ptxas for one `-arch` and compares.
fn compare(original: &Path, rewritten: &Path, movement: &ptxkit_rewrite::Move, dir: &Path) -> Result<Exactness> {
    let from = movement.from;
    let newest = from.max(movement.to);
    // The arch: the original's own target when it is an a/f target (it cannot
    // be assembled for anything else), else the newer of the two targets.
    let arch_target = if movement.from_target.variant != ptxkit_isa::Variant::Base {
        movement.from_target
    } else {
        movement.from_target.max(movement.to_target).base()
    };
    let Some(ptxas) = RELEASES
        .iter()
        .find(|p| p.max_ptx >= newest && arch_target.sm <= p.max_sm && arch_target.sm.max(75) >= p.min_sm)
    else {
        return Ok(Exactness::Skipped(format!(
            "no ptxas for PTX {newest} and {arch_target}"
        )));
    };
    let arch = if arch_target.sm < 75 {
        "sm_75".to_string()
    } else {
        arch_target.to_string()
    };
    let tool = tool_path(ptxas.env)?;
    let (a, b) = (dir.join("a.cubin"), dir.join("b.cubin"));
    if let Err(message) = assemble(&tool, &arch, original, Some(&a))? {
        return Ok(Exactness::Skipped(format!("original: {message}")));
    }
    if let Err(message) = assemble(&tool, &arch, rewritten, Some(&b))? {
        return Ok(Exactness::Different(format!(
            "rewrite rejected by the same ptxas: {message}"
        )));
    }
    if std::fs::read(&a)? == std::fs::read(&b)? {
        return Ok(Exactness::SameCubin);
    }
    let (sa, sb) = (sass(&a)?, sass(&b)?);
    if sa == sb {
        return Ok(Exactness::SameSass);
    }
    if normalize_sass(&sa) == normalize_sass(&sb) {
        return Ok(Exactness::SameButAbi);
    }
    if normalize_sass(&canonical_selection(&sa)) == normalize_sass(&canonical_selection(&sb)) {
        return Ok(Exactness::SameButSelection);
    }
    let diff: Vec<String> = sa
        .lines()
        .zip(sb.lines())
        .filter(|(x, y)| x != y)
        .take(2)
        .map(|(x, y)| format!("`{}` vs `{}`", x.trim(), y.trim()))
        .collect();
    Ok(Exactness::Different(format!(
        "-arch {arch} with {}: {}",
        ptxas.env,
        diff.join(", ")
    )))
}

/// SASS with the ABI stack-pointer setup (`R1 = c[0x0][0x28]`) removed and
/// registers, predicates and code addresses renumbered by first use, per
/// function, so that two listings that differ only in register allocation
/// around that setup compare equal.
fn normalize_sass(sass: &str) -> String {
    let mut out = String::new();
    for function in sass.split("Function :") {
        let lines: Vec<(Option<u64>, &str)> = function
            .lines()
            .map(|l| {
                let t = l.trim();
                match t.strip_prefix("/*").and_then(|r| r.split_once("*/")) {
                    Some((addr, rest)) => (u64::from_str_radix(addr, 16).ok(), rest.trim()),
                    None => (None, t),
                }
            })
            .collect();
        let is_sp_setup = |t: &str| t.contains("R1, c[0x0][0x28]") || t.contains("R1, RZ, RZ, c[0x0][0x28]");
        // NOP padding after the last instruction depends on the count.
        let kept: Vec<(Option<u64>, &str)> = lines
            .into_iter()
            .filter(|(_, t)| !is_sp_setup(t) && !t.starts_with("NOP"))
            .collect();
        let mut labels = std::collections::HashMap::new();
        for (index, (addr, _)) in kept.iter().enumerate() {
            if let Some(a) = addr {
                labels.insert(*a, index);
            }
        }
        let mut names: std::collections::HashMap<String, String> = std::collections::HashMap::new();
        for (_, text) in &kept {
            let mut line = String::new();
            let mut token = String::new();
            let flush = |token: &mut String,
                         line: &mut String,
                         names: &mut std::collections::HashMap<String, String>| {
                if token.is_empty() {
                    return;
                }
                let register = ["UR", "UP", "R", "P", "B"].iter().find(|p| {
                    token
                        .strip_prefix(**p)
                        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
                });
                if let Some(prefix) = register {
                    let count = names.iter().filter(|(k, _)| k.starts_with(prefix)).count();
                    let name = names
                        .entry(token.clone())
                        .or_insert_with(|| format!("{prefix}#{count}"));
                    line.push_str(name);
                } else if let Some(hex) = token.strip_prefix("0x")
                    && let Ok(addr) = u64::from_str_radix(hex, 16)
                    && let Some(index) = labels.get(&addr)
                    && (text.contains("BRA") || text.contains("BSSY") || text.contains("CALL") || text.contains("JMP"))
                {
                    line.push_str(&format!("L{index}"));
                } else {
                    line.push_str(token);
                }
                token.clear();
            };
            for c in text.chars() {
                if c.is_ascii_alphanumeric() || c == '_' {
                    token.push(c);
                } else {
                    flush(&mut token, &mut line, &mut names);
                    line.push(c);
                }
            }
            flush(&mut token, &mut line, &mut names);
            out.push_str(&line);
            out.push('\n');
        }
    }
    out
}

/// SASS with equivalent ALU encodings written one way: `IMAD.MOV{.U32} d,
/// RZ, RZ, x` and `IADD3` of one register and two `RZ` as `MOV d, x`, `IMAD.IADD d, a, 0x1,
/// b` as `IADD3 d, a, b, RZ`, no `.reuse` operand-cache hints, and negative
/// immediates as their 32-bit pattern.
fn canonical_selection(sass: &str) -> String {
    let mut out = String::new();
    for line in sass.lines() {
        let line = line.replace(".reuse", "");
        let line = line.trim_end();
        // `/*addr*/ [@P] OPCODE operands ;`: split off the opcode.
        let canonical = line.strip_suffix(" ;").and_then(|body| {
            let (head, operands) = body.rsplit_once("  ").map(|(h, rest)| (h, rest.trim_start()))?;
            let (guard, rest) = match operands.split_once(' ') {
                Some((g, rest)) if g.starts_with('@') => (format!("{g} "), rest),
                _ => (String::new(), operands),
            };
            let (opcode, args) = rest.split_once(' ')?;
            let args: Vec<&str> = args.split(", ").collect();
            let instruction = match (opcode, &args[..]) {
                ("IMAD.MOV.U32" | "IMAD.MOV", [d, "RZ", "RZ", x])
                | ("IADD3", [d, x, "RZ", "RZ"] | [d, "RZ", x, "RZ"] | [d, "RZ", "RZ", x]) => format!("MOV {d}, {x}"),
                ("IMAD.IADD", [d, a, "0x1", b]) => format!("IADD3 {d}, {a}, {b}, RZ"),
                _ => return None,
            };
            Some(format!("{head}  {guard}{instruction} ;"))
        });
        let line = canonical.as_deref().unwrap_or(line);
        let words: Vec<String> = line
            .split(' ')
            .map(|w| {
                let (core, tail) = w.split_at(w.trim_end_matches([',', ';']).len());
                match core.strip_prefix("-0x").and_then(|h| u32::from_str_radix(h, 16).ok()) {
                    Some(v) => format!("0x{:x}{tail}", v.wrapping_neg()),
                    None => w.to_string(),
                }
            })
            .collect();
        out.push_str(&words.join(" "));
        out.push('\n');
    }
    out
}

/// `cuobjdump -sass` without the lines that legitimately differ: the header
/// flags (they name the PTX target) and the encoding comments.
fn sass(cubin: &Path) -> Result<String> {
    let output = Command::new(tool_path("CUOBJDUMP")?)
        .arg("-sass")
        .arg(cubin)
        .output()
        .context("running cuobjdump")?;
    let text = String::from_utf8_lossy(&output.stdout);
    Ok(text
        .lines()
        .filter(|l| !l.contains(".headerflags") && !l.trim().is_empty())
        .map(|l| l.split("/* 0x").next().unwrap_or(l).trim_end())
        .filter(|l| !l.trim().is_empty())
        .collect::<Vec<_>>()
        .join("\n"))
}

#[cfg(test)]
mod tests {
    use super::canonical_selection;

    #[test]
    fn equivalent_encodings_are_written_one_way() {
        let pairs = [
            (
                "        /*2d20*/                   IMAD.MOV.U32 R3, RZ, RZ, R0 ;",
                "        /*2d20*/                   MOV R3, R0 ;",
            ),
            (
                "        /*32c0*/              @!P4 IMAD.MOV R9, RZ, RZ, -R9 ;",
                "        /*32c0*/              @!P4 IADD3 R9, -R9, RZ, RZ ;",
            ),
            (
                "        /*3860*/                   IADD3 R12, RZ, -R19, RZ ;",
                "        /*3860*/                   MOV R12, -R19 ;",
            ),
            (
                "        /*2eb0*/               @P3 IMAD.IADD R9, R12, 0x1, R11.reuse ;",
                "        /*2eb0*/               @P3 IADD3 R9, R12, R11, RZ ;",
            ),
            (
                "        /*2f70*/                   MOV R12, 0x80000055 ;",
                "        /*2f70*/                   IMAD.MOV.U32 R12, RZ, RZ, -0x7fffffab ;",
            ),
        ];
        for (a, b) in pairs {
            assert_eq!(canonical_selection(a), canonical_selection(b), "{a} vs {b}");
        }
        assert_ne!(
            canonical_selection("        /*0010*/                   MOV R3, R0 ;"),
            canonical_selection("        /*0010*/                   MOV R3, R1 ;")
        );
    }
}
