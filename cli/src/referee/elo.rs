//! The Elo difference a match score implies, with its 95% error bars.

/// Wins, losses and draws of the first engine.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games the first engine won.
    pub wins: u32,
    /// Games it lost.
    pub losses: u32,
    /// Drawn games.
    pub draws: u32,
}

/// The Elo difference of a score fraction (`None` at 0 or 1: unbounded).
fn elo(score: f64) -> Option<f64> {
    (score > 0.0 && score < 1.0).then(|| -400.0 * (1.0 / score - 1.0).log10())
}

impl Tally {
    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.losses + self.draws
    }

    /// The first engine's score as a fraction.
    pub fn score(&self) -> f64 {
        (self.wins as f64 + self.draws as f64 / 2.0) / self.games().max(1) as f64
    }

    /// `Elo difference: D +/- E` (95%), as text; bounds are printed when a
    /// side scored everything.
    pub fn elo_text(&self) -> String {
        let n = self.games() as f64;
        if n == 0.0 {
            return "Elo difference: no games".into();
        }
        let p = self.score();
        let variance = (self.wins as f64 * (1.0 - p).powi(2)
            + self.draws as f64 * (0.5 - p).powi(2)
            + self.losses as f64 * p.powi(2))
            / n;
        let margin = 1.96 * (variance / n).sqrt();
        match elo(p) {
            Some(d) => {
                let bound = |q: f64| match elo(q) {
                    Some(e) => format!("{e:.1}"),
                    None if q <= 0.0 => "-inf".into(),
                    None => "+inf".into(),
                };
                let half = match (elo(p - margin), elo(p + margin)) {
                    (Some(low), Some(high)) => format!("{:.1}", (high - low) / 2.0),
                    _ => "inf".into(),
                };
                format!(
                    "Elo difference: {:.1} +/- {half} (95%: {} to {})",
                    d + 0.0,
                    bound(p - margin),
                    bound(p + margin)
                )
            }
            None => {
                // With every game won (or lost) the 95% bound of the score
                // is 0.05^(1/n) (rule of three): the Elo is at least that.
                let bound = elo(0.05f64.powf(1.0 / n)).unwrap_or(0.0);
                if p >= 1.0 {
                    format!("Elo difference: +inf (95%: at least {bound:+.1})")
                } else {
                    format!("Elo difference: -inf (95%: at most {:+.1})", -bound)
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Tally;

    /// The Elo line of a match of so many wins and losses (no draws).
    fn elo_text(wins: u32, losses: u32) -> String {
        Tally {
            wins,
            losses,
            draws: 0,
        }
        .elo_text()
    }

    #[test]
    fn scores_give_their_elo_difference_and_margin() {
        for (wins, losses, start) in [
            (10, 10, "Elo difference: 0.0 +/- "),
            (75, 25, "Elo difference: 190.8 +/- "),
        ] {
            let text = elo_text(wins, losses);
            assert!(text.starts_with(start), "{wins}-{losses}: {text}");
        }
    }

    #[test]
    fn a_clean_sweep_gives_a_lower_bound() {
        assert_eq!(
            elo_text(100, 0),
            "Elo difference: +inf (95%: at least +606.8)"
        );
    }
}
