//! `motley play`: a game in the terminal against the search, or between
//! two people, or the search against itself; plain stdin/stdout, so it
//! also works with moves piped in. Colours when stdout is a terminal.

use std::io::{BufRead, IsTerminal, Write};
use std::time::Duration;

use motley_interpreter::Game;
use motley_interpreter::Rules;
use motley_interpreter::{piece_code, Color};
use motley_search::{Interpreted, Limits, Score, Searcher};

use crate::Failure;

/// Who plays a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Seat {
    /// Moves typed in.
    Human,
    /// The search.
    Engine,
}

/// What `motley play` was asked.
pub struct Options {
    /// Who plays White and Black.
    pub seats: [Seat; 2],
    /// The engine's time per move.
    pub time: Duration,
    /// Where to save the game as PGN at the end.
    pub pgn: Option<std::path::PathBuf>,
}

const HELP: &str = "Type a move (SAN like Nf3, or canonical text like g1f3), or:
  undo   take back your last move (and the engine's reply)
  hint   the engine's suggestion
  moves  the legal moves
  fen    the position as FEN
  pgn    the game so far as PGN
  quit   end the game";

/// Plays a game from `start` until it ends or a player quits.
pub fn run(start: Game, options: Options) -> Result<(), Failure> {
    let colour = std::io::stdout().is_terminal();
    let mut game = start.clone();
    let mut moves: Vec<String> = Vec::new();
    let mut searcher: Searcher<Interpreted> = Searcher::new(32);
    let mut input = std::io::stdin().lock().lines();
    let mut quit = false;
    println!("{}", game.rules().variant().name);
    if options.seats.contains(&Seat::Human) {
        println!("{HELP}");
    }
    let mut shown = 0;
    while game.outcome().is_none() {
        if shown != moves.len() + 1 {
            println!("\n{}", board(&game, colour));
            println!("{}", move_list(&game));
            shown = moves.len() + 1;
        }
        let side = game.position().side_to_move().index();
        if options.seats[side] == Seat::Engine {
            let Some(m) = think(&mut searcher, &game, options.time, true) else {
                break;
            };
            let s = game.play(&m).map_err(|e| Failure(e.to_string()))?;
            println!("{} plays {s}", Rules::colour_name(side));
            moves.push(m);
            continue;
        }
        print!("{} to move> ", Rules::colour_name(side));
        let _ = std::io::stdout().flush();
        let Some(Ok(line)) = input.next() else {
            quit = true;
            break;
        };
        match line.trim() {
            "" => {}
            "help" | "?" => println!("{HELP}"),
            "quit" | "exit" => {
                quit = true;
                break;
            }
            "fen" => println!("{}", game.fen()),
            "moves" => println!("{}", game.legal_moves().join(" ")),
            "pgn" => print!("{}", pgn(&game, "*", None)),
            "hint" => match think(&mut searcher, &game, options.time, false) {
                Some(m) => println!("hint: {m}"),
                None => println!("no legal move"),
            },
            "undo" if moves.is_empty() => println!("nothing to undo"),
            "undo" => {
                // Back to the latest position where a person was to move.
                let mut keep = moves.len();
                while keep > 0 {
                    keep -= 1;
                    let mut replay = start.clone();
                    for m in &moves[..keep] {
                        let _ = replay.play(m);
                    }
                    if options.seats[replay.position().side_to_move().index()] == Seat::Human {
                        game = replay;
                        moves.truncate(keep);
                        shown = 0;
                        break;
                    }
                }
            }
            text => {
                let mut probe = game.clone();
                match probe.play(text) {
                    Ok(_) => {
                        let canonical = canonical(&game, &probe);
                        game = probe;
                        moves.push(canonical);
                    }
                    Err(e) => println!("{e}"),
                }
            }
        }
    }
    println!("\n{}", board(&game, colour));
    println!("{}", move_list(&game));
    let (result, reason) = match game.outcome() {
        Some(o) => (o.score(), Some(o.reason.to_string())),
        None => ("*", quit.then(|| "game left unfinished".to_string())),
    };
    println!(
        "result: {result}{}",
        reason
            .as_ref()
            .map(|r| format!(" ({r})"))
            .unwrap_or_default()
    );
    let pgn = pgn(&game, result, reason.as_deref());
    match &options.pgn {
        Some(path) => {
            std::fs::write(path, &pgn)
                .map_err(|e| Failure(format!("{}: cannot write: {e}", path.display())))?;
            println!("saved {}", path.display());
        }
        None => print!("\n{pgn}"),
    }
    Ok(())
}

/// The canonical text of the move that led from `before` to `after`.
fn canonical(before: &Game, after: &Game) -> String {
    let target = after.fen();
    before
        .legal_moves()
        .into_iter()
        .find(|m| {
            let mut g = before.clone();
            g.play(m).is_ok() && g.fen() == target
        })
        .unwrap_or_default()
}

/// The search's move in `game` within `time`; prints its last `info` when `say`.
fn think(
    searcher: &mut Searcher<Interpreted>,
    game: &Game,
    time: Duration,
    say: bool,
) -> Option<String> {
    let rules = game.shared_rules();
    let mut position = Interpreted::new(rules.clone(), game.position().clone());
    let history = game.history();
    let before = &history[..history.len().saturating_sub(1)];
    let mut last = None;
    let best = searcher.search(
        &mut position,
        before,
        Limits {
            movetime: Some(time),
            ..Limits::default()
        },
        |info| last = Some(info.clone()),
    )?;
    if let (true, Some(info)) = (say, last) {
        let score = match info.score {
            Score::Centipawns(cp) => format!("{:+.2}", cp as f64 / 100.0),
            Score::Mate(n) => format!("mate in {n}"),
        };
        println!("(depth {}, {score}, {} nodes)", info.depth, info.nodes);
    }
    Some(rules.uci(&best))
}

/// The PGN of the game so far.
fn pgn(game: &Game, result: &str, reason: Option<&str>) -> String {
    let tags = [
        ("Event", "motley play".to_string()),
        ("Site", "motley".to_string()),
    ];
    crate::pgn::write(game, &tags, result, reason)
}

/// The move list in SAN with move numbers.
fn move_list(game: &Game) -> String {
    if game.played().is_empty() {
        return "moves: none yet".into();
    }
    let text = pgn(game, "", None);
    let body = text.split("\n\n").nth(1).unwrap_or("").trim();
    format!("moves: {}", body.replace('\n', " "))
}

/// The figurine of an orthodox piece, by its name; `None` for others.
fn figurine(name: &str, white: bool) -> Option<char> {
    let pieces = [
        ("king", '♔', '♚'),
        ("queen", '♕', '♛'),
        ("rook", '♖', '♜'),
        ("bishop", '♗', '♝'),
        ("knight", '♘', '♞'),
        ("pawn", '♙', '♟'),
    ];
    pieces
        .iter()
        .find(|p| p.0 == name)
        .map(|p| if white { p.1 } else { p.2 })
}

/// The board: figurines for the orthodox pieces, letters for the others,
/// frozen pieces marked `*`, walls `*` (LANGUAGE.md §11.6), then hands,
/// check and the side to move.
pub fn board(game: &Game, colour: bool) -> String {
    let rules = game.rules();
    let pos = game.position();
    let walls = pos.walls();
    let (files, ranks) = (rules.files() as usize, rules.ranks() as usize);
    let mut out = String::new();
    for rank in (0..ranks).rev() {
        out.push_str(&format!("{:>2} ", rank + 1));
        for file in 0..files {
            let sq = rank * files + file;
            let piece = pos.piece_at(sq as u8);
            let glyph = if walls.has(sq as u8) {
                '*'
            } else if piece == 0 {
                if colour {
                    ' '
                } else {
                    '.'
                }
            } else {
                let ty = (piece as usize - 1) / 2;
                let white = (piece as usize - 1) & 1 == 0;
                figurine(&rules.variant().pieces[ty].name, white)
                    .unwrap_or_else(|| rules.piece_letter(piece))
            };
            let frozen = if pos.frozen().has(sq as u8) { '*' } else { ' ' };
            if colour {
                let shade = if (rank + file) % 2 == 0 {
                    "48;5;137"
                } else {
                    "48;5;180"
                };
                out.push_str(&format!("\x1b[{shade};38;5;16m{glyph}{frozen}\x1b[0m"));
            } else {
                out.push(glyph);
                out.push(frozen);
            }
        }
        out.push('\n');
    }
    out.push_str("   ");
    for f in 0..files {
        out.push((b'a' + f as u8) as char);
        out.push(' ');
    }
    out.push('\n');
    if rules.tracks_hands() {
        for side in [0, 1] {
            let held: Vec<String> = (0..rules.piece_types())
                .filter(|&t| rules.held(pos, side, t) > 0)
                .map(|t| {
                    format!(
                        "{}x{}",
                        rules.held(pos, side, t),
                        rules.piece_letter(piece_code(t, Color::from_index(side)))
                    )
                })
                .collect();
            out.push_str(&format!(
                "{} hand: {}\n",
                Rules::colour_name(side),
                if held.is_empty() {
                    "-".into()
                } else {
                    held.join(" ")
                }
            ));
        }
    }
    if !pos.frozen().is_empty() {
        out.push_str("* frozen\n");
    }
    let check = if rules.in_check(pos) {
        ", in check"
    } else {
        ""
    };
    out.push_str(&format!("{} to move{check}", pos.side_to_move().name()));
    out
}
