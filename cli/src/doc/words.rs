//! Rules in plain words, generated from a rule file: a piece's Betza as a
//! sentence, and promotion, castling, drops, gating, freezing, turns and
//! the end of the game.

use motley_interpreter::check::{direction_groups, DirectionGroup};
use motley_interpreter::load::{BetzaComponent, Leg, RuleFile};
use motley_interpreter::Rules;

/// The words of an expression or other span of the source, whitespace
/// collapsed, e.g. `rank == 8`.
pub fn source_text(source: &str, span: motley_interpreter::diagnostic::Span) -> String {
    let start: usize = source
        .split_inclusive('\n')
        .take(span.line.saturating_sub(1) as usize)
        .map(|l| l.chars().count())
        .sum::<usize>()
        + span.col.saturating_sub(1) as usize;
    // A folded YAML scalar spans several lines: its length counts each line
    // break with the indentation after it as one space.
    let mut text = String::new();
    let mut count = 0;
    for c in source.chars().skip(start) {
        if count >= span.len as usize {
            break;
        }
        if c.is_whitespace() {
            if !text.ends_with(' ') {
                text.push(' ');
                count += 1;
            }
        } else {
            text.push(c);
            count += 1;
        }
    }
    text.trim()
        .trim_matches(|c| c == '"' || c == '\'')
        .to_string()
}

/// The atom of a component in words: with `directed`, a form that
/// direction words may follow.
fn atom_words(c: &BetzaComponent, directed: bool) -> String {
    let mut leaps = c.atom.leaps.clone();
    leaps.sort();
    let range = c.atom.range;
    let rider = c.atom.rider;
    let lined = |line: &str, like: &str| match (range, directed) {
        (0, false) => format!("like a {like}"),
        (0, true) => format!("any distance {line}"),
        (1, _) => format!("one square {line}"),
        (n, _) => format!("up to {n} squares {line}"),
    };
    match (leaps.as_slice(), rider) {
        ([(1, 0)], false) => "one square orthogonally".into(),
        ([(1, 1)], false) => "one square diagonally".into(),
        ([(1, 0), (1, 1)], false) => "one square in any direction".into(),
        ([(1, 0)], true) => lined("orthogonally", "rook"),
        ([(1, 1)], true) => lined("diagonally", "bishop"),
        ([(1, 0), (1, 1)], true) => lined("in any direction", "queen"),
        ([(2, 1)], false) => "like a knight".into(),
        ([(2, 1)], true) => "like a nightrider (repeated knight's leaps in a line)".into(),
        ([(2, 0)], false) => "two squares orthogonally".into(),
        ([(2, 2)], false) => "two squares diagonally".into(),
        ([(3, 0)], false) => "three squares orthogonally".into(),
        ([(3, 3)], false) => "three squares diagonally".into(),
        ([(3, 1)], false) => "by a (3,1) leap".into(),
        ([(3, 2)], false) => "by a (3,2) leap".into(),
        _ => {
            let parts: Vec<String> = leaps.iter().map(|(a, b)| format!("({a},{b})")).collect();
            format!(
                "by {} leap{} {}",
                parts.join(" and "),
                if parts.len() > 1 { "s" } else { "" },
                if rider { "repeated in a line" } else { "" }
            )
            .trim_end()
            .to_string()
        }
    }
}

/// Direction letters in words: `f` forward, `fl` forward-left, `v` forward
/// and backward, ...
fn direction_words(dirs: &str) -> String {
    let one = |c: char| match c {
        'f' => "forward",
        'b' => "backward",
        'l' => "to the left",
        'r' => "to the right",
        'v' => "forward or backward",
        's' => "sideways",
        _ => "",
    };
    let parts: Vec<String> = direction_groups(dirs)
        .into_iter()
        .map(|group| match group {
            DirectionGroup::One(c) => one(c).to_string(),
            DirectionGroup::Pair(c, n) if n == c => format!("{} (the narrow way)", one(c)),
            DirectionGroup::Pair(c, n) => {
                let (a, b) = if "fb".contains(c) { (c, n) } else { (n, c) };
                let side = match b {
                    'l' => "left",
                    'r' => "right",
                    's' => "sideways",
                    'v' => "vertically",
                    _ => "",
                };
                format!("{}-{side}", one(a).split(' ').next().unwrap_or(""))
            }
        })
        .collect();
    parts.join(" and ")
}

/// One Betza component as a clause, e.g. `captures one square diagonally
/// forward` or `on its first move, moves two squares orthogonally forward,
/// not jumping`.
fn component_words(c: &BetzaComponent) -> String {
    let leg: &Leg = &c.legs[0];
    if c.legs.len() == 2 {
        let mut text = format!("shoots (captures without moving) {}", atom_words(c, true));
        if !leg.dirs.is_empty() {
            text.push(' ');
            text.push_str(&direction_words(&leg.dirs));
        }
        return text;
    }
    let mode = match (leg.moves, leg.captures || leg.en_passant) {
        (true, false) => "moves",
        (false, true) if leg.en_passant && !leg.captures => "captures en passant",
        (false, true) => "captures",
        _ => "moves or captures",
    };
    let mode = if leg.en_passant && leg.captures {
        format!("{mode} (also en passant)")
    } else {
        mode.to_string()
    };
    let mut text = String::new();
    if leg.initial {
        text.push_str("on its first move, ");
    }
    text.push_str(&mode);
    text.push(' ');
    text.push_str(&atom_words(c, !leg.dirs.is_empty()));
    if !leg.dirs.is_empty() {
        text.push(' ');
        text.push_str(&direction_words(&leg.dirs));
    }
    if leg.hop {
        text.push_str(", hopping over one piece on the way");
    } else if leg.grasshop {
        text.push_str(", landing right behind the one piece it hops over");
    } else if leg.lame {
        text.push_str(", not jumping");
    }
    text
}

/// A piece's movement in words, one sentence per movement entry, from the
/// rule file's entry for `letter`.
pub fn piece_words(file: &RuleFile, source: &str, letter: &str) -> String {
    let Some(def) = file
        .pieces
        .iter()
        .find(|d| d.letter.value.eq_ignore_ascii_case(letter))
    else {
        return String::new();
    };
    if let Some(first) = def.imitate.first() {
        let of = match first.of.as_ref().map(|t| t.value.as_str()) {
            Some("any") => "the piece moved last, by either side",
            _ => "the piece the opponent moved last",
        };
        let captures = match first.captures.as_ref().map(|t| t.value.as_str()) {
            Some("if-captured") => "; it captures only when that move captured",
            _ => "",
        };
        return format!("Has no move of its own: it moves like {of}{captures}.");
    }
    let sentences: Vec<String> = def
        .moves
        .iter()
        .map(|entry| {
            let clauses: Vec<String> = entry.components.iter().map(component_words).collect();
            let body = clauses.join("; ");
            match &entry.when {
                Some(w) => format!("When {}: {body}.", source_text(source, w.span)),
                None => capitalise(&format!("{body}.")),
            }
        })
        .collect();
    sentences.join(" ")
}

fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// Names of the pieces with these letters, e.g. `pawn`, `knight or bishop`.
fn names(rules: &Rules, letters: &[motley_interpreter::load::Text]) -> String {
    let list: Vec<String> = letters
        .iter()
        .map(|l| {
            rules
                .variant()
                .pieces
                .iter()
                .find(|p| p.letter.to_string() == l.value.to_ascii_uppercase())
                .map_or(l.value.clone(), |p| p.name.clone())
        })
        .collect();
    match list.as_slice() {
        [] => "any piece".into(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

/// The rules besides the pieces, as (heading, sentences) in the order of a
/// rules page: board, turn, promotion, castling, hands and drops, gating,
/// freezing, the end of the game. A heading with nothing to say is left out.
pub fn rules_words(
    rules: &Rules,
    file: &RuleFile,
    source: &str,
) -> Vec<(&'static str, Vec<String>)> {
    let page = Page {
        rules,
        file,
        source,
    };
    let board = format!(
        "{} files by {} ranks; White moves first, from the setup {}.",
        rules.variant().files,
        rules.variant().ranks,
        file.setup.value
    );
    [
        ("Board", vec![board]),
        ("Turns", page.turns()),
        ("Promotion", page.promotion()),
        ("Castling", page.castling()),
        ("Hands and drops", page.hands()),
        ("Gating", page.gating()),
        ("Freezing", page.freezing()),
        ("Obligations", page.obligations()),
        ("End of the game", page.end()),
    ]
    .into_iter()
    .filter(|(_, sentences)| !sentences.is_empty())
    .collect()
}

/// A rules page in the making: the rules, the rule file and the source
/// they were read from.
struct Page<'a> {
    rules: &'a Rules,
    file: &'a RuleFile,
    source: &'a str,
}

impl Page<'_> {
    fn file(&self) -> &RuleFile {
        self.file
    }

    /// The words of a span of the source.
    fn text(&self, span: motley_interpreter::diagnostic::Span) -> String {
        source_text(self.source, span)
    }

    /// A zone as written (`true`: anywhere).
    fn zone(&self, span: motley_interpreter::diagnostic::Span) -> String {
        let written = self.text(span);
        match written.as_str() {
            "true" => "anywhere".to_string(),
            _ => format!("where {written}"),
        }
    }

    /// Multi-move turns: how many moves, while what holds, and their limits.
    fn turns(&self) -> Vec<String> {
        let Some(turn) = &self.file().turn else {
            return Vec::new();
        };
        let mut s = vec![format!(
            "A turn is {} moves while this holds for the mover: {}.",
            turn.moves.0,
            turn.privilege
                .as_ref()
                .map_or("always".into(), |p| self.text(p.span))
        )];
        match turn.capture.as_ref().map(|t| t.value.as_str()) {
            Some("any") => s.push("A capture may be any move of a turn.".into()),
            _ => s.push(
                "A capture may only be the first move of a turn, and it ends the turn.".into(),
            ),
        }
        if turn
            .check_ends_turn
            .as_ref()
            .is_some_and(|t| t.value == "yes")
        {
            s.push("A move that gives check ends the turn.".into());
        }
        if turn
            .same_piece
            .as_ref()
            .is_some_and(|t| t.value == "forbidden")
        {
            s.push(
                "The later moves of a turn may not move the piece that moved before in it.".into(),
            );
        }
        s
    }

    /// One sentence a promotion rule.
    fn promotion(&self) -> Vec<String> {
        self.file()
            .promotion
            .iter()
            .map(|p| {
                let mut t = format!(
                    "A {} {} promote {} to a {}",
                    names(self.rules, &p.pieces),
                    if p.mandatory { "must" } else { "may" },
                    self.zone(p.zone.span),
                    names(self.rules, &p.to)
                );
                if p.limit.as_ref().is_some_and(|l| l.value == "captured") {
                    t.push_str(", only to a type its side has lost");
                }
                if let Some(w) = &p.when {
                    t.push_str(&format!(", when {}", self.text(w.span)));
                }
                t.push('.');
                t
            })
            .collect()
    }

    /// Castling: who castles with what, to which files.
    fn castling(&self) -> Vec<String> {
        let Some(c) = &self.file().castling else {
            return Vec::new();
        };
        let sides: Vec<String> = c
            .sides
            .iter()
            .map(|s| {
                format!(
                    "the king to the {}-file and the rook to the {}-file",
                    s.king_to.value, s.rook_to.value
                )
            })
            .collect();
        vec![format!(
            "The {} castles with the {}: {}; neither may have moved, the squares between must be empty and the king may not be in check, pass through or land on an attacked square.",
            names(self.rules, std::slice::from_ref(&c.king)),
            names(self.rules, &c.rooks),
            sides.join(", or ")
        )]
    }

    /// Where captured pieces go, and the drops.
    fn hands(&self) -> Vec<String> {
        let file = self.file();
        let Some(to) = &file.hand.captured else {
            return Vec::new();
        };
        let mut s = vec![match to.value.as_str() {
            "capturer" => {
                "A captured piece goes to the capturer's hand, changing colour.".to_string()
            }
            "owner" => "A captured piece goes back to its owner's hand.".to_string(),
            other => format!("Captured pieces go: {other}."),
        }];
        if !file.hand.keep.is_empty() {
            s.push(format!(
                "Only a captured {} goes to a hand.",
                names(self.rules, &file.hand.keep)
            ));
        }
        for d in &file.drops {
            let mut t = format!(
                "A {} in hand may be dropped {}",
                names(self.rules, &d.pieces),
                self.zone(d.zone.span)
            );
            if let Some(a) = &d.entry_as {
                t.push_str(&format!(
                    ", entering as a {}",
                    names(self.rules, std::slice::from_ref(a))
                ));
            }
            if let Some(w) = &d.when {
                t.push_str(&format!(", when {}", self.text(w.span)));
            }
            let forbid: Vec<&str> = d.forbid.iter().map(|f| f.value.as_str()).collect();
            if !forbid.is_empty() {
                t.push_str(&format!("; forbidden: {}", forbid.join(", ")));
            }
            t.push('.');
            s.push(t);
        }
        s
    }

    /// Gating: what may appear on a vacated square.
    fn gating(&self) -> Vec<String> {
        self.file()
            .gating
            .iter()
            .map(|g| {
                let by: Vec<&str> = g.vacated_by.iter().map(|t| t.value.as_str()).collect();
                format!(
                    "A {} in hand may appear on the square a move vacates{}{}.",
                    names(self.rules, &g.pieces),
                    g.zone
                        .as_ref()
                        .map_or(String::new(), |z| format!(" where {}", self.text(z.span))),
                    if by.is_empty() {
                        String::new()
                    } else {
                        format!(" (vacated by: {})", by.join(", "))
                    }
                )
            })
            .collect()
    }

    /// Freezing: who freezes whom.
    fn freezing(&self) -> Vec<String> {
        self.file()
            .freeze
            .iter()
            .map(|f| {
                let except = if f.immune.is_empty() {
                    String::new()
                } else {
                    format!(", except a {}", names(self.rules, &f.immune))
                };
                format!(
                    "A {} freezes the enemy pieces on the squares of {} from it{except}: they may not move.",
                    names(self.rules, &f.by),
                    f.reach.text.value,
                )
            })
            .collect()
    }

    /// Compulsory captures and the ban on checks.
    fn obligations(&self) -> Vec<String> {
        let file = self.file();
        let mut captures = Vec::new();
        if let Some(c) = &file.compulsory_capture {
            let who = match c.sides.as_ref().map(|t| t.value.as_str()) {
                Some("white") => "White",
                Some("black") => "Black",
                _ => "A player",
            };
            let by = match &c.by {
                Some(letters) => format!(" with a {}", names(self.rules, letters)),
                None => String::new(),
            };
            captures.push(format!(
                "{who} who can capture{by} must capture (any such capture)."
            ));
        }
        if self.rules.variant().checks_illegal {
            captures
                .push("No move may attack the enemy royal piece: nobody is ever in check.".into());
        }
        captures
    }

    /// How the game ends: mates, stalemates, extinction, goals and draws.
    fn end(&self) -> Vec<String> {
        let file = self.file();
        let o = &file.outcomes;
        let valued = &self.rules.variant().outcomes;
        let result = |r: motley_interpreter::program::Result3| match r {
            motley_interpreter::program::Result3::Loss => "loses",
            motley_interpreter::program::Result3::Draw => "draws",
            motley_interpreter::program::Result3::Win => "wins",
        };
        let mut end = Vec::new();
        if self.rules.variant().pieces.iter().any(|p| p.royal) {
            end.push(format!(
                "A player whose royal piece is attacked and who has no legal move is checkmated and {}.",
                result(valued.checkmate)
            ));
        }
        end.push(if valued.stalemate_fewer_pieces {
            "A player with no legal move who is not in check is stalemated: the player with fewer pieces on the board wins; as many draw.".into()
        } else {
            format!(
                "A player with no legal move who is not in check is stalemated and {}.",
                result(valued.stalemate)
            )
        });
        if let Some(e) = &valued.extinction {
            let counted = match &o.extinction.as_ref().and_then(|d| d.pieces.as_ref()) {
                Some(letters) => format!("of one type ({})", names(self.rules, letters)),
                None => "in all".to_string(),
            };
            let amount = match e.fewer_than {
                1 => "no piece".to_string(),
                n => format!("fewer than {n} pieces"),
            };
            end.push(format!(
                "A player left with {amount} {counted}, on the board and in hand, {}.",
                result(e.result)
            ));
        }
        if o.bare_royal.is_some() {
            end.push("A player left with only royal pieces loses.".into());
        }
        if let Some((n, _)) = o.check_count {
            end.push(format!("Giving {n} checks wins."));
        }
        if let Some((letters, zone)) = &o.reach {
            end.push(format!(
                "A {} reaching {} wins.",
                names(self.rules, letters),
                self.text(zone.span)
            ));
            if let Some(answer) = valued.reach_answer {
                let (side, other) = if answer == 0 {
                    ("White", "Black")
                } else {
                    ("Black", "White")
                };
                end.push(format!(
                    "When {other} reaches it, {side} may answer with one move: reaching too draws."
                ));
            }
        }
        if let Some(side) = valued.draw_odds {
            end.push(format!(
                "Every game that would be drawn is won by {}.",
                if side == 0 { "White" } else { "Black" }
            ));
        }
        if let Some((n, _)) = file.draws.fifty_move {
            end.push(format!(
                "{n} plies without a capture or an irreversible move draw."
            ));
        }
        if let Some((n, _)) = file.draws.repetition {
            end.push(format!("The same position {n} times draws."));
        }
        if file.draws.insufficient_material {
            end.push("Material that cannot mate draws.".into());
        }
        end
    }
}
