//! A game in progress: rules, position and history, with a text interface
//! (FEN, canonical move text) for the command line and the conformance runner.

use std::sync::Arc;

use std::collections::BTreeMap;

use crate::check::{check, choose_rulings};
use crate::color::Color;
use crate::compile::compile;
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::load::{expand, load, no_parents, parents_on_disk, ReadParent, RuleFile};
use crate::play::{Outcome, PlayError, Position, Reason, Rules, Start};
use crate::program::{RepetitionResult, Variant};

/// Why a rule file could not be made playable.
pub type LoadError = Diagnostics;

/// A rule file made playable, as [`build`] returns it: the loaded rule
/// file (for pages that quote it, and for building its rules anew under
/// other ruling options) and its rules under the default options.
#[derive(Clone, Debug)]
pub struct Built {
    /// The rule file as loaded, the files it extends merged in.
    pub file: Arc<RuleFile>,
    /// The playable rules.
    pub rules: Arc<Rules>,
}

/// Runs load → check → compile on rule-file text, with default rulings,
/// and validates its setup. Every other option of every ruling is built
/// too, one at a time, so that a file broken under one of them is refused
/// now; such a problem names the option (`under ID=OPTION: ...`). The text
/// comes from no file, so an `extends` in it is refused: see
/// [`build_named`] and [`build_path`].
pub fn build(source: &str) -> Result<Built, LoadError> {
    build_named("", source, &no_parents)
}

/// [`build`] for the text of a rule file read from disk at `path`: the
/// files it extends (spec/LANGUAGE.md §1.1) are read beside it.
pub fn build_path(path: &std::path::Path, source: &str) -> Result<Built, LoadError> {
    build_named(&path.to_string_lossy(), source, &parents_on_disk)
}

/// [`build`] for the text of a rule file called `name`, whose `extends`
/// are read by `read` (given the name resolved against `name`'s folder).
/// Every diagnostic is placed in the file it is in: one of a parent file
/// carries that file ([`Diagnostic::file`]).
pub fn build_named(name: &str, source: &str, read: ReadParent) -> Result<Built, LoadError> {
    let expanded = expand(name, source, read)?;
    build_text(&expanded.text).map_err(|d| expanded.locate(d))
}

/// [`build`] on the text the loader reads, merged from the files a file
/// extends.
fn build_text(source: &str) -> Result<Built, LoadError> {
    let file = Arc::new(load(source).map_err(|d| d.clamped(source))?);
    let rulings =
        choose_rulings(&file, &[]).map_err(|m| Diagnostics::from(Diagnostic::whole(m)))?;
    let rules = build_with(&file, &rulings).map_err(|d| d.clamped(source))?;
    let mut problems: Vec<Diagnostic> = Vec::new();
    for ruling in &file.rulings {
        for option in ruling
            .options
            .iter()
            .filter(|o| **o != ruling.default.value)
        {
            let given = [(ruling.id.clone(), option.clone())];
            let Ok(chosen) = choose_rulings(&file, &given) else {
                continue;
            };
            if let Err(d) = build_with(&file, &chosen) {
                for mut problem in d.0 {
                    problem.message = format!("under {}={option}: {}", ruling.id, problem.message);
                    if !problems.contains(&problem) {
                        problems.push(problem);
                    }
                }
            }
        }
    }
    if problems.is_empty() {
        Ok(Built {
            file,
            rules: Arc::new(rules),
        })
    } else {
        Err(Diagnostics(problems).clamped(source))
    }
}

/// Check → compile a loaded rule file with the given ruling options.
fn build_with(file: &RuleFile, rulings: &BTreeMap<String, String>) -> Result<Rules, LoadError> {
    let variant = check(file, rulings)?;
    let rules = compile_setup(variant, file)?;
    if let Some((problem, at)) = rules.shuffle_problem() {
        return Err(Diagnostics::from(Diagnostic::at(at, problem)));
    }
    Ok(rules)
}

/// Compiles a checked variant and reads its setup; a setup FEN that is
/// refused is placed at its offending part.
fn compile_setup(variant: Variant, file: &RuleFile) -> Result<Rules, LoadError> {
    crate::notation::rules(compile(variant)).map_err(|e| match e {
        PlayError::Fen { reason, at, fen } => {
            let message = format!("invalid setup: {reason}");
            let setup = &file.setup;
            // An expression (a ruling choosing the setup) is reported as a whole.
            let diagnostic = match at.filter(|_| !setup.value.contains('(')) {
                Some((start, len)) => {
                    // Byte offsets, widened to whole characters.
                    let widen = |mut i: usize, step: isize| {
                        i = i.min(fen.len());
                        while !fen.is_char_boundary(i) {
                            i = i.saturating_add_signed(step);
                        }
                        i
                    };
                    let (from, to) = (widen(start, -1), widen(start + len, 1));
                    Diagnostic::at(
                        setup.span_at(fen[..from].chars().count(), fen[from..to].chars().count()),
                        message,
                    )
                }
                None => setup.error(message),
            };
            Diagnostics::from(diagnostic)
        }
        other => Diagnostics::from(Diagnostic::whole(other.to_string())),
    })
}

/// A game of one variant: the current position and the positions before it.
#[derive(Clone, Debug)]
pub struct Game {
    /// The rule file the rules were built from.
    file: Arc<RuleFile>,
    rules: Arc<Rules>,
    position: Position,
    /// Zobrist keys ([`Rules::key`]) of the positions since the last
    /// irreversible move, current last.
    history: Vec<u64>,
    /// Per position of `history`: whether the side to move was in check
    /// (kept only where perpetual check loses, §10).
    checked: Vec<bool>,
    /// The FEN the moves were played from, when not the setup.
    start_fen: Option<String>,
    /// The moves played since the start, oldest first.
    played: Vec<Played>,
}

/// A move played in a game: its canonical text and its SAN.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// Canonical text, e.g. `g1f3`.
    pub uci: String,
    /// SAN in the variant's notation, e.g. `Nf3`.
    pub san: String,
    /// The side that played it.
    pub side: Color,
    /// The move number of the turn it belongs to.
    pub number: u32,
    /// Whether it began its side's turn (§16: later moves of a turn do not).
    pub starts_turn: bool,
}

impl Game {
    /// Reads rule-file text and starts a game at its setup.
    pub fn from_source(source: &str) -> Result<Game, LoadError> {
        Ok(Game::new(build(source)?))
    }

    /// Reads the rule file at `path`, with the files it extends, and
    /// starts a game at its setup.
    pub fn from_path(path: &std::path::Path) -> Result<Game, LoadError> {
        let source = crate::load::read_text(path)?;
        Ok(Game::new(build_path(path, &source)?))
    }

    /// Starts a game at the setup of built rules ([`build`], [`Game::built`]).
    pub fn new(built: Built) -> Game {
        let Built { file, rules } = built;
        let position = rules.start.clone();
        let mut game = Game {
            file,
            rules,
            position,
            history: Vec::new(),
            checked: Vec::new(),
            start_fen: None,
            played: Vec::new(),
        };
        game.remember();
        game
    }

    /// The rules being played.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The rules being played, shared.
    pub fn shared_rules(&self) -> Arc<Rules> {
        self.rules.clone()
    }

    /// The rule file the rules were built from.
    pub fn rule_file(&self) -> &RuleFile {
        &self.file
    }

    /// The rule file and the rules being played, shared: a new game of
    /// the same rules starts from it ([`Game::new`]).
    pub fn built(&self) -> Built {
        Built {
            file: self.file.clone(),
            rules: self.rules.clone(),
        }
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The Zobrist keys ([`Rules::key`]) of the positions since the last
    /// irreversible move, the current one last.
    pub fn history(&self) -> &[u64] {
        &self.history
    }

    /// Sets a ruling (`ID=VALUE`, the id full or short). The rules are
    /// rebuilt with it and the game starts again from the setup.
    pub fn set_ruling(&mut self, id: &str, value: &str) -> Result<(), PlayError> {
        self.set_rulings(&[(id.to_string(), value.to_string())])
    }

    /// Sets several rulings at once (pairs of id, full or short, and
    /// option; an id given twice is refused). The rules are rebuilt with
    /// them and the game starts again from the setup. Rules broken under
    /// this combination of options are reported as [`PlayError::Rules`].
    pub fn set_rulings(&mut self, settings: &[(String, String)]) -> Result<(), PlayError> {
        let file = self.file.clone();
        let prefix = format!("{}.", file.name.value);
        let short = |id: &str| id.strip_prefix(&prefix).unwrap_or(id).to_string();
        for (i, (id, _)) in settings.iter().enumerate() {
            if settings[..i]
                .iter()
                .any(|(other, _)| short(other) == short(id))
            {
                return Err(PlayError::Ruling {
                    reason: format!("ruling `{}` is set twice", short(id)),
                });
            }
        }
        let mut given: Vec<(String, String)> =
            self.rules.variant.rulings.clone().into_iter().collect();
        given.extend(settings.iter().cloned());
        let chosen =
            choose_rulings(&file, &given).map_err(|reason| PlayError::Ruling { reason })?;
        let rules = build_with(&file, &chosen).map_err(|diagnostics| PlayError::Rules {
            rulings: settings
                .iter()
                .map(|(id, value)| format!("{}={value}", short(id)))
                .collect::<Vec<_>>()
                .join(" "),
            diagnostics,
        })?;
        *self = Game::new(Built {
            file,
            rules: Arc::new(rules),
        });
        Ok(())
    }

    /// Starts the game again from `start` (spec/LANGUAGE.md §6.4): the
    /// setup, or the array of a shuffled start that a seed or a Chess960
    /// number draws, which then stands as the game's setup and
    /// [`Game::start_fen`]. Rulings set before are kept.
    ///
    /// ```
    /// use motley_interpreter::{Game, Start};
    ///
    /// let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../spec/variants/fischerandom.yaml");
    /// let mut game = Game::from_path(std::path::Path::new(path))?;
    /// game.start_with(Start::Chess960(0))?;
    /// assert_eq!(game.fen(), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
    /// assert!(game.start_with(Start::Chess960(960)).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn start_with(&mut self, start: Start) -> Result<(), PlayError> {
        let rules = self.rules.starting(start)?;
        *self = Game::new(Built {
            file: self.file.clone(),
            rules: Arc::new(rules),
        });
        if start != Start::Setup {
            self.start_fen = Some(self.fen());
        }
        Ok(())
    }

    /// Replaces the position by a FEN; the history starts anew.
    pub fn set_fen(&mut self, fen: &str) -> Result<(), PlayError> {
        self.position = self.rules.position(fen)?;
        self.history.clear();
        self.checked.clear();
        self.remember();
        self.start_fen = Some(self.fen());
        self.played.clear();
        Ok(())
    }

    /// The FEN the game started from when it was not the setup.
    pub fn start_fen(&self) -> Option<&str> {
        self.start_fen.as_deref()
    }

    /// The moves played since the start (or the last `set_fen`), oldest first.
    pub fn played(&self) -> &[Played] {
        &self.played
    }

    /// The current position as FEN.
    pub fn fen(&self) -> String {
        self.rules.fen(&self.position)
    }

    /// The legal moves in canonical text, sorted.
    pub fn legal_moves(&self) -> Vec<String> {
        let mut moves = Vec::new();
        self.rules.legal(&self.position, &mut moves);
        let mut text: Vec<String> = moves.iter().map(|m| self.rules.uci(m)).collect();
        text.sort();
        text
    }

    /// The legal moves as (canonical text, SAN), sorted by SAN.
    pub fn legal_moves_san(&self) -> Vec<(String, String)> {
        let mut moves = Vec::new();
        self.rules.legal(&self.position, &mut moves);
        let mut text: Vec<(String, String)> = moves
            .iter()
            .map(|m| (self.rules.uci(m), self.rules.san(&self.position, m)))
            .collect();
        text.sort_by(|a, b| a.1.cmp(&b.1));
        text
    }

    /// Plays a move given as canonical text or SAN; on error nothing changes.
    /// Returns the move's SAN. A move refused after the game has ended is
    /// reported as [`PlayError::GameOver`].
    pub fn play(&mut self, text: &str) -> Result<String, PlayError> {
        let m = match self.rules.parse_move(&self.position, text) {
            Ok(m) => m,
            Err(PlayError::IllegalMove { text, .. }) if self.outcome().is_some() => {
                return Err(PlayError::GameOver {
                    text,
                    outcome: self.outcome().expect("just seen"),
                })
            }
            Err(e) => return Err(e),
        };
        let san = self.rules.san(&self.position, &m);
        self.played.push(Played {
            uci: self.rules.uci(&m),
            san: san.clone(),
            side: self.position.side_to_move(),
            number: self.position.fullmove,
            starts_turn: self.position.sub == 0,
        });
        self.make(m);
        Ok(san)
    }

    fn make(&mut self, m: crate::play::Move) {
        self.position.make(&self.rules, m);
        if self.position.halfmove == 0 {
            self.history.clear();
            self.checked.clear();
        }
        self.remember();
    }

    /// Adds the current position to the history.
    fn remember(&mut self) {
        self.history.push(self.key());
        if self.rules.variant.perpetual_check_loses {
            self.checked.push(self.rules.in_check(&self.position));
        }
    }

    /// The end by repetition (§10), if the current position has occurred
    /// `n` times: drawn, or lost by a side (`repetition_result`,
    /// `perpetual_check`).
    fn repetition(&self, n: u32) -> Option<Outcome> {
        let now = self.history.len() - 1;
        let key = self.history[now];
        // The earliest of the `n` latest occurrences starts the cycle.
        let start = self
            .history
            .iter()
            .enumerate()
            .rev()
            .filter(|(_, k)| **k == key)
            .nth(n as usize - 1)?
            .0;
        let pos = &self.position;
        let to_move = pos.side;
        if self.rules.variant.perpetual_check_loses {
            // Positions at an even distance from now have the side to move
            // to move; every one of them in check: the opponent checked
            // throughout. Likewise at odd distances for the side to move.
            let throughout = |parity: usize| {
                (start..=now)
                    .filter(|i| (now - i) % 2 == parity)
                    .all(|i| self.checked[i])
            };
            let by_opponent = throughout(0);
            let by_mover = now > start && throughout(1);
            let winner = match (by_opponent, by_mover) {
                (true, false) => Some(Some(to_move)),
                (false, true) => Some(Some(to_move ^ 1)),
                (true, true) => Some(None),
                (false, false) => None,
            };
            if let Some(winner) = winner {
                return Some(match winner {
                    Some(w) => Outcome {
                        winner: Some(Color::from_index(w)),
                        reason: Reason::PerpetualCheck,
                    },
                    None => self.rules.drawn(pos, Reason::PerpetualCheck),
                });
            }
        }
        let reason = Reason::Repetition(n);
        let repeater = pos.last_mover();
        let winner = match self.rules.variant.repetition_result {
            RepetitionResult::Draw => return Some(self.rules.drawn(pos, reason)),
            RepetitionResult::Loss => repeater ^ 1,
            RepetitionResult::Win => repeater,
            RepetitionResult::LostBy(c) => c ^ 1,
        };
        Some(Outcome {
            winner: Some(Color::from_index(winner)),
            reason,
        })
    }

    /// How the game has ended, or `None` while it goes on. An end decided by
    /// the last move (§19) comes first, then mate and stalemate, the
    /// fifty-move rule, repetition, the counting rules and dead material.
    pub fn outcome(&self) -> Option<Outcome> {
        let decided = self.rules.outcome(&self.position);
        // Repetition comes before dead material and the counting rules (§10).
        let after_repetition = [Reason::InsufficientMaterial, Reason::Counting];
        if decided.is_some_and(|o| !after_repetition.contains(&o.reason)) {
            return decided;
        }
        if let Some(n) = self.rules.variant.repetition {
            if let Some(outcome) = self.repetition(n) {
                return Some(outcome);
            }
        }
        decided
    }

    /// The current position as `viewer` may see it: board text, FEN, and
    /// the names of the pieces not shown.
    pub fn view_text(&self, viewer: Color) -> (String, String, Vec<String>) {
        let view = self.rules.view(&self.position, viewer.index());
        let hidden = view
            .hidden
            .iter()
            .map(|&piece| {
                let colour = Rules::colour_name((piece as usize - 1) & 1);
                format!(
                    "{colour} {}",
                    self.rules.variant.pieces[(piece as usize - 1) / 2].name
                )
            })
            .collect();
        (
            self.rules.board_text(&view.position),
            self.rules.fen(&view.position),
            hidden,
        )
    }

    /// Whether the side to move is in check.
    pub fn in_check(&self) -> bool {
        self.rules.in_check(&self.position)
    }

    /// The pieces in each side's hand (White, Black) as (letter, count),
    /// in the order of the rule file; empty when the variant has no hands.
    pub fn hands(&self) -> [Vec<(char, u8)>; 2] {
        [0, 1].map(|colour| {
            if !self.rules.tracks_hands {
                return Vec::new();
            }
            self.rules
                .variant
                .pieces
                .iter()
                .enumerate()
                .map(|(ty, p)| (p.letter, self.rules.held(&self.position, colour, ty)))
                .filter(|&(_, n)| n > 0)
                .collect()
        })
    }

    /// The squares of the frozen pieces (§12.3, §15), e.g. `["d5"]`.
    pub fn frozen(&self) -> Vec<String> {
        self.position
            .freezes
            .frozen
            .iter()
            .map(|sq| crate::play::square_name(self.rules.tables.files, sq))
            .collect()
    }

    /// Within a turn of several moves (§16), the number of the move due
    /// (2 for the second); `None` at the start of a turn.
    pub fn turn_move(&self) -> Option<u8> {
        (self.position.sub > 0).then_some(self.position.sub + 1)
    }

    /// Perft from the current position, every leaf played.
    pub fn perft(&self, depth: u32) -> u64 {
        self.rules.perft(&self.position, depth)
    }

    /// Perft per root move, sorted by move text, on `threads` threads, the
    /// last ply counted as `leaves` says.
    pub fn divide(
        &self,
        depth: u32,
        leaves: crate::play::Leaves,
        threads: usize,
        progress: &(dyn Fn(usize, usize) + Sync),
    ) -> Vec<(String, u64)> {
        self.rules
            .divide(&self.position, depth, leaves, threads, progress)
    }

    /// The position's identity for repetition: what its FEN without the
    /// clocks says, as a Zobrist key.
    fn key(&self) -> u64 {
        self.rules.key(&self.position)
    }
}
