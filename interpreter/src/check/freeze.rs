//! Freezing (§15) and replies (§12.3): rules whose movement is compiled as
//! virtual types (the squares a freezer watches, an opening and a reply move).

use super::{Checker, Condition, Movement, PieceType, MAX_PIECE_TYPES};
use crate::diagnostic::Diagnostic;
use crate::load::{MoveEntry, Text};

/// Most turns a freeze may linger.
pub const MAX_LINGER: u8 = 3;

/// Most freezing rules a variant may have.
pub const MAX_FREEZE_RULES: usize = 4;

/// One freezing rule, resolved.
#[derive(Clone, Debug)]
pub struct FreezeRule {
    /// Types (bit set) that freeze.
    pub by: u32,
    /// Index in [`super::Variant::virtual_pieces`] of the movement whose
    /// targets are the squares a freezer watches.
    pub reach: u8,
    /// Types (bit set) never frozen.
    pub immune: u32,
    /// Only the watched pieces of the highest value are frozen (ties: all of them).
    pub highest: bool,
    /// Turns of its owner a piece stays frozen after its freezer moved away.
    pub linger: u8,
    /// A piece the moved freezer still watches from its new square lingers too
    /// (otherwise it is released at once, if the freezer does not choose it).
    pub still_near_lingers: bool,
    /// The pieces a captured freezer had frozen linger (otherwise released at once).
    pub captured_lingers: bool,
    /// A frozen rook may castle.
    pub rook_castles: bool,
    /// A freezer chooses its targets only when it arrives, and changes them
    /// only for a higher piece arriving (otherwise after every move).
    pub on_arrival: bool,
}

/// One reply rule, resolved.
#[derive(Clone, Debug)]
pub struct ReplyRule {
    /// The state key of the opened square.
    pub key: String,
    /// Types (bit set) whose move may open a square.
    pub openers: u32,
    /// Virtual type index of the opening movement.
    pub opening: u8,
    /// Condition on the opening piece, before its move.
    pub opening_when: Condition,
    /// Types (bit set) that may reply.
    pub repliers: u32,
    /// Virtual type index of the reply movement.
    pub reply: u8,
    /// Condition on the replying piece.
    pub reply_when: Condition,
    /// Turns of its owner the opening piece is frozen by the reply.
    pub freeze: u8,
}

impl Checker<'_> {
    /// The freezing rules, their watch movement added to `virtuals`.
    pub(super) fn freeze_rules(
        &mut self,
        pieces: &[PieceType],
        virtuals: &mut Vec<PieceType>,
    ) -> Vec<FreezeRule> {
        let file = self.file;
        let defs = &file.freeze;
        if let Some(extra) = defs.get(MAX_FREEZE_RULES) {
            if let Some(t) = extra.by.first() {
                self.errors.push(t.error(format!(
                    "at most {MAX_FREEZE_RULES} `freeze` entries are allowed"
                )));
            }
        }
        let mut out = Vec::new();
        for def in defs.iter().take(MAX_FREEZE_RULES) {
            let by = self.letter_set(&def.by);
            let immune = self.letter_set(&def.immune);
            let Some(reach) =
                self.virtual_movement(&def.reach, "watched squares", pieces, virtuals)
            else {
                continue;
            };
            let linger = def.linger.as_ref().map_or(0, |t| self.turns(t));
            out.push(FreezeRule {
                by,
                reach,
                immune,
                highest: self.choice(&def.choose, "choose", ["all", "highest-value"]),
                linger,
                still_near_lingers: self.choice(
                    &def.still_near,
                    "still_near",
                    ["release", "linger"],
                ),
                captured_lingers: self.choice(
                    &def.freezer_captured,
                    "freezer_captured",
                    ["release", "linger"],
                ),
                rook_castles: self.choice(&def.castling, "castling", ["forbidden", "allowed"]),
                on_arrival: self.choice(&def.trigger, "trigger", ["recompute", "arrival"]),
            });
        }
        if out.len() > 1 && out.iter().any(|r| r.on_arrival) {
            if let Some(t) = defs.iter().find_map(|d| d.trigger.clone()) {
                self.errors
                    .push(t.error("`trigger: arrival` needs a single `freeze` entry"));
            }
        }
        out
    }

    /// The reply rules, their movement added to `virtuals`.
    pub(super) fn reply_rules(
        &mut self,
        pieces: &[PieceType],
        virtuals: &mut Vec<PieceType>,
    ) -> Vec<ReplyRule> {
        let defs = self.file.replies.clone();
        let mut out = Vec::new();
        for def in &defs {
            if !self.holds(&def.when) {
                continue;
            }
            let key = def.key.value.clone();
            if super::FEN_KEYS.contains(&key.as_str())
                || self.state_names().any(|f| f.value == key)
                || key.is_empty()
                || !key.chars().all(|c| c.is_ascii_lowercase() || c == '_')
            {
                self.errors.push(def.key.error(format!("`{key}` cannot be a state key here: use lower-case letters and `_`, not a key the language already uses")));
            }
            let freeze = match def.freeze {
                None => 0,
                Some((n, span)) if n as u8 > MAX_LINGER || n > MAX_LINGER as u32 => {
                    self.errors.push(Diagnostic::at(
                        span,
                        format!("`freeze` is a number of turns from 0 to {MAX_LINGER}"),
                    ));
                    0
                }
                Some((n, _)) => n as u8,
            };
            let (Some(opening), Some(reply)) = (
                self.virtual_movement(&def.opened_by.1, "opening move", pieces, virtuals),
                self.virtual_movement(&def.reply.1, "reply", pieces, virtuals),
            ) else {
                continue;
            };
            out.push(ReplyRule {
                key,
                openers: self.letter_set(&def.opened_by.0),
                opening,
                opening_when: self.condition(&def.opened_by.1.when, None),
                repliers: self.letter_set(&def.reply.0),
                reply,
                reply_when: self.condition(&def.reply.1.when, None),
                freeze,
            });
        }
        out
    }

    /// A number of turns from 0 to [`MAX_LINGER`], written as a number or
    /// as an expression the square context decides (rulings).
    fn turns(&mut self, t: &Text) -> u8 {
        let n = match crate::load::parse_expression(t) {
            Ok(expr) => super::number_at(&expr, &self.board_scope()),
            Err(d) => Err(d),
        };
        match n {
            Ok(n) if (0..=MAX_LINGER as i64).contains(&n) => n as u8,
            Ok(n) => {
                self.errors
                    .push(t.error(format!("a number of turns from 0 to {MAX_LINGER}, not {n}")));
                0
            }
            Err(d) => {
                self.errors.push(d);
                0
            }
        }
    }

    /// Types (bit set) of a list of letters.
    pub(super) fn letter_set(&mut self, list: &[Text]) -> u32 {
        list.iter()
            .map(|t| 1u32 << self.letter(t))
            .fold(0, |a, b| a | b)
    }

    /// Adds the movement of `entry` (no square conditions) as a virtual type;
    /// returns its index.
    fn virtual_movement(
        &mut self,
        entry: &MoveEntry,
        what: &str,
        pieces: &[PieceType],
        virtuals: &mut Vec<PieceType>,
    ) -> Option<u8> {
        if pieces.len() + virtuals.len() >= MAX_PIECE_TYPES {
            self.errors.push(entry.text.error(format!(
                "too many piece types and movements: at most {MAX_PIECE_TYPES} in all"
            )));
            return None;
        }
        let mut movements: Vec<Movement> = Vec::new();
        let mut conditions = Vec::new();
        let plain = MoveEntry {
            when: None,
            ..entry.clone()
        };
        self.add_entries(
            std::slice::from_ref(&plain),
            &mut movements,
            &mut conditions,
            None,
        );
        virtuals.push(PieceType {
            letter: '?',
            promoted: false,
            name: what.to_string(),
            betza: entry.text.value.clone(),
            movements,
            conditions,
            royal: false,
            value: 0,
            irreversible: false,
            imitation: None,
            contextual: Vec::new(),
            screens_not: 0,
            captures_not: 0,
        });
        Some((virtuals.len() - 1) as u8)
    }
}
