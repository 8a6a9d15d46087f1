//! Check: the syntax tree → a validated [`Variant`], or every problem found.
//!
//! Names are resolved (piece letters), movement is expanded into single
//! directions and zones are evaluated for every square, so later phases
//! never see text.

mod capture;
mod condition;
mod counting;
mod eval;
mod freeze;
mod movement;
mod shuffle;
mod walls;

pub use condition::Names;
pub use eval::{number_at, zone_contains, SquareScope, Value, ZONE_NAMES};
pub use movement::{direction_groups, expand, DirectionGroup};

use std::collections::BTreeMap;

use crate::diagnostic::{closest, Diagnostic, Diagnostics, Span};
use crate::load::{ExprNode, RuleFile, Text};
use crate::program::{
    CapturedTo, Castling, ClockReset, CompulsoryCapture, Condition, Counting, DropRule, Explosion,
    Extinction, Facing, FreezeRule, GateRule, Imitation, MaterialCount, Movement, Notation,
    Outcomes, Passing, PieceType, Promotion, RepetitionResult, ReplyRule, Result3, Sets, Shuffle,
    Turn, Variant, Walls, MAX_COUNTERS, MAX_PIECE_FLAGS, MAX_PIECE_TYPES, MAX_SIDE,
};

/// The keys of the FEN state field (§6) the language itself uses; the
/// names of declared state (§13) and replies' keys (§12.3) may not be one.
pub const FEN_KEYS: [&str; 9] = [
    "last",
    "prev",
    "lost",
    "moved",
    "frozen",
    "held",
    "double_stepped",
    "sub",
    "last_capture",
];

/// The piece types, with the movement types and rules that come with them.
struct PieceTypes {
    pieces: Vec<PieceType>,
    virtual_pieces: Vec<PieceType>,
    freeze: Vec<FreezeRule>,
    replies: Vec<ReplyRule>,
}

/// The rules of moves on the board and of the game's end, as checked.
struct PlayRules {
    holes: Vec<bool>,
    castling: Option<Castling>,
    promotions: Vec<Promotion>,
    outcomes: Outcomes,
    compulsory_capture: Option<CompulsoryCapture>,
    explosion: Option<Explosion>,
    walls: Option<Walls>,
    all_royals_checked: bool,
    held_in_check: u32,
    checks_illegal: bool,
    royals_facing: Facing,
    shuffle: Option<Shuffle>,
    passing: Option<Passing>,
}

/// The draw rules, as checked (but for the fifty-move count).
struct DrawRules {
    repetition_result: RepetitionResult,
    perpetual_check_loses: bool,
    counting: Option<Counting>,
    lone: u32,
    colour_bound: u32,
}

/// The rules of hands, drops, gating and what positions record, as checked.
struct HandRules {
    captured_to: CapturedTo,
    drops: Vec<DropRule>,
    gating: Vec<GateRule>,
    hidden_from_opponent: u32,
    record_last: bool,
    record_prev: bool,
    kept: u32,
    held_as: Vec<u8>,
}

struct Checker<'a> {
    file: &'a RuleFile,
    rulings: &'a BTreeMap<String, String>,
    files: u8,
    ranks: u8,
    errors: Vec<Diagnostic>,
    /// A piece letter was itself invalid: references to letters are not
    /// reported, they would only repeat that problem.
    bad_letters: bool,
    /// Square tables of movement conditions that read the move context
    /// (§12.1), for [`Variant::movement_zones`].
    movement_zones: Vec<[Vec<bool>; 2]>,
    /// Per type: its movement entries whose condition reads the move
    /// context (§12.1), until they become virtual types.
    contextual: Vec<Vec<(Condition, Vec<Movement>, Sets)>>,
    /// Some condition reads `last_move.kind`, `.from` or `.to`.
    reads_last_squares: bool,
}

/// The chosen option of every ruling of a rule file: the defaults, replaced
/// by `given` pairs of id (full `VARIANT.ID` or short `ID`) and option.
pub fn choose_rulings(
    file: &RuleFile,
    given: &[(String, String)],
) -> Result<BTreeMap<String, String>, String> {
    let mut chosen: BTreeMap<String, String> = file
        .rulings
        .iter()
        .map(|r| (r.id.clone(), r.default.value.clone()))
        .collect();
    let prefix = format!("{}.", file.name.value);
    for (id, value) in given {
        let short = id.strip_prefix(&prefix).unwrap_or(id);
        let Some(ruling) = file.rulings.iter().find(|r| r.id == short) else {
            let known: Vec<String> = file
                .rulings
                .iter()
                .map(|r| format!("{prefix}{}", r.id))
                .collect();
            return Err(match known.is_empty() {
                true => format!("unknown ruling `{id}`: this variant has no rulings"),
                false => format!(
                    "unknown ruling `{id}`; the rulings are: {}",
                    known.join(", ")
                ),
            });
        };
        if !ruling.options.contains(value) {
            return Err(format!(
                "ruling `{prefix}{short}` has no option `{value}`; the options are: {}",
                ruling.options.join(", ")
            ));
        }
        chosen.insert(short.to_string(), value.clone());
    }
    Ok(chosen)
}

/// Checks a loaded rule file, with the given ruling options (see
/// [`choose_rulings`]), and resolves it into a [`Variant`].
pub fn check(file: &RuleFile, rulings: &BTreeMap<String, String>) -> Result<Variant, Diagnostics> {
    let mut c = Checker {
        file,
        rulings,
        files: 1,
        ranks: 1,
        errors: Vec::new(),
        bad_letters: false,
        movement_zones: Vec::new(),
        contextual: Vec::new(),
        reads_last_squares: false,
    };
    for expr in file.expressions() {
        c.ruling_comparisons(expr);
    }
    let variant = c.variant();
    if c.errors.is_empty() {
        Ok(variant)
    } else {
        Err(Diagnostics(c.errors))
    }
}

impl<'a> Checker<'a> {
    /// The scope of expressions that read no square (a number, a word):
    /// the board and the rulings, seen from a1 by White.
    fn board_scope(&self) -> SquareScope<'a> {
        SquareScope {
            files: self.files as i64,
            ranks: self.ranks as i64,
            file: 1,
            abs_rank: 1,
            white: true,
            rulings: self.rulings,
        }
    }
}

impl Checker<'_> {
    /// Reports every `ruling("ID") == "X"` (also `!=`, and `in` a list of
    /// strings) whose `X` is not an option of the ruling: such a test would
    /// be false (or true) under every option.
    fn ruling_comparisons(&mut self, expr: &ExprNode) {
        use crate::load::{BinaryOp, Expr};
        let ruling = |n: &ExprNode| match &n.expr {
            Expr::Call(name, args) if name == "ruling" => match args.as_slice() {
                [ExprNode {
                    expr: Expr::Str(id),
                    ..
                }] => Some(id.clone()),
                [ExprNode {
                    expr: Expr::Path(p),
                    ..
                }] => Some(p.join(".")),
                _ => None,
            },
            _ => None,
        };
        for node in expr.nodes() {
            let Expr::Binary(op @ (BinaryOp::Eq | BinaryOp::Ne | BinaryOp::In), a, b) = &node.expr
            else {
                continue;
            };
            let (id, other) = match (ruling(a), ruling(b)) {
                (Some(id), _) => (id, &**b),
                (None, Some(id)) if *op != BinaryOp::In => (id, &**a),
                _ => continue,
            };
            let Some(def) = self.file.rulings.iter().find(|r| r.id == id) else {
                continue;
            };
            let words: Vec<&ExprNode> = match (&other.expr, op) {
                (Expr::Str(_), BinaryOp::Eq | BinaryOp::Ne) => vec![other],
                (Expr::List(items), BinaryOp::In) => items.iter().collect(),
                _ => continue,
            };
            for w in words {
                let Expr::Str(word) = &w.expr else { continue };
                if def.options.contains(word) {
                    continue;
                }
                let hint = closest(word, def.options.iter().map(String::as_str))
                    .map(|k| format!("; did you mean `{k}`?"))
                    .unwrap_or_else(|| format!("; the options are: {}", def.options.join(", ")));
                self.errors.push(Diagnostic::at(
                    w.span,
                    format!("ruling `{id}` has no option `{word}`{hint}"),
                ));
            }
        }
    }

    /// The whole variant, checked section by section; the sections run in
    /// a fixed order so that the problems are reported in that order.
    fn variant(&mut self) -> Variant {
        let f = self.file;
        let (files, ranks) = self.board_size();
        let types = self.piece_types();
        let uncounted_captures = match &f.draws.uncounted {
            Some((list, when)) if self.holds(when) => self.letter_set(list),
            _ => 0,
        };
        let clock_reset = self.clock_reset();
        self.state_declarations();
        let record_stepped = types
            .replies
            .iter()
            .any(|r| r.opening_when.reads_stepped() || r.reply_when.reads_stepped());
        let setup = self.setup();
        let play = self.play_rules(files, ranks, &types.pieces);
        let draws = self.draw_rules();
        let hand = self.hand_rules(files, ranks, &types.pieces);
        let turn = f.turn.as_ref().map(|t| self.turn(t));
        let notation = Notation {
            bang_declaration: self.form(&f.notation.declaration, "declaration", ["=X", "(!X)"]),
            bang_entry: self.form(&f.notation.entry, "entry", ["X@", "!X"]),
            star_gating: self.form(&f.notation.gating, "gating", ["/X", "*X"]),
        };
        Variant {
            notation,
            freeze: types.freeze,
            replies: types.replies,
            uncounted_captures,
            clock_reset,
            record_stepped,
            turn,
            bare_dead: f.draws.insufficient_material,
            player_flags: f
                .state
                .player_flags
                .iter()
                .map(|t| t.value.clone())
                .collect(),
            piece_flags: f
                .state
                .piece_flags
                .iter()
                .map(|t| t.value.clone())
                .collect(),
            counters: f.state.counters.iter().map(|t| t.value.clone()).collect(),
            record_last: hand.record_last,
            record_prev: hand.record_prev,
            record_lost: f.state.lost,
            kept: hand.kept,
            held_as: hand.held_as,
            virtual_pieces: types.virtual_pieces,
            movement_zones: std::mem::take(&mut self.movement_zones),
            record_last_squares: self.reads_last_squares,
            hidden_from_opponent: hand.hidden_from_opponent,
            rulings: self.rulings.clone(),
            gating: hand.gating,
            captured_to: hand.captured_to,
            demote: f.hand.demote,
            drops: hand.drops,
            outcomes: play.outcomes,
            name: f.name.value.clone(),
            title: f.title.clone(),
            files,
            ranks,
            holes: play.holes,
            pieces: types.pieces,
            setup: setup.value,
            shuffle: play.shuffle,
            castling: play.castling,
            promotions: play.promotions,
            fifty_move: f.draws.fifty_move.map(|n| n.0),
            repetition: f.draws.repetition.map(|n| n.0),
            lone: draws.lone,
            colour_bound: draws.colour_bound,
            compulsory_capture: play.compulsory_capture,
            checks_illegal: play.checks_illegal,
            explosion: play.explosion,
            walls: play.walls,
            all_royals_checked: play.all_royals_checked,
            royals_facing: play.royals_facing,
            passing: play.passing,
            repetition_result: draws.repetition_result,
            perpetual_check_loses: draws.perpetual_check_loses,
            counting: draws.counting,
            held_in_check: play.held_in_check,
        }
    }

    /// The board's files and ranks; a refused board is checked further at
    /// the largest size.
    fn board_size(&mut self) -> (u8, u8) {
        let f = self.file;
        let (files, ranks) = match (self.side(f.files, "files"), self.side(f.ranks, "ranks")) {
            (Some(files), Some(ranks)) => (files, ranks),
            _ => (MAX_SIDE as u8, MAX_SIDE as u8),
        };
        (self.files, self.ranks) = (files, ranks);
        (files, ranks)
    }

    /// The `pieces` section with what adds movement types to it: imitation,
    /// freezing, replies and movement that reads the move context.
    fn piece_types(&mut self) -> PieceTypes {
        let f = self.file;
        let mut pieces = self.pieces();
        if !self.bad_letters {
            for (piece, def) in pieces.iter_mut().zip(&f.pieces) {
                piece.screens_not = self.letter_set(&def.screens_not);
                piece.captures_not = self.letter_set(&def.captures_not);
            }
        }
        let mut virtual_pieces = self.imitations(&mut pieces);
        let freeze = self.freeze_rules(&pieces, &mut virtual_pieces);
        let replies = self.reply_rules(&pieces, &mut virtual_pieces);
        self.contextual_types(&mut pieces, &mut virtual_pieces);
        PieceTypes {
            pieces,
            virtual_pieces,
            freeze,
            replies,
        }
    }

    /// The start position (a ruling may choose it), and the variant's name.
    fn setup(&mut self) -> Text {
        let f = self.file;
        let setup = match self.word(&f.setup) {
            Some(value) => Text {
                value,
                span: f.setup.span,
            },
            None => f.setup.clone(),
        };
        if f.name.value.trim().is_empty() {
            self.errors.push(f.name.error("the variant name is empty"));
        }
        setup
    }

    /// What the moves on the board and the end of the game obey: holes,
    /// castling, promotion, outcomes, checks, explosions, walls, the
    /// shuffled start and passing.
    fn play_rules(&mut self, files: u8, ranks: u8, pieces: &[PieceType]) -> PlayRules {
        let f = self.file;
        let holes = self.holes(files, ranks);
        let castling = f.castling.as_ref().map(|c| self.castling(c, files));
        let promotions = self.promotions(files, ranks);
        let outcomes = self.outcomes(files, ranks);
        self.royalty(pieces, &outcomes);
        let compulsory_capture = f.compulsory_capture.as_ref().map(|c| self.compulsory(c));
        let explosion = f.explosion.as_ref().and_then(|x| self.explosion(x));
        let walls = f.walls.as_ref().map(|w| self.walls(w, pieces));
        let all_royals_checked = self.all_royals_checked();
        let held_in_check = self.held_in_check();
        let checks_illegal = self.checks_illegal();
        self.promotions_listed_twice();
        let royals_facing = self.royals_facing();
        if let (Some(t), Facing::BreakOrPass, None) =
            (f.royals_facing.as_ref(), royals_facing, f.passing.as_ref())
        {
            self.errors.push(t.error(
                "`royals_facing: break-or-pass` lets the side to move pass while the royal pieces face each other: give `passing` too",
            ));
        }
        let shuffle = f.shuffle.as_ref().map(|s| self.shuffle(s));
        let passing = f.passing.as_ref().map(|p| Passing {
            when: self.condition(&p.when, Some("passing")),
            twice_draws: self.choice(&p.twice, "passing.twice", ["continues", "draw"]),
        });
        PlayRules {
            holes,
            castling,
            promotions,
            outcomes,
            compulsory_capture,
            explosion,
            walls,
            all_royals_checked,
            held_in_check,
            checks_illegal,
            royals_facing,
            shuffle,
            passing,
        }
    }

    /// The `draws` section but for the fifty-move count.
    fn draw_rules(&mut self) -> DrawRules {
        let draws = &self.file.draws;
        let repetition_result = self.repetition_result();
        let perpetual_check_loses =
            self.choice(&draws.perpetual_check, "perpetual_check", ["draw", "loss"]);
        let counting = draws.counting.as_ref().map(|c| self.counting(c));
        self.draw_counts();
        DrawRules {
            repetition_result,
            perpetual_check_loses,
            counting,
            lone: self.letter_set(&draws.lone),
            colour_bound: self.letter_set(&draws.colour_bound),
        }
    }

    /// Where captured pieces go and how they come back: hands, drops,
    /// gating, hidden types and the moves positions record.
    fn hand_rules(&mut self, files: u8, ranks: u8, pieces: &[PieceType]) -> HandRules {
        let f = self.file;
        let captured_to = self.captured_to();
        let drops = self.drops(files, ranks);
        let gating = self.gating(files, ranks);
        let hidden_from_opponent = self.hidden();
        let (record_last, record_prev) = self.recorded_moves();
        let kept = if f.hand.keep.is_empty() {
            u32::MAX
        } else {
            self.letter_set(&f.hand.keep)
        };
        HandRules {
            captured_to,
            drops,
            gating,
            hidden_from_opponent,
            record_last,
            record_prev,
            kept,
            held_as: self.held_as(pieces),
        }
    }

    /// The promotion rules whose condition can hold, with their zones.
    fn promotions(&mut self, files: u8, ranks: u8) -> Vec<Promotion> {
        let f = self.file;
        let mut promotions = Vec::new();
        for p in &f.promotion {
            let when = self.condition(&p.when, None);
            if when == Condition::Never {
                continue;
            }
            let only_captured = match &p.limit {
                None => false,
                Some(t) if t.value == "captured" => true,
                Some(t) => {
                    self.errors.push(
                        t.error(format!("`limit` can only be `captured`, not `{}`", t.value)),
                    );
                    false
                }
            };
            let mut at_most = Vec::new();
            for (t, n) in &p.at_most {
                let known = self.file.pieces.iter().any(|d| d.letter.value == t.value);
                let ty = self.letter(t);
                if known && !p.to.iter().any(|to| to.value == t.value) {
                    self.errors.push(t.error(format!(
                        "`at_most` names `{}`, which this rule does not promote to",
                        t.value
                    )));
                } else if *n == 0 {
                    self.errors.push(t.error(format!(
                        "`at_most: {{ {}: 0 }}` would forbid the promotion; leave `{}` out of `to`",
                        t.value, t.value
                    )));
                }
                at_most.push((ty, *n));
            }
            let (on_origin, on_target) = match p.zone_of.as_ref().map(|t| (t, t.value.as_str())) {
                None | Some((_, "target")) => (false, true),
                Some((_, "origin")) => (true, false),
                Some((_, "either")) => (true, true),
                Some((t, other)) => {
                    self.errors.push(t.error(format!(
                        "`zone_of` is `target`, `origin` or `either`, not `{other}`"
                    )));
                    (false, true)
                }
            };
            promotions.push(Promotion {
                at_most,
                on_target,
                on_origin,
                pieces: self.letter_set(&p.pieces),
                zone: [
                    self.zone(&p.zone, files, ranks, true),
                    self.zone(&p.zone, files, ranks, false),
                ],
                to: p.to.iter().map(|t| self.letter(t)).collect(),
                mandatory: p.mandatory,
                only_captured,
                when,
                sets: self.sets(&p.sets),
                records_before: self.before_after(&p.last_move),
            });
        }
        for p in &f.promotion {
            if p.to.is_empty() {
                self.errors.push(Diagnostic::at(
                    p.to_span,
                    "this promotion rule lists no piece to promote to",
                ));
            }
        }
        promotions
    }

    /// Refuses an empty piece list, or no royal piece where a side cannot
    /// lose otherwise.
    fn royalty(&mut self, pieces: &[PieceType], outcomes: &Outcomes) {
        let f = self.file;
        let royals = pieces.iter().filter(|p| p.royal).count();
        match f.pieces.first() {
            None => self.errors.push(Diagnostic::at(
                f.pieces_span,
                "the list of pieces is empty: a variant needs at least one piece type",
            )),
            Some(first) if royals == 0 && !outcomes.loses_otherwise() => {
                self.errors.push(Diagnostic::at(
                    first.span,
                    "no piece is royal and no outcome lets a side lose otherwise: mark the \
                     king-like piece with `royal: true`, or give `outcomes.extinction`, \
                     `reach` or a `stalemate` result (spec/LANGUAGE.md §3.1)",
                ));
            }
            Some(_) => {}
        }
    }

    /// Whether a side is in check only when all its royal pieces are
    /// attacked (`royal_check: all`).
    fn all_royals_checked(&mut self) -> bool {
        match self
            .file
            .royal_check
            .as_ref()
            .map(|t| (t, t.value.as_str()))
        {
            None | Some((_, "any")) => false,
            Some((_, "all")) => true,
            Some((t, other)) => {
                self.errors
                    .push(t.error(format!("`royal_check` is `any` or `all`, not `{other}`")));
                false
            }
        }
    }

    /// The types held in check (§11.7 `held_in_check`); an empty list is refused.
    fn held_in_check(&mut self) -> u32 {
        let Some((list, span)) = &self.file.held_in_check else {
            return 0;
        };
        if list.is_empty() {
            self.errors.push(Diagnostic::at(
                *span,
                "`held_in_check` lists no piece; name the types that may only capture the checking piece while in check, e.g. `[K]`",
            ));
        }
        self.letter_set(list)
    }

    /// Whether giving check is illegal (`giving_check: illegal`).
    fn checks_illegal(&mut self) -> bool {
        let f = self.file;
        match f.giving_check.as_ref().map(|t| (t, t.value.as_str())) {
            None | Some((_, "allowed")) => false,
            Some((_, "illegal")) => true,
            Some((t, other)) => {
                self.errors.push(t.error(format!(
                    "`giving_check` is `allowed` or `illegal`, not `{other}`"
                )));
                false
            }
        }
    }

    /// Refuses a promotion rule that lists one piece twice.
    fn promotions_listed_twice(&mut self) {
        let f = self.file;
        for def in &f.promotion {
            for (i, t) in def.to.iter().enumerate() {
                if def.to[..i].iter().any(|u| u.value == t.value) {
                    self.errors.push(t.error(format!(
                        "`{}` is listed twice: one promotion is one move",
                        t.value
                    )));
                }
            }
        }
    }

    /// Whether royal pieces may face each other (`royals_facing`).
    fn royals_facing(&mut self) -> Facing {
        let f = self.file;
        match f
            .royals_facing
            .as_ref()
            .and_then(|t| self.word(t).map(|w| (t, w)))
        {
            None => Facing::Allowed,
            Some((_, w)) if w == "allowed" => Facing::Allowed,
            Some((_, w)) if w == "forbidden" => Facing::Forbidden,
            Some((_, w)) if w == "break-or-pass" => Facing::BreakOrPass,
            Some((t, w)) => {
                self.errors.push(t.error(format!(
                    "`royals_facing` is `allowed`, `forbidden` or `break-or-pass`, not `{w}`"
                )));
                Facing::Allowed
            }
        }
    }

    /// What repeating a position does to the side that repeats (`draws.repetition_result`).
    fn repetition_result(&mut self) -> RepetitionResult {
        let f = self.file;
        let draws = &f.draws;
        match draws
            .repetition_result
            .as_ref()
            .and_then(|t| self.word(t).map(|w| (t, w)))
        {
            None => RepetitionResult::Draw,
            Some((_, w)) if w == "draw" => RepetitionResult::Draw,
            Some((_, w)) if w == "loss" => RepetitionResult::Loss,
            Some((_, w)) if w == "win" => RepetitionResult::Win,
            Some((_, w)) if w == "white-loses" => RepetitionResult::LostBy(0),
            Some((_, w)) if w == "black-loses" => RepetitionResult::LostBy(1),
            Some((t, w)) => {
                self.errors.push(t.error(format!(
                    "`repetition_result` is `draw`, `loss` or `win` for the side that repeats, or `white-loses` or `black-loses`, not `{w}`"
                )));
                RepetitionResult::Draw
            }
        }
    }

    /// Refuses a qualifier of the repetition rule without the rule, and a
    /// fifty-move or repetition count below its least.
    fn draw_counts(&mut self) {
        let f = self.file;
        let draws = &f.draws;
        for (key, given) in [
            ("repetition_result", draws.repetition_result.as_ref()),
            ("perpetual_check", draws.perpetual_check.as_ref()),
        ] {
            if let (Some(t), None) = (given, draws.repetition) {
                self.errors.push(t.error(format!(
                    "`{key}` qualifies the repetition rule: give `draws.repetition` too"
                )));
            }
        }
        for (key, n, least) in [
            ("fifty_move", draws.fifty_move, 1),
            ("repetition", draws.repetition, 2),
        ] {
            if let Some((n, span)) = n.filter(|n| n.0 < least) {
                self.errors.push(Diagnostic::at(
                    span,
                    format!("`{key}` must be at least {least}, not {n}"),
                ));
            }
        }
    }

    /// Where a captured piece goes (`hand.captured`).
    fn captured_to(&mut self) -> CapturedTo {
        let f = self.file;
        match f.hand.captured.as_ref() {
            None => CapturedTo::Nowhere,
            Some(t) => match t.value.as_str() {
                "capturer" => CapturedTo::Capturer,
                "owner" => CapturedTo::Owner,
                "none" => CapturedTo::Nowhere,
                other => {
                    self.errors.push(t.error(format!(
                        "`captured` is `capturer`, `owner` or `none`, not `{other}`"
                    )));
                    CapturedTo::Nowhere
                }
            },
        }
    }

    /// The drop rules whose condition can hold; a rule repeating another is refused.
    fn drops(&mut self, files: u8, ranks: u8) -> Vec<DropRule> {
        let f = self.file;
        let drops = f
            .drops
            .iter()
            .map(|d| {
                let mut rule = DropRule {
                    pieces: self.letter_set(&d.pieces),
                    zone: [self.zone(&d.zone, files, ranks, true), self.zone(&d.zone, files, ranks, false)],
                    no_check: false,
                    not_in_check: false,
                    no_mate: false,
                    mate_loses: match d.checkmate.as_ref().map(|t| (t, t.value.as_str())) {
                        None => false,
                        Some((_, "loses")) => true,
                        Some((t, other)) => {
                            self.errors.push(t.error(format!("`checkmate` of a drop rule can only be `loses` (a checkmate by such a drop loses for the dropper; `forbid: [checkmate]` makes it illegal), not `{other}`")));
                            false
                        }
                    },
                    max_per_file: d.max_per_file.and_then(|(n, span)| {
                        if (1..=u32::from(ranks)).contains(&n) {
                            Some(n as u8)
                        } else {
                            self.errors.push(Diagnostic::at(
                                span,
                                format!("`max_per_file` is from 1 to the number of ranks ({ranks}), not {n}"),
                            ));
                            None
                        }
                    }),
                    when: self.condition(&d.when, Some("a drop")),
                    sets: self.sets(&d.sets),
                    placed: d.entry_as.as_ref().map(|t| self.letter(t)),
                    records_held: self.before_after(&d.last_move),
                };
                for t in &d.forbid {
                    match t.value.as_str() {
                        // Drops go to empty squares: they never capture.
                        "capture" => {}
                        "check" => rule.no_check = true,
                        "checkmate" => rule.no_mate = true,
                        "block-check" | "in-check" => rule.not_in_check = true,
                        other => self.errors.push(t.error(format!("`forbid` lists `capture`, `check`, `checkmate`, `block-check` or `in-check`, not `{other}`"))),
                    }
                }
                rule
            })
            .collect::<Vec<DropRule>>();
        for (i, rule) in drops.iter().enumerate() {
            if let Some(j) = drops[..i].iter().position(|r| r == rule) {
                if let Some(first) = f.drops[i].pieces.first() {
                    self.errors.push(first.error(format!(
                        "this drop rule repeats drop rule {} (one move text names one move)",
                        j + 1
                    )));
                }
            }
        }
        let drops: Vec<DropRule> = drops
            .into_iter()
            .filter(|rule| rule.when != Condition::Never)
            .collect();
        drops
    }

    /// The gating rules whose condition holds.
    fn gating(&mut self, files: u8, ranks: u8) -> Vec<GateRule> {
        let f = self.file;
        let mut gating = Vec::new();
        for g in &f.gating {
            if !self.holds(&g.when) {
                continue;
            }
            let square_count = files as usize * ranks as usize;
            let zone = match &g.zone {
                Some(z) => [
                    self.zone(z, files, ranks, true),
                    self.zone(z, files, ranks, false),
                ],
                None => [vec![true; square_count], vec![true; square_count]],
            };
            let deadline =
                g.deadline
                    .as_ref()
                    .and_then(|d| match number_at(d, &self.board_scope()) {
                        Ok(n) if n >= 1 => Some(n as u32),
                        Ok(n) => {
                            self.errors.push(Diagnostic::at(
                                d.span,
                                format!("a deadline is a move number from 1, not {n}"),
                            ));
                            None
                        }
                        Err(e) => {
                            self.errors.push(e);
                            None
                        }
                    });
            let pieces = self.letter_set(&g.pieces);
            let without_gate = match g.judged.as_ref().map(|t| (t, self.word(t))) {
                None | Some((_, None)) => false,
                Some((_, Some(w))) if w == "with-gate" => false,
                Some((_, Some(w))) if w == "without-gate" => true,
                Some((t, Some(other))) => {
                    self.errors.push(t.error(format!(
                        "`judged` is `with-gate` (legality counts the gated piece) or `without-gate` (the move must be legal without it), not `{other}`"
                    )));
                    false
                }
            };
            let mut rule = GateRule {
                pieces,
                zone,
                unmoved: false,
                setup_square: false,
                capture: false,
                deadline,
                castling_field: g.castling_field,
                without_gate,
            };
            for t in &g.vacated_by {
                match t.value.as_str() {
                    "unmoved" => rule.unmoved = true,
                    "setup-square" => rule.setup_square = true,
                    "capture" => rule.capture = true,
                    other => self.errors.push(t.error(format!(
                        "`vacated_by` lists `unmoved`, `setup-square` or `capture`, not `{other}`"
                    ))),
                }
            }
            gating.push(rule);
        }
        gating
    }

    /// The piece types hidden from the opponent (`hidden`).
    fn hidden(&mut self) -> u32 {
        let f = self.file;
        let mut hidden_from_opponent = 0;
        for (pieces, from) in &f.hidden {
            if from.value != "opponent" {
                self.errors.push(from.error(format!(
                    "`from` can only be `opponent`, not `{}`",
                    from.value
                )));
            }
            hidden_from_opponent |= self.letter_set(pieces);
        }
        hidden_from_opponent
    }

    /// Whether positions record the last move and the one before it
    /// (`state.last_move`; imitators need both).
    fn recorded_moves(&mut self) -> (bool, bool) {
        let f = self.file;
        let imitators = self.imitators_record_moves();
        match f.state.last_move.as_ref().map(|t| t.value.as_str()) {
            None => (imitators, imitators),
            Some("last") => (true, imitators),
            Some("last-two") => (true, true),
            Some(other) => {
                if let Some(t) = &f.state.last_move {
                    self.errors.push(t.error(format!(
                        "`last_move` is `last` or `last-two`, not `{other}`"
                    )));
                }
                (imitators, imitators)
            }
        }
    }

    /// Whether an imitator of the last move makes positions record moves:
    /// one with an `imitate` entry whose `of` is not `captured` (§12.2).
    fn imitators_record_moves(&self) -> bool {
        self.file.pieces.iter().any(|p| {
            p.imitate
                .iter()
                .any(|e| e.of.as_ref().is_none_or(|of| of.value != "captured"))
        })
    }

    /// The type each piece type is held as in hand (`hand.demote`).
    fn held_as(&mut self, pieces: &[PieceType]) -> Vec<u8> {
        let f = self.file;
        let mut held_as: Vec<u8> = (0..pieces.len() as u8).collect();
        // With `demote: true` a promoted form (`+P`) is held as its letter's
        // plain type, when there is one.
        if f.hand.demote {
            for (ty, p) in pieces.iter().enumerate().filter(|(_, p)| p.promoted) {
                if let Some(plain) = pieces
                    .iter()
                    .position(|q| q.letter == p.letter && !q.promoted)
                {
                    held_as[ty] = plain as u8;
                }
            }
        }
        for (from, to) in &f.hand.demote_map {
            let (a, b) = (self.letter(from), self.letter(to));
            if let Some(slot) = held_as.get_mut(a as usize) {
                *slot = b;
            }
        }
        held_as
    }

    /// Compiles an optional move-context condition (absent: always);
    /// `pieceless` names a context without a moving piece (a drop...).
    fn condition(&mut self, when: &Option<ExprNode>, pieceless: Option<&str>) -> Condition {
        let Some(when) = when else {
            return Condition::Always;
        };
        if !self.squareless(when, "a move condition") {
            return Condition::Never;
        }
        self.compile_condition(when, pieceless, None)
    }

    /// Compiles a move-context condition, with `square` making the tables
    /// of its square parts in a movement condition (§12.1).
    fn compile_condition(
        &mut self,
        when: &ExprNode,
        pieceless: Option<&str>,
        square: Option<condition::SquarePart<'_, '_>>,
    ) -> Condition {
        let letters: Vec<String> = self
            .file
            .pieces
            .iter()
            .map(|p| p.letter.value.clone())
            .collect();
        let names = |list: &[Text]| list.iter().map(|t| t.value.clone()).collect::<Vec<_>>();
        let flags = names(&self.file.state.player_flags);
        let scope = self.board_scope();
        let records_last = self.file.state.last_move.is_some() || self.imitators_record_moves();
        self.reads_last_squares |= when.nodes().any(|n| {
            matches!(&n.expr, crate::load::Expr::Path(p)
                if p.len() == 2 && p[0] == "last_move" && matches!(p[1].as_str(), "kind" | "from" | "to"))
        });
        condition::compile(
            when,
            &scope,
            &Names {
                letters: &letters,
                flags: &flags,
                piece_flags: &names(&self.file.state.piece_flags),
                counters: &names(&self.file.state.counters),
                pieceless,
                records_last,
            },
            square,
        )
        .unwrap_or_else(|d| {
            self.errors.push(d);
            Condition::Never
        })
    }

    /// The declared names of state (§13): player flags, piece flags, counters.
    fn state_names(&self) -> impl Iterator<Item = &Text> {
        let f = &self.file;
        f.state
            .player_flags
            .iter()
            .chain(&f.state.piece_flags)
            .chain(&f.state.counters)
    }

    /// Refuses declared state (§13) beyond the limits, or named as a key
    /// of the FEN state field the language uses.
    fn state_declarations(&mut self) {
        let f = &self.file;
        let mut errors = Vec::new();
        for (list, limit, what) in [
            (&f.state.player_flags, 32, "player flags"),
            (&f.state.piece_flags, MAX_PIECE_FLAGS, "piece flags"),
            (&f.state.counters, MAX_COUNTERS, "counters"),
        ] {
            if let Some(t) = list.get(limit) {
                errors.push(t.error(format!("at most {limit} {what} may be declared")));
            }
        }
        for t in self.state_names() {
            if FEN_KEYS.contains(&t.value.as_str()) {
                errors.push(t.error(format!(
                    "`{}` is a key of the FEN state field the language uses (§6): choose another name",
                    t.value
                )));
            }
        }
        self.errors.extend(errors);
    }

    /// What a `sets:` list names (§13): `player.FLAG` (or a bare player
    /// flag), `piece.FLAG`, `player.COUNTER`.
    fn sets(&mut self, list: &[Text]) -> Sets {
        let mut sets = Sets::default();
        let position = |names: &[Text], name: &str| names.iter().position(|f| f.value == name);
        for t in list {
            let (piece, name) = match t.value.split_once('.') {
                Some(("piece", name)) => (true, name),
                Some(("player", name)) => (false, name),
                _ => (false, t.value.as_str()),
            };
            if piece {
                match position(&self.file.state.piece_flags, name) {
                    Some(i) => sets.piece |= 1 << i,
                    None => self.errors.push(t.error(format!(
                        "unknown piece flag `{name}`; declare it in `state.piece_flags`"
                    ))),
                }
            } else if let Some(i) = position(&self.file.state.player_flags, name) {
                sets.player |= 1 << i;
            } else if let Some(i) = position(&self.file.state.counters, name) {
                sets.counters |= 1 << i;
            } else {
                self.errors.push(t.error(format!(
                    "unknown player flag or counter `{}`; declare it in `state.player_flags` or `state.counters`, or set a piece flag with `piece.NAME`",
                    t.value
                )));
            }
        }
        sets
    }

    /// `last_move: before | after` (default after), also as an expression.
    fn before_after(&mut self, t: &Option<Text>) -> bool {
        let Some(t) = t else { return false };
        match self.word(t).as_deref() {
            Some("before") => true,
            Some("after") | None => false,
            Some(other) => {
                self.errors
                    .push(t.error(format!("`last_move` is `before` or `after`, not `{other}`")));
                false
            }
        }
    }

    /// A setting written as a word (`king`) or as an expression the square
    /// context decides giving a string (`ruling("castling-imitation")`).
    fn word(&mut self, t: &Text) -> Option<String> {
        if !t.value.contains('(') {
            return Some(t.value.clone());
        }
        let expr = crate::load::parse_expression(t)
            .map_err(|d| self.errors.push(d))
            .ok()?;
        self.ruling_comparisons(&expr);
        let scope = self.board_scope();
        match eval::value_at(&expr, &scope) {
            Ok(Value::Str(s)) => Some(s),
            Ok(_) => {
                self.errors
                    .push(Diagnostic::at(expr.span, "expected a word (a string)"));
                None
            }
            Err(d) => {
                self.errors.push(d);
                None
            }
        }
    }

    /// A two-way setting `key`: `false` for the first word (the default),
    /// `true` for the second.
    fn choice(&mut self, t: &Option<Text>, key: &str, options: [&str; 2]) -> bool {
        self.option(t, key, &options) == 1
    }

    /// The type an imitator of what it captures moves as before its first
    /// capture (`initially`, §12.2): a type it may imitate.
    fn initially(
        &mut self,
        def: &crate::load::ImitationDef,
        imitation: &Imitation,
        pieces: &[PieceType],
    ) -> Option<usize> {
        let t = def.initially.as_ref()?;
        if !imitation.of_captured {
            self.errors.push(t.error("`initially` goes with `of: captured`: the type the imitator moves as before its first capture"));
            return None;
        }
        let ty = pieces.iter().position(|p| p.token() == t.value);
        match ty {
            Some(ty) if imitation.as_type[ty].is_some() => Some(ty),
            _ => {
                self.errors.push(t.error(format!(
                    "`initially` names `{}`, which is not the letter of a piece type an imitator may imitate",
                    t.value
                )));
                None
            }
        }
    }

    /// The index of the word `t` gives among `options`, also as an
    /// expression: 0 (the default) when absent or not one of them (refused).
    fn option(&mut self, t: &Option<Text>, key: &str, options: &[&str]) -> usize {
        let Some(t) = t else { return 0 };
        let word = self.word(t);
        let Some(w) = word.as_deref() else { return 0 };
        if let Some(i) = options.iter().position(|o| *o == w) {
            return i;
        }
        let quoted: Vec<String> = options.iter().map(|o| format!("`{o}`")).collect();
        let Some((last, rest)) = quoted.split_last() else {
            return 0;
        };
        self.errors.push(t.error(format!(
            "`{key}` is {} or {last}, not `{w}`",
            rest.join(", ")
        )));
        0
    }

    /// A notation form `notation.KEY` (§7), written literally: `false` for
    /// the first form (the default), `true` for the second.
    fn form(&mut self, t: &Option<Text>, key: &str, forms: [&str; 2]) -> bool {
        match t.as_ref().map(|t| (t, t.value.as_str())) {
            None => false,
            Some((_, w)) if w == forms[0] => false,
            Some((_, w)) if w == forms[1] => true,
            Some((t, w)) => {
                self.errors.push(t.error(format!(
                    "`notation.{key}` is `{}` or `{}`, not `{w}`",
                    forms[0], forms[1]
                )));
                false
            }
        }
    }

    /// The holes of the board (§2.1): empty when it has none; a zone that
    /// holds on every square is refused.
    fn holes(&mut self, files: u8, ranks: u8) -> Vec<bool> {
        let Some(expr) = &self.file.holes else {
            return Vec::new();
        };
        let holes = self.zone(expr, files, ranks, true);
        if holes.iter().all(|&h| h) {
            self.errors.push(Diagnostic::at(
                expr.span,
                "`board.holes` holds on every square: no square would be left to play on",
            ));
        }
        if holes.iter().any(|&h| h) {
            holes
        } else {
            Vec::new()
        }
    }

    /// The castling section: letters and files resolved; a side whose
    /// king and rook end on one file, and a second side with the king
    /// ending where another's does (one move text for two moves), refused.
    fn castling(&mut self, c: &crate::load::CastlingDef, files: u8) -> Castling {
        let mut sides: Vec<(u8, u8)> = Vec::new();
        let mut rook_from = [files - 1, 0];
        for s in &c.sides {
            let side = (
                self.file_letter(&s.king_to, files),
                self.file_letter(&s.rook_to, files),
            );
            if let Some(from) = &s.rook_from {
                // A side whose rook lands below the king's target castles
                // towards the high files: its letter is `K`.
                rook_from[usize::from(side.1 > side.0)] = self.file_letter(from, files);
            }
            if s.king_to.value == s.rook_to.value {
                self.errors.push(s.rook_to.error(format!(
                    "the rook cannot end on `{}`, the file the king ends on",
                    s.rook_to.value
                )));
            } else if sides.iter().any(|o| o.0 == side.0) {
                self.errors.push(s.king_to.error(format!(
                    "another castling side already ends with the king on `{}`: one move text would name two moves",
                    s.king_to.value
                )));
            }
            sides.push(side);
        }
        let rank = match c.rank {
            Some((r, span)) if r == 0 || r > self.ranks as u32 => {
                self.errors.push(Diagnostic::at(
                    span,
                    format!(
                        "castling rank {r} is not on the board: ranks run from 1 to {}",
                        self.ranks
                    ),
                ));
                0
            }
            Some((r, _)) => (r - 1) as u8,
            None => 0,
        };
        Castling {
            rank,
            rook_from,
            king: self.letter(&c.king),
            rooks: self.castling_rooks(&c.rooks, &c.king),
            sides,
            landing_before: self.choice(&c.landing, "landing", ["after", "before-and-after"]),
        }
    }

    /// The types that castle as the rook: known letters, at least one, not
    /// the king's.
    fn castling_rooks(&mut self, rooks: &[Text], king: &Text) -> u32 {
        if let Some(same) = rooks.iter().find(|r| r.value == king.value) {
            self.errors.push(same.error(format!(
                "`{}` castles as the king; it cannot castle as the rook too",
                same.value
            )));
        }
        let set = self.letter_set(rooks);
        if rooks.is_empty() {
            self.errors.push(king.error(
                "`castling.rook` lists no piece; name the type that castles with the king, e.g. `rook: R`",
            ));
        }
        set
    }

    /// Whether a condition names no square (`rank`, `file`, `square`):
    /// conditions have no square of their own, so such a name is reported
    /// as unknown in `what`.
    fn squareless(&mut self, when: &ExprNode, what: &str) -> bool {
        let square_name = when.nodes().find_map(|n| match &n.expr {
            crate::load::Expr::Path(p)
                if matches!(p.join(".").as_str(), "rank" | "file" | "square") =>
            {
                Some((n.span, p.join(".")))
            }
            _ => None,
        });
        let Some((span, name)) = square_name else {
            return true;
        };
        let error = Diagnostic::at(
            span,
            format!("unknown name `{name}` in {what}, which has no square: square names belong in zones"),
        );
        if !self.errors.contains(&error) {
            self.errors.push(error);
        }
        false
    }

    /// Whether a condition the square context decides (rulings) holds.
    fn holds(&mut self, when: &Option<ExprNode>) -> bool {
        match when {
            None => true,
            Some(w) if !self.squareless(w, "a condition on the rulings") => false,
            Some(w) => self
                .zone(w, self.files, self.ranks, true)
                .first()
                .copied()
                .unwrap_or(false),
        }
    }

    /// Movement with the square conditions of `entries`, appended to a piece;
    /// entries whose condition reads the move context (§12.1) go to
    /// `contextual`, each with its compiled condition, where the place allows
    /// them (`None`: movement fixed when the file is checked, such as an
    /// imitator's `override`; refused there).
    fn add_entries(
        &mut self,
        entries: &[crate::load::MoveEntry],
        movements: &mut Vec<Movement>,
        conditions: &mut Vec<[Vec<bool>; 2]>,
        mut contextual: Option<&mut Vec<(Condition, Vec<Movement>, Sets)>>,
    ) {
        for entry in entries {
            let expanded = |checker: &mut Self, condition: Option<usize>| {
                let mut out = Vec::new();
                for comp in &entry.components {
                    match expand(comp) {
                        Ok(m) => out.extend(m.into_iter().map(|m| Movement { condition, ..m })),
                        Err(d) => checker.errors.push(d),
                    }
                }
                out
            };
            let reads_context = entry.when.as_ref().and_then(condition::move_context_part);
            if reads_context.is_some() || !entry.sets.is_empty() {
                let Some(contextual) = contextual.as_deref_mut() else {
                    let fixed = "this movement is fixed when the file is checked (an imitator's `override`, §12.2)";
                    self.errors.push(match reads_context {
                        Some((span, name)) => Diagnostic::at(
                            span,
                            format!("`{name}` reads the move context, but {fixed}: its `when` may read rulings and squares only"),
                        ),
                        None => Diagnostic::at(
                            entry.sets[0].span,
                            format!("`sets` changes state in play, but {fixed}: it sets nothing"),
                        ),
                    });
                    continue;
                };
                let when = match &entry.when {
                    Some(when) => self.movement_condition(when),
                    None => Condition::Always,
                };
                let sets = self.sets(&entry.sets);
                if when != Condition::Never {
                    let moves = expanded(self, None);
                    contextual.push((when, moves, sets));
                }
                continue;
            }
            let zones = entry.when.as_ref().map(|w| {
                [
                    self.zone(w, self.files, self.ranks, true),
                    self.zone(w, self.files, self.ranks, false),
                ]
            });
            // A condition true on every square (a ruling chose this entry)
            // is no condition; one false everywhere drops the entry.
            let condition = match zones {
                None => None,
                Some(z) if z.iter().flatten().all(|&b| b) => None,
                Some(z) if z.iter().flatten().all(|&b| !b) => continue,
                Some(z) => {
                    conditions.push(z);
                    Some(conditions.len() - 1)
                }
            };
            let moves = expanded(self, condition);
            movements.extend(moves);
        }
    }

    /// Compiles a movement condition that reads the move context (§12.1):
    /// its parts of the square context become tables over the squares
    /// ([`Variant::movement_zones`]), read at the moving piece's square.
    fn movement_condition(&mut self, when: &ExprNode) -> Condition {
        let (files, ranks, rulings) = (self.files, self.ranks, self.rulings);
        let mut zones = std::mem::take(&mut self.movement_zones);
        let mut problems = Vec::new();
        let mut square = |node: &ExprNode| -> Condition {
            let table = [true, false].map(|white| zone_table(node, files, ranks, white, rulings));
            match table {
                [Ok(w), Ok(b)] => {
                    let both = [w, b];
                    if both.iter().flatten().all(|&x| x) {
                        Condition::Always
                    } else if both.iter().flatten().all(|&x| !x) {
                        Condition::Never
                    } else {
                        zones.push(both);
                        Condition::Zone((zones.len() - 1) as u16)
                    }
                }
                [Err(d), _] | [_, Err(d)] => {
                    problems.push(d);
                    Condition::Never
                }
            }
        };
        let compiled = self.compile_condition(when, None, Some(&mut square));
        self.movement_zones = zones;
        for d in problems {
            if !self.errors.contains(&d) {
                self.errors.push(d);
            }
        }
        compiled
    }

    /// Resolves the imitators' settings and builds their movement for every
    /// type they may imitate.
    fn imitations(&mut self, pieces: &mut [PieceType]) -> Vec<PieceType> {
        let mut virtuals: Vec<PieceType> = Vec::new();
        let defs: Vec<_> = self.file.pieces.iter().map(|d| d.imitate.clone()).collect();
        let imitators: Vec<bool> = defs.iter().map(|d| !d.is_empty()).collect();
        for (ty, entries) in defs.iter().enumerate().filter(|(_, d)| !d.is_empty()) {
            if ty >= pieces.len() {
                continue;
            }
            let Some(def) = entries.iter().find(|e| self.holds(&e.when)).cloned() else {
                self.errors.push(Diagnostic::at(
                    entries[0].span,
                    "no `imitate` entry applies: the last entry should have no `when`",
                ));
                continue;
            };
            let of = self.option(&def.of, "of", &["opponent", "any", "captured"]);
            let mut imitation = Imitation {
                of_any: of == 1,
                of_captured: of == 2,
                initially: None,
                idle_keep: !self.choice(&def.idle, "idle", ["keep", "none"]),
                if_captured: self.choice(&def.captures, "captures", ["always", "if-captured"]),
                castling_rook: self.choice(&def.castling, "castling", ["king", "rook"]),
                as_type: vec![None; pieces.len()],
            };
            let (mut no_initial, mut no_en_passant) = (false, false);
            for t in &def.except {
                match t.value.as_str() {
                    "initial" => no_initial = true,
                    "en-passant" => no_en_passant = true,
                    other => self.errors.push(t.error(format!(
                        "`except` lists `initial` or `en-passant`, not `{other}`"
                    ))),
                }
            }
            for (letter, span, _) in &def.overrides {
                if !pieces.iter().any(|p| p.letter.to_string() == *letter) {
                    self.errors.push(Diagnostic::at(
                        *span,
                        format!("`override` names `{letter}`, which is not a piece letter"),
                    ));
                }
            }
            for target in 0..pieces.len() {
                if imitators[target] || pieces.len() + virtuals.len() >= MAX_PIECE_TYPES {
                    continue;
                }
                let base = &pieces[target];
                let mut movements = Vec::new();
                let mut conditions = Vec::new();
                match def
                    .overrides
                    .iter()
                    .find(|(l, _, _)| *l == base.letter.to_string())
                {
                    Some((_, _, entries)) => {
                        self.add_entries(entries, &mut movements, &mut conditions, None);
                    }
                    None => {
                        conditions = base.conditions.clone();
                        movements = base
                            .movements
                            .iter()
                            .filter(|m| !(no_initial && m.initial))
                            .map(|m| Movement {
                                en_passant: m.en_passant && !no_en_passant,
                                ..*m
                            })
                            .filter(|m| m.moves || m.captures || m.en_passant)
                            .collect();
                    }
                }
                imitation.as_type[target] = Some(virtuals.len() as u8);
                virtuals.push(PieceType {
                    letter: pieces[ty].letter,
                    promoted: pieces[ty].promoted,
                    name: format!("{} as {}", pieces[ty].name, base.name),
                    betza: base.betza.clone(),
                    movements,
                    conditions,
                    royal: false,
                    value: pieces[ty].value,
                    irreversible: false,
                    imitation: None,
                    contextual: Vec::new(),
                    screens_not: pieces[ty].screens_not,
                    captures_not: pieces[ty].captures_not,
                });
            }
            imitation.initially = self.initially(&def, &imitation, pieces);
            pieces[ty].imitation = Some(imitation);
        }
        if pieces.len() + virtuals.len() > MAX_PIECE_TYPES {
            if let Some(first) = self.file.pieces.first() {
                self.errors.push(Diagnostic::at(first.span, format!("imitators need one movement per imitated type: at most {MAX_PIECE_TYPES} in all")));
            }
        }
        virtuals
    }

    /// Checks the `turn` section (§16).
    fn turn(&mut self, t: &crate::load::TurnDef) -> Turn {
        let (moves, span) = t.moves;
        if !(2..=16).contains(&moves) {
            self.errors.push(Diagnostic::at(span, format!("`moves` is the number of moves in a turn while the privilege lasts, 2 to 16, not {moves}")));
        }
        for &(n, span) in &t.schedule {
            if !(1..=16).contains(&n) {
                self.errors.push(Diagnostic::at(span, format!("a `schedule` entry is the number of moves of one of the game's first turns, 1 to 16, not {n}")));
            }
        }
        let en_passant_next_turn =
            self.choice(&t.en_passant, "en_passant", ["next-move", "next-turn"]);
        if en_passant_next_turn {
            // Two sets of targets are kept: those of the two moves of a turn.
            let longest = t.schedule.iter().chain([&t.moves]).max_by_key(|(n, _)| *n);
            if let Some(&(n, span)) = longest.filter(|(n, _)| *n > 2) {
                self.errors.push(Diagnostic::at(span, format!("`en_passant: next-turn` keeps the targets of turns of at most 2 moves, and this turn has {n}")));
            }
        }
        Turn {
            moves: moves.clamp(2, 16) as u8,
            privilege: self.condition(&t.privilege, Some("a turn's privilege")),
            capture_first_only: !self.choice(&t.capture, "capture", ["first-only", "any"]),
            capture_sets: self.sets(&t.capture_sets),
            alone: self.letters(&t.alone),
            excluded: self.letters(&t.excluded),
            later_required: self.choice(&t.later_moves, "later_moves", ["optional", "required"]),
            same_piece_forbidden: self.choice(
                &t.same_piece,
                "same_piece",
                ["allowed", "forbidden"],
            ),
            check_ends_turn: self.choice(&t.check_ends_turn, "check_ends_turn", ["no", "yes"]),
            schedule: t
                .schedule
                .iter()
                .map(|&(n, _)| n.clamp(1, 16) as u8)
                .collect(),
            en_passant_next_turn,
        }
    }

    /// Types (bit set) of piece letters given as a list, or as one text of
    /// letters or an expression giving them.
    fn letters(&mut self, letters: &crate::load::LettersDef) -> u32 {
        match letters {
            crate::load::LettersDef::None => 0,
            crate::load::LettersDef::List(list) => self.letter_set(list),
            crate::load::LettersDef::Text(t) => {
                let Some(word) = self.word(t) else { return 0 };
                let mut mask = 0;
                for c in word.chars().filter(|c| !c.is_whitespace() && *c != ',') {
                    mask |= 1u32
                        << self.letter(&Text {
                            value: c.to_string(),
                            span: t.span,
                        });
                }
                mask
            }
        }
    }

    fn clock_reset(&mut self) -> ClockReset {
        let d = &self.file.draws;
        let forward_only = match d.reset_moves.as_ref().map(|t| (t, t.value.as_str())) {
            None | Some((_, "all")) => false,
            Some((_, "forward")) => true,
            Some((t, other)) => {
                self.errors.push(t.error(format!(
                    "`fifty_move_reset.moves` is `all` (every move of an irreversible piece resets the count) or `forward` (only its forward moves), not `{other}`"
                )));
                false
            }
        };
        ClockReset {
            forward_only,
            drops: d.reset_drops,
            promotions: d.reset_promotions,
        }
    }

    fn outcomes(&mut self, files: u8, ranks: u8) -> Outcomes {
        let o = &self.file.outcomes;
        let mut out = Outcomes::default();
        if let Some(t) = &o.stalemate {
            if t.value == "fewer-pieces" {
                out.stalemate_fewer_pieces = true;
            } else {
                out.stalemate =
                    self.result3(t, "stalemate", "the stalemated side", ", or `fewer-pieces`");
            }
        }
        if let Some(t) = &o.checkmate {
            out.checkmate = self.result3(t, "checkmate", "the mated side", "");
        } else {
            out.checkmate = Result3::Loss;
        }
        if let Some(t) = &o.draw_odds {
            out.draw_odds = self.side_word(t, "`draw_odds` names the side that wins drawn games,");
        }
        out.extinction = o.extinction.as_ref().map(|e| self.extinction(e));
        if let Some(t) = &o.bare_royal {
            if t.value == "loss" {
                out.bare_royal = true;
            } else {
                self.errors.push(t.error(format!(
                    "`bare_royal` can only be `loss`, not `{}`",
                    t.value
                )));
            }
        }
        if let Some((n, span)) = o.check_count {
            if n == 0 {
                self.errors
                    .push(Diagnostic::at(span, "`check_count` must be at least 1"));
            }
            out.check_count = Some(n);
        }
        self.reach_outcome(&mut out, files, ranks);
        out.material_count = o.material_count.as_ref().map(|m| self.material_count(m));
        out
    }

    /// `white` or `black` as a side (0 or 1); another word is refused with
    /// `what` (a sentence start naming the key).
    fn side_word(&mut self, t: &Text, what: &str) -> Option<usize> {
        match t.value.as_str() {
            "white" => Some(0),
            "black" => Some(1),
            other => {
                self.errors
                    .push(t.error(format!("{what} `white` or `black`, not `{other}`")));
                None
            }
        }
    }

    /// `outcomes.extinction` (§10).
    fn extinction(&mut self, e: &crate::load::ExtinctionDef) -> Extinction {
        let types = e.pieces.as_ref().map(|p| {
            if p.is_empty() {
                self.errors.push(Diagnostic::at(
                    e.span,
                    "`extinction.pieces` lists no piece; leave it out to count all pieces together",
                ));
            }
            self.letter_set(p)
        });
        let fewer_than = match e.fewer_than {
            Some((0, span)) => {
                self.errors.push(Diagnostic::at(
                    span,
                    "`fewer_than` must be at least 1: no side has fewer than 0 pieces",
                ));
                1
            }
            Some((n, _)) => n,
            None => 1,
        };
        let result = match &e.result {
            Some(t) => self.result3(t, "extinction.result", "the extinct side", ""),
            None => Result3::Loss,
        };
        Extinction {
            types,
            fewer_than,
            result,
        }
    }

    /// `outcomes.reach` (§10): the pieces, the zone per colour, `safe` and
    /// `answer`.
    fn reach_outcome(&mut self, out: &mut Outcomes, files: u8, ranks: u8) {
        let o = &self.file.outcomes;
        if let Some((safe, span)) = o.reach_safe {
            out.reach_safe = safe;
            if safe && o.reach_answer.is_some() {
                self.errors.push(Diagnostic::at(
                    span,
                    "`reach.safe` and `reach.answer` cannot be combined: a safe reach is judged for both sides after every move",
                ));
            }
        }
        if let Some(t) = &o.reach_answer {
            out.reach_answer = self.side_word(
                t,
                "`answer` names the side that may answer the other's reaching,",
            );
        }
        if let Some((pieces, zone)) = &o.reach {
            let mask = self.letter_set(pieces);
            out.reach = Some((
                mask,
                [
                    self.zone(zone, files, ranks, true),
                    self.zone(zone, files, ranks, false),
                ],
            ));
        }
    }

    /// `outcomes.material_count` (§10).
    fn material_count(&mut self, m: &crate::load::MaterialCountDef) -> MaterialCount {
        let mut count = MaterialCount {
            points: vec![0; self.file.pieces.len()],
            bonus: [0, 0],
            ties: None,
        };
        for (letter, n, span) in &m.points {
            let ty = self.letter(&Text {
                value: letter.clone(),
                span: *span,
            });
            if let Some(p) = count.points.get_mut(ty as usize) {
                *p = *n;
            }
        }
        for (side, n, span) in &m.bonus {
            match side.as_str() {
                "white" => count.bonus[0] = *n,
                "black" => count.bonus[1] = *n,
                other => self.errors.push(Diagnostic::at(
                    *span,
                    format!("`bonus` is given to `white` or `black`, not `{other}`"),
                )),
            }
        }
        if let Some(t) = &m.ties {
            count.ties = match t.value.as_str() {
                "draw" => None,
                "white" => Some(0),
                "black" => Some(1),
                other => {
                    self.errors.push(t.error(format!(
                        "`ties` is `draw`, `white` or `black`, not `{other}`"
                    )));
                    None
                }
            };
        }
        count
    }

    /// A result word (`loss`, `draw`, `win`) for `whom`; `more` names
    /// further words the key takes.
    fn result3(&mut self, t: &Text, key: &str, whom: &str, more: &str) -> Result3 {
        match t.value.as_str() {
            "loss" => Result3::Loss,
            "draw" => Result3::Draw,
            "win" => Result3::Win,
            other => {
                self.errors.push(t.error(format!(
                    "`{key}` is `loss`, `draw` or `win` for {whom}{more}, not `{other}`"
                )));
                Result3::Draw
            }
        }
    }

    fn compulsory(&mut self, c: &crate::load::CompulsoryDef) -> CompulsoryCapture {
        let sides = match c.sides.as_ref().map(|t| (t, t.value.as_str())) {
            None | Some((_, "both")) => [true, true],
            Some((_, "white")) => [true, false],
            Some((_, "black")) => [false, true],
            Some((t, other)) => {
                self.errors.push(t.error(format!(
                    "`sides` is `both`, `white` or `black`, not `{other}`"
                )));
                [true, true]
            }
        };
        let by = match &c.by {
            None => u32::MAX,
            Some(list) if list.is_empty() => {
                self.errors.push(Diagnostic::at(
                    c.span,
                    "`compulsory_capture.by` lists no piece; leave it out for every type",
                ));
                u32::MAX
            }
            Some(list) => self.letter_set(list),
        };
        CompulsoryCapture { sides, by }
    }

    /// A side of the board (`what`: `files` or `ranks`), or `None` when refused.
    fn side(&mut self, (n, span): (u32, Span), what: &str) -> Option<u8> {
        if n == 0 || n > MAX_SIDE {
            self.errors.push(Diagnostic::at(
                span,
                format!("the board must have 1 to {MAX_SIDE} {what}, not {n}"),
            ));
            return None;
        }
        Some(n as u8)
    }

    fn pieces(&mut self) -> Vec<PieceType> {
        let mut out: Vec<PieceType> = Vec::new();
        if self.file.pieces.len() > MAX_PIECE_TYPES {
            let span = self.file.pieces[MAX_PIECE_TYPES].span;
            self.errors.push(Diagnostic::at(
                span,
                format!("at most {MAX_PIECE_TYPES} piece types are allowed"),
            ));
        }
        for def in self.file.pieces.iter().take(MAX_PIECE_TYPES) {
            let (letter, promoted) = match def.letter.value.chars().collect::<Vec<_>>().as_slice() {
                [c] if c.is_ascii_uppercase() => (*c, false),
                ['+', c] if c.is_ascii_uppercase() => (*c, true),
                [] => {
                    self.errors
                        .push(def.letter.error("a piece letter cannot be empty"));
                    self.bad_letters = true;
                    continue;
                }
                [c] if c.is_ascii_lowercase() => {
                    let upper = c.to_ascii_uppercase();
                    self.errors.push(def.letter.error(format!("piece letters are upper case (Black's pieces are written in lower case in FEN); did you mean `{upper}`?")));
                    self.bad_letters = true;
                    continue;
                }
                _ => {
                    self.errors.push(def.letter.error(format!(
                        "a piece letter is one upper-case letter A-Z, or `+` and one for a promoted form (`+P`), not `{}`",
                        def.letter.value
                    )));
                    self.bad_letters = true;
                    continue;
                }
            };
            if let Some(prev) = out
                .iter()
                .find(|p| p.letter == letter && p.promoted == promoted)
            {
                self.errors.push(def.letter.error(format!(
                    "letter `{}` is already used by `{}`",
                    def.letter.value, prev.name
                )));
                self.bad_letters = true;
                continue;
            }
            let mut movements = Vec::new();
            let mut conditions = Vec::new();
            let mut contextual = Vec::new();
            self.add_entries(
                &def.moves,
                &mut movements,
                &mut conditions,
                Some(&mut contextual),
            );
            self.contextual.push(contextual);
            out.push(PieceType {
                letter,
                promoted,
                name: def.name.value.clone(),
                betza: def
                    .moves
                    .iter()
                    .map(|e| e.text.value.as_str())
                    .collect::<Vec<_>>()
                    .join(" "),
                movements,
                conditions,
                royal: def.royal,
                value: def.value.unwrap_or(0),
                irreversible: def.irreversible,
                imitation: None,
                contextual: Vec::new(),
                screens_not: 0,
                captures_not: 0,
            });
        }
        out
    }

    /// Makes each movement entry that reads the move context (§12.1) a
    /// virtual type of its own, listed with its condition on its piece.
    fn contextual_types(&mut self, pieces: &mut [PieceType], virtuals: &mut Vec<PieceType>) {
        let pending = std::mem::take(&mut self.contextual);
        for (ty, entries) in pending.into_iter().enumerate() {
            for (when, movements, sets) in entries {
                if pieces.len() + virtuals.len() >= MAX_PIECE_TYPES {
                    self.errors.push(Diagnostic::at(
                        self.file.pieces[ty].span,
                        format!("more than {MAX_PIECE_TYPES} piece types and movement entries that read the move context (§12.1) together"),
                    ));
                    return;
                }
                let Some(piece) = pieces.get_mut(ty) else {
                    continue;
                };
                piece.contextual.push((when, virtuals.len() as u8, sets));
                virtuals.push(PieceType {
                    movements,
                    conditions: Vec::new(),
                    contextual: Vec::new(),
                    imitation: None,
                    ..piece.clone()
                });
            }
        }
    }

    /// Resolves a piece letter to its type id, reporting unknown letters.
    fn letter(&mut self, t: &Text) -> u8 {
        let found = self
            .file
            .pieces
            .iter()
            .position(|p| p.letter.value == t.value);
        match found {
            Some(i) if i < MAX_PIECE_TYPES => i as u8,
            _ if self.bad_letters => 0,
            _ => {
                let known: Vec<&str> = self
                    .file
                    .pieces
                    .iter()
                    .map(|p| p.letter.value.as_str())
                    .collect();
                let hint = match closest(&t.value.to_uppercase(), known.iter().copied()) {
                    Some(k) => format!("; did you mean `{k}`?"),
                    None => format!("; the pieces are {}", known.join(" ")),
                };
                self.errors
                    .push(t.error(format!("unknown piece letter `{}`{hint}", t.value)));
                0
            }
        }
    }

    fn file_letter(&mut self, t: &Text, files: u8) -> u8 {
        match t.value.as_bytes() {
            [c @ b'a'..=b'p'] if c - b'a' < files => c - b'a',
            _ => {
                let last = (b'a' + files - 1) as char;
                self.errors.push(t.error(format!(
                    "expected a file letter a-{last}, not `{}`",
                    t.value
                )));
                0
            }
        }
    }

    fn zone(&mut self, expr: &ExprNode, files: u8, ranks: u8, white: bool) -> Vec<bool> {
        match zone_table(expr, files, ranks, white, self.rulings) {
            Ok(out) => out,
            Err(d) => {
                if white && !self.errors.contains(&d) {
                    self.errors.push(d);
                }
                vec![false; files as usize * ranks as usize]
            }
        }
    }
}

/// A zone's table: for each square (`rank * files + file`), whether the
/// zone holds it for White (`white`) or Black.
fn zone_table(
    expr: &ExprNode,
    files: u8,
    ranks: u8,
    white: bool,
    rulings: &BTreeMap<String, String>,
) -> Result<Vec<bool>, Diagnostic> {
    let mut out = Vec::with_capacity(files as usize * ranks as usize);
    for r in 0..ranks as i64 {
        for f in 0..files as i64 {
            let scope = SquareScope {
                files: files as i64,
                ranks: ranks as i64,
                file: f + 1,
                abs_rank: r + 1,
                white,
                rulings,
            };
            out.push(zone_contains(expr, &scope)?);
        }
    }
    Ok(out)
}
