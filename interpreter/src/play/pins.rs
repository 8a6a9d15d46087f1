//! Legality without making the move: per position, whether the side to
//! move is in check and which of its pieces are pinned to a royal piece,
//! found from the royal squares outward along the compiled attack probes
//! (leaps and rays). Where the probes are the whole story of attack
//! (`Program::pins_decide`, in `compile/program.rs`), most moves are then
//! judged without being made.

use super::position::{Move, MoveKind, Position, CAPTURED};
use super::Rules;
use crate::geometry::{Square, SquareSet};
use crate::program::code;

/// The most pins a position records; beyond it, every move is tested by
/// making it.
const MAX_PINS: usize = 32;

/// The pieces of the side to move pinned to its royal pieces, when it is
/// not in check.
pub(crate) struct Pins<S: SquareSet> {
    /// The pinned pieces' squares.
    pinned: S,
    /// Per pin: the pinned piece's square and the line it may stay on (the
    /// squares between the royal piece and the pinner, and the pinner's).
    lines: [(Square, S); MAX_PINS],
    /// Number of pins in `lines`.
    count: usize,
    /// Whether the opponent has pieces on the board whose attacks the
    /// probes do not cover and that could reach a royal piece from where
    /// they stand ([`Rules::complex_in_reach`]), as the types (bit set) of
    /// the piece a move is recorded as moving ([`Position::last`]) after
    /// which one of them could: then a move the pins call legal is still
    /// tested against those pieces alone, after it is made
    /// ([`Rules::safe_from_complex`]). Every type where one of them is not
    /// an imitator of the last move; none where no such piece is in reach.
    pub(crate) complex: u32,
}

/// What the pins say about a pseudo-legal move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// Legal without making it.
    Legal,
    /// Illegal without making it: a pinned piece leaves its line.
    Illegal,
    /// Only making the move tells.
    Test,
}

impl Rules {
    /// The pins of the side to move in `pos` by the attackers the probes
    /// cover, or `None` when such an attacker gives check, when it has more
    /// pins than are recorded, or when an attacker the probes do not cover
    /// stands where a probe finds it (its probes may say more than it
    /// does): then every move is tested. The opponent's other pieces of
    /// that kind (no move of the side to move puts one on the board) are
    /// left to [`Rules::complex_safe`]. Only for files where
    /// `Program::pins_decide`.
    pub(crate) fn pins<S: SquareSet>(&self, pos: &Position<S>) -> Option<Pins<S>> {
        let us = pos.side;
        let them = us ^ 1;
        let board = &pos.board;
        let complex_codes = self.tables.complex[them];
        let mut pins = Pins {
            pinned: S::default(),
            lines: [(0, S::default()); MAX_PINS],
            count: 0,
            complex: if (pos.complex & pos.occupied[them]).is_empty() {
                0
            } else {
                self.complex_in_reach(pos, us)
            },
        };
        for royal in pos.royals[us].iter() {
            if self
                .tables
                .leaps_to(royal, them)
                .iter()
                .any(|&(at, mask)| mask >> board[at as usize] & 1 != 0)
            {
                return None;
            }
            for (line, masks) in self.tables.rays_to(royal, them) {
                let mut blocker = None;
                for (k, (&sq, &mask)) in line.iter().zip(masks).enumerate() {
                    let occupant = board[sq as usize];
                    if occupant == 0 {
                        continue;
                    }
                    if mask >> occupant & 1 != 0 {
                        if complex_codes >> occupant & 1 != 0 {
                            return None;
                        }
                        let at = blocker?;
                        if pins.count == MAX_PINS {
                            return None;
                        }
                        let mut stay = S::default();
                        for &s in &line[..=k] {
                            stay.set(s);
                        }
                        pins.lines[pins.count] = (at, stay);
                        pins.count += 1;
                        pins.pinned.set(at);
                        break;
                    }
                    if blocker.is_some() || (occupant as usize - 1) & 1 != us {
                        break;
                    }
                    blocker = Some(sq);
                }
            }
        }
        Some(pins)
    }

    /// The types (bit set, [`Pins::complex`]) of the piece a move of `us`
    /// is recorded as moving after which an enemy piece whose attacks the
    /// probes do not cover could capture a royal piece of `us`: none where
    /// no such piece stands where its capture span (every square it could
    /// capture on from there, whatever the board and whatever it imitates)
    /// holds one. A move the pins call legal moves no royal piece and puts
    /// no such enemy piece on the board, so where none does, no such piece
    /// attacks a royal piece after it ([`Rules::complex_safe`] need not
    /// look). Out of line: files without such pieces test only whether
    /// there are any.
    #[inline(never)]
    fn complex_in_reach<S: SquareSet>(&self, pos: &Position<S>, us: usize) -> u32 {
        let royals = pos.royals[us];
        let in_reach = |code: u8, from: Square| {
            royals
                .iter()
                .any(|royal| self.tables.may_capture_on(code, from, royal))
        };
        let mut types = 0;
        for from in (pos.complex & pos.occupied[us ^ 1]).iter() {
            let piece = pos.board[from as usize];
            if !in_reach(piece, from) {
                continue;
            }
            let (ty, colour) = ((piece as usize - 1) / 2, (piece as usize - 1) & 1);
            // After a move of `us`, an enemy imitator of the last move
            // moves as the type that move records; it captures by that
            // type's movement, where that reaches.
            match &self.variant.pieces[ty].imitation {
                Some(imitation) if !imitation.of_captured && self.records_moves => {
                    for (t, virtual_type) in imitation.as_type.iter().enumerate() {
                        let Some(v) = virtual_type else { continue };
                        if in_reach(code(self.tables.types + *v as usize, colour), from) {
                            types |= 1 << t;
                        }
                    }
                }
                _ => return u32::MAX,
            }
        }
        types
    }

    /// After a move the pins called legal (`pins` of the position before
    /// it), whether the royal pieces of the side that moved are safe from
    /// the opponent's attackers the probes do not cover: without a look
    /// where none could reach one after a move of the type the move is
    /// recorded as ([`Pins::complex`]), else by [`Rules::complex_safe`].
    #[inline]
    pub(crate) fn safe_from_complex<S: SquareSet>(
        &self,
        pos: &Position<S>,
        pins: &Pins<S>,
    ) -> bool {
        if pins.complex == 0 {
            return true;
        }
        let last = (pos.last & !CAPTURED) as u32;
        if pins.complex != u32::MAX && (last == 0 || pins.complex >> (last - 1) & 1 == 0) {
            return true;
        }
        self.complex_safe(pos)
    }

    /// Whether `m`, pseudo-legal in `pos`, is legal, as far as `pins` (of
    /// `pos`, not in check) tell: a move that places or moves no royal
    /// piece, by no special kind, is legal unless a pinned piece leaves its
    /// line. Royal moves, drops or promotions of royal pieces, a pinned
    /// piece's move that gates a piece, en passant, castling, shooting and
    /// passes are tested.
    #[inline(always)]
    pub(crate) fn verdict<S: SquareSet>(
        &self,
        pos: &Position<S>,
        pins: &Pins<S>,
        m: &Move,
    ) -> Verdict {
        let royal = |code: u8| self.royal_codes >> code & 1 != 0;
        match m.kind {
            MoveKind::Normal | MoveKind::Passing => {}
            MoveKind::Drop if !royal(m.promotion) => return Verdict::Legal,
            _ => return Verdict::Test,
        }
        if royal(pos.board[m.from as usize])
            || (m.promotion != 0 && royal(m.promotion))
            || (m.gate != 0 && royal(m.gate))
        {
            return Verdict::Test;
        }
        if !pins.pinned.has(m.from) {
            return Verdict::Legal;
        }
        // A piece gated onto the square left may block the pin itself.
        if m.gate != 0 {
            return Verdict::Test;
        }
        if pins.lines[..pins.count]
            .iter()
            .any(|(at, stay)| *at == m.from && !stay.has(m.to))
        {
            // A frozen pinner attacks nothing (§15).
            return if self.freezing {
                Verdict::Test
            } else {
                Verdict::Illegal
            };
        }
        Verdict::Legal
    }

    /// After a move the pins called legal (its mover's royal pieces safe
    /// from the attackers the probes cover), whether the royal pieces of
    /// the side that moved are safe from the opponent's other attackers
    /// too: those walked one by one ([`Rules::attacked`]). Out of line, so
    /// that files without such attackers keep a small perft loop.
    #[inline(never)]
    pub(crate) fn complex_safe<S: SquareSet>(&self, pos: &Position<S>) -> bool {
        let us = pos.last_mover();
        !pos.royals[us]
            .iter()
            .any(|k| self.complex_attack(pos, k, us ^ 1))
    }
}

#[cfg(test)]
mod tests {
    use super::{Rules, Verdict};
    use crate::play::Move;

    /// Orthodox chess (the bundled `chess.yaml`) with `changes`: a rule
    /// file that extends it, as if it stood beside it in `spec/variants`.
    fn chess_with(changes: &str) -> Rules {
        let path =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../spec/variants/with.yaml");
        let source = format!("extends: chess.yaml\nname: with\n{changes}\n");
        Rules::clone(
            &crate::build_path(&path, &source)
                .unwrap_or_else(|e| panic!("{changes}: {e}"))
                .rules,
        )
    }

    /// Chess itself.
    fn chess() -> Rules {
        chess_with("")
    }

    /// A piece that moves like the piece the opponent just moved, in each
    /// side's hand at the start, dropped on the first rank.
    const IMITATOR_IN_HAND: &str = "pieces:
  - { letter: F, name: imitator, value: 3, moves: { imitate: [ { of: opponent } ] } }
setup: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Ff] w KQkq - 0 1
drops:
  - { pieces: [F], zone: rank == 1 }";

    /// The pseudo-legal move `text` (UCI) in `fen`, with its verdict.
    fn verdict(rules: &Rules, fen: &str, text: &str) -> Option<Verdict> {
        let pos = rules.position(fen).expect("FEN");
        let pins = rules.pins(&pos)?;
        let mut moves: Vec<Move> = Vec::new();
        rules.pseudo_legal(&pos, &mut moves);
        let m = moves
            .iter()
            .find(|m| rules.uci(m) == text)
            .unwrap_or_else(|| panic!("{text} is not pseudo-legal in {fen}"));
        Some(rules.verdict(&pos, &pins, m))
    }

    #[test]
    fn files_whose_attacks_the_probes_tell_take_the_pins() {
        for changes in [
            "",
            // A compound slider and leaper.
            "pieces:\n  - { letter: A, name: archbishop, moves: BN, value: 8 }",
            // Hands and drops.
            "setup: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1
hand: { captured: capturer, demote: true }
drops:\n  - { pieces: [Q, R, B, N, P], zone: \"true\" }",
        ] {
            assert!(chess_with(changes).legality_by_pins, "{changes}");
        }
        // Explosions, walls, two moves a turn: every move is made and tested.
        for changes in [
            "explosion: { around: K, spared: [P] }\noutcomes:\n  extinction: { pieces: [K] }",
            "walls: { place: anywhere, single: true }",
            "turn: { moves: 2 }",
        ] {
            assert!(!chess_with(changes).legality_by_pins, "{changes}");
        }
    }

    #[test]
    fn attackers_the_probes_do_not_cover_are_looked_for_on_the_board() {
        // A hopper on the board: every move is made and tested.
        let hopper = chess_with("pieces:\n  - { letter: C, name: cannon, moves: mRcpR, value: 5 }");
        let cannon = hopper
            .position("rnbqkbnr/pppppppp/8/8/4C3/8/PPPPPPPP/RNBQKB1R b KQkq - 0 1")
            .expect("FEN");
        assert!(hopper
            .pins(&cannon)
            .is_some_and(|pins| pins.complex == u32::MAX));
        // One that cannot reach the king from where it stands (g1, e8
        // neither on its file nor on its rank) needs no test.
        let aside = hopper
            .position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBCR b KQkq - 0 1")
            .expect("FEN");
        assert!(hopper.pins(&aside).is_some_and(|pins| pins.complex == 0));
        // Without it (the start has none), pins tell alone.
        assert!(hopper
            .pins(&hopper.start)
            .is_some_and(|pins| pins.complex == 0));
        // Imitators that start in hand: pins tell until the opponent's
        // imitator enters, whatever the mover's own imitator does.
        let imitator = chess_with(IMITATOR_IN_HAND);
        assert!(imitator.legality_by_pins);
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Ff] w KQkq - 0 1";
        assert_eq!(verdict(&imitator, start, "g1f3"), Some(Verdict::Legal));
        let own = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBFR[f] w KQkq - 0 1";
        assert_eq!(verdict(&imitator, own, "g2g3"), Some(Verdict::Legal));
        let theirs = "rnbqkbfr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[F] w KQkq - 0 1";
        assert_eq!(verdict(&imitator, theirs, "g1f3"), Some(Verdict::Legal));
        // On g8 the opponent's imitator cannot reach e1 whatever it
        // imitates; on h4 it can (as a bishop or a queen): then a move the
        // pins call legal is tested against it.
        let pins = imitator
            .pins(&imitator.position(theirs).expect("FEN"))
            .expect("pins");
        assert_eq!(pins.complex, 0);
        let reaching = "rnbqkbnr/pppppppp/8/8/7f/8/PPPPPPPP/RNBQKBNR[F] w KQkq - 0 1";
        let pins = imitator
            .pins(&imitator.position(reaching).expect("FEN"))
            .expect("pins");
        assert_ne!(pins.complex, 0);
        // An attacker the probes do not cover, found by a probe (its own
        // leaps and rays may say more than it does): every move is tested.
        let limited = chess_with(
            "pieces:\n  - { letter: A, name: amazon, moves: Q, value: 9, captures_not: [K] }",
        );
        let fen = "4k3/8/8/8/1a6/8/3B4/4K3 w - - 0 1";
        assert_eq!(verdict(&limited, fen, "d2e3"), None);
    }

    #[test]
    fn a_pinned_piece_stays_on_its_line() {
        let chess = chess();
        // The bishop on d2 is pinned by the bishop on b4; the knight on f3
        // and the queen on e2 are free.
        let fen = "7k/8/8/8/1b6/5N2/3BQ3/4K3 w - - 0 1";
        assert_eq!(verdict(&chess, fen, "d2c3"), Some(Verdict::Legal));
        assert_eq!(verdict(&chess, fen, "d2b4"), Some(Verdict::Legal));
        assert_eq!(verdict(&chess, fen, "d2e3"), Some(Verdict::Illegal));
        assert_eq!(verdict(&chess, fen, "f3g5"), Some(Verdict::Legal));
        assert_eq!(verdict(&chess, fen, "e1f1"), Some(Verdict::Test));
        // Two own pieces on the line: neither is pinned.
        let fen = "4k3/8/8/8/1b6/2N5/3B4/4K3 w - - 0 1";
        assert_eq!(verdict(&chess, fen, "d2e3"), Some(Verdict::Legal));
        // En passant is always tested.
        let fen = "4k3/8/8/K2pP2r/8/8/8/8 w - d6 0 1";
        assert_eq!(verdict(&chess, fen, "e5d6"), Some(Verdict::Test));
    }

    #[test]
    fn under_freezing_a_pinned_piece_leaving_its_line_is_tested() {
        let rules = chess_with("freeze:\n  - { by: [Q], reach: K, immune: [K] }");
        assert!(rules.legality_by_pins);
        // The bishop on b4 pins the one on d2, but the queen on a4 freezes
        // it: a frozen piece attacks nothing, so d2e3 is legal.
        let fen = "7k/8/8/8/Qb6/8/3B4/4K3 w - - 0 1";
        assert_eq!(verdict(&rules, fen, "d2e3"), Some(Verdict::Test));
        assert_eq!(verdict(&rules, fen, "d2c3"), Some(Verdict::Legal));
        let pos = rules.position(fen).expect("FEN");
        let mut legal = Vec::new();
        rules.legal(&pos, &mut legal);
        assert!(legal.iter().any(|m| rules.uci(m) == "d2e3"));
        // Without the queen, the pin holds.
        let fen = "7k/8/8/8/1b6/8/3B4/4K3 w - - 0 1";
        assert_eq!(verdict(&rules, fen, "d2e3"), Some(Verdict::Test));
        let pos = rules.position(fen).expect("FEN");
        let mut legal = Vec::new();
        rules.legal(&pos, &mut legal);
        assert!(!legal.iter().any(|m| rules.uci(m) == "d2e3"));
        // A frozen piece's check is still seen by the probes: every move
        // is tested, and the king need not move.
        let fen = "7k/8/8/8/Qb6/8/8/4K3 w - - 0 1";
        assert_eq!(verdict(&rules, fen, "a4a5"), None);
    }

    #[test]
    fn in_check_every_move_is_tested() {
        let chess = chess();
        assert_eq!(
            verdict(&chess, "4k3/8/8/8/8/8/3P4/r3K3 w - - 0 1", "d2d3"),
            None
        );
        // A knight's check, found by the leap probes.
        assert_eq!(
            verdict(&chess, "4k3/8/8/8/8/5n2/3P4/4K3 w - - 0 1", "d2d3"),
            None
        );
    }
}
