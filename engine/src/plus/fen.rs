//! FEN with holdings and the state field (LANGUAGE.md §6, `spec/rulings/`).

use std::fmt::Write;

use super::{setup_role, Last, Position, Role, Rules, Variant, FLAG_CLOWN, FLAG_REENTERED};
use crate::bitboard::{Bitboard, Square};
use crate::color::Color;
use crate::error::EngineError;

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
        parse_board(&mut pos, board, extra)?;
        if let Some(h) = holdings {
            parse_holdings(&mut pos, rules, h)?;
        }
        pos.turn = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(bad(format!("bad side to move {other:?}"))),
        };
        pos.castling = parse_castling(&pos, fields.get(2).copied().unwrap_or("-"))?;
        pos.ep_square = parse_ep(&pos, rules, fields.get(3).copied().unwrap_or("-"))?;
        pos.halfmoves = parse_counter(fields.get(4).copied().unwrap_or("0"), "halfmove clock")?;
        pos.fullmoves =
            parse_counter(fields.get(5).copied().unwrap_or("1"), "fullmove number")?.max(1);
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
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                match self.piece_at(Square::from_coords(file, rank)) {
                    Some((color, role)) => {
                        if empty > 0 {
                            fen.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        let c = role.upper(extra);
                        fen.push(if color.is_white() {
                            c
                        } else {
                            c.to_ascii_lowercase()
                        });
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                fen.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                fen.push('/');
            }
        }
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
        fen.push_str(if self.turn.is_white() { " w " } else { " b " });
        if self.castling == 0 {
            fen.push('-');
        }
        for (bit, letter) in [(1, 'K'), (2, 'Q'), (4, 'k'), (8, 'q')] {
            if self.castling & bit != 0 {
                fen.push(letter);
            }
        }
        match self.legal_ep_square(rules) {
            Some(sq) => {
                let _ = write!(fen, " {sq}");
            }
            None => fen.push_str(" -"),
        }
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
            if self.lost != 0 {
                let letters: String = Role::ALL
                    .into_iter()
                    .filter(|r| self.lost & (1 << r.index()) != 0)
                    .map(|r| r.upper(extra))
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
        if !state.is_empty() {
            let _ = write!(fen, " {{{}}}", state.join(" "));
        }
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

fn parse_board(pos: &mut Position, board: &str, extra: char) -> Result<(), EngineError> {
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != 8 {
        return Err(bad(format!(
            "board {board:?} has {} ranks, expected 8",
            ranks.len()
        )));
    }
    for (i, text) in ranks.iter().enumerate() {
        let rank = 7 - i as u8;
        let mut file = 0u32;
        let mut chars = text.chars().peekable();
        while let Some(c) = chars.next() {
            if c.is_ascii_digit() {
                // A run of empty squares is one number, however many digits.
                let mut run = c.to_digit(10).expect("digit");
                while let Some(d) = chars.peek().and_then(|d| d.to_digit(10)) {
                    chars.next();
                    run = run.saturating_mul(10).saturating_add(d);
                }
                if c == '0' {
                    return Err(bad(format!(
                        "rank {text:?}: a run of empty squares starts with 0"
                    )));
                }
                file = file.saturating_add(run);
            } else if let Some(role) = Role::from_upper(c.to_ascii_uppercase(), extra) {
                let color = if c.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                if file < 8 {
                    pos.put(Square::from_coords(file as u8, rank), color, role);
                }
                file += 1;
            } else {
                return Err(bad(format!("bad character {c:?} in rank {text:?}")));
            }
            if file > 8 {
                return Err(bad(format!("rank {text:?} has more than 8 files")));
            }
        }
        if file != 8 {
            return Err(bad(format!("rank {text:?} has {file} files, expected 8")));
        }
    }
    Ok(())
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
                    pos.lost |= 1 << role.index();
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

fn parse_castling(pos: &Position, field: &str) -> Result<u8, EngineError> {
    let mut rights = 0u8;
    if field == "-" {
        return Ok(0);
    }
    for c in field.chars() {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let kingside = match c.to_ascii_lowercase() {
            'k' | 'h' => true,
            'q' | 'a' => false,
            _ => {
                return Err(bad(format!(
                    "bad castling field {field:?}: {c:?} is not a castling right"
                )))
            }
        };
        let rank = if color.is_white() { 0 } else { 7 };
        let king_home = pos
            .pieces(color, Role::King)
            .contains(Square::from_coords(4, rank));
        let rook_home = pos
            .pieces(color, Role::Rook)
            .contains(Square::from_coords(if kingside { 7 } else { 0 }, rank));
        if !king_home || !rook_home {
            return Err(bad(format!(
                "castling right {c:?} in {field:?} needs the king and rook on their home squares"
            )));
        }
        rights |= 1 << (2 * color.index() + usize::from(!kingside));
    }
    Ok(rights)
}

fn parse_ep(pos: &Position, rules: &Rules, field: &str) -> Result<Option<Square>, EngineError> {
    if field == "-" {
        return Ok(None);
    }
    let badep = |why: &str| bad(format!("bad en passant square {field:?}: {why}"));
    let sq = Square::parse(field).ok_or_else(|| badep("not a square"))?;
    let us = pos.turn;
    let (ep_rank, pawn_rank, origin_rank) = if us.is_white() { (5, 4, 6) } else { (2, 3, 1) };
    if sq.rank() != ep_rank {
        return Err(badep("wrong rank for the side to move"));
    }
    let pawn = Square::from_coords(sq.file(), pawn_rank);
    let origin = Square::from_coords(sq.file(), origin_rank);
    let occupied = pos.occupied();
    // The pawn's origin is empty, or holds the Fool gated onto it.
    let gated = rules.variant == Variant::Fool && pos.pieces(!us, Role::Extra).contains(origin);
    if !pos.pieces(!us, Role::Pawn).contains(pawn)
        || occupied.contains(sq)
        || (occupied.contains(origin) && !gated)
    {
        return Err(badep("no pawn can just have moved two squares past it"));
    }
    let capturers = crate::attacks::pawn_attacks(!us, sq) & pos.pieces(us, Role::Pawn);
    Ok(capturers.any().then_some(sq))
}

fn parse_counter(field: &str, name: &str) -> Result<u32, EngineError> {
    field
        .parse()
        .map_err(|_| bad(format!("bad {name} {field:?}")))
}

fn validate(pos: &Position, rules: &Rules) -> Result<(), EngineError> {
    for color in Color::ALL {
        let name = if color.is_white() { "white" } else { "black" };
        let kings = pos.pieces(color, Role::King).count();
        if kings != 1 {
            return Err(bad(format!("{name} has {kings} kings, expected 1")));
        }
        let pieces = pos.by_color[color.index()].count();
        if pieces > 17 {
            return Err(bad(format!(
                "{name} has {pieces} pieces, at most 17 allowed (the chess army and the extra piece)"
            )));
        }
        let pawns = pos.pieces(color, Role::Pawn).count();
        if pawns > 8 {
            return Err(bad(format!("{name} has {pawns} pawns, at most 8 allowed")));
        }
    }
    if (pos.by_role[Role::Pawn.index()] & (Bitboard::rank(0) | Bitboard::rank(7))).any() {
        return Err(bad("pawn on the first or last rank"));
    }
    if pos.mover_king_attacked(rules) {
        return Err(bad("the side not to move is in check"));
    }
    Ok(())
}
