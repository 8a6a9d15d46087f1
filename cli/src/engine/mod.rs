//! Motley as an engine: the search behind the UCI and CECP (XBoard)
//! protocols, for the bundled variants and any given rule file.

pub mod random;
pub mod think;
pub mod uci;
pub mod variants;
pub mod xboard;
