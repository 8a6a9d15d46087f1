//! PGN, the game records users already have: reading games (tags and
//! movetext: move numbers, comments, NAGs, variations skipped, results) and
//! writing the game played.
//!
//! Hand-written rather than `pgn-reader`: that crate hands the visitor only
//! tokens it can parse as orthodox 8x8 SAN and skips the others silently,
//! so `a10`, `!Cg5`, `Sd2` or `Nc3 (!C)` would vanish from a game without
//! a word; here every token is a move, a number, an annotation or an error.

use motley_interpreter::Game;

/// One game read from PGN text.
#[derive(Debug, Default)]
pub struct PgnGame {
    /// The tags in order: (name, value).
    pub tags: Vec<(String, String)>,
    /// The moves in order, each with its line and column in the text.
    pub moves: Vec<(String, usize, usize)>,
    /// The result token, if the movetext ended with one.
    pub result: Option<String>,
}

impl PgnGame {
    /// The value of tag `name`, if present.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// A problem in PGN text: line, column (1-based) and message.
#[derive(Debug, PartialEq, Eq)]
pub struct PgnError {
    /// Line, 1-based.
    pub line: usize,
    /// Column in characters, 1-based.
    pub col: usize,
    /// What is wrong.
    pub message: String,
}

const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// Reads every game of a PGN text. Text with neither tags nor moves is no game.
pub fn read(text: &str) -> Result<Vec<PgnGame>, PgnError> {
    let chars: Vec<char> = text.chars().collect();
    let mut at = Cursor {
        chars: &chars,
        i: 0,
        line: 1,
        col: 1,
    };
    let mut games = Vec::new();
    let mut game = PgnGame::default();
    let mut in_movetext = false;
    while let Some(c) = at.peek() {
        let (line, col) = (at.line, at.col);
        match c {
            c if c.is_whitespace() => at.bump(),
            '%' if col == 1 => at.skip_line(),
            ';' => at.skip_line(),
            '{' => {
                at.bump();
                while at.peek().is_some_and(|c| c != '}') {
                    at.bump();
                }
                if at.peek().is_none() {
                    return Err(at.error(line, col, "comment `{` is never closed"));
                }
                at.bump();
            }
            '[' if !in_movetext => game.tags.push(at.tag()?),
            '[' => {
                return Err(at.error(
                    line,
                    col,
                    "a tag after the moves: the game before has no result (`1-0`, `0-1`, `1/2-1/2` or `*`)",
                ))
            }
            '(' if at.chars.get(at.i + 1) == Some(&'!') => {
                // A declaration written after its move (§7): `Nc3 (!C)`.
                let word = at.word_until(')');
                match game.moves.last_mut() {
                    Some(last) if word.ends_with(')') => {
                        last.0 = format!("{} {word}", last.0);
                    }
                    _ => return Err(at.error(line, col, format!("`{word}` follows no move"))),
                }
            }
            '(' => at.skip_variation(line, col)?,
            ')' => return Err(at.error(line, col, "`)` closes no variation")),
            '$' => {
                at.bump();
                let digits = at.word();
                if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
                    return Err(at.error(line, col, format!("bad NAG `${digits}`")));
                }
            }
            _ => {
                in_movetext = true;
                let word = at.word();
                if word.is_empty() {
                    return Err(at.error(line, col, format!("unexpected `{c}`")));
                }
                if RESULTS.contains(&word.as_str()) {
                    game.result = Some(word);
                    games.push(std::mem::take(&mut game));
                    in_movetext = false;
                    continue;
                }
                // Move numbers: `12.`, `12...`, also glued to the move (`1.e4`).
                let digits = word.chars().take_while(char::is_ascii_digit).count();
                let rest = &word[digits..];
                let move_text = if digits > 0 && rest.starts_with('.') {
                    rest.trim_start_matches('.')
                } else {
                    &word
                };
                if !move_text.is_empty() {
                    let skipped = word.len() - move_text.len();
                    game.moves
                        .push((move_text.to_string(), line, col + skipped));
                }
            }
        }
    }
    if !game.tags.is_empty() || !game.moves.is_empty() {
        games.push(game);
    }
    Ok(games)
}

/// A place in PGN text.
struct Cursor<'a> {
    chars: &'a [char],
    i: usize,
    line: usize,
    col: usize,
}

impl Cursor<'_> {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.i).copied()
    }

    fn bump(&mut self) {
        if let Some(c) = self.peek() {
            self.i += 1;
            if c == '\n' {
                self.line += 1;
                self.col = 1;
            } else {
                self.col += 1;
            }
        }
    }

    fn skip_line(&mut self) {
        while self.peek().is_some_and(|c| c != '\n') {
            self.bump();
        }
    }

    fn error(&self, line: usize, col: usize, message: impl Into<String>) -> PgnError {
        PgnError {
            line,
            col,
            message: message.into(),
        }
    }

    /// A run of characters up to whitespace or a PGN delimiter.
    fn word(&mut self) -> String {
        let mut out = String::new();
        while let Some(c) = self.peek() {
            if c.is_whitespace() || "{}[]();$".contains(c) {
                break;
            }
            out.push(c);
            self.bump();
        }
        out
    }

    /// The characters up to and including `end` (or the end of the line).
    fn word_until(&mut self, end: char) -> String {
        let mut out = String::new();
        while let Some(c) = self.peek().filter(|&c| c != '\n') {
            out.push(c);
            self.bump();
            if c == end {
                break;
            }
        }
        out
    }

    /// `[Name "value"]`, with `\"` and `\\` escapes in the value.
    fn tag(&mut self) -> Result<(String, String), PgnError> {
        let (line, col) = (self.line, self.col);
        self.bump();
        let mut name = String::new();
        while let Some(c) = self.peek().filter(|c| c.is_alphanumeric() || *c == '_') {
            name.push(c);
            self.bump();
        }
        while self.peek().is_some_and(|c| c == ' ' || c == '\t') {
            self.bump();
        }
        if name.is_empty() || self.peek() != Some('"') {
            return Err(self.error(line, col, "bad tag: expected `[Name \"value\"]`"));
        }
        self.bump();
        let mut value = String::new();
        loop {
            match self.peek() {
                None | Some('\n') => {
                    return Err(self.error(
                        line,
                        col,
                        format!("tag `{name}`: the value is never closed"),
                    ))
                }
                Some('\\') => {
                    self.bump();
                    if let Some(c) = self.peek() {
                        value.push(c);
                        self.bump();
                    }
                }
                Some('"') => {
                    self.bump();
                    break;
                }
                Some(c) => {
                    value.push(c);
                    self.bump();
                }
            }
        }
        while self.peek().is_some_and(|c| c == ' ' || c == '\t') {
            self.bump();
        }
        if self.peek() != Some(']') {
            return Err(self.error(line, col, format!("tag `{name}`: expected `]`")));
        }
        self.bump();
        Ok((name, value))
    }

    /// A variation `( ... )`, nested ones and comments inside it included.
    fn skip_variation(&mut self, line: usize, col: usize) -> Result<(), PgnError> {
        let mut depth = 0;
        while let Some(c) = self.peek() {
            self.bump();
            match c {
                '(' => depth += 1,
                ')' => {
                    depth -= 1;
                    if depth == 0 {
                        return Ok(());
                    }
                }
                '{' => {
                    while self.peek().is_some_and(|c| c != '}') {
                        self.bump();
                    }
                    self.bump();
                }
                _ => {}
            }
        }
        Err(self.error(line, col, "variation `(` is never closed"))
    }
}

/// The moves of a movetext given on the command line (`--moves "1. e4 e5 2. Nf3"`).
pub fn movetext_moves(text: &str) -> Result<Vec<String>, String> {
    let games = read(text).map_err(|e| format!("bad movetext `{text}`: {}", e.message))?;
    let mut moves = Vec::new();
    for game in games {
        if !game.tags.is_empty() {
            return Err(format!(
                "bad movetext `{text}`: tags belong in a PGN file (--pgn)"
            ));
        }
        moves.extend(game.moves.into_iter().map(|(m, _, _)| m));
    }
    Ok(moves)
}

/// The PGN of a game as played from its start: the Seven Tag Roster (the
/// values in `tags`, `?` for the others), `Variant`, the other `tags` in
/// order, one `Ruling` per option not the default, `SetUp`/`FEN` when the
/// game did not start from the setup, then the movetext wrapped at 80
/// columns, `reason` as a closing comment and the result.
pub fn write(game: &Game, tags: &[(&str, String)], result: &str, reason: Option<&str>) -> String {
    const ROSTER: [&str; 6] = ["Event", "Site", "Date", "Round", "White", "Black"];
    let rules = game.rules();
    let given = |name: &str| {
        tags.iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.clone())
    };
    let mut lines: Vec<(&str, String)> = ROSTER
        .iter()
        .map(|&name| {
            let unknown = if name == "Date" { "????.??.??" } else { "?" };
            (name, given(name).unwrap_or_else(|| unknown.to_string()))
        })
        .collect();
    lines.push(("Result", result.to_string()));
    lines.push(("Variant", rules.variant().name.clone()));
    lines.extend(
        tags.iter()
            .filter(|(n, _)| !ROSTER.contains(n) && *n != "Result")
            .cloned(),
    );
    for ruling in &game.rule_file().rulings {
        let chosen = &rules.variant().rulings[&ruling.id];
        if *chosen != ruling.default.value {
            lines.push(("Ruling", format!("{}={chosen}", ruling.id)));
        }
    }
    if let Some(fen) = game.start_fen() {
        lines.push(("SetUp", "1".to_string()));
        lines.push(("FEN", fen.to_string()));
    }
    let mut out = String::new();
    for (name, value) in lines {
        let value = value.replace('\\', "\\\\").replace('"', "\\\"");
        out.push_str(&format!("[{name} \"{value}\"]\n"));
    }
    out.push('\n');
    let mut words = Vec::new();
    for (i, played) in game.played().iter().enumerate() {
        if played.starts_turn && played.side == motley_interpreter::Color::White {
            words.push(format!("{}.", played.number));
        } else if i == 0 {
            words.push(format!("{}...", played.number));
        }
        words.push(played.san.clone());
    }
    if let Some(reason) = reason {
        words.push(format!("{{{}}}", reason.replace('}', ")")));
    }
    words.push(result.to_string());
    let mut line = String::new();
    for word in words {
        if !line.is_empty() && line.len() + 1 + word.len() > 79 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&word);
    }
    out.push_str(&line);
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn movetext_with_numbers_comments_nags_variations_and_result() {
        let games = read(
            "[Event \"x \\\"y\\\"\"]\n\n1. e4 {best} e5 $1 2.Nf3 (2. f4 (2. d4) exf4) Nc6!? ; rest\n3... a6 1-0\n",
        )
        .unwrap();
        assert_eq!(games.len(), 1);
        assert_eq!(games[0].tag("Event"), Some("x \"y\""));
        let moves: Vec<&str> = games[0].moves.iter().map(|m| m.0.as_str()).collect();
        assert_eq!(moves, ["e4", "e5", "Nf3", "Nc6!?", "a6"]);
        assert_eq!(games[0].moves[2], ("Nf3".to_string(), 3, 22));
        assert_eq!(games[0].result.as_deref(), Some("1-0"));
    }

    #[test]
    fn a_declaration_after_its_move_belongs_to_it() {
        let moves = movetext_moves("1. Nc3 (!C) e5 2. !Cg5 *").unwrap();
        assert_eq!(moves, ["Nc3 (!C)", "e5", "!Cg5"]);
    }

    #[test]
    fn errors_name_line_and_column() {
        let e = read("1. e4 {never closed").unwrap_err();
        assert_eq!((e.line, e.col), (1, 7));
        let e = read("[Event \"x]\n").unwrap_err();
        assert_eq!(
            (e.line, e.col, e.message.as_str()),
            (1, 1, "tag `Event`: the value is never closed")
        );
        let e = read("1. e4 (e5\n").unwrap_err();
        assert_eq!(e.message, "variation `(` is never closed");
        assert!(read("1. e4 $x").is_err());
    }

    #[test]
    fn games_after_one_another_each_with_its_fen() {
        let text = "[Event \"x\"]\n[FEN \"8/8/8/8/8/8/8/K6k w - - 0 1\"]\n\n1. e4 {best} e5 (1... c5 2. Nf3) 2. Nf3! Nc6 $1 *\n\n1. d4 d5 1/2-1/2\n";
        let games = read(text).unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].tag("FEN"), Some("8/8/8/8/8/8/8/K6k w - - 0 1"));
        let moves = |g: &PgnGame| g.moves.iter().map(|m| m.0.clone()).collect::<Vec<_>>();
        assert_eq!(moves(&games[0]), ["e4", "e5", "Nf3!", "Nc6"]);
        assert_eq!(games[1].tag("FEN"), None);
        assert_eq!(moves(&games[1]), ["d4", "d5"]);
    }
}
