//! Printers of the two small languages inside rule-file strings, so that
//! tools can write what [`parse_betza`](super::parse_betza) and
//! [`parse_expression`](super::parse_expression) read: printing a parsed
//! value and parsing the text again gives the same tree (the fuzz target
//! `expression` checks it).

use super::{Atom, BetzaComponent, BinaryOp, Expr, ExprNode, Leg, UnaryOp};

/// Prints Betza components so that [`parse_betza`](super::parse_betza) reads them back as the
/// same legs and atoms; `None` for an atom no text can express.
pub fn print_betza(components: &[BetzaComponent]) -> Option<String> {
    let mut out = String::new();
    for (i, c) in components.iter().enumerate() {
        let legs: Vec<String> = c.legs.iter().map(print_leg).collect();
        out.push_str(&legs.join("a"));
        let atom = print_atom(&c.atom)?;
        // `W` then `W` would read as the rider `WW` (`R` then `R` as `RR`):
        // write the first `W1` (`R0`), the same atom.
        let next = components
            .get(i + 1)
            .and_then(|n| Some(print_leg(n.legs.first()?) + &print_atom(&n.atom)?));
        let doubles = atom.len() == 1 && next.is_some_and(|n| n.starts_with(&atom));
        out.push_str(&atom);
        if doubles {
            out.push(if c.atom.rider { '0' } else { '1' });
        }
    }
    Some(out)
}

fn print_leg(leg: &Leg) -> String {
    let mut s = leg.dirs.clone();
    for (on, letter) in [
        (leg.moves, 'm'),
        (leg.captures, 'c'),
        (leg.en_passant, 'e'),
        (leg.initial, 'i'),
        (leg.lame, 'n'),
        (leg.hop, 'p'),
        (leg.grasshop, 'g'),
        (leg.switch, 'y'),
    ] {
        if on {
            s.push(letter);
        }
    }
    s
}

/// A Betza letter, the leaps it stands for, and whether it rides.
type BetzaLetter = (&'static str, &'static [(i8, i8)], bool);

fn print_atom(atom: &Atom) -> Option<String> {
    const LETTERS: [BetzaLetter; 13] = [
        ("W", &[(1, 0)], false),
        ("F", &[(1, 1)], false),
        ("D", &[(2, 0)], false),
        ("N", &[(2, 1)], false),
        ("A", &[(2, 2)], false),
        ("H", &[(3, 0)], false),
        ("C", &[(3, 1)], false),
        ("Z", &[(3, 2)], false),
        ("G", &[(3, 3)], false),
        ("K", &[(1, 0), (1, 1)], false),
        ("R", &[(1, 0)], true),
        ("B", &[(1, 1)], true),
        ("Q", &[(1, 0), (1, 1)], true),
    ];
    let leaper = LETTERS
        .iter()
        .find(|(_, leaps, rider)| *leaps == atom.leaps.as_slice() && !rider)
        .map(|l| l.0);
    let rider = LETTERS
        .iter()
        .find(|(_, leaps, rider)| *leaps == atom.leaps.as_slice() && *rider)
        .map(|l| l.0);
    let leap = match atom.leaps.as_slice() {
        [(x, y)] => Some(format!("({x},{y})")),
        _ => None,
    };
    match (atom.rider, atom.range) {
        (false, 0) => leaper.map(str::to_string).or(leap),
        (false, _) => None,
        (true, r) if r >= 2 => Some(format!("{}{r}", leaper.map(str::to_string).or(leap)?)),
        (true, r) => {
            let base = rider
                .map(str::to_string)
                .or_else(|| leaper.map(|l| format!("{l}{l}")))?;
            Some(if r == 1 { format!("{base}1") } else { base })
        }
    }
}

/// Prints an expression so that [`parse_expression`](super::parse_expression) reads it back as the
/// same tree, with as few parentheses as precedence allows.
pub fn print_expression(e: &ExprNode) -> String {
    print_expr(&e.expr)
}

fn precedence(op: BinaryOp) -> u8 {
    match op {
        BinaryOp::Or => 1,
        BinaryOp::And => 2,
        BinaryOp::Eq
        | BinaryOp::Ne
        | BinaryOp::Lt
        | BinaryOp::Le
        | BinaryOp::Gt
        | BinaryOp::Ge
        | BinaryOp::In => 3,
        BinaryOp::Add | BinaryOp::Sub => 4,
    }
}

fn print_expr(e: &Expr) -> String {
    match e {
        Expr::Number(n) => n.to_string(),
        Expr::Str(s) => format!("\"{s}\""),
        Expr::Path(parts) => parts.join("."),
        Expr::List(items) => format!(
            "[{}]",
            items
                .iter()
                .map(print_expression)
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Expr::Range(a, b) => format!("{}..{}", print_expression(a), print_expression(b)),
        Expr::Call(name, args) => format!(
            "{name}({})",
            args.iter()
                .map(print_expression)
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Expr::Unary(op, x) => {
            let inner = print_expression(x);
            let inner = if matches!(x.expr, Expr::Binary(..)) {
                format!("({inner})")
            } else {
                inner
            };
            match op {
                UnaryOp::Not => format!("not {inner}"),
                UnaryOp::Neg => format!("-{inner}"),
            }
        }
        Expr::Binary(op, l, r) => {
            let p = precedence(*op);
            let side = |x: &ExprNode, strict: bool| {
                let s = print_expression(x);
                match &x.expr {
                    Expr::Binary(o, ..)
                        if precedence(*o) < p || (strict && precedence(*o) == p) =>
                    {
                        format!("({s})")
                    }
                    _ => s,
                }
            };
            format!("{} {} {}", side(l, false), op.symbol(), side(r, true))
        }
    }
}
