//! Target `differential`: the interpreter and the engine in lockstep.

use std::path::PathBuf;
use std::sync::OnceLock;

use motley_conformance::oracle::{compare_here, DiffError, SplitMix64};
use motley_conformance::{variant_name, Engine, ImplError, Implementation, Interp};
use motley_interpreter::load;

use crate::bundled_variants;

/// One loaded variant and ruling choice, both implementations at its setup.
#[derive(Clone, Debug)]
pub struct Pairing {
    /// The variant's name.
    pub variant: String,
    /// The rulings set, `(id, value)`; empty for the defaults.
    pub rulings: Vec<(String, String)>,
    /// The interpreter.
    pub interp: Interp,
    /// The engine.
    pub engine: Engine,
}

/// For each variant both implement (in the engine's order), its pairings:
/// default rulings first, then each non-default option of each ruling.
pub fn pairings() -> &'static [Vec<Pairing>] {
    static PAIRINGS: OnceLock<Vec<Vec<Pairing>>> = OnceLock::new();
    PAIRINGS.get_or_init(|| {
        let files: Vec<(String, PathBuf, String)> = bundled_variants()
            .into_iter()
            .filter_map(|p| {
                let source = std::fs::read_to_string(&p).ok()?;
                Some((variant_name(&p.to_string_lossy(), &source).ok()?, p, source))
            })
            .collect();
        motley_engine::Game::variants()
            .iter()
            .map(|name| {
                let Some((_, path, source)) = files.iter().find(|(n, ..)| n == name) else {
                    return Vec::new();
                };
                let path = path.to_string_lossy();
                let Ok(expanded) = load::expand(&path, source, &load::parents_on_disk) else {
                    return Vec::new();
                };
                let Ok(file) = load::load(&expanded.text) else {
                    return Vec::new();
                };
                let mut choices = vec![Vec::new()];
                for r in &file.rulings {
                    for option in r.options.iter().filter(|o| **o != r.default.value) {
                        choices.push(vec![(r.id.clone(), option.clone())]);
                    }
                }
                choices
                    .into_iter()
                    .filter_map(|rulings| {
                        let mut interp = Interp::new();
                        let mut engine = Engine::new();
                        interp.load(&path, source, &rulings).ok()?;
                        engine.load(&path, source, &rulings).ok()?;
                        Some(Pairing {
                            variant: name.to_string(),
                            rulings,
                            interp,
                            engine,
                        })
                    })
                    .collect()
            })
            .collect()
    })
}

/// Target `differential`: byte 0 picks the variant (in
/// `motley_engine::Game::variants()` order; skipped while its rule file is
/// missing), byte 1 the ruling choice, bytes 2..10 a seed, and each later
/// byte one move (`byte % number of legal moves`); after the bytes the
/// seed picks, up to 120 plies. Legal moves, FEN and outcome must agree
/// before every move.
pub fn differential(data: &[u8]) {
    if let Err(e) = differential_game(data) {
        panic!("{e}");
    }
}

/// Legal moves, FEN and outcome agree. Returns the legal moves and
/// whether the game has ended. Each implementation is asked each question
/// once; on a difference [`compare_here`] asks again and builds the report.
fn compare(
    a: &mut Interp,
    b: &mut Engine,
    moves: &[String],
) -> Result<(Vec<String>, bool), DiffError> {
    let broken = |e: ImplError| DiffError::Broken(e.to_string());
    let legal = a.legal_moves().map_err(broken)?;
    let outcome = a.outcome().map_err(broken)?;
    let same = legal == b.legal_moves().map_err(broken)?
        && a.fen().map_err(broken)? == b.fen().map_err(broken)?
        && outcome == b.outcome().map_err(broken)?;
    if !same {
        compare_here(a, b, None, moves)?;
        return Err(DiffError::Broken(format!(
            "a difference after [{}] that asking again did not show",
            moves.join(" ")
        )));
    }
    Ok((legal, outcome.is_some()))
}

/// [`differential`] returning the disagreement instead of panicking.
pub fn differential_game(data: &[u8]) -> Result<(), DiffError> {
    let all = pairings();
    let (Some(&v), Some(&r)) = (data.first(), data.get(1)) else {
        return Ok(());
    };
    let Some(choices) = all.get(v as usize % all.len().max(1)) else {
        return Ok(());
    };
    if choices.is_empty() {
        return Ok(());
    }
    let pairing = &choices[r as usize % choices.len()];
    let mut seed = [0u8; 8];
    let tail = data.get(2..).unwrap_or_default();
    let n = tail.len().min(8);
    seed[..n].copy_from_slice(&tail[..n]);
    let mut rng = SplitMix64::new(u64::from_le_bytes(seed));
    let mut choices = tail.get(8..).unwrap_or_default().iter();
    let (mut a, mut b) = (pairing.interp.clone(), pairing.engine.clone());
    let mut moves: Vec<String> = Vec::new();
    a.set_position(None, &moves)
        .map_err(|e| DiffError::Broken(e.to_string()))?;
    b.set_position(None, &moves)
        .map_err(|e| DiffError::Broken(e.to_string()))?;
    let (mut legal, mut ended) = compare(&mut a, &mut b, &moves)?;
    for _ in 0..120 {
        if legal.is_empty() || ended {
            break;
        }
        let i = match choices.next() {
            Some(&c) => c as usize % legal.len(),
            None => rng.below(legal.len()),
        };
        let mv = legal[i].clone();
        let (ra, rb) = (a.play(&mv), b.play(&mv));
        if let Err(e) = ra.and(rb) {
            return Err(DiffError::Broken(format!(
                "{} with rulings {:?} after [{}]: listed move {mv} refused: {e}",
                pairing.variant,
                pairing.rulings,
                moves.join(" ")
            )));
        }
        moves.push(mv);
        (legal, ended) = compare(&mut a, &mut b, &moves).map_err(|e| match e {
            DiffError::Disagree(mut d) => {
                d.what = format!(
                    "{} (variant {}, rulings {:?})",
                    d.what, pairing.variant, pairing.rulings
                );
                DiffError::Disagree(d)
            }
            other => other,
        })?;
    }
    Ok(())
}
