//! `motley conform`, `perft --impl` and the engine column of `bench`: the
//! commands that drive implementations through the conformance harness.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use motley_conformance::oracle::find_perft_difference;
use motley_conformance::runner::{run_paths, Budget, Options, Progress, Report, Status};
use motley_conformance::{
    cpu, variant_name_at, Engine, Fsf, ImplError, ImplKind, Implementation, Interp,
};

use crate::progress::Bar;
use crate::Failure;

/// The case folder when `conform` is given no paths: `conformance/cases`
/// under the current folder, else the one of the source tree `motley` was
/// built from.
fn default_cases() -> PathBuf {
    let here = PathBuf::from("conformance/cases");
    if here.is_dir() {
        return here;
    }
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../conformance/cases")
}

/// The options of `motley conform`.
#[derive(clap::Args)]
pub struct ConformArgs {
    /// Case files or folders (searched recursively for *.yaml); default conformance/cases.
    paths: Vec<PathBuf>,
    /// Implementation: interp, engine, fsf or fsf:VARIANT (Fairy-Stockfish), or
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
    #[arg(long, value_parser = crate::thread_count)]
    threads: Option<usize>,
    /// Seconds a UCI engine may take over one question (default 60; the
    /// handshake gets at most 20).
    #[arg(long, value_name = "SECONDS", value_parser = crate::uci_timeout)]
    uci_timeout: Option<std::time::Duration>,
}

/// Runs `motley conform`.
pub fn conform(args: ConformArgs, json: bool) -> Result<ExitCode, Failure> {
    let ConformArgs {
        paths,
        implementation,
        budget,
        full,
        verbose,
        threads,
        uci_timeout,
    } = args;
    let kind: ImplKind = implementation.parse().map_err(Failure)?;
    let paths = if paths.is_empty() {
        vec![default_cases()]
    } else {
        paths
    };
    let budget = match (full, budget) {
        (true, _) => Budget::Unlimited,
        (false, Some(0)) => return Err(Failure("--budget must be at least 1".to_string())),
        (false, Some(n)) => Budget::Nodes(n),
        (false, None) => Budget::Default,
    };
    let mut options = Options {
        budget,
        ..Options::default()
    };
    if matches!(kind, ImplKind::Uci(_)) {
        // An external engine may use several threads itself.
        options.threads = 1;
    }
    if let Some(n) = threads {
        options.threads = n.max(1);
    }
    if let Some(timeout) = uci_timeout {
        options.uci_timeout = timeout;
    }
    let bar = std::sync::Arc::new(std::sync::Mutex::new(None::<Bar>));
    let shared = bar.clone();
    options.progress = Progress(std::sync::Arc::new(move |done, all| {
        if let Ok(mut bar) = shared.lock() {
            bar.get_or_insert_with(|| Bar::new("conform", "cases", all as u64))
                .update(done as u64, None);
        }
    }));
    let start = Instant::now();
    let report = run_paths(&paths, &kind, &options).map_err(Failure)?;
    if let Some(bar) = bar.lock().ok().and_then(|mut b| b.take()) {
        bar.finish();
    }
    if json {
        crate::json::print(&report_json(&report));
    } else {
        out!("{}", report.render(verbose));
    }
    if verbose {
        eprintln!(
            "{} in {:.1}s",
            report.implementation,
            start.elapsed().as_secs_f64()
        );
    }
    Ok(if report.failed() > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// `conform --json`: the counts, then one object per case
/// (`file`, `case`, `status`, `differences`, `reason`, `over_budget`).
fn report_json(report: &Report) -> serde_json::Value {
    use serde_json::json;
    let cases: Vec<serde_json::Value> = report
        .results
        .iter()
        .map(|r| {
            let (status, differences, reason) = match &r.status {
                Status::Passed => ("passed", &[][..], None),
                Status::Failed(d) => ("failed", &d[..], None),
                Status::Skipped(why) => ("skipped", &[][..], Some(why)),
                Status::Known(d, why) => ("known", &d[..], Some(why)),
            };
            json!({
                "file": r.file.display().to_string(),
                "case": r.case,
                "status": status,
                "differences": differences,
                "reason": reason,
                "over_budget": r.over_budget.iter().map(|(d, n)| json!({"depth": d, "count": n})).collect::<Vec<_>>(),
            })
        })
        .collect();
    json!({
        "implementation": report.implementation,
        "passed": report.passed(),
        "failed": report.failed(),
        "skipped": report.skipped(),
        "known": report.known(),
        "file_errors": report.file_errors,
        "cases": cases,
    })
}

/// Which implementation `perft` runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PerftImpl {
    /// The interpreter alone (the default).
    Interp,
    /// Another implementation alone: `engine`, `fsf`, `fsf:VARIANT`.
    One(ImplKind),
    /// The interpreter and another, compared: `both` (the engine),
    /// `both:fsf`, `both:fsf:VARIANT`.
    Both(ImplKind),
}

impl std::str::FromStr for PerftImpl {
    type Err = String;
    fn from_str(s: &str) -> Result<PerftImpl, String> {
        let other = |text: &str| {
            match text.parse::<ImplKind>() {
            Ok(kind @ (ImplKind::Engine | ImplKind::Fsf(_))) => Ok(kind),
            _ => Err(format!(
                "unknown implementation `{s}`: expected interp, engine, fsf[:VARIANT], both (interp and engine) or both:fsf[:VARIANT]"
            )),
        }
        };
        match s {
            "interp" | "interpreter" => Ok(PerftImpl::Interp),
            "both" => Ok(PerftImpl::Both(ImplKind::Engine)),
            _ => match s.strip_prefix("both:") {
                Some(rest) => other(rest).map(PerftImpl::Both),
                None => other(s).map(PerftImpl::One),
            },
        }
    }
}

fn failure(e: ImplError) -> Failure {
    Failure(e.to_string())
}

/// Moves as canonical text: SAN is translated through the interpreter's
/// game, which accepts both, so the engine (UCI text only) can follow.
pub fn canonical_moves(
    game: &motley_interpreter::Game,
    moves: &[String],
) -> Result<Vec<String>, Failure> {
    let mut game = game.clone();
    let mut out = Vec::with_capacity(moves.len());
    for m in moves {
        let legal = game.legal_moves();
        let text = if legal.contains(m) {
            m.clone()
        } else {
            let mut probe = game.clone();
            let san = probe.play(m).map_err(|e| Failure(e.to_string()))?;
            legal
                .into_iter()
                .find(|l| {
                    let mut g = game.clone();
                    g.play(l).is_ok_and(|s| s == san)
                })
                .ok_or_else(|| Failure(format!("cannot write move `{m}` as canonical text")))?
        };
        game.play(&text).map_err(|e| Failure(e.to_string()))?;
        out.push(text);
    }
    Ok(out)
}

/// A game's start, rulings and moves as the implementations take them:
/// the rulings of the PGN game and `--ruling`, the FEN it started from and
/// the moves played.
pub struct Replay {
    /// The interpreter's game at the start, which writes the moves as
    /// canonical text.
    pub start: motley_interpreter::Game,
    /// The rulings given, as (id, option).
    pub rulings: Vec<(String, String)>,
    /// The FEN the game started from, if not the setup.
    pub fen: Option<String>,
    /// The moves played.
    pub moves: Vec<String>,
}

/// Loads the rule file into `imp` (with the rulings) and sets its position.
fn place(
    imp: &mut dyn Implementation,
    file: &Path,
    rulings: &[(String, String)],
    fen: Option<&str>,
    moves: &[String],
) -> Result<(), Failure> {
    imp.load_path(file, rulings).map_err(failure)?;
    imp.set_position(fen, moves).map_err(failure)
}

/// An implementation of `kind` loaded with the rule file at a position.
fn loaded_at(
    kind: &ImplKind,
    file: &Path,
    rulings: &[(String, String)],
    fen: Option<&str>,
    moves: &[String],
) -> Result<Box<dyn Implementation>, Failure> {
    let mut imp = kind.create();
    place(imp.as_mut(), file, rulings, fen, moves)?;
    Ok(imp)
}

/// `motley perft --impl engine|fsf|both[:fsf]`: prints like the
/// interpreter's perft; with `both`, on the first difference prints the
/// disagreement and fails.
pub fn perft(
    file: &Path,
    replay: &Replay,
    depth: u32,
    divide: bool,
    threads: usize,
    which: &PerftImpl,
    json: bool,
) -> Result<ExitCode, Failure> {
    let (rulings, fen) = (&replay.rulings[..], replay.fen.as_deref());
    let moves = canonical_moves(&replay.start, &replay.moves)?;
    let rows = match which {
        PerftImpl::Interp => {
            let mut interp = Interp::new().with_threads(threads);
            place(&mut interp, file, rulings, fen, &moves)?;
            divide_by_root(&mut interp, fen, &moves, depth, "interp perft")?
        }
        PerftImpl::One(kind) => {
            let mut one = loaded_at(kind, file, rulings, fen, &moves)?;
            divide_by_root(one.as_mut(), fen, &moves, depth, &format!("{kind} perft"))?
        }
        PerftImpl::Both(kind) => {
            let mut other = loaded_at(kind, file, rulings, fen, &moves)?;
            let mut interp = Interp::new().with_threads(threads);
            place(&mut interp, file, rulings, fen, &moves)?;
            let a = divide_by_root(&mut interp, fen, &moves, depth, "interp perft")?;
            let b = divide_by_root(other.as_mut(), fen, &moves, depth, &format!("{kind} perft"))?;
            if a != b || depth == 0 {
                if let Err(d) =
                    find_perft_difference(&mut interp, other.as_mut(), fen, &moves, depth)
                {
                    out!("{d}");
                    return Ok(ExitCode::from(1));
                }
            }
            a
        }
    };
    print_perft(depth, &rows, divide, json);
    Ok(ExitCode::SUCCESS)
}

/// Prints a perft count, after the count of each root move with
/// `divide`, as text or JSON. `rows` is empty at depth 0.
pub fn print_perft(depth: u32, rows: &[(String, u64)], divide: bool, json: bool) {
    let total = if depth == 0 {
        1
    } else {
        rows.iter().map(|r| r.1).sum()
    };
    if json {
        crate::json::print(&crate::json::perft(depth, total, divide.then_some(rows)));
        return;
    }
    if divide {
        for (m, n) in rows {
            outln!("{m} {n}");
        }
        outln!();
    }
    outln!("{total}");
}

/// Perft per root move, root move by root move, with a progress bar;
/// empty at depth 0. The position is left where it was.
fn divide_by_root(
    imp: &mut dyn Implementation,
    fen: Option<&str>,
    moves: &[String],
    depth: u32,
    label: &str,
) -> Result<Vec<(String, u64)>, Failure> {
    if depth == 0 {
        return Ok(Vec::new());
    }
    let roots = imp.legal_moves().map_err(failure)?;
    let bar = Bar::new(label, "root moves", roots.len() as u64);
    let mut rows = Vec::with_capacity(roots.len());
    let mut leaves = 0;
    let mut line = moves.to_vec();
    for (i, root) in roots.into_iter().enumerate() {
        line.push(root.clone());
        imp.set_position(fen, &line).map_err(failure)?;
        line.pop();
        let n = imp.perft(depth - 1).map_err(failure)?;
        leaves += n;
        rows.push((root, n));
        bar.update(i as u64 + 1, Some(format!("{leaves} leaves")));
    }
    bar.finish();
    imp.set_position(fen, moves).map_err(failure)?;
    Ok(rows)
}

/// One bench measurement: depth, leaves, seconds.
pub type BenchRow = (u32, u64, f64);

/// The engine's bench rows, when the engine implements the variant.
pub fn engine_bench(
    file: &Path,
    replay: &Replay,
    depths: &[u32],
) -> Result<Option<Vec<BenchRow>>, Failure> {
    let name = variant_name_at(file).map_err(failure)?;
    if !Engine::implements(&name) {
        return Ok(None);
    }
    let fen = replay.fen.as_deref();
    let moves = canonical_moves(&replay.start, &replay.moves)?;
    let mut engine = Engine::new();
    place(&mut engine, file, &replay.rulings, fen, &moves)?;
    let mut rows = Vec::new();
    for &d in depths {
        let start = cpu::this_process();
        let leaves = divide_by_root(
            &mut engine,
            fen,
            &moves,
            d,
            &format!("engine bench depth {d}"),
        )?
        .iter()
        .map(|(_, n)| n)
        .sum();
        rows.push((d, leaves, (cpu::this_process() - start).as_secs_f64()));
    }
    Ok(Some(rows))
}

/// `bench --against fsf[:VARIANT]`: Fairy-Stockfish's engine counting the
/// same perfts as it counts them (the last ply in bulk), timed by its
/// process's CPU time. `Ok(Err(why))` when it cannot run here (FSF or
/// pyffish absent, the variant unknown to the engine): the bench says so
/// and goes on without it.
pub fn fsf_bench(
    file: &Path,
    variant: Option<&str>,
    replay: &Replay,
    depths: &[u32],
) -> Result<Result<Vec<BenchRow>, String>, Failure> {
    let fen = replay.fen.as_deref();
    let moves = canonical_moves(&replay.start, &replay.moves)?;
    let mut fsf = Fsf::new(variant);
    if let Err(e) = fsf.load_path(file, &[]) {
        return Ok(Err(e.to_string()));
    }
    fsf.set_position(fen, &moves).map_err(failure)?;
    let mut rows = Vec::new();
    for &d in depths {
        match fsf.timed_engine_perft(d).map_err(failure)? {
            Some((leaves, cpu)) => rows.push((d, leaves, cpu.as_secs_f64())),
            None => {
                return Ok(Err(format!(
                    "Fairy-Stockfish's engine (`fairy-stockfish`, or $FSF_ENGINE) is not installed or does not play `{}`",
                    variant.map_or_else(|| Fsf::default_variant(file), str::to_string)
                )))
            }
        }
    }
    Ok(Ok(rows))
}
