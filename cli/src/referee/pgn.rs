//! Games as PGN for the referee and terminal play: writing a finished game, reading openings. (The record reader and `motley pgn` live in `crate::pgn`.)

use motley_interpreter::Game;

/// A played game, ready to be written as PGN.
pub struct Record<'a> {
    /// `Event`, `White`, `Black`, `Round` and other tags, in order.
    pub tags: Vec<(&'a str, String)>,
    /// The game at its start (the variant, rulings and start position).
    pub start: &'a Game,
    /// The moves' SAN, in order.
    pub san: &'a [String],
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: &'a str,
    /// Why the game ended, as a closing comment.
    pub reason: Option<String>,
}

impl Record<'_> {
    /// The PGN text, tags then movetext wrapped at 80 columns.
    pub fn text(&self) -> String {
        let mut out = String::new();
        for (key, value) in &self.tags {
            out.push_str(&format!("[{key} \"{}\"]\n", escape(value)));
        }
        let rules = self.start.rules();
        if rules.variant.name != "chess" {
            out.push_str(&format!("[Variant \"{}\"]\n", escape(&rules.variant.name)));
        }
        let fen = self.start.fen();
        if fen != rules.fen(&rules.start) {
            out.push_str("[SetUp \"1\"]\n");
            out.push_str(&format!("[FEN \"{}\"]\n", escape(&fen)));
        }
        out.push_str(&format!("[Result \"{}\"]\n\n", self.result));
        let mut tokens = Vec::new();
        let mut replay = self.start.clone();
        for san in self.san {
            let pos = replay.position();
            let number = pos.fullmove;
            if pos.side == 0 && pos.sub == 0 {
                tokens.push(format!("{number}."));
            } else if tokens.is_empty() {
                tokens.push(format!("{number}..."));
            }
            tokens.push(san.clone());
            // Replaying keeps the move numbers right (several moves per turn).
            if replay.play(san).is_err() {
                break;
            }
        }
        if let Some(reason) = &self.reason {
            tokens.push(format!("{{{}}}", reason.replace('}', ")")));
        }
        tokens.push(self.result.to_string());
        let mut line = String::new();
        for token in tokens {
            if !line.is_empty() && line.len() + 1 + token.len() > 79 {
                out.push_str(&line);
                out.push('\n');
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&token);
        }
        out.push_str(&line);
        out.push_str("\n\n");
        out
    }
}

fn escape(text: &str) -> String {
    text.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Reads the games of PGN text as (FEN tag, moves): comments, variations,
/// move numbers, annotations and results are skipped.
pub fn read_games(text: &str) -> Vec<(Option<String>, Vec<String>)> {
    let mut games = Vec::new();
    let mut fen = None;
    let mut moves: Vec<String> = Vec::new();
    let mut depth = 0usize;
    let mut in_comment = false;
    let flush = |fen: &mut Option<String>, moves: &mut Vec<String>, games: &mut Vec<_>| {
        if fen.is_some() || !moves.is_empty() {
            games.push((fen.take(), std::mem::take(moves)));
        }
    };
    for line in text.lines() {
        let trimmed = line.trim();
        if !in_comment && depth == 0 && trimmed.starts_with('[') {
            if !moves.is_empty() {
                flush(&mut fen, &mut moves, &mut games);
            }
            if let Some(value) = trimmed
                .strip_prefix("[FEN \"")
                .and_then(|r| r.strip_suffix("\"]"))
            {
                fen = Some(value.to_string());
            }
            continue;
        }
        if trimmed.starts_with('%') {
            continue;
        }
        let mut word = String::new();
        for c in line.chars().chain(std::iter::once(' ')) {
            match c {
                '{' if depth == 0 => in_comment = true,
                '}' if in_comment => in_comment = false,
                ';' if !in_comment && depth == 0 => break,
                '(' if !in_comment => depth += 1,
                ')' if !in_comment => depth = depth.saturating_sub(1),
                c if c.is_whitespace() => {
                    let token = std::mem::take(&mut word);
                    if in_comment || depth > 0 || token.is_empty() {
                        continue;
                    }
                    if matches!(token.as_str(), "1-0" | "0-1" | "1/2-1/2" | "*") {
                        flush(&mut fen, &mut moves, &mut games);
                        continue;
                    }
                    let token = token.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
                    let token = token.trim_end_matches(['!', '?']);
                    if !token.is_empty() && !token.starts_with('$') {
                        moves.push(token.to_string());
                    }
                }
                c if !in_comment && depth == 0 => word.push(c),
                _ => {}
            }
        }
    }
    flush(&mut fen, &mut moves, &mut games);
    games
}

#[cfg(test)]
mod tests {
    use super::read_games;

    #[test]
    fn openings_are_read_without_numbers_comments_and_variations() {
        let text = "[Event \"x\"]\n[FEN \"8/8/8/8/8/8/8/K6k w - - 0 1\"]\n\n1. e4 {best} e5 (1... c5 2. Nf3) 2. Nf3! Nc6 $1 *\n\n1. d4 d5 1/2-1/2\n";
        assert_eq!(
            read_games(text),
            vec![
                (
                    Some("8/8/8/8/8/8/8/K6k w - - 0 1".to_string()),
                    vec!["e4".into(), "e5".into(), "Nf3".into(), "Nc6".into()]
                ),
                (None, vec!["d4".into(), "d5".into()]),
            ]
        );
    }
}
