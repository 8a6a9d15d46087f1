//! `motley bench`: perft speed of the interpreter beside the engine's and
//! Fairy-Stockfish's, or the search's nodes per second.

use std::path::Path;
use std::process::ExitCode;

use motley_interpreter::Game;

use crate::{conform, json, At, Failure, FsfVariant, Replay};

/// One row of the perft table: implementation, depth, leaves, seconds and
/// speed over the interpreter's (none where the two count different
/// leaves, as a speed compares like work only).
type Row = (&'static str, u32, u64, f64, Option<f64>);

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
    let engine = conform::engine_bench(
        file,
        &replay.start,
        &replay.rulings,
        replay.fen.as_deref(),
        &replay.moves,
        depths,
    )?;
    let fsf = match against {
        Some(FsfVariant(variant)) if replay.rulings.is_empty() => Some(conform::fsf_bench(
            file,
            variant.as_deref(),
            &replay.start,
            replay.fen.as_deref(),
            &replay.moves,
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
        let start = motley_conformance::cpu::this_process();
        let leaves = crate::divide_with_bar(game, d, 1, &format!("bench depth {d}"))
            .iter()
            .map(|(_, n)| n)
            .sum();
        let secs = (motley_conformance::cpu::this_process() - start).as_secs_f64();
        rows.push(("interpreter", d, leaves, secs, Some(1.0)));
        // Another implementation's row, named in the table and in prose.
        let mut beside =
            |imp, who, (_, other_leaves, other_secs): conform::BenchRow, divisor: f64| {
                let ratio = if other_leaves == leaves {
                    Some(secs / divisor)
                } else {
                    disagreements.push(format!(
                        "depth {d}: the interpreter counts {leaves} leaves, {who} {other_leaves}"
                    ));
                    None
                };
                rows.push((imp, d, other_leaves, other_secs, ratio));
            };
        if let Some(&row) = engine.as_ref().and_then(|rows| rows.get(i)) {
            beside("engine", "the engine", row, row.2);
        }
        if let Some(Ok(fsf)) = &fsf {
            beside("fsf (bulk)", "Fairy-Stockfish", fsf[i], fsf[i].2.max(1e-3));
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

/// Prints the perft table, as text or JSON.
fn print_rows(rows: &[Row], json: bool) {
    if json {
        json::print(&serde_json::Value::Array(
            rows.iter()
                .map(|&(imp, d, leaves, secs, ratio)| {
                    serde_json::json!({
                        "impl": imp, "depth": d, "leaves": leaves, "seconds": secs,
                        "leaves_per_second": leaves as f64 / secs, "x_interp": ratio,
                    })
                })
                .collect(),
        ));
        return;
    }
    outln!(
        "{:<12} {:>5} {:>14} {:>10} {:>14} {:>10}",
        "impl",
        "depth",
        "leaves",
        "seconds",
        "leaves/s",
        "x interp"
    );
    for &(imp, d, leaves, secs, ratio) in rows {
        let ratio = ratio.map_or("-".to_string(), |r| format!("{r:.2}"));
        outln!(
            "{imp:<12} {d:>5} {leaves:>14} {secs:>10.3} {:>14.0} {ratio:>10}",
            leaves as f64 / secs
        );
    }
}
