//! The variants of the core and their rulings (`spec/rulings/`).

use crate::bitboard::Bitboard;
use crate::error::EngineError;

/// Which variant the core plays.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Variant {
    /// Chess with a Fool (`fool`).
    Fool,
    /// Clown Chess (`clown`).
    Clown,
    /// Entity Chess (`entity`).
    Entity,
}

impl Variant {
    /// The variant's name (the rule file's `name`).
    pub fn name(self) -> &'static str {
        match self {
            Variant::Fool => "fool",
            Variant::Clown => "clown",
            Variant::Entity => "entity",
        }
    }

    /// The letter of the extra piece.
    pub fn extra_letter(self) -> char {
        match self {
            Variant::Fool => 'F',
            Variant::Clown => 'C',
            Variant::Entity => 'E',
        }
    }

    /// The rulings of the variant: id, options (default first).
    pub fn rulings(self) -> &'static [(&'static str, &'static [&'static str])] {
        match self {
            Variant::Fool => &[
                ("fool.pawn-capture", &["diagonal", "none"]),
                ("fool.imitation", &["keep", "reset", "either"]),
                ("fool.castling-imitation", &["king", "rook"]),
                ("fool.castling-destination", &["after", "before-and-after"]),
                ("fool.deadline", &["move-20", "ply-20"]),
                ("fool.initial-position", &["unmoved", "setup-square"]),
            ],
            Variant::Clown => &[
                (
                    "clown.entry-zone",
                    &["half-edges", "first-ranks", "all-edges"],
                ),
                ("clown.not-immediately", &["piece", "type", "hand", "none"]),
                ("clown.after-clown", &["moved-clown", "became-clown"]),
                ("clown.entry-check", &["allowed", "forbidden"]),
                ("clown.declare-capture", &["allowed", "forbidden"]),
            ],
            Variant::Entity => &[
                ("entity.entry-zone", &["reach", "half"]),
                ("entity.promotion", &["no", "yes"]),
            ],
        }
    }
}

/// `fool.imitation`: the powers of the Fool of the player who just moved.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Imitation {
    /// Keeps the powers of the opponent's last-moved piece.
    Keep,
    /// No powers until the opponent moves.
    Reset,
    /// Imitates the last piece moved by either side.
    Either,
}

/// `clown.not-immediately`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum NotImmediately {
    /// The piece lost on the opponent's last move may not enter; a held piece
    /// of the same type lost earlier may.
    Piece,
    /// No entry of a type lost on the opponent's last move.
    Type,
    /// No entry at all after a Knight, Bishop or Clown was lost.
    Hand,
    /// No restriction.
    None,
}

/// A variant with its rulings decided.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Rules {
    /// The variant.
    pub variant: Variant,
    /// `fool.pawn-capture=diagonal`.
    pub fool_pawn_capture: bool,
    /// `fool.imitation`.
    pub imitation: Imitation,
    /// `fool.castling-imitation=rook`.
    pub castle_as_rook: bool,
    /// `fool.castling-destination=before-and-after`: the king's landing
    /// square must also be unattacked before the castling.
    pub castle_landing_before: bool,
    /// `fool.deadline`: the last full-move number on which the Fool may enter.
    pub deadline: u32,
    /// `fool.initial-position=setup-square`.
    pub setup_square: bool,
    /// The entry zone for White and Black (`clown.entry-zone`,
    /// `entity.entry-zone`).
    pub zone: [Bitboard; 2],
    /// `clown.not-immediately`.
    pub not_immediately: NotImmediately,
    /// `clown.after-clown=became-clown`.
    pub became_clown: bool,
    /// `clown.entry-check=forbidden`.
    pub entry_check_forbidden: bool,
    /// `clown.declare-capture=allowed`.
    pub declare_capture: bool,
    /// `entity.promotion=yes`.
    pub entity_promotion: bool,
}

const RANKS_12: u64 = 0x0000_0000_0000_FFFF;
const RANKS_1234: u64 = 0x0000_0000_FFFF_FFFF;
const FILES_ABGH: u64 = 0xC3C3_C3C3_C3C3_C3C3;

/// White's zone mirrored for Black.
fn both(white: u64) -> [Bitboard; 2] {
    [Bitboard(white), Bitboard(white.swap_bytes())]
}

impl Rules {
    /// The variant with the given rulings, each `(id, value)`; the id may
    /// leave out the variant prefix. Unknown ids or values are errors naming
    /// the known ones.
    pub fn new(variant: Variant, rulings: &[(String, String)]) -> Result<Rules, EngineError> {
        let table = variant.rulings();
        let mut chosen: Vec<&str> = table.iter().map(|(_, opts)| opts[0]).collect();
        for (id, value) in rulings {
            let full = if id.contains('.') {
                id.clone()
            } else {
                format!("{}.{id}", variant.name())
            };
            let Some(i) = table.iter().position(|(known, _)| *known == full) else {
                let known: Vec<&str> = table.iter().map(|(k, _)| *k).collect();
                return Err(EngineError::unknown_ruling(&format!(
                    "{id} (the rulings of {} are: {})",
                    variant.name(),
                    known.join(", ")
                )));
            };
            let options = table[i].1;
            let Some(opt) = options.iter().find(|o| **o == value.as_str()) else {
                return Err(EngineError::unknown_ruling(&format!(
                    "{full}={value} (options: {})",
                    options.join(", ")
                )));
            };
            chosen[i] = opt;
        }
        let get = |id: &str| {
            let i = table.iter().position(|(k, _)| *k == id).expect("ruling");
            chosen[i]
        };
        let mut rules = Rules {
            variant,
            fool_pawn_capture: true,
            imitation: Imitation::Keep,
            castle_as_rook: false,
            castle_landing_before: false,
            deadline: 20,
            setup_square: false,
            zone: [Bitboard::EMPTY; 2],
            not_immediately: NotImmediately::Piece,
            became_clown: false,
            entry_check_forbidden: false,
            declare_capture: true,
            entity_promotion: false,
        };
        match variant {
            Variant::Fool => {
                rules.fool_pawn_capture = get("fool.pawn-capture") == "diagonal";
                rules.imitation = match get("fool.imitation") {
                    "keep" => Imitation::Keep,
                    "reset" => Imitation::Reset,
                    _ => Imitation::Either,
                };
                rules.castle_as_rook = get("fool.castling-imitation") == "rook";
                rules.castle_landing_before =
                    get("fool.castling-destination") == "before-and-after";
                rules.deadline = if get("fool.deadline") == "move-20" {
                    20
                } else {
                    10
                };
                rules.setup_square = get("fool.initial-position") == "setup-square";
            }
            Variant::Clown => {
                rules.zone = both(match get("clown.entry-zone") {
                    "half-edges" => RANKS_12 | (RANKS_1234 & FILES_ABGH),
                    "first-ranks" => RANKS_12,
                    _ => RANKS_12 | FILES_ABGH,
                });
                rules.not_immediately = match get("clown.not-immediately") {
                    "piece" => NotImmediately::Piece,
                    "type" => NotImmediately::Type,
                    "hand" => NotImmediately::Hand,
                    _ => NotImmediately::None,
                };
                rules.became_clown = get("clown.after-clown") == "became-clown";
                rules.entry_check_forbidden = get("clown.entry-check") == "forbidden";
                rules.declare_capture = get("clown.declare-capture") == "allowed";
            }
            Variant::Entity => {
                rules.zone = both(match get("entity.entry-zone") {
                    "reach" => RANKS_12 | (RANKS_1234 & FILES_ABGH),
                    _ => RANKS_1234,
                });
                rules.entity_promotion = get("entity.promotion") == "yes";
            }
        }
        Ok(rules)
    }
}
