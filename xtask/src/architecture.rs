//! `cargo xtask architecture`: the workspace's shape in figures, checked against limits so
//! that what a refactoring removed cannot creep back.
//!
//! - **Import circles**: in each crate, the modules (one per file, and inline modules but
//!   test modules) and the edges "module A imports from module B" of A's `use` items, a
//!   `use` of an item that a module re-exports (`pub use`) followed to the module that
//!   defines it. A circle is a set of two or more modules that all reach each other (a
//!   strongly connected component).
//! - **Identical query files**: the tree-sitter queries (`*.scm` under a crate's
//!   `queries/`), compared without comments and blank lines; the largest set of files
//!   with the same patterns.
//! - **Function lengths**: every `fn` of the library and command-line code (`crates/*/src`
//!   and `src/`, not tests, benches, build scripts or xtask), from the line of `fn` to the
//!   closing brace.
//! - **The syntax crate's dependencies**: parsing only (no file discovery or configuration
//!   crates).
//!
//! `cargo xtask architecture` prints the figures (and the circles' modules, the longest
//! functions) and exits 1 when one is past its limit; a unit test runs the same check.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use syn::visit::Visit;

/// How many import circles the workspace may hold.
pub const MAX_CIRCLES: usize = 1;
/// How many query files may have the same patterns.
pub const MAX_IDENTICAL_QUERIES: usize = 1;
/// The longest a function may be, in lines (the framework issue's bar; the longest is 100 now).
pub const MAX_FUNCTION_LINES: usize = 150;
/// A function longer than this is a long one...
pub const LONG_FUNCTION_LINES: usize = 100;
/// ...and there may be this many (the framework issue's bar; there are none now).
pub const MAX_LONG_FUNCTIONS: usize = 3;
/// The file discovery and configuration crates, which the syntax crate (its job is
/// parsing) must not depend on: `ptxkit-workspace` finds files and reads configuration.
pub const DISCOVERY_CRATES: &[&str] = &["ignore", "globset", "toml"];

/// `cargo xtask architecture [--verbose]`.
pub fn run(args: &[String]) -> Result<std::process::ExitCode> {
    let verbose = match args {
        [] => false,
        [flag] if flag == "--verbose" => true,
        _ => bail!("usage: cargo xtask architecture [--verbose]"),
    };
    let figures = measure(&crate::workspace_root())?;
    print!("{}", figures.report(verbose));
    let over = figures.over_limits();
    for line in &over {
        eprintln!("over the limit: {line}");
    }
    Ok(if over.is_empty() {
        std::process::ExitCode::SUCCESS
    } else {
        std::process::ExitCode::from(1)
    })
}

/// What [`measure`] found.
pub struct Figures {
    /// Each import circle.
    pub circles: Vec<Circle>,
    /// Each set of two or more query files with the same patterns.
    pub identical_queries: Vec<Vec<String>>,
    /// Every function: (lines, `file:line name`), longest first.
    pub functions: Vec<(usize, String)>,
    /// The [`DISCOVERY_CRATES`] the syntax crate depends on.
    pub syntax_dependencies: Vec<String>,
}

impl Figures {
    /// The largest number of query files with the same patterns (1 when all differ).
    pub fn most_identical_queries(&self) -> usize {
        self.identical_queries.iter().map(Vec::len).max().unwrap_or(1)
    }

    /// The length of the longest function.
    pub fn longest_function(&self) -> usize {
        self.functions.first().map_or(0, |f| f.0)
    }

    /// The functions over [`LONG_FUNCTION_LINES`].
    pub fn long_functions(&self) -> impl Iterator<Item = &(usize, String)> {
        self.functions.iter().take_while(|f| f.0 > LONG_FUNCTION_LINES)
    }

    /// The figures as text; `verbose` lists every circle's modules and the long functions.
    pub fn report(&self, verbose: bool) -> String {
        let mut out = String::new();
        let long = self.long_functions().count();
        out += &format!("import circles: {} (limit {MAX_CIRCLES})\n", self.circles.len());
        for circle in &self.circles {
            out += &format!("  {}: {}\n", circle.krate, circle.modules.join(" "));
            if verbose {
                for (from, to) in &circle.imports {
                    out += &format!("    {from} -> {to}\n");
                }
            }
        }
        out += &format!(
            "most identical query files: {} (limit {MAX_IDENTICAL_QUERIES})\n",
            self.most_identical_queries()
        );
        for set in self
            .identical_queries
            .iter()
            .filter(|s| verbose || s.len() > MAX_IDENTICAL_QUERIES)
        {
            out += &format!("  {} files: {}\n", set.len(), set.join(" "));
        }
        out += &format!(
            "longest function: {} lines (limit {MAX_FUNCTION_LINES}); over {LONG_FUNCTION_LINES} lines: {long} (limit {MAX_LONG_FUNCTIONS})\n",
            self.longest_function()
        );
        for (lines, name) in self.functions.iter().take(if verbose { long.max(10) } else { long }) {
            out += &format!("  {lines:4} {name}\n");
        }
        out += &format!(
            "syntax crate's discovery/configuration dependencies: {}\n",
            if self.syntax_dependencies.is_empty() {
                "none".to_string()
            } else {
                self.syntax_dependencies.join(", ")
            }
        );
        out
    }

    /// Each figure past its limit, described.
    pub fn over_limits(&self) -> Vec<String> {
        let mut over = Vec::new();
        if self.circles.len() > MAX_CIRCLES {
            over.push(format!("{} import circles (at most {MAX_CIRCLES})", self.circles.len()));
        }
        if self.most_identical_queries() > MAX_IDENTICAL_QUERIES {
            over.push(format!(
                "{} identical query files (at most {MAX_IDENTICAL_QUERIES})",
                self.most_identical_queries()
            ));
        }
        if self.longest_function() > MAX_FUNCTION_LINES {
            over.push(format!(
                "the longest function has {} lines (at most {MAX_FUNCTION_LINES}): {}",
                self.longest_function(),
                self.functions[0].1
            ));
        }
        let long = self.long_functions().count();
        if long > MAX_LONG_FUNCTIONS {
            over.push(format!(
                "{long} functions over {LONG_FUNCTION_LINES} lines (at most {MAX_LONG_FUNCTIONS})"
            ));
        }
        if !self.syntax_dependencies.is_empty() {
            over.push(format!(
                "the syntax crate depends on {}",
                self.syntax_dependencies.join(", ")
            ));
        }
        over
    }
}

/// Measures the workspace at `root`.
pub fn measure(root: &Path) -> Result<Figures> {
    let mut circles = Vec::new();
    let mut functions = Vec::new();
    for (name, crate_root, library) in crate_roots(root)? {
        let modules = read_modules(&crate_root)?;
        circles.extend(import_circles(&name, &modules));
        if library {
            for module in &modules {
                if module.inline_in.is_none() {
                    let file = module.file.strip_prefix(root).unwrap_or(&module.file);
                    functions.extend(
                        function_lengths(&module.items)
                            .into_iter()
                            .map(|(lines, at, fn_name)| (lines, format!("{}:{at} {fn_name}", file.display()))),
                    );
                }
            }
        }
    }
    functions.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    Ok(Figures {
        circles,
        identical_queries: identical_queries(root)?,
        functions,
        syntax_dependencies: syntax_dependencies(root)?,
    })
}

/// Every crate root of the workspace: (name, root file, whether it is library or
/// command-line code, whose functions are measured).
fn crate_roots(root: &Path) -> Result<Vec<(String, PathBuf, bool)>> {
    let mut roots = Vec::new();
    let crates = root.join("crates");
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(&crates)
        .with_context(|| format!("reading {}", crates.display()))?
        .map(|entry| entry.map(|e| e.path()))
        .collect::<std::io::Result<_>>()?;
    dirs.sort();
    for dir in dirs {
        let name = dir
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        for file in ["src/lib.rs", "src/main.rs"] {
            if dir.join(file).is_file() {
                roots.push((name.clone(), dir.join(file), true));
            }
        }
    }
    let bins = root.join("src/bin");
    if bins.is_dir() {
        let mut files: Vec<PathBuf> = std::fs::read_dir(&bins)?
            .map(|entry| entry.map(|e| e.path()))
            .collect::<std::io::Result<_>>()?;
        files.sort();
        for file in files.into_iter().filter(|f| f.extension().is_some_and(|e| e == "rs")) {
            let name = format!("bin {}", file.file_stem().unwrap_or_default().to_string_lossy());
            roots.push((name, file, true));
        }
    }
    roots.push(("xtask".to_string(), root.join("xtask/src/main.rs"), false));
    Ok(roots)
}

/// One module of a crate.
struct Module {
    /// Its path from the crate root (`[]` for the root).
    path: Vec<String>,
    /// The file it is in.
    file: PathBuf,
    /// The module whose file holds it, for an inline `mod name { ... }`.
    inline_in: Option<usize>,
    /// Its items but test modules and its submodules' items.
    items: Vec<syn::Item>,
}

/// Whether `attrs` hold `#[cfg(test)]`.
fn is_test(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|attr| {
        attr.path().is_ident("cfg")
            && attr
                .parse_args::<syn::Meta>()
                .is_ok_and(|meta| meta.path().is_ident("test"))
    })
}

/// The `#[path = "..."]` of a module declaration.
fn path_attribute(attrs: &[syn::Attribute]) -> Option<String> {
    attrs.iter().find_map(|attr| match &attr.meta {
        syn::Meta::NameValue(nv) if nv.path.is_ident("path") => match &nv.value {
            syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(s), ..
            }) => Some(s.value()),
            _ => None,
        },
        _ => None,
    })
}

/// Every module of the crate whose root file is `root`, the root first.
fn read_modules(root: &Path) -> Result<Vec<Module>> {
    let mut modules = Vec::new();
    let dir = root.parent().context("a crate root has a directory")?.to_path_buf();
    // (path, file, the directory its submodules' files are in)
    let mut todo = vec![(Vec::new(), root.to_path_buf(), dir)];
    while let Some((path, file, dir)) = todo.pop() {
        let text = std::fs::read_to_string(&file).with_context(|| format!("reading {}", file.display()))?;
        let parsed = syn::parse_file(&text).with_context(|| format!("parsing {}", file.display()))?;
        add_module(&mut modules, &mut todo, path, file, &dir, None, parsed.items)?;
    }
    Ok(modules)
}

/// Adds the module `path` with `items` (from `file`; `dir` holds its submodules' files)
/// and its inline submodules; queues its file submodules on `todo`.
#[allow(clippy::type_complexity)]
fn add_module(
    modules: &mut Vec<Module>,
    todo: &mut Vec<(Vec<String>, PathBuf, PathBuf)>,
    path: Vec<String>,
    file: PathBuf,
    dir: &Path,
    inline_in: Option<usize>,
    items: Vec<syn::Item>,
) -> Result<()> {
    let index = modules.len();
    modules.push(Module {
        path: path.clone(),
        file: file.clone(),
        inline_in,
        items: Vec::new(),
    });
    let mut own = Vec::new();
    for item in items {
        let syn::Item::Mod(module) = item else {
            own.push(item);
            continue;
        };
        if is_test(&module.attrs) {
            continue;
        }
        let name = module.ident.to_string();
        let mut sub = path.clone();
        sub.push(name.clone());
        match module.content {
            Some((_, items)) => add_module(modules, todo, sub, file.clone(), &dir.join(&name), Some(index), items)?,
            None => {
                let found = match path_attribute(&module.attrs) {
                    Some(at) => file.parent().unwrap_or(dir).join(at),
                    None if dir.join(format!("{name}.rs")).is_file() => dir.join(format!("{name}.rs")),
                    None => dir.join(&name).join("mod.rs"),
                };
                let sub_dir = if found.file_name().is_some_and(|f| f == "mod.rs") {
                    found.parent().unwrap_or(dir).to_path_buf()
                } else {
                    dir.join(&name)
                };
                todo.push((sub, found, sub_dir));
            }
        }
    }
    modules[index].items = own;
    Ok(())
}

/// A module's `use` items, flattened: (path, whether public, the name it binds or `None`
/// for a glob).
#[derive(Default)]
struct Uses(Vec<(Vec<String>, bool, Option<String>)>);

impl<'ast> Visit<'ast> for Uses {
    fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
        if !is_test(&item.attrs) {
            let public = !matches!(item.vis, syn::Visibility::Inherited);
            flatten_use(&item.tree, &mut Vec::new(), public, &mut self.0);
        }
    }

    fn visit_item_mod(&mut self, _: &'ast syn::ItemMod) {}

    fn visit_item_fn(&mut self, item: &'ast syn::ItemFn) {
        if !is_test(&item.attrs) {
            syn::visit::visit_item_fn(self, item);
        }
    }

    fn visit_impl_item_fn(&mut self, item: &'ast syn::ImplItemFn) {
        if !is_test(&item.attrs) {
            syn::visit::visit_impl_item_fn(self, item);
        }
    }
}

fn flatten_use(
    tree: &syn::UseTree,
    prefix: &mut Vec<String>,
    public: bool,
    out: &mut Vec<(Vec<String>, bool, Option<String>)>,
) {
    match tree {
        syn::UseTree::Path(p) => {
            prefix.push(p.ident.to_string());
            flatten_use(&p.tree, prefix, public, out);
            prefix.pop();
        }
        syn::UseTree::Name(n) => {
            let name = n.ident.to_string();
            let mut path = prefix.clone();
            if name == "self" {
                out.push((path.clone(), public, path.last().cloned()));
            } else {
                path.push(name.clone());
                out.push((path, public, Some(name)));
            }
        }
        syn::UseTree::Rename(r) => {
            let mut path = prefix.clone();
            if r.ident != "self" {
                path.push(r.ident.to_string());
            }
            out.push((path, public, Some(r.rename.to_string())));
        }
        syn::UseTree::Glob(_) => out.push((prefix.clone(), public, None)),
        syn::UseTree::Group(g) => {
            for tree in &g.items {
                flatten_use(tree, prefix, public, out);
            }
        }
    }
}

/// One import circle.
pub struct Circle {
    /// The crate.
    pub krate: String,
    /// Its modules (`crate::a::b`), sorted.
    pub modules: Vec<String>,
    /// The imports between them: (importing module, imported module).
    pub imports: Vec<(String, String)>,
}

/// The import circles of a crate's modules: each strongly connected component of two or
/// more modules.
fn import_circles(krate: &str, modules: &[Module]) -> Vec<Circle> {
    let index: HashMap<&[String], usize> = modules
        .iter()
        .enumerate()
        .map(|(i, m)| (m.path.as_slice(), i))
        .collect();
    let uses: Vec<Uses> = modules
        .iter()
        .map(|module| {
            let mut uses = Uses::default();
            for item in &module.items {
                uses.visit_item(item);
            }
            uses
        })
        .collect();
    let resolver = Resolver {
        modules,
        index: &index,
        uses: &uses,
    };
    let mut edges: Vec<BTreeSet<usize>> = vec![BTreeSet::new(); modules.len()];
    for (from, module_uses) in uses.iter().enumerate() {
        for (path, _, _) in &module_uses.0 {
            if let Some(to) = resolver.resolve(from, path, 0)
                && to != from
            {
                edges[from].insert(to);
            }
        }
    }
    let name = |m: usize| {
        let path = &modules[m].path;
        if path.is_empty() {
            "crate".to_string()
        } else {
            format!("crate::{}", path.join("::"))
        }
    };
    let mut circles: Vec<Circle> = strongly_connected(&edges)
        .into_iter()
        .filter(|component| component.len() > 1)
        .map(|component| {
            let mut imports: Vec<(String, String)> = component
                .iter()
                .flat_map(|&from| {
                    edges[from]
                        .iter()
                        .filter(|to| component.contains(to))
                        .map(move |&to| (name(from), name(to)))
                })
                .collect();
            imports.sort();
            let mut modules: Vec<String> = component.into_iter().map(name).collect();
            modules.sort();
            Circle {
                krate: krate.to_string(),
                modules,
                imports,
            }
        })
        .collect();
    circles.sort_by(|a, b| a.modules.cmp(&b.modules));
    circles
}

/// Resolves `use` paths to the modules that define what they import.
struct Resolver<'a> {
    modules: &'a [Module],
    index: &'a HashMap<&'a [String], usize>,
    uses: &'a [Uses],
}

impl Resolver<'_> {
    /// The module that defines what `path`, imported in module `from`, names; `None` for
    /// a path outside the crate (its first segment may be a submodule of `from`).
    fn resolve(&self, from: usize, path: &[String], depth: usize) -> Option<usize> {
        if depth > 8 || path.is_empty() {
            return None;
        }
        let module = &self.modules[from];
        let (mut at, rest): (Vec<String>, &[String]) = match path[0].as_str() {
            "crate" => (Vec::new(), &path[1..]),
            "self" => (module.path.clone(), &path[1..]),
            "super" => {
                let mut at = module.path.clone();
                let mut rest = path;
                while rest.first().is_some_and(|s| s == "super") {
                    at.pop();
                    rest = &rest[1..];
                }
                (at, rest)
            }
            first => {
                let mut child = module.path.clone();
                child.push(first.to_string());
                if !self.index.contains_key(child.as_slice()) {
                    return None;
                }
                (module.path.clone(), path)
            }
        };
        let mut current = *self.index.get(at.as_slice())?;
        for segment in rest {
            at.push(segment.clone());
            if let Some(&next) = self.index.get(at.as_slice()) {
                current = next;
                continue;
            }
            // An item the module re-exports: where it comes from.
            let reexport = self.uses[current]
                .0
                .iter()
                .find(|(_, public, name)| *public && name.as_deref() == Some(segment.as_str()));
            if let Some((target, _, _)) = reexport {
                return self.resolve(current, target, depth + 1).or(Some(current));
            }
            break;
        }
        Some(current)
    }
}

/// Tarjan's strongly connected components of the graph `edges`.
fn strongly_connected(edges: &[BTreeSet<usize>]) -> Vec<Vec<usize>> {
    struct State<'e> {
        edges: &'e [BTreeSet<usize>],
        index: Vec<Option<usize>>,
        low: Vec<usize>,
        on_stack: Vec<bool>,
        stack: Vec<usize>,
        next: usize,
        out: Vec<Vec<usize>>,
    }
    fn visit(state: &mut State<'_>, v: usize) {
        state.index[v] = Some(state.next);
        state.low[v] = state.next;
        state.next += 1;
        state.stack.push(v);
        state.on_stack[v] = true;
        for &w in state.edges[v].iter() {
            match state.index[w] {
                None => {
                    visit(state, w);
                    state.low[v] = state.low[v].min(state.low[w]);
                }
                Some(index) if state.on_stack[w] => state.low[v] = state.low[v].min(index),
                Some(_) => {}
            }
        }
        if Some(state.low[v]) == state.index[v] {
            let mut component = Vec::new();
            while let Some(w) = state.stack.pop() {
                state.on_stack[w] = false;
                component.push(w);
                if w == v {
                    break;
                }
            }
            state.out.push(component);
        }
    }
    let n = edges.len();
    let mut state = State {
        edges,
        index: vec![None; n],
        low: vec![0; n],
        on_stack: vec![false; n],
        stack: Vec::new(),
        next: 0,
        out: Vec::new(),
    };
    for v in 0..n {
        if state.index[v].is_none() {
            visit(&mut state, v);
        }
    }
    state.out
}

/// Every function in `items` (but test code): (lines from `fn` to the closing brace, the
/// line of `fn`, its name).
fn function_lengths(items: &[syn::Item]) -> Vec<(usize, usize, String)> {
    #[derive(Default)]
    struct Lengths {
        out: Vec<(usize, usize, String)>,
    }
    impl Lengths {
        fn add(&mut self, sig: &syn::Signature, block: &syn::Block) {
            let start = sig.fn_token.span.start().line;
            let end = block.brace_token.span.close().end().line;
            self.out.push((end + 1 - start, start, sig.ident.to_string()));
        }
    }
    impl<'ast> Visit<'ast> for Lengths {
        fn visit_item_fn(&mut self, item: &'ast syn::ItemFn) {
            if !is_test(&item.attrs) {
                self.add(&item.sig, &item.block);
                syn::visit::visit_item_fn(self, item);
            }
        }
        fn visit_impl_item_fn(&mut self, item: &'ast syn::ImplItemFn) {
            if !is_test(&item.attrs) {
                self.add(&item.sig, &item.block);
                syn::visit::visit_impl_item_fn(self, item);
            }
        }
        fn visit_trait_item_fn(&mut self, item: &'ast syn::TraitItemFn) {
            if let Some(block) = &item.default
                && !is_test(&item.attrs)
            {
                self.add(&item.sig, block);
            }
            syn::visit::visit_trait_item_fn(self, item);
        }
        fn visit_item_mod(&mut self, _: &'ast syn::ItemMod) {}
        fn visit_item_impl(&mut self, item: &'ast syn::ItemImpl) {
            if !is_test(&item.attrs) {
                syn::visit::visit_item_impl(self, item);
            }
        }
    }
    let mut lengths = Lengths::default();
    for item in items {
        lengths.visit_item(item);
    }
    lengths.out
}

/// The sets of two or more query files (`crates/*/queries/**/*.scm`) with the same
/// patterns (comments and blank lines aside), as paths from `root`.
fn identical_queries(root: &Path) -> Result<Vec<Vec<String>>> {
    let mut by_patterns: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut todo: Vec<PathBuf> = std::fs::read_dir(root.join("crates"))?
        .map(|entry| entry.map(|e| e.path().join("queries")))
        .collect::<std::io::Result<_>>()?;
    while let Some(dir) = todo.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else { continue };
        for entry in entries {
            let path = entry?.path();
            if path.is_dir() {
                todo.push(path);
            } else if path.extension().is_some_and(|e| e == "scm") {
                let text = std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
                let patterns: Vec<&str> = text
                    .lines()
                    .map(|line| line.split(';').next().unwrap_or("").trim())
                    .filter(|line| !line.is_empty())
                    .collect();
                let name = path.strip_prefix(root).unwrap_or(&path).display().to_string();
                by_patterns.entry(patterns.join("\n")).or_default().push(name);
            }
        }
    }
    let mut sets: Vec<Vec<String>> = by_patterns
        .into_values()
        .filter(|files| files.len() > 1)
        .map(|mut files| {
            files.sort();
            files
        })
        .collect();
    sets.sort_by(|a, b| b.len().cmp(&a.len()).then_with(|| a.cmp(b)));
    Ok(sets)
}

/// The [`DISCOVERY_CRATES`] in the syntax crate's `[dependencies]`.
fn syntax_dependencies(root: &Path) -> Result<Vec<String>> {
    let manifest = root.join("crates/syntax/Cargo.toml");
    let text = std::fs::read_to_string(&manifest).with_context(|| format!("reading {}", manifest.display()))?;
    let mut in_dependencies = false;
    let mut found = Vec::new();
    for line in text.lines().map(str::trim) {
        if line.starts_with('[') {
            in_dependencies = line == "[dependencies]";
            continue;
        }
        let name = line.split(['=', '.', ' ']).next().unwrap_or("");
        if in_dependencies && DISCOVERY_CRATES.contains(&name) {
            found.push(name.to_string());
        }
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn modules_of(files: &[(&str, &str)]) -> Vec<Vec<String>> {
        let dir = tempfile::tempdir().unwrap();
        for (name, text) in files {
            let path = dir.path().join(name);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        }
        import_circles("test", &read_modules(&dir.path().join("lib.rs")).unwrap())
            .into_iter()
            .map(|circle| circle.modules)
            .collect()
    }

    #[test]
    fn circles_follow_uses_and_reexports() {
        let circles = modules_of(&[
            ("lib.rs", "mod a;\nmod b;\nmod c;\nmod d;\npub use a::Thing;\n"),
            // a -> b by a `use`, b -> a through the root's re-export.
            ("a.rs", "use crate::b::f;\npub struct Thing;\n"),
            ("b.rs", "use crate::Thing;\npub fn f() -> Thing { Thing }\n"),
            // c -> d in a function, d -> c in a test module only: no circle.
            ("c.rs", "pub fn g() { use crate::d::h; h() }\n"),
            ("d.rs", "pub fn h() {}\n#[cfg(test)]\nmod tests { use crate::c::g; }\n"),
        ]);
        assert_eq!(circles, [vec!["crate::a".to_string(), "crate::b".to_string()]]);
    }

    #[test]
    fn submodules_and_super_make_circles() {
        let circles = modules_of(&[
            ("lib.rs", "mod p;\n"),
            ("p/mod.rs", "mod q;\nuse q::X;\npub struct Y;\n"),
            ("p/q.rs", "use super::Y;\npub struct X(Y);\n"),
        ]);
        assert_eq!(circles, [vec!["crate::p".to_string(), "crate::p::q".to_string()]]);
    }

    #[test]
    fn function_lengths_run_from_fn_to_the_closing_brace() {
        let file = syn::parse_file(
            "/// doc\nfn one() {\n}\nimpl S {\n    fn two(&self) {\n        let x = 1;\n    }\n}\n#[cfg(test)]\nfn three() {}\n",
        )
        .unwrap();
        assert_eq!(
            function_lengths(&file.items),
            [(2, 2, "one".to_string()), (3, 5, "two".to_string())]
        );
    }

    /// The workspace is within every limit (see the module documentation).
    #[test]
    fn the_workspace_is_within_the_limits() {
        let figures = measure(&crate::workspace_root()).unwrap();
        let over = figures.over_limits();
        assert!(over.is_empty(), "{}\n{}", over.join("\n"), figures.report(true));
    }
}
