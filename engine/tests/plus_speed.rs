//! Perft from the start positions of Fool, Clown and Entity chess, with
//! timing: `cargo test --release -p motley-chess-engine --test plus_speed -- --ignored --nocapture`.

use std::time::Instant;

use motley_engine::Game;

#[test]
#[ignore = "timing run (release build)"]
fn start_position_speed() {
    let depth: u32 = std::env::var("PLUS_DEPTH")
        .ok()
        .and_then(|d| d.parse().ok())
        .unwrap_or(5);
    for variant in ["fool", "clown", "entity"] {
        let game = Game::new(variant, &[]).expect("variant");
        for d in 1..=depth {
            let t = Instant::now();
            let n = game.perft(d);
            let s = t.elapsed().as_secs_f64();
            println!(
                "{variant} perft {d} = {n}  ({:.3}s, {:.1} M leaves/s)",
                s,
                n as f64 / s / 1e6
            );
        }
    }
}
