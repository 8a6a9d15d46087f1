//! FEN field readers and writers shared by every engine (LANGUAGE.md §6):
//! side to move, move counters, the state field, and the 8x8 board, castling
//! and en passant fields of chess and the core variants.

use std::fmt::Write;

use crate::bitboard::{Bitboard, Square};
use crate::chess::Role;
use crate::color::Color;
use crate::error::{bad_fen, EngineError};

/// The parts of a FEN: the six fields (later ones optional) and the state
/// field's `key=value` pairs.
pub(crate) struct FenParts<'a> {
    /// Board, side, castling, en passant, halfmove, fullmove.
    pub fields: Vec<&'a str>,
    /// The state pairs in the order written.
    pub state: Vec<(&'a str, &'a str)>,
}

/// Splits a FEN into its fields and the text inside the brace-enclosed
/// state field, if any.
pub(crate) fn split_state(fen: &str) -> Result<(Vec<&str>, Option<&str>), EngineError> {
    let (main, state) = match fen.find('{') {
        Some(i) => {
            let rest = fen[i + 1..].trim_end();
            let Some(inner) = rest.strip_suffix('}') else {
                return Err(bad_fen(format!(
                    "state field not closed with '}}' in {fen:?}"
                )));
            };
            (&fen[..i], Some(inner))
        }
        None => (fen, None),
    };
    Ok((split_fields(main, fen)?, state))
}

/// The whitespace-separated fields of `main` (a FEN without its state
/// field), two to six of them.
pub(crate) fn split_fields<'a>(main: &'a str, fen: &str) -> Result<Vec<&'a str>, EngineError> {
    let fields: Vec<&str> = main.split_ascii_whitespace().collect();
    if fields.len() < 2 || fields.len() > 6 {
        return Err(bad_fen(format!(
            "expected 2 to 6 fields, got {} in {fen:?}",
            fields.len()
        )));
    }
    Ok(fields)
}

/// Splits a FEN into its fields and the state field's `key=value` pairs
/// (each key once).
pub(crate) fn split_fen(fen: &str) -> Result<FenParts<'_>, EngineError> {
    let (fields, state_text) = split_state(fen)?;
    let mut state = Vec::new();
    for pair in state_text.unwrap_or("").split_ascii_whitespace() {
        let Some((k, v)) = pair.split_once('=') else {
            return Err(bad_fen(format!("state entry {pair:?} is not key=value")));
        };
        if state.iter().any(|&(known, _)| known == k) {
            return Err(bad_fen(format!("state key {k:?} given twice")));
        }
        state.push((k, v));
    }
    Ok(FenParts { fields, state })
}

/// Reads the side-to-move field.
pub(crate) fn parse_side(text: &str) -> Result<Color, EngineError> {
    match text {
        "w" => Ok(Color::White),
        "b" => Ok(Color::Black),
        other => Err(bad_fen(format!("bad side to move {other:?}"))),
    }
}

/// The side-to-move field, with a space on either side.
pub(crate) fn side_text(turn: Color) -> &'static str {
    if turn.is_white() {
        " w "
    } else {
        " b "
    }
}

/// Reads the halfmove clock and fullmove number (fields 5 and 6, `0` and
/// `1` when missing; a fullmove number of 0 reads as 1).
pub(crate) fn parse_counters(fields: &[&str]) -> Result<(u32, u32), EngineError> {
    let counter = |i: usize, default: &str, name: &str| -> Result<u32, EngineError> {
        let field = fields.get(i).copied().unwrap_or(default);
        field
            .parse()
            .map_err(|_| bad_fen(format!("bad {name} {field:?}")))
    };
    Ok((
        counter(4, "0", "halfmove clock")?,
        counter(5, "1", "fullmove number")?.max(1),
    ))
}

/// Appends the state field `{key=value ...}` when there is any entry.
pub(crate) fn push_state(fen: &mut String, state: &[String]) {
    if !state.is_empty() {
        let _ = write!(fen, " {{{}}}", state.join(" "));
    }
}

/// Reads an 8x8 board field: `decode` turns a letter into a piece, `put`
/// places it.
pub(crate) fn parse_board8<T>(
    board: &str,
    decode: impl Fn(char) -> Option<T>,
    mut put: impl FnMut(Square, T),
) -> Result<(), EngineError> {
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != 8 {
        return Err(bad_fen(format!(
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
                    return Err(bad_fen(format!(
                        "rank {text:?}: a run of empty squares starts with 0"
                    )));
                }
                file = file.saturating_add(run);
            } else if let Some(piece) = decode(c) {
                if file < 8 {
                    put(Square::from_coords(file as u8, rank), piece);
                }
                file += 1;
            } else {
                return Err(bad_fen(format!("bad character {c:?} in rank {text:?}")));
            }
            if file > 8 {
                return Err(bad_fen(format!("rank {text:?} has more than 8 files")));
            }
        }
        if file != 8 {
            return Err(bad_fen(format!(
                "rank {text:?} has {file} files, expected 8"
            )));
        }
    }
    Ok(())
}

/// Writes an 8x8 board field from each square's letter.
pub(crate) fn board8_text(fen: &mut String, letter: impl Fn(Square) -> Option<char>) {
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match letter(Square::from_coords(file, rank)) {
                Some(c) => {
                    if empty > 0 {
                        fen.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    fen.push(c);
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
}

/// The fields after the board of an 8x8 FEN.
pub(crate) struct Fields8 {
    /// The side to move.
    pub turn: Color,
    /// The castling rights as [`castling_bit`]s.
    pub castling: u8,
    /// The en passant square, kept only when a pawn of the side to move
    /// attacks it.
    pub ep_square: Option<Square>,
    /// The halfmove clock.
    pub halfmoves: u32,
    /// The fullmove number.
    pub fullmoves: u32,
}

/// Reads the fields after the board of an 8x8 FEN (side; castling, en
/// passant and counters, optional) against the pieces placed: `by_role`
/// indexed as [`crate::chess::Role`] (any further roles left out), `gates`
/// the pieces that may stand on the origin of a pawn's double step (gated
/// there). `right` names a castling right in the error for an unknown
/// letter.
pub(crate) fn parse_fields8(
    fields: &[&str],
    (by_role, by_color): (&[Bitboard], [Bitboard; 2]),
    gates: Bitboard,
    right: &str,
) -> Result<Fields8, EngineError> {
    let pieces = |color: Color, role: Role| by_color[color.index()] & by_role[role.index()];
    let turn = parse_side(fields[1])?;
    let castling = parse_castling8(
        fields.get(2).copied().unwrap_or("-"),
        right,
        |color, king, sq| {
            let role = if king { Role::King } else { Role::Rook };
            pieces(color, role).contains(sq)
        },
    )?;
    let ep_square = parse_ep8(
        fields.get(3).copied().unwrap_or("-"),
        &EpBoard {
            turn,
            our_pawns: pieces(turn, Role::Pawn),
            their_pawns: pieces(!turn, Role::Pawn),
            occupied: by_color[0] | by_color[1],
            gated: gates & by_color[(!turn).index()],
        },
    )?;
    let (halfmoves, fullmoves) = parse_counters(fields)?;
    Ok(Fields8 {
        turn,
        castling,
        ep_square,
        halfmoves,
        fullmoves,
    })
}

/// The castling bit of `color` on the king side (`kingside`) or queen side:
/// `KQkq` are bits 0 to 3.
fn castling_bit(color: Color, kingside: bool) -> u8 {
    1 << (2 * color.index() + usize::from(!kingside))
}

/// Reads an 8x8 castling field (`KQkq` or Shredder letters `HAha`) as
/// [`castling_bit`]s; `home(color, role_is_king, square)` says whether the
/// king (or rook) of `color` stands on `square`. `right` names a right in
/// the error for an unknown letter.
fn parse_castling8(
    field: &str,
    right: &str,
    home: impl Fn(Color, bool, Square) -> bool,
) -> Result<u8, EngineError> {
    let mut rights = 0;
    if field == "-" {
        return Ok(rights);
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
                return Err(bad_fen(format!(
                    "bad castling field {field:?}: {c:?} is not {right}"
                )))
            }
        };
        let rank = if color.is_white() { 0 } else { 7 };
        let king_home = home(color, true, Square::from_coords(4, rank));
        let rook_home = home(
            color,
            false,
            Square::from_coords(if kingside { 7 } else { 0 }, rank),
        );
        if !king_home || !rook_home {
            return Err(bad_fen(format!(
                "castling right {c:?} in {field:?} needs the king and rook on their home squares"
            )));
        }
        if rights & castling_bit(color, kingside) != 0 {
            return Err(bad_fen(format!(
                "castling right {c:?} is given twice in {field:?}"
            )));
        }
        rights |= castling_bit(color, kingside);
    }
    Ok(rights)
}

/// Writes castling rights held as [`castling_bit`]s, `-` for none.
pub(crate) fn push_castling8(fen: &mut String, rights: u8) {
    if rights == 0 {
        fen.push('-');
    }
    for (i, letter) in ['K', 'Q', 'k', 'q'].into_iter().enumerate() {
        if rights & (1 << i) != 0 {
            fen.push(letter);
        }
    }
}

/// What an 8x8 en passant field is checked against.
struct EpBoard {
    /// The side to move.
    pub turn: Color,
    /// The pawns of the side to move.
    pub our_pawns: Bitboard,
    /// The pawns of the side not to move.
    pub their_pawns: Bitboard,
    /// Every occupied square.
    pub occupied: Bitboard,
    /// Occupied squares a pawn may just have left all the same (a piece
    /// gated onto the origin).
    pub gated: Bitboard,
}

/// Reads an 8x8 en passant field; keeps the square only when a pawn of the
/// side to move attacks it.
fn parse_ep8(field: &str, b: &EpBoard) -> Result<Option<Square>, EngineError> {
    if field == "-" {
        return Ok(None);
    }
    let bad = |why: &str| bad_fen(format!("bad en passant square {field:?}: {why}"));
    let sq = Square::parse(field).ok_or_else(|| bad("not a square"))?;
    let us = b.turn;
    let (ep_rank, pawn_rank, origin_rank) = if us.is_white() { (5, 4, 6) } else { (2, 3, 1) };
    if sq.rank() != ep_rank {
        return Err(bad("wrong rank for the side to move"));
    }
    let pawn = Square::from_coords(sq.file(), pawn_rank);
    let origin = Square::from_coords(sq.file(), origin_rank);
    if !b.their_pawns.contains(pawn)
        || b.occupied.contains(sq)
        || (b.occupied.contains(origin) && !b.gated.contains(origin))
    {
        return Err(bad("no pawn can just have moved two squares past it"));
    }
    let capturers = crate::attacks::pawn_attacks(!us, sq) & b.our_pawns;
    Ok(capturers.any().then_some(sq))
}

/// Writes the en passant field with a leading space.
pub(crate) fn push_ep8(fen: &mut String, ep: Option<Square>) {
    match ep {
        Some(sq) => {
            let _ = write!(fen, " {sq}");
        }
        None => fen.push_str(" -"),
    }
}

/// Checks a side's army on an 8x8 board: one king, at most `max_pieces`
/// pieces (`why` says why that many) and at most eight pawns.
pub(crate) fn check_army8(
    color: Color,
    kings: u32,
    pieces: u32,
    pawns: u32,
    (max_pieces, why): (u32, &str),
) -> Result<(), EngineError> {
    let name = if color.is_white() { "white" } else { "black" };
    if kings != 1 {
        return Err(bad_fen(format!("{name} has {kings} kings, expected 1")));
    }
    if pieces > max_pieces {
        return Err(bad_fen(format!(
            "{name} has {pieces} pieces, at most {max_pieces} allowed{why}"
        )));
    }
    if pawns > 8 {
        return Err(bad_fen(format!(
            "{name} has {pawns} pawns, at most 8 allowed"
        )));
    }
    Ok(())
}
