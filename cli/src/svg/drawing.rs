//! One picture of a board: squares, coordinates, pieces, hands, overlays
//! (last move, check, highlights, frozen and hidden pieces, arrows) and
//! move-diagram marks with their legend.

use std::fmt::Write;

use motley_interpreter::Game;
use motley_interpreter::{square_name, Rules};

use super::{escape, glyphs, squares_in};

/// Side of a square in the picture.
const S: u32 = 50;
/// Room for the rank numbers left of the board.
const LEFT: u32 = 24;
/// Room for the file letters below the board.
const BELOW: u32 = 22;
/// Width of the hands panel.
const HANDS: u32 = 120;
/// Height of one legend row.
const ROW: u32 = 22;

/// What a move-diagram mark says the piece does on its square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Act {
    /// Moves there or captures there.
    MoveOrCapture,
    /// Moves there, never captures there.
    Move,
    /// Captures there, never moves there.
    Capture,
    /// Captures there without moving (shoots).
    Shoot,
    /// Gets there by hopping over a piece in between.
    Hop,
}

/// How a piece reaches a marked square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Way {
    /// Along its path, which must be clear.
    Plain,
    /// Only as its first move.
    Initial,
    /// Jumping over whatever stands between.
    Jump,
}

/// A move-diagram mark on a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Mark {
    /// What the piece does there.
    pub act: Act,
    /// How it gets there.
    pub way: Way,
    /// Only under the condition the diagram is drawn for.
    pub conditional: bool,
}

impl Mark {
    /// The words of the legend for this mark.
    pub fn label(self) -> String {
        let act = match self.act {
            Act::MoveOrCapture => "moves or captures",
            Act::Move => "moves only (no capture)",
            Act::Capture => "captures only",
            Act::Shoot => "shoots: captures without moving",
            Act::Hop => "hops over a piece to here",
        };
        let way = match self.way {
            Way::Plain => "",
            Way::Initial => ", first move only",
            Way::Jump => ", jumping",
        };
        let condition = if self.conditional {
            ", only under the condition"
        } else {
            ""
        };
        format!("{act}{way}{condition}")
    }

    /// The mark's shapes centred on (`x`, `y`), scaled by `k`.
    fn shapes(self, x: f64, y: f64, k: f64) -> String {
        let colour = match self.way {
            Way::Plain => "#1d8a3a",
            Way::Initial => "#1f5fbf",
            Way::Jump => "#8a2be2",
        };
        let r = 8.0 * k;
        let mut out = match self.act {
            Act::MoveOrCapture => format!("<circle cx=\"{x}\" cy=\"{y}\" r=\"{r}\" fill=\"{colour}\"/>"),
            Act::Move => format!(
                "<circle cx=\"{x}\" cy=\"{y}\" r=\"{r}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"{}\"/>",
                3.0 * k
            ),
            Act::Capture => format!(
                "<path d=\"M{} {}L{} {}M{} {}L{} {}\" stroke=\"{colour}\" stroke-width=\"{}\" stroke-linecap=\"round\"/>",
                x - r, y - r, x + r, y + r, x - r, y + r, x + r, y - r, 4.0 * k
            ),
            Act::Shoot => format!(
                "<circle cx=\"{x}\" cy=\"{y}\" r=\"{}\" fill=\"none\" stroke=\"#c0392b\" stroke-width=\"{w}\"/>\
                 <path d=\"M{} {y}H{}M{x} {}V{}\" stroke=\"#c0392b\" stroke-width=\"{w}\"/>",
                1.5 * r,
                x - 2.0 * r,
                x + 2.0 * r,
                y - 2.0 * r,
                y + 2.0 * r,
                w = 2.5 * k
            ),
            Act::Hop => format!(
                "<path d=\"M{x} {}L{} {}L{} {}z\" fill=\"{colour}\" stroke=\"#e67e22\" stroke-width=\"{}\"/>",
                y - r,
                x + r,
                y + r,
                x - r,
                y + r,
                2.0 * k
            ),
        };
        if self.conditional {
            let h = 22.0 * k;
            let _ = write!(
                out,
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"#e67e22\" \
                 stroke-width=\"{}\" stroke-dasharray=\"{} {}\"/>",
                x - h,
                y - h,
                2.0 * h,
                2.0 * h,
                3.0 * k,
                5.0 * k,
                3.0 * k
            );
        }
        out
    }

    /// The mark's classes: the act, the way and `conditional` when it is,
    /// e.g. `move jump`.
    fn class(self) -> String {
        let act = match self.act {
            Act::MoveOrCapture => "move-capture",
            Act::Move => "move",
            Act::Capture => "capture",
            Act::Shoot => "shoot",
            Act::Hop => "hop",
        };
        let way = match self.way {
            Way::Plain => "plain",
            Way::Initial => "initial",
            Way::Jump => "jump",
        };
        let condition = if self.conditional { " conditional" } else { "" };
        format!("{act} {way}{condition}")
    }
}

/// Everything one picture shows.
pub struct Drawing<'a> {
    /// The variant: board size, piece names and letters.
    pub rules: &'a Rules,
    /// Pieces: square, type, colour.
    pub pieces: Vec<(u8, usize, usize)>,
    /// Black at the bottom.
    pub flip: bool,
    /// Tinted squares: square and colour.
    pub tints: Vec<(u8, &'static str)>,
    /// Frozen pieces.
    pub frozen: Vec<u8>,
    /// Wall squares (spec/LANGUAGE.md §11.6), drawn dark.
    pub walls: Vec<u8>,
    /// Squares whose piece the viewer may not see.
    pub hidden: Vec<u8>,
    /// Move-diagram marks.
    pub marks: Vec<(u8, Mark)>,
    /// Arrows: from, to.
    pub arrows: Vec<(u8, u8)>,
    /// Pieces in hand per colour, when the variant keeps hands.
    pub hands: Option<[Vec<(char, u8)>; 2]>,
    /// A caption above the board.
    pub title: Option<String>,
}

/// Tint of the last move's squares.
const LAST_MOVE: &str = "#f7ec5e";
/// Tint of a royal piece in check.
const CHECK: &str = "#e5483b";
/// Tint of squares highlighted on request.
const HIGHLIGHT: &str = "#4a90d9";

/// Options of `motley svg` for a position.
#[derive(Default)]
pub struct BoardOptions {
    /// Draw the position as this player sees it (0 White, 1 Black).
    pub viewer: Option<usize>,
    /// Black at the bottom.
    pub flip: bool,
    /// Squares to highlight.
    pub highlight: Vec<u8>,
    /// Arrows to draw: from, to.
    pub arrows: Vec<(u8, u8)>,
}

/// The SVG document of the game's position.
pub fn board(game: &Game, options: &BoardOptions) -> String {
    let rules = game.rules();
    let files = rules.files();
    let full = game.position();
    let position = match options.viewer {
        Some(v) => rules.view(full, v).position,
        None => full.clone(),
    };
    let squares = files as usize * rules.ranks() as usize;
    let occupant = |pos: &motley_interpreter::Position, sq: usize| pos.piece_at(sq as u8);
    let walls = position.walls();
    let pieces = (0..squares)
        .filter(|&sq| occupant(&position, sq) != 0 && !walls.has(sq as u8))
        .map(|sq| {
            let code = occupant(&position, sq) as usize - 1;
            (sq as u8, code / 2, code & 1)
        })
        .collect();
    let hidden = (0..squares)
        .filter(|&sq| occupant(full, sq) != 0 && occupant(&position, sq) == 0)
        .map(|sq| sq as u8)
        .collect();
    let mut tints = Vec::new();
    if let Some(last) = game.played().last() {
        if options.viewer.is_none_or(|v| v == last.side.index()) {
            for sq in squares_in(&last.uci, files, rules.ranks()) {
                tints.push((sq, LAST_MOVE));
            }
        }
    }
    if game.in_check() {
        for sq in full.royals(full.side_to_move()).iter() {
            tints.push((sq, CHECK));
        }
    }
    tints.extend(options.highlight.iter().map(|&sq| (sq, HIGHLIGHT)));
    Drawing {
        rules,
        pieces,
        flip: options.flip,
        tints,
        frozen: position.frozen().iter().collect(),
        walls: position.walls().iter().collect(),
        hidden,
        marks: Vec::new(),
        arrows: options.arrows.clone(),
        hands: rules.tracks_hands().then(|| game.hands()),
        title: None,
    }
    .svg()
}

impl Drawing<'_> {
    /// The picture as a standalone SVG 1.1 document.
    pub fn svg(&self) -> String {
        let frame = Frame {
            files: self.rules.files() as u32,
            ranks: self.rules.ranks() as u32,
            top: if self.title.is_some() { 30 } else { 8 },
            flip: self.flip,
        };
        let mut legend: Vec<Mark> = self.marks.iter().map(|m| m.1).collect();
        legend.sort();
        legend.dedup();
        let board_w = frame.files * S;
        let mut out = String::new();
        self.header(&mut out, &frame, legend.len() as u32);
        self.squares(&mut out, &frame);
        self.coordinates(&mut out, &frame);
        self.things(&mut out, &frame);
        if let Some(hands) = &self.hands {
            out.push_str(&self.hands_panel(hands, frame.top, board_w));
        }
        self.legend(&mut out, &frame, &legend);
        out.push_str("</svg>\n");
        out
    }

    /// The XML declaration, the `<svg>` element, the title, the symbols
    /// and the background; `legend_rows` makes room below the board.
    fn header(&self, out: &mut String, frame: &Frame, legend_rows: u32) {
        let board_w = frame.files * S;
        let width = LEFT + board_w + if self.hands.is_some() { HANDS } else { 10 };
        let legend_h = if legend_rows == 0 {
            0
        } else {
            8 + ROW * legend_rows
        };
        let height = frame.top + frame.ranks * S + BELOW + legend_h;
        let _ = write!(
            out,
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
             <svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" \
             version=\"1.1\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\">\n"
        );
        let _ = writeln!(
            out,
            "<title>{}</title>",
            escape(self.title.as_deref().unwrap_or(&self.rules.variant().name))
        );
        out.push_str(&self.defs());
        let _ = writeln!(
            out,
            "<rect width=\"{width}\" height=\"{height}\" fill=\"#ffffff\"/>"
        );
        if let Some(title) = &self.title {
            let _ = writeln!(
                out,
                "<text x=\"{LEFT}\" y=\"20\" font-family=\"sans-serif\" font-size=\"15\" fill=\"#000000\">{}</text>",
                escape(title)
            );
        }
    }

    /// The squares, then the tints over them.
    fn squares(&self, out: &mut String, frame: &Frame) {
        let (files, ranks) = (frame.files, frame.ranks);
        out.push_str("<g id=\"squares\">\n");
        for sq in (0..files * ranks).map(|sq| sq as u8) {
            let (x, y) = frame.at(sq);
            let (f, r) = (sq as u32 % files, sq as u32 / files);
            let fill = if (f + r) % 2 == 0 {
                "#b58863"
            } else {
                "#f0d9b5"
            };
            let _ = writeln!(
                out,
                "<rect id=\"sq-{}\" x=\"{x}\" y=\"{y}\" width=\"{S}\" height=\"{S}\" fill=\"{fill}\"/>",
                square_name(files as u8, sq)
            );
        }
        out.push_str("</g>\n");
        for &(sq, colour) in &self.tints {
            let (x, y) = frame.at(sq);
            let _ = writeln!(
                out,
                "<rect x=\"{x}\" y=\"{y}\" width=\"{S}\" height=\"{S}\" fill=\"{colour}\" fill-opacity=\"0.55\"/>"
            );
        }
    }

    /// Rank numbers on the left, file letters below.
    fn coordinates(&self, out: &mut String, frame: &Frame) {
        let (files, ranks, top) = (frame.files, frame.ranks, frame.top);
        for i in 0..ranks {
            let rank = if self.flip { i + 1 } else { ranks - i };
            let _ = writeln!(
                out,
                "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-family=\"sans-serif\" font-size=\"12\" fill=\"#000000\">{rank}</text>",
                LEFT / 2,
                top + i * S + S / 2 + 4
            );
        }
        for i in 0..files {
            let file = if self.flip { files - 1 - i } else { i };
            let _ = writeln!(
                out,
                "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-family=\"sans-serif\" font-size=\"12\" fill=\"#000000\">{}</text>",
                LEFT + i * S + S / 2,
                top + ranks * S + 15,
                (b'a' + file as u8) as char
            );
        }
    }

    /// What stands on the squares: walls, pieces, frozen and hidden marks,
    /// move marks and arrows.
    fn things(&self, out: &mut String, frame: &Frame) {
        for &sq in &self.walls {
            let (x, y) = frame.at(sq);
            let _ = writeln!(
                out,
                "<rect class=\"wall\" x=\"{x}\" y=\"{y}\" width=\"{S}\" height=\"{S}\" fill=\"#3a3a3a\"/>"
            );
        }
        for &(sq, ty, colour) in &self.pieces {
            let (x, y) = frame.at(sq);
            let _ = writeln!(
                out,
                "<use xlink:href=\"#{}\" x=\"{x}\" y=\"{y}\" width=\"{S}\" height=\"{S}\"/>",
                symbol_id(ty, colour)
            );
        }
        for &sq in &self.frozen {
            let (x, y) = frame.at(sq);
            let _ = writeln!(
                out,
                "<g class=\"frozen\"><rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"#1e90ff\" stroke-width=\"3\"/>\
                 <text x=\"{}\" y=\"{}\" font-family=\"sans-serif\" font-size=\"16\" fill=\"#1e90ff\">*</text></g>",
                x + 2,
                y + 2,
                S - 4,
                S - 4,
                x + S - 12,
                y + 14
            );
        }
        for &sq in &self.hidden {
            let (x, y) = frame.centre(sq);
            let _ = writeln!(
                out,
                "<text class=\"hidden\" x=\"{x}\" y=\"{}\" text-anchor=\"middle\" font-family=\"sans-serif\" font-size=\"26\" fill=\"#555555\">?</text>",
                y + 9.0
            );
        }
        for &(sq, mark) in &self.marks {
            let (x, y) = frame.centre(sq);
            let _ = writeln!(
                out,
                "<g class=\"mark {}\">{}</g>",
                mark.class(),
                mark.shapes(x, y, 1.0)
            );
        }
        for &(from, to) in &self.arrows {
            let ((x1, y1), (x2, y2)) = (frame.centre(from), frame.centre(to));
            let _ = writeln!(
                out,
                "<line x1=\"{x1}\" y1=\"{y1}\" x2=\"{x2}\" y2=\"{y2}\" stroke=\"#15781b\" stroke-opacity=\"0.75\" \
                 stroke-width=\"7\" marker-end=\"url(#arrowhead)\"/>"
            );
        }
    }

    /// The key to the move marks, below the board.
    fn legend(&self, out: &mut String, frame: &Frame, legend: &[Mark]) {
        let base = frame.top + frame.ranks * S + BELOW + 4;
        for (i, mark) in legend.iter().enumerate() {
            let y = base + i as u32 * ROW + ROW / 2;
            let _ = writeln!(
                out,
                "<g class=\"key {}\">{}<text x=\"{}\" y=\"{}\" font-family=\"sans-serif\" font-size=\"13\" fill=\"#000000\">{}</text></g>",
                mark.class(),
                mark.shapes(LEFT as f64 + 10.0, y as f64, 0.55),
                LEFT + 28,
                y + 4,
                escape(&mark.label())
            );
        }
    }

    /// The symbols of the piece types drawn, and the arrowhead.
    fn defs(&self) -> String {
        let mut used: Vec<(usize, usize)> = self.pieces.iter().map(|&(_, t, c)| (t, c)).collect();
        if let Some(hands) = &self.hands {
            for (colour, hand) in hands.iter().enumerate() {
                for &(letter, _) in hand {
                    if let Some(ty) = self
                        .rules
                        .variant()
                        .pieces
                        .iter()
                        .position(|p| p.letter == letter)
                    {
                        used.push((ty, colour));
                    }
                }
            }
        }
        used.sort();
        used.dedup();
        let mut out = String::from("<defs>\n");
        for (ty, colour) in used {
            let p = &self.rules.variant().pieces[ty];
            out.push_str(&glyphs::symbol(
                &symbol_id(ty, colour),
                &p.name,
                p.letter,
                colour,
            ));
            out.push('\n');
        }
        if !self.arrows.is_empty() {
            out.push_str(
                "<marker id=\"arrowhead\" viewBox=\"0 0 10 10\" refX=\"5\" refY=\"5\" markerWidth=\"3\" \
                 markerHeight=\"3\" orient=\"auto\"><path d=\"M0 0L10 5L0 10z\" fill=\"#15781b\"/></marker>\n",
            );
        }
        out.push_str("</defs>\n");
        out
    }

    /// Each side's hand beside its home edge: the glyph and the count.
    fn hands_panel(&self, hands: &[Vec<(char, u8)>; 2], top: u32, board_w: u32) -> String {
        let ranks = self.rules.ranks() as u32;
        let x = LEFT + board_w + 10;
        let mut out = String::new();
        for (colour, hand) in hands.iter().enumerate() {
            let at_top = (colour == 1) != self.flip;
            let name = if colour == 0 { "white" } else { "black" };
            let y0 = if at_top {
                top
            } else {
                top + ranks * S - 16 - 32 * hand.len().max(1) as u32
            };
            let _ = writeln!(
                out,
                "<g class=\"hand\"><text x=\"{x}\" y=\"{}\" font-family=\"sans-serif\" font-size=\"12\" fill=\"#000000\">{name} hand{}</text>",
                y0 + 12,
                if hand.is_empty() { ": empty" } else { "" }
            );
            for (i, &(letter, n)) in hand.iter().enumerate() {
                let Some(ty) = self
                    .rules
                    .variant()
                    .pieces
                    .iter()
                    .position(|p| p.letter == letter)
                else {
                    continue;
                };
                let y = y0 + 16 + 32 * i as u32;
                let _ = write!(
                    out,
                    "<use xlink:href=\"#{}\" x=\"{x}\" y=\"{y}\" width=\"30\" height=\"30\"/>\
                     <text x=\"{}\" y=\"{}\" font-family=\"sans-serif\" font-size=\"14\" fill=\"#000000\">x{n}</text>",
                    symbol_id(ty, colour),
                    x + 34,
                    y + 20
                );
            }
            out.push_str("</g>\n");
        }
        out
    }
}

/// Where the board stands in the picture: its size, how far down it
/// starts and whether Black is at the bottom.
struct Frame {
    files: u32,
    ranks: u32,
    top: u32,
    flip: bool,
}

impl Frame {
    /// Where a square's top-left corner is drawn.
    fn at(&self, sq: u8) -> (u32, u32) {
        let (f, r) = (u32::from(sq) % self.files, u32::from(sq) / self.files);
        let (col, row) = if self.flip {
            (self.files - 1 - f, r)
        } else {
            (f, self.ranks - 1 - r)
        };
        (LEFT + col * S, self.top + row * S)
    }

    /// Where a square's centre is drawn.
    fn centre(&self, sq: u8) -> (f64, f64) {
        let (x, y) = self.at(sq);
        (
            f64::from(x) + f64::from(S) / 2.0,
            f64::from(y) + f64::from(S) / 2.0,
        )
    }
}

/// The id of a piece type's symbol: `w` or `b` and the type's index.
fn symbol_id(ty: usize, colour: usize) -> String {
    format!("{}{ty}", if colour == 0 { 'w' } else { 'b' })
}
