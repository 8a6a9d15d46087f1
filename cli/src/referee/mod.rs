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

/// The options of `motley match`.
#[derive(clap::Args)]
pub struct MatchArgs {
    /// Rule file.
    file: PathBuf,
    /// An engine's command line (run by sh); give exactly two.
    #[arg(long = "engine", value_name = "CMD", required = true)]
    engines: Vec<String>,
    /// The engines' protocols, in the order of --engine (default uci).
    #[arg(long = "protocol", value_enum)]
    protocols: Vec<Protocol>,
    /// Games to play; colours alternate.
    #[arg(long, default_value_t = 2)]
    games: u32,
    /// Time control BASE+INC in seconds, e.g. 10+0.1.
    #[arg(long, conflicts_with = "movetime")]
    tc: Option<String>,
    /// Fixed time per move in milliseconds.
    #[arg(long, value_name = "MS")]
    movetime: Option<u64>,
    /// Fixed search depth per move.
    #[arg(long)]
    depth: Option<u32>,
    /// Milliseconds an engine may overstep its clock before losing on time.
    #[arg(long, value_name = "MS", default_value_t = 200)]
    margin: u64,
    /// Longest wall-clock wait for one move, in seconds, whatever the
    /// limits (with --depth the only one): an engine silent for that long
    /// loses on time and is restarted.
    #[arg(long, value_name = "SECONDS", default_value = DEFAULT_MOVE_LIMIT, value_parser = move_limit)]
    move_limit: Duration,
    /// Openings: a PGN file (moves, FEN tags) or EPD/FEN lines; each is played with both colours.
    #[arg(long, value_name = "FILE")]
    openings: Option<PathBuf>,
    /// Set a ruling, e.g. --ruling fool.pawn-capture=diagonal.
    #[arg(long = "ruling", value_name = "ID=VALUE")]
    rulings: Vec<String>,
    /// Write the games as PGN here.
    #[arg(long, value_name = "FILE")]
    pgn: Option<PathBuf>,
    /// Plies after which a game is adjudicated a draw.
    #[arg(long, default_value_t = 600)]
    max_plies: usize,
}

/// The default of `--move-limit`: a minute, far beyond what a depth-limited
/// search of a match takes, short enough that a hung engine does not hold
/// a sweep for long.
const DEFAULT_MOVE_LIMIT: &str = "60";

/// How long or deep an engine may think: what `motley match` is given and
/// what each turn passes on to the engine.
#[derive(Clone, Copy, Debug, Default)]
pub struct Limits {
    /// Time control: base and increment.
    pub tc: Option<(Duration, Duration)>,
    /// Fixed time per move.
    pub movetime: Option<Duration>,
    /// Fixed depth per move.
    pub depth: Option<u32>,
}

impl MatchArgs {
    /// The limits asked for: without any, the time control 10+0.1.
    fn limits(&self) -> Result<Limits, Failure> {
        let tc = self.tc.as_deref().map(parse_tc).transpose()?;
        let tc = if tc.is_none() && self.movetime.is_none() && self.depth.is_none() {
            Some(parse_tc("10+0.1")?)
        } else {
            tc
        };
        Ok(Limits {
            tc,
            movetime: self.movetime.map(Duration::from_millis),
            depth: self.depth,
        })
    }

    /// Each engine's command and protocol (UCI where none is given).
    fn engines(&self) -> impl Iterator<Item = (&str, Protocol)> {
        self.engines.iter().enumerate().map(|(i, command)| {
            let protocol = self.protocols.get(i).copied();
            (command.as_str(), protocol.unwrap_or(Protocol::Uci))
        })
    }

    /// Time an engine may overstep its clock before it loses on time.
    fn margin(&self) -> Duration {
        Duration::from_millis(self.margin)
    }
}

impl Limits {
    /// The PGN `TimeControl` tag's value: `BASE+INC`, `T/move`, `depth D`
    /// or `-`.
    fn time_control(&self) -> String {
        match (self.tc, self.movetime, self.depth) {
            (Some((base, inc)), _, _) => format!("{}+{}", base.as_secs_f64(), inc.as_secs_f64()),
            (None, Some(t), _) => format!("{}/move", t.as_secs_f64()),
            (None, None, Some(d)) => format!("depth {d}"),
            _ => "-".into(),
        }
    }
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
    /// An engine refused what the referee sent: the game is not scored.
    error: bool,
}

impl Ending {
    /// An end by the rules or by a player's fault.
    fn scored(winner: Option<usize>, reason: String) -> Ending {
        Ending {
            winner,
            reason,
            error: false,
        }
    }
}

/// Reads `--move-limit`: a positive number of seconds.
fn move_limit(text: &str) -> Result<Duration, String> {
    text.trim()
        .parse::<f64>()
        .ok()
        .and_then(|s| Duration::try_from_secs_f64(s).ok())
        .filter(|t| !t.is_zero())
        .ok_or_else(|| "expected a positive number of seconds, e.g. 60 or 0.5".into())
}

/// Parses `10+0.1` (seconds and increment) or `40/60+0`-less forms like `5`.
fn parse_tc(text: &str) -> Result<(Duration, Duration), Failure> {
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

/// The two engines of a match: `players[i]` runs `options.engines[i]`
/// (`None` after a failure, until restarted); `names[i]` tells them apart.
struct Seats {
    players: Vec<Option<Player>>,
    names: [String; 2],
}

/// One game as it was played.
struct Played {
    game: Game,
    moves: Vec<String>,
    ending: Ending,
}

/// Runs the match; prints each game's result, then the score and Elo.
pub fn run(options: MatchArgs) -> Result<(), Failure> {
    if options.protocols.len() > options.engines.len() {
        return Err(Failure("more --protocol than --engine options".into()));
    }
    let limits = options.limits()?;
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
    let mut seats = start_engines(&options, &variant)?;
    let mut tally = Tally::default();
    let mut errors = 0;
    let mut pgn_out = String::new();
    for round in 0..options.games {
        let opening = &openings[(round as usize / 2) % openings.len()];
        // Colours alternate; each opening is played from both sides.
        let order = if round % 2 == 0 { [0, 1] } else { [1, 0] };
        let played = play_round(&options, &limits, &mut seats, &start, opening, order)?;
        // Engines that failed are started afresh for the next game.
        restart_failed(&options, &mut seats, &variant)?;
        match played.ending.winner.map(|w| order[w]) {
            _ if played.ending.error => errors += 1,
            Some(0) => tally.wins += 1,
            Some(_) => tally.losses += 1,
            None => tally.draws += 1,
        }
        pgn_out.push_str(&record(&limits, &seats, &variant, round, order, &played));
        if let Some(path) = &options.pgn {
            std::fs::write(path, &pgn_out)
                .map_err(|e| Failure(format!("{}: cannot write: {e}", path.display())))?;
        }
    }
    for player in seats.players.into_iter().flatten() {
        player.quit();
    }
    let names = &seats.names;
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
    if errors > 0 {
        println!("{errors} game(s) ended by an engine error, not scored");
    }
    println!("{}", tally.elo_text());
    Ok(())
}

/// Starts both engines and names them apart.
fn start_engines(options: &MatchArgs, variant: &str) -> Result<Seats, Failure> {
    let mut players = Vec::new();
    let mut names = [String::new(), String::new()];
    for (i, (command, protocol)) in options.engines().enumerate() {
        let player = Player::start(command, protocol, variant).map_err(Failure)?;
        names[i] = player.name.clone();
        players.push(Some(player));
    }
    if names[0] == names[1] {
        names[0].push_str(" (1)");
        names[1].push_str(" (2)");
    }
    Ok(Seats { players, names })
}

/// Starts afresh the engines that failed in the last game.
fn restart_failed(options: &MatchArgs, seats: &mut Seats, variant: &str) -> Result<(), Failure> {
    for (seat, (command, protocol)) in options.engines().enumerate() {
        if seats.players[seat].is_none() {
            seats.players[seat] = Some(Player::start(command, protocol, variant).map_err(Failure)?);
        }
    }
    Ok(())
}

/// Plays one game from `opening`; `order[colour]` is the engine playing it.
fn play_round(
    options: &MatchArgs,
    limits: &Limits,
    seats: &mut Seats,
    start: &Game,
    opening: &Opening,
    order: [usize; 2],
) -> Result<Played, Failure> {
    if opening.fen.is_some() {
        for &seat in &order {
            if seats.players[seat].as_ref().is_some_and(|p| !p.sets_up()) {
                return Err(Failure(format!(
                    "{} cannot start from a FEN (no setboard); use openings as moves",
                    seats.names[seat]
                )));
            }
        }
    }
    let mut game = start.clone();
    if let Some(fen) = &opening.fen {
        game.set_fen(fen)
            .map_err(|e| Failure(format!("opening: {e}")))?;
    }
    let mut moves: Vec<String> = Vec::new();
    for m in &opening.moves {
        let text = played_text(&game, m)?;
        game.play(m).map_err(|e| Failure(format!("opening: {e}")))?;
        moves.push(text);
    }
    for &seat in &order {
        if let Some(p) = seats.players[seat].as_mut() {
            p.new_game().map_err(Failure)?;
        }
    }
    let ending = play_game(
        options,
        limits,
        &mut seats.players,
        order,
        &mut game,
        &mut moves,
        opening,
    );
    Ok(Played {
        game,
        moves,
        ending,
    })
}

/// Prints a game's result line and returns its PGN.
fn record(
    limits: &Limits,
    seats: &Seats,
    variant: &str,
    round: u32,
    order: [usize; 2],
    played: &Played,
) -> String {
    let ending = &played.ending;
    let result = match ending.winner {
        _ if ending.error => "*",
        Some(0) => "1-0",
        Some(_) => "0-1",
        None => "1/2-1/2",
    };
    let [white, black] = order.map(|seat| seats.names[seat].clone());
    println!(
        "game {}: {white} vs {black}: {result} ({}) after {} plies",
        round + 1,
        ending.reason,
        played.moves.len()
    );
    let tags = [
        ("Event", format!("motley match: {variant}")),
        ("Site", "motley".into()),
        ("Round", (round + 1).to_string()),
        ("White", white),
        ("Black", black),
        ("TimeControl", limits.time_control()),
        ("Termination", ending.reason.clone()),
    ];
    let mut pgn = crate::pgn::write(&played.game, &tags, result, Some(&ending.reason));
    pgn.push('\n');
    pgn
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

/// The openings to play: from the file, or the setup alone.
fn read_openings(options: &MatchArgs, start: &Game) -> Result<Vec<Opening>, Failure> {
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
    options: &MatchArgs,
    limits: &Limits,
    players: &mut [Option<Player>],
    seats: [usize; 2],
    game: &mut Game,
    moves: &mut Vec<String>,
    opening: &Opening,
) -> Ending {
    let mut clocks = limits.tc.map(|(base, _)| [base, base]);
    let increment = limits.tc.map(|t| t.1).unwrap_or_default();
    loop {
        if let Some(outcome) = game.outcome() {
            return Ending::scored(
                outcome.winner.map(motley_interpreter::Color::index),
                outcome.reason.to_string(),
            );
        }
        if moves.len() >= options.max_plies {
            return Ending::scored(
                None,
                format!("adjudicated a draw after {} plies", options.max_plies),
            );
        }
        let side = game.position().side_to_move().index();
        let seat = seats[side];
        let deadline = match (clocks, limits.movetime) {
            (Some(c), _) => Some(c[side] + options.margin()),
            (None, Some(t)) => Some(t + options.margin() + Duration::from_secs(1)),
            (None, None) => None,
        };
        let move_limit = options.move_limit;
        let capped = deadline.is_none_or(|d| move_limit < d);
        let deadline = deadline.map_or(move_limit, |d| d.min(move_limit));
        let turn = Turn {
            fen: opening.fen.as_deref(),
            moves,
            side,
            clocks: clocks.map(|c| (c, increment)),
            limits: *limits,
            deadline,
        };
        let colour = if side == 0 { "White" } else { "Black" };
        let Some(player) = players[seat].as_mut() else {
            return Ending::scored(Some(side ^ 1), format!("{colour}'s engine is missing"));
        };
        let began = Instant::now();
        let reply = player.go(&turn);
        let used = began.elapsed();
        let text = match reply {
            Ok(text) => text,
            Err(failed) => {
                let waited = if capped {
                    Waited::MoveLimit(move_limit)
                } else {
                    Waited::Clock(used)
                };
                return failure(&mut players[seat], failed, side, waited, &game.fen());
            }
        };
        if let Some(c) = clocks.as_mut() {
            if used > c[side] + options.margin() {
                return Ending::scored(Some(side ^ 1), format!("{colour} lost on time"));
            }
            c[side] = c[side].saturating_sub(used) + increment;
        }
        let fen = game.fen();
        match game.play(&text) {
            Ok(_) => moves.push(text),
            Err(e) => {
                eprintln!("illegal move by {}: {e}", player.name);
                return Ending::scored(
                    Some(side ^ 1),
                    format!("{colour} played the illegal move {text} in {fen}"),
                );
            }
        }
    }
}

/// What bounded the wait for a move that did not come.
enum Waited {
    /// The clock or the fixed move time: how long the referee waited.
    Clock(Duration),
    /// `--move-limit`, shorter than the clock or the only bound.
    MoveLimit(Duration),
}

/// How a game ends when `side`'s engine gave no move in the position
/// `fen` after waiting as `waited` says. An engine that hung, crashed or
/// refused a move is stopped (to be started afresh); a refusal is the
/// engine's error, not a loss.
fn failure(
    player: &mut Option<Player>,
    failed: Failed,
    side: usize,
    waited: Waited,
    fen: &str,
) -> Ending {
    let colour = if side == 0 { "White" } else { "Black" };
    let name = player.as_ref().map_or(String::new(), |p| p.name.clone());
    let ending = match &failed {
        Failed::Timeout => Ending::scored(
            Some(side ^ 1),
            match waited {
                Waited::Clock(used) => format!(
                    "{colour} lost on time (no move in {:.2} s)",
                    used.as_secs_f64()
                ),
                Waited::MoveLimit(limit) => format!(
                    "{colour} lost on time (no move within the move limit of {} s)",
                    limit.as_secs_f64()
                ),
            },
        ),
        Failed::Crashed => Ending::scored(Some(side ^ 1), format!("{colour}'s engine crashed")),
        Failed::Resigned => return Ending::scored(Some(side ^ 1), format!("{colour} resigned")),
        Failed::Refused(line) => Ending {
            winner: None,
            reason: format!("engine error: {name} ({colour}) answered `{line}` in {fen}"),
            error: true,
        },
    };
    if let Some(p) = player.take() {
        p.quit();
    }
    ending
}
