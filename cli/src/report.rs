//! What `show` and `status` say about a game: the board with the hands
//! beside it, the side to move, check, the last move, frozen pieces, a turn
//! in progress, and the outcome.

use motley_interpreter::Game;

/// The outcome line of `motley status`: `1-0 by checkmate`,
/// `1/2-1/2 by stalemate`, or `* white to move` (`, in check`) while the
/// game goes on.
pub fn status_line(game: &Game) -> String {
    match game.outcome() {
        Some(outcome) => outcome.to_string(),
        None => format!("* {}", to_move(game)),
    }
}

/// `white to move`, with `, in check` and the move due in a turn of several.
fn to_move(game: &Game) -> String {
    let side = game.position().side_to_move().name();
    let mut s = format!("{side} to move");
    if let Some(n) = game.turn_move() {
        s.push_str(&format!(" (move {n} of the turn)"));
    }
    if game.in_check() {
        s.push_str(", in check");
    }
    s
}

/// The lines `show` prints after the board and before the FEN. `viewer`,
/// when given, leaves out the last move unless that player made it (it may
/// name a hidden piece).
pub fn state_lines(game: &Game, viewer: Option<usize>) -> String {
    let mut out = format!("turn: {}\n", to_move(game));
    if let Some(last) = game.played().last() {
        if viewer.is_none_or(|v| v == last.side.index()) {
            out.push_str(&format!("last move: {} ({})\n", last.san, last.uci));
        }
    }
    let frozen = game.frozen();
    if !frozen.is_empty() {
        out.push_str(&format!("frozen: {} (marked *)\n", frozen.join(", ")));
    }
    match game.outcome() {
        Some(outcome) => out.push_str(&format!("outcome: {outcome}\n")),
        None => out.push_str("outcome: none yet\n"),
    }
    out
}

/// The board text with each side's hand beside its home edge: Black's
/// beside the top rank, White's beside the bottom rank.
pub fn board_with_hands(game: &Game, board: &str) -> String {
    if !game.rules().tracks_hands() {
        return board.to_string();
    }
    let hands = game.hands();
    let text = |colour: usize| {
        let pieces: Vec<String> = hands[colour]
            .iter()
            .map(|&(letter, n)| {
                let letter = if colour == 0 {
                    letter
                } else {
                    letter.to_ascii_lowercase()
                };
                if n == 1 {
                    letter.to_string()
                } else {
                    format!("{letter}x{n}")
                }
            })
            .collect();
        if pieces.is_empty() {
            "-".to_string()
        } else {
            pieces.join(" ")
        }
    };
    let lines: Vec<&str> = board.lines().collect();
    let ranks = lines.len().saturating_sub(1);
    let width = lines.iter().map(|l| l.len()).max().unwrap_or(0);
    let mut out = String::new();
    for (i, line) in lines.iter().enumerate() {
        out.push_str(line);
        if i == 0 {
            out.push_str(&format!(
                "{}   black hand: {}",
                " ".repeat(width - line.len()),
                text(1)
            ));
        } else if i + 1 == ranks {
            out.push_str(&format!(
                "{}   white hand: {}",
                " ".repeat(width - line.len()),
                text(0)
            ));
        }
        out.push('\n');
    }
    out
}
