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

/// The deepest an expression may nest: brackets, prefix operators and
/// chained infix operators each add a level. Parsing, checking and
/// evaluating recurse over the nesting, so it is bounded to keep them off
/// the end of the stack.
pub const MAX_NESTING: usize = 100;

/// Parses an expression string such as `rank >= 8 and file in [a, h]`.
pub fn parse_expression(text: &Text) -> Result<ExprNode, Diagnostic> {
    if let Some(at) = too_deep(&text.value) {
        return Err(nested_too_deeply(text.span_at(at, 1)));
    }
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
    let (node, _) = build(expr, text, &pratt())?;
    Ok(node)
}

fn nested_too_deeply(span: Span) -> Diagnostic {
    Diagnostic::at(
        span,
        format!("expression nested too deeply (limit {MAX_NESTING})"),
    )
}

/// The character offset where brackets and prefix operators (`not`, `-`)
/// first nest deeper than [`MAX_NESTING`], read before parsing, since the
/// parser recurses over both.
fn too_deep(text: &str) -> Option<usize> {
    // One entry per open bracket: the prefix operators met since the last
    // operand at that level.
    let mut levels = vec![0usize];
    let mut depth = 0usize;
    let mut quoted = false;
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let start = i;
        i += 1;
        if quoted {
            quoted = c != '"';
            continue;
        }
        let nested = levels.len() > 1;
        let prefixes = levels.last_mut().expect("the outer level stays");
        match c {
            '"' => {
                quoted = true;
                depth -= std::mem::take(prefixes);
            }
            '(' | '[' => {
                levels.push(0);
                depth += 1;
            }
            ')' | ']' if nested => {
                depth -= std::mem::take(prefixes) + 1;
                levels.pop();
                depth -= std::mem::take(levels.last_mut().expect("the outer level stays"));
            }
            '-' => {
                *prefixes += 1;
                depth += 1;
            }
            c if c.is_ascii_alphanumeric() || c == '_' => {
                while i < chars.len() && (chars[i].is_ascii_alphanumeric() || chars[i] == '_') {
                    i += 1;
                }
                let word: String = chars[start..i].iter().collect();
                if word == "not" {
                    *prefixes += 1;
                    depth += 1;
                } else if !matches!(word.as_str(), "and" | "or" | "in") {
                    depth -= std::mem::take(prefixes);
                }
            }
            _ => {}
        }
        if depth > MAX_NESTING {
            return Some(start);
        }
    }
    None
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

/// A node built so far and how deeply it nests.
type Built = Result<(ExprNode, usize), Diagnostic>;

/// Wraps `expr` over children of `depth` levels, refusing to nest past
/// [`MAX_NESTING`].
fn nest(expr: Expr, span: Span, depth: usize) -> Built {
    if depth >= MAX_NESTING {
        return Err(nested_too_deeply(span));
    }
    Ok((ExprNode { expr, span }, depth + 1))
}

fn build(pair: Pair<'_, Rule>, text: &Text, pratt: &PrattParser<Rule>) -> Built {
    pratt
        .map_primary(|p| primary(p, text, pratt))
        .map_prefix(|op, rhs| {
            let (rhs, depth) = rhs?;
            let span = join(span_of(&op, text), rhs.span);
            let op = if op.as_rule() == Rule::not {
                UnaryOp::Not
            } else {
                UnaryOp::Neg
            };
            nest(Expr::Unary(op, Box::new(rhs)), span, depth)
        })
        .map_infix(|lhs, op_pair, rhs| {
            let ((lhs, left), (rhs, right)) = (lhs?, rhs?);
            let op = match op_pair.as_rule() {
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
            let op_span = span_of(&op_pair, text);
            nest(
                Expr::Binary(op, Box::new(lhs), Box::new(rhs)),
                span,
                left.max(right),
            )
            .map_err(|_| nested_too_deeply(op_span))
        })
        .parse(pair.into_inner())
}

fn primary(pair: Pair<'_, Rule>, text: &Text, pratt: &PrattParser<Rule>) -> Built {
    let span = span_of(&pair, text);
    // The children of a list, range or call, and the deepest of them.
    let children = |pairs: pest::iterators::Pairs<'_, Rule>,
                    each: &dyn Fn(Pair<'_, Rule>) -> Built| {
        let mut nodes = Vec::new();
        let mut deepest = 0;
        for p in pairs {
            let (node, depth) = each(p)?;
            deepest = deepest.max(depth);
            nodes.push(node);
        }
        Ok::<_, Diagnostic>((nodes, deepest))
    };
    let expr_of = |p: Pair<'_, Rule>| build(p, text, pratt);
    let primary_of = |p: Pair<'_, Rule>| primary(p, text, pratt);
    let (expr, depth) = match pair.as_rule() {
        Rule::number => (Expr::Number(pair.as_str().parse().unwrap_or(i64::MAX)), 0),
        Rule::string => (Expr::Str(pair.as_str().trim_matches('"').to_string()), 0),
        Rule::path => (
            Expr::Path(pair.as_str().split('.').map(str::to_string).collect()),
            0,
        ),
        Rule::list => {
            let (items, depth) = children(pair.into_inner(), &expr_of)?;
            (Expr::List(items), depth)
        }
        Rule::range_lit => {
            let (ends, depth) = children(pair.into_inner(), &primary_of)?;
            let mut ends = ends.into_iter();
            match (ends.next(), ends.next()) {
                (Some(a), Some(b)) => (Expr::Range(Box::new(a), Box::new(b)), depth),
                _ => (Expr::List(Vec::new()), depth),
            }
        }
        Rule::call => {
            let mut inner = pair.into_inner();
            let name = inner
                .next()
                .map(|p| p.as_str().to_string())
                .unwrap_or_default();
            let (args, depth) = children(inner, &expr_of)?;
            (Expr::Call(name, args), depth)
        }
        _ => return build(pair, text, pratt),
    };
    if matches!(expr, Expr::Number(_) | Expr::Str(_) | Expr::Path(_)) {
        return Ok((ExprNode { expr, span }, 0));
    }
    nest(expr, span, depth)
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

    #[test]
    fn nesting_past_the_limit_is_refused_at_its_place() {
        let too_deep = format!("expression nested too deeply (limit {MAX_NESTING})");
        let inputs = [
            format!("rank in {}8{}", "[".repeat(5000), "]".repeat(5000)),
            vec!["rank == 8"; 20_000].join(" or "),
            format!("rank == {}", vec!["0"; 50_000].join(" + ")),
            format!("{}rank == 8{}", "(".repeat(16_000), ")".repeat(16_000)),
            format!("{}(rank == 8)", "not ".repeat(16_000)),
            format!("{}1", "- ".repeat(16_000)),
            format!(
                "{}true{}",
                "if(true, ".repeat(8000),
                ", false)".repeat(8000)
            ),
        ];
        for input in &inputs {
            let error = parse(input).unwrap_err();
            assert_eq!(error.message, too_deep, "{}", &input[..40]);
            assert_eq!(error.span.map(|s| s.line), Some(3));
        }
    }

    #[test]
    fn nesting_up_to_the_limit_parses() {
        let depth = MAX_NESTING - 1;
        for input in [
            format!("{}rank == 8{}", "(".repeat(depth), ")".repeat(depth)),
            vec!["rank == 8"; MAX_NESTING / 2].join(" or "),
            format!("{}(rank == 8)", "not ".repeat(depth)),
        ] {
            assert!(parse(&input).is_ok(), "{input}");
        }
    }
}
