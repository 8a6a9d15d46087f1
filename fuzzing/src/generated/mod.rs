//! Target `generated_rules`: generated rule files, loaded and played.

mod desc;

use motley_conformance::oracle::{perft_consistency, SplitMix64};
use motley_conformance::{ImplError, Implementation, Interp};

pub use desc::{
    ComponentDesc, Generated, PieceDesc, RuleDesc, SectionsDesc, GEN_ATOMS, GEN_CASTLING_FIELDS,
    GEN_DIRS, GEN_MODES, GEN_ZONES,
};

use crate::rules_text::check_diagnostics;

/// Oracle of target `generated_rules`: the printed file loads (or is
/// refused with well-placed diagnostics), and over seeded random play
/// perft is self-consistent, and, for symmetric files, each position and
/// its colour-mirrored twin have the same perft; no move text is listed twice.
pub fn generated_rules(desc: &RuleDesc) {
    let g = desc.generate();
    if let Err(ds) = motley_interpreter::build(&g.yaml) {
        check_diagnostics(&g.yaml, &ds);
        return;
    }
    let ranks = 3 + (desc.ranks % 6) as usize;
    let mut imp = Interp::new();
    imp.load("generated.yaml", &g.yaml, &[])
        .unwrap_or_else(|e| panic!("built but does not load: {e}\n{}", g.yaml));
    let mut rng = SplitMix64::new(g.seed);
    let mut moves: Vec<String> = Vec::new();
    for ply in 0..=g.plies {
        imp.set_position(None, &moves)
            .unwrap_or_else(|e| panic!("cannot replay [{}]: {e}\n{}", moves.join(" "), g.yaml));
        if ply == 0 || ply == g.plies {
            let legal = imp.legal_moves().expect("legal moves");
            assert!(
                !has_two_moves_of_one_text(&legal),
                "one move text listed twice after [{}]: {legal:?}\n{}",
                moves.join(" "),
                g.yaml
            );
            if let Err(e) = perft_consistency(&mut imp, None, &moves, 2) {
                panic!("{e}\n{}", g.yaml);
            }
            imp.set_position(None, &moves).expect("replays");
            if g.symmetric {
                mirror_check(&mut imp, &moves, ranks, &g.yaml);
            }
            imp.set_position(None, &moves).expect("replays");
        }
        let legal = imp.legal_moves().expect("legal moves");
        if legal.is_empty() || imp.outcome().expect("outcome").is_some() {
            break;
        }
        moves.push(legal[rng.below(legal.len())].clone());
    }
}

/// Whether a legal-move list names one move twice (perft would count two
/// children that `play` cannot tell apart).
pub fn has_two_moves_of_one_text(legal: &[String]) -> bool {
    let mut sorted: Vec<&String> = legal.iter().collect();
    sorted.sort();
    sorted.windows(2).any(|w| w[0] == w[1])
}

fn mirror_check(imp: &mut Interp, moves: &[String], ranks: usize, yaml: &str) {
    let fen = imp.fen().expect("fen");
    let Some(twin) = mirror_fen(&fen, ranks) else {
        return;
    };
    let mut a = imp.clone();
    let mut b = imp.clone();
    if a.set_position(Some(&fen), &[]).is_err() {
        panic!(
            "the printed FEN `{fen}` (after [{}]) does not read back\n{yaml}",
            moves.join(" ")
        );
    }
    match b.set_position(Some(&twin), &[]) {
        Err(ImplError::Rejected(e)) => {
            panic!("`{fen}` is accepted but its mirror image `{twin}` is refused: {e}\n{yaml}")
        }
        Err(e) => panic!("{e}"),
        Ok(()) => {}
    }
    for depth in 1..=2 {
        let (x, y) = (
            a.perft(depth).expect("perft"),
            b.perft(depth).expect("perft"),
        );
        assert_eq!(
            x, y,
            "perft {depth} of `{fen}` is {x}, of its mirror image `{twin}` {y}\n{yaml}"
        );
    }
}

/// Target `generated_rules` from raw bytes, read through `arbitrary`.
pub fn generated_rules_bytes(data: &[u8]) {
    // As libfuzzer-sys reads a `fuzz_target!(|desc: RuleDesc| ...)` input.
    if let Ok(desc) =
        <RuleDesc as arbitrary::Arbitrary>::arbitrary_take_rest(arbitrary::Unstructured::new(data))
    {
        generated_rules(&desc);
    }
}

/// The colour-mirrored twin of a FEN: ranks reversed, colours swapped,
/// the other side to move, en passant squares mirrored. `None` for FEN
/// fields it does not know (holdings, state).
pub fn mirror_fen(fen: &str, ranks: usize) -> Option<String> {
    let fields: Vec<&str> = fen.split(' ').collect();
    if fields.len() != 6 || fields[0].contains('[') || fields[2] != "-" {
        return None;
    }
    let board: Vec<String> = fields[0]
        .split('/')
        .rev()
        .map(|r| {
            r.chars()
                .map(|c| {
                    if c.is_ascii_uppercase() {
                        c.to_ascii_lowercase()
                    } else {
                        c.to_ascii_uppercase()
                    }
                })
                .collect()
        })
        .collect();
    let side = match fields[1] {
        "w" => "b",
        "b" => "w",
        _ => return None,
    };
    let ep = if fields[3] == "-" {
        "-".to_string()
    } else {
        let mut out = String::new();
        let mut chars = fields[3].chars().peekable();
        while let Some(f) = chars.next() {
            let mut digits = String::new();
            while let Some(d) = chars.peek().filter(|d| d.is_ascii_digit()) {
                digits.push(*d);
                chars.next();
            }
            let rank: usize = digits.parse().ok()?;
            out.push(f);
            out.push_str(&(ranks + 1 - rank).to_string());
        }
        out
    };
    Some(format!(
        "{} {side} - {ep} {} {}",
        board.join("/"),
        fields[4],
        fields[5]
    ))
}
