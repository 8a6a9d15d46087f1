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
const MARGIN: Duration = Duration::from_millis(50);

/// Time kept on the clock against a loaded machine's lags: only what is
/// above it is shared over the moves left (at most half the clock is kept).
const RESERVE: Duration = Duration::from_secs(1);

/// The moves a clock without `movestogo` is shared over.
const MOVES_LEFT: u32 = 30;

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
        // while the increment keeps the end of a game playable. A busy
        // machine lags: no search takes more than a fifth of the clock.
        let moves = clock.moves_to_go.unwrap_or(MOVES_LEFT).clamp(1, MOVES_LEFT);
        let spare = left.saturating_sub(RESERVE.min(left / 2));
        let share = spare / moves + clock.increment * 3 / 4;
        let hard = (share * 3).min(left / 5).max(Duration::from_millis(1));
        let soft = (share * 3 / 5).min(hard);
        Some((soft, hard))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(time_ms: u64, increment_ms: u64) -> Limits {
        Limits {
            clock: Some(Clock {
                time: Duration::from_millis(time_ms),
                increment: Duration::from_millis(increment_ms),
                moves_to_go: None,
            }),
            ..Limits::default()
        }
    }

    #[test]
    fn a_clock_is_shared_over_the_moves_left_with_most_of_the_increment() {
        // 10 s + 0.1 s: ((9950 - 1000) ms / 30 + 75 ms) = 373 ms a move.
        let (soft, hard) = clock(10_000, 100).budget().unwrap();
        assert_eq!(soft.as_millis(), 223);
        assert_eq!(hard.as_millis(), 1_119);
        // Short of time, half the clock is kept and no search takes more
        // than a fifth of it: (225 ms / 30 + 75 ms) = 82 ms a move.
        let (soft, hard) = clock(500, 100).budget().unwrap();
        assert_eq!(hard.as_millis(), 90);
        assert_eq!(soft.as_millis(), 49);
    }

    #[test]
    fn a_fixed_time_keeps_a_little_for_the_protocol() {
        let limits = Limits {
            movetime: Some(Duration::from_millis(1_000)),
            ..Limits::default()
        };
        let (soft, hard) = limits.budget().unwrap();
        assert_eq!((soft.as_millis(), hard.as_millis()), (983, 983));
    }
}
