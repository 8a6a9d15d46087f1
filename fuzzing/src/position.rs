//! Target `position_text`: FEN and move text against the bundled rule
//! files, and the FEN oracles the other targets share.

use std::sync::OnceLock;

use motley_interpreter::Game;
use motley_testkit::assert_fen_reads_back;

use crate::bundled_variants;

/// Asserts that the game's FEN reads back to itself (what a FEN promises:
/// board, side to move, hands, castling and en passant fields, counters,
/// state field) with the same legal moves, up to the documented gap of
/// spec/LANGUAGE.md §6.3 (spec/rulings/README.md, "Unmoved pieces"): a
/// piece read from a FEN is unmoved when it stands where the setup has the
/// same piece, so one that moved in play and stands on such a square again
/// reads back unmoved, and castling pieces are unmoved only as far as
/// the castling rights say. Legal moves may differ only in moves that name such
/// a square ([`unmoved_gap`]). `setup` is the game at the variant's setup.
pub fn fen_fixed_point(game: &Game, setup: &Game) {
    let fen = game.fen();
    let mut again = setup.clone();
    if let Err(e) = again.set_fen(&fen) {
        panic!("the printed FEN `{fen}` does not read back: {e}");
    }
    assert_fen_reads_back(
        "position",
        &fen,
        &again.fen(),
        &again.legal_moves(),
        &game.legal_moves(),
        || unmoved_gap(game, &again),
    );
}

/// The squares whose piece is unmoved in one of `read` (the FEN of `played`
/// read back) and `played` but not in the other, by name. Panics if such a piece is not
/// where the setup has the same piece: that is not the documented gap.
pub fn unmoved_gap(played: &Game, read: &Game) -> Vec<String> {
    let (p, r) = (played.position(), read.position());
    let rules = played.rules();
    let mut out = Vec::new();
    // Either way: a piece that moved and came back reads back unmoved; an
    // unmoved castling rook whose king has moved reads back moved (the
    // castling field only tells castling rights).
    for sq in (0..rules.squares() as u8)
        .filter(|&sq| r.unmoved().has(sq) != p.unmoved().has(sq) && p.piece_at(sq) != 0)
    {
        let name = motley_interpreter::square_name(rules.files(), sq);
        assert_eq!(p.piece_at(sq), rules.start().piece_at(sq), "the piece on {name} reads back otherwise unmoved from `{}` but is not where the setup has it", played.fen());
        out.push(name);
    }
    out
}

pub use motley_testkit::named_squares;

/// The bundled rule files that build, as games at their setup, in file-name order.
fn bundled_games() -> &'static [(String, Game)] {
    static GAMES: OnceLock<Vec<(String, Game)>> = OnceLock::new();
    GAMES.get_or_init(|| {
        bundled_variants()
            .into_iter()
            .filter_map(|path| {
                let source = std::fs::read_to_string(&path).ok()?;
                let rules = motley_interpreter::build_path(&path, &source).ok()?;
                let game = Game::new(rules);
                Some((path.file_stem()?.to_string_lossy().into_owned(), game))
            })
            .collect()
    })
}

/// The number of ranks of a FEN's board field.
fn ranks_of(fen: &str) -> usize {
    board_field(fen).split('/').count()
}

/// A FEN's board field without the holdings (`[...]`).
fn board_field(fen: &str) -> &str {
    let board = fen.split_whitespace().next().unwrap_or_default();
    board.split('[').next().unwrap_or_default()
}

/// The first `ranks` ranks of a FEN's board, square by square: `.` for an
/// empty square, else the piece as written (`P`, `+P`, `P~`). Comparing an
/// accepted FEN's squares with those of the FEN printed from it catches
/// text the reader passed over (pieces after a full rank).
pub fn board_squares(fen: &str, ranks: usize) -> Vec<Vec<String>> {
    board_field(fen)
        .split('/')
        .take(ranks)
        .map(|rank| {
            let mut squares: Vec<String> = Vec::new();
            let mut chars = rank.chars().peekable();
            let mut promoted = false;
            while let Some(c) = chars.next() {
                if c.is_ascii_digit() {
                    let mut run = c.to_string();
                    while let Some(d) = chars.next_if(char::is_ascii_digit) {
                        run.push(d);
                    }
                    let empty = run.parse::<usize>().unwrap_or(usize::MAX).min(1 << 10);
                    squares.extend(std::iter::repeat_n(".".to_string(), empty));
                } else if c == '+' {
                    promoted = true;
                } else if c == '~' {
                    if let Some(last) = squares.last_mut() {
                        last.push('~');
                    }
                } else {
                    squares.push(if std::mem::take(&mut promoted) {
                        format!("+{c}")
                    } else {
                        c.to_string()
                    });
                }
            }
            squares
        })
        .collect()
}

/// Target `position_text`: the first line names a bundled variant (its
/// file stem, e.g. `chess`; other text picks one by its bytes), the
/// second is a FEN, the other lines (at most 32) are move texts; a line
/// `#N` plays the legal move numbered N. Never a panic; an accepted FEN
/// has, square by square, the board it was written with ([`board_squares`]),
/// and the position after each accepted move, prints and reads back to
/// itself with the same legal moves up to the documented unmoved-piece
/// gap ([`fen_fixed_point`]); a refused FEN or move
/// leaves the position as it was; an accepted move is one of the listed
/// legal moves, and its SAN plays the same move.
pub fn position_text(data: &[u8]) {
    let games = bundled_games();
    if games.is_empty() {
        return;
    }
    let text = String::from_utf8_lossy(data);
    let mut lines = text.split('\n');
    let pick = lines.next().unwrap_or_default();
    let index = games
        .iter()
        .position(|(name, _)| name == pick)
        .unwrap_or_else(|| pick.bytes().map(usize::from).sum::<usize>() % games.len());
    let setup = &games[index].1;
    let mut game = setup.clone();
    let fen = lines.next().unwrap_or_default();
    let before = game.fen();
    match game.set_fen(fen) {
        Ok(()) => {
            assert_eq!(
                board_squares(fen, ranks_of(&game.fen())),
                board_squares(&game.fen(), ranks_of(&game.fen())),
                "the FEN `{fen}` was accepted as `{}`: the boards differ",
                game.fen()
            );
            fen_fixed_point(&game, setup);
        }
        Err(_) => assert_eq!(
            game.fen(),
            before,
            "a refused FEN `{fen}` changed the position"
        ),
    }
    for line in lines.take(32) {
        let legal = game.legal_moves();
        let before = game.fen();
        let mv = match line
            .strip_prefix('#')
            .and_then(|n| n.trim().parse::<usize>().ok())
        {
            Some(n) if !legal.is_empty() => legal[n % legal.len()].clone(),
            _ => line.to_string(),
        };
        let mut copy = game.clone();
        match game.play(&mv) {
            Err(e) => {
                assert_eq!(
                    game.fen(),
                    before,
                    "refused move `{mv}` ({e}) changed the position"
                );
                assert!(
                    !legal.contains(&mv),
                    "listed legal move `{mv}` refused at `{before}`: {e}"
                );
            }
            Ok(san) => {
                let after = game.fen();
                let san_again = copy.play(&san).unwrap_or_else(|e| {
                    panic!("`{mv}` played as SAN `{san}` at `{before}`, which is refused: {e}")
                });
                assert_eq!(copy.fen(), after, "`{mv}` and its SAN `{san}` (read back as `{san_again}`) lead to different positions from `{before}`");
                fen_fixed_point(&game, setup);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::board_squares;

    #[test]
    fn board_squares_see_letters_the_reader_passed_over() {
        let written = board_squares("4k3/8/8/8/8/8/8/RNBQKBNRK w - - 0 1", 8);
        let printed = board_squares("4k3/8/8/8/8/8/8/RNBQKBNR w - - 0 1", 8);
        assert_ne!(written, printed);
        assert_eq!(written[7].len(), 9);
        assert_eq!(
            board_squares("r+p1P~2/8[Qq] w - - 0 1", 2),
            [
                vec!["r", "+p", ".", "P~", ".", "."],
                vec![".", ".", ".", ".", ".", ".", ".", "."]
            ]
        );
        assert_eq!(board_squares("1q10/12 w", 2)[0].len(), 12);
    }
}
