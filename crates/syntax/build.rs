//! Compiles `csrc/subtrees.c`, which reads tree-sitter's subtrees directly (see
//! `src/children.rs`) and so includes tree-sitter's internal headers: those of the exact
//! release the workspace pins, found beside the public ones that the `tree-sitter` crate
//! announces (`DEP_TREE_SITTER_INCLUDE`, its `links = "tree-sitter"` metadata).

use std::path::PathBuf;

fn main() {
    let include = PathBuf::from(
        std::env::var_os("DEP_TREE_SITTER_INCLUDE").expect("the tree-sitter crate announces its include directory"),
    );
    let internal = include
        .parent()
        .expect("tree-sitter's include directory has a parent")
        .join("src");
    assert!(
        internal.join("subtree.h").is_file(),
        "tree-sitter's internal headers are not at {} (csrc/subtrees.c needs the pinned tree-sitter release)",
        internal.display()
    );
    println!("cargo:rerun-if-changed=csrc/subtrees.c");
    cc::Build::new()
        .std("c11")
        .include(&include)
        .include(&internal)
        .file("csrc/subtrees.c")
        .opt_level(3)
        .warnings(false)
        .compile("ptxkit-subtrees");
}
