//! The compiled [`Program`]: a checked variant, its tables, and the flags
//! derived from them that choose play's hot paths, each computed once.

use crate::color::Color;
use crate::geometry::{Bits, Square};
use crate::program::{
    code, CapturedTo, CastlingRule, Condition, Explosion, Facing, Literals, PieceType, Program,
    Promotion, Tables, Variant, Walk,
};

/// White's index.
const WHITE: usize = Color::White.index();
/// Black's index.
const BLACK: usize = Color::Black.index();

impl Program {
    /// Compiles a checked variant: its tables, and the flags derived from
    /// them and from the variant, each computed once here.
    pub(super) fn new(variant: Variant) -> Program {
        let tables = Tables::new(&variant);
        let codes_of = |has: fn(&PieceType) -> bool| {
            let mut codes = 0;
            for ty in (0..variant.pieces.len()).filter(|&ty| has(&variant.pieces[ty])) {
                codes |= (1 << code(ty, WHITE)) | (1 << code(ty, BLACK));
            }
            codes
        };
        let royal_codes = codes_of(|p| p.royal);
        let irreversible_codes = codes_of(|p| p.irreversible);
        let castling = variant.castling.as_ref().map(|c| CastlingRule {
            king: c.king,
            rooks: c.rooks,
            sides: c.sides.clone(),
            landing_before: c.landing_before,
            rook_from: c.rook_from.map(usize::from),
            rank: [
                c.rank as usize,
                variant.ranks as usize - 1 - c.rank as usize,
            ],
        });
        let count_checks = variant.outcomes.check_count.is_some();
        let immediate_end = variant.outcomes.immediate()
            || variant.passing.as_ref().is_some_and(|p| p.twice_draws)
            || variant.royals_facing == Facing::BreakOrPass;
        let mut rules = Program {
            variant,
            tables,
            royal_codes,
            irreversible_codes,
            castling,
            count_checks,
            immediate_end,
            special_moves: false,
            freezer_codes: 0,
            marked_codes: 0,
            freezing: false,
            freezes_on_arrival: false,
            blast: Vec::new(),
            strict_legality: false,
            plain_check: true,
            walled: false,
            counts_honour: false,
            plain_moves: false,
            special_plain: false,
            wall_zone: [Bits::default(); 2],
            legality_by_pins: false,
            gating_types: 0,
            sets_on_entry: false,
            unmoved_promotions: 0,
            promotion_literals: Vec::new(),
            plain_records: false,
            bare_moves: false,
            freeze_spans: Vec::new(),
            freeze_leaps: false,
            tracks_hands: false,
            marks_promoted: false,
            demoted: Vec::new(),
            drop_zones: Vec::new(),
            imitator_codes: 0,
            contextual_codes: 0,
            walking_codes: 0,
            setting_codes: 0,
            keeps_piece_state: false,
            records_moves: false,
            records_drops: false,
            castles_as_rook: false,
            initial_captures: false,
        };
        rules.mark_type_codes();
        rules.keeps_piece_state |= !rules.variant.piece_flags.is_empty();
        let v = &rules.variant;
        rules.initial_captures = v
            .pieces
            .iter()
            .any(|p| p.movements.iter().any(|m| m.initial && m.captures));
        rules.tracks_hands =
            v.captured_to != CapturedTo::Nowhere || !v.drops.is_empty() || !v.gating.is_empty();
        (rules.marks_promoted, rules.demoted) = promotion_marks(v);
        rules.drop_zones = drop_zones(v, rules.tables.holes);
        rules.records_moves = v.record_last;
        rules.records_drops = v.drops.iter().any(|d| d.mate_loses);
        rules.special_moves = !v.freeze.is_empty() || !v.replies.is_empty() || v.record_stepped;
        rules.freezing = !v.freeze.is_empty() || v.replies.iter().any(|r| r.freeze > 0);
        if let Some(explosion) = &v.explosion {
            rules.blast = blast_areas(v, explosion);
        }
        rules.counts_honour = v.counting.is_some();
        if let Some(walls) = &v.walls {
            rules.walled = true;
            if walls.place.is_some() {
                rules.wall_zone = walls.zone.each_ref().map(|zone| squares_of(zone));
            }
        }
        rules.strict_legality = v.checks_illegal || v.explosion.is_some() || v.held_in_check != 0;
        rules.plain_check = !v.all_royals_checked && v.explosion.is_none();
        rules.derive_paths();
        rules
    }

    /// The flags derived from the others that choose the hot paths: the
    /// marked codes, gating and entry sets, the plain make/unmake path and
    /// what it keeps, legality by pins, the freezers' spans.
    fn derive_paths(&mut self) {
        let v = &self.variant;
        self.marked_codes = self.royal_codes
            | self.freezer_codes
            | self.tables.complex[WHITE]
            | self.tables.complex[BLACK];
        self.walking_codes =
            !(self.imitator_codes | self.contextual_codes | self.tables.overlapping);
        self.gating_types = v.gating.iter().fold(0, |types, g| types | g.pieces);
        self.sets_on_entry = v.drops.iter().any(|d| !d.sets.is_empty())
            || v.promotions.iter().any(|p| !p.sets.is_empty());
        self.unmoved_promotions = v
            .promotions
            .iter()
            .take(64)
            .enumerate()
            .filter(|(_, rule)| needs_unmoved(&rule.when))
            .fold(0, |set, (index, _)| set | 1 << index);
        self.promotion_literals = v.promotions.iter().map(|r| literals(&r.when)).collect();
        self.plain_moves = !self.special_moves && self.moves_are_plain();
        self.special_plain = self.special_moves && self.moves_are_plain();
        self.plain_records = self.records_moves
            || self.variant.record_lost
            || self.sets_on_entry
            || self.gating_types != 0;
        self.bare_moves = self.plain_moves && !self.plain_records && !self.tracks_hands;
        self.legality_by_pins = self.pins_decide();
        self.freezes_on_arrival = v.freeze.iter().any(|r| r.on_arrival);
        self.freeze_spans = freeze_spans(v, &self.tables);
        self.freeze_leaps = self.variant.freeze.iter().all(|rule| {
            (0..2).all(|colour| {
                let reach = code(self.tables.types + rule.reach as usize, colour);
                (0..self.tables.squares).all(|sq| {
                    self.tables
                        .paths(reach, sq as Square)
                        .iter()
                        .all(|path| path.walk != Walk::Bent && self.tables.steps(path).len() == 1)
                })
            })
        });
    }

    /// Marks the piece codes (bit sets) of the types with contextual
    /// movement, of imitators, and of freezers.
    fn mark_type_codes(&mut self) {
        let v = &self.variant;
        for (ty, p) in v.pieces.iter().enumerate() {
            let codes = (1 << code(ty, WHITE)) | (1 << code(ty, BLACK));
            if !p.contextual.is_empty() {
                self.contextual_codes |= codes;
            }
            if p.contextual.iter().any(|(_, _, sets)| !sets.is_empty()) {
                self.setting_codes |= codes;
            }
            if let Some(imitation) = &p.imitation {
                self.imitator_codes |= codes;
                self.castles_as_rook |= imitation.castling_rook;
                self.keeps_piece_state |= imitation.of_captured;
            }
            if v.freeze.iter().any(|rule| rule.by >> ty & 1 != 0) {
                self.freezer_codes |= codes;
            }
        }
    }

    /// Whether every move but a pass changes only what the plain path of
    /// make/unmake keeps ([`Program::plain_moves`]), special moves aside,
    /// from the flags derived before it.
    fn moves_are_plain(&self) -> bool {
        let v = &self.variant;
        !self.records_drops
            && !self.walled
            && self.blast.is_empty()
            && !self.counts_honour
            && !self.count_checks
            && v.turn.is_none()
            && v.passing.is_none()
            && self.setting_codes == 0
            && !self.keeps_piece_state
    }

    /// Whether pins can tell most moves' legality: check is a royal piece
    /// attacked and nothing more, no walls, no explosions, one move per
    /// turn. Freezing (§15) and replies (§12.3) keep the pins: a frozen
    /// piece attacks nothing, and a move of the side to move can unfreeze
    /// an enemy piece only if that piece is frozen now, so pins and checks
    /// found among all enemy pieces, frozen or not, are a superset of those
    /// after the move: a move they call legal is legal; one they call
    /// illegal is tested (its pinner may be frozen), as replies are.
    /// Decided once per rule file; each position adds that no enemy
    /// attacker needs more than a leap or a ray (no hoppers, lame or bent
    /// movement, conditions, imitators or capture limits on the board: see
    /// `Rules::pins`).
    pub(crate) fn pins_decide(&self) -> bool {
        let v = &self.variant;
        self.plain_check && !self.walled && self.blast.is_empty() && v.turn.is_none()
    }
}

/// Whether a condition holds only for a moving piece that has not moved:
/// `piece.virgin`, or an `and` with it among its terms.
fn needs_unmoved(cond: &Condition) -> bool {
    match cond {
        Condition::PieceUnmoved => true,
        Condition::All(terms) => terms.iter().any(needs_unmoved),
        _ => false,
    }
}

/// The [`Literals`] a condition comes to, the parts that rulings decided
/// (`Always`, `Never`) folded away; `None` when it reads more of the move
/// context than single bits, or joins them otherwise than by `and`.
fn literals(cond: &Condition) -> Option<Literals> {
    let fact = |bit: u8| Literals {
        facts: (bit, bit),
        ..Literals::default()
    };
    Some(match cond {
        Condition::Always => Literals::default(),
        Condition::Never => Literals::NEVER,
        Condition::PieceUnmoved => fact(Literals::UNMOVED),
        Condition::MoveCaptures => fact(Literals::CAPTURES),
        Condition::LastCaptured => fact(Literals::LAST_CAPTURED),
        Condition::Flag { flag, opponent } => {
            let bit = (1u32 << flag, 1u32 << flag);
            if *opponent {
                Literals {
                    theirs: bit,
                    ..Literals::default()
                }
            } else {
                Literals {
                    own: bit,
                    ..Literals::default()
                }
            }
        }
        Condition::Not(inner) => negated(literals(inner)?)?,
        Condition::All(terms) => terms.iter().try_fold(Literals::default(), |all, term| {
            Some(both(all, literals(term)?))
        })?,
        Condition::Any(terms) => {
            // Only an `or` that rulings decided: a term that always holds,
            // or one term left beside terms that never do.
            let mut left = None;
            for term in terms {
                match literals(term) {
                    Some(l) if l == Literals::default() => return Some(l),
                    Some(l) if l == Literals::NEVER => {}
                    l if left.is_none() => left = Some(l),
                    _ => return None,
                }
            }
            left.unwrap_or(Some(Literals::NEVER))?
        }
        _ => return None,
    })
}

/// The negation of literals: of one bit, or of a condition that always or
/// never holds; `None` for more bits (not a conjunction).
fn negated(l: Literals) -> Option<Literals> {
    if l == Literals::default() {
        return Some(Literals::NEVER);
    }
    if l == Literals::NEVER {
        return Some(Literals::default());
    }
    let read = l.facts.0.count_ones() + l.own.0.count_ones() + l.theirs.0.count_ones();
    (read == 1).then_some(Literals {
        facts: (l.facts.0, l.facts.1 ^ l.facts.0),
        own: (l.own.0, l.own.1 ^ l.own.0),
        theirs: (l.theirs.0, l.theirs.1 ^ l.theirs.0),
    })
}

/// The conjunction of two literals: never where they need a bit both set
/// and clear.
fn both(a: Literals, b: Literals) -> Literals {
    let clash = |(ma, na): (u32, u32), (mb, nb): (u32, u32)| ma & mb & (na ^ nb) != 0;
    let facts = |(m, n): (u8, u8)| (u32::from(m), u32::from(n));
    if a == Literals::NEVER
        || b == Literals::NEVER
        || clash(facts(a.facts), facts(b.facts))
        || clash(a.own, b.own)
        || clash(a.theirs, b.theirs)
    {
        return Literals::NEVER;
    }
    Literals {
        facts: (a.facts.0 | b.facts.0, a.facts.1 | b.facts.1),
        own: (a.own.0 | b.own.0, a.own.1 | b.own.1),
        theirs: (a.theirs.0 | b.theirs.0, a.theirs.1 | b.theirs.1),
    }
}

/// Whether captured promoted pieces are marked `~` and demoted, and the
/// type each type demotes to. Promoted forms (`+P`) tell their origin by
/// their type, and a form's change back to a plain type is no promotion:
/// only the other changes mark the piece `~` and demote it when captured.
fn promotion_marks(v: &Variant) -> (bool, Vec<u8>) {
    let marking = |r: &&Promotion| {
        let from_form = (0..v.pieces.len()).any(|t| r.pieces >> t & 1 != 0 && v.pieces[t].promoted);
        !from_form && r.to.iter().any(|&to| !v.pieces[to as usize].promoted)
    };
    let forms_only = !v.promotions.is_empty() && !v.promotions.iter().any(|r| marking(&r));
    let marks = v.demote && v.captured_to != CapturedTo::Nowhere && !forms_only;
    let mut demoted: Vec<u8> = (0..v.pieces.len() as u8).collect();
    for rule in v.promotions.iter().filter(marking) {
        let base = (0..v.pieces.len())
            .find(|t| rule.pieces >> t & 1 != 0)
            .unwrap_or(0) as u8;
        for &to in &rule.to {
            demoted[to as usize] = base;
        }
    }
    (marks, demoted)
}

/// Per freezing rule, per colour, per square: the squares its reach's
/// paths pass from there (on an empty board).
fn freeze_spans(v: &Variant, tables: &Tables) -> Vec<Bits> {
    let mut spans = Vec::new();
    for rule in &v.freeze {
        for colour in [WHITE, BLACK] {
            let reach = code(tables.types + rule.reach as usize, colour);
            for sq in 0..tables.squares {
                let mut span = Bits::default();
                for path in tables.paths(reach, sq as Square) {
                    for &s in tables.steps(path) {
                        span.set(s);
                    }
                }
                spans.push(span);
            }
        }
    }
    spans
}

/// Per drop rule, per colour: the squares its zone allows, holes left out.
fn drop_zones(v: &Variant, holes: Bits) -> Vec<[Bits; 2]> {
    v.drops
        .iter()
        .map(|rule| {
            [WHITE, BLACK].map(|colour| {
                let mut zone = Bits::default();
                for (sq, _) in rule.zone[colour]
                    .iter()
                    .enumerate()
                    .filter(|(sq, inside)| **inside && !holes.has(*sq as Square))
                {
                    zone.set(sq as Square);
                }
                zone
            })
        })
        .collect()
}

/// Per square, per direction of play (forward for White, then for Black):
/// the squares an explosion there empties (§11.5).
fn blast_areas(v: &Variant, explosion: &Explosion) -> Vec<[Bits; 2]> {
    let (files, ranks) = (v.files as i32, v.ranks as i32);
    (0..files * ranks)
        .map(|sq| {
            let (file, rank) = (sq % files, sq / files);
            [1, -1].map(|forward| {
                let mut area = Bits::default();
                for &(dx, dy) in &explosion.around {
                    let (f, r) = (file + dx as i32, rank + forward * dy as i32);
                    if (0..files).contains(&f) && (0..ranks).contains(&r) {
                        area.set((r * files + f) as Square);
                    }
                }
                area
            })
        })
        .collect()
}

/// The squares a zone (a flag per square) holds, as a set.
fn squares_of(zone: &[bool]) -> Bits {
    let mut set = Bits::default();
    for (sq, _) in zone.iter().enumerate().filter(|(_, inside)| **inside) {
        set.set(sq as Square);
    }
    set
}

#[cfg(test)]
mod tests {
    use super::literals;
    use crate::program::{Condition, Literals};

    #[test]
    fn conditions_fold_to_literals_only_where_they_are_a_conjunction_of_bits() {
        use Condition::{All, Always, Any, MoveCaptures, Never, Not, PieceFlag, PieceUnmoved};
        let flag = |flag, opponent| Condition::Flag { flag, opponent };
        let fact = |bit| Literals {
            facts: (bit, bit),
            ..Literals::default()
        };
        let unmoved_not_capturing = Literals {
            facts: (Literals::UNMOVED | Literals::CAPTURES, Literals::UNMOVED),
            ..Literals::default()
        };
        let cases = [
            ("always", Always, Some(Literals::default())),
            ("never", Never, Some(Literals::NEVER)),
            ("unmoved", PieceUnmoved, Some(fact(Literals::UNMOVED))),
            (
                "unmoved and not captures",
                All(vec![PieceUnmoved, Not(Box::new(MoveCaptures))]),
                Some(unmoved_not_capturing),
            ),
            (
                "a bit both set and clear",
                All(vec![MoveCaptures, Not(Box::new(MoveCaptures))]),
                Some(Literals::NEVER),
            ),
            (
                "an and with never",
                All(vec![PieceUnmoved, Never]),
                Some(Literals::NEVER),
            ),
            (
                "the opponent's flag 3 clear",
                Not(Box::new(flag(3, true))),
                Some(Literals {
                    theirs: (8, 0),
                    ..Literals::default()
                }),
            ),
            (
                "a negated and",
                Not(Box::new(All(vec![PieceUnmoved, MoveCaptures]))),
                None,
            ),
            (
                "an or rulings decided",
                Any(vec![Never, PieceUnmoved]),
                Some(fact(Literals::UNMOVED)),
            ),
            (
                "an or with always",
                Any(vec![MoveCaptures, Always]),
                Some(Literals::default()),
            ),
            ("an open or", Any(vec![MoveCaptures, PieceUnmoved]), None),
            ("a piece flag", PieceFlag(0), None),
        ];
        for (name, condition, expected) in cases {
            assert_eq!(literals(&condition), expected, "{name}");
        }
    }
}
