//! The mate case files (`search/cases/*.yaml`): in each position the
//! search, at the case's depth, finds the mate in the number of moves the
//! case gives, with a first move from its `bestmove` list.

use std::path::{Path, PathBuf};

use motley_search::{Interpreted, Limits, Score, Searcher};
use motley_testkit::yaml_files;
use serde::Deserialize;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    /// The rule file, relative to the case file.
    variant: String,
    cases: Vec<Case>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    name: String,
    source: String,
    fen: String,
    /// Search depth in plies; twice the mate's moves when absent.
    depth: Option<u32>,
    expect: Expect,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Expect {
    /// Mate in this many moves for the side to move.
    mate: i32,
    /// The first moves that mate so (canonical text); any when absent.
    bestmove: Option<Vec<String>>,
}

fn case_files() -> Vec<PathBuf> {
    yaml_files(&Path::new(env!("CARGO_MANIFEST_DIR")).join("cases"))
}

#[test]
fn the_search_finds_every_mate() {
    let mut failures = Vec::new();
    let mut count = 0;
    for path in case_files() {
        let text = std::fs::read_to_string(&path).unwrap();
        let file: File =
            serde_saphyr::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let rule_path = path.parent().unwrap().join(&file.variant);
        let source = std::fs::read_to_string(&rule_path)
            .unwrap_or_else(|e| panic!("{}: {e}", rule_path.display()));
        let rules = motley_interpreter::build_path(&rule_path, &source)
            .unwrap()
            .rules;
        for case in &file.cases {
            count += 1;
            assert!(
                !case.source.is_empty(),
                "{}: a case needs its source",
                case.name
            );
            let position = rules
                .position(&case.fen)
                .unwrap_or_else(|e| panic!("{}: {}: {e}", path.display(), case.name));
            let mut game = Interpreted::new(rules.clone(), position);
            let mut searcher = Searcher::new(16);
            let depth = case.depth.unwrap_or(2 * case.expect.mate as u32);
            let mut last = None;
            let best = searcher.search(
                &mut game,
                &[],
                Limits {
                    depth: Some(depth),
                    ..Limits::default()
                },
                |info| last = Some(info.clone()),
            );
            let best = best.map(|m| rules.uci(&m)).unwrap_or_default();
            let score = last.map(|i| i.score);
            let move_ok = case
                .expect
                .bestmove
                .as_ref()
                .is_none_or(|list| list.contains(&best));
            if score != Some(Score::Mate(case.expect.mate)) || !move_ok {
                failures.push(format!(
                    "{}: {}: expected mate {} by {:?}, got {score:?} by {best}",
                    path.display(),
                    case.name,
                    case.expect.mate,
                    case.expect.bestmove
                ));
            }
        }
    }
    assert!(count >= 10, "only {count} mate cases");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Quiescence stays bounded where capture chains never run out: on this
/// grasshopper board nearly every piece can take, and before quiescence
/// had a depth limit a search to depth 1 ran for minutes (millions of
/// nodes, 41 plies deep); now it takes about 150,000 nodes. A node
/// budget makes an unbounded quiescence fail here rather than hang.
#[test]
fn quiescence_is_bounded_where_every_piece_can_take() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../spec/variants/grasshopper.yaml");
    let source = std::fs::read_to_string(&path).unwrap();
    let rules = motley_interpreter::build_path(&path, &source)
        .unwrap()
        .rules;
    let fen = "r1bqkbnr/gggggggg/ppnppp1p/2p3p1/1P1P1GG1/P1P1PPPP/GGGG2GG/RNBQKBNR b KQkq - 1 4";
    let mut game = Interpreted::new(rules.clone(), rules.position(fen).unwrap());
    let mut last = None;
    Searcher::new(16).search(
        &mut game,
        &[],
        Limits {
            depth: Some(1),
            nodes: Some(2_000_000),
            ..Limits::default()
        },
        |info| last = Some(info.clone()),
    );
    let info = last.expect("an info line for depth 1");
    assert!(info.nodes < 400_000, "{} nodes", info.nodes);
    assert!(info.seldepth <= 14, "seldepth {}", info.seldepth);
}
