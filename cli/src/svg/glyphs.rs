//! Piece glyphs, drawn in a 50x50 box: a built-in set for the orthodox
//! types (king, queen, rook, bishop, knight, pawn, recognised by name) and
//! the letter in a circle for every other type.

use super::escape;

/// The shapes of an orthodox piece, filled with the piece's colour.
fn orthodox(name: &str) -> Option<&'static str> {
    Some(match name {
        "king" => {
            "<path d=\"M23.5 7h3v5h5v3h-5v7h-3v-7h-5v-3h5z\"/>\
             <path d=\"M13 40C8 30 13 21 19 23C22 24 24 27 25 30C26 27 28 24 31 23C37 21 42 30 37 40z\"/>\
             <rect x=\"12\" y=\"39\" width=\"26\" height=\"5\" rx=\"1\"/>"
        }
        "queen" => {
            "<path d=\"M12 40L9 18L16 30L18 13L22 29L25 10L28 29L32 13L34 30L41 18L38 40z\"/>\
             <circle cx=\"9\" cy=\"17\" r=\"2.5\"/><circle cx=\"18\" cy=\"12\" r=\"2.5\"/>\
             <circle cx=\"25\" cy=\"9\" r=\"2.5\"/><circle cx=\"32\" cy=\"12\" r=\"2.5\"/>\
             <circle cx=\"41\" cy=\"17\" r=\"2.5\"/>\
             <rect x=\"12\" y=\"39\" width=\"26\" height=\"5\" rx=\"1\"/>"
        }
        "rook" => {
            "<path d=\"M13 44H37V39H33V23H36V13H32V17H28V13H22V17H18V13H14V23H17V39H13z\"/>"
        }
        "bishop" => {
            "<circle cx=\"25\" cy=\"8\" r=\"3\"/>\
             <path d=\"M25 11C31 15 34 21 32 28C31 31 19 31 18 28C16 21 19 15 25 11z\"/>\
             <rect x=\"18\" y=\"31\" width=\"14\" height=\"4\"/>\
             <path d=\"M11 43C17 37 33 37 39 43V45H11z\"/>"
        }
        "knight" => {
            "<path d=\"M15 43H36C37 32 36 20 28 12L27 7L23 11C18 12 12 19 10 25C10 29 13 30 16 28L20 26C21 30 16 34 15 43z\"/>"
        }
        "pawn" => {
            "<circle cx=\"25\" cy=\"16\" r=\"6\"/>\
             <path d=\"M17 40Q17 27 25 24Q33 27 33 40z\"/>\
             <rect x=\"13\" y=\"39\" width=\"24\" height=\"5\" rx=\"1\"/>"
        }
        _ => return None,
    })
}

/// The `<symbol>` of a piece type for one colour (0 White, 1 Black), with
/// the id `id`.
pub fn symbol(id: &str, name: &str, letter: char, colour: usize) -> String {
    let (fill, line) = if colour == 0 {
        ("#ffffff", "#000000")
    } else {
        ("#202020", "#000000")
    };
    let body = match orthodox(&name.to_ascii_lowercase()) {
        Some(shapes) => format!(
            "<g fill=\"{fill}\" stroke=\"{line}\" stroke-width=\"1.5\" stroke-linejoin=\"round\">{shapes}</g>"
        ),
        None => {
            let text = if colour == 0 { "#000000" } else { "#ffffff" };
            format!(
                "<circle cx=\"25\" cy=\"25\" r=\"18\" fill=\"{fill}\" stroke=\"{line}\" stroke-width=\"1.5\"/>\
                 <text x=\"25\" y=\"32.5\" text-anchor=\"middle\" font-family=\"sans-serif\" \
                 font-weight=\"bold\" font-size=\"21\" fill=\"{text}\">{}</text>",
                escape(&letter.to_string())
            )
        }
    };
    format!(
        "<symbol id=\"{id}\" viewBox=\"0 0 50 50\"><title>{}</title>{body}</symbol>",
        escape(name)
    )
}
