//! Random games cross-checked against the shakmaty crate: legal move sets,
//! FEN (en passant printed only when legal), checkmate and stalemate.

mod shakmaty_reference;

use motley_engine::{Color, Game, Reason};
use motley_testkit::Rng;
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, EnPassantMode, Position as _};

fn check_game(start: &str, rng: &mut Rng, plies: usize) {
    let mut game = Game::new("chess", &[]).expect("chess");
    game.set_fen(start).expect("valid start");
    let mut theirs = shakmaty_reference::position(start);
    for ply in 0..plies {
        let fen = game.fen();
        assert_eq!(
            fen,
            Fen::from_position(&theirs, EnPassantMode::Legal).to_string(),
            "ply {ply} from {start}"
        );
        let moves = game.legal_moves();
        assert_eq!(
            moves,
            shakmaty_reference::legal_moves(&theirs),
            "moves at {fen}"
        );
        if moves.is_empty() {
            let outcome = game.outcome().expect("no moves ends the game");
            if theirs.is_checkmate() {
                assert_eq!(outcome.reason, Reason::Checkmate, "{fen}");
                let loser = if theirs.turn().is_white() {
                    Color::White
                } else {
                    Color::Black
                };
                assert_eq!(outcome.winner, Some(!loser));
            } else {
                assert_eq!(outcome.reason, Reason::Stalemate, "{fen}");
            }
            return;
        }
        let chosen = &moves[rng.below(moves.len())];
        game.play(chosen).expect("listed moves are legal");
        let m = theirs
            .legal_moves()
            .into_iter()
            .find(|m| &m.to_uci(CastlingMode::Standard).to_string() == chosen);
        theirs.play_unchecked(m.expect("shakmaty has the move"));
    }
}

#[test]
fn random_games_match_shakmaty() {
    let starts = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    ];
    let mut rng = Rng::new(0x2545_F491_4F6C_DD1D);
    for start in starts {
        for _ in 0..60 {
            check_game(start, &mut rng, 300);
        }
    }
}
