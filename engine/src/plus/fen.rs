//! FEN with holdings and the state field (LANGUAGE.md §6, `spec/rulings/`).

use std::fmt::Write;

use super::{setup_role, Last, Position, Role, Rules, Variant, FLAG_CLOWN, FLAG_REENTERED};
use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::error::EngineError;
use crate::fen;

fn bad(detail: impl std::fmt::Display) -> EngineError {
    EngineError::invalid_fen(detail)
}

impl Position {
    /// Reads and validates a FEN of the variant.
    pub fn from_fen(rules: &Rules, fen: &str) -> Result<Position, EngineError> {
        let extra = rules.variant.extra_letter();
        let (main, state) = match fen.find('{') {
            Some(i) => {
                let rest = fen[i + 1..].trim_end();
                let Some(inner) = rest.strip_suffix('}') else {
                    return Err(bad(format!("state field of {fen:?} is not closed by '}}'")));
                };
                (&fen[..i], Some(inner))
            }
            None => (fen, None),
        };
        let fields: Vec<&str> = main.split_ascii_whitespace().collect();
        if fields.len() < 2 || fields.len() > 6 {
            return Err(bad(format!(
                "expected 2 to 6 fields before the state, got {} in {fen:?}",
                fields.len()
            )));
        }
        let mut pos = Position::empty();
        let (board, holdings) = split_holdings(fields[0])?;
        fen::parse_board8(
            board,
            |c| {
                let role = Role::from_upper(c.to_ascii_uppercase(), extra)?;
                let color = if c.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                Some((color, role))
            },
            |sq, (color, role)| pos.put(sq, color, role),
        )?;
        if let Some(h) = holdings {
            parse_holdings(&mut pos, rules, h)?;
        }
        pos.turn = fen::parse_side(fields[1])?;
        pos.castling = fen::parse_castling8(
            fields.get(2).copied().unwrap_or("-"),
            "a castling right",
            |color, king, sq| {
                let role = if king { Role::King } else { Role::Rook };
                pos.pieces(color, role).contains(sq)
            },
        )?;
        let us = pos.turn;
        pos.ep_square = fen::parse_ep8(
            fields.get(3).copied().unwrap_or("-"),
            &fen::EpBoard {
                turn: us,
                our_pawns: pos.pieces(us, Role::Pawn),
                their_pawns: pos.pieces(!us, Role::Pawn),
                occupied: pos.occupied(),
                // The pawn's origin is empty, or holds the Fool gated onto it.
                gated: if rules.variant == Variant::Fool {
                    pos.pieces(!us, Role::Extra)
                } else {
                    Bitboard::EMPTY
                },
            },
        )?;
        (pos.halfmoves, pos.fullmoves) = fen::parse_counters(&fields)?;
        if let Some(state) = state {
            parse_state(&mut pos, rules, state)?;
        }
        // Unmoved pieces (§6.3): on their setup square; kings and rooks as
        // the castling rights say.
        let mut virgin = Bitboard::EMPTY;
        for sq in pos.occupied() {
            let (color, role) = pos.piece_at(sq).expect("occupied");
            if setup_role(color, sq) != Some(role) {
                continue;
            }
            let rights = pos.castling >> (2 * color.index());
            let unmoved = match role {
                Role::King => rights & 3 != 0,
                Role::Rook => rights & if sq.file() == 7 { 1 } else { 2 } != 0,
                _ => true,
            };
            if unmoved {
                virgin |= Bitboard::from_square(sq);
            }
        }
        pos.virgin = virgin;
        validate(&pos, rules)?;
        Ok(pos)
    }

    /// The FEN: board, holdings, side, castling, en passant (only when a
    /// capture is legal), counters, state.
    pub fn fen(&self, rules: &Rules) -> String {
        let extra = rules.variant.extra_letter();
        let mut fen = String::with_capacity(100);
        fen::board8_text(&mut fen, |sq| {
            let (color, role) = self.piece_at(sq)?;
            let c = role.upper(extra);
            Some(if color.is_white() {
                c
            } else {
                c.to_ascii_lowercase()
            })
        });
        fen.push('[');
        for color in Color::ALL {
            let mut letters: Vec<char> = Vec::new();
            for role in Role::ALL {
                let c = role.upper(extra);
                let c = if color.is_white() {
                    c
                } else {
                    c.to_ascii_lowercase()
                };
                for _ in 0..self.hand[color.index()][role.index()] {
                    letters.push(c);
                }
            }
            letters.sort_unstable();
            fen.extend(letters);
        }
        fen.push(']');
        fen.push_str(fen::side_text(self.turn));
        fen::push_castling8(&mut fen, self.castling);
        fen::push_ep8(&mut fen, self.legal_ep_square(rules));
        let _ = write!(fen, " {} {}", self.halfmoves, self.fullmoves);
        let mut state: Vec<String> = Vec::new();
        let flag = |f: u8| -> Option<String> {
            let w = self.flags & f != 0;
            let b = self.flags & (f << 1) != 0;
            match (w, b) {
                (false, false) => None,
                (true, false) => Some("w".into()),
                (false, true) => Some("b".into()),
                (true, true) => Some("wb".into()),
            }
        };
        if rules.variant == Variant::Clown {
            if let Some(v) = flag(FLAG_CLOWN) {
                state.push(format!("clown={v}"));
            }
        }
        let record = |l: Last| {
            format!(
                "{}{}",
                l.role.upper(extra),
                if l.capture { "x" } else { "" }
            )
        };
        if rules.variant != Variant::Entity {
            if let Some(last) = self.last {
                state.push(format!("last={}", record(last)));
            }
        }
        if rules.variant == Variant::Clown {
            if !self.lost.is_empty() {
                let letters: String = Role::ALL
                    .into_iter()
                    .flat_map(|r| std::iter::repeat_n(r.upper(extra), self.lost.count(r) as usize))
                    .collect();
                state.push(format!("lost={letters}"));
            }
            if let Some(v) = flag(FLAG_REENTERED) {
                state.push(format!("reentered={v}"));
            }
        }
        if rules.variant == Variant::Fool {
            if let Some(prev) = self.prev {
                state.push(format!("prev={}", record(prev)));
            }
        }
        fen::push_state(&mut fen, &state);
        fen
    }
}

/// Splits `board[holdings]` or a ninth `/` rank of holdings.
fn split_holdings(field: &str) -> Result<(&str, Option<&str>), EngineError> {
    if let Some(i) = field.find('[') {
        let Some(inner) = field[i + 1..].strip_suffix(']') else {
            return Err(bad(format!("holdings in {field:?} are not closed by ']'")));
        };
        return Ok((&field[..i], Some(inner)));
    }
    if field.matches('/').count() == 8 {
        let i = field.rfind('/').expect("slash");
        return Ok((&field[..i], Some(&field[i + 1..])));
    }
    Ok((field, None))
}

fn parse_holdings(pos: &mut Position, rules: &Rules, text: &str) -> Result<(), EngineError> {
    let extra = rules.variant.extra_letter();
    let allowed: &[Role] = match rules.variant {
        Variant::Clown => &[Role::Knight, Role::Bishop],
        _ => &[Role::Extra],
    };
    for c in text.chars() {
        let role = Role::from_upper(c.to_ascii_uppercase(), extra)
            .filter(|r| allowed.contains(r))
            .ok_or_else(|| {
                let names: String = allowed.iter().map(|r| r.upper(extra)).collect();
                bad(format!(
                    "bad piece {c:?} in holdings [{text}]: only {names} can be in hand in {}",
                    rules.variant.name()
                ))
            })?;
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let n = &mut pos.hand[color.index()][role.index()];
        let limit = if rules.variant == Variant::Clown {
            10
        } else {
            1
        };
        if *n >= limit {
            return Err(bad(format!(
                "too many {c:?} in holdings [{text}] (at most {limit})"
            )));
        }
        *n += 1;
    }
    Ok(())
}

fn parse_state(pos: &mut Position, rules: &Rules, text: &str) -> Result<(), EngineError> {
    let extra = rules.variant.extra_letter();
    let keys: &[&str] = match rules.variant {
        Variant::Fool => &["last", "prev"],
        Variant::Clown => &["clown", "last", "lost", "reentered"],
        Variant::Entity => &[],
    };
    for pair in text.split_ascii_whitespace() {
        let Some((key, value)) = pair.split_once('=') else {
            return Err(bad(format!("state entry {pair:?} is not key=value")));
        };
        if !keys.contains(&key) {
            return Err(bad(format!(
                "unknown state key {key:?} for {} (known: {})",
                rules.variant.name(),
                if keys.is_empty() {
                    "none".to_string()
                } else {
                    keys.join(", ")
                }
            )));
        }
        let flag_bits = |value: &str| -> Result<u8, EngineError> {
            match value {
                "w" => Ok(1),
                "b" => Ok(2),
                "wb" | "bw" => Ok(3),
                _ => Err(bad(format!("state {key}={value}: expected w, b or wb"))),
            }
        };
        match key {
            "last" | "prev" => {
                let (letter, capture) = match value.strip_suffix('x') {
                    Some(l) => (l, true),
                    None => (value, false),
                };
                let mut chars = letter.chars();
                let role = match (chars.next(), chars.next()) {
                    (Some(c), None) => Role::from_upper(c, extra),
                    _ => None,
                };
                let role = role
                    .filter(|&r| rules.variant == Variant::Clown || r != Role::Extra)
                    .ok_or_else(|| {
                        bad(format!(
                            "state {key}={value}: expected a type letter, optionally followed by x"
                        ))
                    })?;
                let record = Some(Last { role, capture });
                if key == "last" {
                    pos.last = record;
                } else {
                    pos.prev = record;
                }
            }
            "lost" => {
                for c in value.chars() {
                    let role = Role::from_upper(c, extra)
                        .filter(|&r| r != Role::King)
                        .ok_or_else(|| {
                            bad(format!(
                                "state lost={value}: {c:?} is not a type that can be lost"
                            ))
                        })?;
                    pos.lost = pos.lost.with(role).ok_or_else(|| {
                        bad(format!(
                            "state lost={value}: more than {} {c:?}",
                            super::Lost::MAX
                        ))
                    })?;
                }
            }
            "clown" => pos.flags |= flag_bits(value)? * super::FLAG_CLOWN,
            _ => pos.flags |= flag_bits(value)? * super::FLAG_REENTERED,
        }
    }
    if pos.prev.is_some() && pos.last.is_none() {
        return Err(bad(format!(
            "state {{{text}}}: prev= (the move before the last one) without last="
        )));
    }
    Ok(())
}

fn validate(pos: &Position, rules: &Rules) -> Result<(), EngineError> {
    for color in Color::ALL {
        fen::check_army8(
            color,
            pos.pieces(color, Role::King).count(),
            pos.by_color[color.index()].count(),
            pos.pieces(color, Role::Pawn).count(),
            (17, " (the chess army and the extra piece)"),
        )?;
    }
    if (pos.by_role[Role::Pawn.index()] & (Bitboard::rank(0) | Bitboard::rank(7))).any() {
        return Err(bad("pawn on the first or last rank"));
    }
    if pos.mover_king_attacked(rules) {
        return Err(bad("the side not to move is in check"));
    }
    Ok(())
}
