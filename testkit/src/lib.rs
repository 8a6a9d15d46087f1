//! Helpers shared by the test suites (the interpreter's and the engine's
//! property tests, the engine's variant tests, the search's) and by the
//! fuzz oracles (`fuzzing/`): a seeded generator for random play, the
//! deterministic proptest configuration and the property tests' cases
//! ([`Walk`], `properties!`), the reading of the documented FEN gap
//! (spec/LANGUAGE.md §6.3, "Unmoved pieces") from move texts, game scripts
//! and tables of them ([`MoveText`], [`Step`], [`Case`]), and the listing
//! of rule and case files ([`yaml_files`]). It knows neither
//! implementation: both speak move text.

use std::path::{Path, PathBuf};

/// The seed of every property's cases (`PROPTEST_RNG_SEED` overrides it).
pub const SEED: u64 = 0x6d6f_746c_6579_0001;

/// A proptest configuration (feature `proptest`) drawing `cases` cases from the fixed [`SEED`],
/// with no failure persistence file (`PROPTEST_CASES` and
/// `PROPTEST_RNG_SEED` override both).
#[cfg(feature = "proptest")]
pub fn proptest_config(cases: u32) -> proptest::test_runner::Config {
    use proptest::test_runner::{Config, RngSeed};
    Config {
        cases,
        rng_seed: RngSeed::Fixed(SEED),
        failure_persistence: None,
        ..Config::default()
    }
}

/// shakmaty's perft with every leaf played (feature `shakmaty`): at the
/// last ply each legal move is made on a copy of the position, which is
/// passed to `black_box` so the compiler cannot drop the work. The
/// reference of the engine's and the interpreter's perft benchmarks.
#[cfg(feature = "shakmaty")]
pub fn shakmaty_played(pos: &shakmaty::Chess, depth: u32) -> u64 {
    use shakmaty::Position as _;
    let moves = pos.legal_moves();
    if depth == 1 {
        for &m in &moves {
            let mut child = pos.clone();
            child.play_unchecked(m);
            std::hint::black_box(&child);
        }
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|&m| {
            let mut child = pos.clone();
            child.play_unchecked(m);
            shakmaty_played(&child, depth - 1)
        })
        .sum()
}

/// The `.yaml` files of the folder `dir`, sorted by path; panics naming
/// `dir` when it cannot be read.
pub fn yaml_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| {
            entry
                .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
                .path()
        })
        .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
        .collect();
    files.sort();
    files
}

/// A tiny seeded generator (SplitMix64) for choosing random moves; a seed
/// always gives the same choices, so a `(variant, seed, plies)` triple
/// names a position for good.
pub struct Rng(u64);

impl Rng {
    /// A generator started at `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) % n as u64) as usize
    }
}

/// The move-text interface of a game of either implementation, as
/// functions (this crate depends on neither): what the shared walk and
/// property checks play through.
pub struct MoveText<G> {
    /// The game's FEN.
    pub fen: fn(&G) -> String,
    /// The legal moves, as canonical move text.
    pub legal_moves: fn(&G) -> Vec<String>,
    /// Plays a move given as text, or says why not.
    pub play: fn(&mut G, &str) -> Result<(), String>,
    /// The leaves of the move tree `depth` plies deep.
    pub perft: fn(&G, u32) -> u64,
    /// Whether the game is over (it has an outcome).
    pub is_over: fn(&G) -> bool,
}

/// The [`MoveText`] of a game type `$game` whose methods `fen`,
/// `legal_moves`, `play` (a result whose error displays), `perft` and
/// `outcome` (an option) are the move-text interface: the games of both
/// implementations.
#[macro_export]
macro_rules! move_text {
    ($game:ty) => {
        $crate::MoveText::<$game> {
            fen: <$game>::fen,
            legal_moves: <$game>::legal_moves,
            play: |game, text| game.play(text).map(drop).map_err(|e| e.to_string()),
            perft: <$game>::perft,
            is_over: |game| game.outcome().is_some(),
        }
    };
}

impl<G: Clone> MoveText<G> {
    /// Plays up to `plies` legal moves on `game`, chosen by an [`Rng`]
    /// seeded with `seed`, stopping when the game is over or has no legal
    /// move; returns the moves played. A listed move refused panics,
    /// naming `context`.
    pub fn walk(&self, game: &mut G, seed: u64, plies: usize, context: &str) -> Vec<String> {
        let mut played = Vec::new();
        let mut rng = Rng::new(seed);
        for _ in 0..plies {
            if (self.is_over)(game) {
                break;
            }
            let legal = (self.legal_moves)(game);
            if legal.is_empty() {
                break;
            }
            let m = legal[rng.below(legal.len())].clone();
            (self.play)(game, &m).unwrap_or_else(|e| {
                panic!(
                    "{context}: listed move {m} refused at {}: {e}",
                    (self.fen)(game)
                )
            });
            played.push(m);
        }
        played
    }

    /// Runs the game script `steps` on `game`: plays its moves and checks
    /// what each step says; panics naming the first step that fails (by
    /// its number, from 1), what it found and the FEN it started from.
    #[track_caller]
    pub fn script(&self, game: &mut G, steps: &[Step<'_>]) {
        if let Err(e) = self.try_script(game, steps) {
            panic!("{e}");
        }
    }

    /// [`MoveText::script`], saying what failed instead of panicking.
    pub fn try_script(&self, game: &mut G, steps: &[Step<'_>]) -> Result<(), String> {
        for (i, &step) in steps.iter().enumerate() {
            let fen = (self.fen)(game);
            self.step(game, step)
                .map_err(|e| format!("step {} {step:?} at `{fen}`: {e}", i + 1))?;
        }
        Ok(())
    }

    /// Runs the script of every case on the game `at(case.fen)`; panics
    /// listing each case that fails and how.
    #[track_caller]
    pub fn run_cases(&self, at: impl Fn(&str) -> G, cases: &[Case]) {
        let failures: Vec<String> = cases
            .iter()
            .filter_map(|case| {
                let failed = self.try_script(&mut at(case.fen), case.steps).err()?;
                Some(format!("{}: {failed}", case.what))
            })
            .collect();
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }

    /// One step of [`MoveText::script`]: what went wrong, if anything.
    fn step(&self, game: &mut G, step: Step<'_>) -> Result<(), String> {
        let legal = || (self.legal_moves)(game);
        let listed = |moves: Vec<String>| format!("legal moves `{}`", moves.join(" "));
        match step {
            Step::Play(moves) => {
                for m in moves.split_whitespace() {
                    (self.play)(game, m).map_err(|e| format!("{m}: {e}"))?;
                }
            }
            Step::To(moves, fen) => {
                self.step(game, Step::Play(moves))?;
                self.step(game, Step::Fen(fen))?;
            }
            Step::Fen(fen) => {
                let found = (self.fen)(game);
                if found != fen {
                    return Err(format!("the FEN is `{found}`"));
                }
            }
            Step::Moves(moves) => {
                if legal().join(" ") != moves {
                    return Err(listed(legal()));
                }
            }
            Step::MovesFrom(prefix, moves) => {
                let from = starting(legal(), prefix);
                if from.join(" ") != moves {
                    return Err(listed(from));
                }
            }
            Step::CountFrom(prefix, n) => {
                let from = starting(legal(), prefix);
                if from.len() != n {
                    return Err(format!("{} {}", from.len(), listed(from)));
                }
            }
            Step::Perft(depth, n) => {
                let found = (self.perft)(game, depth);
                if found != n {
                    return Err(format!("perft {depth} is {found}"));
                }
            }
            Step::Count(n) => {
                if legal().len() != n {
                    return Err(format!("{} {}", legal().len(), listed(legal())));
                }
            }
            Step::Has(moves) => {
                let legal = legal();
                if let Some(m) = moves
                    .split_whitespace()
                    .find(|m| !legal.iter().any(|l| l == m))
                {
                    return Err(format!("{m} is not among the {}", listed(legal)));
                }
            }
            Step::Lacks(moves) => {
                let legal = legal();
                if let Some(m) = moves
                    .split_whitespace()
                    .find(|m| legal.iter().any(|l| l == m))
                {
                    return Err(format!("{m} is among the {}", listed(legal)));
                }
            }
        }
        Ok(())
    }

    /// Playing each legal move of `game` on a copy leaves `game` as it
    /// was, and perft 2 is the sum of the children's perft 1; returns that
    /// sum. `context` starts the failure message.
    #[cfg(feature = "proptest")]
    pub fn check_perft_sums(
        &self,
        context: &str,
        game: &G,
    ) -> Result<u64, proptest::test_runner::TestCaseError> {
        let fen = (self.fen)(game);
        let mut sum = 0;
        for m in (self.legal_moves)(game) {
            let mut child = game.clone();
            (self.play)(&mut child, &m).map_err(fail(context, &m, &fen))?;
            sum += (self.perft)(&child, 1);
            proptest::prop_assert_eq!((self.fen)(game), fen.clone(), "{}: after {}", context, m);
        }
        proptest::prop_assert_eq!((self.perft)(game, 2), sum, "{} at {}", context, fen);
        Ok(sum)
    }

    /// Every listed move of `game` is accepted, and every text of `probes`
    /// that is not listed is refused and leaves the game as it was.
    /// `context` starts the failure message.
    #[cfg(feature = "proptest")]
    pub fn check_listed_moves(
        &self,
        context: &str,
        game: &G,
        probes: impl IntoIterator<Item = String>,
    ) -> Result<(), proptest::test_runner::TestCaseError> {
        let fen = (self.fen)(game);
        let legal = (self.legal_moves)(game);
        for m in &legal {
            (self.play)(&mut game.clone(), m).map_err(fail(context, m, &fen))?;
        }
        for text in probes {
            if legal.contains(&text) {
                continue;
            }
            let mut copy = game.clone();
            let accepted = (self.play)(&mut copy, &text).is_ok();
            proptest::prop_assert!(
                !accepted,
                "{}: accepts unlisted {} at {}",
                context,
                text,
                fen
            );
            proptest::prop_assert_eq!((self.fen)(&copy), fen.clone());
        }
        Ok(())
    }
}

/// A named game script from a position, for [`MoveText::run_cases`].
pub struct Case {
    /// What the case shows; its failure names it.
    pub what: &'static str,
    /// The position it starts from (the setup when empty).
    pub fen: &'static str,
    /// What is played and checked there.
    pub steps: &'static [Step<'static>],
}

/// A step of a game script ([`MoveText::script`]). Moves are move texts
/// separated by spaces; a list of legal moves is in the order the game
/// lists them.
#[derive(Clone, Copy, Debug)]
pub enum Step<'a> {
    /// Plays the moves.
    Play(&'a str),
    /// Plays the moves (the first text); the FEN is then the second.
    To(&'a str, &'a str),
    /// The FEN is this.
    Fen(&'a str),
    /// The legal moves are exactly these.
    Moves(&'a str),
    /// The legal moves starting with the first text are exactly the
    /// second (none when it is empty).
    MovesFrom(&'a str, &'a str),
    /// There are this many legal moves.
    Count(usize),
    /// There are this many legal moves starting with the text.
    CountFrom(&'a str, usize),
    /// Perft at the depth is the number.
    Perft(u32, u64),
    /// Each of these moves is legal.
    Has(&'a str),
    /// None of these moves is legal.
    Lacks(&'a str),
}

/// The moves of `moves` that start with `prefix`.
fn starting(moves: Vec<String>, prefix: &str) -> Vec<String> {
    moves
        .into_iter()
        .filter(|m| m.starts_with(prefix))
        .collect()
}

/// The failure of a listed move `m` refused at `fen`.
#[cfg(feature = "proptest")]
fn fail<'a>(
    context: &'a str,
    m: &'a str,
    fen: &'a str,
) -> impl FnOnce(String) -> proptest::test_runner::TestCaseError + 'a {
    move |e| {
        proptest::test_runner::TestCaseError::fail(format!(
            "{context}: listed {m} refused at {fen}: {e}"
        ))
    }
}

/// The squares a move text names: `e2e4` → e2, e4; `b1c3/Fb1` → b1, c3,
/// b1; `N@e10` → e10.
pub fn named_squares(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if chars[i].is_ascii_lowercase() && chars.get(i + 1).is_some_and(char::is_ascii_digit) {
            let mut j = i + 1;
            while j < chars.len() && chars[j].is_ascii_digit() {
                j += 1;
            }
            out.push(chars[i..j].iter().collect());
            i = j;
        } else {
            i += 1;
        }
    }
    out
}

/// The moves in one of `read` (the legal moves of a position read back
/// from its FEN) and `played` (those of the position in play) but not in
/// the other that name no square of `gap` (the squares of the documented
/// FEN gap): the differences the gap does not explain.
pub fn unexplained_moves<'a>(
    read: &'a [String],
    played: &'a [String],
    gap: &[String],
) -> Vec<&'a String> {
    read.iter()
        .filter(|m| !played.contains(m))
        .chain(played.iter().filter(|m| !read.contains(m)))
        .filter(|m| !named_squares(m).iter().any(|s| gap.contains(s)))
        .collect()
}

/// Asserts what a FEN promises: `fen` (printed in play), read back, prints
/// `back` equal to it, and the position read back has the legal moves
/// `read` equal to `played` (those in play), up to the documented gap:
/// every move that differs names a square of `gap()` (the squares of
/// pieces that moved in play and read back unmoved), which is called only
/// when the moves differ. `context` starts the failure message.
#[track_caller]
pub fn assert_fen_reads_back(
    context: &str,
    fen: &str,
    back: &str,
    read: &[String],
    played: &[String],
    gap: impl FnOnce() -> Vec<String>,
) {
    assert_eq!(back, fen, "{context}: FEN `{fen}` reads back as `{back}`");
    if read == played {
        return;
    }
    let gap = gap();
    let unexplained = unexplained_moves(read, played, &gap);
    assert!(
        !gap.is_empty() && unexplained.is_empty(),
        "{context}: legal moves differ after reading back `{fen}` ({unexplained:?} not explained by moved pieces on their setup squares {gap:?})\n read back: {read:?}\n in play:   {played:?}"
    );
}

/// Asserts that `attempt` refuses every `(input, kind)` with a message
/// starting with `kind` (`invalid FEN`, `illegal move`, ...).
#[track_caller]
pub fn assert_refusals<'a, T, E: std::fmt::Display>(
    cases: impl IntoIterator<Item = (&'a str, &'a str)>,
    mut attempt: impl FnMut(&str) -> Result<T, E>,
) {
    for (input, kind) in cases {
        match attempt(input) {
            Ok(_) => panic!("{input}: accepted, expected {kind}"),
            Err(e) => {
                let e = e.to_string();
                assert!(e.starts_with(kind), "{input}: {e}");
            }
        }
    }
}

/// A case a property failed on once, `(variant, seed, plies)`: the
/// regressions replace proptest's failure persistence file (which named
/// variants by index).
pub type Regression = (&'static str, u64, usize);

/// A property's case: the variant `v` (by index, modulo the number of
/// variants), the seed of its random game and the game's length in plies.
#[derive(Clone, Copy, Debug)]
pub struct Walk {
    /// The variant, by index modulo the number of variants.
    pub v: usize,
    /// The seed of the random game.
    pub seed: u64,
    /// How many plies the game plays at most.
    pub plies: usize,
}

impl Walk {
    /// 40 square pairs `(from, to)` on a board of `squares` squares, drawn
    /// from the walk's seed: the probes of the listed-moves property.
    pub fn probes(self, squares: usize) -> Vec<(usize, usize)> {
        let mut rng = Rng::new(self.seed ^ SEED);
        (0..40)
            .map(|_| (rng.below(squares), rng.below(squares)))
            .collect()
    }
}

/// Walks of up to `plies` plies (fewer than `plies`) in any variant.
#[cfg(feature = "proptest")]
pub fn walks(plies: usize) -> impl proptest::strategy::Strategy<Value = Walk> {
    use proptest::strategy::Strategy;
    (0usize..1024, proptest::arbitrary::any::<u64>(), 0..plies).prop_map(|(v, seed, plies)| Walk {
        v,
        seed,
        plies,
    })
}

/// A named property check of a [`Walk`], for [`run_regressions`].
#[cfg(feature = "proptest")]
pub type Check<'a> = (
    &'a str,
    &'a dyn Fn(Walk) -> Result<(), proptest::test_runner::TestCaseError>,
);

/// Runs every named check on the walk of each regression (its variant
/// found by `index_of`); panics naming the first check that fails and its
/// case.
#[cfg(feature = "proptest")]
#[track_caller]
pub fn run_regressions(
    regressions: &[Regression],
    index_of: impl Fn(&str) -> usize,
    checks: &[Check<'_>],
) {
    for &(name, seed, plies) in regressions {
        let walk = Walk {
            v: index_of(name),
            seed,
            plies,
        };
        for (what, check) in checks {
            if let Err(e) = check(walk) {
                panic!("{what} ({name}, seed {seed}, {plies} plies): {e}");
            }
        }
    }
}

/// Defines one property test per check, `TEST(MOST PLIES) => CHECK`, each
/// on [`proptest_config`]`(CASES)` [`walks`] of fewer plies than `MOST
/// PLIES`, and the test `regressions`, which runs every check on each
/// case of `REGRESSIONS` (a variant's index found by `INDEX_OF`): the list
/// of a test file's properties, written once.
#[cfg(feature = "proptest")]
#[macro_export]
macro_rules! properties {
    (
        cases: $cases:expr;
        regressions: $regressions:expr, $index_of:expr;
        $($test:ident($plies:literal) => $check:path,)*
    ) => {
        ::proptest::proptest! {
            #![proptest_config($crate::proptest_config($cases))]
            $(
                #[test]
                fn $test(walk in $crate::walks($plies)) {
                    $check(walk)?;
                }
            )*
        }

        /// Every property on each case it failed on once.
        #[test]
        fn regressions() {
            $crate::run_regressions(
                $regressions,
                $index_of,
                &[$((stringify!($test), &$check)),*],
            );
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn named_squares_of_each_move_form() {
        assert_eq!(named_squares("e2e4"), ["e2", "e4"]);
        assert_eq!(named_squares("b1c3/Fb1"), ["b1", "c3", "b1"]);
        assert_eq!(named_squares("N@e10"), ["e10"]);
        assert_eq!(named_squares("0000"), Vec::<String>::new());
    }

    #[test]
    fn unexplained_moves_are_the_differences_off_the_gap() {
        let read = ["b1c3/Fb1".to_string(), "e2e4".to_string()];
        let played = ["e2e4".to_string(), "g1f3".to_string()];
        let gap = ["b1".to_string()];
        assert_eq!(unexplained_moves(&read, &played, &gap), ["g1f3"]);
        assert!(unexplained_moves(&read, &read, &[]).is_empty());
    }

    #[test]
    fn a_fen_reads_back_up_to_the_gap() {
        let moves = |m: &[&str]| m.iter().map(ToString::to_string).collect::<Vec<_>>();
        let (read, played) = (moves(&["b1c3/Fb1", "e2e4"]), moves(&["e2e4"]));
        assert_fen_reads_back("same", "F", "F", &played, &played, || unreachable!());
        assert_fen_reads_back("gap", "F", "F", &read, &played, || moves(&["b1"]));
        let off_gap = std::panic::catch_unwind(|| {
            assert_fen_reads_back("off", "F", "F", &read, &played, || moves(&["g1"]));
        });
        assert!(off_gap.is_err());
        let other_fen = std::panic::catch_unwind(|| {
            assert_fen_reads_back("fen", "F", "G", &played, &played, Vec::new);
        });
        assert!(other_fen.is_err());
    }

    #[test]
    fn yaml_files_are_the_sorted_rule_files() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../spec/variants");
        let files = yaml_files(&dir);
        assert!(files.contains(&dir.join("chess.yaml")), "{files:?}");
        assert!(files.windows(2).all(|w| w[0] < w[1]), "{files:?}");
        assert!(files.iter().all(|f| f.extension().unwrap() == "yaml"));
    }

    /// A toy game: a count that the moves `up` and `down` change; `down`
    /// is legal above 0 only.
    const COUNT: MoveText<u32> = MoveText {
        fen: |n| n.to_string(),
        legal_moves: |&n| {
            let moves: &[&str] = if n > 0 { &["down", "up"] } else { &["up"] };
            moves.iter().map(ToString::to_string).collect()
        },
        play: |n, m| {
            *n = match m {
                "up" => *n + 1,
                "down" if *n > 0 => *n - 1,
                _ => return Err(format!("illegal move {m}")),
            };
            Ok(())
        },
        perft: |_, _| 0,
        is_over: |&n| n >= 5,
    };

    #[test]
    fn a_script_checks_every_step() {
        use Step::*;
        let mut n = 0;
        COUNT.script(
            &mut n,
            &[
                Moves("up"),
                Lacks("down"),
                To("up up", "2"),
                Count(2),
                Has("down up"),
                MovesFrom("d", "down"),
                MovesFrom("x", ""),
                CountFrom("u", 1),
                Perft(1, 0),
                Play("down"),
                Fen("1"),
            ],
        );
        assert_eq!(n, 1);
        for wrong in [
            Moves("down up"),
            Lacks("up"),
            To("up", "3"),
            Count(2),
            Has("down"),
            MovesFrom("u", ""),
            CountFrom("u", 0),
            Perft(1, 1),
            Play("sideways"),
            Fen("1"),
        ] {
            let failed = std::panic::catch_unwind(|| COUNT.script(&mut 0, &[wrong]));
            assert!(failed.is_err(), "{wrong:?}");
        }
    }

    #[test]
    fn a_walk_stops_when_the_game_is_over() {
        let mut n = 0;
        let played = COUNT.walk(&mut n, 7, 100, "count");
        assert_eq!(n, 5);
        assert_eq!(
            played.len(),
            played.iter().filter(|m| *m == "up").count() * 2 - 5
        );
    }

    #[test]
    fn the_generator_is_seeded() {
        let draws = |seed| {
            let mut rng = Rng::new(seed);
            (0..8).map(|_| rng.below(10)).collect::<Vec<_>>()
        };
        assert_eq!(draws(7), draws(7));
        assert_ne!(draws(7), draws(8));
        assert!(draws(7).iter().all(|&n| n < 10));
    }
}
