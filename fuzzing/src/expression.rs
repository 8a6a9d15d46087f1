//! Target `expression`: arbitrary text as Betza and as an expression.

use motley_interpreter::diagnostic::Span;
use motley_interpreter::load::{
    parse_betza, parse_expression, print_betza, print_expression, BetzaComponent, Expr, ExprNode,
    Text,
};

/// The tree with every span zeroed, to compare trees by shape alone.
pub fn without_spans(e: &ExprNode) -> ExprNode {
    let expr = match &e.expr {
        Expr::List(items) => Expr::List(items.iter().map(without_spans).collect()),
        Expr::Range(a, b) => Expr::Range(Box::new(without_spans(a)), Box::new(without_spans(b))),
        Expr::Call(name, args) => {
            Expr::Call(name.clone(), args.iter().map(without_spans).collect())
        }
        Expr::Unary(op, x) => Expr::Unary(*op, Box::new(without_spans(x))),
        Expr::Binary(op, l, r) => {
            Expr::Binary(*op, Box::new(without_spans(l)), Box::new(without_spans(r)))
        }
        other => other.clone(),
    };
    ExprNode {
        expr,
        span: Default::default(),
    }
}

fn one_line(value: &str) -> Text {
    Text {
        value: value.to_string(),
        span: Span::new(1, 1, 1),
    }
}

/// Asserts a span of a parse of one-line `value` lies within it.
fn span_inside(value: &str, span: Span, what: &str) {
    let width = value.chars().count() as u32;
    assert!(
        span.line == 1 && span.col >= 1 && span.col + span.len - 1 <= width.max(1) + 1,
        "{what} span {span:?} outside `{value}` ({width} characters)"
    );
}

/// Asserts that an error of a parse of one-line `value` is placed, and
/// within it.
fn placed_inside(value: &str, span: Option<Span>, what: &str) {
    let span = span.unwrap_or_else(|| panic!("{what}s are placed"));
    span_inside(value, span, what);
}

/// Target `expression`: the bytes (lossily UTF-8) as Betza and as an
/// expression. Neither parser panics; errors are placed inside the text;
/// what parses prints and parses back to the same tree.
pub fn expression(data: &[u8]) {
    let value = String::from_utf8_lossy(data);
    // One line: a Text stands for a one-line scalar.
    let value = value.split(['\n', '\r']).next().unwrap_or_default();
    let text = one_line(value);
    match parse_betza(&text) {
        Err(d) => placed_inside(value, d.span, "Betza error"),
        Ok(components) => {
            for c in &components {
                span_inside(value, c.span, "Betza component");
            }
            let printed = print_betza(&components)
                .unwrap_or_else(|| panic!("cannot print the Betza of `{value}`: {components:?}"));
            let again = parse_betza(&one_line(&printed)).unwrap_or_else(|e| {
                panic!("`{value}` printed as `{printed}`, which does not parse: {e}")
            });
            let shape = |cs: &[BetzaComponent]| {
                cs.iter()
                    .map(|c| (c.legs.clone(), c.atom.clone()))
                    .collect::<Vec<_>>()
            };
            assert_eq!(
                shape(&again),
                shape(&components),
                "`{value}` printed as `{printed}` reads back differently"
            );
        }
    }
    match parse_expression(&text) {
        Err(d) => placed_inside(value, d.span, "expression error"),
        Ok(tree) => {
            check_spans(value, &tree);
            let printed = print_expression(&tree);
            let again = parse_expression(&one_line(&printed)).unwrap_or_else(|e| {
                panic!("`{value}` printed as `{printed}`, which does not parse: {e}")
            });
            assert_eq!(
                without_spans(&again),
                without_spans(&tree),
                "`{value}` printed as `{printed}` reads back differently"
            );
        }
    }
}

fn check_spans(value: &str, e: &ExprNode) {
    span_inside(value, e.span, "expression node");
    match &e.expr {
        Expr::List(items) | Expr::Call(_, items) => {
            items.iter().for_each(|x| check_spans(value, x));
        }
        Expr::Range(a, b) | Expr::Binary(_, a, b) => {
            check_spans(value, a);
            check_spans(value, b);
        }
        Expr::Unary(_, x) => check_spans(value, x),
        _ => {}
    }
}
