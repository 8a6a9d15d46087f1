//! Chess Is a Joke (`joke`): the examples of `chess-is-a-joke.txt`, the
//! rulings of `spec/rulings/joke.md`, and perft numbers derived by hand.

use motley_engine::joke::JokeGame;

fn game(rulings: &[(&str, &str)]) -> JokeGame {
    let r: Vec<(String, String)> = rulings
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect();
    JokeGame::new(&r).expect("joke")
}

fn at(fen: &str) -> JokeGame {
    at_with(fen, &[])
}

fn at_with(fen: &str, rulings: &[(&str, &str)]) -> JokeGame {
    let mut g = game(rulings);
    g.set_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    assert_eq!(g.fen(), fen, "round trip");
    g
}

fn play(g: &mut JokeGame, moves: &str) {
    for m in moves.split_whitespace() {
        g.play(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

fn moves(g: &JokeGame) -> String {
    g.legal_moves().join(" ")
}

#[test]
fn start_position() {
    let g = game(&[]);
    assert_eq!(
        g.fen(),
        "rnbqkbjnr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RNBQKBJNR w KQkq - 0 1"
    );
    assert_eq!(g.perft(1), 24);
    assert_eq!(g.perft(2), 576);
}
