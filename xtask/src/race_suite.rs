//! `cargo xtask race-suite [--all] [--keep DIR] SUITE_DIR...`: the synchronisation rules on a
//! race verifier's own test kernels (GPUVerify's `testsuite/CUDA`, its benchmarks, Faial's
//! examples), compiled to PTX. The kernels are not ours to commit: point the task at a
//! checkout. Every `*.cu` file whose first line says `//pass` (what GPUVerify proves race-
//! and divergence-free; `--all` takes every file) is compiled with `$NVCC -ptx` for sm_75 and
//! sm_90 (with the `-D` definitions of its `//--blockDim=...` line and a header that turns the
//! verifier's annotations into no-ops), and the sm_75 PTX is linted again as sm_61, where
//! warps run in lockstep. Every PTX7xx finding is printed with its file: on a kernel the
//! verifier proves free, each is a false positive unless the verifier assumed lockstep warps
//! (`--warp-sync`), which PTX710 reports from sm_70 by design. Exit status 1 when any
//! finding is printed.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use anyhow::{Context, Result, bail};
use rayon::prelude::*;

use crate::ptxas::tool_path;

const USAGE: &str = "usage: cargo xtask race-suite [--all] [--keep DIR] SUITE_DIR...";

/// The verifiers' annotations as no-ops (statements and loop-condition operands become
/// `((void)0)`; queries become constants), and the cooperative-groups spelling older
/// kernels use.
const ANNOTATIONS: &str = r#"#pragma once
#define PTXKIT_NOOP(...) ((void)0)
#define __requires PTXKIT_NOOP
#define __ensures PTXKIT_NOOP
#define __invariant PTXKIT_NOOP
#define __global_invariant PTXKIT_NOOP
#define __function_wide_invariant PTXKIT_NOOP
#define __candidate_invariant PTXKIT_NOOP
#define __global_requires PTXKIT_NOOP
#define __global_ensures PTXKIT_NOOP
#define __assert PTXKIT_NOOP
#define __global_assert PTXKIT_NOOP
#define __assume PTXKIT_NOOP
#define __axiom PTXKIT_NOOP
#define __barrier_invariant PTXKIT_NOOP
#define __barrier_invariant_binary PTXKIT_NOOP
#define __array_snapshot PTXKIT_NOOP
#define __requires_fresh_array PTXKIT_NOOP
#define __non_temporal_loads_begin PTXKIT_NOOP
#define __non_temporal_loads_end PTXKIT_NOOP
#define __implies(a, b) (!(a) || (b))
#define __read_implies(...) 1
#define __write_implies(...) 1
#define __atomic_implies(...) 1
#define __read(...) 0
#define __write(...) 0
#define __atomic(...) 0
#define __no_read(...) 1
#define __no_write(...) 1
#define __read_offset_bytes(...) 0
#define __write_offset_bytes(...) 0
#define __ptr_base(...) 0
#define __ptr_offset_bytes(...) 0
#define __enabled() 1
#define __uniform_int(x) 1
#define __uniform_bool(x) 1
#define __distinct_int(x) 1
#define __distinct_bool(x) 1
#define __all(x) 1
#define __at_most_one(x) 1
#define __other_int(x) (x)
#define __other_bool(x) (x)
#define __old_int(x) (x)
#define __return_val_int() 0
#define __return_val_bool() 0
#define __is_pow2(x) 1
#define __mod_pow2(x, y) ((x) & ((y) - 1))
#define __add_noovfl(a, b) ((a) + (b))
#define __add_noovfl_int(a, b) ((a) + (b))
#define __add_noovfl_unsigned(a, b) ((a) + (b))
#include <cooperative_groups.h>
namespace cooperative_groups {
template <class G> __device__ void synchronize(G &g) { g.sync(); }
}
"#;

/// The targets each kernel is compiled for.
const ARCHS: &[&str] = &["sm_75", "sm_90"];

struct Options {
    all: bool,
    keep: Option<PathBuf>,
    suites: Vec<PathBuf>,
}

fn options(args: &[String]) -> Result<Options> {
    let mut options = Options {
        all: false,
        keep: None,
        suites: Vec::new(),
    };
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--all" => options.all = true,
            "--keep" => options.keep = Some(args.next().context(USAGE)?.into()),
            flag if flag.starts_with('-') => bail!("unknown option {flag}\n{USAGE}"),
            dir => options.suites.push(dir.into()),
        }
    }
    if options.suites.is_empty() {
        bail!("{USAGE}");
    }
    Ok(options)
}

/// Runs the task.
pub fn run(args: &[String]) -> Result<ExitCode> {
    let options = options(args)?;
    let nvcc = tool_path("NVCC").context(
        "race-suite compiles CUDA: install nvcc with `bash ../shared/tools/setup-ptxas.sh DIR --with-nvcc` and export NVCC",
    )?;
    let work = tempfile::tempdir()?;
    let header = work.path().join("verifier_annotations.h");
    std::fs::write(&header, ANNOTATIONS)?;
    let out = options.keep.clone().unwrap_or_else(|| work.path().join("ptx"));
    std::fs::create_dir_all(&out).with_context(|| format!("creating {}", out.display()))?;

    let mut kernels = Vec::new();
    for suite in &options.suites {
        crate::files_under(suite, "cu", &mut kernels)?;
    }
    kernels.sort();
    let chosen: Vec<PathBuf> = kernels
        .into_iter()
        .filter(|k| options.all || first_line(k).is_some_and(|l| l.eq_ignore_ascii_case("//pass")))
        .collect();

    let results: Vec<Compiled> = chosen
        .par_iter()
        .map(|kernel| compile(&nvcc, &header, kernel, &out))
        .collect();
    let (mut built, mut failed, mut findings) = (0, Vec::new(), 0);
    for result in &results {
        built += result.ptx.len();
        if result.ptx.is_empty() {
            failed.push(result.kernel.display().to_string());
        }
        for (ptx, text) in &result.ptx {
            for finding in crate::sync_mutants::sync_findings(text) {
                findings += 1;
                println!("{}: {finding}", ptx.display());
            }
        }
    }
    println!(
        "{} kernels ({}), {built} PTX files linted (with the sm_61 copies), {} kernels not compiled, {findings} findings",
        chosen.len(),
        if options.all { "every file" } else { "first line //pass" },
        failed.len()
    );
    for kernel in failed {
        println!("  not compiled: {kernel}");
    }
    Ok(if findings == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

fn first_line(path: &Path) -> Option<String> {
    let text = std::fs::read_to_string(path).ok()?;
    Some(text.lines().next()?.split_whitespace().collect())
}

/// One kernel's PTX files (path, text); empty when nvcc refused it.
struct Compiled {
    kernel: PathBuf,
    ptx: Vec<(PathBuf, String)>,
}

fn compile(nvcc: &Path, header: &Path, kernel: &Path, out: &Path) -> Compiled {
    let text = std::fs::read_to_string(kernel).unwrap_or_default();
    // The `-D` definitions of the verifier's flags line (`//--blockDim=64 -DWIDTH=256`).
    let defines: Vec<&str> = text
        .lines()
        .take(3)
        .filter(|l| l.starts_with("//"))
        .flat_map(str::split_whitespace)
        .filter(|w| w.starts_with("-D"))
        .collect();
    // The last four components name the kernel (`.../warpsync/2d/kernel.cu`).
    let parts: Vec<String> = kernel.iter().map(|c| c.to_string_lossy().replace(".cu", "")).collect();
    let stem = parts[parts.len().saturating_sub(4)..].join("_");
    let mut ptx = Vec::new();
    for arch in ARCHS {
        let path = out.join(format!("{stem}.{arch}.ptx"));
        let ok = Command::new(nvcc)
            .args(["-ptx", "-std=c++17", "-w", &format!("-arch={arch}")])
            .args(&defines)
            .arg("-include")
            .arg(header)
            .arg("-I")
            .arg(kernel.parent().unwrap_or(Path::new(".")))
            .arg("-o")
            .arg(&path)
            .arg(kernel)
            .output()
            .is_ok_and(|o| o.status.success());
        let Some(text) = ok.then(|| std::fs::read_to_string(&path).ok()).flatten() else {
            continue;
        };
        if *arch == "sm_75" {
            let lockstep = text.replacen(".target sm_75", ".target sm_61", 1);
            ptx.push((out.join(format!("{stem}.sm_61.ptx")), lockstep));
        }
        ptx.push((path, text));
    }
    Compiled {
        kernel: kernel.to_path_buf(),
        ptx,
    }
}
