//! What one player may see of a position (§17 of the language reference):
//! the full position with the opponent's hidden pieces taken off.

use super::position::{Position, WHITE};
use super::Rules;

/// A player's view of a position.
#[derive(Clone, Debug)]
pub struct View {
    /// The position as the player sees it.
    pub position: Position,
    /// Codes of the pieces taken off because the player may not see them.
    pub hidden: Vec<u8>,
}

impl Rules {
    /// The view of `pos` for `viewer` (0 White, 1 Black). The position
    /// itself is not changed: the view is derived from it.
    pub fn view(&self, pos: &Position, viewer: usize) -> View {
        let mut position = pos.clone();
        let mut hidden = Vec::new();
        let opponent = viewer ^ 1;
        for sq in pos.occupied[opponent].iter() {
            let piece = pos.board[sq as usize];
            if self.variant.hidden_from_opponent >> ((piece as usize - 1) / 2) & 1 != 0 {
                position.take(sq);
                hidden.push(piece);
            }
        }
        View { position, hidden }
    }

    /// The board as text: ranks from the last down, `.` for empty squares,
    /// a blank for holes (§2.1), `*` for a wall (§11.6), `*` after a frozen
    /// piece, files lettered below.
    pub fn board_text(&self, pos: &Position) -> String {
        let (files, ranks) = (self.tables.files as usize, self.tables.ranks as usize);
        // With promoted forms (`+p`) every square is two characters wide.
        let wide = self.variant.pieces.iter().any(|p| p.promoted);
        let mut out = String::new();
        for rank in (0..ranks).rev() {
            out.push_str(&format!("{:>2} ", rank + 1));
            for file in 0..files {
                let piece = pos.board[rank * files + file];
                let text = if self.tables.holes.has((rank * files + file) as u8) {
                    " ".to_string()
                } else if piece == 0 {
                    ".".to_string()
                } else {
                    self.piece_text(piece)
                };
                if wide {
                    out.push_str(&format!("{text:>2}"));
                } else {
                    out.push_str(&text);
                }
                let frozen = pos.freezes.frozen.has((rank * files + file) as u8);
                out.push(if frozen { '*' } else { ' ' });
            }
            out.truncate(out.trim_end().len());
            out.push('\n');
        }
        out.push_str("   ");
        let letters: Vec<String> = (0..files)
            .map(|f| {
                let letter = (b'a' + f as u8) as char;
                if wide {
                    format!(" {letter}")
                } else {
                    letter.to_string()
                }
            })
            .collect();
        out.push_str(&letters.join(" "));
        out.push('\n');
        out
    }

    /// The name of a colour: `white` or `black`.
    pub fn colour_name(colour: usize) -> &'static str {
        if colour == WHITE {
            "white"
        } else {
            "black"
        }
    }
}
