//! Betza components → single-direction movements.

use crate::diagnostic::Diagnostic;
use crate::load::{BetzaComponent, Leg};
use crate::program::{Movement, Route, Travel, MAX_LEGS, NEED_EMPTY, NEED_OCCUPIED};

/// A group of direction letters: one letter, or an intersecting pair read
/// as one direction (spec/LANGUAGE.md, "Directions").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DirectionGroup {
    /// A letter alone: `f`, `b`, `l`, `r`, `v` or `s`.
    One(char),
    /// Two letters read as one direction: `fl`, `rb`, `fs`, ..., or a
    /// doubled letter (`ff`: the narrow way forward).
    Pair(char, char),
}

/// The groups of a leg's direction letters, in order.
pub fn direction_groups(dirs: &str) -> Vec<DirectionGroup> {
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
                out.push(DirectionGroup::Pair(c, n));
                i += 2;
            }
            None => {
                out.push(DirectionGroup::One(c));
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

impl DirectionGroup {
    fn selects(self, dx: i8, dy: i8) -> bool {
        match self {
            DirectionGroup::One(c) => one(c, dx, dy),
            DirectionGroup::Pair(c, n) if n == c => {
                one(c, dx, dy) && one(if "fb".contains(c) { 'v' } else { 's' }, dx, dy)
            }
            DirectionGroup::Pair(c, n) => one(c, dx, dy) && one(n, dx, dy),
        }
    }
}

/// Whether leap `(dx, dy)` is selected by the direction letters of a leg.
fn selected(dirs: &str, dx: i8, dy: i8) -> bool {
    dirs.is_empty() || direction_groups(dirs).iter().any(|g| g.selects(dx, dy))
}

/// A pair of direction letters that selects none of one leap's moves while
/// its letters apart would: Fairy-Stockfish reads such a pair as its two
/// letters apart (`fsW` steps forward and sideways there), Motley as one
/// direction with both at once, so the file is refused rather than read
/// one way silently.
fn pair_read_apart(c: &BetzaComponent, dirs: &str) -> Option<String> {
    for group in direction_groups(dirs) {
        let DirectionGroup::Pair(x, y) = group else {
            continue;
        };
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
        _ => return expand_legs(c),
    };
    if leg.switch {
        return Err(Diagnostic::at(
            c.span,
            format!(
                "`y` in `{}` switches the next leg between leaping and riding; it belongs to a leg before `a`",
                c.text
            ),
        ));
    }
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

/// The eight directions of a king step, counter-clockwise from forward:
/// a turn of one is 45 degrees to the left.
const COMPASS: [(i8, i8); 8] = [
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
    (1, 0),
    (1, 1),
];

/// The turns (in eighths, to the left) a later leg's direction letters
/// select, relative to the leg before it: `f` straight on, `b` straight
/// back, `l`/`r` a right angle, pairs (`fl`, `fs`, `br`, ...) the 45 and 135
/// degree turns, `s` both right angles, `v` on or back; none: every
/// direction but straight back.
fn turns(dirs: &str) -> u8 {
    if dirs.is_empty() {
        return !(1 << 4);
    }
    let mut out = 0u8;
    for group in direction_groups(dirs) {
        let selected: &[u8] = match group {
            DirectionGroup::One('f') | DirectionGroup::Pair('f', 'f') => &[0],
            DirectionGroup::One('b') | DirectionGroup::Pair('b', 'b') => &[4],
            DirectionGroup::One('l') | DirectionGroup::Pair('l', 'l') => &[2],
            DirectionGroup::One('r') | DirectionGroup::Pair('r', 'r') => &[6],
            DirectionGroup::One('s') => &[2, 6],
            DirectionGroup::One('v') => &[0, 4],
            DirectionGroup::Pair('f', 'l') | DirectionGroup::Pair('l', 'f') => &[1],
            DirectionGroup::Pair('f', 'r') | DirectionGroup::Pair('r', 'f') => &[7],
            DirectionGroup::Pair('f', 's') => &[1, 7],
            DirectionGroup::Pair('b', 'l') | DirectionGroup::Pair('l', 'b') => &[3],
            DirectionGroup::Pair('b', 'r') | DirectionGroup::Pair('r', 'b') => &[5],
            DirectionGroup::Pair('b', 's') => &[3, 5],
            DirectionGroup::Pair('l', 'v') => &[1, 3],
            DirectionGroup::Pair('r', 'v') => &[5, 7],
            _ => &[],
        };
        out |= selected.iter().fold(0, |m, t| m | 1 << t);
    }
    out
}

/// A multi-leg component (§4.5): each way its legs can go, as one
/// movement whose route holds the squares where the legs before the last
/// end. Forms outside the implemented ones are refused, naming the form.
fn expand_legs(c: &BetzaComponent) -> Result<Vec<Movement>, Diagnostic> {
    let slide = last_leg_rides(c)
        .map_err(|why| Diagnostic::at(c.span, format!("multi-leg movement `{}`: {why}", c.text)))?;
    if let Some(message) = pair_read_apart(c, &c.legs[0].dirs) {
        return Err(Diagnostic::at(c.span, message));
    }
    let (last, before) = c.legs.split_last().expect("a multi-leg component has legs");
    let mut needs = 0u8;
    for (k, leg) in before.iter().enumerate() {
        let hops = leg.hop || leg.grasshop;
        let mut need = if hops { NEED_OCCUPIED } else { 0 };
        if leg.moves || leg.switch || !hops {
            need |= NEED_EMPTY;
        }
        needs |= need << (2 * k);
    }
    let plain = !last.moves && !last.captures;
    let out: Vec<Movement> = ways(c)
        .into_iter()
        .filter(|(points, step)| {
            let end = points.last().copied().unwrap_or((0, 0));
            (end.0 + step.0, end.1 + step.1) != (0, 0)
        })
        .map(|(points, (dx, dy))| {
            let mut route = Route {
                points: [(0, 0); MAX_LEGS - 1],
                count: points.len() as u8,
                needs,
                slide,
            };
            route.points[..points.len()].copy_from_slice(&points);
            Movement {
                dx,
                dy,
                travel: Travel::Bent(route),
                moves: last.moves || plain,
                captures: last.captures || plain,
                en_passant: false,
                initial: c.legs[0].initial,
                condition: None,
            }
        })
        .collect();
    if out.is_empty() {
        return Err(Diagnostic::at(
            c.span,
            format!(
                "multi-leg movement `{}`: its directions select no move",
                c.text
            ),
        ));
    }
    Ok(out)
}

/// Whether the last leg of a multi-leg component rides (the atom's riding,
/// switched after each `y` or `g` leg), or why the form is refused.
fn last_leg_rides(c: &BetzaComponent) -> Result<bool, String> {
    let legs = &c.legs;
    if legs.len() > MAX_LEGS {
        return Err(format!("at most {MAX_LEGS} legs"));
    }
    let (last, before) = legs.split_last().expect("a multi-leg component has legs");
    if legs.iter().any(|l| l.en_passant || l.lame) {
        return Err("`e` and `n` are modes of one-leg moves; a leg's squares are its route".into());
    }
    if legs[1..].iter().any(|l| l.initial) {
        return Err("`i` goes on the first leg: it makes the whole move a first move".into());
    }
    if before.iter().any(|l| l.captures) {
        return Err(
            "a leg that captures on the way (a locust capture) is not implemented: a move takes at \
             most one piece, on its target; the one form that captures without arriving is the \
             rifle capture `cabX` of a leaping X"
                .into(),
        );
    }
    if last.hop || last.grasshop || last.switch {
        return Err(
            "`p`, `g` and `y` go on a leg before the last: the last leg ends the move".into(),
        );
    }
    let mut riding = c.atom.rider;
    for leg in before {
        if riding {
            return Err(
                "a leg before the last rides; only the last leg may ride (switch a leaping \
                 leg to riding with `y`, as in the griffon `FyafsF`)"
                    .into(),
            );
        }
        riding ^= leg.switch || leg.grasshop;
    }
    let size = c.atom.leaps[0].0;
    let oblique = c.atom.leaps.iter().any(|&(a, b)| b != 0 && a != b);
    if !oblique && c.atom.leaps.iter().any(|&(a, _)| a != size) {
        return Err(
            "the atom's leaps differ in length, so a later leg's step is not defined".into(),
        );
    }
    if oblique
        && legs[1..]
            .iter()
            .any(|l| !matches!(l.dirs.as_str(), "" | "f" | "b"))
    {
        return Err(
            "a later leg of an oblique atom (such as N) turns only straight on (`f`) or back (`b`)"
                .into(),
        );
    }
    Ok(riding)
}

/// One way the legs of a multi-leg move go: where the legs before the
/// last end (from the origin, for White), and the last leg's step.
type Way = (Vec<(i8, i8)>, (i8, i8));

/// Every way the legs of a multi-leg component can turn (§4.5).
fn ways(c: &BetzaComponent) -> Vec<Way> {
    let size = c.atom.leaps[0].0;
    let oblique = c.atom.leaps.iter().any(|&(a, b)| b != 0 && a != b);
    let all: Vec<(i8, i8)> = c
        .atom
        .leaps
        .iter()
        .flat_map(|&(a, b)| images(a, b))
        .collect();
    let mut ways: Vec<Way> = all
        .iter()
        .filter(|&&(dx, dy)| selected(&c.legs[0].dirs, dx, dy))
        .map(|&s| (vec![], s))
        .collect();
    for leg in &c.legs[1..] {
        let mut next = Vec::new();
        for (mut points, step) in ways {
            let at = points.last().copied().unwrap_or((0, 0));
            points.push((at.0 + step.0, at.1 + step.1));
            let back = (-step.0, -step.1);
            let steps: Vec<(i8, i8)> = if oblique {
                match leg.dirs.as_str() {
                    "f" => vec![step],
                    "b" => vec![back],
                    _ => all.iter().copied().filter(|&s| s != back).collect(),
                }
            } else {
                let here = COMPASS
                    .iter()
                    .position(|&d| d == (step.0.signum(), step.1.signum()))
                    .unwrap_or(0);
                let turns = turns(&leg.dirs);
                (0..8)
                    .filter(|t| turns >> t & 1 != 0)
                    .map(|t| COMPASS[(here + t) % 8])
                    .map(|(x, y)| (x * size, y * size))
                    .collect()
            };
            next.extend(steps.into_iter().map(|s| (points.clone(), s)));
        }
        ways = next;
    }
    ways
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

    /// Where each way of a multi-leg component ends, from the origin.
    fn ends(betza: &str) -> Vec<(i8, i8)> {
        let comps = parse_betza(&Text {
            value: betza.into(),
            span: Span::new(1, 1, 1),
        })
        .unwrap();
        let mut v: Vec<_> = expand(&comps[0])
            .unwrap()
            .iter()
            .map(|m| match m.travel {
                Travel::Bent(r) => {
                    let (x, y) = r.points[r.count as usize - 1];
                    (x + m.dx, y + m.dy)
                }
                _ => panic!("{betza}: not a multi-leg movement"),
            })
            .collect();
        v.sort();
        v
    }

    #[test]
    fn later_legs_turn_relative_to_the_one_before() {
        // A wazir step, then a ferz step outward: the knight's squares.
        assert_eq!(ends("mafsW"), dirs("N"));
        // Straight on: the dabbaba; and three legs: the zebra.
        assert_eq!(ends("mpafW"), dirs("D"));
        assert_eq!(ends("mafsmafW"), dirs("Z"));
        // A right angle to the right: the ferz squares; 45 degrees to the
        // right: the four right-handed knight squares; straight back: none.
        assert_eq!(ends("arW"), dirs("F"));
        assert_eq!(ends("afrW"), [(-2, 1), (-1, -2), (1, 2), (2, -1)]);
        assert!(refusal("abW").contains("select no move"));
        // The griffon's slide starts outward from its diagonal step.
        let comps = parse_betza(&Text {
            value: "yafsF".into(),
            span: Span::new(1, 1, 1),
        })
        .unwrap();
        let ways = expand(&comps[0]).unwrap();
        assert_eq!(ways.len(), 8);
        assert!(ways
            .iter()
            .all(|m| matches!(m.travel, Travel::Bent(r) if r.slide && r.needs == NEED_EMPTY)));
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
