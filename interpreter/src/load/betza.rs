//! Betza movement text → components.

use pest::Parser;

use super::{Grammar, Rule, Text};
use crate::diagnostic::{Diagnostic, Span};

/// A leaper atom or a compound of them, with riding and range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Atom {
    /// Base leaps `(a, b)` with `a >= b >= 0`; each stands for its up to 8 images.
    pub leaps: Vec<(i8, i8)>,
    /// Whether the piece repeats the leap in a line (a rider).
    pub rider: bool,
    /// Maximum number of leaps of a rider; 0 is unlimited.
    pub range: u32,
}

/// Modifiers of one leg: modes and directions.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Leg {
    /// Direction letters in order (`f`, `b`, `l`, `r`, `v`, `s`).
    pub dirs: String,
    /// `m`: may move without capturing.
    pub moves: bool,
    /// `c`: may capture.
    pub captures: bool,
    /// `e`: may capture en passant.
    pub en_passant: bool,
    /// `i`: only as the piece's first move.
    pub initial: bool,
    /// `n`: lame: the squares between must be empty.
    pub lame: bool,
    /// `p`: hops over exactly one piece, then goes on.
    pub hop: bool,
    /// `g`: hops over one piece, landing right behind it; on a leg before
    /// `a`, hops and switches the next leg between leaping and riding.
    pub grasshop: bool,
    /// `y`, on a leg before `a`: ends on an empty square and switches the
    /// next leg between leaping and riding.
    pub switch: bool,
}

/// One component of a movement: legs (more than one for multi-leg moves) and an atom.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BetzaComponent {
    /// The legs' modifiers, first leg first.
    pub legs: Vec<Leg>,
    /// The atom the legs apply to.
    pub atom: Atom,
    /// Where the component stands in the file.
    pub span: Span,
    /// The component as written.
    pub text: String,
}

/// Parses a Betza movement string such as `fmWfceFifmnD`.
pub fn parse_betza(text: &Text) -> Result<Vec<BetzaComponent>, Diagnostic> {
    let pairs = Grammar::parse(Rule::betza, &text.value).map_err(|e| {
        let offset = match e.location {
            pest::error::InputLocation::Pos(p) | pest::error::InputLocation::Span((p, _)) => p,
        };
        let found = text.value[offset..].chars().next();
        let trailing = text.value.len()
            - text
                .value
                .trim_end_matches(|c: char| c.is_ascii_lowercase())
                .len();
        if found.is_none() && trailing > 0 {
            let mods = &text.value[text.value.len() - trailing..];
            let at = text.value[..text.value.len() - trailing].chars().count();
            let hint = match mods {
                "w" | "f" | "d" | "n" | "a" | "h" | "c" | "z" | "g" | "k" | "r" | "b" | "q" => {
                    format!(
                        "; atoms are upper case: did you mean `{}`?",
                        mods.to_ascii_uppercase()
                    )
                }
                _ => "; modifiers go before their atom, as in `fmW`".to_string(),
            };
            return Diagnostic::at(
                text.span_at(at, mods.len()),
                format!("modifiers `{mods}` have no atom after them{hint}"),
            );
        }
        let message = match found {
            Some(c) => format!("bad Betza movement `{}`: unexpected `{c}`", text.value),
            None if text.value.is_empty() => "empty Betza movement".to_string(),
            None => format!(
                "bad Betza movement `{}`: it must end with an atom such as `W` or `N`",
                text.value
            ),
        };
        Diagnostic::at(text.span_at(char_offset(&text.value, offset), 1), message)
    })?;
    let mut out = Vec::new();
    for component in pairs.flatten().filter(|p| p.as_rule() == Rule::component) {
        let start = char_offset(&text.value, component.as_span().start());
        let written = component.as_str().to_string();
        let span = text.span_at(start, written.chars().count());
        let mut legs = Vec::new();
        let mut atom = None;
        for part in component.into_inner() {
            match part.as_rule() {
                Rule::legmods => legs.push(leg(part.as_str())),
                Rule::atom => atom = Some(parse_atom(part, text)?),
                _ => {}
            }
        }
        let atom = atom.ok_or_else(|| {
            Diagnostic::at(span, format!("Betza component `{written}` has no atom"))
        })?;
        out.push(BetzaComponent {
            legs,
            atom,
            span,
            text: written,
        });
    }
    Ok(out)
}

fn char_offset(s: &str, byte: usize) -> usize {
    s[..byte.min(s.len())].chars().count()
}

fn leg(mods: &str) -> Leg {
    let mut leg = Leg::default();
    for c in mods.chars() {
        match c {
            'm' => leg.moves = true,
            'c' => leg.captures = true,
            'e' => leg.en_passant = true,
            'i' => leg.initial = true,
            'n' => leg.lame = true,
            'p' => leg.hop = true,
            'g' => leg.grasshop = true,
            'y' => leg.switch = true,
            d => leg.dirs.push(d),
        }
    }
    leg
}

fn parse_atom(pair: pest::iterators::Pair<'_, Rule>, text: &Text) -> Result<Atom, Diagnostic> {
    let start = char_offset(&text.value, pair.as_span().start());
    let mut letter = "";
    let mut range = None;
    for p in pair.into_inner() {
        match p.as_rule() {
            Rule::letter_atom => letter = p.as_str(),
            Rule::range => range = Some(p.as_str()),
            _ => {}
        }
    }
    let here = text.span_at(start, letter.chars().count());
    let doubled = letter.len() == 2 && letter.as_bytes()[0] == letter.as_bytes()[1];
    let base = if doubled { &letter[..1] } else { letter };
    let (leaps, rider): (Vec<(i8, i8)>, bool) = match base {
        "W" => (vec![(1, 0)], false),
        "F" => (vec![(1, 1)], false),
        "D" => (vec![(2, 0)], false),
        "N" => (vec![(2, 1)], false),
        "A" => (vec![(2, 2)], false),
        "H" => (vec![(3, 0)], false),
        "C" => (vec![(3, 1)], false),
        "Z" => (vec![(3, 2)], false),
        "G" => (vec![(3, 3)], false),
        "K" => (vec![(1, 0), (1, 1)], false),
        "R" => (vec![(1, 0)], true),
        "B" => (vec![(1, 1)], true),
        "Q" => (vec![(1, 0), (1, 1)], true),
        "O" => return Err(Diagnostic::at(here, "castling is declared in the `castling` section, not with the Betza atom `O`")),
        _ if base.starts_with('(') => {
            let inner = base.trim_start_matches('(').trim_end_matches(')');
            let (x, y) = inner.split_once(',').unwrap_or(("0", "0"));
            let (x, y) = (x.trim().parse::<i8>(), y.trim().parse::<i8>());
            match (x, y) {
                (Ok(x), Ok(y)) if (x, y) != (0, 0) && x <= 15 && y <= 15 => (vec![(x.max(y), x.min(y))], false),
                _ => return Err(Diagnostic::at(here, format!("bad leap `{base}`: both numbers must be 0 to 15 and not both 0"))),
            }
        }
        other => return Err(Diagnostic::at(here, format!("unknown Betza atom `{other}`; atoms are W F D N A H C Z G K R B Q or a leap like (3,1)"))),
    };
    if doubled && rider {
        return Err(Diagnostic::at(
            here,
            format!("`{letter}`: `{base}` is already a rider and cannot be doubled"),
        ));
    }
    let range = match range {
        Some(r) => r
            .parse::<u32>()
            .map_err(|_| Diagnostic::at(here, format!("bad range `{r}`")))?,
        None => 0,
    };
    let is_rider = rider || doubled || range > 1;
    Ok(Atom {
        leaps,
        rider: is_rider,
        range: if range == 1 && !rider && !doubled {
            0
        } else {
            range
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(s: &str) -> Text {
        Text {
            value: s.into(),
            span: Span::new(1, 1, 1),
        }
    }

    #[test]
    fn pawn_has_three_components() {
        let c = parse_betza(&text("fmWfceFifmnD")).unwrap();
        let written: Vec<_> = c.iter().map(|c| c.text.as_str()).collect();
        assert_eq!(written, ["fmW", "fceF", "ifmnD"]);
        assert!(c[1].legs[0].en_passant && c[1].legs[0].captures && !c[1].legs[0].moves);
        assert!(c[2].legs[0].initial && c[2].legs[0].lame);
    }

    #[test]
    fn riders_and_ranges() {
        let c = parse_betza(&text("NNR4W")).unwrap();
        assert_eq!(
            c[0].atom,
            Atom {
                leaps: vec![(2, 1)],
                rider: true,
                range: 0
            }
        );
        assert_eq!(
            c[1].atom,
            Atom {
                leaps: vec![(1, 0)],
                rider: true,
                range: 4
            }
        );
        assert_eq!(
            c[2].atom,
            Atom {
                leaps: vec![(1, 0)],
                rider: false,
                range: 0
            }
        );
    }

    #[test]
    fn rifle_has_two_legs() {
        let c = parse_betza(&text("cabK")).unwrap();
        assert_eq!(c[0].legs.len(), 2);
        assert_eq!(c[0].legs[1].dirs, "b");
    }

    #[test]
    fn errors_point_at_the_fault() {
        let e = parse_betza(&text("fmWX")).unwrap_err();
        assert_eq!(
            e.to_string(),
            "1:4: unknown Betza atom `X`; atoms are W F D N A H C Z G K R B Q or a leap like (3,1)"
        );
        let e = parse_betza(&text("Bfm")).unwrap_err();
        assert_eq!(e.to_string(), "1:2: modifiers `fm` have no atom after them; modifiers go before their atom, as in `fmW`");
        let e = parse_betza(&text("n")).unwrap_err();
        assert_eq!(
            e.to_string(),
            "1:1: modifiers `n` have no atom after them; atoms are upper case: did you mean `N`?"
        );
        let e = parse_betza(&text("fm?W")).unwrap_err();
        assert_eq!(
            e.to_string(),
            "1:3: bad Betza movement `fm?W`: unexpected `?`"
        );
    }
}
