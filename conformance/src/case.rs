//! Case files: YAML documents of engine-neutral expectations about one
//! variant.
//!
//! ```yaml
//! variant: ../../../spec/variants/chess.yaml   # relative to this file
//! rulings: { }                                 # optional: id: value
//! budget: 200000                               # optional node budget per perft count
//! cases:
//!   - name: start position
//!     source: "FIDE Laws of Chess, Art. 2.3: 'The initial position ...'"
//!     fen: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1   # optional
//!     seed: 7                                  # optional, instead of fen: the array a seed draws
//!     position: 518                            # optional, instead of fen: a Chess960 number
//!     moves: [e2e4, e7e5]                     # optional, canonical text
//!     budget: 1000000                          # optional, overrides the file's
//!     known: { engine: "why" }                 # optional: a known failure of that implementation
//!     expect:
//!       legal: [...]          # the exact legal-move set
//!       includes: [...]       # moves that must be legal
//!       excludes: [...]       # moves that must not be legal
//!       perft: { 1: 20, 2: 400 }
//!       outcome: none         # or { winner: white|black|draw, reason: checkmate }
//!       fen: ...              # the FEN after the moves
//!       error: invalid FEN    # the start is refused with a message starting so (or a list: any of them)
//! ```

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::path::{Path, PathBuf};

use serde::de::{self, MapAccess, Visitor};
use serde::Deserialize;
use serde_saphyr::Spanned;

use crate::implementation::{Color, Outcome, Reason};

/// The outcome reasons a case may expect.
pub const REASONS: [Reason; 15] = [
    Reason::Checkmate,
    Reason::CheckmateByDrop,
    Reason::Stalemate,
    Reason::FiftyMoveRule,
    Reason::Repetition(3),
    // Any other count: its words are `repetition`.
    Reason::Repetition(2),
    Reason::InsufficientMaterial,
    Reason::RegionReached,
    Reason::CheckCount,
    Reason::BareRoyal,
    Reason::Extinction,
    Reason::PerpetualCheck,
    Reason::Passing,
    Reason::RoyalsFacing,
    Reason::Counting,
];

/// A problem with a case file, located at a line and column when known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CaseFileError {
    /// The case file.
    pub path: PathBuf,
    /// Line and column (1-based), if the problem has a place.
    pub at: Option<(u64, u64)>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for CaseFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.at {
            Some((line, col)) => {
                write!(f, "{}:{line}:{col}: {}", self.path.display(), self.message)
            }
            None => write!(f, "{}: {}", self.path.display(), self.message),
        }
    }
}

impl std::error::Error for CaseFileError {}

/// A case file, read and checked.
#[derive(Clone, Debug)]
pub struct CaseFile {
    /// Where the file was read from.
    pub path: PathBuf,
    /// The rule file of the variant, resolved against the case file's folder.
    pub variant: PathBuf,
    /// Rulings `(id, value)` set before every case.
    pub rulings: Vec<(String, String)>,
    /// Node budget for the file's perft counts, if it sets one.
    pub budget: Option<u64>,
    /// The cases, in file order.
    pub cases: Vec<Case>,
}

/// One case: a start position and what must hold there.
#[derive(Clone, Debug)]
pub struct Case {
    /// Unique within its file.
    pub name: String,
    /// The document and quoted words the case rests on, or the external
    /// reference its numbers come from.
    pub source: String,
    /// Line of the case in its file.
    pub line: u64,
    /// Start FEN; the variant's setup when absent.
    pub fen: Option<String>,
    /// A shuffled start (spec/LANGUAGE.md §6.4), given as `seed` or
    /// `position`: the interpreter draws it and every implementation
    /// starts from its FEN.
    pub start: Option<motley_interpreter::Start>,
    /// Moves played from the start, canonical text.
    pub moves: Vec<String>,
    /// Node budget for this case's perft counts, overriding the file's.
    pub budget: Option<u64>,
    /// Known failures: implementation name (`interp`, `engine`, `uci`) →
    /// why. Such a failure is counted as known, not failed, until fixed.
    pub known: BTreeMap<String, String>,
    /// The expectations.
    pub expect: Expect,
}

/// What a case expects. Every field is optional, but a case expects something.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Expect {
    /// The exact set of legal moves.
    pub legal: Option<BTreeSet<String>>,
    /// Moves that must be legal.
    pub includes: Vec<String>,
    /// Moves that must not be legal.
    pub excludes: Vec<String>,
    /// Perft counts by depth.
    pub perft: BTreeMap<u32, u64>,
    /// The outcome: `Some(None)` expects the game to go on.
    pub outcome: Option<Option<Outcome>>,
    /// The FEN after the moves.
    pub fen: Option<String>,
    /// The start must be refused with a message beginning with one of these
    /// texts (compared ignoring ASCII case). In the file a text or a list.
    pub error: Option<Vec<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    variant: Spanned<String>,
    #[serde(default)]
    rulings: BTreeMap<String, String>,
    #[serde(default)]
    budget: Option<Spanned<u64>>,
    cases: Spanned<Vec<Spanned<RawCase>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCase {
    name: String,
    source: String,
    #[serde(default)]
    fen: Option<String>,
    #[serde(default)]
    seed: Option<u64>,
    #[serde(default)]
    position: Option<u32>,
    #[serde(default)]
    moves: Vec<String>,
    #[serde(default)]
    budget: Option<u64>,
    #[serde(default)]
    known: BTreeMap<String, String>,
    expect: RawExpect,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawExpect {
    #[serde(default)]
    legal: Option<Vec<String>>,
    #[serde(default)]
    includes: Vec<String>,
    #[serde(default)]
    excludes: Vec<String>,
    #[serde(default)]
    perft: BTreeMap<u32, u64>,
    #[serde(default)]
    outcome: Option<RawOutcome>,
    #[serde(default)]
    fen: Option<String>,
    #[serde(default)]
    error: Option<OneOrMany>,
}

/// A text or a list of texts.
#[derive(Deserialize)]
#[serde(untagged, expecting = "a message start, or a list of them")]
enum OneOrMany {
    One(String),
    Many(Vec<String>),
}

impl OneOrMany {
    fn into_vec(self) -> Vec<String> {
        match self {
            OneOrMany::One(text) => vec![text],
            OneOrMany::Many(texts) => texts,
        }
    }
}

/// `none`, or `{ winner: white|black|draw, reason: ... }`.
enum RawOutcome {
    None,
    Ended { winner: String, reason: String },
}

impl<'de> Deserialize<'de> for RawOutcome {
    fn deserialize<D: de::Deserializer<'de>>(deserializer: D) -> Result<RawOutcome, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = RawOutcome;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("`none` or `{ winner: white|black|draw, reason: ... }`")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<RawOutcome, E> {
                if v == "none" {
                    Ok(RawOutcome::None)
                } else {
                    Err(E::custom(format!("outcome `{v}`: expected `none` or `{{ winner: white|black|draw, reason: ... }}`")))
                }
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<RawOutcome, A::Error> {
                let (mut winner, mut reason) = (None, None);
                while let Some(key) = map.next_key::<String>()? {
                    match key.as_str() {
                        "winner" => winner = Some(map.next_value::<String>()?),
                        "reason" => reason = Some(map.next_value::<String>()?),
                        other => {
                            return Err(de::Error::custom(format!(
                                "unknown key `{other}` in outcome; expected `winner` and `reason`"
                            )))
                        }
                    }
                }
                match (winner, reason) {
                    (Some(winner), Some(reason)) => Ok(RawOutcome::Ended { winner, reason }),
                    _ => Err(de::Error::custom(
                        "an outcome needs both `winner` and `reason`",
                    )),
                }
            }
        }
        deserializer.deserialize_any(V)
    }
}

impl CaseFile {
    /// Reads and checks a case file.
    pub fn read(path: &Path) -> Result<CaseFile, CaseFileError> {
        let text = motley_interpreter::load::read_text(path).map_err(|d| CaseFileError {
            path: path.to_path_buf(),
            at: d.span.map(|s| (s.line as u64, s.col as u64)),
            message: d.message,
        })?;
        CaseFile::parse(path, &text)
    }

    /// Checks case-file text read from `path` (used to resolve the variant).
    pub fn parse(path: &Path, text: &str) -> Result<CaseFile, CaseFileError> {
        let error = |at: Option<(u64, u64)>, message: String| CaseFileError {
            path: path.to_path_buf(),
            at,
            message,
        };
        let raw: RawFile = serde_saphyr::from_str(text).map_err(|e| {
            let (at, message) = yaml_error(&e);
            error(at, message)
        })?;
        let at = |s: &serde_saphyr::Location| Some((s.line(), s.column()));
        let folder = path.parent().unwrap_or(Path::new(""));
        let variant = folder.join(&raw.variant.value);
        if !variant.is_file() {
            return Err(error(
                at(&raw.variant.referenced),
                format!(
                    "variant rule file `{}` not found (the path is relative to the case file)",
                    variant.display()
                ),
            ));
        }
        if let Some(budget) = raw.budget.as_ref().filter(|b| b.value == 0) {
            return Err(error(
                at(&budget.referenced),
                "`budget` must be at least 1".to_string(),
            ));
        }
        if raw.cases.value.is_empty() {
            return Err(error(
                at(&raw.cases.referenced),
                "the file has no cases; a case file holds at least one".to_string(),
            ));
        }
        let mut cases = Vec::with_capacity(raw.cases.value.len());
        let mut names = BTreeSet::new();
        for spanned in raw.cases.value {
            let place = at(&spanned.referenced);
            let c = spanned.value;
            if c.name.trim().is_empty() {
                return Err(error(place, "a case needs a non-empty `name`".to_string()));
            }
            if !names.insert(c.name.clone()) {
                return Err(error(
                    place,
                    format!(
                        "case `{}`: another case of this file has the same name",
                        c.name
                    ),
                ));
            }
            let name = c.name.clone();
            let case = c
                .checked(place.map_or(0, |p| p.0))
                .map_err(|message| error(place, format!("case `{name}`: {message}")))?;
            cases.push(case);
        }
        Ok(CaseFile {
            path: path.to_path_buf(),
            variant,
            rulings: raw.rulings.into_iter().collect(),
            budget: raw.budget.map(|b| b.value),
            cases,
        })
    }
}

/// The place and the message of a case file the YAML reader refused, in
/// the words of case files (`key` for the reader's `field`).
fn yaml_error(e: &serde_saphyr::Error) -> (Option<(u64, u64)>, String) {
    let at = e
        .location()
        .filter(|l| l.line() > 0)
        .map(|l| (l.line(), l.column()));
    let opts = serde_saphyr::render_options! { snippets: serde_saphyr::SnippetMode::Off };
    let mut message = e.without_snippet().render_with_options(opts);
    if let Some(i) = message.find(" at line ") {
        message.truncate(i);
    }
    let message = message
        .trim_end()
        .trim_end_matches('.')
        .replace("missing field `", "missing key `")
        .replace("unknown field `", "unknown key `");
    (at, message)
}

impl RawCase {
    /// The case, checked (its name is checked by the file, which knows the
    /// other names); the message says what is wrong with it.
    fn checked(self, line: u64) -> Result<Case, String> {
        if self.source.trim().is_empty() {
            return Err(
                "`source` is empty; name the document and quote the words the case rests on"
                    .to_string(),
            );
        }
        if self.budget == Some(0) {
            return Err("`budget` must be at least 1".to_string());
        }
        let start = match (self.seed, self.position, &self.fen) {
            (Some(_), Some(_), _) | (Some(_), _, Some(_)) | (_, Some(_), Some(_)) => {
                return Err(
                    "give one start: `fen`, `seed` or `position`, not two of them".to_string(),
                )
            }
            (Some(seed), None, None) => Some(motley_interpreter::Start::Seed(seed)),
            (None, Some(n), None) => Some(motley_interpreter::Start::Chess960(n)),
            _ => None,
        };
        let expect = self.expect.checked()?;
        if let Some(other) = self
            .known
            .keys()
            .find(|k| !["interp", "engine", "uci", "fsf"].contains(&k.as_str()))
        {
            return Err(format!(
                "`known` names `{other}`; expected interp, engine, uci or fsf"
            ));
        }
        Ok(Case {
            name: self.name,
            source: self.source,
            line,
            fen: self.fen,
            start,
            moves: self.moves,
            budget: self.budget,
            known: self.known,
            expect,
        })
    }
}

impl RawExpect {
    /// The expectations, checked: moves in canonical text, outcomes with
    /// known words, perft depths within bounds, `error` alone.
    fn checked(self) -> Result<Expect, String> {
        let texts = self.legal.iter().flatten().map(|m| ("legal", m));
        let texts = texts
            .chain(self.includes.iter().map(|m| ("includes", m)))
            .chain(self.excludes.iter().map(|m| ("excludes", m)));
        for (key, text) in texts {
            if !canonical_move(text) {
                return Err(format!("`{key}` holds `{text}`, which is not a move in canonical text (`e2e4`, `e7e8q`, `N@e4`, `e1g1/He1`, `e2e4,e4e3`, `0000`)"));
            }
        }
        let outcome = match self.outcome {
            None => None,
            Some(RawOutcome::None) => Some(None),
            Some(RawOutcome::Ended { winner, reason }) => Some(Some(outcome(&winner, &reason)?)),
        };
        let expect = Expect {
            legal: self.legal.map(|l| l.into_iter().collect()),
            includes: self.includes,
            excludes: self.excludes,
            perft: self.perft,
            outcome,
            fen: self.fen,
            error: self.error.map(OneOrMany::into_vec),
        };
        if let Some(depth) = expect
            .perft
            .keys()
            .find(|&&d| d > motley_interpreter::MAX_PERFT_DEPTH)
        {
            return Err(format!(
                "perft depth {depth} is too deep: the most is {}",
                motley_interpreter::MAX_PERFT_DEPTH
            ));
        }
        if expect == Expect::default() {
            return Err("`expect` is empty; give at least one of legal, includes, excludes, perft, outcome, fen, error".to_string());
        }
        if expect.error.is_some()
            && (Expect {
                error: None,
                ..expect.clone()
            }) != Expect::default()
        {
            return Err("`error` cannot be combined with other expectations: the start is refused, so there is no position".to_string());
        }
        if let Some(prefixes) = &expect.error {
            if prefixes.is_empty() || prefixes.iter().any(|p| p.trim().is_empty()) {
                return Err(
                    "`error` is empty; give the start of the expected message, e.g. `invalid FEN`"
                        .to_string(),
                );
            }
        }
        Ok(expect)
    }
}

/// Whether a text is a move in canonical text (spec/LANGUAGE.md §7): two
/// squares and an optional promotion letter, then an optional gate
/// `/Xsq`; a drop `X@sq`; or `0000`.
fn canonical_move(text: &str) -> bool {
    /// The length of the square name at the start of `s`, if any.
    fn square(s: &str) -> Option<usize> {
        let b = s.as_bytes();
        if !b.first().is_some_and(|c| (b'a'..=b'p').contains(c)) {
            return None;
        }
        let digits = b[1..].iter().take_while(|c| c.is_ascii_digit()).count();
        let rank: u32 = s.get(1..1 + digits.min(2))?.parse().ok()?;
        ((1..=2).contains(&digits) && (1..=16).contains(&rank) && !s[1..].starts_with('0'))
            .then_some(1 + digits)
    }
    if text == "0000" {
        return true;
    }
    if let Some((piece, to)) = text.split_once('@') {
        // A promoted form is dropped as `+N@a1`.
        let piece = piece.strip_prefix('+').unwrap_or(piece);
        let mut letters = piece.chars();
        return letters.next().is_some_and(|c| c.is_ascii_uppercase())
            && letters.next().is_none()
            && square(to) == Some(to.len());
    }
    // A placed wall (LANGUAGE.md §11.6): `,`, the move's target and the wall's square.
    let (text, wall) = match text.split_once(',') {
        Some((main, wall)) => (main, Some(wall)),
        None => (text, None),
    };
    let wall_ok =
        wall.is_none_or(|w| square(w).is_some_and(|a| square(&w[a..]) == Some(w.len() - a)));
    let (main, gate) = match text.split_once('/') {
        Some((main, gate)) => (main, Some(gate)),
        None => (text, None),
    };
    let gate_ok = gate.is_none_or(|g| {
        let mut chars = g.chars();
        chars.next().is_some_and(|c| c.is_ascii_uppercase())
            && square(chars.as_str()) == Some(chars.as_str().len())
    });
    let Some(a) = square(main) else { return false };
    let Some(b) = square(&main[a..]) else {
        return false;
    };
    let rest = &main[a + b..];
    // A promoted form's suffix is `+` (`b2h8+`) or `+` and its letter; the
    // change back to the plain type `-` (`a1a2-`).
    let letter = rest.strip_prefix('+').unwrap_or(rest);
    let promotion_ok = rest == "+"
        || rest == "-"
        || letter.is_empty() && rest.is_empty()
        || (letter.len() == 1 && letter.chars().all(|c| c.is_ascii_lowercase()));
    wall_ok && gate_ok && promotion_ok
}

fn outcome(winner: &str, reason: &str) -> Result<Outcome, String> {
    let winner = match winner {
        "white" => Some(Color::White),
        "black" => Some(Color::Black),
        "draw" => None,
        other => return Err(format!("winner `{other}`: expected white, black or draw")),
    };
    let Some(&named) = REASONS.iter().find(|r| r.words() == reason) else {
        let words: Vec<&str> = REASONS.iter().map(Reason::words).collect();
        return Err(format!(
            "reason `{reason}`: expected one of {}",
            words.join(", ")
        ));
    };
    // Every reason may have a winner (a draw goes to the side with draw
    // odds, §19); the check count never draws (a region reached does when
    // the answer reaches too, §19 `reach.answer`).
    if winner.is_none() && named == Reason::CheckCount {
        return Err(format!(
            "`draw` by `{reason}` cannot happen: `{reason}` always has a winner"
        ));
    }
    Ok(Outcome {
        winner,
        reason: Some(named),
    })
}

/// The case files under the given paths: files as given, folders searched
/// recursively for `*.yaml` and `*.yml`, sorted.
pub fn case_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let mut found = Vec::new();
    let mut seen = BTreeSet::new();
    for path in paths {
        if path.is_dir() {
            walk(path, &mut found, &mut seen)?;
        } else if path.is_file() {
            found.push(path.clone());
        } else {
            return Err(format!("{}: no such file or folder", path.display()));
        }
    }
    Ok(found)
}

/// Adds the case files under `dir`. Each folder and each file is visited
/// once, by its real path: a symbolic link back up the tree, or a second
/// link to a folder already read, adds nothing.
fn walk(dir: &Path, found: &mut Vec<PathBuf>, seen: &mut BTreeSet<PathBuf>) -> Result<(), String> {
    let real = std::fs::canonicalize(dir)
        .map_err(|e| format!("{}: cannot read folder: {e}", dir.display()))?;
    if !seen.insert(real) {
        return Ok(());
    }
    let entries = std::fs::read_dir(dir)
        .map_err(|e| format!("{}: cannot read folder: {e}", dir.display()))?;
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for path in paths {
        if path.is_dir() {
            walk(&path, found, seen)?;
        } else if path.extension().is_some_and(|e| e == "yaml" || e == "yml") {
            if let Ok(real) = std::fs::canonicalize(&path) {
                if seen.insert(real) {
                    found.push(path);
                }
            }
        }
    }
    Ok(())
}
