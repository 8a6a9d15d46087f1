//! Move text: canonical UCI long algebraic in and out, SAN in and out.

use crate::geometry::{parse_square, square_name};
use crate::play::{Move, MoveKind, PlayError, Position, Rules};
use crate::program::{Notation, WALL};

impl Rules {
    /// The canonical text of a move: `e2e4`, `e7e8q`; castling is the king's
    /// move (`e1g1`), or king-takes-rook (`f1h1`) when the king moves fewer
    /// than two files, so that no castling shares its text with a king step.
    pub fn uci(&self, m: &Move) -> String {
        let files = self.tables.files;
        if m.kind == MoveKind::Null {
            return "0000".to_string();
        }
        if m.kind == MoveKind::Drop {
            return format!(
                "{}@{}",
                self.piece_text(m.promotion).to_ascii_uppercase(),
                square_name(files, m.to)
            );
        }
        let to = if m.kind == MoveKind::Castle && (m.from % files).abs_diff(m.to % files) < 2 {
            m.aux
        } else {
            m.to
        };
        let mut s = format!("{}{}", square_name(files, m.from), square_name(files, to));
        if m.promotion != 0 {
            s.push_str(&self.promotion_suffix(m));
        }
        if m.gate == WALL {
            // A placed wall (§11.6): `,` then the move's target and the wall's square.
            s.push(',');
            s.push_str(&square_name(files, to));
            s.push_str(&square_name(files, m.gate_at));
        } else {
            self.push_gate(m, &mut s);
        }
        s
    }

    /// The canonical suffix of a type change: the new type's letter in
    /// lower case (`q`); for a promoted form, `+` when every type its rule
    /// changes is the plain type of that letter (shogi's `b2h8+`), else `+`
    /// and the letter; back to a plain type, `-` when every type its rule
    /// changes is a form of that letter (Kyoto shogi's `a1a2-`).
    fn promotion_suffix(&self, m: &Move) -> String {
        let into = self.piece_text(m.promotion).to_ascii_lowercase();
        let target = &self.variant.pieces[(m.promotion as usize - 1) / 2];
        let all_of_letter = |promoted: bool| {
            (m.extra as usize)
                .checked_sub(1)
                .and_then(|i| self.variant.promotions.get(i))
                .is_some_and(|rule| {
                    (0..self.tables.types).all(|t| {
                        let p = &self.variant.pieces[t];
                        rule.pieces >> t & 1 == 0
                            || p.letter == target.letter && p.promoted == promoted
                    })
                })
        };
        match target.promoted {
            true if all_of_letter(false) => "+".to_string(),
            false if all_of_letter(true) => "-".to_string(),
            _ => into,
        }
    }

    /// Appends `/` and the gated piece and square, e.g. `/He1`; for a
    /// placed wall (§11.6), `,` and its square, e.g. `,a2`.
    fn push_gate(&self, m: &Move, s: &mut String) {
        if m.gate == WALL {
            s.push(',');
            s.push_str(&square_name(self.tables.files, m.gate_at));
        } else if m.gate != 0 {
            s.push('/');
            s.push(self.piece_letter(m.gate).to_ascii_uppercase());
            s.push_str(&square_name(self.tables.files, m.gate_at));
        }
    }

    /// The standard algebraic text of a legal move in `pos`, with `+` or `#`,
    /// in the variant's own notation where its rule file gives one (§7).
    pub fn san(&self, pos: &Position, m: &Move) -> String {
        self.san_as(pos, m, self.variant.notation)
    }

    /// SAN of a legal move in the given notation.
    fn san_as(&self, pos: &Position, m: &Move, notation: Notation) -> String {
        let files = self.tables.files;
        if m.kind == MoveKind::Null {
            return self.uci(m);
        }
        let mut s = String::new();
        let mut declared = None;
        if m.kind == MoveKind::Drop {
            let letter = self.piece_text(m.promotion).to_ascii_uppercase();
            let to = square_name(files, m.to);
            if notation.bang_entry {
                s = format!("!{letter}{to}");
            } else {
                s = format!("{letter}@{to}");
            }
        } else if m.kind == MoveKind::Castle {
            let long = (m.aux % files) < (m.from % files);
            s.push_str(if long { "O-O-O" } else { "O-O" });
        } else {
            let piece = pos.board[m.from as usize];
            let plain = self.irreversible_codes >> piece & 1 != 0;
            let capture = pos.board[m.to as usize] != 0 || m.kind == MoveKind::EnPassant;
            let shows_capture = capture || m.kind == MoveKind::Shoot;
            if !plain {
                s.push_str(&self.piece_text(piece).to_ascii_uppercase());
            }
            let mut legal = Vec::new();
            self.legal(pos, &mut legal);
            let rivals: Vec<&Move> = legal
                .iter()
                .filter(|o| {
                    o.to == m.to
                        && o.from != m.from
                        && pos.board[o.from as usize] == piece
                        && o.kind != MoveKind::Castle
                })
                .collect();
            // Pieces written without letter show their file when capturing,
            // like pawns; any piece shows as much of its square as tells it apart.
            let name = square_name(files, m.from);
            let (file, rank) = name.split_at(1);
            let file_tells = rivals.iter().all(|o| o.from % files != m.from % files);
            if !rivals.is_empty() || (plain && shows_capture) {
                if file_tells {
                    s.push_str(file);
                } else if !plain && rivals.iter().all(|o| o.from / files != m.from / files) {
                    s.push_str(rank);
                } else {
                    s.push_str(&name);
                }
            }
            if shows_capture {
                s.push('x');
            }
            s.push_str(&square_name(files, m.to));
            if m.promotion != 0 {
                let letter = self.piece_text(m.promotion).to_ascii_uppercase();
                if notation.bang_declaration && self.is_declaration(piece, m.promotion) {
                    declared = Some(letter);
                } else {
                    s.push('=');
                    s.push_str(&letter);
                }
            }
        }
        if m.gate != 0 && (!notation.star_gating || m.gate == WALL) {
            self.push_gate(m, &mut s);
        }
        s.push_str(self.check_mark(pos, m));
        if m.gate != 0 && m.gate != WALL && notation.star_gating {
            self.push_star_gate(pos, m, &mut s);
        }
        if let Some(letter) = declared {
            s.push_str(&format!(" (!{letter})"));
        }
        s
    }

    /// `+` when the move attacks an enemy royal piece, `#` when it also
    /// leaves no reply; empty otherwise. A check by a move after which the
    /// turn continues (§16) is no mate yet.
    fn check_mark(&self, pos: &Position, m: &Move) -> &'static str {
        let mut after = pos.clone();
        after.make(self, *m);
        let them = pos.side ^ 1;
        if !self.royal_attacked(&after, them) {
            return "";
        }
        let mut replies = Vec::new();
        if after.side == them {
            self.legal(&after, &mut replies);
        }
        if after.side == them && replies.is_empty() {
            "#"
        } else {
            "+"
        }
    }

    /// Whether changing `piece` into `into` is a declaration: the type
    /// change of an optional rule whose zone is the whole board (§9).
    fn is_declaration(&self, piece: u8, into: u8) -> bool {
        let (ty, colour) = ((piece as usize - 1) / 2, (piece as usize - 1) & 1);
        let into = ((into as usize - 1) / 2) as u8;
        self.variant.promotions.iter().any(|rule| {
            rule.pieces >> ty & 1 != 0
                && rule.to.contains(&into)
                && !rule.mandatory
                && rule.zone[colour].iter().all(|&inside| inside)
        })
    }

    /// Appends gating in the star form: `*F` after a move (with the square
    /// when another legal move gates the same piece elsewhere); on castling
    /// the letter replaces the `O` on the gated square's side: `F-O`, `O-F`.
    fn push_star_gate(&self, pos: &Position, m: &Move, s: &mut String) {
        let letter = self.piece_letter(m.gate).to_ascii_uppercase();
        let files = self.tables.files;
        if m.kind == MoveKind::Castle {
            let other = if m.gate_at == m.from { m.aux } else { m.from };
            let left = m.gate_at % files < other % files;
            let at = if left { 0 } else { s.rfind('O').unwrap_or(0) };
            s.replace_range(at..at + 1, &letter.to_string());
            return;
        }
        s.push('*');
        s.push(letter);
        let mut legal = Vec::new();
        self.legal(pos, &mut legal);
        let elsewhere = legal.iter().any(|o| {
            o.from == m.from
                && o.to == m.to
                && o.promotion == m.promotion
                && o.gate == m.gate
                && o.gate_at != m.gate_at
        });
        if elsewhere {
            s.push_str(&square_name(files, m.gate_at));
        }
    }

    /// Reads a move in canonical text or SAN; it must be legal in `pos`.
    pub fn parse_move(&self, pos: &Position, text: &str) -> Result<Move, PlayError> {
        let mut legal = Vec::new();
        self.legal(pos, &mut legal);
        let wanted = match text.trim() {
            "@@@@" => "0000",
            other => other,
        };
        if let Some(m) = legal
            .iter()
            .find(|m| self.uci(m) == wanted.to_ascii_lowercase() || self.uci(m) == wanted)
        {
            return Ok(*m);
        }
        // Check marks, annotations and spaces do not count; the variant's
        // own notation and the default one are both read. A `+` inside
        // the text names a promoted form (`+Se4`), so only trailing ones go.
        let bare = |s: &str| {
            s.replace(' ', "")
                .trim_end_matches(['!', '?'])
                .trim_end_matches(['+', '#'])
                .replace("0-0", "O-O")
        };
        let wanted_bare = bare(wanted);
        let notations = [self.variant.notation, Notation::default()];
        if let Some(m) = legal.iter().find(|m| {
            notations
                .iter()
                .any(|&n| bare(&self.san_as(pos, m, n)) == wanted_bare)
        }) {
            return Ok(*m);
        }
        // SAN without the disambiguation a legal move needs: name the moves
        // it could be.
        let candidates: Vec<String> = legal
            .iter()
            .map(|m| self.san(pos, m))
            .filter(|san| {
                undisambiguated(san)
                    .is_some_and(|short| bare(&short) == bare(wanted) && bare(san) != bare(wanted))
            })
            .collect();
        if candidates.len() > 1 {
            return Err(PlayError::AmbiguousMove {
                text: wanted.to_string(),
                candidates,
            });
        }
        if self.looks_like_move(wanted) {
            Err(PlayError::IllegalMove {
                text: wanted.to_string(),
                fen: self.fen(pos),
            })
        } else {
            Err(PlayError::MalformedMove {
                text: wanted.to_string(),
            })
        }
    }

    fn looks_like_move(&self, text: &str) -> bool {
        if text == "0000" || text == "@@@@" {
            return self.variant.turn.is_some() || self.variant.passing.is_some();
        }
        // A type change to or from a promoted form ends in `+` or `-` (`b2h8+`).
        let text = text.strip_suffix(['+', '-']).unwrap_or(text);
        // Long algebraic: two squares of this board, then an optional letter.
        let (files, ranks) = (self.tables.files, self.tables.ranks);
        let squares: Vec<&str> = split_squares(text.split(['/', '@', ',']).next().unwrap_or(""));
        if squares.len() >= 2 && !text.contains('@') {
            return squares[..2]
                .iter()
                .all(|s| parse_square(files, ranks, s).is_some());
        }
        let letters = |c: char| {
            self.variant
                .pieces
                .iter()
                .any(|p| p.letter == c.to_ascii_uppercase())
        };

        let ok = |c: char| c.is_ascii_alphanumeric() || "=x+#-!?@/*(), ".contains(c);
        !text.is_empty()
            && text.chars().all(ok)
            && text.chars().any(|c| c.is_ascii_digit() || c == 'O')
            && text
                .chars()
                .all(|c| !c.is_ascii_uppercase() || letters(c) || c == 'O')
    }
}

/// Splits `e2e4q` into `["e2", "e4", "q"]`: runs of a letter and digits, and a final letter.
fn split_squares(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i].is_ascii_lowercase() {
            let mut j = i + 1;
            while j < bytes.len() && bytes[j].is_ascii_digit() {
                j += 1;
            }
            if j == i + 1 && j < bytes.len() {
                return Vec::new();
            }
            out.push(&text[start.max(i)..j]);
            start = j;
            i = j;
        } else {
            return Vec::new();
        }
    }
    out
}

/// A piece move's SAN without the file or rank that tells it from another
/// (`Nbd2` → `Nd2`, `R1xe4` → `Rxe4`); `None` when it has none.
fn undisambiguated(san: &str) -> Option<String> {
    let mut chars = san.char_indices();
    let (_, letter) = chars.next().filter(|(_, c)| c.is_ascii_uppercase())?;
    // The destination: the last square name before any promotion, gate or check.
    let body = san.trim_end_matches(['+', '#']);
    let body = body.split(['=', '/']).next().unwrap_or(body);
    let digits = body.len() - body.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    let dest_start = body.len().checked_sub(digits + 1)?;
    if digits == 0 || !body[dest_start..].starts_with(|c: char| c.is_ascii_lowercase()) {
        return None;
    }
    let head = &body[letter.len_utf8()..dest_start];
    let capture = head.ends_with('x');
    let disambiguation = head.trim_end_matches('x');
    if disambiguation.is_empty() {
        return None;
    }
    Some(format!(
        "{letter}{}{}",
        if capture { "x" } else { "" },
        &san[dest_start..]
    ))
}

#[cfg(test)]
mod tests {
    use super::undisambiguated;

    #[test]
    fn disambiguation_is_removed() {
        assert_eq!(undisambiguated("Nbd2").as_deref(), Some("Nd2"));
        assert_eq!(undisambiguated("R1xe4+").as_deref(), Some("Rxe4+"));
        assert_eq!(undisambiguated("Qh4e1#").as_deref(), Some("Qe1#"));
        assert_eq!(undisambiguated("Nd2"), None);
        assert_eq!(undisambiguated("exd5"), None);
        assert_eq!(undisambiguated("O-O"), None);
    }
}
