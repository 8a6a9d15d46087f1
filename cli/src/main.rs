//! `motley`: check rule files, list moves, print positions, run perft and
//! conformance suites. The output contract is documented in the README.
#![forbid(unsafe_code)]

#[macro_use]
mod output;

mod conform;
mod doc;
mod explore;
mod progress;
mod report;
mod serve;
mod svg;

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
    /// Draw the position as an SVG 1.1 image, or with `--piece` the move
    /// diagrams of one piece type.
    Svg {
        /// Rule file.
        file: PathBuf,
        #[command(flatten)]
        at: At,
        /// Draw the position as this player sees it: white or black.
        #[arg(long = "as", value_name = "PLAYER")]
        viewer: Option<String>,
        /// Black at the bottom.
        #[arg(long)]
        flip: bool,
        /// Squares to highlight, e.g. `--highlight e4 d5`.
        #[arg(long, num_args = 1.., value_name = "SQ")]
        highlight: Vec<String>,
        /// Arrows, e.g. `--arrows e2e4,g1f3`.
        #[arg(long, value_delimiter = ',', value_name = "FROMTO")]
        arrows: Vec<String>,
        /// Draw the move diagrams of the piece with this letter instead.
        #[arg(long, value_name = "LETTER")]
        piece: Option<char>,
        /// With --piece: the square to stand on (default: the most central
        /// square where the diagram's condition holds).
        #[arg(long, value_name = "SQ", requires = "piece")]
        square: Option<String>,
        /// Write here instead of standard output; several diagrams go to
        /// OUT-1.svg, OUT-2.svg, ...
        #[arg(short, long, value_name = "OUT.svg")]
        output: Option<PathBuf>,
    },
    /// Write a static rules page per rule file (folders: their *.yaml) and
    /// an index page into a folder.
    Doc {
        /// Rule files or folders of rule files.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// The folder to write into.
        #[arg(short, long, value_name = "DIR")]
        output: PathBuf,
    },
    /// Serve the web playground on 127.0.0.1: pick or edit a rule file,
    /// play on the board, see SAN, FEN and the outcome, export PGN.
    Serve {
        /// Rule files offered besides the bundled variants.
        files: Vec<PathBuf>,
        /// The port (0: any free port; the address is printed).
        #[arg(long, default_value_t = 8023)]
        port: u16,
    },
    /// Measure perft speed (every leaf played, one thread) and print leaves per second.
    Bench {
        /// Rule file.
        file: PathBuf,
        /// Depths to run (each at most 64).
        #[arg(long, num_args = 1.., default_values_t = [5u32], value_parser = perft_depth)]
        depth: Vec<u32>,
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

/// Writes SVG documents: one to `output` or standard output; several to
/// `OUT-1.svg`, `OUT-2.svg`, ..., naming each with its caption.
fn write_pictures(pictures: &[(String, String)], output: Option<&Path>) -> Result<(), Failure> {
    let write = |path: &Path, text: &str| {
        std::fs::write(path, text)
            .map_err(|e| Failure(format!("{}: cannot write: {e}", path.display())))
    };
    match (pictures, output) {
        ([(_, svg)], None) => print!("{svg}"),
        ([(_, svg)], Some(path)) => write(path, svg)?,
        (_, None) => {
            let captions: Vec<&str> = pictures.iter().map(|p| p.0.as_str()).collect();
            return Err(Failure(format!(
                "{} diagrams ({}); give -o OUT.svg to write them as OUT-1.svg, OUT-2.svg, ...",
                pictures.len(),
                captions.join("; ")
            )));
        }
        (_, Some(path)) => {
            let stem = path.with_extension("");
            for (i, (caption, svg)) in pictures.iter().enumerate() {
                let name = PathBuf::from(format!("{}-{}.svg", stem.display(), i + 1));
                write(&name, svg)?;
                println!("{}: {caption}", name.display());
            }
        }
    }
    Ok(())
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
        Command::Svg {
            file,
            at,
            viewer,
            flip,
            highlight,
            arrows,
            piece,
            square,
            output,
        } => {
            let game = game(&file, &at)?;
            let rules = game.rules();
            let (files, ranks) = (rules.tables.files, rules.tables.ranks);
            let square_of = |name: &str| {
                motley_interpreter::play::parse_square(files, ranks, name).ok_or_else(|| {
                    Failure(format!(
                        "bad square `{name}`: expected a1 to {}{ranks}",
                        (b'a' + files - 1) as char
                    ))
                })
            };
            let pictures: Vec<(String, String)> = match piece {
                Some(letter) => {
                    let square = square.as_deref().map(square_of).transpose()?;
                    svg::diagrams(rules, &read(&file)?, letter, square)
                        .map_err(Failure)?
                        .into_iter()
                        .map(|d| (d.caption, d.svg))
                        .collect()
                }
                None => {
                    let viewer = match viewer.as_deref() {
                        None => None,
                        Some("white") => Some(0),
                        Some("black") => Some(1),
                        Some(other) => {
                            return Err(Failure(format!(
                                "bad --as `{other}`: expected white or black"
                            )))
                        }
                    };
                    let highlight = highlight
                        .iter()
                        .map(|s| square_of(s))
                        .collect::<Result<_, _>>()?;
                    let arrows = arrows
                        .iter()
                        .map(|a| match svg::squares_in(a, files, ranks)[..] {
                            [from, to] => Ok((from, to)),
                            _ => Err(Failure(format!(
                                "bad arrow `{a}`: expected two squares, e.g. e2e4"
                            ))),
                        })
                        .collect::<Result<_, _>>()?;
                    let options = svg::BoardOptions {
                        viewer,
                        flip,
                        highlight,
                        arrows,
                    };
                    vec![(String::new(), svg::board(&game, &options))]
                }
            };
            write_pictures(&pictures, output.as_deref())?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Doc { paths, output } => doc::doc(&paths, &output),
        Command::Serve { files, port } => {
            let extra = files
                .iter()
                .map(|path| {
                    let source = read(path)?;
                    let rules = build(&source)
                        .map_err(|d| Failure(d.render(&path.display().to_string(), &source)))?;
                    Ok((rules.variant.name.clone(), source))
                })
                .collect::<Result<_, Failure>>()?;
            serve::serve(port, extra)
        }
        Command::Fen { file, at } => {
            outln!("{}", game(&file, &at)?.fen());
            Ok(ExitCode::SUCCESS)
        }
        Command::Bench { file, depth, at } => {
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
                    // Leaves per second of the engine over those of the interpreter.
                    let ratio = secs / engine_secs;
                    outln!(
                        "{:<12} {:>5} {:>14} {:>10.3} {:>14.0} {:>10.2}",
                        "engine",
                        d,
                        engine_leaves,
                        engine_secs,
                        *engine_leaves as f64 / engine_secs,
                        ratio
                    );
                }
            }
            Ok(ExitCode::SUCCESS)
        }
    }
}
