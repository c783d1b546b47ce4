//! The distribution's facts that live in more than one file agree: the pre-commit hooks,
//! the Python package, the VS Code extension, the crates' metadata and the README's size.

use std::path::{Path, PathBuf};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap_or_else(|err| panic!("{path}: {err}"))
}

/// The hooks of `.pre-commit-hooks.yaml` as (id, the hook's lines).
fn hooks() -> Vec<(String, Vec<String>)> {
    let mut hooks: Vec<(String, Vec<String>)> = Vec::new();
    for line in read(".pre-commit-hooks.yaml").lines() {
        if let Some(id) = line.strip_prefix("- id: ") {
            hooks.push((id.trim().to_string(), Vec::new()));
        } else if let Some((_, lines)) = hooks.last_mut()
            && line.starts_with("  ")
            && !line.trim_start().starts_with('#')
        {
            lines.push(line.trim().to_string());
        }
    }
    hooks
}

#[test]
fn the_hooks_install_the_python_package_and_cover_cuda_sources() {
    let hooks = hooks();
    let ids: Vec<&str> = hooks.iter().map(|(id, _)| id.as_str()).collect();
    assert_eq!(ids, ["ptxfmt", "ptxfmt-check", "ptxlint", "ptxlint-cuda"]);
    for (id, lines) in &hooks {
        assert!(lines.contains(&"language: python".to_string()), "{id}: {lines:?}");
    }
    let cuda = &hooks[3].1;
    let files = cuda
        .iter()
        .find_map(|l| l.strip_prefix("files: "))
        .expect("ptxlint-cuda has a files pattern");
    // `\.(cu|cuh|…)$`: exactly the extensions ptxlint reads as C, C++ or CUDA.
    let inner = files
        .strip_prefix("\\.(")
        .and_then(|f| f.strip_suffix(")$"))
        .expect(files);
    let mut listed: Vec<&str> = inner.split('|').collect();
    let mut expected = ptxkit_lint::inline::CPP_EXTENSIONS.to_vec();
    listed.sort_unstable();
    expected.sort_unstable();
    assert_eq!(
        listed, expected,
        "ptxlint-cuda's files: and ptxkit_lint::inline::CPP_EXTENSIONS differ"
    );
}

#[test]
fn the_python_package_and_the_extension_have_the_tools_version() {
    let version = env!("CARGO_PKG_VERSION");
    let pyproject: toml::Table = toml::from_str(&read("pyproject.toml")).unwrap();
    let project = pyproject["project"].as_table().unwrap();
    // maturin takes the version from crates/python, whose version is the workspace's.
    assert_eq!(project["dynamic"].as_array().unwrap()[0].as_str(), Some("version"));
    let scripts = project["scripts"].as_table().unwrap();
    let names: Vec<&str> = scripts.keys().map(String::as_str).collect();
    assert_eq!(names, ["ptxfmt", "ptxlint", "ptxls", "ptxrewrite"]);
    let maturin = pyproject["tool"]["maturin"].as_table().unwrap();
    assert_eq!(maturin["bindings"].as_str(), Some("pyo3"));
    let extension: serde_json::Value = serde_json::from_str(&read("editors/vscode/package.json")).unwrap();
    assert_eq!(extension["version"], version);
    let languages = extension["contributes"]["languages"].as_array().unwrap();
    assert!(
        languages
            .iter()
            .any(|l| l["id"] == "ptx" && l["extensions"][0] == ".ptx")
    );
}

/// Every package but the developer tools is publishable: it has what crates.io shows.
#[test]
fn every_package_has_its_crates_io_metadata_and_readme() {
    let workspace: toml::Table = toml::from_str(&read("Cargo.toml")).unwrap();
    let shared = workspace["workspace"]["package"].as_table().unwrap();
    assert!(shared.contains_key("license") && shared.contains_key("repository"));
    let mut manifests: Vec<PathBuf> = vec![root().join("Cargo.toml"), root().join("grammar/Cargo.toml")];
    for entry in std::fs::read_dir(root().join("crates")).unwrap() {
        manifests.push(entry.unwrap().path().join("Cargo.toml"));
    }
    for manifest in manifests {
        let table: toml::Table = toml::from_str(&std::fs::read_to_string(&manifest).unwrap()).unwrap();
        let package = table["package"].as_table().unwrap();
        let shown = manifest.display();
        assert!(!package.contains_key("publish"), "{shown}: publish = false");
        for key in ["description", "readme", "keywords", "license", "repository"] {
            assert!(package.contains_key(key), "{shown}: no {key}");
        }
        let readme = manifest.parent().unwrap().join(package["readme"].as_str().unwrap());
        assert!(readme.is_file(), "{shown}: {} is missing", readme.display());
    }
}

#[test]
fn the_readme_is_a_front_page() {
    let readme = read("README.md");
    assert!(
        readme.len() <= 20_000,
        "README.md is {} bytes: the manual is docs/",
        readme.len()
    );
    for link in ["docs/src/install.md", "docs/src/rules.md", "docs/src/python.md"] {
        assert!(readme.contains(link), "README.md does not link {link}");
    }
}
