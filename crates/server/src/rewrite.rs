//! The rewrite command: `workspace/executeCommand` `ptxls.rewrite` with the document's URI
//! and `ptxrewrite`'s words (`"--to 7.8"`, `"--to 7.0 --target sm_70 --allow-approximate"`)
//! rewrites the open document to that PTX version as `ptxrewrite` would, as a workspace
//! edit. What has no equivalent at the destination is refused with ptxrewrite's reasons,
//! and so is a file ptxrewrite will not touch (syntax errors, no `.version`).

use std::collections::HashMap;

use lsp_types::{TextEdit, Uri, WorkspaceEdit};

use crate::document::Document;
use crate::position::Encoding;

/// The command's name.
pub const COMMAND: &str = "ptxls.rewrite";

/// At most this many refusals are listed in the error message.
const MAX_REASONS: usize = 5;

/// The edit that rewrites `document` as `args` (ptxrewrite's words) say, or why not.
/// An unchanged document gives an empty edit.
pub fn rewrite(uri: &Uri, document: &Document, args: &str, encoding: Encoding) -> Result<WorkspaceEdit, String> {
    let options = ptxkit_rewrite::Options::from_args(args).ok_or_else(|| {
        format!("cannot understand `{args}`: expected `--to X.Y [--target sm_NN] [--allow-approximate]`")
    })?;
    let text = document.text();
    let result = ptxkit_rewrite::rewrite(text, &options).map_err(|err| format!("ptxrewrite: {err}"))?;
    if result.refused() {
        let lines = ptxkit_syntax::LineIndex::new(text);
        let mut reasons: Vec<String> = result
            .refusals
            .iter()
            .take(MAX_REASONS)
            .map(|d| format!("line {}: {}", lines.line_of(d.span.start) + 1, d.message))
            .collect();
        if result.refusals.len() > MAX_REASONS {
            reasons.push(format!("and {} more", result.refusals.len() - MAX_REASONS));
        }
        return Err(format!(
            "ptxrewrite refuses to move this file to PTX {}: {}",
            options.to,
            reasons.join("; ")
        ));
    }
    let edits = if result.changed(text) {
        vec![TextEdit::new(document.range(0..text.len(), encoding), result.output)]
    } else {
        Vec::new()
    };
    Ok(WorkspaceEdit {
        changes: Some(HashMap::from([(uri.clone(), edits)])),
        ..WorkspaceEdit::default()
    })
}

#[cfg(test)]
mod tests {
    use std::str::FromStr;

    use super::*;

    fn run(text: &str, args: &str) -> Result<String, String> {
        let uri = Uri::from_str("file:///k.ptx").unwrap();
        let document = Document::new(None, 0, text.to_string());
        let edit = rewrite(&uri, &document, args, Encoding::Utf16)?;
        let edits = &edit.changes.unwrap()[&uri];
        Ok(edits.first().map_or(text.to_string(), |e| e.new_text.clone()))
    }

    #[test]
    fn rewrites_refuses_and_explains() {
        let text = ".version 8.0\n.target sm_90\n.entry k()\n{\n\tbar.cta.sync 0;\n\tret;\n}\n";
        let moved = run(text, "--to 7.7").unwrap();
        assert!(
            moved.starts_with(".version 7.7\n.target sm_87\n") && moved.contains("\tbar.sync 0;"),
            "{moved}"
        );
        assert_eq!(run(text, "--to 8.0").unwrap(), text, "nothing to do");
        let refused = run(
            ".version 8.0\n.target sm_90\n.entry k()\n{\n\t.reg .b32 %r<2>;\n\tmov.u32 %r1, %clusterid.x;\n\tret;\n}\n",
            "--to 7.0",
        )
        .unwrap_err();
        assert!(refused.contains("refuses") && refused.contains("line 6"), "{refused}");
        assert!(run(text, "--to").unwrap_err().contains("cannot understand"));
        assert!(run("mov.u32 %r1", "--to 7.0").unwrap_err().starts_with("ptxrewrite: "));
    }
}
