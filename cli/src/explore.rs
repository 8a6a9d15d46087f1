//! `motley explore` and `motley judge`: seeded random play looks for the
//! shortest game after which a ruling's options, or the interpreter and
//! another implementation (the engine, Fairy-Stockfish), disagree on the
//! legal moves, the position or the outcome.

use std::path::Path;
use std::process::ExitCode;

use motley_conformance::oracle::{
    drawn_starts, game_seed, random_game, DiffError, Disagreement, GamesSummary, SplitMix64,
};
use motley_conformance::{show_outcome, ImplKind, Implementation, Interp};

use crate::Failure;

/// Longest game played while looking, in plies.
const MAX_PLIES: usize = 200;

/// What to compare.
pub enum Subject {
    /// Each option of this ruling against its default.
    Ruling(String),
    /// The interpreter against another implementation, default rulings.
    Against(ImplKind),
}

impl Subject {
    /// What `--ruling` or `--against` names; the engine when neither does.
    pub fn named(ruling: Option<String>, against: Option<ImplKind>) -> Subject {
        match (ruling, against) {
            (Some(id), _) => Subject::Ruling(id),
            (None, Some(kind)) => Subject::Against(kind),
            (None, None) => Subject::Against(ImplKind::Engine),
        }
    }
}

/// Reads `--against`: `engine`, `fsf` or `fsf:VARIANT`.
pub fn against(text: &str) -> Result<ImplKind, String> {
    match text.parse::<ImplKind>()? {
        kind @ (ImplKind::Engine | ImplKind::Fsf(_)) => Ok(kind),
        _ => Err(format!(
            "cannot compare with `{text}`: expected engine, fsf or fsf:VARIANT"
        )),
    }
}

/// Two implementations to compare, each loaded with its rulings.
struct Pair {
    label: String,
    a: (Box<dyn Implementation>, Vec<(String, String)>),
    b: (Box<dyn Implementation>, Vec<(String, String)>),
}

/// Runs `motley explore` over `games` seeded games.
pub fn explore(
    file: &Path,
    subject: Subject,
    games: usize,
    seed: u64,
) -> Result<ExitCode, Failure> {
    let pairs: Vec<Pair> = match subject {
        Subject::Against(kind) => vec![Pair {
            label: format!("interpreter and {kind}"),
            a: (Box::new(Interp::new()), Vec::new()),
            b: (kind.create(), Vec::new()),
        }],
        Subject::Ruling(id) => {
            let source = crate::read(file)?;
            let built = motley_interpreter::build_path(file, &source)
                .map_err(|d| Failure(d.render(&file.display().to_string(), &source)))?;
            let prefix = format!("{}.", built.rules.variant().name);
            let short = id.strip_prefix(&prefix).unwrap_or(&id).to_string();
            let ruling = built
                .file
                .rulings
                .iter()
                .find(|r| r.id == short)
                .ok_or_else(|| {
                    let known: Vec<String> = built
                        .file
                        .rulings
                        .iter()
                        .map(|r| format!("{prefix}{}", r.id))
                        .collect();
                    Failure(format!(
                        "unknown ruling `{id}`; the rulings are: {}",
                        if known.is_empty() {
                            "none".to_string()
                        } else {
                            known.join(", ")
                        }
                    ))
                })?;
            let default = ruling.default.value.clone();
            ruling
                .options
                .iter()
                .filter(|o| **o != default)
                .map(|o| {
                    let label = format!("{prefix}{short}={default} and {prefix}{short}={o}");
                    let interp = || Box::new(Interp::new()) as Box<dyn Implementation>;
                    Pair {
                        label,
                        a: (interp(), vec![(short.clone(), default.clone())]),
                        b: (interp(), vec![(short.clone(), o.clone())]),
                    }
                })
                .collect()
        }
    };
    for Pair {
        label,
        a: (mut a, rulings_a),
        b: (mut b, rulings_b),
    } in pairs
    {
        a.load_path(file, &rulings_a)
            .map_err(|e| Failure(e.to_string()))?;
        b.load_path(file, &rulings_b)
            .map_err(|e| Failure(e.to_string()))?;
        match shortest(a.as_mut(), b.as_mut(), games, MAX_PLIES, seed, &|_| None)?.1 {
            Some((index, d)) => {
                outln!(
                    "{label}: differ after {} moves (game {index} of seed {seed}): {}",
                    d.moves.len(),
                    d.what
                );
                print_reproduction(a.as_mut(), &d, "under the first", "under the second")?;
            }
            None => outln!("{label}: no difference in {games} games of seed {seed}"),
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Prints where a disagreement shows: the FEN (as A prints it), the moves
/// from the start and the moves only one side has (`only {name_a}: ...`).
fn print_reproduction(
    a: &mut dyn Implementation,
    d: &Disagreement,
    name_a: &str,
    name_b: &str,
) -> Result<(), Failure> {
    outln!("  fen: {}", fen_at(a, d)?);
    let moves = match d.moves.as_slice() {
        [] => "(none)".to_string(),
        moves => moves.join(" "),
    };
    outln!("  moves: {moves}");
    if !d.only_in_a.is_empty() {
        outln!("  only {name_a}: {}", d.only_in_a.join(" "));
    }
    if !d.only_in_b.is_empty() {
        outln!("  only {name_b}: {}", d.only_in_b.join(" "));
    }
    Ok(())
}

/// Plays `games` seeded games of up to `max_plies` plies in lockstep,
/// each from the FEN `start` gives for its seed (the setup for `None`);
/// returns what the agreeing games saw and the shortest disagreement,
/// with its game index.
fn shortest(
    a: &mut dyn Implementation,
    b: &mut dyn Implementation,
    games: usize,
    max_plies: usize,
    seed: u64,
    start: &dyn Fn(u64) -> Option<String>,
) -> Result<(GamesSummary, Option<(usize, Disagreement)>), Failure> {
    let mut best: Option<(usize, Disagreement)> = None;
    let mut summary = GamesSummary::default();
    let bar = crate::progress::Bar::new("games", "games", games as u64);
    for index in 0..games {
        bar.update(index as u64, None);
        let walk_seed = game_seed(seed, index);
        let mut rng = SplitMix64::new(walk_seed);
        let fen = start(walk_seed);
        match random_game(
            a,
            b,
            fen.as_deref(),
            &mut rng,
            max_plies,
            &mut summary.plies,
        ) {
            Ok(outcome) => {
                summary.games += 1;
                *summary.outcomes.entry(show_outcome(&outcome)).or_default() += 1;
            }
            Err(DiffError::Disagree(d)) => {
                if best
                    .as_ref()
                    .is_none_or(|(_, b)| d.moves.len() < b.moves.len())
                {
                    best = Some((index, *d));
                }
            }
            Err(DiffError::Broken(m)) => {
                bar.finish();
                return Err(Failure(m));
            }
        }
    }
    bar.finish();
    Ok((summary, best))
}

/// Settings of `motley judge`.
#[derive(clap::Args)]
pub struct JudgeSettings {
    /// `fsf` (FSF's variant named by the file's stem), `fsf:VARIANT` or `engine`.
    #[arg(long, value_parser = against, default_value = "fsf")]
    pub against: ImplKind,
    /// Number of seeded random walks.
    #[arg(long, default_value_t = 100)]
    pub walks: usize,
    /// Longest walk, in plies.
    #[arg(long, default_value_t = 200)]
    pub plies: usize,
    /// The seed of the walks.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// Runs `motley judge`: the interpreter on `file` against another
/// implementation over seeded random walks; exit 1 on a disagreement.
pub fn judge(file: &Path, run: &JudgeSettings) -> Result<ExitCode, Failure> {
    let mut a: Box<dyn Implementation> = Box::new(Interp::new());
    let mut b = run.against.create();
    a.load_path(file, &[]).map_err(|e| Failure(e.to_string()))?;
    b.load_path(file, &[])
        .map_err(|e| Failure(format!("{}: {}: {e}", file.display(), b.name())))?;
    // A shuffled start (spec/LANGUAGE.md §6.4): each walk starts both
    // sides from the array its own seed draws.
    let source = crate::read(file)?;
    let rules = motley_interpreter::build_path(file, &source)
        .map_err(|d| Failure(d.render(&file.display().to_string(), &source)))?
        .rules;
    let shuffled = rules.arrangements().is_some();
    let start = drawn_starts(std::sync::Arc::unwrap_or_clone(rules));
    let (summary, best) = shortest(
        a.as_mut(),
        b.as_mut(),
        run.walks,
        run.plies,
        run.seed,
        &start,
    )?;
    let head = format!(
        "{} against {}: {} walks of up to {} plies, seed {}{}",
        file.display(),
        b.name(),
        run.walks,
        run.plies,
        run.seed,
        if shuffled {
            ", each from the array its walk's seed draws"
        } else {
            ""
        }
    );
    match best {
        Some((index, d)) => {
            outln!(
                "{head}: differ after {} moves (walk {index}): {}",
                d.moves.len(),
                d.what
            );
            let (name_a, name_b) = (format!("in {}", a.name()), format!("in {}", b.name()));
            print_reproduction(a.as_mut(), &d, &name_a, &name_b)?;
            outln!(
                "  {} of {} walks disagree; the shortest is shown",
                run.walks - summary.games,
                run.walks
            );
            Ok(ExitCode::from(1))
        }
        None => {
            outln!("{head}: equal in {} plies", summary.plies);
            let outcomes: Vec<String> = summary
                .outcomes
                .iter()
                .map(|(o, n)| format!("{o} {n}"))
                .collect();
            outln!("  outcomes: {}", outcomes.join(", "));
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// The FEN of the position where a disagreement shows, as the first side prints it.
fn fen_at(a: &mut dyn Implementation, d: &Disagreement) -> Result<String, Failure> {
    a.set_position(d.fen.as_deref(), &d.moves)
        .map_err(|e| Failure(e.to_string()))?;
    a.fen().map_err(|e| Failure(e.to_string()))
}
