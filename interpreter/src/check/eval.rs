//! Evaluation of expressions over a square of the board, for zones.

use crate::diagnostic::{closest, Diagnostic};
use crate::load::{BinaryOp, Expr, ExprNode, UnaryOp};

/// A value of the expression language.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// A whole number (also ranks and files: `a` is 1).
    Int(i64),
    /// A truth value.
    Bool(bool),
    /// A square, as 1-based file and rank.
    Square(i64, i64),
    /// A list of values.
    List(Vec<Value>),
    /// An inclusive range of whole numbers, e.g. `1..4` or `a..d`; tested
    /// for membership without listing it.
    Range(i64, i64),
    /// A string, such as a ruling's option.
    Str(String),
}

impl Value {
    fn kind(&self) -> &'static str {
        match self {
            Value::Int(_) => "a number",
            Value::Bool(_) => "true or false",
            Value::Square(..) => "a square",
            Value::List(_) => "a list",
            Value::Range(..) => "a range",
            Value::Str(_) => "a string",
        }
    }
}

/// What a zone expression can see: one square, from one player's side.
pub struct SquareScope<'a> {
    /// Number of files of the board.
    pub files: i64,
    /// Number of ranks of the board.
    pub ranks: i64,
    /// 1-based file of the square.
    pub file: i64,
    /// 1-based rank of the square, counted from White's side.
    pub abs_rank: i64,
    /// Whether the player is White (ranks are counted from the player's side).
    pub white: bool,
    /// The chosen option of every ruling, by id within the variant.
    pub rulings: &'a std::collections::BTreeMap<String, String>,
}

/// Names a zone expression may use.
pub const ZONE_NAMES: &[&str] = &[
    "rank", "file", "square", "ranks", "files", "last", "white", "true", "false",
];

impl SquareScope<'_> {
    fn name(&self, name: &str) -> Option<Value> {
        let rank = if self.white {
            self.abs_rank
        } else {
            self.ranks + 1 - self.abs_rank
        };
        Some(match name {
            "rank" => Value::Int(rank),
            "file" => Value::Int(self.file),
            "square" => Value::Square(self.file, self.abs_rank),
            "ranks" | "last" => Value::Int(self.ranks),
            "files" => Value::Int(self.files),
            "white" => Value::Bool(self.white),
            "true" => Value::Bool(true),
            "false" => Value::Bool(false),
            _ => return square_or_file(name, self.files, self.ranks),
        })
    }
}

/// `a`..`p` name files; `e4`, `a10` name squares (within the board).
fn square_or_file(name: &str, files: i64, ranks: i64) -> Option<Value> {
    let mut chars = name.chars();
    let f = chars.next().filter(char::is_ascii_lowercase)? as i64 - 'a' as i64 + 1;
    if f > files {
        return None;
    }
    let rest = chars.as_str();
    if rest.is_empty() {
        return Some(Value::Int(f));
    }
    let r: i64 = rest.parse().ok().filter(|_| !rest.starts_with('0'))?;
    (1..=ranks).contains(&r).then_some(Value::Square(f, r))
}

/// Functions of the square context: `ruling("ID")`, `reach_from_outside(BETZA)`.
fn call(name: &str, args: &[ExprNode], scope: &SquareScope) -> Result<Value, String> {
    let word = |a: &ExprNode| match &a.expr {
        Expr::Str(s) => Some(s.clone()),
        Expr::Path(p) => Some(p.join(".")),
        _ => None,
    };
    match (name, args) {
        ("ruling", [id]) => {
            let id = word(id).ok_or("`ruling` takes a ruling id, e.g. ruling(\"pawn-capture\")")?;
            scope
                .rulings
                .get(&id)
                .map(|v| Value::Str(v.clone()))
                .ok_or_else(|| {
                    let known: Vec<&str> = scope.rulings.keys().map(String::as_str).collect();
                    format!(
                        "unknown ruling `{id}`; the rulings are: {}",
                        if known.is_empty() {
                            "none".to_string()
                        } else {
                            known.join(", ")
                        }
                    )
                })
        }
        ("reach_from_outside", [betza]) => {
            let text = word(betza).ok_or(
                "`reach_from_outside` takes a Betza movement, e.g. reach_from_outside(WA)",
            )?;
            Ok(Value::Bool(reached_from_outside(&text, scope)?))
        }
        ("if", [condition, yes, no]) => match eval(condition, scope).map_err(|d| d.message)? {
            Value::Bool(true) => eval(yes, scope).map_err(|d| d.message),
            Value::Bool(false) => eval(no, scope).map_err(|d| d.message),
            other => Err(format!(
                "`if` needs true or false first, not {}",
                other.kind()
            )),
        },
        ("if", _) => Err("`if` takes three arguments: if(CONDITION, THEN, ELSE)".to_string()),
        ("own", [_, ..]) => own(args, scope),
        ("own", []) => {
            Err("`own` takes squares as White writes them, e.g. own(e1) or own(d1, e1)".to_string())
        }
        ("ruling" | "reach_from_outside", _) => Err(format!("`{name}` takes one argument")),
        _ if super::condition::is_move_context_call(name) => {
            Err(move_context_in_zone(&format!("`{name}()`")))
        }
        _ => Err(format!(
            "unknown function `{name}`; the functions are ruling, reach_from_outside, own and if"
        )),
    }
}

/// The message for a move-context name (§5.2) where only the square
/// context is read.
fn move_context_in_zone(what: &str) -> String {
    format!("{what} reads the move context (§5.2), and a zone reads only its square (§5.1): write it in the rule's `when:`")
}

/// `own(SQUARE, ...)`: squares written from White's side, seen from the
/// scope's side: the same squares for White, mirrored across the middle
/// rank for Black (`own(e1)` is e8 for Black), as `rank` counts. One
/// square gives a square; several, or lists of them, give a list.
fn own(args: &[ExprNode], scope: &SquareScope) -> Result<Value, String> {
    let mirror = |v: Value| match v {
        Value::Square(f, r) if scope.white => Ok(Value::Square(f, r)),
        Value::Square(f, r) => Ok(Value::Square(f, scope.ranks + 1 - r)),
        other => Err(format!(
            "`own` takes squares (e.g. own(e1)), not {}",
            other.kind()
        )),
    };
    let mut squares = Vec::new();
    for arg in args {
        match eval(arg, scope).map_err(|d| d.message)? {
            Value::List(items) => {
                for item in items {
                    squares.push(mirror(item)?);
                }
            }
            one => squares.push(mirror(one)?),
        }
    }
    match (args, squares.len()) {
        ([one], 1) if !matches!(one.expr, Expr::List(_)) => Ok(squares.remove(0)),
        _ => Ok(Value::List(squares)),
    }
}

/// Whether one move of `betza` (sliders: one step) from a square of the
/// ring just outside the board lands on the scope's square.
fn reached_from_outside(betza: &str, scope: &SquareScope) -> Result<bool, String> {
    let text = crate::load::Text {
        value: betza.to_string(),
        span: crate::diagnostic::Span::new(1, 1, 1),
    };
    let components = crate::load::parse_betza(&text)
        .map_err(|d| format!("in reach_from_outside: {}", d.message))?;
    let (f, r) = (scope.file - 1, scope.abs_rank - 1);
    for c in &components {
        for m in super::movement::expand(c).map_err(|d| d.message)? {
            let dy = if scope.white {
                m.dy as i64
            } else {
                -(m.dy as i64)
            };
            let (of, or) = (f - m.dx as i64, r - dy);
            let outside = of < 0 || or < 0 || of >= scope.files || or >= scope.ranks;
            let on_ring = (-1..=scope.files).contains(&of) && (-1..=scope.ranks).contains(&or);
            if outside && on_ring {
                return Ok(true);
            }
        }
    }
    Ok(false)
}

/// Evaluates an expression in the square context.
pub fn value_at(node: &ExprNode, scope: &SquareScope) -> Result<Value, Diagnostic> {
    eval(node, scope)
}

/// Evaluates an expression that must give a whole number (e.g. a deadline).
pub fn number_at(node: &ExprNode, scope: &SquareScope) -> Result<i64, Diagnostic> {
    let number = |v: &Value| match v {
        Value::Int(n) => Some(*n),
        _ => None,
    };
    evaluate_as(node, scope, number, "expected a number")
}

/// Evaluates a zone expression to true or false for one square.
pub fn zone_contains(node: &ExprNode, scope: &SquareScope) -> Result<bool, Diagnostic> {
    let truth = |v: &Value| match v {
        Value::Bool(b) => Some(*b),
        _ => None,
    };
    evaluate_as(node, scope, truth, "a zone must be true or false")
}

/// Evaluates an expression whose value `take` reads; any other value is
/// refused with `wanted` and what the value is.
fn evaluate_as<T>(
    node: &ExprNode,
    scope: &SquareScope,
    take: impl Fn(&Value) -> Option<T>,
    wanted: &str,
) -> Result<T, Diagnostic> {
    let value = eval(node, scope)?;
    take(&value)
        .ok_or_else(|| Diagnostic::at(node.span, format!("{wanted}, but this is {}", value.kind())))
}

fn eval(node: &ExprNode, scope: &SquareScope) -> Result<Value, Diagnostic> {
    let err = |m: String| Diagnostic::at(node.span, m);
    match &node.expr {
        Expr::Number(n) => Ok(Value::Int(*n)),
        Expr::Str(s) => Ok(Value::Str(s.clone())),
        Expr::Path(path) => {
            let name = path.join(".");
            scope.name(&name).ok_or_else(|| {
                if super::condition::is_move_context_name(&name) {
                    return err(move_context_in_zone(&format!("`{name}`")));
                }
                let hint = closest(&name, ZONE_NAMES.iter().copied())
                    .map(|k| format!("; did you mean `{k}`?"))
                    .unwrap_or_default();
                err(format!("unknown name `{name}` in a zone{hint}"))
            })
        }
        Expr::List(items) => Ok(Value::List(
            items
                .iter()
                .map(|i| eval(i, scope))
                .collect::<Result<_, _>>()?,
        )),
        Expr::Range(lo, hi) => match (eval(lo, scope)?, eval(hi, scope)?) {
            (Value::Int(a), Value::Int(b)) => {
                let limit = scope.files.max(scope.ranks);
                if [a, b].iter().any(|end| !(1..=limit).contains(end)) {
                    return Err(err(format!(
                        "the range {a}..{b} reaches beyond the board: files and ranks are numbered 1 to {limit}"
                    )));
                }
                Ok(Value::Range(a, b))
            }
            (a, b) => Err(err(format!(
                "a range needs two numbers or files, not {} and {}",
                a.kind(),
                b.kind()
            ))),
        },
        Expr::Call(name, args) => call(name, args, scope).map_err(err),
        Expr::Unary(op, inner) => match (op, eval(inner, scope)?) {
            (UnaryOp::Not, Value::Bool(b)) => Ok(Value::Bool(!b)),
            (UnaryOp::Neg, Value::Int(n)) => Ok(Value::Int(-n)),
            (UnaryOp::Not, v) => Err(err(format!("`not` needs true or false, not {}", v.kind()))),
            (UnaryOp::Neg, v) => Err(err(format!("`-` needs a number, not {}", v.kind()))),
        },
        Expr::Binary(op, l, r) => {
            let (a, b) = (eval(l, scope)?, eval(r, scope)?);
            let mismatch = |a: &Value, b: &Value| {
                let needs = match op {
                    BinaryOp::Or | BinaryOp::And => "true or false on both sides",
                    BinaryOp::In => "a list or range on its right",
                    BinaryOp::Eq | BinaryOp::Ne => "two values of one kind",
                    _ => "numbers on both sides",
                };
                err(format!(
                    "`{}` needs {needs}, not {} and {}",
                    op.symbol(),
                    a.kind(),
                    b.kind()
                ))
            };
            Ok(match (op, &a, &b) {
                (BinaryOp::Or, Value::Bool(x), Value::Bool(y)) => Value::Bool(*x || *y),
                (BinaryOp::And, Value::Bool(x), Value::Bool(y)) => Value::Bool(*x && *y),
                (BinaryOp::Eq, _, _)
                    if std::mem::discriminant(&a) == std::mem::discriminant(&b) =>
                {
                    Value::Bool(a == b)
                }
                (BinaryOp::Ne, _, _)
                    if std::mem::discriminant(&a) == std::mem::discriminant(&b) =>
                {
                    Value::Bool(a != b)
                }
                (BinaryOp::Lt, Value::Int(x), Value::Int(y)) => Value::Bool(x < y),
                (BinaryOp::Le, Value::Int(x), Value::Int(y)) => Value::Bool(x <= y),
                (BinaryOp::Gt, Value::Int(x), Value::Int(y)) => Value::Bool(x > y),
                (BinaryOp::Ge, Value::Int(x), Value::Int(y)) => Value::Bool(x >= y),
                (BinaryOp::Add, Value::Int(x), Value::Int(y)) => Value::Int(x.saturating_add(*y)),
                (BinaryOp::Sub, Value::Int(x), Value::Int(y)) => Value::Int(x.saturating_sub(*y)),
                (BinaryOp::In, _, Value::List(items)) => Value::Bool(items.contains(&a)),
                (BinaryOp::In, _, Value::Range(lo, hi)) => {
                    Value::Bool(matches!(a, Value::Int(x) if (*lo..=*hi).contains(&x)))
                }
                _ => return Err(mismatch(&a, &b)),
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::Span;
    use crate::load::{parse_expression, Text};

    fn zone(text: &str, file: i64, abs_rank: i64) -> Result<bool, Diagnostic> {
        zone_for(text, (file, abs_rank), true)
    }

    #[test]
    fn ranges_hold_their_ends_and_what_lies_between() {
        let ranks: Vec<bool> = (1..=8)
            .map(|r| zone("rank in 2..4", 1, r).unwrap())
            .collect();
        assert_eq!(ranks, [false, true, true, true, false, false, false, false]);
        let files: Vec<bool> = (1..=8)
            .map(|f| zone("file in b..c", f, 1).unwrap())
            .collect();
        assert_eq!(
            files,
            [false, true, true, false, false, false, false, false]
        );
    }

    fn zone_for(text: &str, square: (i64, i64), white: bool) -> Result<bool, Diagnostic> {
        let rulings = std::collections::BTreeMap::new();
        let scope = SquareScope {
            files: 8,
            ranks: 8,
            file: square.0,
            abs_rank: square.1,
            white,
            rulings: &rulings,
        };
        let node = parse_expression(&Text {
            value: text.into(),
            span: Span::new(1, 1, 1),
        })?;
        zone_contains(&node, &scope)
    }

    #[test]
    fn own_squares_are_mirrored_for_black() {
        let holds = |text: &str, white: bool| -> Vec<(i64, i64)> {
            let all = (1..=8).flat_map(|f| (1..=8).map(move |r| (f, r)));
            all.filter(|&sq| zone_for(text, sq, white).unwrap())
                .collect()
        };
        assert_eq!(holds("square == own(e1)", true), [(5, 1)]);
        assert_eq!(holds("square == own(e1)", false), [(5, 8)]);
        assert_eq!(holds("square in own(d1, e2)", false), [(4, 8), (5, 7)]);
        assert_eq!(holds("square in own([d1, e2])", false), [(4, 8), (5, 7)]);
        assert_eq!(
            holds("square == e1", false),
            [(5, 1)],
            "`square` is absolute"
        );
        let error = zone_for("square == own(3)", (1, 1), true).unwrap_err();
        assert_eq!(
            error.message,
            "`own` takes squares (e.g. own(e1)), not a number"
        );
    }

    #[test]
    fn ranges_off_the_board_are_refused() {
        let error = zone("rank in 1..99999999", 1, 1).unwrap_err();
        assert_eq!(
            error.message,
            "the range 1..99999999 reaches beyond the board: files and ranks are numbered 1 to 8"
        );
    }
}
