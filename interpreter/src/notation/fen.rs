//! FEN in Fairy-Stockfish's dialect: reading into a validated position and
//! printing back.

use crate::geometry::{parse_square, square_name, Bits, Square};
use crate::play::{LastSquares, PlayError, Position, Rules, BLACK, CAPTURED, WHITE};
use crate::program::{code, MAX_LINGER};

/// The holdings part of a board field and its byte offset, if given.
type Holdings<'f> = Option<(usize, &'f str)>;

/// The largest halfmove clock and move number a FEN may give: far beyond
/// any game, and far enough below 2^32 that playing on never wraps.
pub const MAX_CLOCK: u32 = 1_000_000_000;

fn bad(fen: &str, reason: impl Into<String>) -> PlayError {
    PlayError::Fen {
        fen: fen.to_string(),
        reason: reason.into(),
        at: None,
    }
}

/// An error about the `len` bytes of the FEN starting at byte `start`.
fn bad_at(fen: &str, start: usize, len: usize, reason: impl Into<String>) -> PlayError {
    PlayError::Fen {
        fen: fen.to_string(),
        reason: reason.into(),
        at: Some((start, len.max(1))),
    }
}

/// The whitespace-separated fields of a text with their byte offsets.
fn fields_of(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text
        .char_indices()
        .chain(std::iter::once((text.len(), ' ')))
    {
        match (c.is_whitespace(), start) {
            (true, Some(s)) => {
                out.push((s, &text[s..i]));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    out
}

/// The sides a player flag's value names: `w`, `b` or `wb` (White, Black).
fn side_set(value: &str) -> Option<[bool; 2]> {
    match value {
        "w" => Some([true, false]),
        "b" => Some([false, true]),
        "wb" => Some([true, true]),
        _ => None,
    }
}

impl Rules {
    /// Reads a FEN into a validated position. `reference` is the start
    /// position used to tell which pieces have not moved yet (`None` while
    /// reading the setup itself).
    pub(crate) fn parse_fen(
        &self,
        fen: &str,
        reference: Option<&Position>,
    ) -> Result<Position, PlayError> {
        let (main, state) = match fen.find('{') {
            Some(open) => (&fen[..open], Some((open, &fen[open..]))),
            None => (fen, None),
        };
        let all = fields_of(main);
        let mut fields = all.iter().copied().peekable();
        let (board_at, board_field) = fields.next().ok_or_else(|| bad(fen, "it is empty"))?;
        let mut pos = Position::empty();
        let (board_field, holdings) = self
            .split_holdings(board_field)
            .map_err(|(i, r)| bad_at(fen, board_at + i, 1, r))?;
        if let Some((offset, text)) = holdings {
            self.read_holdings(&mut pos, text).map_err(|(i, r)| {
                bad_at(
                    fen,
                    board_at + offset + i,
                    text[i..].chars().next().map_or(1, char::len_utf8),
                    r,
                )
            })?;
        }
        self.read_board(fen, board_at, board_field, &mut pos)?;
        pos.side = match fields.next() {
            Some((_, "w")) | None => WHITE,
            Some((_, "b")) => BLACK,
            Some((at, other)) => {
                return Err(bad_at(
                    fen,
                    at,
                    other.len(),
                    format!("the side to move must be `w` or `b`, not `{other}`"),
                ))
            }
        };
        // Virgin pieces: those standing where the start position has the same
        // piece; the castling field decides for castling pieces.
        for sq in 0..self.tables.squares as Square {
            let here = pos.board[sq as usize];
            if here != 0
                && here != crate::program::WALL
                && reference.is_none_or(|r| r.board[sq as usize] == here)
                && !self.castles(here)
                && !self.gating_right_square(sq, here)
            {
                pos.virgin.set(sq);
            }
        }
        // Shogi-style FENs go from the side to the clocks: no castling and
        // en passant fields, in a variant that has neither.
        let short = self.variant.castling.is_none()
            && !self.has_en_passant()
            && fields
                .peek()
                .is_some_and(|f| f.1.bytes().all(|b| b.is_ascii_digit()));
        let (castling_at, castling) = if short {
            (0, "-")
        } else {
            fields.next().unwrap_or((0, "-"))
        };
        if castling != "-" {
            for (i, c) in castling.char_indices() {
                if castling[..i].contains(c) {
                    return Err(bad_at(
                        fen,
                        castling_at + i,
                        c.len_utf8(),
                        format!("castling right `{c}` is given twice"),
                    ));
                }
                self.castling_right(&mut pos, c)
                    .map_err(|r| bad_at(fen, castling_at + i, c.len_utf8(), r))?;
            }
        }
        let (ep_at, ep) = if short {
            (0, "-")
        } else {
            fields.next().unwrap_or((0, "-"))
        };
        let counting = self
            .counting_field(&mut pos, ep)
            .map_err(|r| bad_at(fen, ep_at, ep.len(), r))?;
        if !counting && ep != "-" {
            self.en_passant_field(&mut pos, ep)
                .map_err(|r| bad_at(fen, ep_at, ep.len(), r))?;
        }
        self.read_counts_and_clocks(fen, &mut fields, &mut pos)?;
        if counting {
            // The halfmove field holds the plies counted; the fifty-move
            // count starts again, as Fairy-Stockfish reads it.
            pos.counting.ply = std::mem::take(&mut pos.halfmove);
        }
        if let Some((at, text)) = state {
            self.state_field(&mut pos, text)
                .map_err(|(offset, len, r)| bad_at(fen, at + offset, len, r))?;
        }
        if state.is_none() {
            self.default_held(&mut pos);
        }
        self.refresh_frozen(&mut pos);
        self.validate(fen, &pos, reference)?;
        Ok(pos)
    }

    /// Reads the board part of a FEN (`board_field`, at byte `board_at` of
    /// `fen`) into `pos`: ranks from the top, counts of empty squares,
    /// piece letters (`+` before a promoted form's), `~` marking a promoted
    /// piece.
    fn read_board(
        &self,
        fen: &str,
        board_at: usize,
        board_field: &str,
        pos: &mut Position,
    ) -> Result<(), PlayError> {
        let ranks = self.tables.ranks;
        let rows: Vec<&str> = board_field.split('/').collect();
        if rows.len() != ranks as usize {
            let n = rows.len();
            let plural = if n == 1 { "rank" } else { "ranks" };
            return Err(bad_at(
                fen,
                board_at,
                board_field.len(),
                format!(
                    "the board part `{board_field}` has {n} {plural}, this variant has {ranks}"
                ),
            ));
        }
        let mut row_at = board_at;
        for (i, row) in rows.iter().enumerate() {
            self.read_rank(fen, row_at, row, ranks as usize - 1 - i, pos)?;
            row_at += row.len() + 1;
        }
        Ok(())
    }

    /// Reads one rank of a FEN's board (`row`, at byte `row_at` of `fen`)
    /// into `pos`.
    fn read_rank(
        &self,
        fen: &str,
        row_at: usize,
        row: &str,
        rank: usize,
        pos: &mut Position,
    ) -> Result<(), PlayError> {
        let files = self.tables.files;
        let mut file = 0usize;
        let mut digits = String::new();
        // Where a `+` (a promoted form's letter follows) was read.
        let mut promoted_at: Option<usize> = None;
        for (j, c) in row.char_indices().chain(std::iter::once((row.len(), '/'))) {
            if let Some(at) = promoted_at.filter(|_| !c.is_ascii_alphabetic()) {
                return Err(bad_at(
                    fen,
                    row_at + at,
                    1,
                    "`+` must come before a piece letter",
                ));
            }
            if c.is_ascii_digit() {
                digits.push(c);
                continue;
            }
            if !digits.is_empty() {
                let at = row_at + j - digits.len();
                file = file.saturating_add(self.empty_run(fen, at, &digits, rank, file)?);
                digits.clear();
            }
            if c == '/' {
                break;
            }
            if c == '+' && promoted_at.is_none() {
                promoted_at = Some(j);
                continue;
            }
            if c == '~' {
                // Digits before it were counted above: it follows a
                // letter or nothing.
                self.mark_promoted(fen, row_at + j, rank, file, pos)?;
                continue;
            }
            let here = (rank * files as usize + file) as Square;
            let on_hole = file < files as usize && self.tables.holes.has(here);
            if c == '*' {
                // `*` is a hole of the board (§2.1) or a wall (§11.6).
                if on_hole {
                    file += 1;
                    continue;
                }
                if !self.walled || file >= files as usize {
                    return Err(bad_at(fen, row_at + j, 1, self.not_a_hole(file, rank)));
                }
                pos.put_wall(here);
                file += 1;
                continue;
            }
            if on_hole {
                return Err(bad_at(
                    fen,
                    row_at + j,
                    c.len_utf8(),
                    format!(
                        "{} is a hole of this board: no piece stands there, write it as `*`",
                        square_name(files, here)
                    ),
                ));
            }
            let start = promoted_at.take();
            let piece = self.letter_code(c, start.is_some()).ok_or_else(|| {
                let at = start.unwrap_or(j);
                let token = &row[at..j + c.len_utf8()];
                bad_at(
                    fen,
                    row_at + at,
                    token.len(),
                    format!("unknown piece letter `{token}`"),
                )
            })?;
            // A letter past the last file is counted, not placed: the
            // rank is then refused below, as a count that overshoots is.
            if file < files as usize {
                pos.put(self, (rank * files as usize + file) as Square, piece);
            }
            file = file.saturating_add(1);
        }
        if file != files as usize {
            return Err(bad_at(
                fen,
                row_at,
                row.len(),
                format!("rank {} `{row}` has {file} squares, not {files}", rank + 1),
            ));
        }
        Ok(())
    }

    /// The number of empty squares a run of digits (`digits`, at byte `at`
    /// of `fen`) counts from `file` of `rank`: refused when it is no count
    /// or covers a hole.
    fn empty_run(
        &self,
        fen: &str,
        at: usize,
        digits: &str,
        rank: usize,
        file: usize,
    ) -> Result<usize, PlayError> {
        let files = self.tables.files;
        if digits.starts_with('0') {
            return Err(bad_at(
                fen,
                at,
                digits.len(),
                format!("bad empty-square count `{digits}`"),
            ));
        }
        let n: usize = digits.parse().map_err(|_| {
            bad_at(
                fen,
                at,
                digits.len(),
                format!("bad empty-square count `{digits}`"),
            )
        })?;
        if n == 0 {
            return Err(bad_at(fen, at, digits.len(), "an empty-square count of 0"));
        }
        if let Some(hole) = (file..file.saturating_add(n).min(files as usize))
            .map(|f| (rank * files as usize + f) as Square)
            .find(|&sq| self.tables.holes.has(sq))
        {
            return Err(bad_at(
                fen,
                at,
                digits.len(),
                format!(
                    "{} is a hole of this board: write it as `*`",
                    square_name(files, hole)
                ),
            ));
        }
        Ok(n)
    }

    /// Marks the piece before a `~` (at byte `at` of `fen`; `file` is the
    /// file after it on `rank`) as promoted.
    fn mark_promoted(
        &self,
        fen: &str,
        at: usize,
        rank: usize,
        file: usize,
        pos: &mut Position,
    ) -> Result<(), PlayError> {
        if !self.marks_promoted {
            return Err(bad_at(
                fen,
                at,
                1,
                "`~` marks a promoted piece, and this variant keeps no such marks \
                 (only one whose captured pieces go to a hand demoted does)",
            ));
        }
        let files = self.tables.files as usize;
        match file.checked_sub(1) {
            Some(f) if pos.board[rank * files + f] != 0 => {
                pos.promoted.set((rank * files + f) as Square);
                Ok(())
            }
            _ => Err(bad_at(fen, at, 1, "`~` must follow a piece letter")),
        }
    }

    /// Why a `*` may not stand on the square (`file`, `rank`): it is no
    /// hole, or lies past the last file.
    fn not_a_hole(&self, file: usize, rank: usize) -> String {
        let files = self.tables.files;
        if file >= files as usize {
            format!("rank {} has more than {files} squares", rank + 1)
        } else if self.tables.holes.is_empty() {
            "`*` marks a hole or a wall, and this variant has neither (spec/LANGUAGE.md §2.1, §11.6)"
                .to_string()
        } else {
            format!(
                "`*` marks a hole, and {} is a square of this board",
                square_name(files, (rank * files as usize + file) as Square)
            )
        }
    }

    /// Reads the FEN fields after en passant into `pos`: the check counts
    /// (`3+3` before the clocks or `+0+0` after them), the halfmove clock and
    /// the move number; refuses a field left over.
    fn read_counts_and_clocks<'a>(
        &self,
        fen: &str,
        fields: &mut std::iter::Peekable<impl Iterator<Item = (usize, &'a str)>>,
        pos: &mut Position,
    ) -> Result<(), PlayError> {
        let mut counted = false;
        if let Some(&(at, text)) = fields
            .peek()
            .filter(|f| f.1.contains('+') && !f.1.starts_with('+'))
        {
            self.checks_field(pos, text, true)
                .map_err(|r| bad_at(fen, at, text.len(), r))?;
            fields.next();
            counted = true;
        }
        let clocks = [
            fields.next_if(|f| !f.1.starts_with('+')),
            fields.next_if(|f| !f.1.starts_with('+')),
        ];
        if let Some(&(at, text)) = fields.peek().filter(|f| f.1.starts_with('+')) {
            if counted {
                return Err(bad_at(
                    fen,
                    at,
                    text.len(),
                    "the check counts are given twice",
                ));
            }
            self.checks_field(pos, text, false)
                .map_err(|r| bad_at(fen, at, text.len(), r))?;
            fields.next();
        }
        let clock = |name: &str, value: Option<(usize, &str)>| -> Result<Option<u32>, PlayError> {
            let Some((at, text)) = value else {
                return Ok(None);
            };
            let all_digits = !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
            if !all_digits {
                return Err(bad_at(
                    fen,
                    at,
                    text.len(),
                    format!("the {name} must be a number, not `{text}`"),
                ));
            }
            text.parse::<u32>()
                .ok()
                .filter(|&n| n <= MAX_CLOCK)
                .map(Some)
                .ok_or_else(|| {
                    bad_at(
                        fen,
                        at,
                        text.len(),
                        format!("the {name} `{text}` is above the largest, {MAX_CLOCK}"),
                    )
                })
        };
        if let Some(n) = clock("halfmove clock", clocks[0])? {
            pos.halfmove = n;
        }
        if let Some(n) = clock("move number", clocks[1])? {
            pos.fullmove = n.max(1);
        }
        if let Some((at, extra)) = fields.next() {
            return Err(bad_at(
                fen,
                at,
                extra.len(),
                format!("unexpected field `{extra}`"),
            ));
        }
        Ok(())
    }

    /// Refuses a read position that no game reaches: `prev` without `last`,
    /// a turn of several moves where none is allowed, a side without its
    /// royal piece or with too many, a piece that would have promoted, a
    /// side in check that cannot be.
    fn validate(
        &self,
        fen: &str,
        pos: &Position,
        reference: Option<&Position>,
    ) -> Result<(), PlayError> {
        let files = self.tables.files;
        if pos.prev != 0 && pos.last == 0 {
            return Err(bad(fen, "`prev` is given without `last`"));
        }
        if let Some(turn) = self.variant.turn.as_ref().filter(|_| pos.sub > 0) {
            if !self.holds(&turn.privilege, pos, None, false) {
                return Err(bad(
                    fen,
                    "`sub` is given for a side that has no turns of several moves",
                ));
            }
            let them = pos.side ^ 1;
            if turn.check_ends_turn && self.royal_attacked(pos, them) {
                return Err(bad(
                    fen,
                    "the side not to move is in check, which would have ended the turn",
                ));
            }
        }
        for colour in [WHITE, BLACK] {
            let name = if colour == WHITE { "White" } else { "Black" };
            if pos.royals[colour].is_empty()
                && self.royal_codes != 0
                && !self.variant.outcomes.loses_otherwise()
            {
                return Err(bad(
                    fen,
                    format!(
                        "{name} has no royal piece (a side may play without one only where it can \
                         lose otherwise: extinction, a region reached, a stalemate result; spec/LANGUAGE.md §3.1)"
                    ),
                ));
            }
            // A side that starts with one royal piece never has more,
            // unless a promotion gives a royal type.
            let promotes_to_royal = self
                .variant
                .promotions
                .iter()
                .any(|r| r.to.iter().any(|&t| self.variant.pieces[t as usize].royal));
            if let Some(start) = reference.filter(|_| !promotes_to_royal) {
                if start.royals[colour].iter().count() == 1 && pos.royals[colour].iter().count() > 1
                {
                    return Err(bad(fen, format!("{name} has more than one royal piece")));
                }
            }
        }
        if let Some(sq) = self.would_have_promoted(pos) {
            let piece = pos.board[sq as usize];
            return Err(bad(
                fen,
                format!(
                    "the `{}` on {} would have promoted",
                    self.piece_text(piece),
                    square_name(files, sq)
                ),
            ));
        }
        // A pass while the royal pieces face each other is legal in check
        // (§11.3): the mover may then stand in check.
        let passed_facing = pos.passes > 0
            && self.variant.royals_facing == crate::program::Facing::BreakOrPass
            && self.royals_face(pos);
        if self.left_in_check(pos) && !passed_facing {
            let reason = if pos.sub > 0 {
                "the side to move is in check after its own move"
            } else {
                "the side not to move is in check"
            };
            return Err(bad(fen, reason));
        }
        Ok(())
    }

    /// A pawn-like piece (every move of its type goes forward) standing
    /// where a promotion it cannot avoid would have changed it: a mandatory
    /// rule without condition or limit whose zone holds its square, unless
    /// some promotion gives its type. (The usual "no pawn on its last rank";
    /// other pieces are not judged.)
    fn would_have_promoted(&self, pos: &Position) -> Option<Square> {
        (0..self.tables.squares as Square).find(|&sq| {
            let piece = pos.board[sq as usize];
            if piece == 0 || piece == crate::program::WALL {
                return false;
            }
            let (ty, colour) = ((piece as usize - 1) / 2, (piece as usize - 1) & 1);
            let movements = &self.variant.pieces[ty].movements;
            let forward_only = !movements.is_empty() && movements.iter().all(|m| m.dy > 0);
            // A type some promotion gives may stand there having promoted.
            let promoted_into = self
                .variant
                .promotions
                .iter()
                .any(|r| r.to.contains(&(ty as u8)));
            // A type a drop may place there may stand there unmoved.
            let dropped_there =
                self.variant.drops.iter().any(|d| {
                    d.pieces >> ty & 1 != 0 && d.zone[colour].get(sq as usize) == Some(&true)
                });
            forward_only
                && !promoted_into
                && !dropped_there
                && self.variant.promotions.iter().any(|r| {
                    r.pieces >> ty & 1 != 0
                        && r.on_target
                        && r.zone[colour][sq as usize]
                        && r.mandatory
                        && !r.only_captured
                        && r.when == crate::program::Condition::Always
                })
        })
    }

    /// Whether some movement of the variant captures en passant.
    fn has_en_passant(&self) -> bool {
        self.variant
            .pieces
            .iter()
            .chain(&self.variant.virtual_pieces)
            .any(|p| p.movements.iter().any(|m| m.en_passant))
    }

    /// Reads a count's limit (§10.1) from the en passant field, where the
    /// variant has counting rules and the field is a number; returns
    /// whether it was one.
    fn counting_field(&self, pos: &mut Position, field: &str) -> Result<bool, String> {
        if self.variant.counting.is_none() || !field.bytes().all(|b| b.is_ascii_digit()) {
            return Ok(false);
        }
        pos.counting.limit = field
            .parse::<u32>()
            .ok()
            .filter(|n| (1..=MAX_CLOCK).contains(n))
            .ok_or_else(|| {
                format!(
                    "the counting limit `{field}` is not a number of plies from 1 to {MAX_CLOCK}"
                )
            })?;
        Ok(true)
    }

    /// Reads the en passant field: one or more squares written together.
    /// Empty squares are targets; an occupied one names the piece that
    /// passed (the victim); without one, the victim stands one step beyond
    /// the target from the mover's view (`e3` → `e4`).
    /// Under the `next-turn` window (§16) the field may hold two such
    /// groups separated by `,`, and a group the side to move made earlier
    /// in its turn names its victim, one of its own pieces.
    fn en_passant_field(&self, pos: &mut Position, field: &str) -> Result<(), String> {
        if !self.has_en_passant() {
            return Err(format!(
                "en passant square `{field}` in a variant without en passant captures"
            ));
        }
        if !field.is_ascii() {
            return Err(format!("bad en passant square `{field}`"));
        }
        let next_turn = self
            .variant
            .turn
            .as_ref()
            .is_some_and(|t| t.en_passant_next_turn);
        match field.split_once(',') {
            Some((first, second)) if next_turn && !second.contains(',') => {
                let (targets, victim) = self.en_passant_group(pos, first, field, next_turn)?;
                let (targets2, victim2) = self.en_passant_group(pos, second, field, next_turn)?;
                if !(targets & targets2).is_empty() || victim == victim2 {
                    return Err(format!("the en passant groups of `{field}` overlap"));
                }
                (pos.ep, pos.ep_victim) = (targets | targets2, victim);
                (pos.ep2, pos.ep2_victim) = (targets2, victim2);
            }
            _ => (pos.ep, pos.ep_victim) = self.en_passant_group(pos, field, field, next_turn)?,
        }
        Ok(())
    }

    /// One group of the en passant field: its targets and its victim.
    /// Under the `next-turn` window (§16, `next_turn`) the victim may be a
    /// piece of the side to move, and its origin may have been refilled.
    fn en_passant_group(
        &self,
        pos: &Position,
        group: &str,
        field: &str,
        next_turn: bool,
    ) -> Result<(Bits, Square), String> {
        let (files, ranks) = (self.tables.files, self.tables.ranks);
        let mut squares = Vec::new();
        let mut rest = group;
        if rest.is_empty() {
            return Err(format!("bad en passant square `{field}`"));
        }
        while !rest.is_empty() {
            let len = 1 + rest[1..]
                .find(|c: char| !c.is_ascii_digit())
                .unwrap_or(rest.len() - 1);
            let sq = parse_square(files, ranks, &rest[..len])
                .ok_or_else(|| format!("bad en passant square `{field}`"))?;
            squares.push(sq);
            rest = &rest[len..];
        }
        let enemy = |sq: Square| {
            pos.board[sq as usize] != 0 && (pos.board[sq as usize] as usize - 1) & 1 != pos.side
        };
        let targets: Vec<Square> = squares
            .iter()
            .copied()
            .filter(|&s| pos.board[s as usize] == 0)
            .collect();
        let forward: i32 = if pos.side == WHITE {
            -(files as i32)
        } else {
            files as i32
        };
        let victim = squares
            .iter()
            .copied()
            .find(|&s| pos.board[s as usize] != 0)
            .or_else(|| {
                let v = *targets.first()? as i32 + forward;
                (0..self.tables.squares as i32)
                    .contains(&v)
                    .then_some(v as Square)
            });
        // The square the passing piece came from, beyond the target on the
        // line from the victim, must be empty now. Gating may fill it at
        // once, and under the `next-turn` window (§16) a later move of the
        // same turn may move onto it, so those variants skip this; under
        // the default window the target closes with that later move.
        let refillable = !self.variant.gating.is_empty() || next_turn;
        let origin_empty = |t: Square, v: Square| {
            if refillable {
                return true;
            }
            let (tf, tr, vf, vr) = (
                (t % files) as i32,
                (t / files) as i32,
                (v % files) as i32,
                (v / files) as i32,
            );
            let (of, or) = (2 * tf - vf, 2 * tr - vr);
            !(0..files as i32).contains(&of)
                || !(0..ranks as i32).contains(&or)
                || match pos.board[(or * files as i32 + of) as usize] {
                    0 => true,
                    // A wall may be placed on the square just left (§11.6).
                    crate::program::WALL => self.walled,
                    _ => false,
                }
        };
        let own = |sq: Square| next_turn && pos.board[sq as usize] != 0 && !enemy(sq);
        match victim {
            Some(v)
                if !targets.is_empty()
                    && (enemy(v) || own(v))
                    && targets.iter().all(|&t| origin_empty(t, v)) =>
            {
                let mut bits = Bits::default();
                for t in targets {
                    bits.set(t);
                }
                Ok((bits, v))
            }
            _ => Err(format!(
                "no piece could have just passed the en passant square `{field}`"
            )),
        }
    }

    /// Separates the holdings from the board field: `BOARD[HOLDINGS]`, or an
    /// extra last rank `BOARD/HOLDINGS` in variants with hands. Returns the
    /// board and, if present, the holdings with their byte offset.
    /// A `[` without its closing `]` at the field's end is an error: its
    /// byte offset and message.
    fn split_holdings<'f>(
        &self,
        field: &'f str,
    ) -> Result<(&'f str, Holdings<'f>), (usize, String)> {
        if let Some(open) = field.find('[') {
            let inner = field[open + 1..].strip_suffix(']').ok_or_else(|| {
                (
                    open,
                    "the holdings opened by `[` must end the board field with `]`".to_string(),
                )
            })?;
            if let Some(i) = inner.find(['[', ']']) {
                return Err((open + 1 + i, "a second bracket in the holdings".to_string()));
            }
            return Ok((&field[..open], Some((open + 1, inner))));
        }
        if let Some(close) = field.find(']') {
            return Err((close, "`]` without a `[` opening the holdings".to_string()));
        }
        if self.tracks_hands && field.split('/').count() == self.tables.ranks as usize + 1 {
            if let Some(cut) = field.rfind('/') {
                return Ok((&field[..cut], Some((cut + 1, &field[cut + 1..]))));
            }
        }
        Ok((field, None))
    }

    fn read_holdings(&self, pos: &mut Position, text: &str) -> Result<(), (usize, String)> {
        if !self.tracks_hands && !text.is_empty() {
            return Err((0, "holdings in a variant without hands".into()));
        }
        // `[-]`: an empty hand, as Fairy-Stockfish writes it in shogi.
        if text == "-" {
            return Ok(());
        }
        let mut promoted_at = None;
        for (i, c) in text.char_indices() {
            if c == '+' && promoted_at.is_none() {
                promoted_at = Some(i);
                continue;
            }
            let start = promoted_at.take();
            let piece = self.letter_code(c, start.is_some()).ok_or_else(|| {
                let at = start.unwrap_or(i);
                let token = &text[at..i + c.len_utf8()];
                (
                    at,
                    format!("unknown piece letter `{token}` in the holdings"),
                )
            })?;
            let (colour, ty) = ((piece as usize - 1) & 1, (piece as usize - 1) / 2);
            pos.hands[colour][ty] = pos.hands[colour][ty].saturating_add(1);
        }
        match promoted_at {
            Some(at) => Err((at, "`+` must come before a piece letter".to_string())),
            None => Ok(()),
        }
    }

    /// Reads the state field `{key=value ...}` (§6): byte offset, length
    /// and message on error.
    fn state_field(&self, pos: &mut Position, text: &str) -> Result<(), (usize, usize, String)> {
        let inner = text
            .strip_prefix('{')
            .and_then(|t| t.trim_end().strip_suffix('}'))
            .ok_or((
                0,
                text.len(),
                "the state field must be written `{key=value ...}`".to_string(),
            ))?;
        let mut opened = None;
        let mut held_given = false;
        let mut seen: Vec<&str> = Vec::new();
        for (at, pair) in fields_of(inner) {
            let at = at + 1;
            let (key, value) = pair.split_once('=').ok_or((
                at,
                pair.len(),
                format!("bad state entry `{pair}`: expected key=value"),
            ))?;
            if seen.contains(&key) {
                return Err((at, key.len(), format!("state key `{key}` is given twice")));
            }
            seen.push(key);
            if let Some(flag) = self.variant.player_flags.iter().position(|f| f == key) {
                let set = side_set(value).ok_or((
                    at,
                    pair.len(),
                    format!("bad `{key}` value `{value}`: expected w, b or wb"),
                ))?;
                for colour in [WHITE, BLACK].into_iter().filter(|&c| set[c]) {
                    pos.flags[colour] |= 1 << flag;
                }
                continue;
            }
            if let Some(read) = self.read_piece_state(pos, key, value) {
                read.map_err(|r| (at, pair.len(), r))?;
                continue;
            }
            match self
                .state_entry(pos, key, value)
                .map_err(|r| (at, pair.len(), r))?
            {
                StateEntry::Set => {}
                StateEntry::Held => held_given = true,
                StateEntry::Opened(sq) => opened = Some((at, pair.len(), key, sq)),
                StateEntry::Unknown => {
                    return Err((
                        at,
                        key.len(),
                        format!("unknown state key `{key}` for this variant"),
                    ))
                }
            }
        }
        if let Some((at, len, key, sq)) = opened {
            self.opened_field(pos, key, sq).map_err(|r| (at, len, r))?;
        }
        if !held_given {
            self.default_held(pos);
        }
        Ok(())
    }

    /// Reads one entry `key=value` of the state field into `pos` (player
    /// flags aside), or says what else it is.
    fn state_entry(
        &self,
        pos: &mut Position,
        key: &str,
        value: &str,
    ) -> Result<StateEntry, String> {
        match key {
            "moved" if self.initial_captures => {
                for name in value.split(',') {
                    let sq = parse_square(self.tables.files, self.tables.ranks, name)
                        .ok_or_else(|| format!("bad `moved` square `{name}`"))?;
                    pos.virgin.clear(sq);
                }
            }
            "lost" if self.variant.record_lost => {
                pos.lost |= self
                    .lost_types(value)
                    .ok_or_else(|| format!("bad `lost` value `{value}`: expected piece letters"))?;
            }
            "last" | "prev"
                if key == "last" && self.variant.record_last
                    || key == "prev" && self.variant.record_prev =>
            {
                let (value, squares) = match value.split_once(':') {
                    Some((record, squares))
                        if key == "last" && self.variant.record_last_squares =>
                    {
                        let read = self.last_squares(squares).ok_or_else(|| format!("bad `last` squares `{squares}`: expected the move's kind and squares, e.g. `last=Nx:move:g1f3`, `last=N:drop:@e4`"))?;
                        (record, read)
                    }
                    _ => (value, LastSquares::default()),
                };
                let record = self.move_record(value).ok_or_else(|| format!("bad `{key}` value `{value}`: expected the letter of a piece that is no imitator, then `x` if the move captured"))?;
                if key == "last" {
                    pos.last = record;
                    pos.last_squares = squares;
                } else {
                    pos.prev = record;
                }
            }
            "frozen" if self.freezing => self.read_frozen(pos, value)?,
            "held" if self.freezes_on_arrival => {
                self.read_held(pos, value)?;
                return Ok(StateEntry::Held);
            }
            "double_stepped" if self.variant.record_stepped => {
                self.read_double_stepped(pos, value)?;
            }
            _ if self.variant.replies.iter().any(|r| r.key == key) => {
                let sq = parse_square(self.tables.files, self.tables.ranks, value)
                    .ok_or_else(|| format!("bad `{key}` square `{value}`"))?;
                return Ok(StateEntry::Opened(sq));
            }
            "passed" if self.variant.passing.is_some() => match value {
                "1" | "2" => pos.passes = value.as_bytes()[0] - b'0',
                _ => {
                    return Err(format!(
                    "bad `passed` value `{value}`: expected the passes just made in a row, 1 or 2"
                ))
                }
            },
            "sub" if self.variant.turn.is_some() => {
                let moves = self.variant.turn.as_ref().map_or(1, |t| t.moves);
                let n = value.parse::<u8>().ok().filter(|n| (2..=moves).contains(n));
                pos.sub = n.ok_or_else(|| format!("bad `sub` value `{value}`: expected the index of the move due in the turn, 2 to {moves}"))? - 1;
            }
            _ => return Ok(StateEntry::Unknown),
        }
        Ok(StateEntry::Set)
    }

    /// The piece types whose letters `value` lists, as a bit set.
    fn lost_types(&self, value: &str) -> Option<u32> {
        let mut lost = 0;
        for c in value.chars() {
            lost |= 1 << self.variant.pieces.iter().position(|p| p.letter == c)?;
        }
        Some(lost)
    }

    /// Reads the `held` state key: the squares of pieces an enemy freezer holds.
    fn read_held(&self, pos: &mut Position, value: &str) -> Result<(), String> {
        for name in value.split(',').filter(|&v| v != "-") {
            let sq = parse_square(self.tables.files, self.tables.ranks, name)
                .ok_or_else(|| format!("bad `held` square `{name}`"))?;
            if !self.could_hold(pos, sq) {
                return Err(format!(
                    "`held` names {name}, which holds no piece an enemy freezer could hold"
                ));
            }
            pos.freezes.held.set(sq);
        }
        Ok(())
    }

    /// Reads the `frozen` state key: `SQUARE:TURNS` entries (§15).
    fn read_frozen(&self, pos: &mut Position, value: &str) -> Result<(), String> {
        for entry in value.split(',') {
            let bad_entry = || {
                format!("bad `frozen` entry `{entry}`: expected SQUARE:TURNS with turns from 1 to {MAX_LINGER}")
            };
            let (name, turns) = entry.split_once(':').ok_or_else(bad_entry)?;
            let sq =
                parse_square(self.tables.files, self.tables.ranks, name).ok_or_else(bad_entry)?;
            let n: u8 = turns
                .parse()
                .ok()
                .filter(|n| (1..=MAX_LINGER).contains(n))
                .ok_or_else(bad_entry)?;
            let piece = pos.board[sq as usize];
            let ty = (piece as usize).saturating_sub(1) / 2;
            let immune = self.variant.freeze.iter().all(|r| r.immune >> ty & 1 != 0);
            if piece == 0
                || (immune
                    && !self
                        .variant
                        .replies
                        .iter()
                        .any(|r| r.freeze > 0 && r.openers >> ty & 1 != 0))
            {
                return Err(format!(
                    "`frozen` names {name}, which holds no piece that can be frozen"
                ));
            }
            pos.freezes.timers[n as usize - 1].set(sq);
        }
        Ok(())
    }

    /// Reads the `double_stepped` state key: the squares of pieces that
    /// have made an initial-only move.
    fn read_double_stepped(&self, pos: &mut Position, value: &str) -> Result<(), String> {
        for name in value.split(',') {
            let sq = parse_square(self.tables.files, self.tables.ranks, name)
                .ok_or_else(|| format!("bad `double_stepped` square `{name}`"))?;
            let piece = pos.board[sq as usize];
            let initial = piece != 0
                && self.variant.pieces[(piece as usize - 1) / 2]
                    .movements
                    .iter()
                    .any(|m| m.initial);
            if !initial || pos.virgin.has(sq) {
                return Err(format!("`double_stepped` names {name}, which holds no piece that has made an initial-only move"));
            }
            pos.stepped.set(sq);
        }
        Ok(())
    }

    /// Reads an opened square (§12.3): it must be empty, and a piece of the
    /// side not to move must stand where the opening movement leads from it.
    fn opened_field(&self, pos: &mut Position, key: &str, sq: Square) -> Result<(), String> {
        let index = self
            .variant
            .replies
            .iter()
            .position(|r| r.key == key)
            .unwrap_or(0);
        let rule = &self.variant.replies[index];
        let them = pos.side ^ 1;
        let opener = (pos.board[sq as usize] == 0)
            .then(|| self.opener_of(pos, rule, sq, them))
            .flatten()
            .ok_or_else(|| {
                format!(
                    "no piece could have just opened `{key}={}`",
                    square_name(self.tables.files, sq)
                )
            })?;
        pos.opened.square.set(sq);
        pos.opened.opener = opener;
        pos.opened.rule = index as u8;
        Ok(())
    }

    /// Reads `N` or `Px` as a last-move record.
    /// What `last=` writes after the type: `:move:g1f3`, `:drop:@e4`, where
    /// the kind and squares are recorded and there was a move (§6).
    fn last_squares_text(&self, squares: LastSquares) -> String {
        if !self.variant.record_last_squares || squares.kind == 0 {
            return String::new();
        }
        let files = self.tables.files;
        let from = if squares.kind == LastSquares::DROP {
            "@".to_string()
        } else {
            square_name(files, squares.from)
        };
        let kind = crate::program::LAST_MOVE_KINDS[squares.kind as usize];
        format!(":{kind}:{from}{}", square_name(files, squares.to))
    }

    /// The kind and squares of the last move as `last=` writes them after
    /// its type: `move:g1f3`, `drop:@e4` (§6).
    fn last_squares(&self, text: &str) -> Option<LastSquares> {
        let (kind, squares) = text.split_once(':')?;
        let kind = crate::program::LAST_MOVE_KINDS
            .iter()
            .position(|k| *k == kind)
            .filter(|&k| k != 0)? as u8;
        let (files, ranks) = (self.tables.files, self.tables.ranks);
        let (from, to) = if kind == LastSquares::DROP {
            (0, parse_square(files, ranks, squares.strip_prefix('@')?)?)
        } else {
            // The target starts at the second file letter.
            let split = squares
                .char_indices()
                .skip(1)
                .find(|(_, c)| c.is_ascii_lowercase())?
                .0;
            let (a, b) = squares.split_at(split);
            (
                parse_square(files, ranks, a)?,
                parse_square(files, ranks, b)?,
            )
        };
        Some(LastSquares { kind, from, to })
    }

    fn move_record(&self, value: &str) -> Option<u8> {
        let (letter, captured) = match value.strip_suffix('x') {
            Some(l) => (l, true),
            None => (value, false),
        };
        let mut chars = letter.chars();
        let c = chars
            .next()
            .filter(|c| c.is_ascii_uppercase() && chars.next().is_none())?;
        let ty = self
            .variant
            .pieces
            .iter()
            .position(|p| p.letter == c && p.imitation.is_none())?;
        Some(ty as u8 + 1 + if captured { CAPTURED } else { 0 })
    }

    /// The state field for printing, empty when every key has its default.
    fn state_text(&self, pos: &Position, clocks: bool) -> String {
        let mut entries = Vec::new();
        let record = |key: &str, record: u8, entries: &mut Vec<String>| {
            if record & !CAPTURED != 0 {
                let letter = self.variant.pieces[(record & !CAPTURED) as usize - 1].letter;
                entries.push(format!(
                    "{key}={letter}{}",
                    if record & CAPTURED != 0 { "x" } else { "" }
                ));
            }
        };
        if self.variant.record_last {
            record("last", pos.last, &mut entries);
            if let Some(entry) = entries.last_mut().filter(|e| e.starts_with("last=")) {
                entry.push_str(&self.last_squares_text(pos.last_squares));
            }
        }
        if self.variant.record_prev {
            record("prev", pos.prev, &mut entries);
        }
        if self.variant.record_lost && pos.lost != 0 {
            let mut letters: Vec<char> = (0..self.tables.types)
                .filter(|t| pos.lost >> t & 1 != 0)
                .map(|t| self.variant.pieces[t].letter)
                .collect();
            letters.sort_unstable();
            entries.push(format!("lost={}", letters.into_iter().collect::<String>()));
        }
        let files = self.tables.files;
        let lingering = pos.freezes.lingering();
        if !lingering.is_empty() {
            let timers: Vec<String> = lingering
                .iter()
                .map(|sq| format!("{}:{}", square_name(files, sq), pos.freezes.timer(sq)))
                .collect();
            entries.push(format!("frozen={}", timers.join(",")));
        }
        if let Some(held) = self.held_text(pos) {
            entries.push(format!("held={held}"));
        }
        if !pos.stepped.is_empty() {
            entries.push(format!(
                "double_stepped={}",
                pos.stepped
                    .iter()
                    .map(|sq| square_name(files, sq))
                    .collect::<Vec<_>>()
                    .join(",")
            ));
        }
        if let Some(sq) = pos.opened.square.iter().next() {
            if self.reply_open(pos) {
                entries.push(format!(
                    "{}={}",
                    self.variant.replies[pos.opened.rule as usize].key,
                    square_name(files, sq)
                ));
            }
        }
        if self.initial_captures {
            let moved: Vec<String> = (0..self.tables.squares as Square)
                .filter(|&sq| {
                    pos.board[sq as usize] != 0
                        && pos.board[sq as usize] == self.start.board[sq as usize]
                        && !pos.virgin.has(sq)
                })
                .map(|sq| square_name(files, sq))
                .collect();
            if !moved.is_empty() {
                entries.push(format!("moved={}", moved.join(",")));
            }
        }
        if pos.sub > 0 {
            entries.push(format!("sub={}", pos.sub + 1));
        }
        // Passes in a row are a count like the clocks: printed with them,
        // not part of the repetition text (§11.4).
        if pos.passes > 0 && clocks {
            entries.push(format!("passed={}", pos.passes));
        }
        for (flag, name) in self.variant.player_flags.iter().enumerate() {
            let who: String = [(WHITE, 'w'), (BLACK, 'b')]
                .iter()
                .filter(|(c, _)| pos.flags[*c] >> flag & 1 != 0)
                .map(|(_, l)| *l)
                .collect();
            if !who.is_empty() {
                entries.push(format!("{name}={who}"));
            }
        }
        self.piece_state_entries(pos, &mut entries);
        entries.sort();
        if entries.is_empty() {
            String::new()
        } else {
            format!(" {{{}}}", entries.join(" "))
        }
    }

    /// Reads a check-count field: `3+3`, the checks each side may still
    /// give (Fairy-Stockfish), or `+2+0`, the checks each has given (lichess).
    fn checks_field(&self, pos: &mut Position, text: &str, remaining: bool) -> Result<(), String> {
        let Some(limit) = self.variant.outcomes.check_count else {
            return Err(format!(
                "check counts `{text}` in a variant that does not count checks"
            ));
        };
        let parts: Vec<&str> = text
            .strip_prefix('+')
            .filter(|_| !remaining)
            .unwrap_or(text)
            .split('+')
            .collect();
        let numbers: Vec<u32> = parts
            .iter()
            .filter(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
            .filter_map(|p| p.parse().ok())
            .collect();
        match numbers.as_slice() {
            [w, b] if parts.len() == 2 && *w <= limit && *b <= limit => {
                let given = |n: u32| if remaining { limit - n } else { n };
                pos.checks = [given(*w).min(255) as u8, given(*b).min(255) as u8];
                Ok(())
            }
            _ => Err(format!(
                "bad check counts `{text}`: expected `{}W+B` with numbers up to {limit}",
                if remaining { "" } else { "+" }
            )),
        }
    }

    fn letter_code(&self, c: char, promoted: bool) -> Option<u8> {
        let ty = self
            .variant
            .pieces
            .iter()
            .position(|p| p.letter == c.to_ascii_uppercase() && p.promoted == promoted)?;
        Some(code(ty, if c.is_ascii_uppercase() { WHITE } else { BLACK }))
    }

    /// In variants with gating, whether the piece's being unmoved on `sq` is
    /// told by the castling field: pieces on their side's first rank.
    fn gating_right_square(&self, sq: Square, piece: u8) -> bool {
        let colour = (piece as usize - 1) & 1;
        let back = if colour == WHITE {
            0
        } else {
            self.tables.ranks - 1
        };
        self.unmoved_in_castling_field() && sq / self.tables.files == back
    }

    fn castles(&self, piece: u8) -> bool {
        self.castling.as_ref().is_some_and(|c| {
            let ty = (piece as usize - 1) / 2;
            ty == c.king as usize || c.rooks >> ty & 1 != 0
        })
    }

    /// Applies one castling letter: `K`/`Q` (outermost rook on the king's
    /// or queen's side) or a file letter (Shredder/X-FEN); lower case for Black.
    fn castling_right(&self, pos: &mut Position, c: char) -> Result<(), String> {
        let colour = if c.is_ascii_uppercase() { WHITE } else { BLACK };
        let files = self.tables.files as usize;
        let back = if colour == WHITE {
            0
        } else {
            self.tables.ranks as usize - 1
        };
        let file = (c.to_ascii_lowercase() as u8).wrapping_sub(b'a') as usize;
        let gating_piece = self.unmoved_in_castling_field()
            && !"kq".contains(c.to_ascii_lowercase())
            && file < files
            && pos.board[back * files + file] != 0
            && (pos.board[back * files + file] as usize - 1) & 1 == colour;
        if gating_piece {
            pos.virgin.set((back * files + file) as Square);
            return Ok(());
        }
        let castling = self
            .castling
            .as_ref()
            .ok_or_else(|| format!("castling right `{c}` in a variant without castling"))?;
        let back = castling.rank[colour];
        let king_code = code(castling.king as usize, colour);
        let is_rook = |f: usize| castling.is_rook(pos.board[back * files + f], colour);
        let king_file = (0..files)
            .find(|&f| pos.board[back * files + f] == king_code)
            .ok_or_else(|| {
                if back == 0 || back + 1 == self.tables.ranks as usize {
                    format!("castling right `{c}` but no king on its first rank")
                } else {
                    format!(
                        "castling right `{c}` but no king on its castling rank, {}",
                        back + 1
                    )
                }
            })?;
        let rook_file = match c.to_ascii_lowercase() {
            l @ ('k' | 'q') => castling
                .letter_order(files, king_file, l == 'k')
                .find(|&f| is_rook(f)),
            l @ 'a'..='p' if ((l as u8 - b'a') as usize) < files => {
                let f = (l as u8 - b'a') as usize;
                is_rook(f).then_some(f)
            }
            _ => return Err(format!("bad castling letter `{c}`")),
        }
        .ok_or_else(|| format!("castling right `{c}` but no rook to castle with"))?;
        pos.virgin.set((back * files + king_file) as Square);
        pos.virgin.set((back * files + rook_file) as Square);
        Ok(())
    }

    /// Prints a position as FEN. The en passant square is shown only when an
    /// en passant capture is legal.
    pub fn fen(&self, pos: &Position) -> String {
        self.fen_text(pos, true)
    }

    /// The identity of a position for repetition: its FEN without the
    /// fifty-move count and move number.
    pub fn repetition_key(&self, pos: &Position) -> String {
        self.fen_text(pos, false)
    }

    fn fen_text(&self, pos: &Position, clocks: bool) -> String {
        let (files, ranks) = (self.tables.files as usize, self.tables.ranks as usize);
        let mut out = String::new();
        for rank in (0..ranks).rev() {
            let mut empty = 0;
            for file in 0..files {
                let piece = pos.board[rank * files + file];
                if piece == 0 && self.tables.holes.has((rank * files + file) as Square) {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push('*');
                    continue;
                }
                if piece == 0 {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    out.push_str(&empty.to_string());
                    empty = 0;
                }
                if piece == crate::program::WALL {
                    out.push('*');
                    continue;
                }
                out.push_str(&self.piece_text(piece));
                if pos.promoted.has((rank * files + file) as Square) {
                    out.push('~');
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            if rank > 0 {
                out.push('/');
            }
        }
        if self.tracks_hands {
            out.push('[');
            for colour in [WHITE, BLACK] {
                let mut held: Vec<String> = Vec::new();
                for ty in 0..self.tables.types {
                    held.extend(std::iter::repeat_n(
                        self.piece_text(code(ty, colour)),
                        self.held(pos, colour, ty) as usize,
                    ));
                }
                // By letter; a promoted form after its letter's plain one.
                held.sort_unstable_by_key(|t| (t.trim_start_matches('+').to_string(), t.len()));
                out.extend(held);
            }
            out.push(']');
        }
        out.push_str(if pos.side == WHITE { " w " } else { " b " });
        out.push_str(&self.castling_field(pos));
        let ep = self.en_passant_text(pos);
        // While a count runs (§10.1), its limit stands in the en passant
        // field and its plies in the halfmove clock's, as FSF writes them.
        let counting = pos.counting.limit != 0;
        let ep = if counting {
            Some(pos.counting.limit.to_string())
        } else {
            ep
        };
        let halfmove = if counting {
            pos.counting.ply
        } else {
            pos.halfmove
        };
        if let Some(limit) = self.variant.outcomes.check_count {
            let left = |c: usize| limit.saturating_sub(pos.checks[c] as u32);
            let ep_text = ep.as_deref().unwrap_or("-");
            out.push_str(&format!(" {ep_text} {}+{}", left(WHITE), left(BLACK)));
            if clocks {
                out.push_str(&format!(" {halfmove} {}", pos.fullmove));
            }
            out.push_str(&self.state_text(pos, clocks));
            return out;
        }
        out.push_str(&format!(" {}", ep.as_deref().unwrap_or("-")));
        if clocks {
            out.push_str(&format!(" {halfmove} {}", pos.fullmove));
        }
        out.push_str(&self.state_text(pos, clocks));
        out
    }

    /// The castling field: `K`/`Q` for the outermost castling rooks, file
    /// letters for other castling rooks and, in variants with gating, for
    /// other unmoved pieces on the first rank while their side holds a
    /// piece in hand (with an empty hand nothing can be gated any more).
    fn castling_field(&self, pos: &Position) -> String {
        let files = self.tables.files as usize;
        let mut out = String::new();
        for colour in [WHITE, BLACK] {
            let back = if colour == WHITE {
                0
            } else {
                self.tables.ranks as usize - 1
            };
            let at = |f: usize| (back * files + f) as Square;
            let mut letters = String::new();
            let mut told = vec![false; files];
            if let Some(castling) = &self.castling {
                let castling_back = castling.rank[colour];
                let at = |f: usize| (castling_back * files + f) as Square;
                let unmoved = |f: usize, piece: u8| {
                    pos.board[at(f) as usize] == piece && pos.virgin.has(at(f))
                };
                let king_code = code(castling.king as usize, colour);
                let is_rook = |f: usize| castling.is_rook(pos.board[at(f) as usize], colour);
                if let Some(king_file) = (0..files).find(|&f| unmoved(f, king_code)) {
                    let rooks = |range: Vec<usize>| {
                        range
                            .into_iter()
                            .filter(|&f| is_rook(f))
                            .collect::<Vec<_>>()
                    };
                    // The rook a `K` or `Q` names comes first: the first
                    // from `rook_from` towards the king; then the others.
                    for (side, letter) in [
                        (
                            rooks(castling.letter_order(files, king_file, true).collect()),
                            'K',
                        ),
                        (
                            rooks(castling.letter_order(files, king_file, false).collect()),
                            'Q',
                        ),
                    ] {
                        for (i, &f) in side.iter().enumerate() {
                            if is_rook(f) && pos.virgin.has(at(f)) {
                                letters.push(if i == 0 {
                                    letter
                                } else {
                                    (b'A' + f as u8) as char
                                });
                                if castling_back == back {
                                    told[f] = true;
                                    told[king_file] = true;
                                }
                            }
                        }
                    }
                }
            }
            if self.tells_gating_rights(pos, colour) {
                for (f, &done) in told.iter().enumerate() {
                    let piece = pos.board[at(f) as usize];
                    if piece != 0
                        && (piece as usize - 1) & 1 == colour
                        && pos.virgin.has(at(f))
                        && !done
                    {
                        letters.push((b'A' + f as u8) as char);
                    }
                }
            }
            out.push_str(&if colour == WHITE {
                letters
            } else {
                letters.to_ascii_lowercase()
            });
        }
        if out.is_empty() {
            "-".into()
        } else {
            out
        }
    }

    /// The en passant field's text, when the targets belong in it: each
    /// group of targets, with its victim where it is not the usual one.
    fn en_passant_text(&self, pos: &Position) -> Option<String> {
        let files = self.tables.files;
        self.en_passant_shown(pos).then(|| {
            let group = |targets: Bits, victim: Square| {
                let mut field: String = targets.iter().map(|s| square_name(files, s)).collect();
                let first = targets.iter().next().unwrap_or(victim) as i32;
                let usual = first
                    + if pos.side == WHITE {
                        -(files as i32)
                    } else {
                        files as i32
                    };
                if usual != victim as i32 {
                    field.push_str(&square_name(files, victim));
                }
                field
            };
            let mut field = group(pos.ep & !pos.ep2, pos.ep_victim);
            if !pos.ep2.is_empty() {
                field.push(',');
                field.push_str(&group(pos.ep2, pos.ep2_victim));
            }
            field
        })
    }
}

/// What one entry of the state field was, beyond what it set.
enum StateEntry {
    /// A value set in the position.
    Set,
    /// The `held` squares (so the default is not applied).
    Held,
    /// The square a reply key (§12.3) names as opened.
    Opened(Square),
    /// No key of this variant.
    Unknown,
}
