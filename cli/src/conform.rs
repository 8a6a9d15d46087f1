//! `motley conform`, `perft --impl` and the engine column of `bench`: the
//! commands that drive implementations through the conformance harness.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use motley_conformance::oracle::find_perft_difference;
use motley_conformance::runner::{run_paths, Budget, Options};
use motley_conformance::{variant_name, Engine, ImplError, ImplKind, Implementation, Interp};

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

/// Runs `motley conform`.
pub fn conform(
    paths: Vec<PathBuf>,
    implementation: &str,
    budget: Option<u64>,
    full: bool,
    verbose: bool,
    threads: Option<usize>,
    uci_timeout: Option<std::time::Duration>,
) -> Result<ExitCode, Failure> {
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
    let start = Instant::now();
    let report = run_paths(&paths, &kind, &options).map_err(Failure)?;
    out!("{}", report.render(verbose));
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

/// The engine at a position, or why it cannot be used for this rule file.
pub fn engine_at(
    file: &Path,
    rulings: &[(String, String)],
    fen: Option<&str>,
    moves: &[String],
) -> Result<Engine, Failure> {
    let mut engine = Engine::new();
    engine.load(file, rulings).map_err(failure)?;
    engine.set_position(fen, moves).map_err(failure)?;
    Ok(engine)
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
    imp.load(file, rulings).map_err(failure)?;
    imp.set_position(fen, moves).map_err(failure)?;
    Ok(imp)
}

/// `motley perft --impl engine|fsf|both[:fsf]`: prints like the
/// interpreter's perft; with `both`, on the first difference prints the
/// disagreement and fails.
#[allow(clippy::too_many_arguments)]
pub fn perft(
    file: &Path,
    start: &motley_interpreter::Game,
    rulings: &[(String, String)],
    fen: Option<&str>,
    moves: &[String],
    depth: u32,
    divide: bool,
    threads: usize,
    which: &PerftImpl,
) -> Result<ExitCode, Failure> {
    let moves = canonical_moves(start, moves)?;
    let rows = match which {
        PerftImpl::Interp => {
            let mut interp = Interp::new().with_threads(threads);
            interp.load(file, rulings).map_err(failure)?;
            interp.set_position(fen, &moves).map_err(failure)?;
            interp.divide(depth).map_err(failure)?
        }
        PerftImpl::One(kind) => loaded_at(kind, file, rulings, fen, &moves)?
            .divide(depth)
            .map_err(failure)?,
        PerftImpl::Both(kind) => {
            let mut other = loaded_at(kind, file, rulings, fen, &moves)?;
            let mut interp = Interp::new().with_threads(threads);
            interp.load(file, rulings).map_err(failure)?;
            interp.set_position(fen, &moves).map_err(failure)?;
            let a = interp.divide(depth).map_err(failure)?;
            let b = other.divide(depth).map_err(failure)?;
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
    if divide {
        for (m, n) in &rows {
            outln!("{m} {n}");
        }
        outln!();
    }
    let total: u64 = if depth == 0 {
        1
    } else {
        rows.iter().map(|r| r.1).sum()
    };
    outln!("{total}");
    Ok(ExitCode::SUCCESS)
}

/// One bench measurement: depth, leaves, seconds.
pub type BenchRow = (u32, u64, f64);

/// The engine's bench rows, when the engine implements the variant.
pub fn engine_bench(
    file: &Path,
    start: &motley_interpreter::Game,
    rulings: &[(String, String)],
    fen: Option<&str>,
    moves: &[String],
    depths: &[u32],
) -> Result<Option<Vec<BenchRow>>, Failure> {
    let name = variant_name(file).map_err(failure)?;
    if !Engine::implements(&name) {
        return Ok(None);
    }
    let moves = canonical_moves(start, moves)?;
    let mut engine = engine_at(file, rulings, fen, &moves)?;
    let mut rows = Vec::new();
    for &d in depths {
        let start = Instant::now();
        let leaves = engine.perft(d).map_err(failure)?;
        rows.push((d, leaves, start.elapsed().as_secs_f64()));
    }
    Ok(Some(rows))
}
