//! `motley explore`: the ambiguity explorer. Seeded random play looks for
//! the shortest game after which a ruling's options (or the interpreter and
//! the engine) disagree on the legal moves, the position or the outcome.

use std::path::Path;
use std::process::ExitCode;

use motley_conformance::oracle::{game_seed, random_game, DiffError, Disagreement, SplitMix64};
use motley_conformance::{Engine, Implementation, Interp};

use crate::Failure;

/// Longest game played while looking, in plies.
const MAX_PLIES: usize = 200;

/// What to compare.
pub enum Subject {
    /// Each option of this ruling against its default.
    Ruling(String),
    /// The interpreter against the engine, default rulings.
    Engine,
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
        Subject::Engine => vec![Pair {
            label: "interpreter and engine".to_string(),
            a: (Box::new(Interp::new()), Vec::new()),
            b: (Box::new(Engine::new()), Vec::new()),
        }],
        Subject::Ruling(id) => {
            let source = std::fs::read_to_string(file)
                .map_err(|e| Failure(format!("{}: cannot read: {e}", file.display())))?;
            let rules = motley_interpreter::build(&source)
                .map_err(|d| Failure(d.render(&file.display().to_string(), &source)))?;
            let prefix = format!("{}.", rules.variant.name);
            let short = id.strip_prefix(&prefix).unwrap_or(&id).to_string();
            let ruling = rules
                .file
                .rulings
                .iter()
                .find(|r| r.id == short)
                .ok_or_else(|| {
                    let known: Vec<String> = rules
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
        a.load(file, &rulings_a)
            .map_err(|e| Failure(e.to_string()))?;
        b.load(file, &rulings_b)
            .map_err(|e| Failure(e.to_string()))?;
        match shortest(a.as_mut(), b.as_mut(), games, seed)? {
            Some((index, d)) => {
                outln!(
                    "{label}: differ after {} moves (game {index} of seed {seed}): {}",
                    d.moves.len(),
                    d.what
                );
                outln!("  fen: {}", fen_at(a.as_mut(), &d)?);
                outln!(
                    "  moves: {}",
                    if d.moves.is_empty() {
                        "(none)".to_string()
                    } else {
                        d.moves.join(" ")
                    }
                );
                if !d.only_in_a.is_empty() {
                    outln!("  only under the first: {}", d.only_in_a.join(" "));
                }
                if !d.only_in_b.is_empty() {
                    outln!("  only under the second: {}", d.only_in_b.join(" "));
                }
            }
            None => outln!("{label}: no difference in {games} games of seed {seed}"),
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The shortest disagreement over `games` seeded games, with its game index.
fn shortest(
    a: &mut dyn Implementation,
    b: &mut dyn Implementation,
    games: usize,
    seed: u64,
) -> Result<Option<(usize, Disagreement)>, Failure> {
    let mut best: Option<(usize, Disagreement)> = None;
    let mut plies = 0;
    let bar = crate::progress::Bar::new("explore", "games", games as u64);
    for index in 0..games {
        bar.update(index as u64, None);
        let mut rng = SplitMix64::new(game_seed(seed, index));
        match random_game(a, b, None, &mut rng, MAX_PLIES, &mut plies) {
            Ok(_) => {}
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
    Ok(best)
}

/// The FEN of the position where a disagreement shows, as the first side prints it.
fn fen_at(a: &mut dyn Implementation, d: &Disagreement) -> Result<String, Failure> {
    a.set_position(d.fen.as_deref(), &d.moves)
        .map_err(|e| Failure(e.to_string()))?;
    a.fen().map_err(|e| Failure(e.to_string()))
}
