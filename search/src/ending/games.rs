//! Short games of combinatorial game theory, in canonical form (Winning
//! Ways, chapter 2; Lessons in Play, chapters 4 and 5): the value of a
//! game where the side without a move loses, as the sum of its parts.
//!
//! A game is its two sets of options, Left's and Right's, each a game.
//! Its value decides who wins it: G > 0 Left whoever starts, G < 0 Right,
//! G = 0 the second player, G fuzzy with 0 (`G || 0`) the first. The
//! value of a sum of games (a move in one of them, the others left as
//! they are) is the sum of their values.
//!
//! The order of games: G <= H unless some G^L >= H or some H^R <= G.
//! Each value has one canonical form, the smallest game of that value:
//! none of its options is dominated (a Left option no better for Left
//! than another, a Right option no better for Right than another) or
//! reversible (a Left option G^L with a Right option G^LR <= G, which is
//! replaced by G^LR's Left options; a Right option G^R with a Left option
//! G^RL >= G, replaced by G^RL's Right options). [`Games`] keeps each
//! canonical form once, so two games are equal exactly where their
//! indices are.

use std::cmp::Ordering;

pub(crate) use rustc_hash::{FxHashMap as FastMap, FxHashSet as FastSet};

/// A short game in canonical form: its index in [`Games`].
pub(crate) type Game = u32;

/// The game 0 = { | }: neither side has a move.
pub(crate) const ZERO: Game = 0;

/// The options of a game, each side's sorted and without repeats.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
struct Form {
    /// Left's options.
    left: Vec<Game>,
    /// Right's options.
    right: Vec<Game>,
}

/// Work ran out before an answer (see [`Games::allow`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Spent;

/// What work may yield: an answer, or [`Spent`].
pub(crate) type Work<T> = Result<T, Spent>;

/// The canonical games met so far, with what is known of their order and
/// their sums.
#[derive(Debug)]
pub(crate) struct Games {
    /// Per game, its canonical form.
    forms: Vec<Form>,
    /// Per canonical form, its game.
    ids: FastMap<Form, Game>,
    /// Per pair (G, H): whether G <= H.
    below: FastMap<(Game, Game), bool>,
    /// Per pair (G, H), the lower first: G + H.
    sums: FastMap<(Game, Game), Game>,
    /// Per game G: -G.
    negatives: FastMap<Game, Game>,
    /// Steps of work left (forms, comparisons, sums and negatives not yet
    /// known).
    work: u32,
}

impl Default for Games {
    fn default() -> Games {
        let zero = Form::default();
        Games {
            forms: vec![zero.clone()],
            ids: FastMap::from_iter([(zero, ZERO)]),
            below: FastMap::default(),
            sums: FastMap::default(),
            negatives: FastMap::default(),
            work: 0,
        }
    }
}

impl Games {
    /// Lets the work that follows take `steps` steps: past them, each
    /// answers [`Spent`]. What was found stays known.
    pub(crate) fn allow(&mut self, steps: u32) {
        self.work = steps;
    }

    /// How much is known: games, comparisons, sums and negatives.
    pub(crate) fn size(&self) -> usize {
        self.forms.len() + self.below.len() + self.sums.len() + self.negatives.len()
    }

    /// Left's options of `g`.
    pub(crate) fn left(&self, g: Game) -> &[Game] {
        &self.forms[g as usize].left
    }

    /// Right's options of `g`.
    pub(crate) fn right(&self, g: Game) -> &[Game] {
        &self.forms[g as usize].right
    }

    /// Left's options of `g` (if `left`) or Right's.
    fn options(&self, g: Game, left: bool) -> &[Game] {
        if left {
            self.left(g)
        } else {
            self.right(g)
        }
    }

    /// Takes a step of work, if one is left.
    fn spend(&mut self) -> Work<()> {
        self.work = self.work.checked_sub(1).ok_or(Spent)?;
        Ok(())
    }

    /// The canonical form of { `left` | `right` }, options in canonical
    /// form: dominated options removed, reversible ones bypassed, again
    /// until there is none of either.
    pub(crate) fn game(&mut self, mut left: Vec<Game>, mut right: Vec<Game>) -> Work<Game> {
        self.spend()?;
        // Per game X, per direction: whether X <= G (true) or X >= G;
        // bypassing and removing options keeps G's value.
        let mut to_g = FastMap::default();
        loop {
            self.undominated(&mut left, true)?;
            self.undominated(&mut right, false)?;
            if let Some((at, by)) = self.reversible(&left, &right, true, &mut to_g)? {
                left.swap_remove(at);
                left.extend_from_slice(self.left(by));
            } else if let Some((at, by)) = self.reversible(&left, &right, false, &mut to_g)? {
                right.swap_remove(at);
                right.extend_from_slice(self.right(by));
            } else {
                break;
            }
        }
        Ok(self.intern(Form { left, right }))
    }

    /// The game of `form`, which is canonical.
    fn intern(&mut self, form: Form) -> Game {
        if let Some(&g) = self.ids.get(&form) {
            return g;
        }
        let g = self.forms.len() as Game;
        self.ids.insert(form.clone(), g);
        self.forms.push(form);
        g
    }

    /// Sorts `options` (Left's if `left`, else Right's), drops repeats and
    /// the options dominated by another: for Left a lower one, for Right
    /// a higher one. Distinct canonical games differ in value, so no two
    /// dominate each other.
    fn undominated(&mut self, options: &mut Vec<Game>, left: bool) -> Work<()> {
        options.sort_unstable();
        options.dedup();
        let mut keep = Vec::with_capacity(options.len());
        for &a in options.iter() {
            let mut dominated = false;
            for &b in options.iter() {
                let (low, high) = if left { (a, b) } else { (b, a) };
                if a != b && self.le(low, high)? {
                    dominated = true;
                    break;
                }
            }
            if !dominated {
                keep.push(a);
            }
        }
        *options = keep;
        Ok(())
    }

    /// In G = { `left` | `right` }: a reversible option of Left's (if
    /// `for_left`) or Right's, as its place and the option it reverses
    /// through: for Left, a G^L with some G^LR <= G; for Right, a G^R with
    /// some G^RL >= G.
    fn reversible(
        &mut self,
        left: &[Game],
        right: &[Game],
        for_left: bool,
        to_g: &mut FastMap<(Game, bool), bool>,
    ) -> Work<Option<(usize, Game)>> {
        let options = if for_left { left } else { right };
        for (at, &option) in options.iter().enumerate() {
            for i in 0..self.options(option, !for_left).len() {
                let reply = self.options(option, !for_left)[i];
                if self.against(reply, for_left, left, right, to_g)? {
                    return Ok(Some((at, reply)));
                }
            }
        }
        Ok(None)
    }

    /// Whether `x` <= G (if `below`) or `x` >= G, G = { `left` | `right` }
    /// not yet in canonical form; `to_g` keeps the answers.
    fn against(
        &mut self,
        x: Game,
        below: bool,
        left: &[Game],
        right: &[Game],
        to_g: &mut FastMap<(Game, bool), bool>,
    ) -> Work<bool> {
        if let Some(&known) = to_g.get(&(x, below)) {
            return Ok(known);
        }
        self.spend()?;
        // X <= G unless some X^L >= G or some G^R <= X;
        // X >= G unless some X^R <= G or some G^L >= X.
        let gs = if below { right } else { left };
        let mut holds = true;
        for i in 0..self.options(x, below).len() {
            if self.against(self.options(x, below)[i], !below, left, right, to_g)? {
                holds = false;
                break;
            }
        }
        if holds {
            for &go in gs {
                let beyond = if below {
                    self.le(go, x)?
                } else {
                    self.le(x, go)?
                };
                if beyond {
                    holds = false;
                    break;
                }
            }
        }
        to_g.insert((x, below), holds);
        Ok(holds)
    }

    /// Whether `g` <= `h`: neither some G^L >= H nor some H^R <= G.
    pub(crate) fn le(&mut self, g: Game, h: Game) -> Work<bool> {
        if g == h {
            return Ok(true);
        }
        if let Some(&known) = self.below.get(&(g, h)) {
            return Ok(known);
        }
        self.spend()?;
        let mut holds = true;
        for i in 0..self.left(g).len() {
            if self.le(h, self.left(g)[i])? {
                holds = false;
                break;
            }
        }
        if holds {
            for i in 0..self.right(h).len() {
                if self.le(self.right(h)[i], g)? {
                    holds = false;
                    break;
                }
            }
        }
        self.below.insert((g, h), holds);
        Ok(holds)
    }

    /// How `g` compares with `h`: `None` where they are fuzzy (confused),
    /// neither <= the other.
    pub(crate) fn compare(&mut self, g: Game, h: Game) -> Work<Option<Ordering>> {
        Ok(match (self.le(g, h)?, self.le(h, g)?) {
            (true, true) => Some(Ordering::Equal),
            (true, false) => Some(Ordering::Less),
            (false, true) => Some(Ordering::Greater),
            (false, false) => None,
        })
    }

    /// -G = { -G^R | -G^L }, in canonical form as G is (the sides'
    /// dominated and reversible options trade places).
    pub(crate) fn neg(&mut self, g: Game) -> Work<Game> {
        if let Some(&known) = self.negatives.get(&g) {
            return Ok(known);
        }
        self.spend()?;
        let form = self.forms[g as usize].clone();
        let mut negative = Form::default();
        for (to, from) in [
            (&mut negative.left, &form.right),
            (&mut negative.right, &form.left),
        ] {
            for &option in from {
                to.push(self.neg(option)?);
            }
            to.sort_unstable();
        }
        let negative = self.intern(negative);
        self.negatives.insert(g, negative);
        self.negatives.insert(negative, g);
        Ok(negative)
    }

    /// Whether in `g` the side to move wins, Left (`side` 0) or Right:
    /// where G > 0 Left, where G < 0 Right, where G = 0 neither, where
    /// G || 0 either.
    pub(crate) fn wins(&mut self, g: Game, side: usize) -> Work<bool> {
        Ok(match self.compare(g, ZERO)? {
            Some(Ordering::Greater) => side == 0,
            Some(Ordering::Less) => side == 1,
            Some(Ordering::Equal) => false,
            None => true,
        })
    }

    /// G + H = { G^L + H, G + H^L | G^R + H, G + H^R }, in canonical form.
    pub(crate) fn sum(&mut self, g: Game, h: Game) -> Work<Game> {
        if g == ZERO {
            return Ok(h);
        }
        if h == ZERO {
            return Ok(g);
        }
        let key = (g.min(h), g.max(h));
        if let Some(&known) = self.sums.get(&key) {
            return Ok(known);
        }
        self.spend()?;
        let [g_form, h_form] = [g, h].map(|x| self.forms[x as usize].clone());
        let mut left = Vec::with_capacity(g_form.left.len() + h_form.left.len());
        let mut right = Vec::with_capacity(g_form.right.len() + h_form.right.len());
        for &gl in &g_form.left {
            left.push(self.sum(gl, h)?);
        }
        for &hl in &h_form.left {
            left.push(self.sum(g, hl)?);
        }
        for &gr in &g_form.right {
            right.push(self.sum(gr, h)?);
        }
        for &hr in &h_form.right {
            right.push(self.sum(g, hr)?);
        }
        let total = self.game(left, right)?;
        self.sums.insert(key, total);
        Ok(total)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Games with work enough for any test.
    fn games() -> Games {
        let mut games = Games::default();
        games.allow(u32::MAX);
        games
    }

    #[test]
    fn the_small_games_have_their_textbook_values() {
        let mut g = games();
        let star = g.game(vec![ZERO], vec![ZERO]).unwrap();
        let up = g.game(vec![ZERO], vec![star]).unwrap();
        let down = g.game(vec![star], vec![ZERO]).unwrap();
        let one = g.game(vec![ZERO], vec![]).unwrap();
        let minus_one = g.game(vec![], vec![ZERO]).unwrap();
        // * || 0, ↑ > 0, ↓ < 0, ↑ || *, 1 > ↑.
        assert_eq!(g.compare(star, ZERO), Ok(None));
        assert_eq!(g.compare(up, ZERO), Ok(Some(Ordering::Greater)));
        assert_eq!(g.compare(down, ZERO), Ok(Some(Ordering::Less)));
        assert_eq!(g.compare(up, star), Ok(None));
        assert_eq!(g.compare(one, up), Ok(Some(Ordering::Greater)));
        // -↑ = ↓, -* = *, -1 = {  | 0 }.
        assert_eq!(g.neg(up), Ok(down));
        assert_eq!(g.neg(star), Ok(star));
        assert_eq!(g.neg(one), Ok(minus_one));
        // * + * = 0, ↑ + ↓ = 0, 1 + -1 = 0.
        assert_eq!(g.sum(star, star), Ok(ZERO));
        assert_eq!(g.sum(up, down), Ok(ZERO));
        assert_eq!(g.sum(one, minus_one), Ok(ZERO));
        // ↑* = ↑ + * = {0, * | 0}: Left's 0 and * are confused, and
        // neither reverses.
        let up_star = g.sum(up, star).unwrap();
        assert_eq!(g.left(up_star), [ZERO, star]);
        assert_eq!(g.right(up_star), [ZERO]);
        assert_eq!(g.compare(up_star, ZERO), Ok(None));
        // 1 + 1 = {0 + 1, 1 + 0 | } = {1 | } = 2, and {0, 1 | } = 2 once
        // its dominated 0 is gone.
        let two = g.sum(one, one).unwrap();
        assert_eq!(g.left(two), [one]);
        assert!(g.right(two).is_empty());
        assert_eq!(g.game(vec![ZERO, one], vec![]), Ok(two));
        // { * | * } = 0: Left's * reverses, its Right option 0 being <= G
        // (Right's only move in G is to *, which Left answers to 0), and
        // is replaced by 0's Left options, none; Right's likewise.
        assert_eq!(g.game(vec![star], vec![star]), Ok(ZERO));
        // ⇑* = ↑ + ↑ + * = {0 | ↑} (Winning Ways, chapter 3).
        let dbl_up_star = g.game(vec![ZERO], vec![up]).unwrap();
        let dbl_up = g.sum(up, up).unwrap();
        assert_eq!(g.sum(dbl_up, star), Ok(dbl_up_star));
    }

    #[test]
    fn work_runs_out_then_goes_on_from_what_is_known() {
        let mut g = games();
        let star = g.game(vec![ZERO], vec![ZERO]).unwrap();
        let up = g.game(vec![ZERO], vec![star]).unwrap();
        g.allow(1);
        let sum = g.sum(up, up);
        assert_eq!(sum, Err(Spent));
        g.allow(1_000);
        let dbl_up = g.sum(up, up).unwrap();
        // ⇑ = {0 | ↑*}.
        assert_eq!(g.left(dbl_up), [ZERO]);
        let up_star = g.sum(up, star).unwrap();
        assert_eq!(g.right(dbl_up), [up_star]);
    }
}
