//! When a search stops: depth, nodes, a fixed time or a clock.

use std::time::Duration;

/// A player's clock as UCI and CECP give it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// Time left.
    pub time: Duration,
    /// Increment per move.
    pub increment: Duration,
    /// Moves until the next time control, if there is one.
    pub moves_to_go: Option<u32>,
}

/// What ends a search; with none of them set it runs until stopped.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Deepest iteration.
    pub depth: Option<u32>,
    /// Node budget.
    pub nodes: Option<u64>,
    /// Fixed time for this move.
    pub movetime: Option<Duration>,
    /// The side to move's clock: the search budgets its own time.
    pub clock: Option<Clock>,
}

/// Time kept in hand for the protocol's overhead.
const MARGIN: Duration = Duration::from_millis(30);

/// The moves a clock without `movestogo` is shared over.
const MOVES_LEFT: u32 = 25;

impl Limits {
    /// Soft and hard time limits: no new iteration starts after the soft
    /// one, the search stops at the hard one.
    pub fn budget(&self) -> Option<(Duration, Duration)> {
        if let Some(t) = self.movetime {
            let t = t.saturating_sub(MARGIN / 3).max(Duration::from_millis(1));
            return Some((t, t));
        }
        let clock = self.clock?;
        let left = clock.time.saturating_sub(MARGIN);
        // A share of what is left, as if this many moves remained, and most
        // of the increment: the clock shrinks by about 1/MOVES_LEFT a move
        // while the increment keeps the end of a game playable.
        let moves = clock.moves_to_go.unwrap_or(MOVES_LEFT).clamp(1, MOVES_LEFT);
        let share = left / moves + clock.increment * 9 / 10;
        let hard = (share * 4).min(left / 4).max(Duration::from_millis(1));
        let soft = (share * 3 / 5).min(hard);
        Some((soft, hard))
    }
}
