//! The signature part of `cargo xtask isa-probes`: every form of every instruction signature
//! assembled by ptxas 11.8, 12.9 and 13.5 in its valid shape and in wrong shapes
//! (`ptxkit_isa::signature::shape_probes`), compared with what the signatures predict.
//!
//! Probes are batched: one module per (version, target) holds up to `BATCH` instructions, one
//! per line, and ptxas's `line N; error` messages say which were rejected. A fatal parse error
//! stops ptxas at its line; the probes after it are assembled again in a new batch, and so are
//! the probes of a rejected batch that got no error (ptxas prints each message once per module).

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use anyhow::Result;
use ptxkit_isa::signature::{
    ShapeProbe, address_width_probes, form_count, probe_module, register_type_probes, shape_probes,
};
use ptxkit_isa::{Target, Version};

use crate::isa_probes::Ptxas;
use crate::verdicts::Verdicts;

const BATCH: usize = 150;

/// What one ptxas said of one probe.
struct Said {
    probe: usize,
    ptxas: usize,
    accepted: bool,
    message: String,
}

/// The name a recorded quirk uses for a shape probe.
pub fn probe_name(probe: &ShapeProbe) -> String {
    format!(
        "shape {}.sig:{} {}: {}",
        probe.form.family, probe.form.line, probe.what, probe.instruction
    )
}

/// Runs one module (through the recorded verdicts); returns ptxas's success and its messages.
fn assemble(
    verdicts: &Verdicts,
    dir: &Path,
    ptxas: &Ptxas,
    arch: Target,
    version: Version,
    text: &str,
) -> Result<(bool, String)> {
    let arch = format!("-arch={arch}");
    let mut args = vec![arch.as_str()];
    // Relocatable code (no unresolved-call errors for `pfunc`) exists from PTX 3.1.
    if version >= Version::new(3, 1) {
        args.push("-c");
    }
    args.extend(["shapes.ptx", "-o", "shapes.o"]);
    let record = crate::ptxas::run_recorded(verdicts, ptxas.column, &ptxas.path, dir, "shapes.ptx", text, &args)?;
    let (status, output) = crate::verdicts::parse_process_record(&record);
    let mut output = output.to_string();
    if status.is_none() {
        // Killed by a signal (ptxas 11.8 and 12.9 crash on some instructions, e.g. the sink as
        // the destination of `add.bf16x2`): the messages printed so far do not cover the rest.
        output.push_str("\nptxas crashed (killed by a signal)");
    }
    Ok((status == Some(0), output))
}

/// The probe module with the external function `pfunc` defined in it (an empty body) where
/// ptxas cannot assemble relocatable code (PTX before 3.1): there a direct `call pfunc` is
/// "Unresolved extern function 'pfunc'" (every release). The definition takes as many lines as
/// the declaration, so the probes' line numbers stay.
fn defined_before_relocatable(version: Version, text: String) -> String {
    if version >= Version::new(3, 1) {
        return text;
    }
    text.replacen(".extern .func pfunc;", ".func pfunc { ret; }", 1)
}

/// `(line, message, fatal)` of every error ptxas printed with a line.
fn errors(output: &str) -> (Vec<(usize, String, bool)>, bool) {
    let mut out = Vec::new();
    let mut lineless = false;
    for l in output.lines() {
        let is_error = l.contains("; error") || l.contains("; fatal");
        if !is_error {
            if l.contains("error") && !l.contains("assembly aborted") {
                lineless = true;
            }
            continue;
        }
        let line = l
            .split_once(", line ")
            .and_then(|(_, rest)| rest.split(|c: char| !c.is_ascii_digit()).next()?.parse().ok());
        match line {
            Some(n) => out.push((n, l.trim().to_string(), l.contains("; fatal"))),
            None => lineless = true,
        }
    }
    (out, lineless)
}

/// One batch's module header: the ptxas (and its index) and the `-arch`, `.version` and
/// `.target` to assemble with.
#[derive(Clone, Copy)]
struct Setting<'p> {
    ptxas: &'p Ptxas,
    xi: usize,
    arch: Target,
    version: Version,
    target: Target,
}

/// Assembles `batch` (probe indices) with one ptxas; returns what it said of each.
fn judge_batch(
    verdicts: &Verdicts,
    dir: &Path,
    setting: Setting<'_>,
    probes: &[ShapeProbe],
    batch: &[usize],
) -> Result<Vec<Said>> {
    let Setting {
        ptxas,
        xi,
        arch,
        version,
        target,
    } = setting;
    let mut said = Vec::new();
    let mut pending: Vec<usize> = batch.to_vec();
    while !pending.is_empty() {
        let instructions: Vec<&str> = pending.iter().map(|&i| probes[i].instruction.as_str()).collect();
        let (text, lines) = probe_module(version, target, &instructions);
        let text = defined_before_relocatable(version, text);
        let (ok, output) = assemble(verdicts, dir, ptxas, arch, version, &text)?;
        if output.contains("32-Bit compilation is no longer supported") {
            // ptxas 12.9 and 13.5 refuse 32-bit modules (PTX before 2.3): not theirs to judge.
            break;
        }
        if ok {
            said.extend(pending.iter().map(|&probe| Said {
                probe,
                ptxas: xi,
                accepted: true,
                message: String::new(),
            }));
            break;
        }
        let (found, mut lineless) = errors(&output);
        lineless |= output.contains("ptxas crashed");
        let known_lines = found.iter().all(|(n, _, _)| lines.contains(n));
        if lineless || !known_lines || found.is_empty() {
            if pending.len() == 1 {
                said.push(Said {
                    probe: pending[0],
                    ptxas: xi,
                    accepted: false,
                    message: output
                        .lines()
                        .find(|l| !l.trim().is_empty())
                        .unwrap_or("")
                        .trim()
                        .to_string(),
                });
                break;
            }
            // Ambiguous: judge each probe on its own.
            for &probe in &pending {
                said.extend(judge_batch(verdicts, dir, setting, probes, &[probe])?);
            }
            break;
        }
        let mut rerun = Vec::new();
        for (k, &probe) in pending.iter().enumerate() {
            let line = lines[k];
            let message: Vec<&str> = found
                .iter()
                .filter(|(n, _, _)| *n == line)
                .map(|(_, m, _)| m.as_str())
                .collect();
            if message.is_empty() {
                // ptxas prints an error message once per module (a second `atom.global.and.f32`
                // gets no "Operation .and requires .b32 or .b64 type"), and an error may hide a
                // later one: a line without an error counts as accepted only once a module
                // without the rejected lines assembles.
                rerun.push(probe);
                continue;
            }
            said.push(Said {
                probe,
                ptxas: xi,
                accepted: false,
                message: message.join(" | "),
            });
        }
        pending = rerun;
    }
    Ok(said)
}

/// The lines of `output`'s "Program uses 32-bit address on line 'N'" warnings.
fn lines_with_32bit_addresses(output: &str) -> Vec<usize> {
    output
        .lines()
        .filter_map(|l| l.split_once("32-bit address on line '"))
        .filter_map(|(_, rest)| rest.split(|c: char| !c.is_ascii_digit()).next()?.parse().ok())
        .collect()
}

/// Assembles `batch` for [`Judge::No32BitAddress`]: a probe is accepted when ptxas neither
/// warns of a 32-bit address on its line nor rejects the line.
fn judge_addresses(
    verdicts: &Verdicts,
    dir: &Path,
    setting: Setting<'_>,
    probes: &[ShapeProbe],
    batch: &[usize],
) -> Result<Vec<Said>> {
    let mut said = Vec::new();
    let mut pending: Vec<usize> = batch.to_vec();
    while !pending.is_empty() {
        let instructions: Vec<&str> = pending.iter().map(|&i| probes[i].instruction.as_str()).collect();
        let (text, lines) = probe_module(setting.version, setting.target, &instructions);
        let text = defined_before_relocatable(setting.version, text);
        let (_, output) = assemble(verdicts, dir, setting.ptxas, setting.arch, setting.version, &text)?;
        let flagged = lines_with_32bit_addresses(&output);
        let (found, _) = errors(&output);
        // ptxas looks for 32-bit addresses only in a module without errors: the probes whose
        // line has one are rejected, the others are assembled again without them.
        let mut rerun = Vec::new();
        for (k, &probe) in pending.iter().enumerate() {
            let line = lines[k];
            let rejected: Vec<&str> = found
                .iter()
                .filter(|(n, _, _)| *n == line)
                .map(|(_, m, _)| m.as_str())
                .collect();
            if !rejected.is_empty() {
                said.push(Said {
                    probe,
                    ptxas: setting.xi,
                    accepted: false,
                    message: rejected.join(" | "),
                });
            } else if !found.is_empty() {
                rerun.push(probe);
            } else {
                let flagged = flagged.contains(&line);
                said.push(Said {
                    probe,
                    ptxas: setting.xi,
                    accepted: !flagged,
                    message: if flagged {
                        "ptxas: \"Program uses 32-bit address\" on this line".to_string()
                    } else {
                        String::new()
                    },
                });
            }
        }
        if rerun.len() == pending.len() {
            // Errors on no probe's line: judge each probe alone.
            if pending.len() > 1 {
                for &probe in &pending {
                    said.extend(judge_addresses(verdicts, dir, setting, probes, &[probe])?);
                }
            }
            break;
        }
        pending = rerun;
    }
    Ok(said)
}

/// Runs every shape probe; returns the number of unexplained disagreements.
pub fn run(verdicts: &Verdicts, ptxas: &[Ptxas], filter: Option<&str>, verbose: bool, jobs: usize) -> Result<usize> {
    let label = format!("signatures: {} forms,", form_count());
    run_probes(
        verdicts,
        &label,
        shape_probes(),
        Judge::Assembles,
        ptxas,
        filter,
        verbose,
        jobs,
    )
}

/// What a probe's "accepted" means.
#[derive(Clone, Copy)]
enum Judge {
    /// ptxas assembles its line.
    Assembles,
    /// ptxas neither rejects its line nor warns "Program uses 32-bit address on line 'N' which
    /// is conflicting with .address_size 64" for it (after which 12.9 and 13.5 stop with a
    /// line-less fatal error and 11.8 assembles 32-bit code below sm_90).
    No32BitAddress,
}

/// Runs the register-type grid (`ptxkit_isa::signature::register_type_probes`); returns the
/// number of unexplained disagreements.
pub fn run_register_types(
    verdicts: &Verdicts,
    ptxas: &[Ptxas],
    filter: Option<&str>,
    verbose: bool,
    jobs: usize,
) -> Result<usize> {
    run_probes(
        verdicts,
        "register types:",
        register_type_probes(),
        Judge::Assembles,
        ptxas,
        filter,
        verbose,
        jobs,
    )
}

/// Runs the address-width grid (`ptxkit_isa::signature::address_width_probes`); returns the
/// number of unexplained disagreements.
pub fn run_address_width(
    verdicts: &Verdicts,
    ptxas: &[Ptxas],
    filter: Option<&str>,
    verbose: bool,
    jobs: usize,
) -> Result<usize> {
    run_probes(
        verdicts,
        "address width:",
        address_width_probes(),
        Judge::No32BitAddress,
        ptxas,
        filter,
        verbose,
        jobs,
    )
}

/// Assembles `probes` (those whose name contains `filter`) with every ptxas that can judge
/// them and prints the disagreements and a summary line starting with `label`.
#[allow(clippy::too_many_arguments)]
fn run_probes(
    verdicts: &Verdicts,
    label: &str,
    probes: Vec<ShapeProbe>,
    judge: Judge,
    ptxas: &[Ptxas],
    filter: Option<&str>,
    verbose: bool,
    jobs: usize,
) -> Result<usize> {
    let started = Instant::now();
    let probes: Vec<ShapeProbe> = probes
        .into_iter()
        .filter(|p| filter.is_none_or(|f| probe_name(p).contains(f)))
        .collect();
    // ptxas reports some errors once per distinct instruction text in a module (a second
    // `st.async.b32 [%rd1], %r1, [%rd2]` gets no "requires modifier" error): each distinct
    // (version, target, instruction) is assembled once and its verdict given to every probe
    // with that text.
    let mut first_of: BTreeMap<(Version, Target, &str), usize> = BTreeMap::new();
    let mut same_as = vec![0usize; probes.len()];
    for (i, p) in probes.iter().enumerate() {
        same_as[i] = *first_of
            .entry((p.version, p.target, p.instruction.as_str()))
            .or_insert(i);
    }
    // Batches: per (version, target, texturing mode, ptxas), in order. A probe naming the
    // sampler `psamp` makes its module independent-mode, where unified-mode texture probes fail.
    let mut groups: BTreeMap<(Version, Target, bool), Vec<usize>> = BTreeMap::new();
    for (i, p) in probes.iter().enumerate() {
        if same_as[i] == i {
            let independent = p.instruction.contains("psamp");
            groups.entry((p.version, p.target, independent)).or_default().push(i);
        }
    }
    let mut work = Vec::new();
    for ((version, target, _), members) in &groups {
        for (xi, x) in ptxas.iter().enumerate() {
            if *version > x.max_version {
                continue;
            }
            let Some(arch) = x.arch_for(*target) else { continue };
            for chunk in members.chunks(BATCH) {
                work.push((xi, arch, *version, *target, chunk.to_vec()));
            }
        }
    }
    let next = AtomicUsize::new(0);
    let results = Mutex::new(Vec::new());
    let scratch = std::env::temp_dir().join(format!("shape-probes-{}", std::process::id()));
    std::thread::scope(|scope| -> Result<()> {
        let mut handles = Vec::new();
        for worker in 0..jobs.max(1) {
            let dir = scratch.join(worker.to_string());
            std::fs::create_dir_all(&dir)?;
            let (work, next, results, probes) = (&work, &next, &results, &probes);
            handles.push(scope.spawn(move || -> Result<()> {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some((xi, arch, version, target, batch)) = work.get(i) else {
                        return Ok(());
                    };
                    let setting = Setting {
                        ptxas: &ptxas[*xi],
                        xi: *xi,
                        arch: *arch,
                        version: *version,
                        target: *target,
                    };
                    let said = match judge {
                        Judge::Assembles => judge_batch(verdicts, &dir, setting, probes, batch)?,
                        Judge::No32BitAddress => judge_addresses(verdicts, &dir, setting, probes, batch)?,
                    };
                    results.lock().expect("no worker panics").extend(said);
                }
            }));
        }
        for handle in handles {
            handle.join().expect("worker thread panicked")?;
        }
        Ok(())
    })?;
    let _ = std::fs::remove_dir_all(&scratch);
    let mut results = results.into_inner().expect("no worker panics");
    let mut copies: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
    for (i, &first) in same_as.iter().enumerate() {
        if first != i {
            copies.entry(first).or_default().push(i);
        }
    }
    let judged: Vec<Said> = results
        .iter()
        .flat_map(|said| {
            copies.get(&said.probe).into_iter().flatten().map(|&probe| Said {
                probe,
                ptxas: said.ptxas,
                accepted: said.accepted,
                message: said.message.clone(),
            })
        })
        .collect();
    results.extend(judged);
    results.sort_by_key(|s| (s.probe, s.ptxas));
    let (mut agree, mut quirks, mut failures) = (0usize, 0usize, 0usize);
    for said in &results {
        let probe = &probes[said.probe];
        let x = &ptxas[said.ptxas];
        if said.accepted == probe.expect_ok {
            agree += 1;
            if verbose {
                println!("agree     [ptxas {}] {}", x.label, probe_name(probe));
            }
            continue;
        }
        let name = probe_name(probe);
        let quirk = ptxkit_isa::quirks::quirk(x.label, &name);
        if quirk.is_some() {
            quirks += 1;
        } else {
            failures += 1;
        }
        let tag = if quirk.is_some() { "QUIRK    " } else { "DISAGREE " };
        println!(
            "{tag} [ptxas {} .version {} .target {}] {name}",
            x.label, probe.version, probe.target
        );
        println!(
            "    expected: {}; ptxas: {}",
            if probe.expect_ok { "accepted" } else { "rejected" },
            if said.accepted {
                "accepted"
            } else {
                said.message.as_str()
            }
        );
        if let Some(q) = quirk {
            println!("    known quirk: {}", q.observed);
        }
    }
    println!(
        "{label} {} probes, {} ptxas runs, {agree} agree, {quirks} known quirks, {failures} unexplained disagreements, {:.1} s",
        probes.len(),
        results.len(),
        started.elapsed().as_secs_f64()
    );
    Ok(failures)
}
