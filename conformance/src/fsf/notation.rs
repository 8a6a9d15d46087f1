//! The one place where Fairy-Stockfish's notation is translated into
//! Motley's (README, "Fairy-Stockfish as a judge"). The bridge exchanges
//! FSF's own text; everything Motley compares goes through here.
//!
//! | what | Fairy-Stockfish | Motley |
//! |---|---|---|
//! | castling | king takes own rook, `e1h1` (Chess960 notation, always asked for) | the king's move `e1g1`; king takes rook `f1h1` when the king moves fewer than two files (LANGUAGE.md §7) |
//! | castling with gating | `e1h1h` (on the king's origin), `h1e1h` (rook takes king: on the rook's origin) | `e1g1/He1`, `e1g1/Hh1` |
//! | gating | suffix letter on a move from the mover's first rank, `b1c3h` | `b1c3/Hb1` |
//! | a placed wall | `,`, the move's target as FSF names it and the wall's square, `e1h1,h1b1` | the same after Motley's move text, `e1g1,g1b1` (LANGUAGE.md §11.6) |
//! | wall squares in FEN | `*` | `*` |
//! | shogi promotion | `+` suffix, `a5a6+` | `+` too when the rule file's promotion of that piece has one target, its promoted form (`+P`, LANGUAGE.md §7); else that target's letter, `a5a6g` |
//! | hands in FEN | by piece type, `[PNpn]`; empty shogi hand `[-]` | each side's letters in alphabetical order, `[NPnp]`, `[]` |
//! | FEN state | none | `{...}` (LANGUAGE.md §6) is dropped when a Motley FEN is given to FSF; `passed=N` is added from the passes at the end of the line |
//! | pass | the king's square twice, `e2e2` | `0000` (LANGUAGE.md §11.4) |
//! | en passant field | after every double step of a pawn not orthodox, the squares passed and the pawn's own, in square order (`e3e4`, `d5d6`) | only while an en passant capture is legal: the squares passed, then the piece that passed where it does not stand one step beyond them (`d6`; Berolina `c3b4`) |
//! | castling field | file letters (Chess960 flag), gating rights as the unmoved pieces' files | `K`/`Q` for the outermost castling rooks, file letters otherwise; gating letters in file order |
//!
//! FSF is asked with its Chess960 flag, so that every castling has one
//! text; [`Notation::fen_to_motley`] turns its castling field back.

use std::collections::HashMap;

use motley_interpreter::program::CapturedTo;
use motley_interpreter::Rules;

/// What translating needs to know of a variant: board size, castling,
/// gating and one-target promotions (for shogi's `+`).
#[derive(Clone, Debug, Default)]
pub struct Notation {
    files: usize,
    ranks: usize,
    castling: Option<Castle>,
    gating: bool,
    /// Captured pieces go to a hand, so an empty hand may refill.
    refills: bool,
    /// Upper-case letter of a promoting type to Motley's suffix for its
    /// promotion, where that has one target: `+` for its promoted form, else
    /// the target's letter.
    promotes_to: HashMap<char, String>,
    /// A side may pass (LANGUAGE.md §11.4).
    passing: bool,
    /// The rule file has a fifty-move rule (LANGUAGE.md §10).
    pub fifty_move: bool,
}

/// Castling as translating needs it.
#[derive(Clone, Debug)]
struct Castle {
    /// The castling king's letter, upper case.
    king: char,
    /// The letters of the types that castle as the rook, upper case.
    rooks: Vec<char>,
    /// Per side: the king's and the rook's target files.
    sides: Vec<(usize, usize)>,
    /// The rank castling happens on, counted from each side's first rank.
    rank: usize,
    /// The files from which the rooks of `K` and `Q` are looked for,
    /// towards the king (LANGUAGE.md §8 `rook_from`).
    rook_from: [usize; 2],
}

impl Castle {
    /// The file of the rook a `K` (`high`) or `Q` names, the king on file
    /// `king`: the first rook from `rook_from` towards the king, else the
    /// nearest one beyond it (LANGUAGE.md §8).
    fn first_rook(
        &self,
        files: usize,
        king: usize,
        high: bool,
        rook_at: impl Fn(usize) -> bool,
    ) -> Option<usize> {
        if high {
            let from = self.rook_from[0].max(king);
            (king + 1..=from)
                .rev()
                .chain(from + 1..files)
                .find(|&f| rook_at(f))
        } else {
            let from = self.rook_from[1].min(king);
            (from..king).chain((0..from).rev()).find(|&f| rook_at(f))
        }
    }
}

/// A board read from a FEN: upper case for White, lower for Black, by
/// square index `rank * files + file`, rank 0 the first rank.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    files: usize,
    squares: Vec<Option<char>>,
    white_to_move: bool,
}

impl Board {
    /// Reads the board and side fields of a FEN for a board of this size;
    /// `None` when the text is not such a FEN.
    pub fn read(fen: &str, files: usize, ranks: usize) -> Option<Board> {
        let mut fields = fen.split_whitespace();
        let placement = fields.next()?;
        let white_to_move = fields.next()? == "w";
        let placement = placement.split('[').next()?;
        let mut squares = vec![None; files * ranks];
        for (row, text) in placement.split('/').take(ranks).enumerate() {
            let rank = ranks - 1 - row;
            let mut file = 0;
            let mut run = 0;
            for c in text.chars() {
                if let Some(d) = c.to_digit(10) {
                    run = run * 10 + d as usize;
                    continue;
                }
                file += run;
                run = 0;
                // A wall square (`*`, LANGUAGE.md §11.6) takes a square too.
                if c.is_ascii_alphabetic() || c == '*' {
                    if file >= files {
                        return None;
                    }
                    squares[rank * files + file] = Some(c);
                    file += 1;
                } else if c == '*' {
                    // A hole (LANGUAGE.md §2.1) takes its square.
                    file += 1;
                }
            }
        }
        Some(Board {
            files,
            squares,
            white_to_move,
        })
    }

    fn at(&self, square: (usize, usize)) -> Option<char> {
        self.squares
            .get(square.1 * self.files + square.0)
            .copied()
            .flatten()
    }
}

/// A square's text, `a1`, `j10`.
fn square_text((file, rank): (usize, usize)) -> String {
    format!("{}{}", (b'a' + file as u8) as char, rank + 1)
}

/// Reads a square at the start of `text`; returns it and the rest.
fn read_square(text: &str) -> Option<((usize, usize), &str)> {
    let mut chars = text.char_indices();
    let (_, file) = chars.next()?;
    if !file.is_ascii_lowercase() {
        return None;
    }
    let digits = text[1..].bytes().take_while(u8::is_ascii_digit).count();
    let rank: usize = text.get(1..1 + digits)?.parse().ok()?;
    if rank == 0 {
        return None;
    }
    Some((
        ((file as u8 - b'a') as usize, rank - 1),
        &text[1 + digits..],
    ))
}

impl Notation {
    /// The notation facts of a variant's rules.
    pub fn new(rules: &Rules) -> Notation {
        let variant = rules.variant();
        let letter = |code: u8| variant.pieces[code as usize].letter.to_ascii_uppercase();
        let castling = variant.castling.as_ref().map(|c| Castle {
            king: letter(c.king),
            rooks: (0..variant.pieces.len())
                .filter(|&ty| c.rooks >> ty & 1 != 0)
                .map(|ty| letter(ty as u8))
                .collect(),
            sides: c
                .sides
                .iter()
                .map(|&(k, r)| (k as usize, r as usize))
                .collect(),
            rank: c.rank as usize,
            rook_from: c.rook_from.map(usize::from),
        });
        let mut promotes_to = HashMap::new();
        for rule in &variant.promotions {
            if let [to] = rule.to.as_slice() {
                let target = &variant.pieces[*to as usize];
                for (code, piece) in variant.pieces.iter().enumerate() {
                    if code < 32 && rule.pieces & (1 << code) != 0 && !piece.promoted {
                        let suffix = if target.promoted && target.letter == piece.letter {
                            "+".to_string()
                        } else {
                            target.token().to_ascii_lowercase()
                        };
                        promotes_to
                            .entry(piece.letter.to_ascii_uppercase())
                            .or_insert(suffix);
                    }
                }
            }
        }
        Notation {
            files: variant.files as usize,
            ranks: variant.ranks as usize,
            castling,
            gating: !variant.gating.is_empty(),
            refills: variant.captured_to != CapturedTo::Nowhere,
            promotes_to,
            passing: variant.passing.is_some(),
            fifty_move: variant.fifty_move.is_some(),
        }
    }

    /// Reads the board of a FEN of this variant.
    pub fn board(&self, fen: &str) -> Option<Board> {
        Board::read(fen, self.files, self.ranks)
    }

    /// A move in FSF's text, at the position `board`, in Motley's text.
    /// Text it cannot read is returned as it is (and then matches nothing).
    pub fn move_to_motley(&self, board: &Board, fsf: &str) -> String {
        // A placed wall: `,` then the move's target and the wall's square,
        // the target as the move's own text names it.
        if let Some((base, wall)) = fsf.split_once(',') {
            let moved = self.move_to_motley(board, base);
            let wall_square = read_square(wall).and_then(|(_, rest)| read_square(rest));
            let target = read_square(&moved).and_then(|(_, rest)| read_square(rest));
            return match (target, wall_square) {
                (Some((to, _)), Some((at, ""))) => {
                    let to = square_text(to);
                    format!("{moved},{to}{}", square_text(at))
                }
                _ => fsf.to_string(),
            };
        }
        if fsf.contains('@') {
            return fsf.to_string();
        }
        let Some((from, rest)) = read_square(fsf) else {
            return fsf.to_string();
        };
        let Some((to, suffix)) = read_square(rest) else {
            return fsf.to_string();
        };
        if self.passing && from == to && suffix.is_empty() {
            return "0000".to_string();
        }
        let mover = board.at(from);
        let white = mover.map_or(board.white_to_move, |c| c.is_ascii_uppercase());
        let own = |c: Option<char>| c.filter(|c| c.is_ascii_uppercase() == white);
        let upper = |c: Option<char>| c.map(|c| c.to_ascii_uppercase());
        let back_rank = if white { 0 } else { self.ranks - 1 };
        if let Some(c) = &self.castling {
            let (piece, target) = (upper(own(mover)), upper(own(board.at(to))));
            let castle = match (piece, target) {
                (Some(p), Some(t)) if p == c.king && c.rooks.contains(&t) => Some((from, to)),
                (Some(p), Some(t)) if c.rooks.contains(&p) && t == c.king && from != to => {
                    Some((to, from))
                }
                _ => None,
            };
            if let Some((king_at, rook_at)) = castle {
                let text = castling_text(king_at, rook_at, &c.sides);
                return match suffix.chars().next() {
                    Some(g) => format!("{text}/{}{}", g.to_ascii_uppercase(), square_text(from)),
                    None => text,
                };
            }
        }
        let base = format!("{}{}", square_text(from), square_text(to));
        match suffix {
            "" => base,
            "+" => match upper(mover).and_then(|p| self.promotes_to.get(&p)) {
                Some(to) => format!("{base}{to}"),
                None => fsf.to_string(),
            },
            s if self.gating && from.1 == back_rank && s.len() == 1 => {
                format!("{base}/{}{}", s.to_ascii_uppercase(), square_text(from))
            }
            s => format!("{base}{s}"),
        }
    }

    /// Motley's FEN `fen` with the passes made in a row at the end of
    /// `moves` (FSF's texts) in its state field, `{passed=N}`
    /// (LANGUAGE.md §11.4): FSF's FEN does not show them.
    pub fn with_passes(&self, fen: String, moves: &[String]) -> String {
        let is_pass = |m: &String| {
            read_square(m)
                .and_then(|(from, rest)| read_square(rest).map(|(to, s)| (from, to, s)))
                .is_some_and(|(from, to, s)| from == to && s.is_empty())
        };
        let passes = moves.iter().rev().take_while(|m| is_pass(m)).count().min(2);
        if !self.passing || passes == 0 {
            return fen;
        }
        match fen.strip_suffix('}') {
            Some(open) => format!("{open} passed={passes}}}"),
            None => format!("{fen} {{passed={passes}}}"),
        }
    }

    /// A FEN as FSF prints it (with its Chess960 flag), in Motley's form:
    /// hands in alphabetical order per side, `[-]` as `[]`; castling rights
    /// as `K`/`Q` for the outermost rooks (file letters otherwise), the
    /// king's own file letter (a gating right) left out beside them; the en
    /// passant field only when an en passant capture is legal (one of
    /// `captures`, FSF's capturing moves, goes to an empty square there),
    /// its empty squares before the occupied one.
    pub fn fen_to_motley(&self, fen: &str, board: &Board, captures: &[String]) -> String {
        let mut fields: Vec<String> = fen.split(' ').map(str::to_string).collect();
        if let Some(placement) = fields.first_mut() {
            *placement = sorted_hands(placement);
        }
        // Shogi-style FENs have no castling and en passant fields.
        let chess_fields = fields.len() >= 4
            && fields[3]
                .chars()
                .next()
                .is_some_and(|c| c == '-' || c.is_ascii_lowercase());
        if chess_fields {
            let hand = fields[0].split_once('[').map_or("", |(_, h)| h);
            let holds = [
                hand.chars().any(|c| c.is_ascii_uppercase()),
                hand.chars().any(|c| c.is_ascii_lowercase()),
            ];
            fields[2] = self.castling_field(&fields[2], board, holds);
            fields[3] = self.en_passant_field(&fields[3], board, captures);
        }
        fields.join(" ")
    }

    /// `holds`: whether White and Black hold a piece in hand. In a variant
    /// with gating FSF lists an unmoved king's file while its side holds a
    /// piece, or while it may come to hold one (captures go to a hand); a
    /// rook's letter without it is then a gating right only. (Once a hand
    /// that cannot refill is empty FSF drops the gating letters, the
    /// king's too, and a rook's letter is a castling right.)
    fn castling_field(&self, field: &str, board: &Board, holds: [bool; 2]) -> String {
        let Some(c) = &self.castling else {
            return field.to_string();
        };
        if field == "-" {
            return field.to_string();
        }
        let mut out = String::new();
        for white in [true, false] {
            let rank = if white {
                c.rank
            } else {
                self.ranks - 1 - c.rank
            };
            let own = |piece: char| {
                if white {
                    piece
                } else {
                    piece.to_ascii_lowercase()
                }
            };
            let king = (0..self.files).find(|&f| board.at((f, rank)) == Some(own(c.king)));
            let king_listed = king.is_some_and(|k| {
                field.chars().any(|l| {
                    l.is_ascii_uppercase() == white
                        && (l.to_ascii_lowercase() as u8).wrapping_sub(b'a') as usize == k
                })
            });
            let castles_here =
                !self.gating || king_listed || (!holds[usize::from(!white)] && !self.refills);
            let rook_at = |f: usize| {
                castles_here
                    && board
                        .at((f, rank))
                        .is_some_and(|p| c.rooks.iter().any(|&r| own(r) == p))
            };
            // Castling rooks first, in FSF's order; then the gating
            // letters of the other unmoved pieces in file order.
            let mut group = String::new();
            let mut others: Vec<char> = Vec::new();
            let mut kept_king = None;
            for letter in field.chars().filter(|l| l.is_ascii_uppercase() == white) {
                let file = (letter.to_ascii_lowercase() as u8).wrapping_sub(b'a') as usize;
                match king {
                    Some(k) if file == k => kept_king = Some(letter),
                    Some(k)
                        if rook_at(file)
                            && file > k
                            && c.first_rook(self.files, k, true, rook_at) == Some(file) =>
                    {
                        group.push(own('K'));
                    }
                    Some(k)
                        if rook_at(file)
                            && file < k
                            && c.first_rook(self.files, k, false, rook_at) == Some(file) =>
                    {
                        group.push(own('Q'));
                    }
                    Some(_) if rook_at(file) => group.push(letter),
                    _ => others.push(letter),
                }
            }
            let castles = group.contains(own('K')) || group.contains(own('Q'));
            others.extend(kept_king.filter(|_| !castles));
            others.sort_unstable();
            group.extend(others);
            out.push_str(&group);
        }
        if out.is_empty() {
            "-".to_string()
        } else {
            out
        }
    }

    fn en_passant_field(&self, field: &str, board: &Board, captures: &[String]) -> String {
        let mut squares = Vec::new();
        let mut rest = field;
        while let Some((square, tail)) = read_square(rest) {
            squares.push(square);
            rest = tail;
        }
        if squares.is_empty() || !rest.is_empty() {
            return field.to_string();
        }
        let target = |m: &String| {
            read_square(m)
                .and_then(|(_, tail)| read_square(tail))
                .map(|(to, _)| to)
        };
        let legal = captures
            .iter()
            .filter_map(target)
            .any(|to| squares.contains(&to) && board.at(to).is_none());
        if !legal {
            return "-".to_string();
        }
        let (mut empty, mut occupied): (Vec<_>, Vec<_>) =
            squares.into_iter().partition(|&sq| board.at(sq).is_none());
        empty.sort_by_key(|&(file, rank)| (rank, file));
        // FSF may name the piece that passed where it usually stands (a
        // sideways or backward pawn's `d5d6`); Motley names it only
        // elsewhere: the usual place is one step beyond the first target,
        // seen from the side that passed (LANGUAGE.md §6).
        let usual = empty
            .first()
            .and_then(|&(file, rank)| match board.white_to_move {
                true => rank.checked_sub(1).map(|r| (file, r)),
                false => Some((file, rank + 1)),
            });
        occupied.retain(|&sq| Some(sq) != usual);
        empty.into_iter().chain(occupied).map(square_text).collect()
    }

    /// A Motley FEN as FSF reads it: without the state field.
    pub fn fen_to_fsf(&self, fen: &str) -> String {
        match fen.find('{') {
            Some(i) => fen[..i].trim_end().to_string(),
            None => fen.trim().to_string(),
        }
    }
}

/// The board field with its hand, if any, in alphabetical order per side.
fn sorted_hands(placement: &str) -> String {
    let Some(open) = placement.find('[') else {
        return placement.to_string();
    };
    let hand = placement[open + 1..].trim_end_matches(']');
    let mut white: Vec<char> = hand.chars().filter(char::is_ascii_uppercase).collect();
    let mut black: Vec<char> = hand.chars().filter(char::is_ascii_lowercase).collect();
    white.sort_unstable();
    black.sort_unstable();
    let sorted: String = white.into_iter().chain(black).collect();
    format!("{}[{sorted}]", &placement[..open])
}

/// Motley's text of the castling of the king on `king` with the rook on
/// `rook`: the king's move to its target when that is two or more files
/// away, else king takes rook.
fn castling_text(king: (usize, usize), rook: (usize, usize), sides: &[(usize, usize)]) -> String {
    let high = rook.0 > king.0;
    // A side castles with a rook on the king's high side when its rook
    // lands below the king's target (`g`, `f`), wherever the king stands.
    let side = sides
        .iter()
        .find(|&&(king_to, rook_to)| (rook_to < king_to) == high);
    match side {
        Some(&(king_to, _)) if king_to.abs_diff(king.0) >= 2 => {
            format!("{}{}", square_text(king), square_text((king_to, king.1)))
        }
        _ => format!("{}{}", square_text(king), square_text(rook)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chess_like(gating: bool) -> Notation {
        Notation {
            files: 8,
            ranks: 8,
            castling: Some(Castle {
                king: 'K',
                rooks: vec!['R'],
                sides: vec![(6, 5), (2, 3)],
                rank: 0,
                rook_from: [7, 0],
            }),
            gating,
            refills: false,
            promotes_to: HashMap::from([('P', "g".to_string())]),
            passing: false,
            fifty_move: true,
        }
    }

    #[test]
    fn a_pass_is_0000_and_the_passes_in_a_row_join_the_state_field() {
        let n = Notation {
            passing: true,
            ..chess_like(false)
        };
        let fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
        assert_eq!(motley(&n, fen, "e1e1"), "0000");
        assert_eq!(motley(&n, fen, "e1e2"), "e1e2");
        assert_eq!(motley(&chess_like(false), fen, "e1e1"), "e1e1");
        let moves = |m: &[&str]| {
            m.iter()
                .map(std::string::ToString::to_string)
                .collect::<Vec<_>>()
        };
        assert_eq!(
            n.with_passes(fen.to_string(), &moves(&["e2e3", "e1e1"])),
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 {passed=1}"
        );
        assert_eq!(
            n.with_passes(fen.to_string(), &moves(&["e1e1", "e8e8"])),
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 {passed=2}"
        );
        assert_eq!(
            n.with_passes(fen.to_string(), &moves(&["e1e1", "e8e7"])),
            fen
        );
    }

    fn motley(n: &Notation, fen: &str, fsf: &str) -> String {
        n.move_to_motley(&n.board(fen).unwrap(), fsf)
    }

    /// Asserts that in the position `fen` each FSF move of `moves` is the
    /// Motley move beside it.
    fn moves_read(n: &Notation, fen: &str, moves: &[(&str, &str)]) {
        for &(fsf, expected) in moves {
            assert_eq!(motley(n, fen, fsf), expected, "{fsf} in {fen}");
        }
    }

    /// Asserts that each FSF FEN of `fens`, after the captures beside it,
    /// is the Motley FEN beside them.
    fn fens_read(n: &Notation, fens: &[(&str, &[&str], &str)]) {
        for &(fsf, captures, expected) in fens {
            assert_eq!(fen(n, fsf, captures), expected, "{fsf}");
        }
    }

    #[test]
    fn castling_is_the_kings_move_unless_it_moves_less_than_two_files() {
        let n = chess_like(false);
        let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        moves_read(
            &n,
            fen,
            &[("e1h1", "e1g1"), ("e1a1", "e1c1"), ("e1f1", "e1f1")],
        );
        let fen = "bqnbrk1r/pppppppp/8/8/8/8/PPPPPPPP/BQNBRK1R w HEhe - 0 1";
        moves_read(
            &n,
            fen,
            &[("f1h1", "f1h1"), ("f1g1", "f1g1"), ("f1e1", "f1c1")],
        );
        moves_read(&n, "4k3/8/8/8/8/8/8/6KR w K - 0 1", &[("g1h1", "g1h1")]);
        moves_read(
            &n,
            "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
            &[("e8h8", "e8g8")],
        );
    }

    #[test]
    fn a_placed_wall_follows_the_move_with_its_target_as_motley_names_it() {
        let n = chess_like(false);
        moves_read(
            &n,
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
            &[
                ("e1h1,h1b1", "e1g1,g1b1"),
                ("a1a5,a5a1", "a1a5,a5a1"),
                ("a1a5,a5", "a1a5,a5"),
            ],
        );
        // A wall on the board takes its square: the rook on h8 is still outermost.
        let walled = "r1*1k2r/8/8/8/8/8/8/R3K2R b kq - 0 1";
        moves_read(&n, walled, &[("e8h8,h8c8", "e8g8,g8c8")]);
        assert_eq!(n.board(walled).unwrap().at((2, 7)), Some('*'));
    }

    #[test]
    fn gating_is_a_suffix_on_the_first_rank_only() {
        moves_read(
            &chess_like(true),
            "r3k2r/4P3/8/8/8/8/8/RN2K2R[H] w KQkq - 0 1",
            &[
                ("b1c3h", "b1c3/Hb1"),
                ("e7e8h", "e7e8h"),
                ("e1h1h", "e1g1/He1"),
                ("h1e1h", "e1g1/Hh1"),
                ("a1e1e", "e1c1/Ea1"),
                ("H@c3", "H@c3"),
            ],
        );
    }

    #[test]
    fn shogi_promotion_takes_the_rule_files_single_target() {
        let fen = "4k3/8/4P3/8/8/8/8/4K3 w - - 0 1";
        moves_read(
            &chess_like(false),
            fen,
            &[("e6e7+", "e6e7g"), ("e1d1+", "e1d1+")],
        );
        // A rule file with the promoted form `+P` writes `+` as FSF does,
        // and a form's change back `-` (Kyoto shogi).
        let forms = Notation {
            promotes_to: HashMap::from([('P', "+".to_string())]),
            ..chess_like(false)
        };
        moves_read(&forms, fen, &[("e6e7+", "e6e7+"), ("e6e7-", "e6e7-")]);
    }

    #[test]
    fn castling_rights_are_k_and_q_for_outermost_rooks() {
        fens_read(
            &chess_like(true),
            &[
                (
                    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[EHeh] w HABCDEFGhabcdefg - 0 1",
                    &[],
                    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[EHeh] w KQBCDFGkqbcdfg - 0 1",
                ),
                (
                    "4k3/8/8/8/8/8/8/2BQKB1E[H] w CDFE - 0 1",
                    &[],
                    "4k3/8/8/8/8/8/8/2BQKB1E[H] w CDEF - 0 1",
                ),
                (
                    "rnbk1ber/pppp1ppp/7n/4p3/7q/N7/PPPPPPPP/HRBQKBNR[Eh] w HCDEFGabcfh - 6 5",
                    &[],
                    "rnbk1ber/pppp1ppp/7n/4p3/7q/N7/PPPPPPPP/HRBQKBNR[Eh] w KCDFGabcfh - 6 5",
                ),
                (
                    "r3k2r/8/8/8/8/8/8/4K3[] b ha - 0 1",
                    &[],
                    "r3k2r/8/8/8/8/8/8/4K3[] b kq - 0 1",
                ),
                (
                    "r3k3/8/8/8/8/8/8/4K3 b a - 0 1",
                    &[],
                    "r3k3/8/8/8/8/8/8/4K3 b q - 0 1",
                ),
            ],
        );
        fens_read(
            &chess_like(false),
            &[
                (
                    "4k3/8/8/8/8/8/8/R3K1RR w GA - 0 1",
                    &[],
                    "4k3/8/8/8/8/8/8/R3K1RR w GQ - 0 1",
                ),
                (
                    "4k3/8/8/8/8/8/8/1R2K3[H] w E - 0 1",
                    &[],
                    "4k3/8/8/8/8/8/8/1R2K3[H] w E - 0 1",
                ),
            ],
        );
        // Where captures refill the hand, the gating letters stay with an
        // empty hand: a rook's letter without the king's is no castling
        // (S-house, the black king moved to d8).
        let n = Notation {
            refills: true,
            ..chess_like(true)
        };
        fens_read(
            &n,
            &[
                (
                    "rQbk1bnr/ppppp1pp/2np4/2eH1pq1/e3P3/3P1PP1/P1P1BN1P/RNB1K2R[H] w HABCEacfgh - 0 15",
                    &[],
                    "rQbk1bnr/ppppp1pp/2np4/2eH1pq1/e3P3/3P1PP1/P1P1BN1P/RNB1K2R[H] w KQBCacfgh - 0 15",
                ),
                (
                    "r3k2r/8/8/8/8/8/8/R3K2R[H] w HAEhae - 0 15",
                    &[],
                    "r3k2r/8/8/8/8/8/8/R3K2R[H] w KQkq - 0 15",
                ),
            ],
        );
    }

    #[test]
    fn en_passant_is_shown_only_when_a_capture_there_is_legal() {
        let double_step = "rnbqkbnr/pp2pppp/8/ppP5/8/8/PPP1PPPP/RNBQKBNR w KQkq b5c6 0 3";
        fens_read(
            &chess_like(false),
            &[
                (
                    "rnbqkbnr/pppppppp/8/8/1P6/8/PPP1PPPP/RNBQKBNR b KQkq c3b4 0 1",
                    &[],
                    "rnbqkbnr/pppppppp/8/8/1P6/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1",
                ),
                (
                    double_step,
                    &["d1d8", "c5c6"],
                    "rnbqkbnr/pp2pppp/8/ppP5/8/8/PPP1PPPP/RNBQKBNR w KQkq c6b5 0 3",
                ),
                (
                    double_step,
                    &["d1d8"],
                    "rnbqkbnr/pp2pppp/8/ppP5/8/8/PPP1PPPP/RNBQKBNR w KQkq - 0 3",
                ),
                // The pawn that passed where it usually stands is not written.
                (
                    "rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d5d6 0 3",
                    &["e5d6"],
                    "rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
                ),
                (
                    "rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b KQkq d4d3 0 2",
                    &["e4d3"],
                    "rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 2",
                ),
            ],
        );
    }

    #[test]
    fn long_boards_read_two_digit_ranks_and_runs() {
        let n = Notation {
            files: 10,
            ranks: 10,
            ..Notation::default()
        };
        let fen = "r8r/10/10/10/10/10/10/10/10/R8R w - - 0 1";
        assert_eq!(motley(&n, fen, "a1a10"), "a1a10");
        assert_eq!(motley(&n, fen, "j10j9"), "j10j9");
        assert!(n.board("r9r/10 w").is_none());
    }

    fn fen(n: &Notation, fsf: &str, captures: &[&str]) -> String {
        let captures: Vec<String> = captures.iter().map(ToString::to_string).collect();
        n.fen_to_motley(fsf, &n.board(fsf).unwrap(), &captures)
    }

    #[test]
    fn hands_are_sorted_and_state_is_dropped() {
        let n = chess_like(false);
        assert_eq!(
            fen(&n, "4k3/8/8/8/8/8/8/4K3[QPNpb] w - - 0 1", &[]),
            "4k3/8/8/8/8/8/8/4K3[NPQbp] w - - 0 1"
        );
        let shogi = Notation {
            files: 9,
            ranks: 9,
            ..Notation::default()
        };
        assert_eq!(
            fen(&shogi, "9/9/9/9/9/9/9/9/9[-] w 0 1", &[]),
            "9/9/9/9/9/9/9/9/9[] w 0 1"
        );
        assert_eq!(
            n.fen_to_fsf("8/8/8/8/8/8/8/8 w - - 0 1 {last=N}"),
            "8/8/8/8/8/8/8/8 w - - 0 1"
        );
    }
}
