//! `motley match`: a referee for engine matches under any rule file. Every
//! move an engine sends is checked against the interpreter's legal moves,
//! every end is adjudicated by the rule file, colours alternate, games
//! are written as PGN, and the score is given with its Elo difference.

pub mod elo;
pub mod player;

use std::path::PathBuf;
use std::time::{Duration, Instant};

use motley_interpreter::Game;

use crate::Failure;
use elo::Tally;
use player::{Failed, Player, Protocol, Turn};

/// What `motley match` was asked.
pub struct Options {
    /// The rule file.
    pub file: PathBuf,
    /// The two engines' commands and protocols.
    pub engines: Vec<(String, Protocol)>,
    /// Games to play.
    pub games: u32,
    /// Time control: base and increment.
    pub tc: Option<(Duration, Duration)>,
    /// Fixed time per move.
    pub movetime: Option<Duration>,
    /// Fixed depth per move.
    pub depth: Option<u32>,
    /// Time an engine may overstep its clock before it loses on time.
    pub margin: Duration,
    /// Openings: a PGN or EPD/FEN file.
    pub openings: Option<PathBuf>,
    /// `ID=VALUE` rulings.
    pub rulings: Vec<String>,
    /// Where to write the games.
    pub pgn: Option<PathBuf>,
    /// Plies after which a game is adjudicated a draw.
    pub max_plies: usize,
}

/// An opening: a start FEN (or the setup) and moves from it.
#[derive(Clone, Debug, Default)]
struct Opening {
    fen: Option<String>,
    moves: Vec<String>,
}

/// How one game ended.
struct Ending {
    /// 0 White won, 1 Black won, `None` a draw.
    winner: Option<usize>,
    reason: String,
}

/// Parses `10+0.1` (seconds and increment) or `40/60+0`-less forms like `5`.
pub fn parse_tc(text: &str) -> Result<(Duration, Duration), Failure> {
    let bad = || {
        Failure(format!(
            "bad --tc `{text}`: expected BASE+INC in seconds, e.g. 10+0.1"
        ))
    };
    let (base, inc) = text.split_once('+').unwrap_or((text, "0"));
    let seconds = |s: &str| -> Result<Duration, Failure> {
        let v: f64 = s.trim().parse().map_err(|_| bad())?;
        if !(0.0..=86_400.0).contains(&v) {
            return Err(bad());
        }
        Ok(Duration::from_secs_f64(v))
    };
    let (base, inc) = (seconds(base)?, seconds(inc)?);
    if base.is_zero() && inc.is_zero() {
        return Err(bad());
    }
    Ok((base, inc))
}

/// Runs the match; prints each game's result, then the score and Elo.
#[expect(clippy::too_many_lines, reason = "to be split (issue 14)")]
pub fn run(options: Options) -> Result<(), Failure> {
    if options.engines.len() != 2 {
        return Err(Failure(format!(
            "a match needs two engines (--engine CMD twice), got {}",
            options.engines.len()
        )));
    }
    let start = crate::game(
        &options.file,
        &crate::At {
            fen: None,
            moves: Vec::new(),
            rulings: options.rulings.clone(),
            ..crate::At::default()
        },
    )?;
    let variant = start.rules().variant().name.clone();
    let openings = read_openings(&options, &start)?;
    let mut players: Vec<Option<Player>> = vec![None, None];
    let mut names = [String::new(), String::new()];
    for (i, (command, protocol)) in options.engines.iter().enumerate() {
        let player = Player::start(command, *protocol, &variant).map_err(Failure)?;
        names[i] = player.name.clone();
        players[i] = Some(player);
    }
    if names[0] == names[1] {
        names[0].push_str(" (1)");
        names[1].push_str(" (2)");
    }
    let mut tally = Tally::default();
    let mut pgn_out = String::new();
    for round in 0..options.games {
        let opening = &openings[(round as usize / 2) % openings.len()];
        // Colours alternate; each opening is played from both sides.
        let first_is_white = round % 2 == 0;
        let seats = if first_is_white { [0, 1] } else { [1, 0] };
        if opening.fen.is_some() {
            for &seat in &seats {
                if players[seat].as_ref().is_some_and(|p| !p.sets_up()) {
                    return Err(Failure(format!(
                        "{} cannot start from a FEN (no setboard); use openings as moves",
                        names[seat]
                    )));
                }
            }
        }
        let mut game = start.clone();
        if let Some(fen) = &opening.fen {
            game.set_fen(fen)
                .map_err(|e| Failure(format!("opening: {e}")))?;
        }
        let mut san = Vec::new();
        let mut moves: Vec<String> = Vec::new();
        for m in &opening.moves {
            let text = played_text(&game, m)?;
            san.push(game.play(m).map_err(|e| Failure(format!("opening: {e}")))?);
            moves.push(text);
        }
        for &seat in &seats {
            if let Some(p) = players[seat].as_mut() {
                p.new_game().map_err(Failure)?;
            }
        }
        let ending = play_game(
            &options,
            &mut players,
            seats,
            &mut game,
            &mut moves,
            &mut san,
            opening,
        );
        // Engines that failed are started afresh for the next game.
        for (seat, (command, protocol)) in options.engines.iter().enumerate() {
            if players[seat].is_none() {
                players[seat] = Some(Player::start(command, *protocol, &variant).map_err(Failure)?);
            }
        }
        let result = match ending.winner {
            Some(0) => "1-0",
            Some(_) => "0-1",
            None => "1/2-1/2",
        };
        match ending.winner.map(|w| seats[w]) {
            Some(0) => tally.wins += 1,
            Some(_) => tally.losses += 1,
            None => tally.draws += 1,
        }
        println!(
            "game {}: {} vs {}: {result} ({}) after {} plies",
            round + 1,
            names[seats[0]],
            names[seats[1]],
            ending.reason,
            moves.len()
        );
        let tags = [
            ("Event", format!("motley match: {variant}")),
            ("Site", "motley".into()),
            ("Round", (round + 1).to_string()),
            ("White", names[seats[0]].clone()),
            ("Black", names[seats[1]].clone()),
            ("TimeControl", time_control(&options)),
            ("Termination", ending.reason.clone()),
        ];
        pgn_out.push_str(&crate::pgn::write(
            &game,
            &tags,
            result,
            Some(&ending.reason),
        ));
        pgn_out.push('\n');
        if let Some(path) = &options.pgn {
            std::fs::write(path, &pgn_out)
                .map_err(|e| Failure(format!("{}: cannot write: {e}", path.display())))?;
        }
    }
    for player in players.into_iter().flatten() {
        player.quit();
    }
    println!(
        "Score of {} vs {}: {} - {} - {} [{:.3}] {}",
        names[0],
        names[1],
        tally.wins,
        tally.losses,
        tally.draws,
        tally.score(),
        tally.games()
    );
    println!("{}", tally.elo_text());
    Ok(())
}

/// The canonical text of a move given as SAN or canonical text.
fn played_text(game: &Game, m: &str) -> Result<String, Failure> {
    let mut probe = game.clone();
    let before = probe.legal_moves();
    probe
        .play(m)
        .map_err(|e| Failure(format!("opening: {e}")))?;
    let after = probe.fen();
    before
        .into_iter()
        .find(|t| {
            let mut g = game.clone();
            g.play(t).is_ok() && g.fen() == after
        })
        .ok_or_else(|| Failure(format!("opening: cannot name `{m}`")))
}

fn time_control(options: &Options) -> String {
    match (options.tc, options.movetime, options.depth) {
        (Some((base, inc)), _, _) => format!("{}+{}", base.as_secs_f64(), inc.as_secs_f64()),
        (None, Some(t), _) => format!("{}/move", t.as_secs_f64()),
        (None, None, Some(d)) => format!("depth {d}"),
        _ => "-".into(),
    }
}

/// The openings to play: from the file, or the setup alone.
fn read_openings(options: &Options, start: &Game) -> Result<Vec<Opening>, Failure> {
    let Some(path) = &options.openings else {
        return Ok(vec![Opening::default()]);
    };
    let text = crate::read(path)?;
    let is_pgn = path.extension().is_some_and(|e| e == "pgn");
    let openings: Vec<Opening> = if is_pgn {
        crate::pgn::read(&text)
            .map_err(|e| crate::pgn_failure(path, &e))?
            .into_iter()
            .map(|game| Opening {
                fen: game.tag("FEN").map(str::to_string),
                moves: game.moves.into_iter().map(|(m, _, _)| m).collect(),
            })
            .collect()
    } else {
        text.lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .map(|l| Opening {
                // EPD operations after the fields are dropped.
                fen: Some(l.split(';').next().unwrap_or(l).trim().to_string()),
                moves: Vec::new(),
            })
            .collect()
    };
    for (i, o) in openings.iter().enumerate() {
        let mut game = start.clone();
        if let Some(fen) = &o.fen {
            game.set_fen(fen)
                .map_err(|e| Failure(format!("{}: opening {}: {e}", path.display(), i + 1)))?;
        }
        for m in &o.moves {
            game.play(m)
                .map_err(|e| Failure(format!("{}: opening {}: {e}", path.display(), i + 1)))?;
        }
    }
    if openings.is_empty() {
        return Err(Failure(format!("{}: no openings", path.display())));
    }
    Ok(openings)
}

/// Plays one game; `seats[colour]` is the index of the engine playing it.
fn play_game(
    options: &Options,
    players: &mut [Option<Player>],
    seats: [usize; 2],
    game: &mut Game,
    moves: &mut Vec<String>,
    san: &mut Vec<String>,
    opening: &Opening,
) -> Ending {
    let mut clocks = options.tc.map(|(base, _)| [base, base]);
    let increment = options.tc.map(|t| t.1).unwrap_or_default();
    loop {
        if let Some(outcome) = game.outcome() {
            return Ending {
                winner: outcome.winner.map(motley_interpreter::Color::index),
                reason: outcome.reason.to_string(),
            };
        }
        if moves.len() >= options.max_plies {
            return Ending {
                winner: None,
                reason: format!("adjudicated a draw after {} plies", options.max_plies),
            };
        }
        let side = game.position().side_to_move().index();
        let seat = seats[side];
        let deadline = match (clocks, options.movetime) {
            (Some(c), _) => c[side] + options.margin,
            (None, Some(t)) => t + options.margin + Duration::from_secs(1),
            (None, None) => Duration::from_secs(600),
        };
        let turn = Turn {
            fen: opening.fen.as_deref(),
            moves,
            side,
            clocks: clocks.map(|c| (c, increment)),
            movetime: options.movetime,
            depth: options.depth,
            deadline,
        };
        let Some(player) = players[seat].as_mut() else {
            return Ending {
                winner: Some(side ^ 1),
                reason: "engine missing".into(),
            };
        };
        let began = Instant::now();
        let reply = player.go(&turn);
        let used = began.elapsed();
        let colour = if side == 0 { "White" } else { "Black" };
        let text = match reply {
            Ok(text) => text,
            Err(failed) => {
                let reason = match failed {
                    Failed::Timeout => format!("{colour} lost on time (no move)"),
                    Failed::Crashed => format!("{colour}'s engine crashed"),
                    Failed::Resigned => format!("{colour} resigned"),
                };
                if !matches!(failed, Failed::Resigned) {
                    if let Some(p) = players[seat].take() {
                        p.quit();
                    }
                }
                return Ending {
                    winner: Some(side ^ 1),
                    reason,
                };
            }
        };
        if let Some(c) = clocks.as_mut() {
            if used > c[side] + options.margin {
                return Ending {
                    winner: Some(side ^ 1),
                    reason: format!("{colour} lost on time"),
                };
            }
            c[side] = c[side].saturating_sub(used) + increment;
        }
        let fen = game.fen();
        match game.play(&text) {
            Ok(s) => {
                san.push(s);
                moves.push(text);
            }
            Err(e) => {
                eprintln!("illegal move by {}: {e}", player.name);
                return Ending {
                    winner: Some(side ^ 1),
                    reason: format!("{colour} played the illegal move {text} in {fen}"),
                };
            }
        }
    }
}
