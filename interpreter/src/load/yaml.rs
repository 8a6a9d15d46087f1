//! The YAML layer: serde structures mirroring the rule file, and their
//! conversion into the owned syntax tree with spans.

use serde::de::IgnoredAny;
use serde::Deserialize;

mod resolve;
mod ruled;
#[cfg(feature = "schema")]
mod schema;
mod spanned;
use ruled::{all_of, Ruled};
#[cfg(feature = "schema")]
pub use schema::schema;
use spanned::Spanned;

use super::conditions::Conditions;
use super::{parse_betza, BetzaComponent, ExprNode, Text};
use crate::diagnostic::{closest, Diagnostic, Diagnostics, Span};

/// Language version this interpreter reads (`motley: 1`).
pub const LANGUAGE_VERSION: u32 = 1;

#[derive(Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
struct RawRuleFile {
    motley: Spanned<Whole>,
    name: Spanned<String>,
    #[serde(default)]
    title: Option<String>,
    #[serde(default)]
    source: Option<String>,
    board: RawBoard,
    pieces: Spanned<Vec<Spanned<RawPiece>>>,
    setup: Spanned<String>,
    #[serde(default)]
    castling: Option<RawCastling>,
    #[serde(default)]
    promotion: Vec<RawPromotion>,
    #[serde(default)]
    draws: Option<RawDraws>,
    #[serde(default)]
    outcomes: Option<RawOutcomes>,
    #[serde(default)]
    compulsory_capture: Option<Spanned<RawCompulsory>>,
    #[serde(default)]
    giving_check: Option<Spanned<String>>,
    #[serde(default)]
    explosion: Option<Spanned<RawExplosion>>,
    #[serde(default)]
    walls: Option<Spanned<RawWalls>>,
    #[serde(default)]
    royal_check: Option<Spanned<String>>,
    #[serde(default)]
    held_in_check: Option<Spanned<Vec<Spanned<String>>>>,
    royals_facing: Option<Spanned<String>>,
    #[serde(default)]
    passing: Option<Spanned<RawPassing>>,
    #[serde(default)]
    shuffle: Option<Spanned<RawShuffle>>,
    #[serde(default)]
    hand: Option<RawHand>,
    #[serde(default)]
    drops: Vec<RawDrop>,
    #[serde(default)]
    gating: Vec<RawGate>,
    #[serde(default)]
    freeze: Vec<RawFreeze>,
    #[serde(default)]
    replies: Vec<RawReply>,
    #[serde(default)]
    turn: Option<Spanned<RawTurn>>,
    #[serde(default)]
    hidden: Vec<RawHidden>,
    #[serde(default)]
    state: Option<RawState>,
    #[serde(default)]
    rulings: std::collections::BTreeMap<String, Spanned<RawRuling>>,
    #[serde(default)]
    conditions: std::collections::BTreeMap<String, Spanned<String>>,
    #[serde(default)]
    notation: Option<RawNotation>,
    /// `extends: FILE` is merged before the YAML is read (§1.1); one left
    /// here was not written as a line of the top level.
    #[serde(default)]
    #[cfg_attr(feature = "schema", schemars(with = "Option<String>"))]
    extends: Option<Spanned<IgnoredAny>>,
}

#[derive(Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
struct RawNotation {
    #[serde(default)]
    declaration: Option<Spanned<String>>,
    #[serde(default)]
    entry: Option<Spanned<String>>,
    #[serde(default)]
    gating: Option<Spanned<String>>,
}

#[derive(Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
struct RawFreeze {
    by: Vec<Spanned<String>>,
    reach: Spanned<String>,
    #[serde(default)]
    immune: Vec<Spanned<String>>,
    #[serde(default)]
    choose: Option<Spanned<String>>,
    #[serde(default)]
    linger: Option<Spanned<String>>,
    #[serde(default)]
    still_near: Option<Spanned<String>>,
    #[serde(default)]
    freezer_captured: Option<Spanned<String>>,
    #[serde(default)]
    castling: Option<Spanned<String>>,
    #[serde(default)]
    trigger: Option<Spanned<String>>,
}

#[derive(Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
struct RawReply {
    key: Spanned<String>,
    opened_by: RawReplyMove,
    reply: RawReplyMove,
    #[serde(default)]
    freeze: Option<Spanned<Whole>>,
    #[serde(default)]
    when: Option<Spanned<String>>,
}

#[derive(Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
struct RawReplyMove {
    pieces: Vec<Spanned<String>>,
    moves: Spanned<String>,
    #[serde(default)]
    when: Option<Spanned<String>>,
}

#[derive(Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
struct RawPassing {
    #[serde(default)]
    when: Option<Spanned<String>>,
    #[serde(default)]
    twice: Option<Spanned<String>>,
}

#[derive(Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
struct RawShuffle {
    #[serde(default)]
    rank: Option<Spanned<Whole>>,
    #[serde(default)]
    opposite_colours: Vec<Spanned<Vec<Spanned<String>>>>,
    #[serde(default)]
    order: Option<Spanned<Vec<Spanned<String>>>>,
}

#[derive(Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
struct RawBoard {
    files: Spanned<Whole>,
    ranks: Spanned<Whole>,
    #[serde(default)]
    holes: Option<Spanned<String>>,
}

#[derive(Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
struct RawPiece {
    letter: Spanned<String>,
    name: Spanned<String>,
    moves: Spanned<RawMoves>,
    #[serde(default)]
    royal: Truth,
    #[serde(default)]
    value: Option<Whole>,
    #[serde(default)]
    irreversible: Truth,
    #[serde(default)]
    screens_not: Vec<Spanned<String>>,
    #[serde(default)]
    captures_not: Vec<Spanned<String>>,
}

/// A whole number written plain (`8`). A quoted scalar is a string, never
/// a number: `"8"` is refused, as are negative, fractional and too large
/// numbers, each with its own message.
#[derive(Clone, Copy, Default)]
struct Whole(u32);

impl<'de> Deserialize<'de> for Whole {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl serde::de::Visitor<'_> for Visitor {
            type Value = Whole;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a whole number")
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Whole, E> {
                u32::try_from(v).map(Whole).map_err(|_| {
                    E::custom(format!(
                        "the whole number {v} is too large; the largest is {}",
                        u32::MAX
                    ))
                })
            }
            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<Whole, E> {
                match u64::try_from(v) {
                    Ok(v) => self.visit_u64(v),
                    Err(_) => Err(E::custom(format!(
                        "expected a whole number from 0, not {v}"
                    ))),
                }
            }
            fn visit_f64<E: serde::de::Error>(self, v: f64) -> Result<Whole, E> {
                Err(E::custom(if v.fract() == 0.0 && v > 0.0 {
                    format!("the whole number is too large; the largest is {}", u32::MAX)
                } else {
                    format!("expected a whole number, not {v}")
                }))
            }
            fn visit_bool<E: serde::de::Error>(self, v: bool) -> Result<Whole, E> {
                Err(E::custom(format!("expected a whole number, not `{v}`")))
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Whole, E> {
                Err(E::custom(quoted_or_word("a whole number", v)))
            }
        }
        d.deserialize_any(Visitor)
    }
}

/// `true` or `false` written plain. A quoted scalar is a string, and the
/// YAML 1.1 words (`yes`, `no`, `y`, `on`...) are not truth values.
#[derive(Clone, Copy, Default)]
struct Truth(bool);

impl<'de> Deserialize<'de> for Truth {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl serde::de::Visitor<'_> for Visitor {
            type Value = Truth;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("`true` or `false`")
            }
            fn visit_bool<E: serde::de::Error>(self, v: bool) -> Result<Truth, E> {
                Ok(Truth(v))
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Truth, E> {
                Err(E::custom(format!("expected `true` or `false`, not {v}")))
            }
            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<Truth, E> {
                Err(E::custom(format!("expected `true` or `false`, not {v}")))
            }
            fn visit_f64<E: serde::de::Error>(self, v: f64) -> Result<Truth, E> {
                Err(E::custom(format!("expected `true` or `false`, not {v}")))
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Truth, E> {
                Err(E::custom(quoted_or_word("`true` or `false`", v)))
            }
        }
        d.deserialize_any(Visitor)
    }
}

/// The message for a string where a number or truth value is expected.
fn quoted_or_word(expected: &str, v: &str) -> String {
    let plain_value = v.parse::<i64>().is_ok() || v == "true" || v == "false";
    if plain_value {
        format!("expected {expected}, not the string `{v}`: a quoted value is a string; write it without quotes")
    } else {
        format!("expected {expected}, not `{v}`")
    }
}

/// `moves`: a Betza string, or a list of entries with conditions.
enum RawMoves {
    Text(String),
    List(Vec<RawMoveEntry>),
    /// `{ imitate: [...] }`.
    Imitate(Vec<RawImitation>),
    /// `{ ruling: ID, OPTION: MOVES, ... }`: movement chosen by a ruling.
    Ruled(Box<Ruled<Spanned<RawMoves>>>),
    /// A plain scalar YAML typed as something else (`N` reads as false in
    /// YAML 1.1): its text is taken from the source at its place.
    Other,
}

impl<'de> Deserialize<'de> for RawMoves {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = RawMoves;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a Betza string or a list of `{ moves: ..., when: ... }` entries")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<RawMoves, E> {
                Ok(RawMoves::Text(v.to_string()))
            }
            fn visit_bool<E: serde::de::Error>(self, _: bool) -> Result<RawMoves, E> {
                Ok(RawMoves::Other)
            }
            fn visit_i64<E: serde::de::Error>(self, _: i64) -> Result<RawMoves, E> {
                Ok(RawMoves::Other)
            }
            fn visit_u64<E: serde::de::Error>(self, _: u64) -> Result<RawMoves, E> {
                Ok(RawMoves::Other)
            }
            fn visit_f64<E: serde::de::Error>(self, _: f64) -> Result<RawMoves, E> {
                Ok(RawMoves::Other)
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<RawMoves, A::Error> {
                let Some(first) = map.next_key::<Spanned<String>>()? else {
                    return Err(serde::de::Error::custom("empty movement"));
                };
                if first.value == "imitate" {
                    return Ok(RawMoves::Imitate(map.next_value()?));
                }
                let (mut id, mut options) = (None, Vec::new());
                let mut key = Some(first);
                while let Some(k) = key {
                    if k.value == "ruling" {
                        id = Some(map.next_value()?);
                    } else if k.value == "imitate" {
                        return Err(serde::de::Error::custom(
                            "`imitate:` stands alone in its mapping",
                        ));
                    } else {
                        options.push((k, map.next_value()?));
                    }
                    key = map.next_key()?;
                }
                match id {
                    Some(id) => Ok(RawMoves::Ruled(Box::new(Ruled::ByRuling {
                        id: Some(id),
                        options,
                    }))),
                    None => Err(serde::de::Error::custom(format!(
                        "unknown key `{}`; movement given as a mapping is `imitate:` or `ruling:` with one movement per option",
                        options.first().map_or("", |(k, _)| k.value.as_str())
                    ))),
                }
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<RawMoves, A::Error> {
                let mut list = Vec::new();
                while let Some(entry) = seq.next_element()? {
                    list.push(entry);
                }
                Ok(RawMoves::List(list))
            }
        }
        d.deserialize_any(Visitor)
    }
}

#[derive(Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
struct RawImitation {
    #[serde(default)]
    when: Option<Spanned<String>>,
    #[serde(default)]
    of: Option<Spanned<String>>,
    #[serde(default)]
    initially: Option<Spanned<String>>,
    #[serde(default)]
    idle: Option<Spanned<String>>,
    #[serde(default)]
    captures: Option<Spanned<String>>,
    #[serde(default)]
    except: Vec<Spanned<String>>,
    #[serde(default)]
    castling: Option<Spanned<String>>,
    #[serde(default, rename = "override")]
    overrides: std::collections::BTreeMap<String, Spanned<RawMoves>>,
}

#[derive(Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
struct RawMoveEntry {
    moves: Spanned<String>,
    #[serde(default)]
    when: Option<Spanned<String>>,
    #[serde(default)]
    sets: Vec<Spanned<String>>,
}

#[derive(Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
struct RawCastling {
    king: Spanned<String>,
    rook: Spanned<RawLetters>,
    sides: Vec<RawCastlingSide>,
    #[serde(default)]
    landing: Option<Spanned<String>>,
    #[serde(default)]
    rank: Option<Spanned<Whole>>,
}

#[derive(Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
struct RawCastlingSide {
    king_to: Spanned<String>,
    rook_to: Spanned<String>,
    #[serde(default)]
    rook_from: Option<Spanned<String>>,
}

#[derive(Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
struct RawPromotion {
    pieces: Ruled<Vec<Spanned<String>>>,
    zone: Spanned<String>,
    to: Spanned<Ruled<Vec<Spanned<String>>>>,
    #[serde(default = "yes")]
    mandatory: Truth,
    #[serde(default)]
    limit: Option<Spanned<String>>,
    #[serde(default)]
    at_most: std::collections::BTreeMap<String, Spanned<Whole>>,
    zone_of: Option<Spanned<String>>,
    #[serde(default)]
    when: Option<Spanned<String>>,
    #[serde(default)]
    sets: Vec<Spanned<String>>,
    #[serde(default)]
    last_move: Option<Spanned<String>>,
}

fn yes() -> Truth {
    Truth(true)
}

#[derive(Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
struct RawDraws {
    #[serde(default)]
    fifty_move: Option<Spanned<Whole>>,
    #[serde(default)]
    repetition: Option<Spanned<Whole>>,
    #[serde(default)]
    repetition_result: Option<Spanned<String>>,
    #[serde(default)]
    perpetual_check: Option<Spanned<String>>,
    #[serde(default)]
    insufficient_material: Option<RawInsufficient>,
    #[serde(default)]
    fifty_move_uncounted: Option<RawUncounted>,
    #[serde(default)]
    fifty_move_reset: Option<RawReset>,
    #[serde(default)]
    counting: Option<Spanned<RawCounting>>,
}

#[derive(Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
struct RawCounting {
    #[serde(default)]
    stopped_by: Vec<Spanned<String>>,
    #[serde(default)]
    board_honour: Option<Spanned<RawBoardHonour>>,
    #[serde(default)]
    pieces_honour: Vec<Spanned<RawPiecesHonour>>,
    #[serde(default)]
    start: Option<Spanned<String>>,
}

#[derive(Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
struct RawBoardHonour {
    moves: Spanned<Whole>,
    #[serde(default)]
    at_most: Option<Spanned<Whole>>,
    #[serde(default)]
    stopped: Option<Spanned<Truth>>,
}

#[derive(Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
struct RawPiecesHonour {
    moves: Spanned<Whole>,
    #[serde(default)]
    opponent_has: std::collections::BTreeMap<String, Spanned<Whole>>,
}

#[derive(Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
struct RawReset {
    #[serde(default)]
    moves: Option<Spanned<String>>,
    #[serde(default)]
    drops: Truth,
    #[serde(default)]
    promotions: Truth,
}

#[derive(Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
struct RawUncounted {
    captures_of: Vec<Spanned<String>>,
    #[serde(default)]
    when: Option<Spanned<String>>,
}

#[derive(Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
struct RawHand {
    #[serde(default)]
    captured: Option<Spanned<String>>,
    #[serde(default)]
    demote: Option<RawDemote>,
    #[serde(default)]
    keep: Vec<Spanned<String>>,
}

/// `demote`: `true`, or a mapping from captured letters to held letters.
enum RawDemote {
    All(bool),
    Map(Vec<(Spanned<String>, Spanned<String>)>),
}

impl<'de> Deserialize<'de> for RawDemote {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = RawDemote;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("true, false, or a mapping like `{ C: N }`")
            }
            fn visit_bool<E: serde::de::Error>(self, v: bool) -> Result<RawDemote, E> {
                Ok(RawDemote::All(v))
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<RawDemote, A::Error> {
                let mut pairs = Vec::new();
                while let Some((k, v)) = map.next_entry::<Spanned<String>, Spanned<String>>()? {
                    pairs.push((k, v));
                }
                Ok(RawDemote::Map(pairs))
            }
        }
        d.deserialize_any(Visitor)
    }
}

#[derive(Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
struct RawState {
    #[serde(default)]
    last_move: Option<Spanned<String>>,
    #[serde(default)]
    lost: Truth,
    #[serde(default)]
    player_flags: Vec<Spanned<String>>,
    #[serde(default)]
    piece_flags: Vec<Spanned<String>>,
    #[serde(default)]
    counters: Vec<Spanned<String>>,
}

#[derive(Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
struct RawDrop {
    pieces: Ruled<Vec<Spanned<String>>>,
    zone: Spanned<String>,
    #[serde(default)]
    when: Option<Spanned<String>>,
    #[serde(default)]
    forbid: Ruled<Vec<Spanned<String>>>,
    #[serde(default)]
    sets: Ruled<Vec<Spanned<String>>>,
    #[serde(default, rename = "as")]
    entry_as: Option<Spanned<String>>,
    #[serde(default)]
    last_move: Option<Spanned<String>>,
    #[serde(default)]
    max_per_file: Option<Spanned<Whole>>,
    #[serde(default)]
    checkmate: Option<Spanned<String>>,
}

#[derive(Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
struct RawTurn {
    moves: Spanned<Whole>,
    #[serde(default)]
    privilege: Option<Spanned<String>>,
    #[serde(default)]
    capture: Option<Spanned<String>>,
    #[serde(default)]
    capture_sets: Vec<Spanned<String>>,
    #[serde(default)]
    alone: Option<Spanned<RawLetters>>,
    #[serde(default)]
    excluded: Option<Spanned<RawLetters>>,
    #[serde(default)]
    later_moves: Option<Spanned<String>>,
    #[serde(default)]
    same_piece: Option<Spanned<String>>,
    #[serde(default)]
    check_ends_turn: Option<Spanned<String>>,
    #[serde(default)]
    schedule: Vec<Spanned<Whole>>,
    #[serde(default)]
    en_passant: Option<Spanned<String>>,
}

/// Piece letters: a list (`[A, B]`), or one string: letters, or an expression
/// giving them (`'if(ruling("x") == "y", "A", "")'`).
enum RawLetters {
    List(Vec<Spanned<String>>),
    Text(String),
}

impl<'de> Deserialize<'de> for RawLetters {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = RawLetters;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str(
                    "a list of piece letters, or a string of letters or an expression giving them",
                )
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<RawLetters, E> {
                Ok(RawLetters::Text(v.to_string()))
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<RawLetters, A::Error> {
                let mut list = Vec::new();
                while let Some(entry) = seq.next_element()? {
                    list.push(entry);
                }
                Ok(RawLetters::List(list))
            }
        }
        d.deserialize_any(Visitor)
    }
}

#[derive(Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
struct RawHidden {
    pieces: Vec<Spanned<String>>,
    from: Spanned<String>,
}

#[derive(Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
struct RawRuling {
    question: String,
    source: String,
    options: Vec<String>,
    default: Spanned<String>,
}

#[derive(Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
struct RawGate {
    pieces: Vec<Spanned<String>>,
    #[serde(default)]
    zone: Option<Spanned<String>>,
    vacated_by: Ruled<Vec<Spanned<String>>>,
    #[serde(default)]
    deadline: Option<Spanned<String>>,
    #[serde(default)]
    when: Option<Spanned<String>>,
    #[serde(default)]
    castling_field: Truth,
    #[serde(default)]
    judged: Option<Spanned<String>>,
}

#[derive(Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
struct RawOutcomes {
    #[serde(default)]
    checkmate: Option<Spanned<String>>,
    #[serde(default)]
    stalemate: Option<Spanned<String>>,
    #[serde(default)]
    draw_odds: Option<Spanned<String>>,
    #[serde(default)]
    extinction: Option<Spanned<RawExtinction>>,
    #[serde(default)]
    bare_royal: Option<Spanned<String>>,
    #[serde(default)]
    check_count: Option<Spanned<Whole>>,
    #[serde(default)]
    reach: Option<RawReach>,
    #[serde(default)]
    material_count: Option<Spanned<RawMaterialCount>>,
}

#[derive(Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
struct RawMaterialCount {
    points: std::collections::BTreeMap<String, Spanned<Whole>>,
    #[serde(default)]
    bonus: std::collections::BTreeMap<String, Spanned<Whole>>,
    #[serde(default)]
    ties: Option<Spanned<String>>,
}

#[derive(Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
struct RawExtinction {
    #[serde(default)]
    pieces: Option<Vec<Spanned<String>>>,
    #[serde(default)]
    fewer_than: Option<Spanned<Whole>>,
    #[serde(default)]
    result: Option<Spanned<String>>,
}

#[derive(Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
struct RawExplosion {
    around: Spanned<String>,
    #[serde(default)]
    spared: Vec<Spanned<String>>,
    #[serde(default)]
    immune: Vec<Spanned<String>>,
}

#[derive(Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
struct RawWalls {
    #[serde(default)]
    place: Option<Spanned<String>>,
    #[serde(default)]
    zone: Option<Spanned<String>>,
    #[serde(default)]
    single: Option<Spanned<Truth>>,
    #[serde(default)]
    capturers: Vec<Spanned<String>>,
}

#[derive(Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
struct RawCompulsory {
    #[serde(default)]
    sides: Option<Spanned<String>>,
    #[serde(default)]
    by: Option<Vec<Spanned<String>>>,
}

#[derive(Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
struct RawReach {
    pieces: Vec<Spanned<String>>,
    zone: Spanned<String>,
    #[serde(default)]
    answer: Option<Spanned<String>>,
    #[serde(default)]
    safe: Option<Spanned<Truth>>,
}

#[derive(Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
struct RawInsufficient {
    #[serde(default)]
    lone: Vec<Spanned<String>>,
    #[serde(default)]
    colour_bound: Vec<Spanned<String>>,
}

/// A rule file as written: structure, strings with places, parsed movement
/// and expressions. Not yet checked for meaning.
#[derive(Clone, Debug)]
pub struct RuleFile {
    /// `name`: the variant's short name.
    pub name: Text,
    /// `title`: a human title.
    pub title: Option<String>,
    /// `source`: where the rules come from.
    pub source: Option<String>,
    /// `board.files` and its place.
    pub files: (u32, Span),
    /// `board.ranks` and its place.
    pub ranks: (u32, Span),
    /// `board.holes`: the zone of squares that are not part of the board (§2.1).
    pub holes: Option<ExprNode>,
    /// `pieces`, in file order.
    pub pieces: Vec<PieceDef>,
    /// Where the `pieces` list is written.
    pub pieces_span: Span,
    /// `setup`: the start position as FEN.
    pub setup: Text,
    /// `castling`, if the variant has it.
    pub castling: Option<CastlingDef>,
    /// `promotion` rules, in file order.
    pub promotion: Vec<PromotionDef>,
    /// `draws`.
    pub draws: DrawsDef,
    /// `outcomes`.
    pub outcomes: OutcomesDef,
    /// `compulsory_capture`, if given.
    pub compulsory_capture: Option<CompulsoryDef>,
    /// `giving_check`: `allowed` (default) or `illegal`.
    pub giving_check: Option<Text>,
    /// `explosion`: captures explode (§11.5), if given.
    pub explosion: Option<ExplosionDef>,
    /// `walls`: squares that block everything, placed by moves (§11.6), if given.
    pub walls: Option<WallsDef>,
    /// `royal_check`: `any` (default) or `all` royal pieces attacked make check (§3.3).
    pub royal_check: Option<Text>,
    /// `held_in_check`: types that may only capture the checking piece while
    /// their side is in check (§11.7), and where the list is written.
    pub held_in_check: Option<(Vec<Text>, Span)>,
    /// `royals_facing`: `allowed` (default), `forbidden` or `break-or-pass` (§11.3).
    pub royals_facing: Option<Text>,
    /// `passing`, if a side may pass (§11.4).
    pub passing: Option<PassingDef>,
    /// `shuffle`: the start array drawn at random (§6.4), if given.
    pub shuffle: Option<ShuffleDef>,
    /// `hand`: where captured pieces go.
    pub hand: HandDef,
    /// `state`: what positions record besides the board.
    pub state: StateDef,
    /// `drops`.
    pub drops: Vec<DropDef>,
    /// `gating`.
    pub gating: Vec<GateDef>,
    /// `freeze` (§15).
    pub freeze: Vec<FreezeDef>,
    /// `replies` (§12.3).
    pub replies: Vec<ReplyDef>,
    /// `rulings`, by id.
    pub rulings: Vec<RulingDef>,
    /// `hidden`: pieces and who may not see them (`opponent`).
    pub hidden: Vec<(Vec<Text>, Text)>,
    /// `turn`: turns of several moves, if the variant has them.
    pub turn: Option<TurnDef>,
    /// `notation`: the source's own move notations (§7).
    pub notation: NotationDef,
}

/// The `hand` section: where captured pieces go.
#[derive(Clone, Debug, Default)]
pub struct HandDef {
    /// `captured`: where captured pieces go (`capturer`, `owner`, `none`).
    pub captured: Option<Text>,
    /// `demote: true`: promoted pieces go to a hand as the type they promoted from.
    pub demote: bool,
    /// `demote` as a mapping: captured letter → held letter.
    pub demote_map: Vec<(Text, Text)>,
    /// `keep`: the letters that go to a hand when captured (empty: all).
    pub keep: Vec<Text>,
}

/// The `state` section (§13): what positions record besides the board.
#[derive(Clone, Debug, Default)]
pub struct StateDef {
    /// `last_move`: `last` or `last-two` moves recorded and printed.
    pub last_move: Option<Text>,
    /// `lost`: record the types the side to move just lost.
    pub lost: bool,
    /// `player_flags`.
    pub player_flags: Vec<Text>,
    /// `piece_flags`.
    pub piece_flags: Vec<Text>,
    /// `counters`.
    pub counters: Vec<Text>,
}

/// The `notation` section (spec/LANGUAGE.md §7): how SAN writes
/// declarations, entries and gating.
#[derive(Clone, Debug, Default)]
pub struct NotationDef {
    /// `declaration`: `=X` (default) or `(!X)`.
    pub declaration: Option<Text>,
    /// `entry`: `X@` (default) or `!X`.
    pub entry: Option<Text>,
    /// `gating`: `/X` (default) or `*X`.
    pub gating: Option<Text>,
}

impl RuleFile {
    /// Every expression the file holds (zones, conditions, deadlines), in
    /// no particular order; settings written as expressions (`word` texts)
    /// are parsed where they are read.
    pub fn expressions(&self) -> Vec<&ExprNode> {
        let mut out: Vec<&ExprNode> = Vec::new();
        fn entries(list: &[MoveEntry]) -> impl Iterator<Item = &ExprNode> {
            list.iter().filter_map(|e| e.when.as_ref())
        }
        for p in &self.pieces {
            out.extend(entries(&p.moves));
            for i in &p.imitate {
                out.extend(i.when.as_ref());
                for (_, _, list) in &i.overrides {
                    out.extend(entries(list));
                }
            }
        }
        for p in &self.promotion {
            out.push(&p.zone);
            out.extend(p.when.as_ref());
        }
        for d in &self.drops {
            out.push(&d.zone);
            out.extend(d.when.as_ref());
        }
        for g in &self.gating {
            out.extend([&g.zone, &g.deadline, &g.when].into_iter().flatten());
        }
        out.extend(self.holes.as_ref());
        out.extend(self.outcomes.reach.as_ref().map(|r| &r.1));
        out.extend(self.draws.uncounted.as_ref().and_then(|u| u.1.as_ref()));
        for f in &self.freeze {
            out.extend(f.reach.when.as_ref());
        }
        for r in &self.replies {
            out.extend(
                [&r.when, &r.opened_by.1.when, &r.reply.1.when]
                    .into_iter()
                    .flatten(),
            );
        }
        out.extend(self.turn.as_ref().and_then(|t| t.privilege.as_ref()));
        out
    }
}

/// The `turn` section (spec/LANGUAGE.md §16): turns of several moves.
#[derive(Clone, Debug)]
pub struct TurnDef {
    /// Where the section starts.
    pub span: Span,
    /// `moves`: moves per turn while the privilege lasts, and its place.
    pub moves: (u32, Span),
    /// `privilege`: a move-context condition on the mover at the start of a turn.
    pub privilege: Option<ExprNode>,
    /// `capture`: `first-only` (default) or `any`.
    pub capture: Option<Text>,
    /// `capture_sets`: player flags every capture sets.
    pub capture_sets: Vec<Text>,
    /// `alone`: types whose move is a turn by itself.
    pub alone: LettersDef,
    /// `excluded`: types that do not move while the privilege lasts.
    pub excluded: LettersDef,
    /// `later_moves`: `optional` (default) or `required`.
    pub later_moves: Option<Text>,
    /// `same_piece`: `allowed` (default) or `forbidden`.
    pub same_piece: Option<Text>,
    /// `check_ends_turn`: `no` (default) or `yes`.
    pub check_ends_turn: Option<Text>,
    /// `schedule`: the moves of the game's first turns, in order, and their places.
    pub schedule: Vec<(u32, Span)>,
    /// `en_passant`: `next-move` (default) or `next-turn`, the en passant window.
    pub en_passant: Option<Text>,
}

/// Piece letters as written: a list of letters, or one text holding
/// letters or an expression that gives them.
#[derive(Clone, Debug, Default)]
pub enum LettersDef {
    /// Not given: no letters.
    #[default]
    None,
    /// A list of letters.
    List(Vec<Text>),
    /// One text: letters, or an expression giving a string of letters.
    Text(Text),
}

/// One entry of `rulings`: an open question of the source and its answers.
#[derive(Clone, Debug)]
pub struct RulingDef {
    /// The id within the variant (`pawn-capture`); the full id is `VARIANT.ID`.
    pub id: String,
    /// Where it is declared.
    pub span: Span,
    /// The question.
    pub question: String,
    /// The source words it rests on.
    pub source: String,
    /// The options, in file order.
    pub options: Vec<String>,
    /// The default option.
    pub default: Text,
}

/// One entry of `gating`.
#[derive(Clone, Debug)]
pub struct GateDef {
    /// Letters of the pieces that may be gated from the hand.
    pub pieces: Vec<Text>,
    /// Squares (for the mover) where a gated piece may appear; `None`: anywhere.
    pub zone: Option<ExprNode>,
    /// Which moves vacate a square for gating: `unmoved`, `setup-square`, `capture`.
    pub vacated_by: Vec<Text>,
    /// `deadline`: the last move number (of the mover) on which gating is
    /// allowed; afterwards the pieces still in hand are lost.
    pub deadline: Option<ExprNode>,
    /// `when`: a condition the square context decides (rulings).
    pub when: Option<ExprNode>,
    /// `castling_field`: the castling field of FEN lists the unmoved pieces of the first rank.
    pub castling_field: bool,
    /// `judged`: `with-gate` (default) or `without-gate`, or an expression
    /// of rulings giving one: whether legality counts the gated piece.
    pub judged: Option<Text>,
}

/// One entry of `drops`.
#[derive(Clone, Debug)]
pub struct DropDef {
    /// Letters of the pieces this rule lets a player drop.
    pub pieces: Vec<Text>,
    /// Squares (for the dropping side) where they may be dropped.
    pub zone: ExprNode,
    /// `forbid`: `capture`, `check`, `block-check`, `in-check`.
    pub forbid: Vec<Text>,
    /// `when`: a condition in move context (§5.2).
    pub when: Option<ExprNode>,
    /// `sets`: player flags set by the drop.
    pub sets: Vec<Text>,
    /// `as`: the letter the held piece enters as.
    pub entry_as: Option<Text>,
    /// `last_move`: record the held type (`before`) or the entering type (`after`, default).
    pub last_move: Option<Text>,
    /// `max_per_file`: at most this many of the dropping side's pieces of
    /// the entering type on the file after the drop.
    pub max_per_file: Option<(u32, Span)>,
    /// `checkmate`: `loses`: a checkmate by such a drop loses for the dropper.
    pub checkmate: Option<Text>,
}

/// The `outcomes` section: how the game ends other than by mate.
#[derive(Clone, Debug, Default)]
pub struct OutcomesDef {
    /// `stalemate`: `draw`, `loss` or `win` for the stalemated side.
    pub stalemate: Option<Text>,
    /// `bare_royal`: `loss` when a side has only royal pieces left.
    pub bare_royal: Option<Text>,
    /// `check_count`: giving this many checks wins.
    pub check_count: Option<(u32, Span)>,
    /// `reach`: pieces and the zone whose reaching wins.
    pub reach: Option<(Vec<Text>, ExprNode)>,
    /// `reach.answer`: the side that may answer the other's reaching.
    pub reach_answer: Option<Text>,
    /// `reach.safe`: reaching counts only for a piece no enemy attacks there,
    /// and where it is written.
    pub reach_safe: Option<(bool, Span)>,
    /// `checkmate`: `loss` (default), `draw` or `win` for the mated side.
    pub checkmate: Option<Text>,
    /// `draw_odds`: `white` or `black`, the side that wins every drawn game.
    pub draw_odds: Option<Text>,
    /// `extinction`, if given.
    pub extinction: Option<ExtinctionDef>,
    /// `material_count`, if given.
    pub material_count: Option<MaterialCountDef>,
}

/// `outcomes.extinction`: a side left with too few pieces (§19).
#[derive(Clone, Debug)]
pub struct ExtinctionDef {
    /// `pieces`: the types counted each on its own; `None`: all pieces together.
    pub pieces: Option<Vec<Text>>,
    /// `fewer_than`: a side with fewer than this many is extinct (default 1).
    pub fewer_than: Option<(u32, Span)>,
    /// `result`: `loss` (default), `draw` or `win` for the extinct side.
    pub result: Option<Text>,
    /// Where the `extinction` mapping is written.
    pub span: Span,
}

/// `explosion`: a capture removes the pieces around it and the capturer (§11.5).
#[derive(Clone, Debug)]
pub struct ExplosionDef {
    /// `around`: Betza leaps from the capture square to the squares that explode.
    pub around: MoveEntry,
    /// `spared`: types that survive on the squares around (not where the capture is).
    pub spared: Vec<Text>,
    /// `immune`: types no explosion removes, the capturer included.
    pub immune: Vec<Text>,
}

/// `walls`: wall squares and the moves that make them (§11.6).
#[derive(Clone, Debug)]
pub struct WallsDef {
    /// `place`: `anywhere` or `vacated`: where the mover puts a wall after each move.
    pub place: Option<Text>,
    /// `zone`: the squares (for the mover) a wall may be placed on.
    pub zone: Option<ExprNode>,
    /// `single`: one wall stands at a time; placing it removes the one before.
    pub single: Option<(bool, Span)>,
    /// `capturers`: types that turn into a wall when they capture.
    pub capturers: Vec<Text>,
    /// Where the `walls` mapping is written.
    pub span: Span,
}

/// `shuffle`: the pieces of each side's first rank (or `rank`) placed at
/// random under constraints, Black's mirroring White's (§6.4).
#[derive(Clone, Debug)]
pub struct ShuffleDef {
    /// `rank`: the rank shuffled, from each side's own side (default 1).
    pub rank: Option<(u32, Span)>,
    /// `opposite_colours`: groups of letters whose pieces stand half on
    /// light and half on dark squares, and where each group is written.
    pub opposite_colours: Vec<(Vec<Text>, Span)>,
    /// `order`: letters whose pieces stand in this order from the a-file.
    pub order: Option<(Vec<Text>, Span)>,
    /// Where the `shuffle` mapping is written.
    pub span: Span,
}

/// `passing`: a side may pass its turn (§11.4).
#[derive(Clone, Debug)]
pub struct PassingDef {
    /// `when`: a move-context condition (§5.2); absent: always.
    pub when: Option<ExprNode>,
    /// `twice`: `continues` (default) or `draw`: two passes in a row end the game.
    pub twice: Option<Text>,
}

/// `outcomes.material_count`: points that decide a drawn game (§19).
#[derive(Clone, Debug)]
pub struct MaterialCountDef {
    /// `points`: letter, points and where the points are written.
    pub points: Vec<(String, u32, Span)>,
    /// `bonus`: side name, points and where they are written.
    pub bonus: Vec<(String, u32, Span)>,
    /// `ties`: `draw` (default), `white` or `black`.
    pub ties: Option<Text>,
}

/// `compulsory_capture`: if a capture is legal, only captures are (§11).
#[derive(Clone, Debug)]
pub struct CompulsoryDef {
    /// `sides`: `both` (default), `white` or `black`.
    pub sides: Option<Text>,
    /// `by`: the capturing types it binds; `None`: every type.
    pub by: Option<Vec<Text>>,
    /// Where the `compulsory_capture` mapping is written.
    pub span: Span,
}

/// One entry of `pieces`.
#[derive(Clone, Debug)]
pub struct PieceDef {
    /// Where the entry starts.
    pub span: Span,
    /// `letter`: the FEN letter (upper case; black's is its lower case).
    pub letter: Text,
    /// `name`.
    pub name: Text,
    /// `moves`: one entry for a plain Betza string.
    pub moves: Vec<MoveEntry>,
    /// `moves: { imitate: [...] }`: the imitation settings, in file order.
    pub imitate: Vec<ImitationDef>,
    /// `royal`: losing it (mate) loses the game.
    pub royal: bool,
    /// `value`: material value, used by value-based rules.
    pub value: Option<u32>,
    /// `irreversible`: its moves reset the fifty-move count.
    pub irreversible: bool,
    /// `screens_not`: letters its hops may not use as a screen.
    pub screens_not: Vec<Text>,
    /// `captures_not`: letters it may not capture.
    pub captures_not: Vec<Text>,
}

/// One movement entry of a piece: Betza with an optional condition.
#[derive(Clone, Debug)]
pub struct MoveEntry {
    /// The Betza text as written.
    pub text: Text,
    /// The parsed components.
    pub components: Vec<BetzaComponent>,
    /// `when`: the condition under which the piece has this movement.
    pub when: Option<ExprNode>,
    /// `sets`: piece flags, player flags and counters a move of this
    /// entry sets (§13).
    pub sets: Vec<Text>,
}

/// One entry of `imitate`: how an imitator takes the powers of the last
/// moved piece (spec/LANGUAGE.md §12.2).
#[derive(Clone, Debug)]
pub struct ImitationDef {
    /// Where the entry starts.
    pub span: Span,
    /// A condition the square context decides (rulings); the first entry whose holds applies.
    pub when: Option<ExprNode>,
    /// `of`: `opponent` (default), `any` or `captured`.
    pub of: Option<Text>,
    /// `initially`: with `of: captured`, the letter of the type it moves
    /// as before its first capture.
    pub initially: Option<Text>,
    /// `idle`: `keep` (default) or `none`.
    pub idle: Option<Text>,
    /// `captures`: `always` (default) or `if-captured`.
    pub captures: Option<Text>,
    /// `except`: `initial`, `en-passant`.
    pub except: Vec<Text>,
    /// `castling`: `king` (default) or `rook`.
    pub castling: Option<Text>,
    /// `override`: movement used instead when imitating a type, by letter.
    pub overrides: Vec<(String, Span, Vec<MoveEntry>)>,
}

/// The `castling` section.
#[derive(Clone, Debug)]
pub struct CastlingDef {
    /// Letter of the piece that castles as the king.
    pub king: Text,
    /// Letters of the pieces that castle as the rook: one, or a list.
    pub rooks: Vec<Text>,
    /// One entry per castling side.
    pub sides: Vec<CastlingSideDef>,
    /// `landing`: `after` (default) or `before-and-after`: when the king's
    /// landing square must be unattacked.
    pub landing: Option<Text>,
    /// `rank`: the rank castling happens on, counted from the side's own
    /// first rank (default 1), and its place.
    pub rank: Option<(u32, Span)>,
}

/// One castling side: the files the king and rook end on.
#[derive(Clone, Debug)]
pub struct CastlingSideDef {
    /// File letter the king ends on.
    pub king_to: Text,
    /// File letter the rook ends on.
    pub rook_to: Text,
    /// `rook_from`: the file from which a `K`/`Q` castling letter's rook is
    /// looked for, towards the king (default: the board's edge).
    pub rook_from: Option<Text>,
}

/// One entry of `promotion`.
#[derive(Clone, Debug)]
pub struct PromotionDef {
    /// Letters of the pieces that promote.
    pub pieces: Vec<Text>,
    /// Squares (for the mover) where they promote.
    pub zone: ExprNode,
    /// Letters they may promote to.
    pub to: Vec<Text>,
    /// Where the `to` list is written.
    pub to_span: Span,
    /// Whether promotion is compulsory on entering the zone.
    pub mandatory: bool,
    /// `limit`: `captured` allows only types the side has lost.
    pub limit: Option<Text>,
    /// `at_most`: per letter (placed at its number), the most pieces of
    /// that type the side may have on the board after promoting to it.
    pub at_most: Vec<(Text, u32)>,
    /// `zone_of`: the square the zone judges: `target` (default), `origin`
    /// or `either`.
    pub zone_of: Option<Text>,
    /// `when`: a condition in move context (§5.2).
    pub when: Option<ExprNode>,
    /// `sets`: player flags set when the change happens.
    pub sets: Vec<Text>,
    /// `last_move`: `after` (default: the new type is recorded) or `before`.
    pub last_move: Option<Text>,
}

/// The `draws` section.
#[derive(Clone, Debug, Default)]
pub struct DrawsDef {
    /// Plies without capture or irreversible move after which the game is drawn.
    pub fifty_move: Option<(u32, Span)>,
    /// Occurrences of one position that draw the game.
    pub repetition: Option<(u32, Span)>,
    /// `repetition_result`: `draw` (default), `loss` or `win` for the side
    /// that repeats, or `white-loses` / `black-loses`.
    pub repetition_result: Option<Text>,
    /// `perpetual_check`: `draw` (default) or `loss` for the side that
    /// checked throughout the repeated cycle.
    pub perpetual_check: Option<Text>,
    /// Letters that cannot mate alone with the royal piece.
    pub lone: Vec<Text>,
    /// Colour-bound letters: material made only of these on one square colour is dead.
    pub colour_bound: Vec<Text>,
    /// Whether `insufficient_material` is given: then two bare royal pieces are dead material.
    pub insufficient_material: bool,
    /// Letters whose capture does not reset the fifty-move count, and when.
    pub uncounted: Option<(Vec<Text>, Option<ExprNode>)>,
    /// `fifty_move_reset.moves`: which moves of irreversible pieces reset
    /// the count, `all` (default) or `forward`.
    pub reset_moves: Option<Text>,
    /// `fifty_move_reset.drops`: drops reset the count.
    pub reset_drops: bool,
    /// `fifty_move_reset.promotions`: promotions and type changes reset the count.
    pub reset_promotions: bool,
    /// `counting`: the counting rules of the makruk family (§10.1), if given.
    pub counting: Option<CountingDef>,
}

/// `draws.counting` (§10.1): a weak side counts its moves towards a draw.
#[derive(Clone, Debug)]
pub struct CountingDef {
    /// `stopped_by`: types whose presence on the board stops the count.
    pub stopped_by: Vec<Text>,
    /// `board_honour`: moves, the most pieces a side may have to count
    /// (`at_most`), and whether `stopped_by` stops it (`stopped`, default true).
    pub board_honour: Option<BoardHonourDef>,
    /// `pieces_honour`: rows of moves and what the opponent must have, in order.
    pub pieces_honour: Vec<PiecesHonourDef>,
    /// `start`: `pieces` (default) or `zero`.
    pub start: Option<Text>,
    /// Where the `counting` mapping is written.
    pub span: Span,
}

/// `counting.board_honour` (§10.1).
#[derive(Clone, Debug)]
pub struct BoardHonourDef {
    /// `moves`: the limit in moves.
    pub moves: (u32, Span),
    /// `at_most`: a side counts only with at most this many pieces.
    pub at_most: Option<(u32, Span)>,
    /// `stopped`: whether `stopped_by` types stop this count too (default true).
    pub stopped: Option<(bool, Span)>,
}

/// A row of `counting.pieces_honour` (§10.1).
#[derive(Clone, Debug)]
pub struct PiecesHonourDef {
    /// `moves`: the limit in moves.
    pub moves: (u32, Span),
    /// `opponent_has`: letter, least count and where the count is written.
    pub opponent_has: Vec<(String, u32, Span)>,
    /// Where the row is written.
    pub span: Span,
}

/// A `freeze` entry (§15): pieces that freeze enemy pieces near them.
#[derive(Clone, Debug)]
pub struct FreezeDef {
    /// Letters of the freezing types.
    pub by: Vec<Text>,
    /// Betza movement whose targets are the squares a freezer watches.
    pub reach: MoveEntry,
    /// Letters never frozen.
    pub immune: Vec<Text>,
    /// `all` or `highest-value`.
    pub choose: Option<Text>,
    /// Turns of the frozen piece's owner a freeze lasts after the freezer leaves.
    pub linger: Option<Text>,
    /// `release` or `linger`: a piece the moved freezer still watches.
    pub still_near: Option<Text>,
    /// `release` or `linger`: the pieces of a captured freezer.
    pub freezer_captured: Option<Text>,
    /// `forbidden` or `allowed`: castling with a frozen rook.
    pub castling: Option<Text>,
    /// `recompute` or `arrival`: when a freezer chooses its targets.
    pub trigger: Option<Text>,
}

/// A `replies` entry (§12.3): a move that opens a square to the opponent's
/// next move only.
#[derive(Clone, Debug)]
pub struct ReplyDef {
    /// The state key of the opened square in FEN.
    pub key: Text,
    /// The opening move: letters, movement, condition on the moving piece.
    pub opened_by: (Vec<Text>, MoveEntry),
    /// The reply: letters, movement, condition on the moving piece.
    pub reply: (Vec<Text>, MoveEntry),
    /// Turns of its owner the opening piece is frozen by a reply.
    pub freeze: Option<(u32, Span)>,
    /// A condition the square context decides (rulings).
    pub when: Option<ExprNode>,
}

/// Reads the YAML structure, turning serde errors into located diagnostics.
pub(super) fn read(source: &str) -> Result<Raw, Diagnostics> {
    // Truth values are `true` and `false` only (YAML 1.2): `N`, `y`, `no`
    // and `off` are words, as a piece letter or a setting needs them to be.
    let options = serde_saphyr::options! { strict_booleans: true };
    match serde_saphyr::from_str_with_options::<RawRuleFile>(source, options) {
        Ok(file) => Ok(Raw(file)),
        Err(e) => Err(yaml_error(&e, source).into()),
    }
}

/// Reads a text as YAML of any shape, only to report its YAML problems
/// with their place (a file that extends another, or is extended, is read
/// so on its own before the files are merged).
pub(super) fn read_any(source: &str) -> Result<(), Diagnostic> {
    let options = serde_saphyr::options! { strict_booleans: true };
    serde_saphyr::from_str_with_options::<IgnoredAny>(source, options)
        .map(|_| ())
        .map_err(|e| yaml_error(&e, source))
}

/// A successfully read YAML document, not yet converted.
pub(super) struct Raw(RawRuleFile);

fn yaml_error(e: &serde_saphyr::Error, source: &str) -> Diagnostic {
    let blank = crate::diagnostic::lines(source)
        .all(|l| l.trim().is_empty() || l.trim_start().starts_with('#'));
    if blank {
        return Diagnostic::whole("the file is empty; a rule file starts with `motley: 1`");
    }
    if let Some(open) = unclosed_bracket(source) {
        return open;
    }
    let mut location = e
        .location()
        .filter(|l| l.line() > 0)
        .map(|l| (l.line() as u32, l.column() as u32));
    let token = location
        .map(|(line, col)| token_at(source, line, col))
        .unwrap_or_default();
    let (mut message, whole) = reword(e, &token, location.is_some_and(|l| l.1 == 1));
    if let Some((line, _)) = location {
        let indent = |n: u32| {
            crate::diagnostic::lines(source)
                .nth(n as usize)
                .map(|l| l.len() - l.trim_start().len())
        };
        // A key indented deeper than the one before it continues that
        // value: the place to fix is the deeper line.
        if wrong_value(e) && indent(line).unwrap_or(0) > indent(line - 1).unwrap_or(0) {
            message = "this line is indented deeper than the one before, so YAML reads it as part of that value; indent it as the key before it".to_string();
            let col = indent(line).unwrap_or(0) as u32 + 1;
            location = Some((line + 1, col));
        }
    }
    match location {
        Some((line, col)) if !whole => {
            let width = match e.without_snippet() {
                serde_saphyr::Error::SerdeUnknownField { field, .. } => field.chars().count(),
                _ => token_at(source, line, col).chars().count(),
            }
            .max(1) as u32;
            Diagnostic::at(Span::new(line, col, width), message)
        }
        _ => Diagnostic::whole(message),
    }
}

/// Whether the YAML reader found a value of the wrong kind (a scalar, a
/// list or a mapping where another is expected, an empty value, or a value
/// one of the loader's own readers refuses), told by the error's kind: on a
/// line indented deeper than the one before, YAML has read that line as the
/// previous value continued.
fn wrong_value(e: &serde_saphyr::Error) -> bool {
    use serde_saphyr::Error as E;
    match e.without_snippet() {
        E::AliasError { error, .. } => wrong_value(error),
        E::Unexpected { expected, .. } => ["map", "sequence", "string"]
            .iter()
            .any(|kind| expected.contains(kind)),
        E::NullIntoString { .. }
        | E::InvalidScalar { .. }
        | E::InvalidBooleanStrict { .. }
        | E::SerdeInvalidType { .. }
        | E::Message { .. } => true,
        _ => false,
    }
}

/// The first `{` or `[` of a flow collection that is never closed, or one
/// closed by the other kind of bracket: YAML reports these far from where
/// they are. Quoted text and comments are skipped.
fn unclosed_bracket(source: &str) -> Option<Diagnostic> {
    let mut open: Vec<(u32, u32, char)> = Vec::new();
    for (n, line) in crate::diagnostic::lines(source).enumerate() {
        let mut quote: Option<char> = None;
        let mut prev = ' ';
        for (col, c) in line.chars().enumerate() {
            let at = (n as u32 + 1, col as u32 + 1);
            match (quote, c) {
                (Some(q), c) if c == q => quote = None,
                (Some(_), _) => {}
                (None, '"' | '\'') if prev == ' ' || "[{,:".contains(prev) => quote = Some(c),
                (None, '#') if prev == ' ' || col == 0 => break,
                (None, '{' | '[') => open.push((at.0, at.1, c)),
                (None, '}' | ']') => {
                    let opener = if c == '}' { '{' } else { '[' };
                    if let Some((line, col, o)) = open.pop().filter(|o| o.2 != opener) {
                        return Some(Diagnostic::at(
                            Span::new(line, col, 1),
                            format!("this `{o}` is closed by the `{c}` on line {}", at.0),
                        ));
                    }
                }
                _ => {}
            }
            prev = c;
        }
    }
    open.first().map(|&(line, col, c)| {
        let close = if c == '{' { '}' } else { ']' };
        Diagnostic::at(
            Span::new(line, col, 1),
            format!("this `{c}` is never closed: a `{close}` is missing"),
        )
    })
}

/// Whether a name (a ruling id, a player flag) is a word of lower-case
/// letters, digits, `-` and `_` starting with a letter: names that FEN
/// state fields and `--ruling ID=VALUE` can write and read back.
pub fn is_identifier(name: &str) -> bool {
    name.chars().next().is_some_and(|c| c.is_ascii_lowercase())
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_')
}

/// The place of a mapping key whose value is at `value`: the key on the
/// value's line, else on the nearest line above that holds it.
fn key_span(source: &str, value: Span, key: &str) -> Span {
    let lines: Vec<&str> = crate::diagnostic::lines(source).collect();
    for line in (0..value.line as usize).rev().take(50) {
        let Some(text) = lines.get(line) else {
            continue;
        };
        let written = [
            format!("{key}:"),
            format!("\"{key}\":"),
            format!("'{key}':"),
        ];
        if let Some((col, w)) = written
            .iter()
            .find_map(|w| text.find(w.as_str()).map(|i| (i, w)))
        {
            let col = text[..col].chars().count() as u32 + 1;
            return Span::new(line as u32 + 1, col, w.chars().count() as u32 - 1);
        }
    }
    value
}

/// The scalar written at a place: up to a comma, closing bracket or line end.
fn token_at(source: &str, line: u32, col: u32) -> String {
    let text = crate::diagnostic::lines(source)
        .nth(line.saturating_sub(1) as usize)
        .unwrap_or_default();
    let rest: String = text.chars().skip(col.saturating_sub(1) as usize).collect();
    let end = rest.find([',', '}', ']', '#']).unwrap_or(rest.len());
    rest[..end].trim_end().to_string()
}

/// The rule file's wording for an error of the YAML reader, chosen by the
/// error's kind; the flag says the problem concerns the file as a whole.
fn reword(e: &serde_saphyr::Error, token: &str, at_top_level: bool) -> (String, bool) {
    use serde_saphyr::Error as E;
    let value = |what: &str| match what {
        w if w.contains("sequence") => "a list".to_string(),
        w if w.contains("map") => "a mapping".to_string(),
        w if w.contains("string") => format!("`{token}`"),
        w => w.to_string(),
    };
    let message = match e.without_snippet() {
        E::AliasError { error, .. } => return reword(error, token, at_top_level),
        E::SerdeUnknownField {
            field, expected, ..
        } => match closest(field, expected.iter().copied()) {
            Some(k) => format!("unknown key `{field}`; did you mean `{k}`?"),
            None => format!(
                "unknown key `{field}`; expected one of: {}",
                expected.join(", ")
            ),
        },
        E::SerdeMissingField { field, .. } if at_top_level => {
            return (format!("the rule file has no `{field}` key"), true)
        }
        E::SerdeMissingField { field, .. } => format!("missing key `{field}` in this entry"),
        E::DuplicateMappingKey { key: Some(key), .. } => format!("duplicate key `{key}`"),
        E::DuplicateMappingKey { key: None, .. } => "duplicate key".to_string(),
        E::MultipleDocuments { .. } => {
            "a rule file is one YAML document; `---` starts a second".to_string()
        }
        E::NullIntoString { .. } => "expected a value here; it is empty".to_string(),
        E::InvalidScalar { ty, .. } if ty.starts_with('u') || ty.starts_with('i') => {
            format!("expected a whole number, not `{token}`")
        }
        E::InvalidScalar { ty: "boolean", .. } | E::InvalidBooleanStrict { .. } => {
            format!("expected `true` or `false`, not `{token}`")
        }
        E::InvalidScalar { ty, .. } => format!("expected {ty}, not `{token}`"),
        E::SerdeInvalidType {
            unexpected,
            expected,
            ..
        } => format!("expected {expected}, not {}", value(unexpected)),
        E::Unexpected { expected, .. } if expected.contains("map") => {
            "expected a mapping of `key: value` entries here".to_string()
        }
        E::Unexpected { expected, .. } if expected.contains("sequence") => {
            "expected a list here (`- item` lines or `[a, b]`)".to_string()
        }
        E::Unexpected { expected, .. } if expected.contains("string") => {
            "expected a text here, not a list or a mapping".to_string()
        }
        E::UnknownAnchor { .. } => {
            format!("`{token}` names no anchor (`&name`) defined before it")
        }
        E::Eof { .. } => "the file ends in the middle of a value".to_string(),
        E::Budget { .. } => {
            "the file is too large or nested too deeply for a rule file".to_string()
        }
        other => library_text(other),
    };
    (message, false)
}

/// The errors the YAML reader gives as text (its scanner's, and our own
/// visitors' messages): the scanner's kinds that speak the reader's
/// language in the rule file's terms (one test each below), the others'
/// text without the reader's location.
fn library_text(e: &serde_saphyr::Error) -> String {
    use serde_saphyr::granit_parser::ErrorKind as K;
    if let serde_saphyr::Error::ExternalMessage { source, .. } = e.without_snippet() {
        if let serde_saphyr::ExternalMessageSource::Parser(scan) = &**source {
            match scan.kind() {
                K::MappingValueNotAllowed => {
                    return "`: ` inside a plain value starts a mapping; put the value in quotes"
                        .to_string()
                }
                K::TabInPlainScalar | K::TabNotAllowed | K::TabInBlockIndentation => {
                    return "a tab is used for indentation; YAML indents with spaces".to_string()
                }
                K::BlockEntryInFlowCollection => {
                    return "a `-` list item is not allowed here: check this line's indentation"
                        .to_string()
                }
                _ => {}
            }
        }
    }
    let opts = serde_saphyr::render_options! { snippets: serde_saphyr::SnippetMode::Off };
    let mut text = e.without_snippet().render_with_options(opts);
    if let Some(i) = text.find(" at line ") {
        text.truncate(i);
    }
    text.trim_end().trim_end_matches('.').to_string()
}

/// The movement entries of a `moves` value: a Betza string, or a list of
/// `{ moves, when }` entries; none for an imitator.
fn move_entries(
    moves: &Spanned<RawMoves>,
    source: &str,
    (conditions, rulings): (&Conditions, &Rulings),
    errors: &mut Vec<Diagnostic>,
) -> Vec<MoveEntry> {
    let entries: Vec<(Text, Option<Text>, Vec<Text>)> = match &moves.value {
        RawMoves::Text(t) => vec![(
            Text {
                value: t.clone(),
                span: place(moves, source),
            },
            None,
            Vec::new(),
        )],
        RawMoves::Other => {
            let span = place(moves, source);
            vec![(
                Text {
                    value: token_at(source, span.line, span.col),
                    span,
                },
                None,
                Vec::new(),
            )]
        }
        RawMoves::List(list) => list
            .iter()
            .map(|e| {
                (
                    text(&e.moves, source),
                    e.when.as_ref().map(|w| text(w, source)),
                    e.sets.iter().map(|t| text(t, source)).collect(),
                )
            })
            .collect(),
        RawMoves::Imitate(_) => Vec::new(),
        RawMoves::Ruled(ruled) => {
            check_ruled(&[&**ruled], rulings, source, errors);
            return ruled
                .choices(source)
                .into_iter()
                .flat_map(|(chosen, moves)| {
                    move_entries(moves, source, (conditions, rulings), errors)
                        .into_iter()
                        .map(move |mut entry| {
                            entry.when = all_of([chosen.clone(), entry.when.take()]);
                            entry
                        })
                        .collect::<Vec<_>>()
                })
                .collect();
        }
    };
    entries
        .into_iter()
        .map(|(betza, when, sets)| {
            let components = parse_betza(&betza)
                .map_err(|d| errors.push(d))
                .unwrap_or_default();
            let when = when.and_then(|w| conditions.parse(&w).map_err(|d| errors.push(d)).ok());
            MoveEntry {
                text: betza,
                components,
                when,
                sets,
            }
        })
        .collect()
}

/// The `rulings` section as read.
type Rulings = std::collections::BTreeMap<String, Spanned<RawRuling>>;

/// Values chosen by a ruling name every option of a declared ruling, and
/// no option twice: a missing option would drop the whole entry under it.
/// (An option the ruling lacks, or an unknown ruling, is refused when the
/// file is checked, where every `ruling("ID") == "X"` is compared with the
/// declared options.)
fn check_ruled<T>(
    values: &[&Ruled<T>],
    rulings: &Rulings,
    source: &str,
    errors: &mut Vec<Diagnostic>,
) {
    for (id, given) in values.iter().filter_map(|v| v.ruling()) {
        for (i, option) in given.iter().enumerate() {
            if given[..i].iter().any(|o| o.value == option.value) {
                errors.push(
                    text(option, source)
                        .error(format!("the option `{}` is given twice", option.value)),
                );
            }
        }
        let Some(ruling) = rulings.get(&id.value) else {
            continue;
        };
        for option in &given {
            if !ruling.value.options.contains(&option.value) {
                let hint = closest(
                    &option.value,
                    ruling.value.options.iter().map(String::as_str),
                )
                .map(|o| format!("; did you mean `{o}`?"))
                .unwrap_or_else(|| {
                    format!("; the options are: {}", ruling.value.options.join(", "))
                });
                errors.push(text(option, source).error(format!(
                    "`{}` is no option of ruling `{}`{hint}",
                    option.value, id.value
                )));
            }
        }
        let missing: Vec<&str> = ruling
            .value
            .options
            .iter()
            .filter(|o| !given.iter().any(|g| &g.value == *o))
            .map(String::as_str)
            .collect();
        if !missing.is_empty() {
            errors.push(text(id, source).error(format!(
                "the value chosen by ruling `{}` gives none for its option{} {}: name every option (an empty list is `[]`)",
                id.value,
                if missing.len() == 1 { "" } else { "s" },
                missing
                    .iter()
                    .map(|o| format!("`{o}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            )));
        }
    }
}

/// The place of a spanned YAML scalar, pointing inside its quotes if it is quoted.
fn place<T>(s: &Spanned<T>, source: &str) -> Span {
    // Through an alias (`*name`), point at the anchored value itself.
    let at_alias = crate::diagnostic::lines(source)
        .nth((s.referenced.line() as usize).saturating_sub(1))
        .and_then(|l| {
            l.chars()
                .nth((s.referenced.column() as usize).saturating_sub(1))
        })
        .is_some_and(|c| c == '*');
    let location = if at_alias && s.defined.line() > 0 {
        &s.defined
    } else {
        &s.referenced
    };
    let line = location.line() as u32;
    let col = location.column() as u32;
    let quoted = crate::diagnostic::lines(source)
        .nth(line.saturating_sub(1) as usize)
        .and_then(|l| l.chars().nth(col.saturating_sub(1) as usize))
        .is_some_and(|c| c == '"' || c == '\'');
    Span::new(line, if quoted { col + 1 } else { col }, 1)
}

fn text(s: &Spanned<String>, source: &str) -> Text {
    Text {
        value: s.value.clone(),
        span: place(s, source),
    }
}

fn number(s: &Spanned<Whole>, source: &str) -> (u32, Span) {
    (s.value.0, place(s, source))
}

/// `draws.counting` with its places.
fn counting(c: &Spanned<RawCounting>, source: &str) -> CountingDef {
    let raw = &c.value;
    CountingDef {
        stopped_by: raw.stopped_by.iter().map(|t| text(t, source)).collect(),
        board_honour: raw.board_honour.as_ref().map(|b| BoardHonourDef {
            moves: number(&b.value.moves, source),
            at_most: b.value.at_most.as_ref().map(|n| number(n, source)),
            stopped: b
                .value
                .stopped
                .as_ref()
                .map(|t| (t.value.0, place(t, source))),
        }),
        pieces_honour: raw
            .pieces_honour
            .iter()
            .map(|row| PiecesHonourDef {
                moves: number(&row.value.moves, source),
                opponent_has: row
                    .value
                    .opponent_has
                    .iter()
                    .map(|(k, v)| (k.clone(), v.value.0, place(v, source)))
                    .collect(),
                span: place(row, source),
            })
            .collect(),
        start: raw.start.as_ref().map(|t| text(t, source)),
        span: place(c, source),
    }
}

#[cfg(test)]
mod tests {
    use crate::load::load;

    /// The message of the one problem found in `source`.
    fn message(source: &str) -> String {
        let problems = load(source).expect_err("refused").0;
        assert_eq!(problems.len(), 1, "{problems:?}");
        problems[0].message.clone()
    }

    #[test]
    fn scanner_messages_are_reworded() {
        assert_eq!(
            message("motley: 1\nname: a: b\n"),
            "`: ` inside a plain value starts a mapping; put the value in quotes"
        );
        assert_eq!(
            message("motley: 1\nboard:\n\tfiles: 8\n"),
            "a tab is used for indentation; YAML indents with spaces"
        );
        assert_eq!(
            message("motley: 1\npieces: [- b]\n"),
            "a `-` list item is not allowed here: check this line's indentation"
        );
    }
}
