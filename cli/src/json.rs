//! `--json` output: the shapes documented in the README, built with
//! `serde_json` and printed as one document on stdout.

use motley_interpreter::diagnostic::Diagnostics;
use motley_interpreter::Game;
use serde_json::{json, Value};

/// Prints a value as one line of JSON.
pub fn print(value: &Value) {
    outln!("{value}");
}

/// `check`: one object per file; `diagnostics` empty when it is valid.
pub fn check(file: &str, outcome: Result<(&str, usize), &Diagnostics>) -> Value {
    match outcome {
        Ok((variant, pieces)) => json!({
            "file": file, "ok": true, "variant": variant, "pieces": pieces, "diagnostics": [],
        }),
        Err(diagnostics) => json!({
            "file": file,
            "ok": false,
            "diagnostics": diagnostics.0.iter().map(|d| json!({
                "file": file,
                "line": d.span.map(|s| s.line),
                "column": d.span.map(|s| s.col),
                "span": d.span.map(|s| json!({"line": s.line, "column": s.col, "length": s.len})),
                "message": d.message,
            })).collect::<Vec<_>>(),
        }),
    }
}

/// `moves`: the legal moves as `{uci, san}`, sorted by canonical text.
pub fn moves(game: &Game) -> Value {
    let mut moves = game.legal_moves_san();
    moves.sort();
    Value::Array(
        moves
            .into_iter()
            .map(|(uci, san)| json!({"uci": uci, "san": san}))
            .collect(),
    )
}

/// `perft`: the depth, the count and, with `--divide`, the count per root move.
pub fn perft(depth: u32, nodes: u64, divide: Option<&[(String, u64)]>) -> Value {
    let mut value = json!({"depth": depth, "nodes": nodes});
    if let Some(rows) = divide {
        value["divide"] = rows
            .iter()
            .map(|(m, n)| json!({"move": m, "nodes": n}))
            .collect();
    }
    value
}

/// `show` and `status`: the state of the game. With `viewer`, the FEN is
/// that player's view, `hidden` lists what is left out, and the last move
/// is given only when that player made it.
pub fn state(game: &Game, viewer: Option<usize>) -> Value {
    let side = |c: usize| if c == 0 { "white" } else { "black" };
    let hands = game.hands();
    let hand = |c: usize| {
        hands[c]
            .iter()
            .map(|&(letter, n)| (letter.to_string(), json!(n)))
            .collect::<serde_json::Map<_, _>>()
    };
    let last = game
        .played()
        .last()
        .filter(|p| viewer.is_none_or(|v| v == p.side.index()))
        .map(|p| json!({"san": p.san, "uci": p.uci}));
    let outcome = game.outcome().map(
        |o| json!({"winner": o.winner_name(), "reason": o.reason.to_string(), "result": o.score()}),
    );
    let mut value = json!({
        "side_to_move": side(game.position().side_to_move().index()),
        "in_check": game.in_check(),
        "turn_move": game.turn_move(),
        "last_move": last,
        "hands": if game.rules().tracks_hands() { json!({"white": hand(0), "black": hand(1)}) } else { Value::Null },
        "frozen": game.frozen(),
        "outcome": outcome,
        "fen": game.fen(),
    });
    if let Some(v) = viewer {
        let (_, fen, hidden) = game.view_text(motley_interpreter::Color::from_index(v));
        value["fen"] = json!(fen);
        value["hidden"] = json!(hidden);
    }
    value
}
