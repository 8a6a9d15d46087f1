//! Search for any Motley variant: alpha-beta (principal variation search)
//! with iterative deepening and aspiration windows, quiescence on
//! captures, a transposition table keyed by Zobrist hashes, move ordering
//! (hash move, MVV-LVA, killers, history), null-move, futility and
//! reverse futility pruning, late-move reductions and time management,
//! over any game that implements [`Game`].
//! [`Interpreted`] is that game for every rule file, with an evaluation
//! drawn from the rule file alone ([`eval`]).
//!
//! Hidden pieces (spec/LANGUAGE.md §17): the search plays with full
//! information, seeing the opponent's hidden pieces.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod ending;
pub mod eval;
mod game;
mod interpreted;
mod limits;
mod proof;
mod searcher;
mod table;

pub use game::{End, Game};
pub use interpreted::Interpreted;
pub use limits::{Clock, Limits};
pub use searcher::{Info, Score, Searcher, MATE};
