//! Runs case files against an implementation and reports the differences.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use crate::case::{Case, CaseFile, CaseFileError, Expect};
use crate::implementation::{outcomes_agree, show_outcome, ImplError, ImplKind, Implementation};

/// Node budget a perft count may have when neither the case, its file nor
/// the command line sets one.
pub const DEFAULT_BUDGET: u64 = 1_000_000;

/// How the difference of a case whose variant does not load begins.
const LOAD_FAILURE: &str = "cannot load variant: ";

/// Which perft counts to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// The case's budget, else its file's, else [`DEFAULT_BUDGET`].
    Default,
    /// At most this many nodes for every count (`--budget N`).
    Nodes(u64),
    /// Everything (`--full`).
    Unlimited,
}

impl Budget {
    /// The largest count that runs for this case of this file, `None` for no limit.
    pub fn for_case(&self, file: &CaseFile, case: &Case) -> Option<u64> {
        match self {
            Budget::Default => Some(case.budget.or(file.budget).unwrap_or(DEFAULT_BUDGET)),
            Budget::Nodes(n) => Some(*n),
            Budget::Unlimited => None,
        }
    }
}

/// How to run.
#[derive(Clone, Debug)]
pub struct Options {
    /// Which perft counts run.
    pub budget: Budget,
    /// Worker threads; each has its own implementation instance.
    pub threads: usize,
    /// Told `(cases done, cases in all)` after each case.
    pub progress: Progress,
    /// How long a UCI engine may take over one question.
    pub uci_timeout: std::time::Duration,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            budget: Budget::Default,
            threads: std::thread::available_parallelism().map_or(1, std::num::NonZero::get),
            progress: Progress::default(),
            uci_timeout: crate::uci::DEFAULT_QUESTION_TIMEOUT,
        }
    }
}

/// A report of progress, `(done, all)`, callable from every worker thread.
#[derive(Clone)]
pub struct Progress(pub std::sync::Arc<dyn Fn(usize, usize) + Send + Sync>);

impl Default for Progress {
    /// Reports nowhere.
    fn default() -> Progress {
        Progress(std::sync::Arc::new(|_, _| {}))
    }
}

impl std::fmt::Debug for Progress {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Progress")
    }
}

/// How one case went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// Every expectation that ran held.
    Passed,
    /// The differences found, one text each.
    Failed(Vec<String>),
    /// Nothing ran: the reason.
    Skipped(String),
    /// Failed, as the case's `known` says this implementation does: the
    /// differences and the recorded reason.
    Known(Vec<String>, String),
}

/// The result of one case.
#[derive(Clone, Debug)]
pub struct CaseResult {
    /// The case file.
    pub file: PathBuf,
    /// The case's name.
    pub case: String,
    /// How it went.
    pub status: Status,
    /// Perft counts `(depth, count)` not run because they exceed the budget.
    pub over_budget: Vec<(u32, u64)>,
    /// Expectations not run because the implementation does not offer them.
    pub unsupported: Vec<String>,
    /// The case's `known` reason for this implementation, if any.
    pub known_failure: Option<String>,
    /// The variant did not load: the one difference says why.
    pub load_failed: bool,
}

/// The results of a run.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// The implementation's name.
    pub implementation: String,
    /// Case files that could not be read, one message each; each counts as a failure.
    pub file_errors: Vec<String>,
    /// Every case's result, in file and case order.
    pub results: Vec<CaseResult>,
}

impl Report {
    /// Cases that passed.
    pub fn passed(&self) -> usize {
        self.results
            .iter()
            .filter(|r| r.status == Status::Passed)
            .count()
    }

    /// Cases that failed, plus unreadable case files.
    pub fn failed(&self) -> usize {
        self.file_errors.len()
            + self
                .results
                .iter()
                .filter(|r| matches!(r.status, Status::Failed(_)))
                .count()
    }

    /// Cases skipped entirely.
    pub fn skipped(&self) -> usize {
        self.results
            .iter()
            .filter(|r| matches!(r.status, Status::Skipped(_)))
            .count()
    }

    /// Cases that failed as their `known` entry says.
    pub fn known(&self) -> usize {
        self.results
            .iter()
            .filter(|r| matches!(r.status, Status::Known(..)))
            .count()
    }

    /// Cases marked `known` for this implementation that passed.
    pub fn known_but_passing(&self) -> impl Iterator<Item = &CaseResult> {
        self.results
            .iter()
            .filter(|r| r.status == Status::Passed && r.known_failure.is_some())
    }

    /// Perft counts over the budget, in all cases.
    pub fn counts_over_budget(&self) -> usize {
        self.results.iter().map(|r| r.over_budget.len()).sum()
    }

    /// The difference lines, `FILE: CASE: difference`, one per failing case,
    /// and the unreadable files.
    pub fn failure_lines(&self) -> Vec<String> {
        let mut lines = self.file_errors.clone();
        let mut i = 0;
        while i < self.results.len() {
            let r = &self.results[i];
            // A variant that does not load fails every case of its file the same way: one line.
            let same = self.results[i..]
                .iter()
                .take_while(|o| o.file == r.file && o.status == r.status)
                .count();
            if let Status::Failed(differences) = &r.status {
                let whole_file = same > 1 && r.load_failed;
                if whole_file {
                    lines.push(format!(
                        "{}: all {same} cases: {}",
                        r.file.display(),
                        differences[0]
                    ));
                    i += same;
                    continue;
                }
                lines.push(format!(
                    "{}: {}: {}",
                    r.file.display(),
                    r.case,
                    differences.join("; ")
                ));
            }
            i += 1;
        }
        lines
    }

    /// The closing line: `N passed, N failed, N skipped`, then what was not run.
    pub fn summary(&self) -> String {
        let mut line = format!(
            "{} passed, {} failed, {} skipped",
            self.passed(),
            self.failed(),
            self.skipped()
        );
        if self.known() > 0 {
            let _ = write!(line, ", {} known failures", self.known());
        }
        let over = self.counts_over_budget();
        if over > 0 {
            let _ = write!(
                line,
                " ({over} perft counts over the node budget not run; --full runs them)"
            );
        }
        line
    }

    /// The whole report: failure lines, with `verbose` also what was skipped
    /// and why, then the summary.
    pub fn render(&self, verbose: bool) -> String {
        let mut out = String::new();
        for line in self.failure_lines() {
            out.push_str(&line);
            out.push('\n');
        }
        if verbose {
            for r in &self.results {
                let name = format!("{}: {}", r.file.display(), r.case);
                if let Status::Skipped(why) = &r.status {
                    let _ = writeln!(out, "{name}: skipped: {why}");
                    continue;
                }
                if let Status::Known(differences, why) = &r.status {
                    let _ = writeln!(
                        out,
                        "{name}: known failure ({why}): {}",
                        differences.join("; ")
                    );
                }
                if let (Status::Passed, Some(why)) = (&r.status, &r.known_failure) {
                    let _ = writeln!(
                        out,
                        "{name}: passes, though marked known ({why}); remove the mark"
                    );
                }
                if !r.over_budget.is_empty() {
                    let counts: Vec<String> = r
                        .over_budget
                        .iter()
                        .map(|(d, n)| format!("perft {d} ({n} nodes)"))
                        .collect();
                    let _ = writeln!(out, "{name}: over the budget: {}", counts.join(", "));
                }
                if !r.unsupported.is_empty() {
                    let _ = writeln!(out, "{name}: not supported: {}", r.unsupported.join(", "));
                }
            }
        }
        out.push_str(&self.summary());
        out.push('\n');
        out
    }
}

/// Reads the case files; unreadable ones become messages.
pub fn read_case_files(paths: &[PathBuf]) -> (Vec<CaseFile>, Vec<CaseFileError>) {
    let mut files = Vec::new();
    let mut errors = Vec::new();
    for path in paths {
        match CaseFile::read(path) {
            Ok(f) => files.push(f),
            Err(e) => errors.push(e),
        }
    }
    (files, errors)
}

/// Runs every case of `files` against fresh implementations of `kind`.
pub fn run(files: &[CaseFile], kind: &ImplKind, options: &Options) -> Report {
    let jobs: Vec<(usize, usize)> = files
        .iter()
        .enumerate()
        .flat_map(|(f, file)| (0..file.cases.len()).map(move |c| (f, c)))
        .collect();
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<CaseResult>>> = Mutex::new(vec![None; jobs.len()]);
    let threads = options.threads.clamp(1, jobs.len().max(1));
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let mut imp = kind.create_within(options.uci_timeout);
                let mut loaded: Option<(usize, Result<(), ImplError>)> = None;
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&(f, c)) = jobs.get(i) else { break };
                    let file = &files[f];
                    if loaded.as_ref().map(|l| l.0) != Some(f) {
                        loaded = Some((f, imp.load_path(&file.variant, &file.rulings)));
                    }
                    let case = &file.cases[c];
                    let result = match loaded.as_ref().map(|l| &l.1) {
                        Some(Err(ImplError::Unsupported(why))) => skipped(file, case, why.clone()),
                        Some(Err(e)) => CaseResult {
                            file: file.path.clone(),
                            case: case.name.clone(),
                            status: Status::Failed(vec![format!(
                                "{LOAD_FAILURE}{}",
                                first_line(&e.to_string())
                            )]),
                            over_budget: Vec::new(),
                            unsupported: Vec::new(),
                            known_failure: None,
                            load_failed: true,
                        },
                        _ => check_case(
                            imp.as_mut(),
                            file,
                            case,
                            options.budget.for_case(file, case),
                        ),
                    };
                    if let Ok(mut all) = results.lock() {
                        all[i] = Some(result);
                    }
                    (options.progress.0)(done.fetch_add(1, Ordering::Relaxed) + 1, jobs.len());
                }
            });
        }
    });
    let results = results
        .into_inner()
        .unwrap_or_default()
        .into_iter()
        .flatten()
        .collect();
    Report {
        implementation: kind.to_string(),
        file_errors: Vec::new(),
        results,
    }
}

/// Reads and runs the case files at `paths` (files, or folders searched
/// recursively); unreadable files are reported as failures.
pub fn run_paths(paths: &[PathBuf], kind: &ImplKind, options: &Options) -> Result<Report, String> {
    let found = crate::case::case_files(paths)?;
    let (files, errors) = read_case_files(&found);
    let mut report = run(&files, kind, options);
    report.file_errors = errors.iter().map(ToString::to_string).collect();
    Ok(report)
}

fn first_line(s: &str) -> String {
    s.lines().next().unwrap_or_default().to_string()
}

fn skipped(file: &CaseFile, case: &Case, why: String) -> CaseResult {
    CaseResult {
        file: file.path.clone(),
        case: case.name.clone(),
        status: Status::Skipped(why),
        over_budget: Vec::new(),
        unsupported: Vec::new(),
        known_failure: None,
        load_failed: false,
    }
}

fn list(moves: impl IntoIterator<Item = impl AsRef<str>>) -> String {
    moves
        .into_iter()
        .map(|m| m.as_ref().to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Checks one case against a loaded implementation. Perft counts above
/// `budget` are not run, and neither are those whose shallower counts
/// already exceed it (see `shallower_over`). A failure the case's `known` entry records for this
/// implementation is [`Status::Known`].
pub fn check_case(
    imp: &mut dyn Implementation,
    file: &CaseFile,
    case: &Case,
    budget: Option<u64>,
) -> CaseResult {
    let name = imp.name();
    let key = name.split(':').next().unwrap_or_default();
    let mut result = check(imp, file, case, budget);
    result.known_failure = case.known.get(key).cloned();
    if let (Status::Failed(differences), Some(why)) = (&result.status, &result.known_failure) {
        result.status = Status::Known(differences.clone(), why.clone());
    }
    result
}

fn check(
    imp: &mut dyn Implementation,
    file: &CaseFile,
    case: &Case,
    budget: Option<u64>,
) -> CaseResult {
    let mut result = CaseResult {
        file: file.path.clone(),
        case: case.name.clone(),
        status: Status::Passed,
        over_budget: Vec::new(),
        unsupported: Vec::new(),
        known_failure: None,
        load_failed: false,
    };
    let e = &case.expect;
    let mut differences = Vec::new();
    let mut ran = 0usize;

    let start = match drawn_start(file, case) {
        Ok(drawn) => imp.set_position(drawn.as_deref().or(case.fen.as_deref()), &case.moves),
        Err(refused) => Err(refused),
    };
    if let Some(prefixes) = &e.error {
        result.status = if imp.validates_input() {
            let differences = refusal_differences(start, prefixes);
            if differences.is_empty() {
                Status::Passed
            } else {
                Status::Failed(differences)
            }
        } else {
            Status::Skipped(format!("{} cannot report refused input", imp.name()))
        };
        return result;
    }
    if let Err(err) = start {
        result.status = Status::Failed(vec![format!("cannot set the start: {}", describe(&err))]);
        return result;
    }

    // Every check: Ok(Some(difference)), Ok(None) when it holds, Err when it could not run.
    let mut note = |outcome: Result<Option<String>, ImplError>,
                    what: &str,
                    result: &mut CaseResult| match outcome {
        Ok(difference) => {
            ran += 1;
            differences.extend(difference);
        }
        Err(ImplError::Unsupported(_)) => result.unsupported.push(what.to_string()),
        Err(other) => {
            ran += 1;
            differences.push(format!("{what}: {}", describe(&other)));
        }
    };

    if let Some(want) = &e.fen {
        let got = imp.fen();
        note(
            got.map(|got| (got != *want).then(|| format!("fen: expected `{want}`, got `{got}`"))),
            "fen",
            &mut result,
        );
    }
    if e.legal.is_some() || !e.includes.is_empty() || !e.excludes.is_empty() {
        match imp.legal_moves() {
            Ok(moves) => {
                for (what, difference) in move_differences(&moves, e) {
                    note(Ok(difference), what, &mut result);
                }
            }
            Err(err) => note(Err(err), "legal moves", &mut result),
        }
    }
    if let Some(want) = &e.outcome {
        let got = imp.outcome();
        note(
            got.map(|got| {
                (!outcomes_agree(&got, want)).then(|| {
                    format!(
                        "outcome: expected {}, got {}",
                        show_outcome(want),
                        show_outcome(&got)
                    )
                })
            }),
            "outcome",
            &mut result,
        );
    }
    for (what, outcome) in perft_checks(imp, &e.perft, budget, &mut result.over_budget) {
        note(outcome, &what, &mut result);
    }
    result.status = status(&imp.name(), differences, ran, &result);
    result
}

/// The status of a case from the differences found and the number of
/// checks that ran: failed, passed, or skipped (saying why) when none ran.
fn status(name: &str, differences: Vec<String>, ran: usize, result: &CaseResult) -> Status {
    if !differences.is_empty() {
        Status::Failed(differences)
    } else if ran == 0 {
        let mut why = Vec::new();
        if !result.over_budget.is_empty() {
            why.push("every perft count is over the node budget".to_string());
        }
        if !result.unsupported.is_empty() {
            why.push(format!(
                "{} does not support {}",
                name,
                result.unsupported.join(", ")
            ));
        }
        Status::Skipped(why.join("; "))
    } else {
        Status::Passed
    }
}

/// How a refused start differs from the expected refusal: an error whose
/// message starts with one of `prefixes` (case-insensitive).
/// The FEN of a case's shuffled start (`seed` or `position`), drawn by
/// the interpreter under the file's rulings; `None` for other cases.
fn drawn_start(file: &CaseFile, case: &Case) -> Result<Option<String>, ImplError> {
    let Some(start) = case.start else {
        return Ok(None);
    };
    let failed = |e: String| ImplError::Failed(format!("{}: {e}", file.variant.display()));
    let mut game = motley_interpreter::Game::from_path(&file.variant).map_err(|d| {
        failed(
            d.0.iter()
                .map(|p| p.message.clone())
                .collect::<Vec<_>>()
                .join("; "),
        )
    })?;
    if !file.rulings.is_empty() {
        game.set_rulings(&file.rulings)
            .map_err(|e| failed(e.to_string()))?;
    }
    game.start_with(start)
        .map_err(|e| ImplError::Rejected(e.to_string()))?;
    Ok(Some(game.fen()))
}

fn refusal_differences(start: Result<(), ImplError>, prefixes: &[String]) -> Vec<String> {
    let wanted = prefixes
        .iter()
        .map(|p| format!("`{p}`"))
        .collect::<Vec<_>>()
        .join(" or ");
    match start {
        Ok(()) => vec![format!(
            "expected an error starting {wanted}, but the start was accepted"
        )],
        Err(ImplError::Rejected(message)) => {
            let lower = message.to_ascii_lowercase();
            if prefixes
                .iter()
                .any(|p| lower.starts_with(&p.to_ascii_lowercase()))
            {
                Vec::new()
            } else {
                vec![format!(
                    "expected an error starting {wanted}, got `{message}`"
                )]
            }
        }
        Err(other) => vec![format!(
            "expected an error starting {wanted}, got {}",
            describe(&other)
        )],
    }
}

/// The move checks a case asks for (`legal`, `includes`, `excludes`), each
/// with how the legal `moves` differ from it, if they do.
fn move_differences(moves: &[String], e: &Expect) -> Vec<(&'static str, Option<String>)> {
    let got: BTreeSet<&str> = moves.iter().map(String::as_str).collect();
    let mut checks = Vec::new();
    if let Some(want) = &e.legal {
        let want: BTreeSet<&str> = want.iter().map(String::as_str).collect();
        let missing: Vec<&str> = want.difference(&got).copied().collect();
        let extra: Vec<&str> = got.difference(&want).copied().collect();
        let mut parts = Vec::new();
        if !missing.is_empty() {
            parts.push(format!("missing {}", list(missing)));
        }
        if !extra.is_empty() {
            parts.push(format!("unexpected {}", list(extra)));
        }
        checks.push((
            "legal",
            (!parts.is_empty()).then(|| format!("legal moves: {}", parts.join(", "))),
        ));
    }
    if !e.includes.is_empty() {
        let absent: Vec<&String> = e
            .includes
            .iter()
            .filter(|m| !got.contains(m.as_str()))
            .collect();
        checks.push((
            "includes",
            (!absent.is_empty()).then(|| format!("includes: not legal: {}", list(absent))),
        ));
    }
    if !e.excludes.is_empty() {
        let present: Vec<&String> = e
            .excludes
            .iter()
            .filter(|m| got.contains(m.as_str()))
            .collect();
        checks.push((
            "excludes",
            (!present.is_empty()).then(|| format!("excludes: legal: {}", list(present))),
        ));
    }
    checks
}

/// The perft counts of a case, each with its difference (or the error that
/// kept it from running); counts over the node budget go to `over_budget`.
fn perft_checks(
    imp: &mut dyn Implementation,
    perft: &std::collections::BTreeMap<u32, u64>,
    budget: Option<u64>,
    over_budget: &mut Vec<(u32, u64)>,
) -> Vec<(String, Result<Option<String>, ImplError>)> {
    let mut checks = Vec::new();
    let mut counted = std::collections::BTreeMap::new();
    for (&depth, &want) in perft {
        if budget.is_some_and(|b| want > b) {
            over_budget.push((depth, want));
            continue;
        }
        if let Some(budget) = budget {
            match shallower_over(imp, depth, budget, &mut counted) {
                Ok(true) => {
                    over_budget.push((depth, want));
                    continue;
                }
                Ok(false) => {}
                Err(e) => {
                    checks.push((format!("perft {depth}"), Err(e)));
                    continue;
                }
            }
        }
        let got = imp.perft(depth);
        if let Ok(got) = got {
            counted.insert(depth, got);
        }
        checks.push((
            format!("perft {depth}"),
            got.map(|got| {
                (got != want).then(|| format!("perft {depth}: expected {want}, got {got}"))
            }),
        ));
    }

    checks
}

fn describe(err: &ImplError) -> String {
    match err {
        ImplError::Rejected(m) => format!("refused: {m}"),
        ImplError::Failed(m) => format!("failed: {}", first_line(m)),
        ImplError::Unsupported(m) => format!("not supported: {m}"),
    }
}

/// Whether a perft count at some depth below `depth` exceeds `budget`: then
/// the count at `depth` is not run, whatever the file claims for it. The
/// counts are taken shallowest first and stop at the first over the budget,
/// so the work stays near the budget times the branching factor even when
/// the claimed count is far too small (`perft: {12: 1}` on chess stops after
/// depth 5). A count within the budget costs its shallower counts once more,
/// about one branching factor's part of its own work.
/// `counted` keeps the counts taken so far in this position.
fn shallower_over(
    imp: &mut dyn Implementation,
    depth: u32,
    budget: u64,
    counted: &mut std::collections::BTreeMap<u32, u64>,
) -> Result<bool, ImplError> {
    for shallower in 1..depth {
        let count = match counted.get(&shallower) {
            Some(&count) => count,
            None => *counted.entry(shallower).or_insert(imp.perft(shallower)?),
        };
        if count > budget {
            return Ok(true);
        }
    }
    Ok(false)
}
