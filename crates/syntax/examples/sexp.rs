//! Prints the syntax tree of a PTX file (or stdin) as an S-expression.
fn main() {
    let text = match std::env::args().nth(1) {
        Some(path) => std::fs::read_to_string(path).expect("readable file"),
        None => std::io::read_to_string(std::io::stdin()).expect("readable stdin"),
    };
    let parsed = ptxkit_syntax::parse(text);
    println!("{}", parsed.root().to_sexp());
    for error in parsed.syntax_errors() {
        let position = parsed.lines().line_column(parsed.text(), error.span.start);
        println!(
            "error at {}:{} {:?} {:?}",
            position.line,
            position.column,
            error.kind,
            &parsed.text()[error.span.range()]
        );
    }
}
