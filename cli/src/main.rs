//! `motley`: check rule files, list moves, print positions, run perft and
//! conformance suites. The output contract is documented in the README.
#![forbid(unsafe_code)]

#[macro_use]
mod output;

mod bench;
mod bundled;
mod conform;
mod doc;
mod engine;
mod explore;
mod fmt;
mod json;
mod pgn;
mod play;
mod progress;
mod referee;
mod report;
mod serve;
mod svg;
mod watch;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, CommandFactory, Parser, Subcommand};
use motley_interpreter::PlayError;
use motley_interpreter::{build_path, Game, Leaves, Start, MAX_PERFT_DEPTH};

/// The `--help` epilogue of a subcommand: an example and the exit codes.
macro_rules! help {
    ($example:literal) => {
        concat!(
            "Example:\n  ",
            $example,
            "\n\nExit codes: 0 ok; 1 input refused (bad file, FEN, move, ruling) or a check failed; 2 usage error."
        )
    };
}

#[derive(Parser)]
#[command(
    name = "motley",
    version,
    about = "Chess variants from declarative rule files",
    after_help = help!("motley check spec/variants/chess.yaml && motley perft spec/variants/chess.yaml 4")
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// Print JSON instead of text (check, moves, perft, show, status, fen,
    /// conform, bench; shapes in the README).
    #[arg(long, global = true)]
    json: bool,
}

#[derive(Subcommand)]
enum Command {
    /// Check a rule file; print each problem as FILE:LINE:COL with a caret snippet.
    #[command(after_help = help!("motley check spec/variants/chess.yaml spec/variants/joke.yaml"))]
    Check {
        /// Rule files to check.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Check again each time a file is saved, until Ctrl-C (text output only).
        #[arg(long)]
        watch: bool,
    },
    /// Count the leaf nodes of the legal-move tree; the last line is the count.
    #[command(after_help = help!("motley perft spec/variants/chess.yaml 5 --divide --threads 2"))]
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
        /// Worker threads (1 to 256); from depth 3 they share the subtrees
        /// below each root move's replies.
        #[arg(long, default_value_t = 1, value_parser = thread_count)]
        threads: usize,
        /// Count the last ply as the number of legal moves, without playing
        /// the moves whose legality is known without it (as Fairy-Stockfish
        /// counts); the count is the same. Interpreter only.
        #[arg(long)]
        bulk: bool,
        /// Implementation: interp, engine (the hand-written engine, by the
        /// rule file's name), fsf or fsf:VARIANT (Fairy-Stockfish), both
        /// (interp and engine compared; the first difference is printed and
        /// the exit code is 1) or both:fsf or both:fsf:VARIANT (interp and FSF).
        #[arg(long = "impl", value_name = "IMPL", default_value = "interp")]
        implementation: conform::PerftImpl,
    },
    /// List the legal moves, one per line, sorted, in canonical text (or SAN).
    #[command(after_help = help!("motley moves spec/variants/crazyhouse.yaml --moves e4 d5 exd5 --san"))]
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
    #[command(after_help = help!("motley status spec/variants/chess.yaml --moves f3 e5 g4 Qh4    # 0-1 by checkmate"))]
    Status {
        /// Rule file.
        file: PathBuf,
        #[command(flatten)]
        at: At,
    },
    /// Show the position as a board, with its FEN; `--as` shows what one
    /// player may see when the variant hides pieces.
    #[command(after_help = help!("motley show spec/variants/crazyhouse.yaml --moves \"1. e4 d5 2. exd5 Qxd5\""))]
    Show {
        /// Rule file.
        file: PathBuf,
        #[command(flatten)]
        at: At,
        /// Show the position as this player sees it: white or black.
        #[arg(long = "as", value_name = "PLAYER")]
        viewer: Option<String>,
    },
    /// Check a PGN file against a rule file, game by game and move by move;
    /// report the first illegal move of each game with its number.
    #[command(after_help = help!("motley pgn spec/variants/crazyhouse.yaml games.pgn"))]
    Pgn {
        /// Rule file.
        file: PathBuf,
        /// The PGN file.
        games: PathBuf,
    },
    /// Print the game as PGN: the Seven Tag Roster, Variant, RuleFile, a
    /// Ruling tag per option not the default, SetUp/FEN, the moves in SAN.
    #[command(after_help = help!("motley record spec/variants/jester.yaml --moves e4 d4 > game.pgn"))]
    Record {
        /// Rule file.
        file: PathBuf,
        #[command(flatten)]
        at: At,
    },
    /// Print the FEN of the position.
    #[command(after_help = help!("motley fen spec/variants/chess.yaml --moves e4 c5 Nf3"))]
    Fen {
        /// Rule file.
        file: PathBuf,
        #[command(flatten)]
        at: At,
    },
    /// Run conformance case files; print `FILE: CASE: difference` per failing case, then the counts.
    #[command(after_help = help!("motley conform conformance/cases/chess --impl engine --verbose"))]
    Conform(conform::ConformArgs),
    /// Look for the shortest game after which a ruling's options, or the
    /// interpreter and the engine, disagree.
    #[command(after_help = help!("motley explore spec/variants/joke.yaml --ruling joke.linger --budget 100"))]
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
    #[command(after_help = help!("motley uci   # then: uci, setoption name UCI_Variant value crazyhouse, position startpos moves e2e4, go movetime 1000"))]
    /// Speak UCI on stdin/stdout: the bundled variants and FILEs, chosen
    /// with the UCI_Variant option.
    Uci {
        /// Rule files to offer besides the bundled variants (the first is the default).
        files: Vec<PathBuf>,
        /// Play uniformly random legal moves from this seed instead of searching.
        #[arg(long, value_name = "SEED")]
        random: Option<u64>,
    },
    #[command(after_help = help!(r#"xboard -fcp "motley xboard" -variant capablanca"#))]
    /// Speak CECP (XBoard/WinBoard protocol v2) on stdin/stdout.
    Xboard {
        /// Rule files to offer besides the bundled variants.
        files: Vec<PathBuf>,
    },
    #[command(after_help = help!("motley play spec/variants/fool.yaml --white human --black engine --time 2"))]
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
        /// (`--pgn FILE` reads a game to start from, as everywhere.)
        #[arg(long = "save-pgn", value_name = "FILE")]
        save_pgn: Option<PathBuf>,
        #[command(flatten)]
        at: At,
    },
    #[command(after_help = help!(r#"motley match spec/variants/shatranj.yaml --engine "motley uci" --engine fairymax --protocol uci --protocol xboard --tc 10+0.1 --games 20"#))]
    /// Referee a match between two engines under a rule file.
    Match(referee::MatchArgs),
    #[command(after_help = help!("motley judge spec/variants/crazyhouse.yaml --against fsf --walks 50"))]
    /// Judge the interpreter on a rule file against Fairy-Stockfish (or the
    /// engine): seeded random walks compared at every ply (legal moves, FEN
    /// with clocks, result); the shortest disagreement is printed, exit 1.
    Judge {
        /// Rule file.
        file: PathBuf,
        #[command(flatten)]
        judge: explore::JudgeSettings,
    },
    #[command(after_help = help!("motley svg spec/variants/clown.yaml --piece C -o clown.svg"))]
    /// Draw the position as an SVG 1.1 image, or with `--piece` the move
    /// diagrams of one piece type.
    Svg(SvgArgs),
    #[command(after_help = help!("motley doc spec/variants -o site && open site/index.html"))]
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
    #[command(after_help = help!("motley serve my-variant.yaml --port 8023   # then open http://127.0.0.1:8023/"))]
    /// Serve the web playground on 127.0.0.1: pick or edit a rule file,
    /// play on the board, see SAN, FEN and the outcome, export PGN.
    Serve {
        /// Rule files offered besides the bundled variants.
        files: Vec<PathBuf>,
        /// The port (0: any free port; the address is printed).
        #[arg(long, default_value_t = 8023)]
        port: u16,
    },
    /// Print a shell completion script: bash, zsh, fish, elvish or powershell.
    #[command(after_help = help!("motley completions bash > ~/.local/share/bash-completion/completions/motley"))]
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
    /// Print the man page (roff) of motley and its subcommands.
    #[command(after_help = help!("motley man > motley.1 && man ./motley.1"))]
    Man,
    /// Rewrite rule files in one layout (indents, spacing, quotes), keeping
    /// every comment and the order of keys; with --check, only name the
    /// files that are not formatted (exit 1).
    #[command(after_help = help!("motley fmt my-variant.yaml && motley fmt --check spec/variants/chess.yaml"))]
    Fmt {
        /// Rule files to format in place.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Write nothing; name each file whose layout differs and exit 1 if any does.
        #[arg(long)]
        check: bool,
    },
    /// Print the JSON Schema of rule files (what spec/motley.schema.json
    /// holds), for editors: completion of keys, typos flagged.
    #[command(after_help = help!("motley schema > spec/motley.schema.json"))]
    Schema,
    #[command(after_help = help!("motley bench spec/variants/chess.yaml --depth 5 6 --against fsf"))]
    /// Measure perft speed (every leaf played, one thread, by CPU time so
    /// the figure holds on a busy machine) and print leaves per second,
    /// with the hand-written engine's where it has the variant; with
    /// --search, the search's nodes per second.
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
        /// Also time Fairy-Stockfish's engine on the same perfts (`fsf`,
        /// or `fsf:VARIANT` to name its variant; the file's stem
        /// otherwise). It counts the last ply in bulk, as it always does;
        /// its row's "x interp" is then the interpreter's time to answer
        /// over FSF's. Skipped with a message where FSF cannot run.
        #[arg(long, value_name = "fsf[:VARIANT]", value_parser = fsf_variant, conflicts_with = "search")]
        against: Option<FsfVariant>,
        #[command(flatten)]
        at: At,
    },
}

/// The options of `motley svg`.
#[derive(Args)]
struct SvgArgs {
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
    piece: Option<String>,
    /// With --piece: the square to stand on (default: the most central
    /// square where the diagram's condition holds).
    #[arg(long, value_name = "SQ", requires = "piece")]
    square: Option<String>,
    /// Write here instead of standard output; several diagrams go to
    /// OUT-1.svg, OUT-2.svg, ...
    #[arg(short, long, value_name = "OUT.svg")]
    output: Option<PathBuf>,
}

/// Fairy-Stockfish, with its variant named or left to the file's stem.
#[derive(Clone, Debug)]
struct FsfVariant(Option<String>);

fn fsf_variant(text: &str) -> Result<FsfVariant, String> {
    match text.parse::<motley_conformance::ImplKind>() {
        Ok(motley_conformance::ImplKind::Fsf(variant)) => Ok(FsfVariant(variant)),
        _ => Err(format!("expected `fsf` or `fsf:VARIANT`, not `{text}`")),
    }
}

/// Where to start: a FEN, moves after it, and rulings.
#[derive(Args, Clone, Default)]
struct At {
    /// Start from this FEN instead of the variant's setup.
    #[arg(long)]
    fen: Option<String>,
    /// Moves to play first: canonical text, SAN or PGN movetext
    /// (`--moves "1. e4 e5 2. Nf3 {a comment} Nc6"`).
    #[arg(long, num_args = 1..)]
    moves: Vec<String>,
    /// Play the first game of this PGN file first (its `FEN` and `Ruling`
    /// tags too), then `--moves`.
    #[arg(long, value_name = "FILE", conflicts_with = "fen")]
    pgn: Option<PathBuf>,
    /// Set a ruling, e.g. --ruling fool.pawn-capture=diagonal.
    #[arg(long = "ruling", value_name = "ID=VALUE")]
    rulings: Vec<String>,
    /// Start from the array this seed draws, in a variant whose start is
    /// shuffled (`shuffle`, spec/LANGUAGE.md §6.4); without it, the setup.
    #[arg(long, conflicts_with_all = ["fen", "pgn", "position"])]
    seed: Option<u64>,
    /// Start from this Chess960 position (0 to 959, Scharnagl's numbering;
    /// 518 is the orthodox array), in a variant shuffled as chess is.
    #[arg(long, value_name = "N", conflicts_with_all = ["fen", "pgn"])]
    position: Option<u32>,
}

impl At {
    /// The start `--seed` or `--position` chooses; the setup without them.
    fn start(&self) -> Start {
        match (self.seed, self.position) {
            (Some(seed), _) => Start::Seed(seed),
            (None, Some(n)) => Start::Chess960(n),
            (None, None) => Start::Setup,
        }
    }
}

/// Starts `game` from `start`, naming the option and the file when the
/// start cannot be drawn.
fn start_game(game: &mut Game, start: Start, path: &Path) -> Result<(), Failure> {
    game.start_with(start).map_err(|e| {
        let option = match start {
            Start::Seed(seed) => format!("--seed {seed}"),
            Start::Chess960(n) => format!("--position {n}"),
            Start::Setup => String::new(),
        };
        Failure(format!("{}: {option}: {e}", path.display()))
    })
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
    match run(cli.command, cli.json) {
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

/// Checks a rule file's text and prints the result: `NAME: ok: VARIANT (N
/// piece types)` on stdout, or every problem on stderr. True when valid.
fn check_text(name: &str, source: &str) -> bool {
    match build_path(Path::new(name), source) {
        Ok(built) => {
            outln!(
                "{name}: ok: {} ({} piece types)",
                built.rules.variant().name,
                built.rules.variant().pieces.len()
            );
            true
        }
        Err(d) => {
            eprint!("{}", d.render(name, source));
            false
        }
    }
}

/// The text the loader reads for the rule file at `path` with text
/// `source`: the file itself, or with the files it extends merged in (the
/// places of a built `RuleFile` are places in this text).
pub(crate) fn loaded_text(path: &Path, source: &str) -> String {
    motley_interpreter::load::expand(
        &path.to_string_lossy(),
        source,
        &motley_interpreter::load::parents_on_disk,
    )
    .map_or_else(|_| source.to_string(), |e| e.text)
}

/// The files the rule file at `path` extends, as far as they can be read.
fn extended_files(path: &Path) -> Vec<PathBuf> {
    let Ok(source) = motley_interpreter::load::read_text(path) else {
        return Vec::new();
    };
    motley_interpreter::load::expand(
        &path.to_string_lossy(),
        &source,
        &motley_interpreter::load::parents_on_disk,
    )
    .map(|e| {
        e.files()[1..]
            .iter()
            .map(|f| PathBuf::from(&f.name))
            .collect()
    })
    .unwrap_or_default()
}

/// Reads a rule file; a folder, a device, a file over the size limit or
/// text that is not UTF-8 is refused with a message saying so.
pub(crate) fn read(path: &Path) -> Result<String, Failure> {
    motley_interpreter::load::read_text(path)
        .map_err(|d| Failure(d.render(&path.display().to_string(), "")))
}

fn replay(path: &Path, at: &At) -> Result<conform::Replay, Failure> {
    let played = game(path, at)?;
    let record = at.pgn.as_deref().map(pgn_game).transpose()?;
    let given = pgn_rulings(record.as_ref(), at);
    let fen = played.start_fen().map(str::to_string);
    let rulings = given
        .iter()
        .filter_map(|r| r.split_once('='))
        .map(|(i, v)| (i.to_string(), v.to_string()))
        .collect();
    Ok(conform::Replay {
        start: game_from(path, &given, fen.as_deref())?,
        rulings,
        fen,
        moves: played.played().iter().map(|p| p.uci.clone()).collect(),
    })
}

/// The side named by `--as`: 0 for white, 1 for black, none when not given.
fn viewer_side(text: Option<&str>) -> Result<Option<usize>, Failure> {
    match text {
        None => Ok(None),
        Some("white") => Ok(Some(0)),
        Some("black") => Ok(Some(1)),
        Some(other) => Err(Failure(format!(
            "bad --as `{other}`: expected white or black"
        ))),
    }
}

/// The first game of a PGN file.
fn pgn_game(path: &Path) -> Result<pgn::PgnGame, Failure> {
    let text = read(path)?;
    let games = pgn::read(&text).map_err(|e| pgn_failure(path, &e))?;
    games
        .into_iter()
        .next()
        .ok_or_else(|| Failure(format!("{}: no game in this PGN file", path.display())))
}

fn pgn_failure(path: &Path, e: &pgn::PgnError) -> Failure {
    Failure(format!(
        "{}:{}:{}: {}",
        path.display(),
        e.line,
        e.col,
        e.message
    ))
}

/// The game of a rule file with `ID=VALUE` rulings, from a FEN if given.
fn game_from(path: &Path, rulings: &[String], fen: Option<&str>) -> Result<Game, Failure> {
    let source = read(path)?;
    let built = build_path(path, &source)
        .map_err(|d| Failure(d.render(&path.display().to_string(), &source)))?;
    let mut game = Game::new(built);
    let settings: Vec<(String, String)> = rulings
        .iter()
        .map(|r| {
            r.split_once('=')
                .map(|(i, v)| (i.to_string(), v.to_string()))
                .ok_or_else(|| Failure(format!("bad ruling `{r}`: expected ID=VALUE")))
        })
        .collect::<Result<_, _>>()?;
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
    if let Some(fen) = fen {
        game.set_fen(fen).map_err(|e| Failure(e.render()))?;
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
        ([(_, svg)], None) => out!("{svg}"),
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
                outln!("{}: {caption}", name.display());
            }
        }
    }
    Ok(())
}

/// The `Ruling` tags of a PGN game, then the `--ruling` options.
fn pgn_rulings(record: Option<&pgn::PgnGame>, at: &At) -> Vec<String> {
    let tagged = record.into_iter().flat_map(|g| {
        g.tags
            .iter()
            .filter(|(name, _)| name == "Ruling")
            .map(|(_, value)| value.clone())
    });
    tagged.chain(at.rulings.iter().cloned()).collect()
}

fn game(path: &Path, at: &At) -> Result<Game, Failure> {
    let record = at.pgn.as_deref().map(pgn_game).transpose()?;
    let fen = match &record {
        Some(g) => g.tag("FEN"),
        None => at.fen.as_deref(),
    };
    let mut game = game_from(path, &pgn_rulings(record.as_ref(), at), fen)?;
    if at.start() != Start::Setup {
        start_game(&mut game, at.start(), path)?;
    }
    if let (Some(record), Some(pgn_path)) = (&record, &at.pgn) {
        for (m, line, col) in &record.moves {
            game.play(m)
                .map_err(|e| Failure(format!("{}:{line}:{col}: {e}", pgn_path.display())))?;
        }
    }
    for text in &at.moves {
        for m in pgn::movetext_moves(text).map_err(Failure)? {
            game.play(&m).map_err(|e| Failure(e.to_string()))?;
        }
    }
    Ok(game)
}

/// `motley pgn`: every game of a PGN file played against the rule file;
/// one line per game, exit 1 at any illegal move or refused game.
fn check_pgn(file: &Path, games: &Path) -> Result<ExitCode, Failure> {
    let text = read(games)?;
    let records = pgn::read(&text).map_err(|e| pgn_failure(games, &e))?;
    if records.is_empty() {
        return Err(Failure(format!(
            "{}: no game in this PGN file",
            games.display()
        )));
    }
    let mut failed = false;
    for (n, record) in records.iter().enumerate() {
        let n = n + 1;
        // An error at a move carries the move's place in the file.
        let report = (|| -> Result<String, (Option<(usize, usize)>, String)> {
            let mut game = game_from(
                file,
                &pgn_rulings(Some(record), &At::default()),
                record.tag("FEN"),
            )
            .map_err(|f| (None, f.0.trim_end().to_string()))?;
            if let Some(name) = record.tag("Variant") {
                let ours = &game.rules().variant().name;
                if !name.eq_ignore_ascii_case(ours) && !name.eq_ignore_ascii_case("standard") {
                    return Err((
                        None,
                        format!("the game is of variant `{name}`, the rule file of `{ours}`"),
                    ));
                }
            }
            for (i, (m, line, col)) in record.moves.iter().enumerate() {
                let side = game.position().side_to_move().name();
                let number = game.position().fullmove_number();
                game.play(m).map_err(|e| {
                    (
                        Some((*line, *col)),
                        format!("game {n}, move {} ({number}. {side}): {e}", i + 1),
                    )
                })?;
            }
            let ended = game.outcome();
            let claimed = record.result.as_deref().or(record.tag("Result"));
            if let (Some(claimed), Some(outcome)) = (claimed, ended) {
                if claimed != outcome.score() {
                    return Err((
                        None,
                        format!("the result is `{claimed}`, but the game ended {outcome}"),
                    ));
                }
            }
            Ok(format!(
                "{} moves, {}",
                record.moves.len(),
                ended.map_or_else(
                    || format!(
                        "no end on the board ({})",
                        record.result.as_deref().unwrap_or("*")
                    ),
                    |o| o.to_string()
                )
            ))
        })();
        match report {
            Ok(summary) => outln!("{}: game {n}: ok: {summary}", games.display()),
            Err((place, message)) => {
                failed = true;
                match place {
                    Some((line, col)) => eprintln!("{}:{line}:{col}: {message}", games.display()),
                    None => eprintln!("{}: game {n}: {message}", games.display()),
                }
            }
        }
    }
    Ok(if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// The commands that can answer in JSON.
fn offers_json(command: &Command) -> bool {
    !matches!(
        command,
        Command::Explore { .. }
            | Command::Judge { .. }
            | Command::Pgn { .. }
            | Command::Record { .. }
            | Command::Completions { .. }
            | Command::Man
            | Command::Fmt { .. }
    )
}

fn run(command: Command, json: bool) -> Result<ExitCode, Failure> {
    if json && !offers_json(&command) {
        return Err(Failure(
            "--json is offered by check, moves, perft, show, status, fen, conform and bench"
                .to_string(),
        ));
    }
    let done = |()| ExitCode::SUCCESS;
    match command {
        Command::Check { files, watch: true } => watch_files(&files, json),
        Command::Check { files, .. } => check_files(files, json),
        Command::Perft {
            file,
            depth,
            at,
            divide,
            threads,
            bulk,
            implementation,
        } => {
            let leaves = if bulk { Leaves::Bulk } else { Leaves::Played };
            perft(
                &file,
                &at,
                depth,
                divide,
                (threads, leaves),
                &implementation,
                json,
            )
        }
        Command::Explore {
            file,
            ruling,
            against,
            budget,
            seed,
        } => explore::explore(
            &file,
            explore::Subject::named(ruling, against),
            budget,
            seed,
        ),
        Command::Judge { file, judge } => explore::judge(&file, &judge),
        Command::Conform(args) => conform::conform(args, json),
        Command::Moves { file, at, san } => Ok(print_moves(&game(&file, &at)?, san, json)),
        Command::Status { file, at } => Ok(print_status(&game(&file, &at)?, json)),
        Command::Show { file, at, viewer } => show(&game(&file, &at)?, viewer.as_deref(), json),
        Command::Svg(args) => draw(&args),
        Command::Doc { paths, output } => doc::doc(&paths, &output),
        Command::Serve { files, port } => serve_files(&files, port),
        Command::Pgn { file, games } => check_pgn(&file, &games),
        Command::Completions { shell } => {
            let mut command = Cli::command();
            clap_complete::generate(shell, &mut command, "motley", &mut std::io::stdout());
            Ok(ExitCode::SUCCESS)
        }
        Command::Man => man_page().map(done),
        Command::Fmt { files, check } => fmt::fmt(&files, check),
        Command::Schema => {
            out!("{}", motley_interpreter::load::schema());
            Ok(ExitCode::SUCCESS)
        }
        Command::Record { file, at } => Ok(print_record(&file, &game(&file, &at)?)),
        Command::Uci { files, random } => {
            engine::uci::run(engine::variants::Catalog::new(&files)?, random).map(done)
        }
        Command::Xboard { files } => {
            engine::xboard::run(engine::variants::Catalog::new(&files)?).map(done)
        }
        Command::Fen { file, at } => Ok(print_fen(&game(&file, &at)?, json)),
        Command::Play {
            file,
            white,
            black,
            time,
            save_pgn,
            at,
        } => play_game(&file, &at, [white, black], time, save_pgn).map(done),
        Command::Match(args) => referee::run(args).map(done),
        Command::Bench {
            file,
            depth,
            search,
            against,
            at,
        } => bench::run(&file, &at, &depth, search, against.as_ref(), json),
    }
}

/// `motley check --watch`: checks the files, and again whenever one of
/// them (or a file it extends) changes.
fn watch_files(files: &[PathBuf], json: bool) -> Result<ExitCode, Failure> {
    if json {
        return Err(Failure(
            "--watch prints text; --json is for a single check".to_string(),
        ));
    }
    watch::watch(
        files,
        |path| extended_files(path),
        |files| {
            for path in files {
                match read(path) {
                    Ok(source) => {
                        check_text(&path.display().to_string(), &source);
                    }
                    Err(Failure(message)) => eprint!("{message}"),
                }
            }
        },
    )
}

/// `motley check`: checks each file; exit 1 when one is invalid.
fn check_files(files: Vec<PathBuf>, json: bool) -> Result<ExitCode, Failure> {
    let mut failed = false;
    let mut reports = Vec::new();
    for path in files {
        let source = read(&path)?;
        let name = path.display().to_string();
        if !json {
            failed |= !check_text(&name, &source);
            continue;
        }
        let built = build_path(&path, &source);
        reports.push(json::check(
            &name,
            built.as_ref().map(|built| {
                let variant = built.rules.variant();
                (variant.name.as_str(), variant.pieces.len())
            }),
        ));
        failed |= built.is_err();
    }
    if json {
        json::print(&serde_json::Value::Array(reports));
    }
    Ok(if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// `motley perft`: the interpreter's count, or with `--impl` another
/// implementation's.
fn perft(
    file: &Path,
    at: &At,
    depth: u32,
    divide: bool,
    (threads, leaves): (usize, Leaves),
    implementation: &conform::PerftImpl,
    json: bool,
) -> Result<ExitCode, Failure> {
    if !matches!(implementation, conform::PerftImpl::Interp) {
        if leaves == Leaves::Bulk {
            return Err(Failure(
                "--bulk counts the interpreter's last ply: use it without --impl".to_string(),
            ));
        }
        let replay = replay(file, at)?;
        return conform::perft(file, &replay, depth, divide, threads, implementation, json);
    }
    let game = game(file, at)?;
    let rows = if depth == 0 {
        Vec::new()
    } else {
        divide_with_bar(&game, depth, leaves, threads, "perft")
    };
    conform::print_perft(depth, &rows, divide, json);
    Ok(ExitCode::SUCCESS)
}

/// The interpreter's perft per root move, the last ply counted as `leaves`
/// says, with a progress bar.
fn divide_with_bar(
    game: &Game,
    depth: u32,
    leaves: Leaves,
    threads: usize,
    label: &str,
) -> Vec<(String, u64)> {
    let bar = progress::Bar::new(label, "root moves", game.legal_moves().len() as u64);
    let rows = game.divide(depth, leaves, threads, &|done, _| {
        bar.update(done as u64, None);
    });
    bar.finish();
    rows
}

/// `motley status`: the outcome line, or the state as JSON.
fn print_status(game: &Game, json: bool) -> ExitCode {
    if json {
        json::print(&json::state(game, None));
    } else {
        outln!("{}", report::status_line(game));
    }
    ExitCode::SUCCESS
}

/// `motley fen`: the position's FEN.
fn print_fen(game: &Game, json: bool) -> ExitCode {
    let fen = game.fen();
    if json {
        json::print(&serde_json::json!({ "fen": fen }));
    } else {
        outln!("{fen}");
    }
    ExitCode::SUCCESS
}

/// `motley moves`: the legal moves, canonical or SAN, or as JSON.
fn print_moves(game: &Game, san: bool, json: bool) -> ExitCode {
    if json {
        json::print(&json::moves(game));
    } else if san {
        for (_, m) in game.legal_moves_san() {
            outln!("{m}");
        }
    } else {
        for m in game.legal_moves() {
            outln!("{m}");
        }
    }
    ExitCode::SUCCESS
}

/// `motley show`: the board, the state and the FEN, or what one player
/// sees of them.
fn show(game: &Game, viewer: Option<&str>, json: bool) -> Result<ExitCode, Failure> {
    let viewer = viewer_side(viewer)?;
    if json {
        json::print(&json::state(game, viewer));
        return Ok(ExitCode::SUCCESS);
    }
    match viewer {
        None => outln!(
            "{}{}fen: {}",
            report::board_with_hands(game, &game.rules().board_text(game.position())),
            report::state_lines(game, None),
            game.fen()
        ),
        Some(colour) => {
            let who = motley_interpreter::Color::from_index(colour);
            let (board, fen, hidden) = game.view_text(who);
            outln!(
                "{}{}fen: {fen}",
                report::board_with_hands(game, &board),
                report::state_lines(game, Some(colour))
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
    }
    Ok(ExitCode::SUCCESS)
}

/// `motley svg`: the board, or a piece's move diagrams, as SVG.
fn draw(args: &SvgArgs) -> Result<ExitCode, Failure> {
    let game = game(&args.file, &args.at)?;
    let rules = game.rules();
    let (files, ranks) = (rules.files(), rules.ranks());
    let square_of = |name: &str| {
        motley_interpreter::parse_square(files, ranks, name).ok_or_else(|| {
            Failure(format!(
                "bad square `{name}`: expected a1 to {}{ranks}",
                (b'a' + files - 1) as char
            ))
        })
    };
    let pictures: Vec<(String, String)> = match &args.piece {
        Some(letter) => {
            let square = args.square.as_deref().map(square_of).transpose()?;
            let source = loaded_text(&args.file, &read(&args.file)?);
            svg::diagrams(rules, game.rule_file(), &source, letter, square)
                .map_err(Failure)?
                .into_iter()
                .map(|d| (d.caption, d.svg))
                .collect()
        }
        None => {
            let highlight = args
                .highlight
                .iter()
                .map(|s| square_of(s))
                .collect::<Result<_, _>>()?;
            let arrows = args
                .arrows
                .iter()
                .map(|a| match svg::squares_in(a, files, ranks)[..] {
                    [from, to] => Ok((from, to)),
                    _ => Err(Failure(format!(
                        "bad arrow `{a}`: expected two squares, e.g. e2e4"
                    ))),
                })
                .collect::<Result<_, _>>()?;
            let options = svg::BoardOptions {
                viewer: viewer_side(args.viewer.as_deref())?,
                flip: args.flip,
                highlight,
                arrows,
            };
            vec![(String::new(), svg::board(&game, &options))]
        }
    };
    write_pictures(&pictures, args.output.as_deref())?;
    Ok(ExitCode::SUCCESS)
}

/// `motley serve`: the playground, with `files` offered merged.
fn serve_files(files: &[PathBuf], port: u16) -> Result<ExitCode, Failure> {
    let extra = files
        .iter()
        .map(|path| {
            let source = read(path)?;
            let rules = build_path(path, &source)
                .map_err(|d| Failure(d.render(&path.display().to_string(), &source)))?;
            // The playground finds parents among the bundled files
            // only: a file given here is served merged.
            Ok((
                rules.rules.variant().name.clone(),
                loaded_text(path, &source),
            ))
        })
        .collect::<Result<_, Failure>>()?;
    serve::serve(port, extra)
}

/// `motley man`: the man pages of motley and each subcommand, in roff.
fn man_page() -> Result<(), Failure> {
    let mut page = Vec::new();
    clap_mangen::Man::new(Cli::command())
        .render(&mut page)
        .map_err(|e| Failure(format!("cannot render the man page: {e}")))?;
    for sub in Cli::command().get_subcommands() {
        let name = format!("motley-{}", sub.get_name());
        clap_mangen::Man::new(sub.clone().name(name))
            .render(&mut page)
            .map_err(|e| Failure(format!("cannot render the man page: {e}")))?;
    }
    std::io::Write::write_all(&mut std::io::stdout(), &page)
        .map_err(|e| Failure(format!("cannot write the man page: {e}")))
}

/// `motley record`: the game as PGN, naming its rule file.
fn print_record(file: &Path, game: &Game) -> ExitCode {
    let outcome = game.outcome();
    out!(
        "{}",
        pgn::write(
            game,
            &[("RuleFile", file.display().to_string())],
            outcome.as_ref().map_or("*", |o| o.score()),
            outcome.map(|o| o.to_string()).as_deref(),
        )
    );
    ExitCode::SUCCESS
}

/// `motley play`: a game in the terminal.
fn play_game(
    file: &Path,
    at: &At,
    seats: [play::Seat; 2],
    time: f64,
    save_pgn: Option<PathBuf>,
) -> Result<(), Failure> {
    if !(time > 0.0 && time <= 86_400.0) {
        return Err(Failure(format!(
            "bad --time {time}: expected seconds above 0"
        )));
    }
    play::run(
        game(file, at)?,
        play::Options {
            seats,
            time: std::time::Duration::from_secs_f64(time),
            pgn: save_pgn,
        },
    )
}
