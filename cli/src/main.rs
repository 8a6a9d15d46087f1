//! `motley`: check rule files, list moves, print positions, run perft and
//! conformance suites. The output contract is documented in the README.
#![forbid(unsafe_code)]

#[macro_use]
mod output;

mod conform;
mod engine;
mod explore;
mod pgn;
mod play;
mod progress;
mod referee;
mod report;

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

use clap::{Args, Parser, Subcommand};
use motley_interpreter::play::PlayError;
use motley_interpreter::{build, Game, MAX_PERFT_DEPTH};

#[derive(Parser)]
#[command(
    name = "motley",
    version,
    about = "Chess variants from declarative rule files"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Check a rule file; print each problem as FILE:LINE:COL with a caret snippet.
    Check {
        /// Rule files to check.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Count the leaf nodes of the legal-move tree; the last line is the count.
    Perft {
        /// Rule file.
        file: PathBuf,
        /// Depth in plies (at most 64).
        #[arg(value_parser = perft_depth)]
        depth: u32,
        #[command(flatten)]
        at: At,
        /// First print `MOVE COUNT` for every root move.
        #[arg(long)]
        divide: bool,
        /// Worker threads (1 to 256); they split the root moves.
        #[arg(long, default_value_t = 1, value_parser = thread_count)]
        threads: usize,
        /// Implementation: interp, engine (the hand-written engine, by the
        /// rule file's name), fsf or fsf:VARIANT (Fairy-Stockfish), both
        /// (interp and engine compared; the first difference is printed and
        /// the exit code is 1) or both:fsf[:VARIANT] (interp and FSF).
        #[arg(long = "impl", value_name = "IMPL", default_value = "interp")]
        implementation: conform::PerftImpl,
    },
    /// List the legal moves, one per line, sorted, in canonical text (or SAN).
    Moves {
        /// Rule file.
        file: PathBuf,
        #[command(flatten)]
        at: At,
        /// Print SAN (in the variant's own notation) instead, sorted.
        #[arg(long)]
        san: bool,
    },
    /// Print the outcome line alone: `1-0 by checkmate`, `1/2-1/2 by
    /// stalemate`, or `* white to move` while the game goes on.
    Status {
        /// Rule file.
        file: PathBuf,
        #[command(flatten)]
        at: At,
    },
    /// Show the position as a board, with its FEN; `--as` shows what one
    /// player may see when the variant hides pieces.
    Show {
        /// Rule file.
        file: PathBuf,
        #[command(flatten)]
        at: At,
        /// Show the position as this player sees it: white or black.
        #[arg(long = "as", value_name = "PLAYER")]
        viewer: Option<String>,
    },
    /// Print the FEN of the position.
    Fen {
        /// Rule file.
        file: PathBuf,
        #[command(flatten)]
        at: At,
    },
    /// Run conformance case files; print `FILE: CASE: difference` per failing case, then the counts.
    Conform {
        /// Case files or folders (searched recursively for *.yaml); default conformance/cases.
        paths: Vec<PathBuf>,
        /// Implementation: interp, engine, fsf[:VARIANT] (Fairy-Stockfish), or
        /// uci:COMMAND for an external UCI engine (perft only).
        #[arg(long = "impl", value_name = "IMPL", default_value = "interp")]
        implementation: String,
        /// Run only perft counts of at most N nodes (overrides the files' budgets).
        #[arg(long, value_name = "N")]
        budget: Option<u64>,
        /// Run every perft count, whatever the budgets.
        #[arg(long, conflicts_with = "budget")]
        full: bool,
        /// Also list skipped cases and counts not run, and the time taken.
        #[arg(long, short)]
        verbose: bool,
        /// Worker threads, 1 to 256 (default: all cores; 1 for UCI).
        #[arg(long, value_parser = thread_count)]
        threads: Option<usize>,
        /// Seconds a UCI engine may take over one question (default 60; the
        /// handshake gets at most 20).
        #[arg(long, value_name = "SECONDS", value_parser = uci_timeout)]
        uci_timeout: Option<std::time::Duration>,
    },
    /// Look for the shortest game after which a ruling's options, or the
    /// interpreter and the engine, disagree.
    Explore {
        /// Rule file.
        file: PathBuf,
        /// Compare each option of this ruling with its default.
        #[arg(long, conflicts_with = "against", required_unless_present = "against")]
        ruling: Option<String>,
        /// Compare the interpreter with `engine`, or with Fairy-Stockfish:
        /// `fsf` (its variant named by the file's stem) or `fsf:VARIANT`.
        #[arg(long, value_parser = explore::against)]
        against: Option<motley_conformance::ImplKind>,
        /// Number of seeded random games to play.
        #[arg(long, default_value_t = 200)]
        budget: usize,
        /// The seed of the games.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Speak UCI on stdin/stdout: the bundled variants and FILEs, chosen
    /// with the UCI_Variant option.
    Uci {
        /// Rule files to offer besides the bundled variants (the first is the default).
        files: Vec<PathBuf>,
        /// Play uniformly random legal moves from this seed instead of searching.
        #[arg(long, value_name = "SEED")]
        random: Option<u64>,
    },
    /// Speak CECP (XBoard/WinBoard protocol v2) on stdin/stdout.
    Xboard {
        /// Rule files to offer besides the bundled variants.
        files: Vec<PathBuf>,
    },
    /// Play a game in the terminal: people, the engine, or both.
    Play {
        /// Rule file.
        file: PathBuf,
        /// Who plays White.
        #[arg(long, value_enum, default_value = "human")]
        white: play::Seat,
        /// Who plays Black.
        #[arg(long, value_enum, default_value = "engine")]
        black: play::Seat,
        /// The engine's time per move, in seconds.
        #[arg(long, default_value_t = 2.0)]
        time: f64,
        /// Save the game as PGN here at the end (else it is printed).
        #[arg(long, value_name = "FILE")]
        pgn: Option<PathBuf>,
        #[command(flatten)]
        at: At,
    },
    /// Referee a match between two engines under a rule file.
    Match {
        /// Rule file.
        file: PathBuf,
        /// An engine's command line (run by sh); give exactly two.
        #[arg(long = "engine", value_name = "CMD", required = true)]
        engines: Vec<String>,
        /// The engines' protocols, in the order of --engine (default uci).
        #[arg(long = "protocol", value_enum)]
        protocols: Vec<referee::player::Protocol>,
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
    },
    /// Judge the interpreter on a rule file against Fairy-Stockfish (or the
    /// engine): seeded random walks compared at every ply (legal moves, FEN
    /// with clocks, result); the shortest disagreement is printed, exit 1.
    Judge {
        /// Rule file.
        file: PathBuf,
        /// `fsf` (FSF's variant named by the file's stem), `fsf:VARIANT` or `engine`.
        #[arg(long, value_parser = explore::against, default_value = "fsf")]
        against: motley_conformance::ImplKind,
        /// Number of seeded random walks.
        #[arg(long, default_value_t = 100)]
        walks: usize,
        /// Longest walk, in plies.
        #[arg(long, default_value_t = 200)]
        plies: usize,
        /// The seed of the walks.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Measure perft speed (every leaf played, one thread) and print leaves
    /// per second; with --search, the search's nodes per second.
    Bench {
        /// Rule file.
        file: PathBuf,
        /// Depths to run (each at most 64).
        #[arg(long, num_args = 1.., default_values_t = [5u32], value_parser = perft_depth)]
        depth: Vec<u32>,
        /// Measure the search instead: a fixed-depth search (each --depth)
        /// from the position, nodes and nodes per second.
        #[arg(long)]
        search: bool,
        #[command(flatten)]
        at: At,
    },
}

/// Where to start: a FEN, moves after it, and rulings.
#[derive(Args)]
struct At {
    /// Start from this FEN instead of the variant's setup.
    #[arg(long)]
    fen: Option<String>,
    /// Moves to play first (canonical text or SAN).
    #[arg(long, num_args = 1..)]
    moves: Vec<String>,
    /// Set a ruling, e.g. --ruling fool.pawn-capture=diagonal.
    #[arg(long = "ruling", value_name = "ID=VALUE")]
    rulings: Vec<String>,
}

/// A perft depth of the command line: a whole number up to
/// [`MAX_PERFT_DEPTH`].
fn perft_depth(text: &str) -> Result<u32, String> {
    match text.parse::<u64>() {
        Ok(depth) if depth <= u64::from(MAX_PERFT_DEPTH) => Ok(depth as u32),
        Ok(_) => Err(format!(
            "perft depth {text} is too deep: the most is {MAX_PERFT_DEPTH}"
        )),
        Err(_) => Err(format!(
            "`{text}` is not a depth: expected a whole number from 0 to {MAX_PERFT_DEPTH}"
        )),
    }
}

/// The most worker threads a command starts: far more than the cores of
/// any machine it runs on, few enough that the system never refuses them.
const MAX_THREADS: usize = 256;

/// A `--threads` value: a whole number from 1 to [`MAX_THREADS`].
fn thread_count(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(n @ 1..=MAX_THREADS) => Ok(n),
        _ => Err(format!(
            "expected a number of threads from 1 to {MAX_THREADS}"
        )),
    }
}

/// A `--uci-timeout` value: seconds, more than 0 and at most a day.
fn uci_timeout(text: &str) -> Result<std::time::Duration, String> {
    match text.parse::<f64>() {
        Ok(s) if s > 0.0 && s <= 86_400.0 => Ok(std::time::Duration::from_secs_f64(s)),
        _ => Err("expected seconds, more than 0 and at most 86400".to_string()),
    }
}

/// A failure to report: the message, already formatted.
pub struct Failure(pub String);

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli.command) {
        Ok(code) => code,
        Err(Failure(message)) => {
            // Echoed input may hold control characters: print them escaped.
            for line in message.lines() {
                eprintln!("{}", motley_interpreter::diagnostic::escaped(line));
            }
            ExitCode::from(1)
        }
    }
}

/// Reads a rule file; a folder, a device, a file over the size limit or
/// text that is not UTF-8 is refused with a message saying so.
pub(crate) fn read(path: &Path) -> Result<String, Failure> {
    motley_interpreter::load::read_text(path)
        .map_err(|d| Failure(d.render(&path.display().to_string(), "")))
}

/// The rulings of `--ruling ID=VALUE` options.
fn rulings(at: &At) -> Result<Vec<(String, String)>, Failure> {
    at.rulings
        .iter()
        .map(|r| {
            r.split_once('=')
                .map(|(i, v)| (i.to_string(), v.to_string()))
                .ok_or_else(|| Failure(format!("bad ruling `{r}`: expected ID=VALUE")))
        })
        .collect()
}

/// The game after the rulings and the FEN, before the moves.
fn start(path: &Path, at: &At) -> Result<Game, Failure> {
    game(
        path,
        &At {
            fen: at.fen.clone(),
            moves: Vec::new(),
            rulings: at.rulings.clone(),
        },
    )
}

fn game(path: &Path, at: &At) -> Result<Game, Failure> {
    let source = read(path)?;
    let rules =
        build(&source).map_err(|d| Failure(d.render(&path.display().to_string(), &source)))?;
    let mut game = Game::new(Arc::new(rules));
    let settings = rulings(at)?;
    if !settings.is_empty() {
        game.set_rulings(&settings).map_err(|e| match e {
            PlayError::Rules {
                rulings,
                diagnostics,
            } => {
                let name = path.display().to_string();
                let mut out = String::new();
                for mut d in diagnostics.clamped(&source).0 {
                    d.message = format!("under {rulings}: {}", d.message);
                    out.push_str(&d.render(&name, &source));
                }
                Failure(out)
            }
            other => Failure(other.to_string()),
        })?;
    }
    if let Some(fen) = &at.fen {
        game.set_fen(fen).map_err(|e| Failure(e.render()))?;
    }
    for m in &at.moves {
        game.play(m).map_err(|e| Failure(e.to_string()))?;
    }
    Ok(game)
}

fn run(command: Command) -> Result<ExitCode, Failure> {
    match command {
        Command::Check { files } => {
            let mut failed = false;
            for path in files {
                let source = read(&path)?;
                match build(&source) {
                    Ok(rules) => outln!(
                        "{}: ok: {} ({} piece types)",
                        path.display(),
                        rules.variant.name,
                        rules.variant.pieces.len()
                    ),
                    Err(d) => {
                        eprint!("{}", d.render(&path.display().to_string(), &source));
                        failed = true;
                    }
                }
            }
            Ok(if failed {
                ExitCode::from(1)
            } else {
                ExitCode::SUCCESS
            })
        }
        Command::Perft {
            file,
            depth,
            at,
            divide,
            threads,
            implementation,
        } if !matches!(implementation, conform::PerftImpl::Interp) => {
            let start = start(&file, &at)?;
            conform::perft(
                &file,
                &start,
                &rulings(&at)?,
                at.fen.as_deref(),
                &at.moves,
                depth,
                divide,
                threads,
                &implementation,
            )
        }
        Command::Explore {
            file,
            ruling,
            against,
            budget,
            seed,
        } => {
            let subject = match (ruling, against) {
                (Some(id), _) => explore::Subject::Ruling(id),
                (None, Some(kind)) => explore::Subject::Against(kind),
                (None, None) => explore::Subject::Against(motley_conformance::ImplKind::Engine),
            };
            explore::explore(&file, subject, budget, seed)
        }
        Command::Judge {
            file,
            against,
            walks,
            plies,
            seed,
        } => explore::judge(
            &file,
            &explore::Judge {
                against,
                walks,
                plies,
                seed,
            },
        ),
        Command::Conform {
            paths,
            implementation,
            budget,
            full,
            verbose,
            threads,
            uci_timeout,
        } => conform::conform(
            paths,
            &implementation,
            budget,
            full,
            verbose,
            threads,
            uci_timeout,
        ),
        Command::Perft {
            file,
            depth,
            at,
            divide,
            threads,
            ..
        } => {
            let game = game(&file, &at)?;
            let bar = progress::Bar::new("perft");
            let total = if depth == 0 {
                1
            } else {
                let rows = game.divide(depth, threads, &|done, all| bar.update(done, all));
                bar.finish();
                if divide {
                    for (m, n) in &rows {
                        outln!("{m} {n}");
                    }
                    outln!();
                }
                rows.iter().map(|r| r.1).sum()
            };
            outln!("{total}");
            Ok(ExitCode::SUCCESS)
        }
        Command::Moves { file, at, san } => {
            let game = game(&file, &at)?;
            if san {
                for (_, m) in game.legal_moves_san() {
                    outln!("{m}");
                }
            } else {
                for m in game.legal_moves() {
                    outln!("{m}");
                }
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Status { file, at } => {
            outln!("{}", report::status_line(&game(&file, &at)?));
            Ok(ExitCode::SUCCESS)
        }
        Command::Show { file, at, viewer } => {
            let game = game(&file, &at)?;
            match viewer.as_deref() {
                None => outln!(
                    "{}{}fen: {}",
                    report::board_with_hands(&game, &game.rules().board_text(game.position())),
                    report::state_lines(&game, None),
                    game.fen()
                ),
                Some(who @ ("white" | "black")) => {
                    let colour = if who == "white" { 0 } else { 1 };
                    let (board, fen, hidden) = game.view_text(colour);
                    outln!(
                        "{}{}fen: {fen}",
                        report::board_with_hands(&game, &board),
                        report::state_lines(&game, Some(colour))
                    );
                    if hidden.is_empty() {
                        outln!("hidden: nothing");
                    } else {
                        outln!(
                            "hidden: {} (on the board, not shown to {who})",
                            hidden.join(", ")
                        );
                    }
                }
                Some(other) => {
                    return Err(Failure(format!(
                        "bad --as `{other}`: expected white or black"
                    )))
                }
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Uci { files, random } => {
            engine::uci::run(engine::variants::Catalog::new(&files)?, random)?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Xboard { files } => {
            engine::xboard::run(engine::variants::Catalog::new(&files)?)?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Fen { file, at } => {
            outln!("{}", game(&file, &at)?.fen());
            Ok(ExitCode::SUCCESS)
        }
        Command::Play {
            file,
            white,
            black,
            time,
            pgn,
            at,
        } => {
            if !(time > 0.0 && time <= 86_400.0) {
                return Err(Failure(format!(
                    "bad --time {time}: expected seconds above 0"
                )));
            }
            play::run(
                game(&file, &at)?,
                play::Options {
                    seats: [white, black],
                    time: std::time::Duration::from_secs_f64(time),
                    pgn,
                },
            )?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Match {
            file,
            engines,
            protocols,
            games,
            tc,
            movetime,
            depth,
            margin,
            openings,
            rulings,
            pgn,
            max_plies,
        } => {
            if protocols.len() > engines.len() {
                return Err(Failure("more --protocol than --engine options".into()));
            }
            let tc = tc.as_deref().map(referee::parse_tc).transpose()?;
            let tc = if tc.is_none() && movetime.is_none() && depth.is_none() {
                Some(referee::parse_tc("10+0.1")?)
            } else {
                tc
            };
            let engines = engines
                .into_iter()
                .enumerate()
                .map(|(i, e)| {
                    (
                        e,
                        protocols
                            .get(i)
                            .copied()
                            .unwrap_or(referee::player::Protocol::Uci),
                    )
                })
                .collect();
            referee::run(referee::Options {
                file,
                engines,
                games,
                tc,
                movetime: movetime.map(std::time::Duration::from_millis),
                depth,
                margin: std::time::Duration::from_millis(margin),
                openings,
                rulings,
                pgn,
                max_plies,
            })?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Bench {
            file,
            depth,
            search: true,
            at,
        } => {
            let game = game(&file, &at)?;
            println!(
                "{:<12} {:>5} {:>14} {:>10} {:>14}  best",
                "search", "depth", "nodes", "seconds", "nodes/s"
            );
            for &d in &depth {
                let mut searcher = motley_search::Searcher::new(64);
                let mut position =
                    motley_search::Interpreted::new(game.shared_rules(), game.position().clone());
                let start = Instant::now();
                let best = searcher.search(
                    &mut position,
                    &[],
                    motley_search::Limits {
                        depth: Some(d),
                        ..Default::default()
                    },
                    |_| {},
                );
                let secs = start.elapsed().as_secs_f64();
                println!(
                    "{:<12} {:>5} {:>14} {:>10.3} {:>14.0}  {}",
                    "interpreter",
                    d,
                    searcher.nodes(),
                    secs,
                    searcher.nodes() as f64 / secs,
                    best.map(|m| game.rules().uci(&m))
                        .unwrap_or_else(|| "(none)".into())
                );
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Bench {
            file, depth, at, ..
        } => {
            let game = game(&file, &at)?;
            let engine = conform::engine_bench(
                &file,
                &start(&file, &at)?,
                &rulings(&at)?,
                at.fen.as_deref(),
                &at.moves,
                &depth,
            )?;
            outln!(
                "{:<12} {:>5} {:>14} {:>10} {:>14} {:>10}",
                "impl",
                "depth",
                "leaves",
                "seconds",
                "leaves/s",
                "x interp"
            );
            let mut disagreements = Vec::new();
            for (i, &d) in depth.iter().enumerate() {
                let start = Instant::now();
                let leaves = game.perft(d);
                let secs = start.elapsed().as_secs_f64();
                outln!(
                    "{:<12} {:>5} {:>14} {:>10.3} {:>14.0} {:>10.2}",
                    "interpreter",
                    d,
                    leaves,
                    secs,
                    leaves as f64 / secs,
                    1.0
                );
                if let Some((_, engine_leaves, engine_secs)) =
                    engine.as_ref().and_then(|rows| rows.get(i))
                {
                    // Leaves per second of the engine over those of the
                    // interpreter: a speed compares like work only.
                    let ratio = if *engine_leaves == leaves {
                        format!("{:.2}", secs / engine_secs)
                    } else {
                        disagreements.push(format!(
                            "depth {d}: the interpreter counts {leaves} leaves, the engine {engine_leaves}"
                        ));
                        "-".to_string()
                    };
                    outln!(
                        "{:<12} {:>5} {:>14} {:>10.3} {:>14.0} {:>10}",
                        "engine",
                        d,
                        engine_leaves,
                        engine_secs,
                        *engine_leaves as f64 / engine_secs,
                        ratio
                    );
                }
            }
            if !disagreements.is_empty() {
                return Err(Failure(format!(
                    "no speed ratio where the implementations disagree: {}",
                    disagreements.join("; ")
                )));
            }
            Ok(ExitCode::SUCCESS)
        }
    }
}
