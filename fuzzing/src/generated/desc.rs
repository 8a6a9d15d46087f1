//! The structured description of a small rule file that target
//! `generated_rules` reads through `arbitrary`, and its printing as YAML.

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
#[derive(Clone, Debug, arbitrary::Arbitrary)]
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
#[derive(Clone, Debug, Default, arbitrary::Arbitrary)]
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
#[derive(Clone, Debug, arbitrary::Arbitrary)]
pub struct PieceDesc {
    /// The components (at most 3 used; none: `W`).
    pub components: Vec<ComponentDesc>,
}

/// One Betza component: indexes into [`GEN_DIRS`], [`GEN_MODES`], [`GEN_ATOMS`].
#[derive(Clone, Debug, arbitrary::Arbitrary)]
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
    let rank_text = |rank: &[Option<char>]| -> String {
        rank.chunk_by(|a, b| a.is_none() && b.is_none())
            .map(|run| match run[0] {
                Some(c) => c.to_string(),
                None => run.len().to_string(),
            })
            .collect()
    };
    let rank_texts: Vec<String> = board
        .chunks(files)
        .take(ranks)
        .rev()
        .map(rank_text)
        .collect();
    rank_texts.join("/")
}

#[cfg(test)]
mod tests {
    use super::board_fen;

    #[test]
    fn board_fen_writes_ranks_from_the_last_with_runs_of_empty_squares() {
        let board = [
            Some('R'),
            None,
            None,
            Some('K'),
            None,
            None,
            None,
            None,
            Some('k'),
            None,
            Some('p'),
            Some('p'),
        ];
        assert_eq!(board_fen(&board, 4, 3), "k1pp/4/R2K");
    }
}
