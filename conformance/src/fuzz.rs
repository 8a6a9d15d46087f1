//! Generators and oracles for the fuzz targets in `fuzz/`.
//!
//! Each `pub fn` taking `&[u8]` is one target's whole body: it turns the
//! fuzzer's bytes into input, runs it, and panics when an oracle fails, so
//! libFuzzer reports a crash. The same functions replay the regression
//! inputs under `fuzz/regressions/<target>/` in `cargo test`
//! (`tests/fuzz_regressions.rs`).
//!
//! * [`rules_text`]: bytes as a rule file; `build` never panics and every
//!   diagnostic is well placed (up to one known limitation: see
//!   [`rules_text_strict`]).
//! * [`expression`]: bytes as Betza and as an expression; parsing never
//!   panics, and printing ([`print_betza`], [`print_expression`]) then
//!   parsing again gives the same tree.
//! * [`position_text`]: FEN and move text against the bundled rule files.
//! * [`differential`]: interpreter and engine in lockstep over a game whose
//!   moves the bytes choose, for every variant both implement and every
//!   ruling option.
//! * `generated_rules` (feature `arbitrary`): a structured rule-file
//!   description ([`RuleDesc`]) printed as YAML and played.

use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use motley_interpreter::diagnostic::{Diagnostic, Diagnostics};
use motley_interpreter::load::{
    self, parse_betza, parse_expression, Atom, BetzaComponent, BinaryOp, Expr, ExprNode, Leg, Text,
    UnaryOp,
};
use motley_interpreter::Game;

use crate::implementation::{variant_name, Engine, ImplError, Implementation, Interp};
use crate::oracle::{compare_here, perft_consistency, DiffError, SplitMix64};

/// The folder of the bundled rule files, `spec/variants`.
pub fn variants_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../spec/variants")
}

/// The bundled rule files, sorted by file name.
pub fn bundled_variants() -> Vec<PathBuf> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(variants_dir())
        .map(|dir| {
            dir.filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
                .collect()
        })
        .unwrap_or_default();
    paths.sort();
    paths
}

// ------------------------------------------------------------ rules_text

/// Checks a diagnostic about `source`: a non-empty message, and a place
/// (when it has one) that exists in the source. Panics otherwise.
pub fn check_diagnostic(source: &str, d: &Diagnostic) {
    check_diagnostic_placed(source, d, true);
}

/// [`check_diagnostic`]; the column is checked only when `columns`.
fn check_diagnostic_placed(source: &str, d: &Diagnostic, columns: bool) {
    assert!(
        !d.message.trim().is_empty(),
        "a diagnostic without a message: {d:?}"
    );
    if let Some(span) = d.span {
        // Lines as the YAML reader counts them (a lone CR ends a line too),
        // plus the empty line after a final line break.
        let mut lines: Vec<&str> = motley_interpreter::diagnostic::lines(source).collect();
        lines.push("");
        assert!(
            span.line >= 1 && span.line as usize <= lines.len(),
            "diagnostic `{}` on line {} of a {}-line text",
            d.message,
            span.line,
            lines.len()
        );
        let line = lines[span.line as usize - 1];
        let width = line.chars().count() as u32;
        assert!(
            span.col >= 1 && (!columns || span.col <= width + 1),
            "diagnostic `{}` at column {} of line {} which has {width} characters: {line:?}",
            d.message,
            span.col,
            span.line
        );
        assert!(span.len >= 1, "diagnostic `{}` of width 0", d.message);
    }
    let _ = d.render("fuzz.yaml", source);
}

fn check_diagnostics(source: &str, ds: &Diagnostics) {
    assert!(!ds.0.is_empty(), "an error without diagnostics");
    for d in &ds.0 {
        check_diagnostic(source, d);
    }
}

/// Target `rules_text`: the bytes (lossily UTF-8) as a rule file. Building
/// never panics; every diagnostic has a message and, when placed, a place
/// inside the text (on a line of a multi-line scalar, only the line: see
/// [`rules_text_strict`]). A file that builds plays its first legal move
/// and reads its own FEN back ([`fen_fixed_point`]).
pub fn rules_text(data: &[u8]) {
    rules_text_checked(data, false);
}

/// [`rules_text`] without stepping over the known limitation: an error
/// inside a multi-line scalar (a block scalar `>-` or `|`, or a plain or
/// quoted scalar continued on more indented lines) is placed
/// approximately, on the scalar's first line at the offset into the folded
/// value, which can be past the end of that line
/// (`errors_in_multi_line_scalars_stay_inside_their_line` in `tests/fuzz_regressions.rs`).
/// [`rules_text`] checks only the line of a diagnostic on a line of a
/// multi-line scalar.
pub fn rules_text_strict(data: &[u8]) {
    rules_text_checked(data, true);
}

/// Whether line `line` (from 1) of the text may be part of a multi-line
/// scalar: the next line that is neither blank nor a comment is indented
/// deeper than the line's content (a plain or quoted scalar continued; a
/// `- ` of a sequence item counts as indentation), or the line is in the
/// body of a block scalar (under a line ending in `>`, `|`, `>-`, ...).
fn in_multi_line_scalar(source: &str, line: u32) -> bool {
    let lines: Vec<&str> = motley_interpreter::diagnostic::lines(source).collect();
    let Some(&here) = lines.get((line as usize).wrapping_sub(1)) else {
        return false;
    };
    let spaces = |l: &str| l.len() - l.trim_start_matches(' ').len();
    let content = |l: &&&str| !l.trim().is_empty() && !l.trim_start().starts_with('#');
    let mut own = spaces(here);
    let mut rest = &here[own..];
    while let Some(after) = rest.strip_prefix('-').filter(|a| a.starts_with(' ')) {
        let trimmed = after.trim_start_matches(' ');
        own += 1 + after.len() - trimmed.len();
        rest = trimmed;
    }
    let continued = lines[line as usize..]
        .iter()
        .find(content)
        .is_some_and(|next| spaces(next) > own);
    let header = |l: &str| {
        let l = l.split(" #").next().unwrap_or_default();
        l.split_whitespace().last().is_some_and(|t| {
            (t.starts_with('>') || t.starts_with('|'))
                && t[1..].chars().all(|c| "+-0123456789".contains(c))
        })
    };
    // Up from the line, over lines indented deeper than it or blank, to a
    // block scalar header less indented.
    let body = lines[..line as usize - 1]
        .iter()
        .rev()
        .find(|l| !l.trim().is_empty() && spaces(l) < spaces(here))
        .is_some_and(|h| header(h));
    continued || body
}

fn rules_text_checked(data: &[u8], strict: bool) {
    let source = String::from_utf8_lossy(data);
    match motley_interpreter::build(&source) {
        Err(ds) => {
            assert!(!ds.0.is_empty(), "an error without diagnostics");
            for d in &ds.0 {
                let columns = strict
                    || d.span
                        .is_none_or(|s| !in_multi_line_scalar(&source, s.line));
                check_diagnostic_placed(&source, d, columns);
            }
        }
        Ok(rules) => {
            let setup = Game::new(Arc::new(rules));
            let mut game = setup.clone();
            fen_fixed_point(&game, &setup);
            let legal = game.legal_moves();
            if let Some(m) = legal.first() {
                game.play(m)
                    .unwrap_or_else(|e| panic!("listed legal move {m} refused: {e}"));
                fen_fixed_point(&game, &setup);
            }
            let _ = game.outcome();
        }
    }
}

/// Asserts that the game's FEN reads back to itself (what a FEN promises:
/// board, side to move, hands, castling and en passant fields, counters,
/// state field) with the same legal moves, up to the documented gap of
/// spec/LANGUAGE.md §6.3 (spec/rulings/README.md, "Unmoved pieces"): a
/// piece read from a FEN is unmoved when it stands where the setup has the
/// same piece, so one that moved in play and stands on such a square again
/// reads back unmoved, and castling pieces are unmoved only as far as
/// the castling rights say. Legal moves may differ only in moves that name such
/// a square ([`unmoved_gap`]). `setup` is the game at the variant's setup.
pub fn fen_fixed_point(game: &Game, setup: &Game) {
    let fen = game.fen();
    let mut again = setup.clone();
    if let Err(e) = again.set_fen(&fen) {
        panic!("the printed FEN `{fen}` does not read back: {e}");
    }
    let back = again.fen();
    assert_eq!(back, fen, "FEN `{fen}` reads back as `{back}`");
    let (read, played) = (again.legal_moves(), game.legal_moves());
    if read == played {
        return;
    }
    let gap = unmoved_gap(game, &again);
    let differ: Vec<&String> = read
        .iter()
        .filter(|m| !played.contains(m))
        .chain(played.iter().filter(|m| !read.contains(m)))
        .collect();
    let unexplained: Vec<&&String> = differ
        .iter()
        .filter(|m| !named_squares(m).iter().any(|s| gap.contains(s)))
        .collect();
    assert!(
        !gap.is_empty() && unexplained.is_empty(),
        "FEN `{fen}` reads back with other legal moves ({unexplained:?} not explained by moved pieces on their setup squares {gap:?})\n read back: {read:?}\n in play:   {played:?}"
    );
}

/// The squares whose piece is unmoved in one of `read` (the FEN of `played`
/// read back) and `played` but not in the other, by name. Panics if such a piece is not
/// where the setup has the same piece: that is not the documented gap.
pub fn unmoved_gap(played: &Game, read: &Game) -> Vec<String> {
    let (p, r) = (played.position(), read.position());
    let rules = played.rules();
    let mut out = Vec::new();
    // Either way: a piece that moved and came back reads back unmoved; an
    // unmoved castling rook whose king has moved reads back moved (the
    // castling field only tells castling rights).
    for sq in (0..rules.squares() as u8)
        .filter(|&sq| r.unmoved().has(sq) != p.unmoved().has(sq) && p.piece_at(sq) != 0)
    {
        let name = motley_interpreter::square_name(rules.files(), sq);
        assert_eq!(p.piece_at(sq), rules.start().piece_at(sq), "the piece on {name} reads back otherwise unmoved from `{}` but is not where the setup has it", played.fen());
        out.push(name);
    }
    out
}

/// The squares a move text names: `b1c3/Fb1` → b1, c3, b1; `N@e10` → e10.
pub fn named_squares(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if chars[i].is_ascii_lowercase() && chars.get(i + 1).is_some_and(char::is_ascii_digit) {
            let mut j = i + 1;
            while j < chars.len() && chars[j].is_ascii_digit() {
                j += 1;
            }
            out.push(chars[i..j].iter().collect());
            i = j;
        } else {
            i += 1;
        }
    }
    out
}

// ------------------------------------------------------------ expression

/// Prints Betza components so that [`parse_betza`] reads them back as the
/// same legs and atoms; `None` for an atom no text can express.
pub fn print_betza(components: &[BetzaComponent]) -> Option<String> {
    let mut out = String::new();
    for (i, c) in components.iter().enumerate() {
        let legs: Vec<String> = c.legs.iter().map(print_leg).collect();
        out.push_str(&legs.join("a"));
        let atom = print_atom(&c.atom)?;
        // `W` then `W` would read as the rider `WW` (`R` then `R` as `RR`):
        // write the first `W1` (`R0`), the same atom.
        let next = components
            .get(i + 1)
            .and_then(|n| Some(print_leg(n.legs.first()?) + &print_atom(&n.atom)?));
        let doubles = atom.len() == 1 && next.is_some_and(|n| n.starts_with(&atom));
        out.push_str(&atom);
        if doubles {
            out.push(if c.atom.rider { '0' } else { '1' });
        }
    }
    Some(out)
}

fn print_leg(leg: &Leg) -> String {
    let mut s = leg.dirs.clone();
    for (on, letter) in [
        (leg.moves, 'm'),
        (leg.captures, 'c'),
        (leg.en_passant, 'e'),
        (leg.initial, 'i'),
        (leg.lame, 'n'),
        (leg.hop, 'p'),
        (leg.grasshop, 'g'),
    ] {
        if on {
            s.push(letter);
        }
    }
    s
}

/// A Betza letter, the leaps it stands for, and whether it rides.
type BetzaLetter = (&'static str, &'static [(i8, i8)], bool);

fn print_atom(atom: &Atom) -> Option<String> {
    const LETTERS: [BetzaLetter; 13] = [
        ("W", &[(1, 0)], false),
        ("F", &[(1, 1)], false),
        ("D", &[(2, 0)], false),
        ("N", &[(2, 1)], false),
        ("A", &[(2, 2)], false),
        ("H", &[(3, 0)], false),
        ("C", &[(3, 1)], false),
        ("Z", &[(3, 2)], false),
        ("G", &[(3, 3)], false),
        ("K", &[(1, 0), (1, 1)], false),
        ("R", &[(1, 0)], true),
        ("B", &[(1, 1)], true),
        ("Q", &[(1, 0), (1, 1)], true),
    ];
    let leaper = LETTERS
        .iter()
        .find(|(_, leaps, rider)| *leaps == atom.leaps.as_slice() && !rider)
        .map(|l| l.0);
    let rider = LETTERS
        .iter()
        .find(|(_, leaps, rider)| *leaps == atom.leaps.as_slice() && *rider)
        .map(|l| l.0);
    let leap = match atom.leaps.as_slice() {
        [(x, y)] => Some(format!("({x},{y})")),
        _ => None,
    };
    match (atom.rider, atom.range) {
        (false, 0) => leaper.map(str::to_string).or(leap),
        (false, _) => None,
        (true, r) if r >= 2 => Some(format!("{}{r}", leaper.map(str::to_string).or(leap)?)),
        (true, r) => {
            let base = rider
                .map(str::to_string)
                .or_else(|| leaper.map(|l| format!("{l}{l}")))?;
            Some(if r == 1 { format!("{base}1") } else { base })
        }
    }
}

/// Prints an expression so that [`parse_expression`] reads it back as the
/// same tree, with as few parentheses as precedence allows.
pub fn print_expression(e: &ExprNode) -> String {
    print_expr(&e.expr)
}

fn precedence(op: BinaryOp) -> u8 {
    match op {
        BinaryOp::Or => 1,
        BinaryOp::And => 2,
        BinaryOp::Eq
        | BinaryOp::Ne
        | BinaryOp::Lt
        | BinaryOp::Le
        | BinaryOp::Gt
        | BinaryOp::Ge
        | BinaryOp::In => 3,
        BinaryOp::Add | BinaryOp::Sub => 4,
    }
}

fn print_expr(e: &Expr) -> String {
    match e {
        Expr::Number(n) => n.to_string(),
        Expr::Str(s) => format!("\"{s}\""),
        Expr::Path(parts) => parts.join("."),
        Expr::List(items) => format!(
            "[{}]",
            items
                .iter()
                .map(print_expression)
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Expr::Range(a, b) => format!("{}..{}", print_expression(a), print_expression(b)),
        Expr::Call(name, args) => format!(
            "{name}({})",
            args.iter()
                .map(print_expression)
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Expr::Unary(op, x) => {
            let inner = print_expression(x);
            let inner = if matches!(x.expr, Expr::Binary(..)) {
                format!("({inner})")
            } else {
                inner
            };
            match op {
                UnaryOp::Not => format!("not {inner}"),
                UnaryOp::Neg => format!("-{inner}"),
            }
        }
        Expr::Binary(op, l, r) => {
            let p = precedence(*op);
            let side = |x: &ExprNode, strict: bool| {
                let s = print_expression(x);
                match &x.expr {
                    Expr::Binary(o, ..)
                        if precedence(*o) < p || (strict && precedence(*o) == p) =>
                    {
                        format!("({s})")
                    }
                    _ => s,
                }
            };
            format!("{} {} {}", side(l, false), op.symbol(), side(r, true))
        }
    }
}

/// The tree with every span zeroed, to compare trees by shape alone.
pub fn without_spans(e: &ExprNode) -> ExprNode {
    let expr = match &e.expr {
        Expr::List(items) => Expr::List(items.iter().map(without_spans).collect()),
        Expr::Range(a, b) => Expr::Range(Box::new(without_spans(a)), Box::new(without_spans(b))),
        Expr::Call(name, args) => {
            Expr::Call(name.clone(), args.iter().map(without_spans).collect())
        }
        Expr::Unary(op, x) => Expr::Unary(*op, Box::new(without_spans(x))),
        Expr::Binary(op, l, r) => {
            Expr::Binary(*op, Box::new(without_spans(l)), Box::new(without_spans(r)))
        }
        other => other.clone(),
    };
    ExprNode {
        expr,
        span: Default::default(),
    }
}

fn one_line(value: &str) -> Text {
    Text {
        value: value.to_string(),
        span: motley_interpreter::diagnostic::Span::new(1, 1, 1),
    }
}

/// Asserts a span of a parse of one-line `value` lies within it.
fn span_inside(value: &str, span: motley_interpreter::diagnostic::Span, what: &str) {
    let width = value.chars().count() as u32;
    assert!(
        span.line == 1 && span.col >= 1 && span.col + span.len - 1 <= width.max(1) + 1,
        "{what} span {span:?} outside `{value}` ({width} characters)"
    );
}

/// Target `expression`: the bytes (lossily UTF-8) as Betza and as an
/// expression. Neither parser panics; errors are placed inside the text;
/// what parses prints and parses back to the same tree.
pub fn expression(data: &[u8]) {
    let value = String::from_utf8_lossy(data);
    // One line: a Text stands for a one-line scalar.
    let value = value.split(['\n', '\r']).next().unwrap_or_default();
    let text = one_line(value);
    match parse_betza(&text) {
        Err(d) => span_inside(
            value,
            d.span.expect("Betza errors are placed"),
            "Betza error",
        ),
        Ok(components) => {
            for c in &components {
                span_inside(value, c.span, "Betza component");
            }
            let printed = print_betza(&components)
                .unwrap_or_else(|| panic!("cannot print the Betza of `{value}`: {components:?}"));
            let again = parse_betza(&one_line(&printed)).unwrap_or_else(|e| {
                panic!("`{value}` printed as `{printed}`, which does not parse: {e}")
            });
            let shape = |cs: &[BetzaComponent]| {
                cs.iter()
                    .map(|c| (c.legs.clone(), c.atom.clone()))
                    .collect::<Vec<_>>()
            };
            assert_eq!(
                shape(&again),
                shape(&components),
                "`{value}` printed as `{printed}` reads back differently"
            );
        }
    }
    match parse_expression(&text) {
        Err(d) => span_inside(
            value,
            d.span.expect("expression errors are placed"),
            "expression error",
        ),
        Ok(tree) => {
            check_spans(value, &tree);
            let printed = print_expression(&tree);
            let again = parse_expression(&one_line(&printed)).unwrap_or_else(|e| {
                panic!("`{value}` printed as `{printed}`, which does not parse: {e}")
            });
            assert_eq!(
                without_spans(&again),
                without_spans(&tree),
                "`{value}` printed as `{printed}` reads back differently"
            );
        }
    }
}

fn check_spans(value: &str, e: &ExprNode) {
    span_inside(value, e.span, "expression node");
    match &e.expr {
        Expr::List(items) | Expr::Call(_, items) => {
            items.iter().for_each(|x| check_spans(value, x));
        }
        Expr::Range(a, b) | Expr::Binary(_, a, b) => {
            check_spans(value, a);
            check_spans(value, b);
        }
        Expr::Unary(_, x) => check_spans(value, x),
        _ => {}
    }
}

// ------------------------------------------------------------ position_text

/// The bundled rule files that build, as games at their setup, in file-name order.
fn bundled_games() -> &'static [(String, Game)] {
    static GAMES: OnceLock<Vec<(String, Game)>> = OnceLock::new();
    GAMES.get_or_init(|| {
        bundled_variants()
            .into_iter()
            .filter_map(|path| {
                let source = std::fs::read_to_string(&path).ok()?;
                let rules = motley_interpreter::build_path(&path, &source).ok()?;
                let game = Game::new(Arc::new(rules));
                Some((path.file_stem()?.to_string_lossy().into_owned(), game))
            })
            .collect()
    })
}

/// The number of ranks of a FEN's board field.
fn ranks_of(fen: &str) -> usize {
    board_field(fen).split('/').count()
}

/// A FEN's board field without the holdings (`[...]`).
fn board_field(fen: &str) -> &str {
    let board = fen.split_whitespace().next().unwrap_or_default();
    board.split('[').next().unwrap_or_default()
}

/// The first `ranks` ranks of a FEN's board, square by square: `.` for an
/// empty square, else the piece as written (`P`, `+P`, `P~`). Comparing an
/// accepted FEN's squares with those of the FEN printed from it catches
/// text the reader passed over (pieces after a full rank).
pub fn board_squares(fen: &str, ranks: usize) -> Vec<Vec<String>> {
    board_field(fen)
        .split('/')
        .take(ranks)
        .map(|rank| {
            let mut squares: Vec<String> = Vec::new();
            let mut chars = rank.chars().peekable();
            let mut promoted = false;
            while let Some(c) = chars.next() {
                if c.is_ascii_digit() {
                    let mut run = c.to_string();
                    while let Some(d) = chars.next_if(char::is_ascii_digit) {
                        run.push(d);
                    }
                    let empty = run.parse::<usize>().unwrap_or(usize::MAX).min(1 << 10);
                    squares.extend(std::iter::repeat_n(".".to_string(), empty));
                } else if c == '+' {
                    promoted = true;
                } else if c == '~' {
                    if let Some(last) = squares.last_mut() {
                        last.push('~');
                    }
                } else {
                    squares.push(if std::mem::take(&mut promoted) {
                        format!("+{c}")
                    } else {
                        c.to_string()
                    });
                }
            }
            squares
        })
        .collect()
}

/// Target `position_text`: the first line names a bundled variant (its
/// file stem, e.g. `chess`; other text picks one by its bytes), the
/// second is a FEN, the other lines (at most 32) are move texts; a line
/// `#N` plays the legal move numbered N. Never a panic; an accepted FEN
/// has, square by square, the board it was written with ([`board_squares`]),
/// and the position after each accepted move, prints and reads back to
/// itself with the same legal moves up to the documented unmoved-piece
/// gap ([`fen_fixed_point`]); a refused FEN or move
/// leaves the position as it was; an accepted move is one of the listed
/// legal moves, and its SAN plays the same move.
pub fn position_text(data: &[u8]) {
    let games = bundled_games();
    if games.is_empty() {
        return;
    }
    let text = String::from_utf8_lossy(data);
    let mut lines = text.split('\n');
    let pick = lines.next().unwrap_or_default();
    let index = games
        .iter()
        .position(|(name, _)| name == pick)
        .unwrap_or_else(|| pick.bytes().map(usize::from).sum::<usize>() % games.len());
    let setup = &games[index].1;
    let mut game = setup.clone();
    let fen = lines.next().unwrap_or_default();
    let before = game.fen();
    match game.set_fen(fen) {
        Ok(()) => {
            assert_eq!(
                board_squares(fen, ranks_of(&game.fen())),
                board_squares(&game.fen(), ranks_of(&game.fen())),
                "the FEN `{fen}` was accepted as `{}`: the boards differ",
                game.fen()
            );
            fen_fixed_point(&game, setup);
        }
        Err(_) => assert_eq!(
            game.fen(),
            before,
            "a refused FEN `{fen}` changed the position"
        ),
    }
    for line in lines.take(32) {
        let legal = game.legal_moves();
        let before = game.fen();
        let mv = match line
            .strip_prefix('#')
            .and_then(|n| n.trim().parse::<usize>().ok())
        {
            Some(n) if !legal.is_empty() => legal[n % legal.len()].clone(),
            _ => line.to_string(),
        };
        let mut copy = game.clone();
        match game.play(&mv) {
            Err(e) => {
                assert_eq!(
                    game.fen(),
                    before,
                    "refused move `{mv}` ({e}) changed the position"
                );
                assert!(
                    !legal.contains(&mv),
                    "listed legal move `{mv}` refused at `{before}`: {e}"
                );
            }
            Ok(san) => {
                let after = game.fen();
                let san_again = copy.play(&san).unwrap_or_else(|e| {
                    panic!("`{mv}` played as SAN `{san}` at `{before}`, which is refused: {e}")
                });
                assert_eq!(copy.fen(), after, "`{mv}` and its SAN `{san}` (read back as `{san_again}`) lead to different positions from `{before}`");
                fen_fixed_point(&game, setup);
            }
        }
    }
}

// ------------------------------------------------------------ differential

/// One loaded variant and ruling choice, both implementations at its setup.
#[derive(Clone, Debug)]
pub struct Pairing {
    /// The variant's name.
    pub variant: String,
    /// The rulings set, `(id, value)`; empty for the defaults.
    pub rulings: Vec<(String, String)>,
    /// The interpreter.
    pub interp: Interp,
    /// The engine.
    pub engine: Engine,
}

/// For each variant both implement (in the engine's order), its pairings:
/// default rulings first, then each non-default option of each ruling.
pub fn pairings() -> &'static [Vec<Pairing>] {
    static PAIRINGS: OnceLock<Vec<Vec<Pairing>>> = OnceLock::new();
    PAIRINGS.get_or_init(|| {
        let files: Vec<(String, PathBuf)> = bundled_variants()
            .into_iter()
            .filter_map(|p| Some((variant_name(&p).ok()?, p)))
            .collect();
        motley_engine::Game::variants()
            .iter()
            .map(|name| {
                let Some((_, path)) = files.iter().find(|(n, _)| n == name) else {
                    return Vec::new();
                };
                let Ok(source) = std::fs::read_to_string(path) else {
                    return Vec::new();
                };
                let Ok(expanded) =
                    load::expand(&path.to_string_lossy(), &source, &load::parents_on_disk)
                else {
                    return Vec::new();
                };
                let Ok(file) = load::load(&expanded.text) else {
                    return Vec::new();
                };
                let mut choices = vec![Vec::new()];
                for r in &file.rulings {
                    for option in r.options.iter().filter(|o| **o != r.default.value) {
                        choices.push(vec![(r.id.clone(), option.clone())]);
                    }
                }
                choices
                    .into_iter()
                    .filter_map(|rulings| {
                        let mut interp = Interp::new();
                        let mut engine = Engine::new();
                        interp.load(path, &rulings).ok()?;
                        engine.load(path, &rulings).ok()?;
                        Some(Pairing {
                            variant: name.to_string(),
                            rulings,
                            interp,
                            engine,
                        })
                    })
                    .collect()
            })
            .collect()
    })
}

/// Target `differential`: byte 0 picks the variant (in
/// `motley_engine::Game::variants()` order; skipped while its rule file is
/// missing), byte 1 the ruling choice, bytes 2..10 a seed, and each later
/// byte one move (`byte % number of legal moves`); after the bytes the
/// seed picks, up to 120 plies. Legal moves, FEN and outcome must agree
/// before every move.
pub fn differential(data: &[u8]) {
    if let Err(e) = differential_game(data) {
        panic!("{e}");
    }
}

/// Legal moves, FEN and outcome agree. Returns the legal moves and
/// whether the game has ended. Each implementation is asked each question
/// once; on a difference [`compare_here`] asks again and builds the report.
fn compare(
    a: &mut Interp,
    b: &mut Engine,
    moves: &[String],
) -> Result<(Vec<String>, bool), DiffError> {
    let broken = |e: ImplError| DiffError::Broken(e.to_string());
    let legal = a.legal_moves().map_err(broken)?;
    let outcome = a.outcome().map_err(broken)?;
    let same = legal == b.legal_moves().map_err(broken)?
        && a.fen().map_err(broken)? == b.fen().map_err(broken)?
        && outcome == b.outcome().map_err(broken)?;
    if !same {
        compare_here(a, b, None, moves)?;
        return Err(DiffError::Broken(format!(
            "a difference after [{}] that asking again did not show",
            moves.join(" ")
        )));
    }
    Ok((legal, outcome.is_some()))
}

/// [`differential`] returning the disagreement instead of panicking.
pub fn differential_game(data: &[u8]) -> Result<(), DiffError> {
    let all = pairings();
    let (Some(&v), Some(&r)) = (data.first(), data.get(1)) else {
        return Ok(());
    };
    let Some(choices) = all.get(v as usize % all.len().max(1)) else {
        return Ok(());
    };
    if choices.is_empty() {
        return Ok(());
    }
    let pairing = &choices[r as usize % choices.len()];
    let mut seed = [0u8; 8];
    let tail = data.get(2..).unwrap_or_default();
    let n = tail.len().min(8);
    seed[..n].copy_from_slice(&tail[..n]);
    let mut rng = SplitMix64::new(u64::from_le_bytes(seed));
    let mut choices = tail.get(8..).unwrap_or_default().iter();
    let (mut a, mut b) = (pairing.interp.clone(), pairing.engine.clone());
    let mut moves: Vec<String> = Vec::new();
    a.set_position(None, &moves)
        .map_err(|e| DiffError::Broken(e.to_string()))?;
    b.set_position(None, &moves)
        .map_err(|e| DiffError::Broken(e.to_string()))?;
    let (mut legal, mut ended) = compare(&mut a, &mut b, &moves)?;
    for _ in 0..120 {
        if legal.is_empty() || ended {
            break;
        }
        let i = match choices.next() {
            Some(&c) => c as usize % legal.len(),
            None => rng.below(legal.len()),
        };
        let mv = legal[i].clone();
        let (ra, rb) = (a.play(&mv), b.play(&mv));
        if let Err(e) = ra.and(rb) {
            return Err(DiffError::Broken(format!(
                "{} with rulings {:?} after [{}]: listed move {mv} refused: {e}",
                pairing.variant,
                pairing.rulings,
                moves.join(" ")
            )));
        }
        moves.push(mv);
        (legal, ended) = compare(&mut a, &mut b, &moves).map_err(|e| match e {
            DiffError::Disagree(mut d) => {
                d.what = format!(
                    "{} (variant {}, rulings {:?})",
                    d.what, pairing.variant, pairing.rulings
                );
                DiffError::Disagree(d)
            }
            other => other,
        })?;
    }
    Ok(())
}

// ------------------------------------------------------------ generated_rules

/// Movement atoms the generator draws from.
pub const GEN_ATOMS: [&str; 18] = [
    "W", "F", "D", "N", "A", "H", "C", "Z", "G", "K", "R", "B", "Q", "(1,0)", "(3,1)", "(4,1)",
    "(2,3)", "(0,2)",
];
/// Direction modifiers the generator draws from; the last ones (`l`, `r`)
/// make a file asymmetric between the players.
pub const GEN_DIRS: [&str; 16] = [
    "", "", "", "f", "b", "v", "s", "fs", "ff", "bb", "fb", "fv", "l", "r", "fl", "br",
];
/// Mode modifiers the generator draws from.
pub const GEN_MODES: [&str; 14] = [
    "", "", "m", "c", "mc", "i", "im", "n", "mn", "p", "g", "cp", "e", "ce",
];

/// A structured description of a small rule file.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct RuleDesc {
    /// Board files, read as `3 + files % 6`.
    pub files: u8,
    /// Board ranks, read as `3 + ranks % 6`.
    pub ranks: u8,
    /// The royal piece's movement; `None`: `K`.
    pub royal: Option<PieceDesc>,
    /// Further piece types (at most 4 are used).
    pub pieces: Vec<PieceDesc>,
    /// White's royal square (index, modulo the board).
    pub royal_square: u8,
    /// White's other pieces: (square, piece type) pairs; Black's are their
    /// mirror image (ranks reversed) unless `asymmetric_setup`.
    pub placements: Vec<(u8, u8)>,
    /// Black's pieces placed independently: (square, type) pairs.
    pub asymmetric_setup: Option<Vec<(u8, u8)>>,
    /// Black moves first.
    pub black_first: bool,
    /// Promotion: (type that promotes, type it becomes), on the last rank.
    pub promotion: Option<(u8, u8)>,
    /// Seed of the random play.
    pub seed: u64,
    /// Plies of random play (read modulo 16).
    pub plies: u8,
    /// The optional sections: castling, drops, gating, freezing, replies,
    /// turns of several moves.
    pub sections: SectionsDesc,
}

/// Optional sections of a generated rule file; piece types are indexes
/// into the generated types, files and atoms are read modulo their lists.
#[derive(Clone, Debug, Default)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct SectionsDesc {
    /// `castling`: the rook type, the king's and the rook's target files,
    /// and the castling field of the setup (an index into
    /// [`GEN_CASTLING_FIELDS`]).
    pub castling: Option<(u8, u8, u8, u8)>,
    /// `hand` (captures go to the capturer) and `drops` of every generated
    /// type, in a zone of [`GEN_ZONES`].
    pub drops: Option<u8>,
    /// `gating` of this type on the first rank, one of each side in hand.
    pub gating: Option<u8>,
    /// `freeze`: the freezing type, its reach (an atom of [`GEN_ATOMS`])
    /// and settings (bit 0: `highest-value`; bits 1-2: `linger`; bit 3:
    /// `trigger: arrival`).
    pub freeze: Option<(u8, u8, u8)>,
    /// `replies`: the opening type, the replying type and the reply's
    /// movement.
    pub replies: Option<(u8, u8, ComponentDesc)>,
    /// `turn`: `2 + n % 2` moves per turn; bit 2 `capture: any`; bit 3
    /// `later_moves: required`.
    pub turn: Option<u8>,
}

/// Castling fields a generated setup may have.
pub const GEN_CASTLING_FIELDS: [&str; 5] = ["-", "K", "Q", "Kk", "KQkq"];

/// Zones generated drops may use.
pub const GEN_ZONES: [&str; 5] = [
    "true",
    "rank >= 2",
    "rank <= 2",
    "file in [a, c]",
    "not reach_from_outside(W)",
];

/// A piece type: up to 3 components.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct PieceDesc {
    /// The components (at most 3 used; none: `W`).
    pub components: Vec<ComponentDesc>,
}

/// One Betza component: indexes into [`GEN_DIRS`], [`GEN_MODES`], [`GEN_ATOMS`].
#[derive(Clone, Debug)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct ComponentDesc {
    /// Index into [`GEN_DIRS`].
    pub dirs: u8,
    /// Index into [`GEN_MODES`].
    pub modes: u8,
    /// Index into [`GEN_ATOMS`].
    pub atom: u8,
    /// 0 or 1 plain; 2 doubled (a rider); 3.. a range `2 + n % 3`.
    pub ride: u8,
    /// A rifle capture `cab` (ignores `modes`).
    pub rifle: bool,
}

const GEN_LETTERS: [char; 4] = ['P', 'S', 'X', 'Y'];

impl ComponentDesc {
    fn betza(&self) -> String {
        let atom = GEN_ATOMS[self.atom as usize % GEN_ATOMS.len()];
        let dirs = GEN_DIRS[self.dirs as usize % GEN_DIRS.len()];
        let is_letter = atom.len() == 1;
        let rider = matches!(atom, "R" | "B" | "Q");
        let atom = match self.ride {
            2 if is_letter && !rider => format!("{atom}{atom}"),
            n if n >= 3 => format!("{atom}{}", 2 + n % 3),
            _ => atom.to_string(),
        };
        if self.rifle {
            format!("{dirs}cab{atom}")
        } else {
            format!(
                "{dirs}{}{atom}",
                GEN_MODES[self.modes as usize % GEN_MODES.len()]
            )
        }
    }
}

impl PieceDesc {
    fn betza(&self) -> String {
        let s: String = self
            .components
            .iter()
            .take(3)
            .map(ComponentDesc::betza)
            .collect();
        if s.is_empty() {
            "W".to_string()
        } else {
            s
        }
    }
}

impl RuleDesc {
    /// The optional sections as YAML; `letter` maps a type index to a
    /// generated letter (none when there are no types besides the royal).
    fn sections_yaml(
        &self,
        files: usize,
        gated: Option<char>,
        letter: &dyn Fn(u8) -> Option<char>,
    ) -> String {
        let s = &self.sections;
        let file = |n: u8| (b'a' + n % files as u8) as char;
        let all: Vec<String> = (0..self.pieces.len().min(GEN_LETTERS.len()))
            .map(|i| GEN_LETTERS[i].to_string())
            .collect();
        let mut yaml = String::new();
        if let Some((rook, king_to, rook_to, _)) = s.castling.filter(|_| files > 1) {
            if let Some(rook) = letter(rook) {
                // King and rook end on different files (spec/LANGUAGE.md §8).
                let rook_to = if file(rook_to) == file(king_to) {
                    rook_to % files as u8 + 1
                } else {
                    rook_to
                };
                yaml.push_str(&format!(
                    "castling:\n  king: K\n  rook: {rook}\n  sides:\n    - {{ king_to: {}, rook_to: {} }}\n",
                    file(king_to),
                    file(rook_to)
                ));
            }
        }
        if let Some(zone) = s.drops.filter(|_| !all.is_empty()) {
            yaml.push_str(&format!(
                "hand:\n  captured: capturer\ndrops:\n  - pieces: [{}]\n    zone: \"{}\"\n",
                all.join(", "),
                GEN_ZONES[zone as usize % GEN_ZONES.len()]
            ));
        }
        if let Some(g) = gated {
            yaml.push_str(&format!(
                "gating:\n  - pieces: [{g}]\n    zone: rank == 1\n    vacated_by: [unmoved]\n"
            ));
        }
        if let Some((by, reach, settings)) = s.freeze {
            if let Some(by) = letter(by) {
                let reach = GEN_ATOMS[reach as usize % GEN_ATOMS.len()];
                let choose = if settings & 1 == 1 {
                    "highest-value"
                } else {
                    "all"
                };
                let trigger = if settings & 8 == 8 {
                    "arrival"
                } else {
                    "recompute"
                };
                yaml.push_str(&format!(
                    "freeze:\n  - {{ by: [{by}], reach: \"{reach}\", immune: [K], choose: {choose}, linger: {}, trigger: {trigger} }}\n",
                    (settings >> 1) % 4
                ));
            }
        }
        if let Some((opener, replier, reply)) = &s.replies {
            if let (Some(opener), Some(replier)) = (letter(*opener), letter(*replier)) {
                let opened =
                    self.pieces[GEN_LETTERS.iter().position(|&l| l == opener).unwrap_or(0)].betza();
                yaml.push_str(&format!(
                    "replies:\n  - key: reply\n    opened_by: {{ pieces: [{opener}], moves: \"{opened}\" }}\n    reply: {{ pieces: [{replier}], moves: \"{}\" }}\n",
                    reply.betza()
                ));
            }
        }
        if let Some(turn) = s.turn {
            yaml.push_str(&format!(
                "turn:\n  moves: {}\n  capture: {}\n  later_moves: {}\n",
                2 + turn % 2,
                if turn & 4 == 4 { "any" } else { "first-only" },
                if turn & 8 == 8 {
                    "required"
                } else {
                    "optional"
                }
            ));
        }
        yaml
    }
}

/// A generated rule file: its YAML and what the oracles need to know of it.
#[derive(Clone, Debug)]
pub struct Generated {
    /// The rule file.
    pub yaml: String,
    /// Whether the rules and setup are the same for both players seen from
    /// their side (no `l`/`r` directions, mirrored setup), so a position
    /// and its colour-mirrored twin must have the same perft.
    pub symmetric: bool,
    /// Seed of the random play.
    pub seed: u64,
    /// Plies of random play.
    pub plies: usize,
}

impl RuleDesc {
    /// Prints the description as a rule file.
    pub fn generate(&self) -> Generated {
        let files = 3 + (self.files % 6) as usize;
        let ranks = 3 + (self.ranks % 6) as usize;
        let pieces: Vec<&PieceDesc> = self.pieces.iter().take(GEN_LETTERS.len()).collect();
        let letter = |t: u8| (!pieces.is_empty()).then(|| GEN_LETTERS[t as usize % pieces.len()]);
        let board = self.setup_board(files, ranks, &letter);
        let mut fen = board_fen(&board, files, ranks);
        let s = &self.sections;
        let gated = s.gating.and_then(letter);
        if let Some(g) = gated {
            fen.push_str(&format!("[{g}{}]", g.to_ascii_lowercase()));
        }
        let castling_field = s.castling.map_or("-", |(.., field)| {
            GEN_CASTLING_FIELDS[field as usize % GEN_CASTLING_FIELDS.len()]
        });
        fen.push_str(&format!(
            " {} {castling_field} - 0 1",
            if self.black_first { "b" } else { "w" }
        ));
        let royal = self
            .royal
            .as_ref()
            .map_or("K".to_string(), PieceDesc::betza);
        let mut yaml = format!("motley: 1\nname: generated\nboard: {{ files: {files}, ranks: {ranks} }}\npieces:\n  - {{ letter: K, name: king, moves: \"{royal}\", royal: true }}\n");
        let mut betzas = vec![royal];
        for (i, p) in pieces.iter().enumerate() {
            let b = p.betza();
            yaml.push_str(&format!(
                "  - {{ letter: {}, name: piece{i}, moves: \"{b}\", value: {} }}\n",
                GEN_LETTERS[i],
                i + 1
            ));
            betzas.push(b);
        }
        yaml.push_str(&format!("setup: \"{fen}\"\n"));
        if let (Some((from, to)), Some(_)) = (self.promotion, letter(0)) {
            let (from, to) = (letter(from).unwrap_or('P'), letter(to).unwrap_or('P'));
            yaml.push_str(&format!(
                "promotion:\n  - {{ pieces: [{from}], zone: \"rank == {ranks}\", to: [{to}] }}\n"
            ));
        }
        let sections = self.sections_yaml(files, gated, &letter);
        yaml.push_str(&sections);
        // The sections put state in the FEN that the mirror image of
        // `mirror_fen` does not carry over.
        let symmetric = self.asymmetric_setup.is_none()
            && sections.is_empty()
            && !betzas.iter().any(|b| b.contains('l') || b.contains('r'));
        Generated {
            yaml,
            symmetric,
            seed: self.seed,
            plies: (self.plies % 16) as usize,
        }
    }
}

impl RuleDesc {
    /// The setup's board, square by square from a1: the royal pair, then
    /// the placements (mirrored for Black unless the setup is asymmetric).
    fn setup_board(
        &self,
        files: usize,
        ranks: usize,
        letter: &dyn Fn(u8) -> Option<char>,
    ) -> Vec<Option<char>> {
        let size = files * ranks;
        let mut board: Vec<Option<char>> = vec![None; size];
        let mirror = |sq: usize| (ranks - 1 - sq / files) * files + sq % files;
        let free = |board: &Vec<Option<char>>, start: usize| {
            (0..size)
                .map(|i| (start + i) % size)
                .find(|&s| board[s].is_none())
        };
        // The royal pair first, so there is always room for it.
        let wk = self.royal_square as usize % size;
        let wk = if mirror(wk) == wk {
            (wk + files) % size
        } else {
            wk
        };
        board[wk] = Some('K');
        let bk = if self.asymmetric_setup.is_some() {
            free(&board, size - 1 - wk).unwrap_or(mirror(wk))
        } else {
            mirror(wk)
        };
        board[bk] = Some('k');
        for &(sq, t) in self.placements.iter().take(8) {
            let Some(l) = letter(t) else { break };
            let sq = sq as usize % size;
            if self.asymmetric_setup.is_none() {
                if board[sq].is_none() && board[mirror(sq)].is_none() && mirror(sq) != sq {
                    board[sq] = Some(l);
                    board[mirror(sq)] = Some(l.to_ascii_lowercase());
                }
            } else if board[sq].is_none() {
                board[sq] = Some(l);
            }
        }
        for &(sq, t) in self.asymmetric_setup.iter().flatten().take(8) {
            let Some(l) = letter(t) else { break };
            let sq = sq as usize % size;
            if board[sq].is_none() {
                board[sq] = Some(l.to_ascii_lowercase());
            }
        }
        board
    }
}

/// The board part of a FEN: ranks from the last, runs of empty squares as digits.
fn board_fen(board: &[Option<char>], files: usize, ranks: usize) -> String {
    let mut fen = String::new();
    for rank in (0..ranks).rev() {
        let mut empty = 0;
        for file in 0..files {
            match board[rank * files + file] {
                Some(c) => {
                    if empty > 0 {
                        fen.push_str(&empty.to_string());
                        empty = 0;
                    }
                    fen.push(c);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            fen.push_str(&empty.to_string());
        }
        if rank > 0 {
            fen.push('/');
        }
    }
    fen
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

fn temp_rule_file(yaml: &str) -> PathBuf {
    let path = std::env::temp_dir().join(
        format!(
            "motley-fuzz-{}-{:?}.yaml",
            std::process::id(),
            std::thread::current().id()
        )
        .replace(['(', ')'], ""),
    );
    std::fs::write(&path, yaml).expect("write a temporary rule file");
    path
}

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
    let path = temp_rule_file(&g.yaml);
    let mut imp = Interp::new();
    imp.load(&path, &[])
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
#[cfg(feature = "arbitrary")]
pub fn generated_rules_bytes(data: &[u8]) {
    // As libfuzzer-sys reads a `fuzz_target!(|desc: RuleDesc| ...)` input.
    if let Ok(desc) =
        <RuleDesc as arbitrary::Arbitrary>::arbitrary_take_rest(arbitrary::Unstructured::new(data))
    {
        generated_rules(&desc);
    }
}
