//! Conformance cases, runner and oracles for Motley implementations.
//!
//! * [`Implementation`] is the one interface the harness drives; [`Interp`]
//!   (the generic interpreter), [`Engine`] (the hand-written engine) and
//!   [`Uci`] (any external UCI engine, perft only) and [`Fsf`]
//!   (Fairy-Stockfish through pyffish and its UCI engine) implement it, and
//!   [`ImplKind`] picks one from its command-line name.
//! * [`case`] reads case files: engine-neutral expectations (legal moves,
//!   perft counts, outcomes, FEN, errors) each with its source.
//! * [`runner`] runs case files and reports `FILE: CASE: difference` lines.
//! * [`oracle`] needs no expected values: two implementations must agree
//!   ([`oracle::random_games`], [`oracle::find_perft_difference`]) and one
//!   must agree with itself ([`oracle::perft_consistency`]).
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod case;
pub mod cpu;
pub mod fsf;
mod implementation;
pub mod oracle;
pub mod runner;
mod uci;

pub use case::{Case, CaseFile, CaseFileError, Expect};
pub use fsf::{Fsf, PerftSource};
pub use implementation::{
    outcomes_agree, show_outcome, variant_name, variant_name_at, Driver, Engine, ImplError,
    ImplKind, Implementation, Interp, Outcome, Rulings, TextGame,
};
pub use runner::{Budget, Options, Progress, Report, Status};
pub use uci::{parse_divide_line, Uci};
