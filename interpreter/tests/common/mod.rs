//! What the interpreter's integration tests share: small rule files
//! written in the tests. Each test crate uses a part of it.
#![allow(dead_code)]

use motley_interpreter::Game;

/// The first lines of a rule file: the language version, `name`, a board
/// of `files` by `ranks`, and the `pieces` key; the pieces follow.
pub fn head(name: &str, files: u8, ranks: u8) -> String {
    format!(
        "motley: 1
name: {name}
board: {{ files: {files}, ranks: {ranks} }}
pieces:
"
    )
}

/// The opening lines of a rule file: [`head`] and a royal king as the
/// first piece; the other pieces and the other keys follow.
pub fn opening(name: &str, files: u8, ranks: u8) -> String {
    head(name, files, ranks) + "  - { letter: K, name: king, moves: K, royal: true }\n"
}

/// A rook, as a line of the `pieces` list.
pub const ROOK: &str = "  - { letter: R, name: rook, moves: R }\n";

/// The game of a rule file's text; a rule file that does not load fails
/// the test with its diagnostic.
pub fn game_of(source: &str) -> Game {
    Game::from_source(source).unwrap_or_else(|e| panic!("{e}"))
}
