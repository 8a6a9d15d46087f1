//! `motley svg`: boards and move diagrams as standalone SVG 1.1 documents,
//! written by hand (no external resources, every text escaped).

mod diagram;
mod drawing;
mod glyphs;

pub use diagram::diagrams;

pub use drawing::{board, BoardOptions};

/// `text` escaped for XML character data and attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            _ => out.push(c),
        }
    }
    out
}

/// The squares named in a move text, in order: `e2e4` gives e2 and e4,
/// `N@g5` gives g5. Names are a lower-case file letter and a rank number.
pub fn squares_in(text: &str, files: u8, ranks: u8) -> Vec<u8> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i].is_ascii_lowercase() {
            let digits = bytes[i + 1..]
                .iter()
                .take_while(|b| b.is_ascii_digit())
                .count();
            if digits > 0 {
                let name = &text[i..i + 1 + digits];
                if let Some(sq) = motley_interpreter::parse_square(files, ranks, name) {
                    out.push(sq);
                }
                i += 1 + digits;
                continue;
            }
        }
        i += 1;
    }
    out
}

/// Squares (a flag per square, White's view) in words when they are whole
/// files or whole ranks: `files a, h`, `ranks 8`.
pub fn zone_words(flags: &[bool], files: usize) -> Option<String> {
    let ranks = flags.len() / files;
    let whole_files: Vec<usize> = (0..files)
        .filter(|&f| (0..ranks).all(|r| flags[r * files + f]))
        .collect();
    let whole_ranks: Vec<usize> = (0..ranks)
        .filter(|&r| (0..files).all(|f| flags[r * files + f]))
        .collect();
    let count = flags.iter().filter(|&&b| b).count();
    if !whole_files.is_empty() && whole_files.len() * ranks == count {
        let names: Vec<String> = whole_files
            .iter()
            .map(|&f| ((b'a' + f as u8) as char).to_string())
            .collect();
        Some(format!("files {}", names.join(", ")))
    } else if !whole_ranks.is_empty() && whole_ranks.len() * files == count {
        let names: Vec<String> = whole_ranks.iter().map(|r| (r + 1).to_string()).collect();
        Some(format!("ranks {}", names.join(", ")))
    } else {
        None
    }
}
