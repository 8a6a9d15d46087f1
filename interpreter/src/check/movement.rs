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

/// A group of direction letters: one letter, or an intersecting pair read
/// as one direction (spec/LANGUAGE.md, "Directions").
#[derive(Clone, Copy)]
enum Group {
    One(char),
    Pair(char, char),
}

/// The groups of a leg's direction letters, in order.
fn groups(dirs: &str) -> Vec<Group> {
    let chars: Vec<char> = dirs.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let pair = chars.get(i + 1).copied().filter(|&n| {
            matches!(
                (c, n),
                ('f' | 'b', 'l' | 'r' | 's') | ('l' | 'r', 'f' | 'b' | 'v')
            ) || (n == c && "fblr".contains(c))
        });
        match pair {
            Some(n) => {
                out.push(Group::Pair(c, n));
                i += 2;
            }
            None => {
                out.push(Group::One(c));
                i += 1;
            }
        }
    }
    out
}

/// Whether one direction letter selects leap `(dx, dy)`.
fn one(c: char, dx: i8, dy: i8) -> bool {
    match c {
        'f' => dy > 0,
        'b' => dy < 0,
        'l' => dx < 0,
        'r' => dx > 0,
        'v' => dy.abs() > dx.abs(),
        's' => dx.abs() > dy.abs(),
        _ => false,
    }
}

impl Group {
    fn selects(self, dx: i8, dy: i8) -> bool {
        match self {
            Group::One(c) => one(c, dx, dy),
            Group::Pair(c, n) if n == c => {
                one(c, dx, dy) && one(if "fb".contains(c) { 'v' } else { 's' }, dx, dy)
            }
            Group::Pair(c, n) => one(c, dx, dy) && one(n, dx, dy),
        }
    }
}

/// Whether leap `(dx, dy)` is selected by the direction letters of a leg.
fn selected(dirs: &str, dx: i8, dy: i8) -> bool {
    dirs.is_empty() || groups(dirs).iter().any(|g| g.selects(dx, dy))
}

/// A pair of direction letters that selects none of one leap's moves while
/// its letters apart would: Fairy-Stockfish reads such a pair as its two
/// letters apart (`fsW` steps forward and sideways there), Motley as one
/// direction with both at once, so the file is refused rather than read
/// one way silently.
fn pair_read_apart(c: &BetzaComponent, dirs: &str) -> Option<String> {
    for group in groups(dirs) {
        let Group::Pair(x, y) = group else { continue };
        if x == y {
            continue;
        }
        for &(a, b) in &c.atom.leaps {
            let leap = images(a, b);
            let as_pair = leap.iter().any(|&(dx, dy)| group.selects(dx, dy));
            let apart = leap
                .iter()
                .any(|&(dx, dy)| one(x, dx, dy) || one(y, dx, dy));
            if !as_pair && apart {
                let pair: String = [x, y].iter().collect();
                let split = |l: char| c.text.replacen(&pair, &l.to_string(), 1);
                return Some(format!(
                    "the direction pair `{pair}` of `{}` selects none of its ({a},{b}) moves: \
                     here a pair is one direction with both letters at once (`fsN`: the two wide \
                     forward knight moves), while Fairy-Stockfish reads `{pair}` as `{x}` and `{y}` \
                     apart; for that, write `{}{}`",
                    c.text,
                    split(x),
                    split(y)
                ));
            }
        }
    }
    None
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
    if let Some(message) = pair_read_apart(c, &leg.dirs) {
        return Err(Diagnostic::at(c.span, message));
    }
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

    fn refusal(betza: &str) -> String {
        let comps = parse_betza(&Text {
            value: betza.into(),
            span: Span::new(1, 1, 1),
        })
        .unwrap();
        expand(&comps[0]).unwrap_err().message
    }

    #[test]
    fn pairs_fairy_stockfish_reads_apart_are_refused() {
        assert_eq!(
            refusal("fsW"),
            "the direction pair `fs` of `fsW` selects none of its (1,0) moves: here a pair is one \
             direction with both letters at once (`fsN`: the two wide forward knight moves), while \
             Fairy-Stockfish reads `fs` as `f` and `s` apart; for that, write `fWsW`"
        );
        assert!(refusal("mbsR").ends_with("write `mbRmsR`"));
        assert!(refusal("flK")
            .starts_with("the direction pair `fl` of `flK` selects none of its (1,0) moves"));
        assert!(refusal("fsF").ends_with("write `fFsF`"));
        // Pairs every leap of the atom has: no difference.
        assert_eq!(dirs("flF"), [(-1, 1)]);
        assert_eq!(dirs("fsN"), [(-2, 1), (2, 1)]);
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
