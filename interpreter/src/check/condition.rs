//! Conditions decided in play (the move context of §5.2), compiled from
//! expressions. Parts that only read rulings are decided when the file is
//! checked.

use super::eval::{value_at, SquareScope, Value};
use crate::diagnostic::Diagnostic;
use crate::load::{BinaryOp, Expr, ExprNode, UnaryOp};
use crate::program::{Comparison, Condition, Count, LAST_MOVE_KINDS};

/// Whether `name` (a path) is one of the move context's names (§5.2):
/// the built-in ones, and any `piece.NAME`, `player.NAME` or
/// `opponent.NAME` (a declared flag or counter, §13).
pub fn is_move_context_name(name: &str) -> bool {
    MOVE_CONTEXT_PATHS.contains(&name)
        || matches!(
            name.split('.').next(),
            Some("player" | "opponent" | "piece")
        )
}

/// Whether `name` (a function) is one of the move context's functions (§5.2).
pub fn is_move_context_call(name: &str) -> bool {
    MOVE_CONTEXT_CALLS.contains(&name)
}

/// Names and functions of the move context (§5.2) that move conditions
/// read; a player flag is `player.FLAG` or `opponent.FLAG`.
const MOVE_CONTEXT_PATHS: [&str; 12] = [
    "piece.virgin",
    "piece.double_stepped",
    "piece.type",
    "move.captures",
    "last_move.captured",
    "last_move.type",
    "last_move.kind",
    "last_move.from",
    "last_move.to",
    "in_check",
    "move_number",
    "sub_move",
];
const MOVE_CONTEXT_CALLS: [&str; 4] = [
    "captured_last_turn",
    "held",
    "captured_last_turn_count",
    "count",
];

/// The first part of `node` that reads the move context (§5.2), with
/// where it stands; `None` for an expression of the square context.
pub fn move_context_part(node: &ExprNode) -> Option<(crate::diagnostic::Span, String)> {
    match &node.expr {
        Expr::Path(path) => {
            let name = path.join(".");
            is_move_context_name(&name).then_some((node.span, name))
        }
        Expr::Call(name, _) if is_move_context_call(name) => Some((node.span, format!("{name}()"))),
        Expr::Call(_, items) | Expr::List(items) => items.iter().find_map(move_context_part),
        Expr::Range(a, b) | Expr::Binary(_, a, b) => {
            move_context_part(a).or_else(|| move_context_part(b))
        }
        Expr::Unary(_, a) => move_context_part(a),
        Expr::Number(_) | Expr::Str(_) => None,
    }
}

/// What a condition may name.
pub struct Names<'a> {
    /// Piece letters, by type.
    pub letters: &'a [String],
    /// Declared player flags.
    pub flags: &'a [String],
    /// Declared piece flags (§13).
    pub piece_flags: &'a [String],
    /// Declared counters (§13).
    pub counters: &'a [String],
    /// Where the condition has no moving piece (a drop, passing, a turn's
    /// privilege): what it is, for the message refusing `piece.*`.
    pub pieceless: Option<&'a str>,
    /// Whether positions record the last move (`state.last_move`, §13).
    pub records_last: bool,
}

/// Compiles the parts of a condition that read only the square context
/// (§5.1), for movement conditions (§12.1): their table over the squares.
pub type SquarePart<'a, 'b> = &'a mut (dyn FnMut(&ExprNode) -> Condition + 'b);

/// Compiles a move-context condition.
///
/// With `square` (a movement condition, §12.1), each part that reads only
/// the square context becomes what `square` makes of it: a table over the
/// squares, read at the moving piece's square.
pub fn compile(
    node: &ExprNode,
    scope: &SquareScope,
    names: &Names,
    mut square: Option<SquarePart<'_, '_>>,
) -> Result<Condition, Diagnostic> {
    if let Some(square) = square.as_deref_mut() {
        if move_context_part(node).is_none() {
            return Ok(square(node));
        }
    }
    // Whatever the square context decides (rulings) is decided now.
    if let Ok(Value::Bool(b)) = value_at(node, scope) {
        return Ok(if b {
            Condition::Always
        } else {
            Condition::Never
        });
    }
    let err = |m: String| Diagnostic::at(node.span, m);
    let letter = |n: &ExprNode| -> Result<u8, Diagnostic> {
        let text = match &n.expr {
            Expr::Str(s) => s.clone(),
            Expr::Path(p) => p.join("."),
            _ => String::new(),
        };
        let letter_like = match text.strip_prefix('+').unwrap_or(&text).as_bytes() {
            [c] => c.is_ascii_alphabetic(),
            _ => false,
        };
        if !letter_like {
            return Err(Diagnostic::at(
                n.span,
                format!("expected a piece letter, not `{text}`"),
            ));
        }
        names
            .letters
            .iter()
            .position(|l| *l == text)
            .map(|t| t as u8)
            .ok_or_else(|| Diagnostic::at(n.span, format!("unknown piece letter `{text}`")))
    };
    Ok(match &node.expr {
        Expr::Unary(UnaryOp::Not, inner) => Condition::Not(Box::new(compile(inner, scope, names, square)?)),
        Expr::Binary(BinaryOp::And, a, b) => Condition::All(vec![compile(a, scope, names, square.as_deref_mut())?, compile(b, scope, names, square)?]),
        Expr::Binary(BinaryOp::Or, a, b) => Condition::Any(vec![compile(a, scope, names, square.as_deref_mut())?, compile(b, scope, names, square)?]),
        Expr::Path(path) if refused(path, names).is_some() => {
            return Err(err(refused(path, names).unwrap_or_default()))
        }
        Expr::Binary(_, a, _) if matches!(&a.expr, Expr::Path(p) if unreadable(p, names)) => {
            return compile(a, scope, names, None);
        }
        Expr::Binary(op, a, b) if matches!(&a.expr, Expr::Path(p) if matches!(p.join(".").as_str(), "last_move.kind" | "last_move.from" | "last_move.to")) => {
            last_move(a, *op, b, scope)?
        }
        Expr::Binary(op @ (BinaryOp::Eq | BinaryOp::Ne), a, b) if matches!(&a.expr, Expr::Path(p) if matches!(p.join(".").as_str(), "last_move.type" | "piece.type")) => {
            let is = match &a.expr {
                Expr::Path(p) if p[0] == "piece" => Condition::PieceType(letter(b)?),
                _ => Condition::LastType(letter(b)?),
            };
            if *op == BinaryOp::Eq {
                is
            } else {
                Condition::Not(Box::new(is))
            }
        }
        Expr::Path(path) => match path.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
            ["piece", "virgin"] => Condition::PieceUnmoved,
            ["piece", "double_stepped"] => Condition::PieceStepped,
            ["move", "captures"] => Condition::MoveCaptures,
            ["last_move", "captured"] => Condition::LastCaptured,
            ["in_check"] => Condition::InCheck,
            ["piece", flag] => match names.piece_flags.iter().position(|f| f == flag) {
                Some(i) => Condition::PieceFlag(i as u8),
                None => {
                    let built_in = MOVE_CONTEXT_PATHS.iter().filter_map(|n| n.strip_prefix("piece."));
                    let hint = crate::diagnostic::closest(flag, built_in.chain(names.piece_flags.iter().map(String::as_str)))
                        .map(|n| format!("; did you mean `piece.{n}`?"))
                        .unwrap_or_default();
                    return Err(err(format!("unknown piece flag `{flag}`; declare it in `state.piece_flags`{hint}")));
                }
            },
            [who @ ("player" | "opponent"), flag] => match names.flags.iter().position(|f| f == flag) {
                Some(i) => Condition::Flag { flag: i as u8, opponent: *who == "opponent" },
                None => return Err(err(format!("unknown player flag `{flag}`; declare it in `state.player_flags`"))),
            },
            _ => {
                return Err(err(format!(
                    "unknown name `{}` in a move condition; the names are piece.virgin, piece.double_stepped, piece.type, piece.FLAG, move.captures, last_move.type, last_move.captured, in_check, move_number, sub_move, player.FLAG, opponent.FLAG, player.COUNTER, opponent.COUNTER",
                    path.join(".")
                )))
            }
        },
        Expr::Call(name, args) if name == "captured_last_turn" => {
            let mut mask = 0u32;
            for a in args {
                mask |= 1 << letter(a)?;
            }
            Condition::Lost(mask)
        }
        Expr::Binary(op @ (BinaryOp::Eq | BinaryOp::Ne | BinaryOp::Lt | BinaryOp::Le | BinaryOp::Gt | BinaryOp::Ge), a, b) => {
            Condition::Compare(count(a, names, &letter)?, comparison(*op), count(b, names, &letter)?)
        }
        _ => return Err(err("this condition cannot be decided: use and, or, not, comparisons of last_move.type and piece.type, comparisons of counts, and the names of the move context".to_string())),
    })
}

/// Whether the path names what this condition cannot read: the recorded
/// last move where none is recorded, the moving piece where none moves.
fn unreadable(path: &[String], names: &Names) -> bool {
    match path.first().map(String::as_str) {
        Some("last_move") => !names.records_last,
        Some("piece") => names.pieceless.is_some(),
        _ => false,
    }
}

/// Why the path may not stand here as a condition by itself, if it may
/// not: it is [`unreadable`], or a letter, word or square to compare.
fn refused(path: &[String], names: &Names) -> Option<String> {
    let name = path.join(".");
    if unreadable(path, names) {
        return Some(match names.pieceless {
            Some(what) if path[0] == "piece" => {
                format!("`{name}` reads the moving piece, and {what} moves none")
            }
            _ => format!(
                "`{name}` reads the recorded last move: declare `state: {{ last_move: last }}` (§13)"
            ),
        });
    }
    let (what, example) = match name.as_str() {
        _ if counter(path, names).is_some() => ("a counter (§13)", "3"),
        "piece.type" | "last_move.type" => ("a piece letter", "\"N\""),
        "last_move.kind" => ("a word", "\"drop\""),
        "last_move.from" | "last_move.to" => ("a square", "e4"),
        _ => return None,
    };
    Some(format!(
        "`{name}` is {what}: compare it, e.g. `{name} == {example}`"
    ))
}

/// The counter `player.NAME` or `opponent.NAME` reads, if the path is one.
fn counter(path: &[String], names: &Names) -> Option<Count> {
    let [who, name] = path else { return None };
    let opponent = match who.as_str() {
        "player" => false,
        "opponent" => true,
        _ => return None,
    };
    let counter = names.counters.iter().position(|c| c == name)? as u8;
    Some(Count::Counter { counter, opponent })
}

/// A comparison of `last_move.kind`, `last_move.from` or `last_move.to`
/// (the path `name`) with `value`.
fn last_move(
    name: &ExprNode,
    op: BinaryOp,
    value: &ExprNode,
    scope: &SquareScope,
) -> Result<Condition, Diagnostic> {
    let path = match &name.expr {
        Expr::Path(path) if path.len() == 2 => path,
        _ => return Err(Diagnostic::at(name.span, "expected `last_move.NAME`")),
    };
    let is = match (op, path[1].as_str()) {
        (BinaryOp::Eq | BinaryOp::Ne, "kind") => {
            let word = match &value.expr {
                Expr::Str(s) => s.clone(),
                Expr::Path(p) => p.join("."),
                _ => String::new(),
            };
            let Some(kind) = LAST_MOVE_KINDS.iter().position(|k| *k == word) else {
                let kinds = LAST_MOVE_KINDS.map(|k| format!("\"{k}\"")).join(", ");
                return Err(Diagnostic::at(
                    value.span,
                    format!("`last_move.kind` is one of {kinds}, not `{word}`"),
                ));
            };
            Condition::LastKind(kind as u8)
        }
        (BinaryOp::Eq | BinaryOp::Ne | BinaryOp::In, "from" | "to") => Condition::LastSquare {
            to: path[1] == "to",
            squares: last_squares(value, op, scope)?,
        },
        _ => {
            return Err(Diagnostic::at(
                name.span,
                format!(
                    "`{}` is compared with `==` or `!=`{}",
                    path.join("."),
                    if path[1] == "kind" {
                        ""
                    } else {
                        ", or `in` a list of squares"
                    }
                ),
            ))
        }
    };
    Ok(if op == BinaryOp::Ne {
        Condition::Not(Box::new(is))
    } else {
        is
    })
}

/// The squares `last_move.from` or `last_move.to` is compared with: one
/// square for `==` and `!=`, a list of them for `in`.
fn last_squares(node: &ExprNode, op: BinaryOp, scope: &SquareScope) -> Result<Vec<u8>, Diagnostic> {
    let index = |f: i64, r: i64| ((r - 1) * scope.files + f - 1) as u8;
    let wrong = |what: &str| {
        Diagnostic::at(
            node.span,
            format!("`last_move.from` and `last_move.to` are compared with {what}"),
        )
    };
    match (op, value_at(node, scope)?) {
        (BinaryOp::In, Value::List(items)) => items
            .iter()
            .map(|v| match v {
                Value::Square(f, r) => Ok(index(*f, *r)),
                _ => Err(wrong(
                    "a list of squares after `in`, e.g. `last_move.to in [d4, e4]`",
                )),
            })
            .collect(),
        (BinaryOp::In, _) => Err(wrong(
            "a list of squares after `in`, e.g. `last_move.to in [d4, e4]`",
        )),
        (_, Value::Square(f, r)) => Ok(vec![index(f, r)]),
        _ => Err(wrong("a square, e.g. `last_move.to == e4`")),
    }
}

/// Compiles a count of a comparison: a number, `move_number`, `sub_move`,
/// a counter (§13), or `held`, `count`, `captured_last_turn_count` with at
/// least one letter.
fn count(
    node: &ExprNode,
    names: &Names,
    letter: &dyn Fn(&ExprNode) -> Result<u8, Diagnostic>,
) -> Result<Count, Diagnostic> {
    let letters = |args: &[ExprNode]| -> Result<u32, Diagnostic> {
        if args.is_empty() {
            return Err(Diagnostic::at(
                node.span,
                "name at least one piece letter, e.g. `held(N)`",
            ));
        }
        args.iter()
            .try_fold(0u32, |mask, a| Ok(mask | 1 << letter(a)?))
    };
    match &node.expr {
        Expr::Number(n) => Ok(Count::Number(*n)),
        Expr::Path(p) if p.join(".") == "move_number" => Ok(Count::MoveNumber),
        Expr::Path(p) if p.join(".") == "sub_move" => Ok(Count::SubMove),
        Expr::Call(name, args) if name == "held" => Ok(Count::Held(letters(args)?)),
        Expr::Call(name, args) if name == "count" => Ok(Count::OnBoard(letters(args)?)),
        Expr::Call(name, args) if name == "captured_last_turn_count" => {
            Ok(Count::CapturedLastTurn(letters(args)?))
        }
        Expr::Path(p) if counter(p, names).is_some() => Ok(counter(p, names).unwrap_or(Count::Number(0))),
        Expr::Path(p) if p.len() == 2 && matches!(p[0].as_str(), "player" | "opponent") => {
            let name = &p[1];
            Err(Diagnostic::at(
                node.span,
                if names.flags.contains(name) {
                    format!("`{}` is a player flag, true or false: it is not compared", p.join("."))
                } else {
                    format!("unknown counter `{name}`; declare it in `state.counters`")
                },
            ))
        }
        _ => Err(Diagnostic::at(
            node.span,
            "a comparison in a move condition compares counts: a number, move_number, sub_move, player.COUNTER, opponent.COUNTER, held(L, ...), count(L, ...) or captured_last_turn_count(L, ...)",
        )),
    }
}

/// The comparison a comparison operator makes (`>=` for the rest).
fn comparison(op: BinaryOp) -> Comparison {
    let (less, equal, greater) = match op {
        BinaryOp::Eq => (false, true, false),
        BinaryOp::Ne => (true, false, true),
        BinaryOp::Lt => (true, false, false),
        BinaryOp::Le => (true, true, false),
        BinaryOp::Gt => (false, false, true),
        _ => (false, true, true),
    };
    Comparison {
        less,
        equal,
        greater,
    }
}
