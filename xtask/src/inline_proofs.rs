//! `cargo xtask inline-proofs`: the compiled proofs of the inline-PTX rules
//! (`crates/lint/tests/inline_proofs/*.cu`). Each file names a rule, an
//! `-arch`, the tool that rejects it and its words; the task checks that
//! ptxlint reports the rule, then compiles the file with `$NVCC -ptx` and
//! assembles the PTX with `$PTXAS_13_5`, and checks that the named tool
//! fails with those words (and that the other steps before it succeed).

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result, bail};

use crate::ptxas::tool_path;

/// What the first line of a proof file says.
struct Proof {
    rule: String,
    arch: String,
    tool: String,
    expect: String,
}

fn parse_header(path: &Path, text: &str) -> Result<Proof> {
    let line = text.lines().next().unwrap_or("");
    let body = line.strip_prefix("// proof:").with_context(|| {
        format!(
            "{}: the first line must be `// proof: rule=... arch=... tool=... expect=\"...\"`",
            path.display()
        )
    })?;
    let field = |key: &str| -> Result<String> {
        let at = body
            .find(&format!("{key}="))
            .with_context(|| format!("{}: no `{key}=` in the proof line", path.display()))?;
        let rest = &body[at + key.len() + 1..];
        Ok(match rest.strip_prefix('"') {
            Some(quoted) => quoted.split('"').next().unwrap_or("").to_string(),
            None => rest.split_whitespace().next().unwrap_or("").to_string(),
        })
    };
    Ok(Proof {
        rule: field("rule")?,
        arch: field("arch")?,
        tool: field("tool")?,
        expect: field("expect")?,
    })
}

/// Runs the task.
pub fn run(_args: &[String]) -> Result<std::process::ExitCode> {
    let nvcc = tool_path("NVCC").context(
        "inline-proofs compiles CUDA: install nvcc with `bash ../shared/tools/setup-ptxas.sh DIR --with-nvcc` and export NVCC",
    )?;
    let ptxas = tool_path("PTXAS_13_5")?;
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../crates/lint/tests/inline_proofs");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .with_context(|| format!("reading {}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "cu"))
        .collect();
    files.sort();
    let temp = tempfile::tempdir()?;
    let mut failures = 0;
    for path in &files {
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("?");
        let text = std::fs::read_to_string(path)?;
        let proof = parse_header(path, &text)?;
        let verdict = check(&proof, path, &text, &nvcc, &ptxas, temp.path());
        match verdict {
            Ok(words) => println!(
                "ok    {name}: {} reports it; {} says \"{words}\"",
                proof.rule, proof.tool
            ),
            Err(err) => {
                failures += 1;
                println!("FAIL  {name}: {err:#}");
            }
        }
    }
    println!("{} proofs, {} failed", files.len(), failures);
    Ok(if failures == 0 {
        std::process::ExitCode::SUCCESS
    } else {
        std::process::ExitCode::FAILURE
    })
}

/// Checks one proof; returns the line of the tool's output that matched.
fn check(proof: &Proof, path: &Path, text: &str, nvcc: &Path, ptxas: &Path, temp: &Path) -> Result<String> {
    let settings = ptxkit_lint::Settings::default();
    let linted = ptxkit_lint::inline::lint_cpp_source(text, &settings);
    if !linted.diagnostics.iter().any(|d| d.rule == proof.rule) {
        let found: Vec<_> = linted.diagnostics.iter().map(|d| d.rule.clone()).collect();
        bail!("ptxlint does not report {} (found {found:?})", proof.rule);
    }
    let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("proof");
    let ptx = temp.join(format!("{stem}.ptx"));
    let compiled = Command::new(nvcc)
        // `compute_NN`: nvcc writes the PTX and stops (with `sm_NN` it also
        // runs ptxas itself).
        .args([
            "-ptx",
            &format!("-arch={}", proof.arch.replace("sm_", "compute_")),
            "-o",
        ])
        .arg(&ptx)
        .arg(path)
        .output()
        .with_context(|| format!("running {}", nvcc.display()))?;
    let nvcc_out = String::from_utf8_lossy(&compiled.stderr).into_owned() + &String::from_utf8_lossy(&compiled.stdout);
    if proof.tool == "nvcc" {
        if compiled.status.success() {
            bail!("nvcc accepted it");
        }
        return matching_line(&nvcc_out, &proof.expect).with_context(|| format!("nvcc said: {nvcc_out}"));
    }
    if !compiled.status.success() {
        bail!("nvcc rejected it, but ptxas should: {nvcc_out}");
    }
    let assembled = Command::new(ptxas)
        .arg(format!("-arch={}", proof.arch))
        .arg(&ptx)
        .arg("-o")
        .arg(temp.join(format!("{stem}.cubin")))
        .output()
        .with_context(|| format!("running {}", ptxas.display()))?;
    let ptxas_out =
        String::from_utf8_lossy(&assembled.stderr).into_owned() + &String::from_utf8_lossy(&assembled.stdout);
    if assembled.status.success() {
        bail!("ptxas accepted the PTX nvcc wrote");
    }
    matching_line(&ptxas_out, &proof.expect).with_context(|| format!("ptxas said: {ptxas_out}"))
}

fn matching_line(output: &str, expect: &str) -> Result<String> {
    match output.lines().find(|l| l.contains(expect)) {
        Some(line) => Ok(line.trim().to_string()),
        None => bail!("no line contains \"{expect}\""),
    }
}
