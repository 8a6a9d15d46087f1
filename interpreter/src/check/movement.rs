//! Betza components → single-direction movements.

use crate::diagnostic::Diagnostic;
use crate::load::{BetzaComponent, Leg};

/// How a movement travels along its direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Travel {
    /// One leap to the target, jumping over anything.
    Leap,
    /// One leap whose intermediate squares must be empty (`n`).
    Lame,
    /// Repeated leaps while the squares are empty, up to a range (0 = unlimited).
    Slide(u32),
    /// Slides to a screen, hops it, then slides on (`p`).
    Hop(u32),
    /// Slides to a screen and lands right behind it (`g`).
    Grasshop(u32),
    /// Captures the piece on the target without moving (`cabX`).
    Shoot,
}

/// One direction of one Betza component, for White (Black mirrors the ranks).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Movement {
    /// File step.
    pub dx: i8,
    /// Rank step, positive towards Black.
    pub dy: i8,
    /// How the piece travels.
    pub travel: Travel,
    /// May end on an empty square.
    pub moves: bool,
    /// May capture an enemy piece on the target.
    pub captures: bool,
    /// May capture en passant on the target.
    pub en_passant: bool,
    /// Only as the piece's first move.
    pub initial: bool,
    /// Index of the square condition it needs (see `PieceType::conditions`), if any.
    pub condition: Option<usize>,
}

/// Whether leap `(dx, dy)` is selected by the direction letters of a leg.
/// See spec/LANGUAGE.md, "Directions".
fn selected(dirs: &str, dx: i8, dy: i8) -> bool {
    if dirs.is_empty() {
        return true;
    }
    let one = |c: char| match c {
        'f' => dy > 0,
        'b' => dy < 0,
        'l' => dx < 0,
        'r' => dx > 0,
        'v' => dy.abs() > dx.abs(),
        's' => dx.abs() > dy.abs(),
        _ => false,
    };
    let chars: Vec<char> = dirs.chars().collect();
    let mut i = 0;
    let mut any = false;
    while i < chars.len() {
        let c = chars[i];
        let pair = chars.get(i + 1).copied().filter(|&n| {
            matches!(
                (c, n),
                ('f' | 'b', 'l' | 'r' | 's') | ('l' | 'r', 'f' | 'b' | 'v')
            ) || (n == c && "fblr".contains(c))
        });
        let hit = match pair {
            Some(n) if n == c => one(c) && one(if "fb".contains(c) { 'v' } else { 's' }),
            Some(n) => one(c) && one(n),
            None => one(c),
        };
        any |= hit;
        i += if pair.is_some() { 2 } else { 1 };
    }
    any
}

fn images(a: i8, b: i8) -> Vec<(i8, i8)> {
    let mut out: Vec<(i8, i8)> = Vec::new();
    for (x, y) in [(a, b), (b, a)] {
        for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            let v = (x * sx, y * sy);
            if !out.contains(&v) {
                out.push(v);
            }
        }
    }
    out
}

/// Expands one Betza component into its single-direction movements.
pub fn expand(c: &BetzaComponent) -> Result<Vec<Movement>, Diagnostic> {
    let (leg, travel_shoot): (&Leg, bool) = match c.legs.as_slice() {
        [leg] => (leg, false),
        [first, second]
            if second.dirs == "b" && first.captures && !first.moves && !c.atom.rider =>
        {
            (first, true)
        }
        _ => {
            return Err(Diagnostic::at(
                c.span,
                format!(
                    "{}; the one multi-leg form it implements is the rifle capture `cabX`",
                    crate::diagnostic::not_implemented_yet(&format!(
                        "multi-leg movement `{}` (locust captures, bent riders)",
                        c.text
                    ))
                ),
            ))
        }
    };
    let plain = !leg.moves && !leg.captures && !leg.en_passant;
    let range = c.atom.range;
    let travel = if travel_shoot {
        Travel::Shoot
    } else if leg.hop {
        Travel::Hop(range)
    } else if leg.grasshop {
        Travel::Grasshop(range)
    } else if c.atom.rider {
        Travel::Slide(range)
    } else if leg.lame {
        Travel::Lame
    } else {
        Travel::Leap
    };
    let mut out = Vec::new();
    for &(a, b) in &c.atom.leaps {
        for (dx, dy) in images(a, b) {
            if selected(&leg.dirs, dx, dy) {
                out.push(Movement {
                    dx,
                    dy,
                    travel,
                    moves: (leg.moves || plain) && !travel_shoot,
                    captures: leg.captures || plain,
                    en_passant: leg.en_passant,
                    initial: leg.initial,
                    condition: None,
                });
            }
        }
    }
    if out.is_empty() {
        return Err(Diagnostic::at(
            c.span,
            format!(
                "the directions `{}` select no move of `{}`",
                leg.dirs, c.text
            ),
        ));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::Span;
    use crate::load::{parse_betza, Text};

    fn dirs(s: &str) -> Vec<(i8, i8)> {
        let comps = parse_betza(&Text {
            value: s.into(),
            span: Span::new(1, 1, 1),
        })
        .unwrap();
        let mut v: Vec<_> = comps
            .iter()
            .flat_map(|c| expand(c).unwrap())
            .map(|m| (m.dx, m.dy))
            .collect();
        v.sort();
        v
    }

    #[test]
    fn direction_letters() {
        assert_eq!(dirs("fW"), [(0, 1)]);
        assert_eq!(dirs("fF"), [(-1, 1), (1, 1)]);
        assert_eq!(dirs("flF"), [(-1, 1)]);
        assert_eq!(dirs("vW"), [(0, -1), (0, 1)]);
        assert_eq!(dirs("sW"), [(-1, 0), (1, 0)]);
        assert_eq!(dirs("ffN"), [(-1, 2), (1, 2)]);
        assert_eq!(dirs("fsN"), [(-2, 1), (2, 1)]);
        assert_eq!(dirs("fN").len(), 4);
        assert_eq!(dirs("fbW"), [(0, -1), (0, 1)]);
        assert_eq!(dirs("N").len(), 8);
        assert_eq!(dirs("K").len(), 8);
    }

    #[test]
    fn empty_selection_is_an_error() {
        let comps = parse_betza(&Text {
            value: "vF".into(),
            span: Span::new(1, 1, 1),
        })
        .unwrap();
        assert_eq!(
            expand(&comps[0]).unwrap_err().message,
            "the directions `v` select no move of `vF`"
        );
    }
}
