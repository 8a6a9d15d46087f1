//! Move diagrams: one piece alone on the board with every square it may
//! move to, capture on, reach only as a first move, jump to, hop to or
//! shoot, each marked distinctly. A piece with conditional movement gets
//! one diagram per condition; an imitator one per type it may imitate.

use motley_interpreter::load::RuleFile;
use motley_interpreter::program::{Movement, Travel};
use motley_interpreter::{square_name, Rules};

use super::drawing::{Act, Drawing, Mark, Way};
use super::zone_words;

/// One move diagram: what it shows, in words, and the SVG document.
pub struct Diagram {
    /// E.g. `knight (N) on d4` or `clown (C) on a4, when file in [a, h]`.
    pub caption: String,
    /// The SVG document.
    pub svg: String,
}

/// One case of a piece's movement: the movements that apply and the
/// condition they are drawn under.
struct Case<'a> {
    /// Words after the caption's square, e.g. `when rank == 3`.
    words: Option<String>,
    movements: &'a [Movement],
    conditions: &'a [[Vec<bool>; 2]],
    /// The condition drawn (its movements apply), if any.
    condition: Option<usize>,
}

/// The move diagrams of the piece with FEN letter `letter` (either case),
/// standing on `square` where its case allows, else on the most central
/// square where it does. `source` is the rule file's text, for the words
/// of conditions.
pub fn diagrams(
    rules: &Rules,
    file: &RuleFile,
    source: &str,
    letter: &str,
    square: Option<u8>,
) -> Result<Vec<Diagram>, String> {
    let pieces = &rules.variant().pieces;
    let ty = pieces
        .iter()
        .position(|p| p.token() == letter.to_ascii_uppercase())
        .ok_or_else(|| {
            let letters: Vec<String> = pieces
                .iter()
                .map(motley_interpreter::program::PieceType::token)
                .collect();
            format!(
                "no piece `{letter}` in {}; the pieces are {}",
                rules.variant().name,
                letters.join(", ")
            )
        })?;
    let piece = &pieces[ty];
    let files = rules.files() as usize;
    let mut cases = Vec::new();
    match &piece.imitation {
        Some(imitation) => {
            for (imitated, virtual_index) in imitation.as_type.iter().enumerate() {
                if let Some(i) = virtual_index {
                    let v = &rules.variant().virtual_pieces[*i as usize];
                    let words = format!("imitating the {}", pieces[imitated].name);
                    split(
                        &mut cases,
                        Some(words),
                        &v.movements,
                        &v.conditions,
                        None,
                        files,
                    );
                }
            }
        }
        None => {
            let texts = condition_texts(file, source, &piece.token(), piece.conditions.len());
            split(
                &mut cases,
                None,
                &piece.movements,
                &piece.conditions,
                texts.as_deref(),
                files,
            );
        }
    }
    Ok(cases
        .iter()
        .map(|case| {
            let allowed = |sq: u8| {
                case.condition
                    .is_none_or(|c| case.conditions[c][0][sq as usize])
            };
            let at = square
                .filter(|&sq| allowed(sq))
                .unwrap_or_else(|| central(rules, &allowed));
            let mut caption = format!(
                "{} ({}) on {}",
                piece.name,
                piece.token(),
                square_name(files as u8, at)
            );
            if let Some(words) = &case.words {
                caption.push_str(", ");
                caption.push_str(words);
            }
            let svg = Drawing {
                rules,
                pieces: vec![(at, ty, 0)],
                flip: false,
                tints: Vec::new(),
                frozen: Vec::new(),
                walls: Vec::new(),
                hidden: Vec::new(),
                marks: marks(rules, case, at),
                arrows: Vec::new(),
                hands: None,
                title: Some(caption.clone()),
            }
            .svg();
            Diagram { caption, svg }
        })
        .collect())
}

/// Adds the cases of one movement set: one if nothing is conditional, else
/// one per condition.
fn split<'a>(
    cases: &mut Vec<Case<'a>>,
    words: Option<String>,
    movements: &'a [Movement],
    conditions: &'a [[Vec<bool>; 2]],
    texts: Option<&[String]>,
    files: usize,
) {
    let mut used: Vec<usize> = movements.iter().filter_map(|m| m.condition).collect();
    used.sort();
    used.dedup();
    if used.is_empty() {
        cases.push(Case {
            words,
            movements,
            conditions,
            condition: None,
        });
        return;
    }
    for c in used {
        // A condition White never meets cannot be drawn for White.
        if !conditions[c][0].iter().any(|&b| b) {
            continue;
        }
        let when = match texts {
            Some(texts) => format!("when {}", texts[c]),
            None => format!(
                "when on {}",
                zone_words(&conditions[c][0], files).unwrap_or_else(|| format!(
                    "{} squares",
                    conditions[c][0].iter().filter(|&&b| b).count()
                ))
            ),
        };
        cases.push(Case {
            words: Some(match &words {
                Some(w) => format!("{w}, {when}"),
                None => when,
            }),
            movements,
            conditions,
            condition: Some(c),
        });
    }
}

/// The source words of a piece's conditions, in the order the checker
/// numbered them, when each `when` of the piece became one condition.
fn condition_texts(
    file: &RuleFile,
    source: &str,
    letter: &str,
    count: usize,
) -> Option<Vec<String>> {
    let def = file
        .pieces
        .iter()
        .find(|d| d.letter.value.eq_ignore_ascii_case(letter))?;
    let texts: Vec<String> = def
        .moves
        .iter()
        .filter_map(|entry| entry.when.as_ref())
        .map(|w| {
            let line = source.lines().nth(w.span.line as usize - 1).unwrap_or("");
            let text: String = line
                .chars()
                .skip(w.span.col as usize - 1)
                .take(w.span.len as usize)
                .collect();
            text.trim_matches(|c| c == '"' || c == '\'').to_string()
        })
        .collect();
    (texts.len() == count).then_some(texts)
}

/// The square nearest the centre of the board where `allowed` holds.
fn central(rules: &Rules, allowed: &dyn Fn(u8) -> bool) -> u8 {
    let (files, ranks) = (rules.files() as i32, rules.ranks() as i32);
    (0..files * ranks)
        .map(|sq| sq as u8)
        .filter(|&sq| allowed(sq))
        .min_by_key(|&sq| {
            let (f, r) = (sq as i32 % files, sq as i32 / files);
            // Twice the distance to the centre, so that it stays whole.
            let (dx, dy) = (2 * f - (files - 1), 2 * r - (ranks - 1));
            (dx * dx + dy * dy, sq)
        })
        .unwrap_or(0)
}

/// A square reached, how, and whether only under the case's condition.
type Reached = (u8, Way, bool);

/// The marks of a case for a White piece alone on `at`.
fn marks(rules: &Rules, case: &Case, at: u8) -> Vec<(u8, Mark)> {
    let (files, ranks) = (rules.files() as i32, rules.ranks() as i32);
    let (f0, r0) = (at as i32 % files, at as i32 / files);
    // (square, way, conditional) → (moves, captures), and shoot/hop marks.
    let mut reach: Vec<(Reached, (bool, bool))> = Vec::new();
    let mut special: Vec<(u8, Mark)> = Vec::new();
    for m in case.movements {
        if m.condition.is_some() && m.condition != case.condition {
            continue;
        }
        let conditional = m.condition.is_some();
        let target = |k: i32| {
            let (f, r) = (f0 + k * m.dx as i32, r0 + k * m.dy as i32);
            (f >= 0 && f < files && r >= 0 && r < ranks).then_some((r * files + f) as u8)
        };
        let far = m.dx.abs().max(m.dy.abs()) > 1;
        let way = if m.initial {
            Way::Initial
        } else if far && m.travel == Travel::Leap {
            Way::Jump
        } else {
            Way::Plain
        };
        let captures = m.captures || m.en_passant;
        let steps: Vec<u8> = match m.travel {
            Travel::Leap | Travel::Lame | Travel::Shoot => target(1).into_iter().collect(),
            Travel::Slide(range) => (1..)
                .take_while(|&k| range == 0 || k <= range as i32)
                .map_while(target)
                .collect(),
            Travel::Hop(_) | Travel::Grasshop(_) => (2..).map_while(target).collect(),
            // A multi-leg move: the squares its last leg reaches from the
            // end of its route on an empty board.
            Travel::Bent(route) => {
                let (ef, er) = route.points[..route.count as usize]
                    .last()
                    .map_or((0, 0), |&(x, y)| (x as i32, y as i32));
                let square = |k: i32| {
                    let (f, r) = (f0 + ef + k * m.dx as i32, r0 + er + k * m.dy as i32);
                    (f >= 0 && f < files && r >= 0 && r < ranks).then_some((r * files + f) as u8)
                };
                let on_route = route.points[..route.count as usize].iter().all(|&(x, y)| {
                    let (f, r) = (f0 + x as i32, r0 + y as i32);
                    f >= 0 && f < files && r >= 0 && r < ranks
                });
                if on_route {
                    (1..)
                        .take(if route.slide { usize::MAX } else { 1 })
                        .map_while(square)
                        .collect()
                } else {
                    Vec::new()
                }
            }
        };
        for sq in steps {
            let act = match m.travel {
                Travel::Shoot => Some(Act::Shoot),
                Travel::Hop(_) | Travel::Grasshop(_) => Some(Act::Hop),
                _ => None,
            };
            match act {
                Some(act) => special.push((
                    sq,
                    Mark {
                        act,
                        way: if m.initial { Way::Initial } else { Way::Plain },
                        conditional,
                    },
                )),
                None => match reach.iter_mut().find(|(k, _)| *k == (sq, way, conditional)) {
                    Some((_, (mv, cp))) => {
                        *mv |= m.moves;
                        *cp |= captures;
                    }
                    None => reach.push(((sq, way, conditional), (m.moves, captures))),
                },
            }
        }
    }
    let mut out: Vec<(u8, Mark)> = reach
        .into_iter()
        .filter(|(_, (mv, cp))| *mv || *cp)
        .map(|((sq, way, conditional), (mv, cp))| {
            let act = match (mv, cp) {
                (true, true) => Act::MoveOrCapture,
                (true, false) => Act::Move,
                _ => Act::Capture,
            };
            (
                sq,
                Mark {
                    act,
                    way,
                    conditional,
                },
            )
        })
        .chain(special)
        .collect();
    out.sort();
    out.dedup();
    out
}
