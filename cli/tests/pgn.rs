//! PGN: game records written by `motley record`, read back by `motley pgn`
//! and `--pgn`, and movetext in `--moves`.

mod common;
use common::{
    assert_contains, assert_ends, assert_starts, motley, refused, temp, variant, with_moves,
};

/// Records the moves as PGN, reads the record back with `pgn` and `--pgn`,
/// and checks the position is the one the moves give.
fn round_trip(name: &str, moves: &[&str], file_name: &str) -> String {
    let rules = variant(name);
    let mut args = vec!["record", rules.as_str(), "--moves"];
    args.extend(moves);
    let (code, pgn, err) = motley(&args);
    assert_eq!(code, 0, "{err}");
    let path = temp(file_name, &pgn);
    let (code, out, err) = motley(&["pgn", &rules, &path]);
    assert_eq!(code, 0, "{err}");
    assert_contains(&out, ": game 1: ok: ");
    let mut args = vec!["fen", rules.as_str(), "--moves"];
    args.extend(moves);
    let (_, direct, _) = motley(&args);
    let (code, replayed, err) = motley(&["fen", &rules, "--pgn", &path]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(replayed, direct);
    pgn
}

#[test]
fn a_crazyhouse_game_round_trips() {
    let pgn = round_trip(
        "crazyhouse",
        &["e4", "d5", "exd5", "Qxd5", "Nc3", "Qa5", "P@d5", "P@f3"],
        "crazyhouse.pgn",
    );
    assert_starts(&pgn, "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n[Variant \"crazyhouse\"]\n[RuleFile \"");
    assert_ends(
        &pgn,
        "\n\n1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. P@d5 P@f3 *\n",
    );
}

#[test]
fn a_jester_game_round_trips_with_its_turns_of_two_moves() {
    let pgn = round_trip(
        "jester",
        &["e4", "d4", "e9e8", "0000", "f4", "g4", "d9d7"],
        "jester.pgn",
    );
    assert_ends(&pgn, "\n\n1. e4 d4 e8 0000 2. f4 g4 d7 *\n");
}

#[test]
fn a_mate_is_recorded_with_its_result_and_a_ruling_as_a_tag() {
    let (_, pgn, _) = motley(&with_moves(&["record", &variant("chess")], "f3 e5 g4 Qh4"));
    assert_contains(&pgn, "[Result \"0-1\"]\n");
    assert_ends(&pgn, "1. f3 e5 2. g4 Qh4# {0-1 by checkmate} 0-1\n");
    let (_, pgn, _) = motley(&[
        "record",
        &variant("clown"),
        "--ruling",
        "clown.declare-capture=forbidden",
        "--moves",
        "Nc3 (!C)",
    ]);
    assert_contains(&pgn, "[Ruling \"declare-capture=forbidden\"]\n");
    assert_ends(&pgn, "\n1. Nc3 (!C) *\n");
    let path = temp("clown.pgn", &pgn);
    let (code, out, err) = motley(&["pgn", &variant("clown"), &path]);
    assert_eq!(code, 0, "{err}");
    assert_ends(&out, "game 1: ok: 1 moves, no end on the board (*)\n");
}

#[test]
fn the_first_illegal_move_is_reported_with_its_number_and_place() {
    let path = temp(
        "two-games.pgn",
        "[Event \"a\"]\n\n1. e4 e5 2. Nf3 Nc6 1/2-1/2\n\n[Event \"b\"]\n\n1. e4 {fine} e5\n2. Ke3 *\n",
    );
    let (code, out, err) = motley(&["pgn", &variant("chess"), &path]);
    assert_eq!(code, 1);
    assert_contains(&out, "two-games.pgn: game 1: ok: 4 moves");
    assert!(
        err.trim().ends_with(
            "two-games.pgn:8:4: game 2, move 3 (2. white): illegal move `Ke3` in `rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2`"
        ),
        "{err}"
    );
    let path = temp("wrong-result.pgn", "1. f3 e5 2. g4 Qh4# 1-0\n");
    let err = refused(&["pgn", &variant("chess"), &path], 1);
    assert_contains(
        &err,
        "the result is `1-0`, but the game ended 0-1 by checkmate",
    );
    let path = temp("broken.pgn", "[Event \"x]\n1. e4\n");
    let err = refused(&["pgn", &variant("chess"), &path], 1);
    assert_ends(
        &err,
        "broken.pgn:1:1: tag `Event`: the value is never closed\n",
    );
}

#[test]
fn moves_accept_movetext() {
    let (code, out, err) = motley(&[
        "fen",
        &variant("chess"),
        "--moves",
        "1. e4 {the king's pawn} e5 $1 2. Nf3 (2. f4) Nc6!? *",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out.trim(),
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
    );
}
