//! Oracles that need no expected values: two implementations must agree
//! (differential), and one implementation must agree with itself (perft
//! self-consistency). Fuzz targets and tests call them.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use crate::implementation::{outcomes_agree, show_outcome, ImplError, Implementation, Outcome};

/// SplitMix64: a small, seedable pseudo-random generator, so a game is
/// reproducible from its seed without a dependency.
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator started at `seed`.
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n` > 0), nearly uniform.
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }
}

/// One perft count that differs below a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DivideDifference {
    /// Perft depth from the position of the disagreement.
    pub depth: u32,
    /// The root move.
    pub mv: String,
    /// Its count in A, `None` when A does not have the move.
    pub a: Option<u64>,
    /// Its count in B, `None` when B does not have the move.
    pub b: Option<u64>,
}

/// Two implementations that disagree, and the shortest known way to see it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Disagreement {
    /// The names of A and B.
    pub names: (String, String),
    /// The start FEN (`None`: the variant's setup).
    pub fen: Option<String>,
    /// The moves from the start to the position where they first disagree.
    pub moves: Vec<String>,
    /// What differs, in one sentence.
    pub what: String,
    /// Legal moves only A has there.
    pub only_in_a: Vec<String>,
    /// Legal moves only B has there.
    pub only_in_b: Vec<String>,
    /// Perft counts at depth 1 and 2 from there that differ, per root move.
    pub divide: Vec<DivideDifference>,
}

impl fmt::Display for Disagreement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (a, b) = &self.names;
        writeln!(f, "{a} and {b} disagree: {}", self.what)?;
        writeln!(
            f,
            "  start: {}",
            self.fen.as_deref().unwrap_or("the variant's setup")
        )?;
        writeln!(
            f,
            "  moves: {}",
            if self.moves.is_empty() {
                "(none)".to_string()
            } else {
                self.moves.join(" ")
            }
        )?;
        if !self.only_in_a.is_empty() {
            writeln!(f, "  only in {a}: {}", self.only_in_a.join(" "))?;
        }
        if !self.only_in_b.is_empty() {
            writeln!(f, "  only in {b}: {}", self.only_in_b.join(" "))?;
        }
        for d in &self.divide {
            let show = |n: Option<u64>| n.map_or("-".to_string(), |n| n.to_string());
            writeln!(
                f,
                "  divide {} {}: {a} {}, {b} {}",
                d.depth,
                d.mv,
                show(d.a),
                show(d.b)
            )?;
        }
        Ok(())
    }
}

impl std::error::Error for Disagreement {}

/// A failure of a differential run: a disagreement, or an implementation
/// that could not answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DiffError {
    /// The two disagree.
    Disagree(Box<Disagreement>),
    /// One of them failed (e.g. a UCI process died); the text says which.
    Broken(String),
}

impl fmt::Display for DiffError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DiffError::Disagree(d) => d.fmt(f),
            DiffError::Broken(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for DiffError {}

fn broken(imp: &dyn Implementation, e: ImplError) -> DiffError {
    DiffError::Broken(format!("{}: {e}", imp.name()))
}

/// Compares the position both implementations stand on: legal-move set,
/// FEN and outcome. `fen` and `moves` say how it was reached, for the report.
pub fn compare_here(
    a: &mut dyn Implementation,
    b: &mut dyn Implementation,
    fen: Option<&str>,
    moves: &[String],
) -> Result<(), DiffError> {
    let why = 'compare: {
        let (la, lb) = ask_both(a, b, |i| i.legal_moves())?;
        if la != lb {
            break 'compare "different legal moves".to_string();
        }
        let (fa, fb) = ask_both(a, b, |i| i.fen())?;
        if fa != fb {
            break 'compare format!("different FEN: `{fa}` and `{fb}`");
        }
        let (oa, ob) = ask_both(a, b, |i| i.outcome())?;
        if !outcomes_agree(&oa, &ob) {
            break 'compare format!(
                "different outcomes: {} and {} in `{fa}`",
                show_outcome(&oa),
                show_outcome(&ob)
            );
        }
        return Ok(());
    };
    Err(disagreement(a, b, fen, moves, why))
}

/// The answers of `a` and `b` to the same question; a failure to answer is
/// [`DiffError::Broken`].
fn ask_both<T>(
    a: &mut dyn Implementation,
    b: &mut dyn Implementation,
    ask: impl Fn(&mut dyn Implementation) -> Result<T, ImplError>,
) -> Result<(T, T), DiffError> {
    let ta = ask(a).map_err(|e| broken(a, e))?;
    let tb = ask(b).map_err(|e| broken(b, e))?;
    Ok((ta, tb))
}

/// Builds the report of a disagreement at the position both stand on:
/// the move lists and the perft divide at depths 1 and 2.
fn disagreement(
    a: &mut dyn Implementation,
    b: &mut dyn Implementation,
    fen: Option<&str>,
    moves: &[String],
    what: String,
) -> DiffError {
    let la: BTreeSet<String> = a.legal_moves().unwrap_or_default().into_iter().collect();
    let lb: BTreeSet<String> = b.legal_moves().unwrap_or_default().into_iter().collect();
    let mut divide = Vec::new();
    for depth in 1..=2 {
        let (Ok(da), Ok(db)) = (a.divide(depth), b.divide(depth)) else {
            break;
        };
        let da: BTreeMap<String, u64> = da.into_iter().collect();
        let db: BTreeMap<String, u64> = db.into_iter().collect();
        let keys: BTreeSet<&String> = da.keys().chain(db.keys()).collect();
        for mv in keys {
            let (x, y) = (da.get(mv).copied(), db.get(mv).copied());
            if x != y {
                divide.push(DivideDifference {
                    depth,
                    mv: mv.clone(),
                    a: x,
                    b: y,
                });
            }
        }
    }
    DiffError::Disagree(Box::new(Disagreement {
        only_in_a: la.difference(&lb).cloned().collect(),
        only_in_b: lb.difference(&la).cloned().collect(),
        divide,
        ..bare_disagreement(a, b, fen, moves, what)
    }))
}

/// The disagreement of `a` and `b` about `what` after `moves` from `fen`,
/// without move lists or perft counts.
fn bare_disagreement(
    a: &dyn Implementation,
    b: &dyn Implementation,
    fen: Option<&str>,
    moves: &[String],
    what: String,
) -> Disagreement {
    Disagreement {
        names: (a.name(), b.name()),
        fen: fen.map(str::to_string),
        moves: moves.to_vec(),
        what,
        only_in_a: Vec::new(),
        only_in_b: Vec::new(),
        divide: Vec::new(),
    }
}

/// Sets both implementations to a position and compares it there.
pub fn compare_position(
    a: &mut dyn Implementation,
    b: &mut dyn Implementation,
    fen: Option<&str>,
    moves: &[String],
) -> Result<(), DiffError> {
    let ra = a.set_position(fen, moves);
    let rb = b.set_position(fen, moves);
    match (ra, rb) {
        (Ok(()), Ok(())) => compare_here(a, b, fen, moves),
        (Err(ImplError::Rejected(_)), Err(ImplError::Rejected(_))) => Ok(()),
        (Err(ImplError::Rejected(m)), Ok(())) => Err(refused_by_one(a, b, fen, moves, &m, true)),
        (Ok(()), Err(ImplError::Rejected(m))) => Err(refused_by_one(a, b, fen, moves, &m, false)),
        (Err(e), _) => Err(broken(a, e)),
        (_, Err(e)) => Err(broken(b, e)),
    }
}

fn refused_by_one(
    a: &dyn Implementation,
    b: &dyn Implementation,
    fen: Option<&str>,
    moves: &[String],
    message: &str,
    by_a: bool,
) -> DiffError {
    let (who, other) = if by_a {
        (a.name(), b.name())
    } else {
        (b.name(), a.name())
    };
    DiffError::Disagree(Box::new(bare_disagreement(
        a,
        b,
        fen,
        moves,
        format!("{who} refuses the start ({message}), {other} accepts it"),
    )))
}

fn refuses_listed_move(
    a: &dyn Implementation,
    b: &dyn Implementation,
    fen: Option<&str>,
    moves: &[String],
    mv: &str,
    who: &str,
    message: &str,
) -> DiffError {
    DiffError::Disagree(Box::new(bare_disagreement(
        a,
        b,
        fen,
        moves,
        format!("{who} refuses {mv}, which both list as legal: {message}"),
    )))
}

/// Settings of a random-game run.
#[derive(Clone, Debug)]
pub struct RandomGames {
    /// Start FEN; the variant's setup when `None`.
    pub fen: Option<String>,
    /// The seed; game `i` uses a generator derived from it and `i`.
    pub seed: u64,
    /// Number of games.
    pub games: usize,
    /// A game stops after this many plies if it has not ended.
    pub max_plies: usize,
}

/// What a random-game run saw when the two agreed throughout.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GamesSummary {
    /// Games played.
    pub games: usize,
    /// Plies played in all.
    pub plies: u64,
    /// Games by outcome text (`white by checkmate`, ..., `none` when cut off).
    pub outcomes: BTreeMap<String, usize>,
}

/// The seed of game `index` of a run seeded `seed`.
pub fn game_seed(seed: u64, index: usize) -> u64 {
    SplitMix64::new(seed ^ (index as u64).wrapping_mul(0xD1B5_4A32_D192_ED03)).next_u64()
}

/// Plays random games on both implementations in lockstep, comparing the
/// legal moves, FEN and outcome before every move. On the first
/// disagreement returns it, with the moves up to that ply.
pub fn random_games(
    a: &mut dyn Implementation,
    b: &mut dyn Implementation,
    run: &RandomGames,
) -> Result<GamesSummary, DiffError> {
    random_games_from(a, b, run, &|_| run.fen.clone())
}

/// The start of each walk on a rule file whose start is shuffled
/// (spec/LANGUAGE.md §6.4): the FEN of the array the walk's seed draws
/// ([`motley_interpreter::Start::Seed`]); `None`, the setup, for a rule
/// file without `shuffle`.
pub fn drawn_starts(rules: motley_interpreter::Rules) -> impl Fn(u64) -> Option<String> {
    move |seed| {
        rules.arrangements()?;
        let drawn = rules.start_position(motley_interpreter::Start::Seed(seed));
        drawn.ok().map(|p| rules.fen(&p))
    }
}

/// [`random_games`], game `i` starting from the FEN `start` gives for its
/// seed (`game_seed(run.seed, i)`), the setup for `None`.
pub fn random_games_from(
    a: &mut dyn Implementation,
    b: &mut dyn Implementation,
    run: &RandomGames,
    start: &dyn Fn(u64) -> Option<String>,
) -> Result<GamesSummary, DiffError> {
    let mut summary = GamesSummary::default();
    for index in 0..run.games {
        let seed = game_seed(run.seed, index);
        let mut rng = SplitMix64::new(seed);
        let fen = start(seed);
        let outcome = random_game(
            a,
            b,
            fen.as_deref(),
            &mut rng,
            run.max_plies,
            &mut summary.plies,
        )?;
        summary.games += 1;
        *summary.outcomes.entry(show_outcome(&outcome)).or_default() += 1;
    }
    Ok(summary)
}

/// Plays one random game in lockstep from `fen`; returns its outcome
/// (`None` when cut off at `max_plies`).
pub fn random_game(
    a: &mut dyn Implementation,
    b: &mut dyn Implementation,
    fen: Option<&str>,
    rng: &mut SplitMix64,
    max_plies: usize,
    plies: &mut u64,
) -> Result<Option<Outcome>, DiffError> {
    let mut moves: Vec<String> = Vec::new();
    compare_position(a, b, fen, &moves)?;
    for _ in 0..max_plies {
        // compare_here has run for this position: legal moves and outcome agree.
        if let Some(outcome) = a.outcome().map_err(|e| broken(a, e))? {
            return Ok(Some(outcome));
        }
        let legal = a.legal_moves().map_err(|e| broken(a, e))?;
        if legal.is_empty() {
            return Ok(None);
        }
        let mv = legal[rng.below(legal.len())].clone();
        let ra = a.play(&mv);
        let rb = b.play(&mv);
        match (ra, rb) {
            (Ok(()), Ok(())) => {}
            (Err(ImplError::Rejected(m)), _) => {
                return Err(refuses_listed_move(a, b, fen, &moves, &mv, &a.name(), &m))
            }
            (_, Err(ImplError::Rejected(m))) => {
                return Err(refuses_listed_move(a, b, fen, &moves, &mv, &b.name(), &m))
            }
            (Err(e), _) => return Err(broken(a, e)),
            (_, Err(e)) => return Err(broken(b, e)),
        }
        moves.push(mv);
        *plies += 1;
        compare_here(a, b, fen, &moves)?;
    }
    Ok(None)
}

/// Compares perft divide output of A and B at `depth` from a position; on
/// a difference descends into the first root move whose count differs,
/// until the legal-move sets, FEN or outcome differ, and reports that
/// position with the moves reaching it.
pub fn find_perft_difference(
    a: &mut dyn Implementation,
    b: &mut dyn Implementation,
    fen: Option<&str>,
    moves: &[String],
    depth: u32,
) -> Result<(), DiffError> {
    let mut path = moves.to_vec();
    let mut depth = depth;
    loop {
        compare_position(a, b, fen, &path)?;
        if depth <= 1 {
            // Equal legal-move sets mean equal depth-1 counts.
            return Ok(());
        }
        let da = a.divide(depth).map_err(|e| broken(a, e))?;
        let db = b.divide(depth).map_err(|e| broken(b, e))?;
        let Some(mv) = da
            .iter()
            .zip(&db)
            .find(|(x, y)| x != y)
            .map(|(x, _)| x.0.clone())
        else {
            return if da.len() == db.len() {
                Ok(())
            } else {
                Err(disagreement(
                    a,
                    b,
                    fen,
                    &path,
                    "different legal moves".to_string(),
                ))
            };
        };
        path.push(mv);
        depth -= 1;
    }
}

/// Checks that one implementation agrees with itself at a position:
/// perft(depth) is the sum of its divide, the divide's moves are the legal
/// moves, and each divide count is the perft(depth - 1) of the position
/// after that move. Returns the first inconsistency.
pub fn perft_consistency(
    imp: &mut dyn Implementation,
    fen: Option<&str>,
    moves: &[String],
    depth: u32,
) -> Result<(), String> {
    let name = imp.name();
    let at = || {
        format!(
            "{name} at {} after [{}]",
            fen.unwrap_or("the setup"),
            moves.join(" ")
        )
    };
    imp.set_position(fen, moves)
        .map_err(|e| format!("{}: {e}", at()))?;
    if depth == 0 {
        let n = imp.perft(0).map_err(|e| e.to_string())?;
        return if n == 1 {
            Ok(())
        } else {
            Err(format!("{}: perft 0 is {n}, not 1", at()))
        };
    }
    let total = imp.perft(depth).map_err(|e| e.to_string())?;
    let divide = imp.divide(depth).map_err(|e| e.to_string())?;
    let sum: u64 = divide.iter().map(|r| r.1).sum();
    if sum != total {
        return Err(format!(
            "{}: perft {depth} is {total} but its divide sums to {sum}",
            at()
        ));
    }
    let legal = imp.legal_moves().map_err(|e| e.to_string())?;
    let keys: Vec<String> = divide.iter().map(|r| r.0.clone()).collect();
    if keys != legal {
        return Err(format!(
            "{}: the divide's moves [{}] are not the legal moves [{}]",
            at(),
            keys.join(" "),
            legal.join(" ")
        ));
    }
    for (mv, count) in divide {
        let mut after = moves.to_vec();
        after.push(mv.clone());
        imp.set_position(fen, &after)
            .map_err(|e| format!("{}: cannot play legal move {mv}: {e}", at()))?;
        let child = imp.perft(depth - 1).map_err(|e| e.to_string())?;
        if child != count {
            return Err(format!(
                "{}: divide {depth} gives {mv} {count}, but perft {} after {mv} is {child}",
                at(),
                depth - 1
            ));
        }
    }
    Ok(())
}

/// Settings of a random-positions perft run.
#[derive(Clone, Debug)]
pub struct RandomPositions {
    /// Start FEN; the variant's setup when `None`.
    pub fen: Option<String>,
    /// The seed; position `i` is reached with a generator derived from it and `i`.
    pub seed: u64,
    /// Number of positions.
    pub positions: usize,
    /// Each position is reached by a random number of plies, at most this many.
    pub max_plies: usize,
    /// The perft depth compared at each position.
    pub depth: u32,
}

/// What a random-positions perft run saw when the two agreed throughout.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PositionsSummary {
    /// Positions compared.
    pub positions: usize,
    /// Plies played to reach them, in all.
    pub plies: u64,
    /// Perft leaves counted at them (by each implementation), in all.
    pub leaves: u64,
}

/// Reaches positions by seeded random play on A (a random number of plies
/// from the start, fewer if the game ends), and compares the two
/// implementations there: legal moves, FEN, outcome and perft at
/// `run.depth`. On a perft difference descends to the position where the
/// legal moves, FEN or outcome first differ and reports it.
pub fn random_positions_perft(
    a: &mut dyn Implementation,
    b: &mut dyn Implementation,
    run: &RandomPositions,
) -> Result<PositionsSummary, DiffError> {
    let fen = run.fen.as_deref();
    let mut summary = PositionsSummary::default();
    for index in 0..run.positions {
        let mut rng = SplitMix64::new(game_seed(run.seed, index));
        let plies = rng.below(run.max_plies + 1);
        a.set_position(fen, &[]).map_err(|e| broken(a, e))?;
        let mut moves: Vec<String> = Vec::new();
        while moves.len() < plies && a.outcome().map_err(|e| broken(a, e))?.is_none() {
            let legal = a.legal_moves().map_err(|e| broken(a, e))?;
            if legal.is_empty() {
                break;
            }
            let mv = legal[rng.below(legal.len())].clone();
            a.play(&mv).map_err(|e| broken(a, e))?;
            moves.push(mv);
        }
        compare_position(a, b, fen, &moves)?;
        let pa = a.perft(run.depth).map_err(|e| broken(a, e))?;
        let pb = b.perft(run.depth).map_err(|e| broken(b, e))?;
        if pa != pb {
            find_perft_difference(a, b, fen, &moves, run.depth)?;
            return Err(disagreement(
                a,
                b,
                fen,
                &moves,
                format!("different perft {}: {pa} and {pb}", run.depth),
            ));
        }
        summary.positions += 1;
        summary.plies += moves.len() as u64;
        summary.leaves += pa;
    }
    Ok(summary)
}
