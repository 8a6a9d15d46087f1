//! Fairy-Stockfish as a judge: the bundled variants listed in
//! `conformance/fsf/variants.tsv` walked in lockstep with FSF (legal moves,
//! FEN with clocks, results at every ply), FSF's two sources compared with
//! each other, and the Chess960 cases run on FSF.
//!
//! FSF (PyPI `pyffish`; Debian `fairy-stockfish` for deep perft) is not
//! part of the Rust toolchain: without it these tests say so and pass,
//! unless `CI` is set (`.ci/run` installs both), when they fail.

use std::path::{Path, PathBuf};

use motley_conformance::oracle::{drawn_starts, random_games, random_games_from, RandomGames};
use motley_conformance::runner::{run_paths, Options};
use motley_conformance::{Fsf, ImplKind, Implementation, Interp, PerftSource};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Whether FSF can be asked; skips (returns false) when it cannot, and
/// fails when `CI` is set.
fn fsf_here(test: &str) -> bool {
    match Fsf::available() {
        Ok(()) => true,
        Err(why) if std::env::var_os("CI").is_some() => {
            panic!("{test}: Fairy-Stockfish is needed in CI (.ci/run installs pyffish): {why}")
        }
        Err(why) => {
            eprintln!("{test}: skipped, Fairy-Stockfish is not available: {why}");
            false
        }
    }
}

/// One row of `conformance/fsf/variants.tsv`.
struct Row {
    /// The rule file.
    file: PathBuf,
    /// FSF's variant name.
    name: String,
    /// Why the walks are known to differ (a rule Motley lacks), if they do.
    differs: Option<String>,
}

/// The rows of `conformance/fsf/variants.tsv`: rule file, FSF name and,
/// for a known difference, `differs: REASON`.
fn table() -> Vec<Row> {
    let path = root().join("conformance/fsf/variants.tsv");
    let text = std::fs::read_to_string(&path).expect("variants.tsv");
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let cells: Vec<&str> = l.split('\t').collect();
            let differs = cells.get(2).map(|c| {
                c.strip_prefix("differs: ")
                    .map(str::to_string)
                    .unwrap_or_else(|| panic!("{}: `{c}` is not `differs: REASON`", path.display()))
            });
            match cells[..] {
                [file, name, ..] if cells.len() <= 3 => Row {
                    file: root().join(file),
                    name: name.trim().to_string(),
                    differs,
                },
                _ => panic!(
                    "{}: `{l}` is not FILE<TAB>NAME[<TAB>differs: REASON]",
                    path.display()
                ),
            }
        })
        .collect()
}

/// The test `test` (skipped without Fairy-Stockfish): walks every listed
/// variant and fails with one line per variant that differs unless listed
/// as differing, and, when `full`, per listed one that does not (its mark is
/// out of date).
fn walk_all(test: &str, walks: usize, plies: usize, full: bool) {
    if !fsf_here(test) {
        return;
    }
    let mut failures = Vec::new();
    for row in table() {
        let name = &row.name;
        let mut interp = Interp::new();
        let mut fsf = Fsf::new(Some(name));
        interp
            .load_path(&row.file, &[])
            .expect("the rule file loads");
        if let Err(e) = fsf.load_path(&row.file, &[]) {
            failures.push(format!("{name}: {e}"));
            continue;
        }
        let run = RandomGames {
            fen: None,
            seed: 1,
            games: walks,
            max_plies: plies,
        };
        // A shuffled start: each walk from the array its seed draws.
        let source = std::fs::read_to_string(&row.file).expect("the rule file");
        let built =
            motley_interpreter::build_path(&row.file, &source).expect("the rule file builds");
        let starts = drawn_starts(std::sync::Arc::unwrap_or_clone(built.rules));
        match (
            random_games_from(&mut interp, &mut fsf, &run, &starts),
            &row.differs,
        ) {
            (Ok(summary), None) => eprintln!(
                "{name}: {} walks, {} plies equal; outcomes {:?}",
                summary.games, summary.plies, summary.outcomes
            ),
            (Ok(summary), Some(why)) if full => failures.push(format!(
                "{name}: {} walks equal, though variants.tsv says they differ ({why}): remove the mark",
                summary.games
            )),
            (Ok(summary), Some(why)) => eprintln!(
                "{name}: {} walks, {} plies equal (known to differ further on: {why})",
                summary.games, summary.plies
            ),
            (Err(d), Some(why)) => eprintln!("{name}: differs as known ({why}): {d}"),
            (Err(d), None) => failures.push(format!("{name}: {d}")),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_listed_variant_walks_equal_with_fsf() {
    walk_all("every_listed_variant_walks_equal_with_fsf", 5, 60, false);
}

#[test]
#[ignore = "100 walks of up to 200 plies per variant: minutes each; run with --ignored"]
fn every_listed_variant_walks_equal_with_fsf_in_full() {
    walk_all(
        "every_listed_variant_walks_equal_with_fsf_in_full",
        100,
        200,
        true,
    );
}

/// Multi-leg Betza (spec/LANGUAGE.md §4.5) against FSF's built-in pieces
/// of the same moves: xiangqi's horse as `mafsW` and janggi's elephant as
/// `mafsmafW` (conformance/rules/), walked in lockstep with FSF's variants.
#[test]
fn multi_leg_pieces_walk_equal_with_fsf_built_in_ones() {
    if !fsf_here("multi_leg_pieces_walk_equal_with_fsf_built_in_ones") {
        return;
    }
    for (file, name) in [
        ("conformance/rules/xiangqi-legs.yaml", "xiangqi"),
        ("conformance/rules/janggi-legs.yaml", "janggi"),
    ] {
        let mut interp = Interp::new();
        let mut fsf = Fsf::new(Some(name));
        interp
            .load_path(&root().join(file), &[])
            .expect("the rule file loads");
        fsf.load_path(&root().join(file), &[]).expect("FSF loads");
        let run = RandomGames {
            fen: None,
            seed: 1,
            games: 5,
            max_plies: 60,
        };
        let summary = random_games(&mut interp, &mut fsf, &run)
            .unwrap_or_else(|d| panic!("{file} against {name}: {d}"));
        assert_eq!(summary.games, 5, "{file}");
    }
}

/// The FSF variants `spec/FAIRY-STOCKFISH.md` lists as bundled: the first
/// cell of each row of its "Bundled" table.
fn bundled_in_the_catalogue() -> Vec<String> {
    let text = std::fs::read_to_string(root().join("spec/FAIRY-STOCKFISH.md")).expect("catalogue");
    let section = text
        .split("\n## ")
        .find(|s| s.starts_with("Bundled"))
        .expect("a Bundled section");
    section
        .lines()
        .filter(|l| l.contains("| `spec/variants/"))
        .filter_map(|l| l.split('`').nth(1).map(str::to_string))
        .collect()
}

#[test]
fn the_table_names_bundled_files_and_fsf_variants() {
    let rows = table();
    let mut walked: Vec<String> = rows.iter().map(|row| row.name.clone()).collect();
    let mut listed = bundled_in_the_catalogue();
    walked.sort();
    listed.sort();
    assert!(
        listed.len() >= 40,
        "{} bundled variants listed",
        listed.len()
    );
    assert_eq!(
        walked, listed,
        "variants.tsv walks every variant spec/FAIRY-STOCKFISH.md lists as bundled"
    );
    for Row { file, name, .. } in &rows {
        assert!(file.is_file(), "{} is not a file", file.display());
        assert_eq!(
            file.file_stem().and_then(|s| s.to_str()),
            Some(name.as_str()),
            "a rule file is named by FSF's variant name"
        );
    }
}

/// pyffish and Debian's engine count perft `depth` alike from every listed
/// variant's start, where the engine knows the variant.
/// Variants Debian's FSF 11.1 plays otherwise than pyffish 0.0.90, the
/// reference (spec/FAIRY-STOCKFISH.md): dobutsu (perft 2 from the start:
/// 4 replies to `b1a2` in pyffish, 3 in 11.1).
const SOURCES_DIFFER: &[&str] = &["dobutsu"];

fn fsf_sources_agree_on_perft(test: &str, depth: u32) {
    if !fsf_here(test) {
        return;
    }
    let mut compared = 0;
    for Row { file, name, .. } in table() {
        let mut py = Fsf::new(Some(&name)).with_perft(PerftSource::Pyffish);
        let mut uci = Fsf::new(Some(&name)).with_perft(PerftSource::Uci);
        py.load_path(&file, &[]).expect("pyffish loads");
        if uci.load_path(&file, &[]).is_err() || SOURCES_DIFFER.contains(&name.as_str()) {
            continue;
        }
        assert_eq!(
            py.divide(depth).expect("pyffish"),
            uci.divide(depth).expect("uci"),
            "{name}: pyffish and the UCI engine differ at perft {depth}"
        );
        compared += 1;
    }
    if compared == 0 && std::env::var_os("CI").is_some() {
        panic!("no variant compared: Debian's fairy-stockfish is needed in CI");
    }
}

/// Perft 2: pyffish counts by asking its legal moves at every node (1.5 ms
/// each), so CI stays at the depth that costs a few calls per variant.
#[test]
fn fsf_sources_agree_on_perft_2() {
    fsf_sources_agree_on_perft("fsf_sources_agree_on_perft_2", 2);
}

#[test]
#[ignore = "pyffish's perft 3 of every listed variant: about a minute; run with --ignored"]
fn fsf_sources_agree_on_perft_3() {
    fsf_sources_agree_on_perft("fsf_sources_agree_on_perft_3", 3);
}

#[test]
fn chess960_cases_pass_on_fsf() {
    if !fsf_here("chess960_cases_pass_on_fsf") {
        return;
    }
    let cases = root().join("conformance/cases/chess/chess960.yaml");
    let options = Options {
        threads: 1,
        ..Options::default()
    };
    let report = run_paths(&[cases], &ImplKind::Fsf(None), &options).expect("cases");
    assert_eq!(report.failed(), 0, "{}", report.render(true));
    assert!(report.passed() >= 30, "{}", report.render(true));
}

#[test]
fn fsf_names_what_it_lacks() {
    if !fsf_here("fsf_names_what_it_lacks") {
        return;
    }
    let file = root().join("spec/variants/chess.yaml");
    let mut fsf = Fsf::new(Some("no-such-variant"));
    let e = fsf.load_path(&file, &[]).expect_err("unknown variant");
    assert!(
        e.to_string().contains("has no variant `no-such-variant`"),
        "{e}"
    );
    let mut fsf = Fsf::new(None);
    fsf.load_path(&file, &[]).expect("chess");
    let e = fsf
        .set_position(None, &["e2e5".to_string()])
        .expect_err("illegal");
    assert!(e.to_string().starts_with("illegal move `e2e5`"), "{e}");
    let e = fsf
        .set_position(Some("rnbqkbnr/pppppppp/8/8 w"), &[])
        .expect_err("bad FEN");
    assert!(e.to_string().contains("refuses FEN"), "{e}");
}
