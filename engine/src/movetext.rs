//! The shape of move text (LANGUAGE.md §7), shared by every game: text that
//! does not have it is a *malformed* move; text that has it but names no
//! legal move is an *illegal* one.

/// Whether `text` is move text of a board of `files` x `ranks` whose piece
/// letters (upper case) are `letters`:
///
/// * `0000` (the null move);
/// * a drop `N@e4`: an upper-case letter of the variant, `@`, a square;
/// * a move `e2e4`, `a9a10`, optionally followed by one lower-case letter of
///   the variant (`e7e8q`, `b1c3c`; a promotion to a king `a7a8k` is
///   well-formed, and illegal), optionally followed by gating `/Fe1` (an
///   upper-case letter of the variant and a square).
///
/// Squares are a file letter of the board and a rank number without a
/// leading zero, both on the board: `e9` on 8x8 is not a square, so
/// `e2e9` is malformed.
pub(crate) fn well_formed(text: &str, files: usize, ranks: usize, letters: &str) -> bool {
    if text == "0000" {
        return true;
    }
    let piece = |c: u8| c.is_ascii_uppercase() && letters.as_bytes().contains(&c);
    // The length of the square at the start of `s`, if there is one.
    let square = |s: &[u8]| -> Option<usize> {
        let &file = s.first()?;
        if !file.is_ascii_lowercase() || usize::from(file - b'a') >= files {
            return None;
        }
        let digits = s[1..].iter().take_while(|c| c.is_ascii_digit()).count();
        if digits == 0 || s[1] == b'0' || digits > 3 {
            return None;
        }
        let rank: usize = std::str::from_utf8(&s[1..=digits]).ok()?.parse().ok()?;
        (rank <= ranks).then_some(1 + digits)
    };
    let whole_square = |s: &[u8]| square(s) == Some(s.len());
    let b = text.as_bytes();
    if b.len() > 2 && b[1] == b'@' {
        return piece(b[0]) && whole_square(&b[2..]);
    }
    let (mv, gate) = match text.split_once('/') {
        Some((m, g)) => (m.as_bytes(), Some(g.as_bytes())),
        None => (b, None),
    };
    if let Some(g) = gate {
        if !(g.len() > 1 && piece(g[0]) && whole_square(&g[1..])) {
            return false;
        }
    }
    let Some(i) = square(mv) else {
        return false;
    };
    let Some(j) = square(&mv[i..]) else {
        return false;
    };
    match &mv[i + j..] {
        [] => true,
        &[c] => c.is_ascii_lowercase() && piece(c.to_ascii_uppercase()),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::well_formed;

    #[test]
    fn shapes() {
        let chess = |t| well_formed(t, 8, 8, "PNBRQK");
        for t in [
            "e2e4", "a7a8q", "a7a8k", "a7a8p", "0000", "N@e4", "e1g1/Ke1",
        ] {
            assert!(chess(t), "{t}");
        }
        for t in [
            "e2e9", "e2", "e2e4x", "E2E4", "e2e4 ", "é2e4", "i2i4", "e0e4", "F@e4", "e1g1/Fe1",
            "e2e4/", "N@", "@e4", "e2e4qq", "e2e04", "", "hello",
        ] {
            assert!(!chess(t), "{t}");
        }
        let jester = |t| well_formed(t, 10, 11, "PNBRQKJSLAMGXY");
        for t in ["a9a10", "j11j10", "e8e9s", "a2a9y"] {
            assert!(jester(t), "{t}");
        }
        for t in ["a11a12", "k1k2", "a010a9", "a1000a1"] {
            assert!(!jester(t), "{t}");
        }
    }
}
