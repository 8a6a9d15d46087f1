//! FEN with holdings and the state field (LANGUAGE.md §6, `spec/rulings/`).

use std::fmt::Write;

use super::{setup_role, Extension, Last, Position, Role};
use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::error::{bad_fen, EngineError};
use crate::fen;
use crate::variant::Fen;

impl<R: Extension> Fen<R> for Position<R> {
    /// Reads and validates a FEN of the variant.
    fn from_fen(fen: &str, rules: &R) -> Result<Position<R>, EngineError> {
        let extra = R::LETTER;
        let (fields, state) = fen::split_state(fen)?;
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
            parse_holdings(&mut pos, h)?;
        }
        // The pawn's origin is empty, or holds the Fool gated onto it.
        let gates = if R::GATES {
            pos.by_role[Role::Extra.index()]
        } else {
            Bitboard::EMPTY
        };
        let rest = fen::parse_fields8(
            &fields,
            (&pos.by_role, pos.by_color),
            gates,
            "a castling right",
        )?;
        (pos.turn, pos.castling, pos.ep_square) = (rest.turn, rest.castling, rest.ep_square);
        (pos.halfmoves, pos.fullmoves) = (rest.halfmoves, rest.fullmoves);
        if let Some(state) = state {
            parse_state(&mut pos, state)?;
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
    fn fen(&self, rules: &R) -> String {
        let extra = R::LETTER;
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
        let state = R::state_entries(&self.state);
        fen::push_state(&mut fen, &state);
        fen
    }
}

/// Splits `board[holdings]` or a ninth `/` rank of holdings.
fn split_holdings(field: &str) -> Result<(&str, Option<&str>), EngineError> {
    if let Some(i) = field.find('[') {
        let Some(inner) = field[i + 1..].strip_suffix(']') else {
            return Err(bad_fen(format!(
                "holdings in {field:?} are not closed by ']'"
            )));
        };
        return Ok((&field[..i], Some(inner)));
    }
    if field.matches('/').count() == 8 {
        let i = field.rfind('/').expect("slash");
        return Ok((&field[..i], Some(&field[i + 1..])));
    }
    Ok((field, None))
}

fn parse_holdings<R: Extension>(pos: &mut Position<R>, text: &str) -> Result<(), EngineError> {
    let extra = R::LETTER;
    let (allowed, limit) = R::HAND;
    for c in text.chars() {
        let role = Role::from_upper(c.to_ascii_uppercase(), extra)
            .filter(|r| allowed.contains(r))
            .ok_or_else(|| {
                let names: String = allowed.iter().map(|r| r.upper(extra)).collect();
                bad_fen(format!(
                    "bad piece {c:?} in holdings [{text}]: only {names} can be in hand in {}",
                    R::NAME
                ))
            })?;
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let n = &mut pos.hand[color.index()][role.index()];
        if *n >= limit {
            return Err(bad_fen(format!(
                "too many {c:?} in holdings [{text}] (at most {limit})"
            )));
        }
        *n += 1;
    }
    Ok(())
}

/// Reads the state field `text`: `key=value` pairs of the variant's keys.
fn parse_state<R: Extension>(pos: &mut Position<R>, text: &str) -> Result<(), EngineError> {
    let keys = R::STATE_KEYS;
    for pair in text.split_ascii_whitespace() {
        let Some((key, value)) = pair.split_once('=') else {
            return Err(bad_fen(format!("state entry {pair:?} is not key=value")));
        };
        if !keys.contains(&key) {
            return Err(bad_fen(format!(
                "unknown state key {key:?} for {} (known: {})",
                R::NAME,
                if keys.is_empty() {
                    "none".to_string()
                } else {
                    keys.join(", ")
                }
            )));
        }
        R::read_state(&mut pos.state, key, value)?;
    }
    R::check_state(&pos.state, text)
}

/// Reads the state value `value` of `key`: a type letter (of `letter` for
/// the extra piece when `extra` may be named), optionally followed by `x`
/// for a capture (`last=`, `prev=`).
pub(crate) fn parse_record(
    key: &str,
    value: &str,
    letter: char,
    extra: bool,
) -> Result<Last, EngineError> {
    let (text, capture) = match value.strip_suffix('x') {
        Some(l) => (l, true),
        None => (value, false),
    };
    let mut chars = text.chars();
    let role = match (chars.next(), chars.next()) {
        (Some(c), None) => Role::from_upper(c, letter),
        _ => None,
    };
    let role = role.filter(|&r| extra || r != Role::Extra).ok_or_else(|| {
        bad_fen(format!(
            "state {key}={value}: expected a type letter, optionally followed by x"
        ))
    })?;
    Ok(Last { role, capture })
}

/// The text of a `last=`/`prev=` record.
pub(crate) fn record_text(last: Last, letter: char) -> String {
    format!(
        "{}{}",
        last.role.upper(letter),
        if last.capture { "x" } else { "" }
    )
}

/// Reads a per-player flag value `w`, `b` or `wb`: bit 0 White, bit 1 Black.
pub(crate) fn parse_flags(key: &str, value: &str) -> Result<u8, EngineError> {
    match value {
        "w" => Ok(1),
        "b" => Ok(2),
        "wb" | "bw" => Ok(3),
        _ => Err(bad_fen(format!("state {key}={value}: expected w, b or wb"))),
    }
}

/// The text of per-player flags (bit 0 White, bit 1 Black), `None` for none.
pub(crate) fn flag_text(bits: u8) -> Option<&'static str> {
    match bits & 3 {
        0 => None,
        1 => Some("w"),
        2 => Some("b"),
        _ => Some("wb"),
    }
}

fn validate<R: Extension>(pos: &Position<R>, rules: &R) -> Result<(), EngineError> {
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
        return Err(bad_fen("pawn on the first or last rank"));
    }
    if pos.mover_king_attacked(rules) {
        return Err(bad_fen("the side not to move is in check"));
    }
    Ok(())
}
