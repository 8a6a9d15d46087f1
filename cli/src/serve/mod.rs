//! `motley serve`: a local web playground. One page (embedded, plain
//! JavaScript) and a small JSON API; every request is answered from the
//! rule text, rulings and moves it carries, so the server keeps no state.

use std::io::Read;
use std::process::ExitCode;
use std::sync::Arc;

use motley_interpreter::Game;
use serde_json::{json, Value};

use crate::bundled::{build_bundled, BUNDLED};
use crate::svg::{self, squares_in};
use crate::Failure;

/// The page: HTML, CSS and JavaScript in one file.
const PAGE: &str = include_str!("page.html");

/// Largest request body accepted, in bytes.
const MAX_BODY: u64 = 1 << 20;
/// Most moves a game request may carry.
const MAX_MOVES: usize = 5000;

/// Runs the server on 127.0.0.1:`port` (0: any free port) with the bundled
/// variants and `extra` (name, rule text) until it is stopped.
pub fn serve(port: u16, extra: Vec<(String, String)>) -> Result<ExitCode, Failure> {
    let server = tiny_http::Server::http(("127.0.0.1", port))
        .map_err(|e| Failure(format!("cannot listen on 127.0.0.1:{port}: {e}")))?;
    let address = server
        .server_addr()
        .to_ip()
        .map_or_else(|| format!("127.0.0.1:{port}"), |a| a.to_string());
    let mut variants: Vec<(String, String)> = extra;
    variants.extend(BUNDLED.iter().map(|(n, s)| (n.to_string(), s.to_string())));
    let variants = Arc::new(variants);
    println!("motley serve: listening on http://{address}/ (Ctrl-C stops)");
    for mut request in server.incoming_requests() {
        let url = request.url().to_string();
        let method = request.method().clone();
        let mut body = String::new();
        let read = request
            .as_reader()
            .take(MAX_BODY + 1)
            .read_to_string(&mut body);
        let (status, kind, text) = if read.is_err() || body.len() as u64 > MAX_BODY {
            (
                413,
                "text/plain",
                "request body too large or not UTF-8".to_string(),
            )
        } else {
            route(&method, &url, &body, &variants)
        };
        let header =
            tiny_http::Header::from_bytes("Content-Type", format!("{kind}; charset=utf-8"))
                .expect("a valid header");
        let response = tiny_http::Response::from_string(text)
            .with_status_code(status)
            .with_header(header);
        // A client that went away is no reason to stop serving.
        let _ = request.respond(response);
    }
    Ok(ExitCode::SUCCESS)
}

/// Answers one request: status, content type and body.
fn route(
    method: &tiny_http::Method,
    url: &str,
    body: &str,
    variants: &[(String, String)],
) -> (u16, &'static str, String) {
    use tiny_http::Method::{Get, Post};
    match (method, url) {
        (Get, "/") => (200, "text/html", PAGE.to_string()),
        (Get, "/api/variants") => {
            let list: Vec<Value> = variants
                .iter()
                .map(|(name, source)| json!({ "name": name, "source": source }))
                .collect();
            (200, "application/json", Value::Array(list).to_string())
        }
        (Post, "/api/check") => (200, "application/json", check(body).to_string()),
        (Post, "/api/game") => match serde_json::from_str::<Value>(body) {
            Ok(request) => (200, "application/json", game(&request).to_string()),
            Err(e) => (400, "text/plain", format!("bad request: {e}")),
        },
        _ => (404, "text/plain", format!("no page {url}")),
    }
}

/// The diagnostics of a rule text, as `motley check` prints them for a
/// file named `rules.yaml`, each with its line and column.
fn check(source: &str) -> Value {
    let diagnostics: Vec<Value> = match build_bundled("rules", source) {
        Ok(_) => Vec::new(),
        Err(d) => {
            d.0.iter()
                .map(|d| {
                    json!({
                        "line": d.span.map(|s| s.line),
                        "col": d.span.map(|s| s.col),
                        "message": d.message,
                        "file": d.file.as_ref().map(|f| f.name.clone()),
                        "text": d.render("rules.yaml", source),
                    })
                })
                .collect()
        }
    };
    json!({ "diagnostics": diagnostics })
}

/// The game of `{source, rulings: {id: option}, moves: [uci...]}`: the
/// board, FEN, status, moves played (SAN), legal moves, rulings and PGN;
/// or `{error}` naming what failed.
fn game(request: &Value) -> Value {
    let source = request["source"].as_str().unwrap_or("");
    let rules = match build_bundled("rules", source) {
        Ok(rules) => rules,
        Err(d) => return json!({ "error": d.render("rules.yaml", source) }),
    };
    let mut game = Game::new(rules);
    if let Some(rulings) = request["rulings"].as_object() {
        for (id, value) in rulings {
            if let Err(e) = game.set_ruling(id, value.as_str().unwrap_or("")) {
                return json!({ "error": e.to_string() });
            }
        }
    }
    let moves = request["moves"].as_array().cloned().unwrap_or_default();
    if moves.len() > MAX_MOVES {
        return json!({ "error": format!("more than {MAX_MOVES} moves") });
    }
    for m in &moves {
        if let Err(e) = game.play(m.as_str().unwrap_or("")) {
            return json!({ "error": e.to_string() });
        }
    }
    let rules = game.rules();
    let (files, ranks) = (rules.files(), rules.ranks());
    let name = |sq: u8| motley_interpreter::square_name(files, sq);
    let legal: Vec<Value> = if game.outcome().is_some() {
        Vec::new()
    } else {
        game.legal_moves_san()
            .into_iter()
            .map(|(uci, san)| {
                let squares = squares_in(&uci, files, ranks);
                let (from, to) = match squares[..] {
                    [from, to, ..] => (Some(name(from)), Some(name(to))),
                    [to] => (None, Some(name(to))),
                    [] => (None, None),
                };
                json!({ "uci": uci, "san": san, "from": from, "to": to })
            })
            .collect()
    };
    let played: Vec<Value> = game
        .played()
        .iter()
        .map(|p| json!({ "san": p.san, "uci": p.uci, "side": p.side.index(), "number": p.number, "starts_turn": p.starts_turn }))
        .collect();
    let chosen = &rules.variant().rulings;
    let rulings: Vec<Value> = game
        .rule_file()
        .rulings
        .iter()
        .map(|r| {
            json!({
                "id": r.id,
                "question": r.question,
                "options": r.options,
                "value": chosen.get(&r.id).unwrap_or(&r.default.value),
            })
        })
        .collect();
    json!({
        "svg": svg::board(&game, &svg::BoardOptions::default()),
        "fen": game.fen(),
        "status": crate::report::status_line(&game),
        "over": game.outcome().is_some(),
        "played": played,
        "legal": legal,
        "rulings": rulings,
        "pgn": pgn(&game),
    })
}

/// The game as PGN: tags, then the moves in SAN with move numbers (a turn
/// of several moves under one number), then the result.
fn pgn(game: &Game) -> String {
    let result = game.outcome().map_or("*", |o| o.score());
    let mut out = format!(
        "[Event \"motley serve\"]\n[Variant \"{}\"]\n",
        game.rules().variant().name
    );
    if let Some(fen) = game.start_fen() {
        out.push_str(&format!("[SetUp \"1\"]\n[FEN \"{fen}\"]\n"));
    }
    out.push_str(&format!("[Result \"{result}\"]\n\n"));
    let mut words = Vec::new();
    for (i, p) in game.played().iter().enumerate() {
        if p.side == motley_interpreter::Color::White && p.starts_turn {
            words.push(format!("{}.", p.number));
        } else if i == 0 {
            words.push(format!("{}...", p.number));
        }
        words.push(p.san.clone());
    }
    words.push(result.to_string());
    out.push_str(&words.join(" "));
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_bundled_variant_is_served() {
        let folder = concat!(env!("CARGO_MANIFEST_DIR"), "/../spec/variants");
        let mut stems: Vec<String> = std::fs::read_dir(folder)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
            .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
            .collect();
        stems.sort();
        let served: Vec<&str> = BUNDLED.iter().map(|(name, _)| *name).collect();
        assert_eq!(served, stems);
    }

    #[test]
    fn a_game_answers_san_fen_and_pgn() {
        let chess = BUNDLED.iter().find(|(n, _)| *n == "chess").unwrap().1;
        let answer = game(&json!({ "source": chess, "moves": ["e2e4", "e7e5", "g1f3"] }));
        assert_eq!(answer["status"], "* black to move");
        assert_eq!(
            answer["fen"],
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
        );
        let san: Vec<&str> = answer["played"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["san"].as_str().unwrap())
            .collect();
        assert_eq!(san, ["e4", "e5", "Nf3"]);
        // 29 as python-chess counts them.
        assert_eq!(answer["legal"].as_array().unwrap().len(), 29);
        assert!(answer["pgn"]
            .as_str()
            .unwrap()
            .ends_with("\n\n1. e4 e5 2. Nf3 *\n"));
        let illegal = game(&json!({ "source": chess, "moves": ["e2e5"] }));
        assert_eq!(
            illegal["error"],
            "illegal move `e2e5` in `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1`"
        );
        let broken = check("motley: 1\n");
        assert!(broken["diagnostics"][0]["text"]
            .as_str()
            .unwrap()
            .starts_with("rules.yaml:"));
    }
}
