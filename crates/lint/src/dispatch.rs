//! How the engine finds what the rules visit without running a query cursor over the whole
//! tree (a cursor visits every node, about twice the cost of a plain walk).
//!
//! Each rule declares what it visits ([`crate::rule::Visits`]): node kinds, or a query rooted
//! at node kinds when it needs the query's captures. One walk serves them all:
//! - a rule that visits node kinds is called at each node of those kinds, found by the walk;
//! - a query (every rule's query, compiled together) runs with a query cursor of its own at
//!   each node of its root kinds, at depth 0 only, so the cursor visits only the nodes the
//!   pattern's steps reach below that root.
//!
//! The walk goes down only into nodes whose kind can contain (per `node-types.json`) a kind
//! some rule visits, and into any node that holds a syntax error (an `ERROR` node may hold
//! anything): the operands of instructions, most of a tree, are never visited. A test checks
//! on the corpus that the walk finds exactly the nodes and matches a full walk and a query
//! cursor over the whole tree find (a query whose patterns start at other kinds than the
//! rule declares would lose matches).

use ptxkit_syntax::tree_sitter::{Language, Node, Query, QueryCursor, StreamingIterator};

/// What the walk found: a node a rule visits, or a match of a query.
pub(crate) enum Found<'t, 'c> {
    /// A node of a kind `rules` visit (rule indices, in code order).
    Node {
        /// The rules.
        rules: &'c [usize],
        /// The node.
        node: Node<'t>,
    },
    /// A match of a query pattern owned by `rules`.
    Match {
        /// The rules whose queries have the pattern (rules with the same query text share it).
        rules: &'c [usize],
        /// The pattern's index in the combined query.
        pattern: usize,
        /// The names of the capture indices in `captures`.
        names: &'static [&'static str],
        /// The captured nodes.
        captures: &'c [(u32, Node<'t>)],
    },
}

impl Found<'_, '_> {
    /// Where what was found starts: the node, or the match's first capture.
    pub(crate) fn start(&self) -> Option<usize> {
        match self {
            Found::Node { node, .. } => Some(node.start_byte()),
            Found::Match { captures, .. } => captures.iter().map(|c| c.1.start_byte()).min(),
        }
    }
}

/// A rule's visit declaration, as the plan reads it.
pub(crate) struct Declared<'d> {
    /// The rule's index in the registry.
    pub rule: usize,
    /// The node kinds it visits.
    pub kinds: &'d [&'static str],
    /// Its query and the kinds the query's patterns start at.
    pub query: Option<(&'d [&'static str], &'static str)>,
}

/// How the engine finds what the rules visit (see the module documentation).
pub(crate) struct Plan {
    /// By node kind id: the rules that visit that kind, in code order.
    by_kind: Vec<Vec<usize>>,
    /// The rules' queries compiled together; `None` when no rule has one.
    rooted: Option<Rooted>,
    /// By node kind id: whether some query starts at that kind.
    roots: Vec<bool>,
    /// By node kind id: whether some query starts at nodes of that kind that can contain
    /// (per `node-types.json`) another node a query starts at.
    nests: Vec<bool>,
    /// By node kind id: whether a node of that kind can contain a node some rule visits
    /// (ids past the end, such as `ERROR`'s, are gone into).
    descend: Vec<bool>,
}

/// The rules' queries compiled into one.
pub(crate) struct Rooted {
    /// The combined query.
    pub query: Query,
    /// By pattern: the rules that own it.
    pub owners: Vec<Vec<usize>>,
    /// Its capture names.
    pub names: &'static [&'static str],
}

/// Why the rules' declarations cannot be planned.
#[derive(Debug, thiserror::Error)]
pub(crate) enum PlanError {
    /// A declared node kind is not a named kind of the grammar.
    #[error("`{0}` is not a named node kind of the grammar (or is `source_file`)")]
    UnknownKind(String),
    /// The rules' queries do not compile.
    #[error("the rules' queries do not compile: {0}")]
    Query(String),
    /// `node-types.json` cannot be read.
    #[error("the grammar's node-types.json cannot be read")]
    NodeTypes,
}

impl Plan {
    /// The plan for `declared` on `language` (whose `node-types.json` is `node_types`).
    pub(crate) fn new(language: &Language, node_types: &str, declared: &[Declared<'_>]) -> Result<Plan, PlanError> {
        let kinds = language.node_kind_count();
        let ids_of = |name: &str| -> Result<Vec<usize>, PlanError> {
            let ids: Vec<usize> = (0..kinds)
                .filter(|&id| {
                    let id = id as u16;
                    language.node_kind_is_named(id)
                        && language.node_kind_is_visible(id)
                        && language.node_kind_for_id(id) == Some(name)
                })
                .collect();
            if ids.is_empty() || name == "source_file" {
                return Err(PlanError::UnknownKind(name.to_string()));
            }
            Ok(ids)
        };
        let containment = Containment::new(node_types).ok_or(PlanError::NodeTypes)?;
        let mut by_kind: Vec<Vec<usize>> = vec![Vec::new(); kinds];
        let mut roots = vec![false; kinds];
        let mut targets: Vec<String> = Vec::new();
        let mut nesting_roots: Vec<String> = Vec::new();
        // (query text without comments, owners), in the order first declared.
        let mut queries: Vec<(String, &'static str, Vec<usize>)> = Vec::new();
        for declaration in declared {
            for name in declaration.kinds {
                for id in ids_of(name)? {
                    by_kind[id].push(declaration.rule);
                }
                targets.push(name.to_string());
            }
            let Some((root_kinds, source)) = declaration.query else {
                continue;
            };
            for name in root_kinds {
                for id in ids_of(name)? {
                    roots[id] = true;
                }
            }
            let root_names: Vec<String> = root_kinds.iter().map(|k| k.to_string()).collect();
            let containers = containment.containers_of(&root_names);
            nesting_roots.extend(root_names.iter().filter(|name| containers.contains(name)).cloned());
            targets.extend(root_names);
            let patterns = without_comments(source);
            match queries.iter_mut().find(|(text, _, _)| *text == patterns) {
                Some(shared) => shared.2.push(declaration.rule),
                None => queries.push((patterns, source, vec![declaration.rule])),
            }
        }
        let rooted = if queries.is_empty() {
            None
        } else {
            Some(Rooted::new(language, &queries)?)
        };
        let by_name = |named: Vec<String>| -> Vec<bool> {
            (0..kinds)
                .map(|id| {
                    let id = id as u16;
                    language
                        .node_kind_for_id(id)
                        .is_some_and(|name| named.iter().any(|c| c == name))
                })
                .collect()
        };
        let descend = by_name(containment.containers_of(&targets));
        let nests = by_name(nesting_roots);
        Ok(Plan {
            by_kind,
            rooted,
            roots,
            nests,
            descend,
        })
    }

    /// The rules' queries compiled together, if any rule has one.
    pub(crate) fn rooted(&self) -> Option<&Rooted> {
        self.rooted.as_ref()
    }

    /// Calls `found` with every node the rules visit and every match of their queries under
    /// `root` whose nodes the query cursor with `range` as its byte range would see, in a
    /// preorder walk: at each node, the rules visiting its kind, then the queries starting
    /// there.
    ///
    /// Each pattern's matches come in the query cursor's order, which is the order they
    /// complete in: a match rooted at an outer node can complete after one rooted inside
    /// it. So at a root node that can hold other roots (by the grammar, or because it holds
    /// a syntax error and an `ERROR` node may hold anything), the queries run with one
    /// cursor over its whole subtree, which yields the nested matches in that order, and
    /// the roots inside it are not matched again.
    pub(crate) fn run<'t>(
        &self,
        root: Node<'t>,
        text: &'t str,
        range: Option<&std::ops::Range<usize>>,
        mut found: impl FnMut(Found<'t, '_>),
    ) {
        let mut query_cursor = QueryCursor::new();
        query_cursor.set_max_start_depth(Some(0));
        let mut subtree_cursor = QueryCursor::new();
        if let Some(range) = range {
            query_cursor.set_byte_range(range.clone());
            subtree_cursor.set_byte_range(range.clone());
        }
        // The root node whose whole subtree the subtree cursor has matched, if any.
        let mut matched_subtree: Option<Node<'t>> = None;
        ptxkit_syntax::visit_pruned(root, |node| {
            let outside = range.is_some_and(|r| node.start_byte() >= r.end || node.end_byte() < r.start);
            if !outside {
                let kind = usize::from(node.kind_id());
                if let Some(rules) = self.by_kind.get(kind).filter(|rules| !rules.is_empty()) {
                    found(Found::Node { rules, node });
                }
                if let Some(rooted) = &self.rooted
                    && self.roots.get(kind).copied().unwrap_or(false)
                    && !matched_subtree.is_some_and(|outer| is_within(node, outer))
                {
                    let cursor = if node.has_error() || self.nests.get(kind).copied().unwrap_or(true) {
                        matched_subtree = Some(node);
                        &mut subtree_cursor
                    } else {
                        &mut query_cursor
                    };
                    let mut matches = cursor.matches(&rooted.query, node, text.as_bytes());
                    while let Some(one) = matches.next() {
                        let captures: smallvec::SmallVec<[(u32, Node<'t>); 2]> =
                            one.captures().iter().map(|c| (c.index, c.node)).collect();
                        found(Found::Match {
                            rules: &rooted.owners[one.pattern_index],
                            pattern: one.pattern_index,
                            names: rooted.names,
                            captures: &captures,
                        });
                    }
                }
            }
            !outside && (self.descend.get(usize::from(node.kind_id())).copied().unwrap_or(true) || node.has_error())
        });
    }
}

impl Rooted {
    /// `queries` ((text without comments, source, owners)) compiled into one query.
    fn new(language: &Language, queries: &[(String, &'static str, Vec<usize>)]) -> Result<Rooted, PlanError> {
        let mut source = String::new();
        let mut starts = Vec::new();
        for (_, text, owners) in queries {
            starts.push((source.len(), owners.clone()));
            source.push_str(text);
            source.push('\n');
        }
        let query = Query::new(language, &source).map_err(|err| PlanError::Query(err.to_string()))?;
        let owners = (0..query.pattern_count())
            .map(|pattern| {
                let at = query.start_byte_for_pattern(pattern);
                starts
                    .iter()
                    .rev()
                    .find(|(start, _)| *start <= at)
                    .map_or_else(Vec::new, |(_, owners)| owners.clone())
            })
            .collect();
        // Leaked once: the plan lives as long as the program (the engine's static).
        let names: Vec<&'static str> = query
            .capture_names()
            .iter()
            .map(|name| &*Box::leak(name.to_string().into_boxed_str()))
            .collect();
        Ok(Rooted {
            query,
            owners,
            names: Box::leak(names.into_boxed_slice()),
        })
    }
}

/// A query's text without its comment lines and blank lines: rules whose queries are the
/// same patterns share them, whatever their comments say.
fn without_comments(query: &str) -> String {
    query
        .lines()
        .map(str::trim_end)
        .filter(|line| !line.trim_start().starts_with(';') && !line.trim().is_empty())
        .collect::<Vec<_>>()
        .join("\n")
}

/// Whether `node` is `outer` or lies inside it.
fn is_within(node: Node<'_>, outer: Node<'_>) -> bool {
    if node.start_byte() < outer.start_byte() || node.end_byte() > outer.end_byte() {
        return false;
    }
    // A node of zero width at `outer`'s end may be its next sibling: ask the ancestors.
    let mut at = Some(node);
    while let Some(next) = at {
        if next == outer {
            return true;
        }
        if next.start_byte() < outer.start_byte() {
            return false;
        }
        at = next.parent();
    }
    false
}

/// Which node kinds can hold which as children, from the grammar's `node-types.json`.
struct Containment {
    /// Each named kind's possible named children (fields and unnamed-field children),
    /// supertypes expanded into their subtypes.
    children: std::collections::HashMap<String, Vec<String>>,
}

impl Containment {
    /// The containment of `node_types`; `None` when it cannot be read.
    fn new(node_types: &str) -> Option<Containment> {
        let types: serde_json::Value = serde_json::from_str(node_types).ok()?;
        let types = types.as_array()?;
        let name_of = |t: &serde_json::Value| -> Option<(String, bool)> {
            Some((t.get("type")?.as_str()?.to_string(), t.get("named")?.as_bool()?))
        };
        // Supertypes stand for their subtypes.
        let mut subtypes: std::collections::HashMap<String, Vec<String>> = std::collections::HashMap::new();
        for entry in types {
            if let (Some((name, _)), Some(list)) = (name_of(entry), entry.get("subtypes").and_then(|s| s.as_array())) {
                subtypes.insert(name, list.iter().filter_map(name_of).map(|(n, _)| n).collect());
            }
        }
        let expand = |name: &str| -> Vec<String> {
            let mut out = Vec::new();
            let mut todo = vec![name.to_string()];
            while let Some(next) = todo.pop() {
                match subtypes.get(&next) {
                    Some(list) => todo.extend(list.iter().cloned()),
                    None => out.push(next),
                }
            }
            out
        };
        let mut children: std::collections::HashMap<String, Vec<String>> = std::collections::HashMap::new();
        for entry in types {
            let Some((name, true)) = name_of(entry) else { continue };
            let mut lists: Vec<&serde_json::Value> = Vec::new();
            if let Some(fields) = entry.get("fields").and_then(|f| f.as_object()) {
                lists.extend(fields.values());
            }
            if let Some(list) = entry.get("children") {
                lists.push(list);
            }
            let mut kinds = Vec::new();
            for list in lists {
                for t in list.get("types").and_then(|t| t.as_array()).into_iter().flatten() {
                    if let Some((child, true)) = name_of(t) {
                        kinds.extend(expand(&child));
                    }
                }
            }
            children.insert(name, kinds);
        }
        Some(Containment { children })
    }

    /// The node kinds (names) that can contain, at any depth, a node of one of `targets`'
    /// kinds.
    fn containers_of(&self, targets: &[String]) -> Vec<String> {
        // Fixpoint: a kind contains a target if a child is one or contains one.
        let mut containers: std::collections::HashSet<String> = std::collections::HashSet::new();
        loop {
            let before = containers.len();
            for (name, kinds) in &self.children {
                if !containers.contains(name)
                    && kinds
                        .iter()
                        .any(|k| targets.iter().any(|t| t == k) || containers.contains(k))
                {
                    containers.insert(name.clone());
                }
            }
            if containers.len() == before {
                break;
            }
        }
        containers.into_iter().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan(declared: &[Declared<'_>]) -> Plan {
        Plan::new(&ptxkit_syntax::language(), ptxkit_syntax::node_types(), declared).unwrap()
    }

    /// Every match of `plan` (or of the query cursor over the whole tree), as the pattern
    /// and its captures' byte ranges, in the order found.
    fn matches_of(query: &Query, plan: Option<&Plan>, text: &str) -> Vec<(usize, Vec<std::ops::Range<usize>>)> {
        let parsed = ptxkit_syntax::parse(text);
        let mut out = Vec::new();
        match plan {
            Some(plan) => plan.run(parsed.root(), parsed.text(), None, |found| {
                if let Found::Match { pattern, captures, .. } = found {
                    out.push((pattern, captures.iter().map(|c| c.1.byte_range()).collect()))
                }
            }),
            None => {
                let mut cursor = QueryCursor::new();
                let mut matches = cursor.matches(query, parsed.root(), parsed.text().as_bytes());
                while let Some(one) = matches.next() {
                    out.push((
                        one.pattern_index,
                        one.captures().iter().map(|c| c.node.byte_range()).collect(),
                    ));
                }
            }
        }
        out
    }

    /// A query whose root kind nests in itself by the grammar (blocks in blocks): the outer
    /// block's matches complete around the inner block's, and come in the cursor's order,
    /// each once.
    #[test]
    fn roots_that_nest_by_the_grammar_keep_the_cursors_order() {
        let source = "(block (instruction) @first (instruction) @second)\n";
        let plan = plan(&[Declared {
            rule: 0,
            kinds: &[],
            query: Some((&["block"], source)),
        }]);
        let query = &plan.rooted().unwrap().query;
        let text = ".version 7.8\n.target sm_80\n.entry k()\n{\n\tret;\n\t{\n\t\tret;\n\t\t{ ret; ret; }\n\t\tret;\n\t}\n\tret;\n}\n";
        let walked = matches_of(query, Some(&plan), text);
        let cursor = matches_of(query, None, text);
        assert_eq!(cursor.len(), 3, "{cursor:?}");
        assert_eq!(walked, cursor);
    }

    #[test]
    fn rules_with_the_same_query_share_its_patterns_and_unknown_kinds_are_refused() {
        let shared = "; one rule's words\n(alignment) @a\n";
        let same = "; another's\n;\n(alignment) @a   \n";
        let plan = plan(&[
            Declared {
                rule: 3,
                kinds: &["instruction"],
                query: Some((&["alignment"], shared)),
            },
            Declared {
                rule: 5,
                kinds: &[],
                query: Some((&["alignment"], same)),
            },
        ]);
        assert_eq!(plan.rooted().unwrap().owners, [vec![3, 5]]);
        let unknown = Plan::new(
            &ptxkit_syntax::language(),
            ptxkit_syntax::node_types(),
            &[Declared {
                rule: 0,
                kinds: &["no_such_kind"],
                query: None,
            }],
        );
        assert!(matches!(unknown, Err(PlanError::UnknownKind(kind)) if kind == "no_such_kind"));
    }

    #[test]
    fn containers_follow_fields_children_and_supertypes() {
        let types = r#"[
            {"type": "_statement", "named": true, "subtypes": [{"type": "instruction", "named": true}]},
            {"type": "source_file", "named": true, "fields": {}, "children": {"multiple": true, "required": false, "types": [{"type": "function_definition", "named": true}]}},
            {"type": "function_definition", "named": true, "fields": {"body": {"multiple": false, "required": false, "types": [{"type": "block", "named": true}]}}},
            {"type": "block", "named": true, "fields": {}, "children": {"multiple": true, "required": false, "types": [{"type": "_statement", "named": true}]}},
            {"type": "instruction", "named": true, "fields": {"operand": {"multiple": true, "required": false, "types": [{"type": "register", "named": true}]}}},
            {"type": "register", "named": true, "fields": {}}
        ]"#;
        let mut found = Containment::new(types)
            .unwrap()
            .containers_of(&["instruction".to_string()]);
        found.sort();
        assert_eq!(found, ["block", "function_definition", "source_file"]);
    }
}
