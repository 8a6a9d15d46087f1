//! Freezing (§15) and replies (§12.3): rules whose movement is compiled as
//! virtual types (the squares a freezer watches, an opening and a reply move).

use super::Checker;
use crate::diagnostic::Diagnostic;
use crate::load::{MoveEntry, Text};
use crate::program::{
    FreezeRule, Movement, PieceType, ReplyRule, MAX_FREEZE_RULES, MAX_LINGER, MAX_PIECE_TYPES,
};

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
