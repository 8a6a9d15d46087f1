//! `motley bench`: perft speed of the interpreter beside the engine's and
//! Fairy-Stockfish's, or the search's nodes per second.

use std::path::Path;
use std::process::ExitCode;

use motley_interpreter::{Game, Leaves};

use crate::conform::{self, Replay};
use crate::{json, At, Failure, FsfVariant};

/// One row of the perft table: implementation, depth, leaves, seconds, and
/// its speed over the interpreter's every-leaf count and over its bulk
/// count (the interpreter's time over this row's; none where the two count
/// different leaves, as a speed compares like work only).
type Row = (&'static str, u32, u64, f64, Option<f64>, Option<f64>);

/// `motley bench`: perft speed, or with `search` the search's.
pub fn run(
    file: &Path,
    at: &At,
    depths: &[u32],
    search: bool,
    against: Option<&FsfVariant>,
    json: bool,
) -> Result<ExitCode, Failure> {
    let game = crate::game(file, at)?;
    if search {
        self::search(&game, depths);
        return Ok(ExitCode::SUCCESS);
    }
    perft(
        file,
        &game,
        &crate::replay(file, at)?,
        depths,
        against,
        json,
    )
}

/// `motley bench --search`: a fixed-depth search per depth, nodes and
/// nodes per second.
fn search(game: &Game, depths: &[u32]) {
    outln!(
        "{:<12} {:>5} {:>14} {:>10} {:>14}  best",
        "search",
        "depth",
        "nodes",
        "seconds",
        "nodes/s"
    );
    for &d in depths {
        let mut searcher = motley_search::Searcher::new(64);
        let mut position =
            motley_search::Interpreted::new(game.shared_rules(), game.position().clone());
        let start = motley_conformance::cpu::this_process();
        let best = searcher.search(
            &mut position,
            &[],
            motley_search::Limits {
                depth: Some(d),
                ..Default::default()
            },
            |_| {},
        );
        let secs = (motley_conformance::cpu::this_process() - start).as_secs_f64();
        outln!(
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
}

/// `motley bench`: the interpreter's perft per depth, with the engine's and
/// (with `--against`) Fairy-Stockfish's beside it; fails where they count
/// different leaves.
fn perft(
    file: &Path,
    game: &Game,
    replay: &Replay,
    depths: &[u32],
    against: Option<&FsfVariant>,
    json: bool,
) -> Result<ExitCode, Failure> {
    let engine = conform::engine_bench(file, replay, depths)?;
    let fsf = match against {
        Some(FsfVariant(variant)) if replay.rulings.is_empty() => Some(conform::fsf_bench(
            file,
            variant.as_deref(),
            replay,
            depths,
        )?),
        Some(_) => Some(Err(
            "Fairy-Stockfish does not know Motley's rulings".to_string()
        )),
        None => None,
    };
    let mut rows = Vec::new();
    let mut disagreements = Vec::new();
    for (i, &d) in depths.iter().enumerate() {
        let (leaves, secs) = timed(game, d, Leaves::Played);
        let (bulk_leaves, bulk_secs) = timed(game, d, Leaves::Bulk);
        // A row beside the interpreter's, named in the table and in prose.
        let mut beside = |imp, who, (other_leaves, other_secs): (u64, f64)| {
            let other_secs = other_secs.max(1e-3);
            if other_leaves == leaves {
                rows.push((
                    imp,
                    d,
                    other_leaves,
                    other_secs,
                    Some(secs / other_secs),
                    Some(bulk_secs / other_secs),
                ));
            } else {
                disagreements.push(format!(
                    "depth {d}: the interpreter counts {leaves} leaves, {who} {other_leaves}"
                ));
                rows.push((imp, d, other_leaves, other_secs, None, None));
            }
        };
        beside("interpreter", "the interpreter", (leaves, secs));
        beside(
            "interp bulk",
            "the interpreter in bulk",
            (bulk_leaves, bulk_secs),
        );
        if let Some(&(_, engine_leaves, engine_secs)) = engine.as_ref().and_then(|rows| rows.get(i))
        {
            beside("engine", "the engine", (engine_leaves, engine_secs));
        }
        if let Some(Ok(fsf)) = &fsf {
            beside("fsf (bulk)", "Fairy-Stockfish", (fsf[i].1, fsf[i].2));
        }
    }
    if let Some(Err(why)) = &fsf {
        eprintln!("motley: no Fairy-Stockfish row: {why}");
    }
    print_rows(&rows, json);
    if !disagreements.is_empty() {
        return Err(Failure(format!(
            "no speed ratio where the implementations disagree: {}",
            disagreements.join("; ")
        )));
    }
    Ok(ExitCode::SUCCESS)
}

/// The interpreter's perft of `game` at `depth`, the last ply counted as
/// `leaves` says, with a progress bar: the count and its CPU seconds.
fn timed(game: &Game, depth: u32, leaves: Leaves) -> (u64, f64) {
    let label = match leaves {
        Leaves::Played => format!("bench depth {depth}"),
        Leaves::Bulk => format!("bench depth {depth} (bulk)"),
    };
    let start = motley_conformance::cpu::this_process();
    let count = crate::divide_with_bar(game, depth, leaves, 1, &label)
        .iter()
        .map(|(_, n)| n)
        .sum();
    let secs = (motley_conformance::cpu::this_process() - start).as_secs_f64();
    (count, secs.max(1e-3))
}

/// Prints the perft table, as text or JSON.
fn print_rows(rows: &[Row], json: bool) {
    if json {
        json::print(&serde_json::Value::Array(
            rows.iter()
                .map(|&(imp, d, leaves, secs, ratio, bulk_ratio)| {
                    serde_json::json!({
                        "impl": imp, "depth": d, "leaves": leaves, "seconds": secs,
                        "leaves_per_second": leaves as f64 / secs, "x_interp": ratio,
                        "x_bulk": bulk_ratio,
                    })
                })
                .collect(),
        ));
        return;
    }
    outln!(
        "{:<12} {:>5} {:>14} {:>10} {:>14} {:>10} {:>10}",
        "impl",
        "depth",
        "leaves",
        "seconds",
        "leaves/s",
        "x interp",
        "x bulk"
    );
    let shown = |r: Option<f64>| r.map_or("-".to_string(), |r| format!("{r:.2}"));
    for &(imp, d, leaves, secs, ratio, bulk_ratio) in rows {
        outln!(
            "{imp:<12} {d:>5} {leaves:>14} {secs:>10.3} {:>14.0} {:>10} {:>10}",
            leaves as f64 / secs,
            shown(ratio),
            shown(bulk_ratio)
        );
    }
}
