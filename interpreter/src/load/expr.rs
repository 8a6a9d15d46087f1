//! Expression text → syntax tree with spans.

use pest::iterators::Pair;
use pest::pratt_parser::{Assoc, Op, PrattParser};
use pest::Parser;

use super::{Grammar, Rule, Text};
use crate::diagnostic::{Diagnostic, Span};

/// An expression node and where it stands in the file.
#[derive(Clone, Debug, PartialEq)]
pub struct ExprNode {
    /// What the node is.
    pub expr: Expr,
    /// Where it is written.
    pub span: Span,
}

impl ExprNode {
    /// This node and every node inside it, parents first; without
    /// recursion, so any depth is walked.
    pub fn nodes(&self) -> impl Iterator<Item = &ExprNode> {
        let mut stack = vec![self];
        std::iter::from_fn(move || {
            let node = stack.pop()?;
            match &node.expr {
                Expr::Number(_) | Expr::Str(_) | Expr::Path(_) => {}
                Expr::List(items) | Expr::Call(_, items) => stack.extend(items.iter().rev()),
                Expr::Range(a, b) | Expr::Binary(_, a, b) => stack.extend([&**b, &**a]),
                Expr::Unary(_, a) => stack.push(a),
            }
            Some(node)
        })
    }
}

/// The forms of an expression.
#[derive(Clone, Debug, PartialEq)]
pub enum Expr {
    /// A whole number, e.g. `8`.
    Number(i64),
    /// A quoted string, e.g. `"diagonal"`.
    Str(String),
    /// A name or dotted path, e.g. `rank`, `e4`, `last_move.captured`.
    Path(Vec<String>),
    /// A list, e.g. `[a, b, g, h]`.
    List(Vec<ExprNode>),
    /// An inclusive range, e.g. `a..d` or `1..4`.
    Range(Box<ExprNode>, Box<ExprNode>),
    /// A function call, e.g. `count(P)`.
    Call(String, Vec<ExprNode>),
    /// A prefix operator.
    Unary(UnaryOp, Box<ExprNode>),
    /// An infix operator.
    Binary(BinaryOp, Box<ExprNode>, Box<ExprNode>),
}

/// Prefix operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnaryOp {
    /// `not`
    Not,
    /// `-`
    Neg,
}

/// Infix operators, loosest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinaryOp {
    /// `or`
    Or,
    /// `and`
    And,
    /// `==`
    Eq,
    /// `!=`
    Ne,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
    /// `in`: membership in a list or range.
    In,
    /// `+`
    Add,
    /// `-`
    Sub,
}

impl BinaryOp {
    /// The operator as written.
    pub fn symbol(self) -> &'static str {
        match self {
            BinaryOp::Or => "or",
            BinaryOp::And => "and",
            BinaryOp::Eq => "==",
            BinaryOp::Ne => "!=",
            BinaryOp::Lt => "<",
            BinaryOp::Le => "<=",
            BinaryOp::Gt => ">",
            BinaryOp::Ge => ">=",
            BinaryOp::In => "in",
            BinaryOp::Add => "+",
            BinaryOp::Sub => "-",
        }
    }
}

fn pratt() -> PrattParser<Rule> {
    PrattParser::new()
        .op(Op::infix(Rule::or, Assoc::Left))
        .op(Op::infix(Rule::and, Assoc::Left))
        .op(Op::infix(Rule::eq, Assoc::Left)
            | Op::infix(Rule::ne, Assoc::Left)
            | Op::infix(Rule::lt, Assoc::Left)
            | Op::infix(Rule::le, Assoc::Left)
            | Op::infix(Rule::gt, Assoc::Left)
            | Op::infix(Rule::ge, Assoc::Left)
            | Op::infix(Rule::in_, Assoc::Left))
        .op(Op::infix(Rule::add, Assoc::Left) | Op::infix(Rule::sub, Assoc::Left))
        .op(Op::prefix(Rule::not) | Op::prefix(Rule::neg))
}

/// Parses an expression string such as `rank >= 8 and file in [a, h]`.
pub fn parse_expression(text: &Text) -> Result<ExprNode, Diagnostic> {
    let mut pairs = Grammar::parse(Rule::expression, &text.value).map_err(|e| {
        let offset = match e.location {
            pest::error::InputLocation::Pos(p) | pest::error::InputLocation::Span((p, _)) => p,
        };
        if let Some((at, opener)) = unclosed(&text.value) {
            return Diagnostic::at(
                text.span_at(at, 1),
                format!("bad expression `{}`: unclosed `{opener}`", text.value),
            );
        }
        let col = text.value[..offset.min(text.value.len())].chars().count();
        let message = match text.value[offset..].chars().next() {
            Some(c) => format!("bad expression `{}`: unexpected `{c}`", text.value),
            None if text.value.trim().is_empty() => "empty expression".to_string(),
            None => format!("bad expression `{}`: it ends too early", text.value),
        };
        Diagnostic::at(text.span_at(col, 1), message)
    })?;
    let expr = pairs
        .next()
        .and_then(|p| p.into_inner().next())
        .ok_or_else(|| text.error("empty expression"))?;
    Ok(build(expr, text, &pratt()))
}

/// The first bracket left open, by character offset.
fn unclosed(text: &str) -> Option<(usize, char)> {
    let mut open = Vec::new();
    let mut quoted = false;
    for (i, c) in text.chars().enumerate() {
        match c {
            '"' => quoted = !quoted,
            '(' | '[' if !quoted => open.push((i, c)),
            ')' | ']' if !quoted => {
                open.pop();
            }
            _ => {}
        }
    }
    open.first().copied()
}

fn span_of(pair: &Pair<'_, Rule>, text: &Text) -> Span {
    let s = pair.as_span();
    let start = text.value[..s.start()].chars().count();
    text.span_at(start, s.as_str().chars().count())
}

fn join(a: Span, b: Span) -> Span {
    if a.line == b.line && b.col >= a.col {
        Span::new(a.line, a.col, b.col + b.len - a.col)
    } else {
        a
    }
}

fn build(pair: Pair<'_, Rule>, text: &Text, pratt: &PrattParser<Rule>) -> ExprNode {
    pratt
        .map_primary(|p| primary(p, text, pratt))
        .map_prefix(|op, rhs| {
            let span = join(span_of(&op, text), rhs.span);
            let op = if op.as_rule() == Rule::not {
                UnaryOp::Not
            } else {
                UnaryOp::Neg
            };
            ExprNode {
                expr: Expr::Unary(op, Box::new(rhs)),
                span,
            }
        })
        .map_infix(|lhs, op, rhs| {
            let op = match op.as_rule() {
                Rule::or => BinaryOp::Or,
                Rule::and => BinaryOp::And,
                Rule::eq => BinaryOp::Eq,
                Rule::ne => BinaryOp::Ne,
                Rule::lt => BinaryOp::Lt,
                Rule::le => BinaryOp::Le,
                Rule::gt => BinaryOp::Gt,
                Rule::ge => BinaryOp::Ge,
                Rule::in_ => BinaryOp::In,
                Rule::add => BinaryOp::Add,
                _ => BinaryOp::Sub,
            };
            let span = join(lhs.span, rhs.span);
            ExprNode {
                expr: Expr::Binary(op, Box::new(lhs), Box::new(rhs)),
                span,
            }
        })
        .parse(pair.into_inner())
}

fn primary(pair: Pair<'_, Rule>, text: &Text, pratt: &PrattParser<Rule>) -> ExprNode {
    let span = span_of(&pair, text);
    let expr = match pair.as_rule() {
        Rule::number => Expr::Number(pair.as_str().parse().unwrap_or(i64::MAX)),
        Rule::string => Expr::Str(pair.as_str().trim_matches('"').to_string()),
        Rule::path => Expr::Path(pair.as_str().split('.').map(str::to_string).collect()),
        Rule::list => Expr::List(pair.into_inner().map(|p| build(p, text, pratt)).collect()),
        Rule::range_lit => {
            let mut inner = pair.into_inner().map(|p| primary(p, text, pratt));
            match (inner.next(), inner.next()) {
                (Some(a), Some(b)) => Expr::Range(Box::new(a), Box::new(b)),
                _ => Expr::List(Vec::new()),
            }
        }
        Rule::call => {
            let mut inner = pair.into_inner();
            let name = inner
                .next()
                .map(|p| p.as_str().to_string())
                .unwrap_or_default();
            Expr::Call(name, inner.map(|p| build(p, text, pratt)).collect())
        }
        _ => return build(pair, text, pratt),
    };
    ExprNode { expr, span }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(s: &str) -> Result<ExprNode, Diagnostic> {
        parse_expression(&Text {
            value: s.into(),
            span: Span::new(3, 10, 1),
        })
    }

    #[test]
    fn precedence_and_spans() {
        let e = parse("rank >= 8 and file in [a, h]").unwrap();
        let Expr::Binary(BinaryOp::And, l, r) = &e.expr else {
            panic!("{e:?}")
        };
        assert!(matches!(l.expr, Expr::Binary(BinaryOp::Ge, _, _)));
        assert!(matches!(r.expr, Expr::Binary(BinaryOp::In, _, _)));
        assert_eq!(r.span, Span::new(3, 24, 14));
    }

    #[test]
    fn ranges_calls_and_not() {
        let e = parse("not file in a..d or count(P) > 1").unwrap();
        assert!(matches!(e.expr, Expr::Binary(BinaryOp::Or, _, _)));
    }

    #[test]
    fn errors_are_located() {
        assert_eq!(
            parse("rank >= ").unwrap_err().to_string(),
            "3:18: bad expression `rank >= `: it ends too early"
        );
        assert_eq!(
            parse("rank ?? 8").unwrap_err().to_string(),
            "3:15: bad expression `rank ?? 8`: unexpected `?`"
        );
    }
}
