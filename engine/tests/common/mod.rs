//! Helpers shared by the tests of the larger-board variants (joke, jester):
//! any [`VariantGame`] set up from rulings and FENs, moves played and listed.
#![allow(dead_code)]

use motley_engine::variant::{VariantGame, VariantPosition};
use motley_engine::EngineError;
use motley_testkit::{Case, MoveText, Step};

/// Rulings as the engine takes them.
pub fn rulings(r: &[(&str, &str)]) -> Vec<(String, String)> {
    r.iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect()
}

/// A game type's constructor from rulings.
pub type New<P> = fn(&[(String, String)]) -> Result<VariantGame<P>, EngineError>;

/// A new game made by `new` with `r`, at `fen`, which must read back the
/// same.
pub fn at_fen<P: VariantPosition>(new: New<P>, r: &[(&str, &str)], fen: &str) -> VariantGame<P> {
    let mut g = new(&rulings(r)).expect("rulings");
    g.set_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    assert_eq!(g.fen(), fen, "round trip");
    g
}

/// Defines `game(rulings)`, `at_with(fen, rulings)` and `at(fen)` for the
/// game type `$game` (made by `$game::new`).
macro_rules! game_helpers {
    ($game:ty) => {
        fn game(r: &[(&str, &str)]) -> $game {
            <$game>::new(&common::rulings(r)).expect("rulings")
        }

        fn at_with(fen: &str, r: &[(&str, &str)]) -> $game {
            common::at_fen(<$game>::new, r, fen)
        }

        fn at(fen: &str) -> $game {
            at_with(fen, &[])
        }
    };
}

/// Plays the space-separated `moves`.
pub fn play<P: VariantPosition>(g: &mut VariantGame<P>, moves: &str) {
    for m in moves.split_whitespace() {
        g.play(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

/// Plays the space-separated `moves` and asserts the FEN reached.
#[track_caller]
pub fn play_to<P: VariantPosition>(g: &mut VariantGame<P>, moves: &str, fen: &str) {
    play(g, moves);
    assert_eq!(g.fen(), fen, "after {moves}");
}

/// The legal moves, space-separated.
pub fn moves<P: VariantPosition>(g: &VariantGame<P>) -> String {
    g.legal_moves().join(" ")
}

/// A game of `P` as the shared scripts and checks play it.
pub fn move_text<P: VariantPosition>() -> MoveText<VariantGame<P>> {
    motley_testkit::move_text!(VariantGame<P>)
}

/// Runs the game script `steps` on `g` ([`Step`]); returns the game.
#[track_caller]
pub fn script<P: VariantPosition>(mut g: VariantGame<P>, steps: &[Step]) -> VariantGame<P> {
    move_text().script(&mut g, steps);
    g
}

/// Runs the script of every case on a game made by `new` under the
/// default rulings (at the case's FEN, which must read back the same);
/// panics naming each case that fails and how.
#[track_caller]
pub fn run_cases<P: VariantPosition>(new: New<P>, cases: &[Case]) {
    move_text().run_cases(
        |fen| {
            if fen.is_empty() {
                new(&[]).expect("the default rulings")
            } else {
                at_fen(new, &[], fen)
            }
        },
        cases,
    );
}

/// What a ruling option changes, for [`run_ruling_cases`]: from the same
/// position, a script under the default rulings and one under the option
/// alone.
pub struct RulingCase {
    /// The ruling's id and the option.
    pub ruling: (&'static str, &'static str),
    /// The position both scripts start from.
    pub fen: &'static str,
    /// The script under the default rulings.
    pub default: &'static [Step<'static>],
    /// The script under the option.
    pub option: &'static [Step<'static>],
}

/// Runs both scripts of every case on games made by `new` (at the case's
/// FEN, which must read back the same); panics naming each case that
/// fails, under which rulings, and how.
#[track_caller]
pub fn run_ruling_cases<P: VariantPosition>(new: New<P>, cases: &[RulingCase]) {
    let text = move_text();
    let failures: Vec<String> = cases
        .iter()
        .flat_map(|case| {
            let (id, value) = case.ruling;
            let default = text
                .try_script(&mut at_fen(new, &[], case.fen), case.default)
                .err()
                .map(|e| format!("{id}, default rulings: {e}"));
            let option = text
                .try_script(&mut at_fen(new, &[case.ruling], case.fen), case.option)
                .err()
                .map(|e| format!("{id}={value}: {e}"));
            default.into_iter().chain(option)
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
