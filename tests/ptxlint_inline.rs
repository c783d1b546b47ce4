//! End-to-end tests of `ptxlint` on C, C++ and CUDA files: asm statements
//! found in `.cu`/`.cuh`/`.h` files and on standard input
//! (`--stdin-filename x.cu`), findings pointing into the C++ file in every
//! output format, directory walks, `include`, suppressions, `--fix` and
//! `--requirements`.

use std::path::Path;

mod common;
use common::{Run, temp_tree as workspace};

const KERNEL: &str = r#"#include <cstdint>
__device__ unsigned lane() {
  unsigned r;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(r));
  return r;
}
__device__ void store(int* p, int x) {
  asm volatile("st.global.u32 [%0], %1;" :: "l"(p), "r"(x));
}
__device__ int add(int a, int b) {
  int d;
  asm("add.s32 %0, %1, %2;" : "=r"(d) : "r"(a));
  return d;
}
#if __CUDA_ARCH__ >= 800
__device__ void fence() { asm volatile("fence.proxy.async.shared::cta;" ::: "memory"); }
#endif
void host() { __asm__ __volatile__("pause"); }
"#;

const CLEAN: &str = r#"__device__ unsigned lane() {
  unsigned r;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(r));
  return r;
}
"#;

fn ptxlint(dir: &Path, args: &[&str], stdin: Option<&[u8]>) -> Run {
    common::run(env!("CARGO_BIN_EXE_ptxlint"), dir, args, stdin.unwrap_or_default())
}

#[test]
fn cuda_file_findings_point_into_the_cpp_file() {
    let dir = workspace(&[("k.cu", KERNEL.as_bytes())]);
    insta::assert_snapshot!(ptxlint(dir.path(), &["k.cu"], None).render());
}

#[test]
fn concise_github_json_and_sarif_use_cpp_positions() {
    let dir = workspace(&[("k.cu", KERNEL.as_bytes())]);
    insta::assert_snapshot!(
        "concise",
        ptxlint(dir.path(), &["--format", "concise", "k.cu"], None).render()
    );
    insta::assert_snapshot!(
        "github",
        ptxlint(dir.path(), &["--format", "github", "k.cu"], None).render()
    );
    let run = ptxlint(dir.path(), &["--format", "json", "k.cu"], None);
    let value: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    let index = value
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["rule"] == "asm-operand-index-out-of-range")
        .unwrap();
    assert_eq!(index["location"]["line"], 12);
    assert_eq!(index["location"]["column"], 24);
    assert_eq!(index["filename"], "k.cu");
    let run = ptxlint(dir.path(), &["--format", "sarif", "k.cu"], None);
    let sarif: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    let region = &sarif["runs"][0]["results"][0]["locations"][0]["physicalLocation"];
    assert_eq!(region["artifactLocation"]["uri"], "k.cu");
}

#[test]
fn stdin_with_a_cuda_file_name() {
    let dir = workspace(&[]);
    insta::assert_snapshot!(
        ptxlint(
            dir.path(),
            &["--format", "concise", "--stdin-filename", "kernel.cu", "-"],
            Some(KERNEL.as_bytes())
        )
        .render()
    );
}

#[test]
fn directories_walk_cuda_sources_and_headers() {
    let dir = workspace(&[
        ("src/k.cu", KERNEL.as_bytes()),
        ("include/lane.cuh", CLEAN.as_bytes()),
        ("include/empty.h", b""),
        ("include/latin1.hpp", b"// caf\xe9, no inline assembly here\n"),
        ("include/skip.inl", KERNEL.as_bytes()),
        ("ptx/clean.ptx", b".version 7.8\n.target sm_80\n.address_size 64\n"),
    ]);
    insta::assert_snapshot!(
        "default",
        ptxlint(dir.path(), &["--format", "concise", "--select", "PTX601", "."], None).render()
    );
    std::fs::write(dir.path().join("ptxlint.toml"), "extend-include = [\"*.inl\"]\n").unwrap();
    insta::assert_snapshot!(
        "extend_include",
        ptxlint(dir.path(), &["--format", "concise", "--select", "PTX601", "."], None).render()
    );
}

#[test]
fn suppressions_in_cpp_comments() {
    let text = KERNEL.replace(
        "  asm volatile(\"st.global",
        "  // ptxlint: allow(asm-missing-memory-clobber) ordered by __syncthreads() in the caller\n  asm volatile(\"st.global",
    );
    let dir = workspace(&[("k.cu", text.as_bytes())]);
    let run = ptxlint(dir.path(), &["--format", "concise", "k.cu"], None);
    assert!(!run.stdout.contains("PTX606"), "{}", run.stdout);
    assert!(!run.stdout.contains("PTX901"), "{}", run.stdout);
}

#[test]
fn fix_adds_clobbers_and_volatile() {
    let dir = workspace(&[("k.cu", KERNEL.as_bytes())]);
    let run = ptxlint(dir.path(), &["--fix", "--format", "concise", "k.cu"], None);
    let fixed = std::fs::read_to_string(dir.path().join("k.cu")).unwrap();
    assert!(
        fixed.contains(r#"asm volatile("st.global.u32 [%0], %1;" :: "l"(p), "r"(x) : "memory");"#),
        "{fixed}"
    );
    insta::assert_snapshot!(run.render());
}

#[test]
fn requirements_per_statement() {
    let dir = workspace(&[("k.cu", KERNEL.as_bytes())]);
    insta::assert_snapshot!(ptxlint(dir.path(), &["--requirements", "k.cu"], None).render());
}

#[test]
fn target_and_version_options_apply_to_templates() {
    let text = "__device__ void f() { asm volatile(\"fence.proxy.async.shared::cta;\" ::: \"memory\"); }\n";
    let dir = workspace(&[("k.cu", text.as_bytes())]);
    insta::assert_snapshot!(
        ptxlint(
            dir.path(),
            &[
                "--format",
                "concise",
                "--target",
                "sm_80",
                "--ptx-version",
                "7.8",
                "k.cu"
            ],
            None
        )
        .render()
    );
}
