//! Tests of the migrations through the driver: every documented example, and cases a
//! fixture cannot say (a refusal's wording, a rewrite's exact text).

use ptxkit_rewrite::{Options, migrations, rewrite};

/// The example in every migration's documentation is run: `before` must
/// rewrite to exactly `after`, and `after` must be a fixed point.
#[test]
fn documented_examples_hold() {
    for migration in migrations::MIGRATIONS {
        let example = migration
            .example()
            .unwrap_or_else(|| panic!("{}: the documentation has no runnable example", migration.name));
        let options = Options::from_args(&example.args)
            .unwrap_or_else(|| panic!("{}: example arguments `{}`", migration.name, example.args));
        let result = rewrite(&example.before, &options)
            .unwrap_or_else(|err| panic!("{}: example failed: {err}", migration.name));
        assert!(
            result.refusals.is_empty(),
            "{}: example refused: {:?}",
            migration.name,
            result.refusals
        );
        assert_eq!(result.output, example.after, "{}: example output", migration.name);
        assert!(
            result.applied.contains_key(migration.name),
            "{}: the example does not exercise the migration ({:?})",
            migration.name,
            result.applied
        );
        let again = rewrite(&result.output, &options).unwrap();
        assert_eq!(
            again.output, result.output,
            "{}: second run changed the text",
            migration.name
        );
    }
}

#[test]
fn shared_memory_uses_are_left_for_the_destination_check() {
    let text = ".version 8.3\n.target sm_80\n.entry k()\n{\n\t.reg .b128 %q;\n\t.shared .align 16 .b8 s[16];\n\tld.shared.b128 %q, [s];\n\tret;\n}\n";
    let result = ptxkit_rewrite::rewrite(text, &ptxkit_rewrite::Options::from_args("--to 8.2").unwrap()).unwrap();
    assert!(result.refused());
    assert!(result.refusals.iter().any(|d| d.message.contains("ld.shared.b128")));
}

#[test]
fn local_declarations_shadow_module_ones() {
    let text = ".version 2.1\n.target sm_20\n.reg .u32 %r<4>;\n.entry k()\n{\n\t.reg .u32 %r<4>;\n\tmov.u32 %r1, 1;\n\tret;\n}\n";
    let options = ptxkit_rewrite::Options::from_args("--to 3.0").unwrap();
    let result = ptxkit_rewrite::rewrite(text, &options).unwrap();
    assert_eq!(
        result.output,
        ".version 3.0\n.target sm_20\n.entry k()\n{\n\t.reg .u32 %r<4>;\n\tmov.u32 %r1, 1;\n\tret;\n}\n"
    );
}

/// Every migration has fixtures of its own (`tests/fixtures/<name>/`), and every fixture
/// directory is a migration's or a topic's (`header`, `refusals`).
#[test]
fn every_migration_has_fixtures() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    for migration in migrations::MIGRATIONS {
        let fixtures = dir.join(migration.name);
        let count = std::fs::read_dir(&fixtures)
            .map(|entries| {
                entries
                    .filter(|e| {
                        e.as_ref()
                            .is_ok_and(|e| e.path().extension().is_some_and(|x| x == "ptx"))
                    })
                    .count()
            })
            .unwrap_or(0);
        assert!(count > 0, "{}: no fixture in {}", migration.name, fixtures.display());
    }
    for entry in std::fs::read_dir(&dir).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        assert!(
            matches!(name.as_str(), "header" | "refusals") || migrations::find(&name).is_some(),
            "tests/fixtures/{name}: no migration of that name"
        );
    }
}
