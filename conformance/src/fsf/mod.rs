//! Fairy-Stockfish as an implementation under test: the reference the
//! field uses for about 120 variants, asked through two real sources.
//!
//! * PyPI's `pyffish` (FSF's own Python binding), through the bridge
//!   process of `conformance/fsf/bridge.py`: legal moves, FEN, game
//!   results, and perft when the other source cannot count.
//! * Debian's `fairy-stockfish` (UCI, `go perft`) counts perft from depth
//!   [`UCI_FROM_DEPTH`] on when it is installed and knows the variant: it
//!   is much faster than recursing over pyffish's legal moves (each call
//!   costs about 1.5 ms of CPU: pyffish rebuilds the variant's piece
//!   tables every time). The Debian build (11.1) is older than pyffish
//!   (0.0.90); where they disagree pyffish is the reference (Seirawan in a
//!   Chess960 array, `qbbrnkrn...[HEhe] w ABCDEFGHabcdefgh`, perft 3: 21170
//!   in pyffish, 33081 in 11.1). `FSF_PERFT=pyffish` makes pyffish count
//!   at every depth, `FSF_PERFT=uci` the engine.
//!
//! The variant is named by `fsf:VARIANT`, else by the rule file's stem
//! (`spec/variants/atomic.yaml` is FSF's `atomic`). Notation is
//! translated in [`notation`] only.

mod bridge;
pub mod notation;

use std::path::Path;
use std::sync::Arc;

use serde_json::{json, Value};

use crate::implementation::{build, Color, ImplError, Implementation, Outcome, Reason, Rulings};
use crate::uci::Uci;
use bridge::Bridge;
use notation::Notation;

/// The words of the outcome reason when FSF ends a game by a rule it does
/// not name (a variant's own win condition: [`Outcome::reason`] `None`),
/// which matches any reason.
pub const UNNAMED_RULE: &str = "a rule Fairy-Stockfish does not name";

/// The depth from which the UCI engine counts perft, when it can; pyffish
/// counts shallower trees (a perft 3 costs it a few seconds).
pub const UCI_FROM_DEPTH: u32 = 4;

/// Where the Debian package installs the engine.
const DEBIAN_ENGINE: &str = "/usr/games/fairy-stockfish";

/// The FSF engine program for perft: `$FSF_ENGINE`, else Debian's, else
/// `fairy-stockfish` on the path; `None` when none is there.
fn engine_program() -> Option<String> {
    if let Ok(program) = std::env::var("FSF_ENGINE") {
        return Some(program);
    }
    if Path::new(DEBIAN_ENGINE).exists() {
        return Some(DEBIAN_ENGINE.to_string());
    }
    std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|dir| dir.join("fairy-stockfish"))
            .find(|p| p.exists())
            .map(|p| p.display().to_string())
    })
}

/// Which source counts perft.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PerftSource {
    /// pyffish below depth [`UCI_FROM_DEPTH`], the UCI engine from there
    /// on when it is installed and knows the variant.
    Auto,
    /// pyffish at every depth.
    Pyffish,
    /// The UCI engine at every depth (pyffish when it is absent).
    Uci,
}

impl PerftSource {
    /// The source `$FSF_PERFT` names (`pyffish`, `uci`), else `Auto`.
    pub fn from_env() -> PerftSource {
        match std::env::var("FSF_PERFT").as_deref() {
            Ok("pyffish") => PerftSource::Pyffish,
            Ok("uci") => PerftSource::Uci,
            _ => PerftSource::Auto,
        }
    }
}

/// What FSF says of the position it stands on.
#[derive(Clone, Debug)]
struct State {
    /// Legal moves: (Motley text, FSF text), sorted by Motley text.
    legal: Vec<(String, String)>,
    /// The FEN in Motley's form.
    fen: String,
    /// The FEN as FSF prints it.
    raw_fen: String,
    outcome: Option<Outcome>,
}

/// Fairy-Stockfish behind [`Implementation`] (`--impl fsf[:VARIANT]`).
pub struct Fsf {
    /// The FSF variant name given with `fsf:VARIANT`.
    chosen: Option<String>,
    bridge: Option<Bridge>,
    version: String,
    known: Vec<String>,
    /// The FSF variant in use, after `load`.
    variant: String,
    notation: Arc<Notation>,
    /// The variant's setup as FSF writes it.
    setup: String,
    /// The start of the current position, in FSF's form.
    fen: String,
    /// The moves from it, in FSF's text.
    moves: Vec<String>,
    state: Option<State>,
    /// Debian's engine for perft; `None` when absent or without the variant.
    engine: Option<Uci>,
    perft_source: PerftSource,
}

impl Fsf {
    /// Fairy-Stockfish playing `variant`, or the rule file's stem when `None`.
    pub fn new(variant: Option<&str>) -> Fsf {
        Fsf {
            chosen: variant.map(str::to_string),
            bridge: None,
            version: String::new(),
            known: Vec::new(),
            variant: String::new(),
            notation: Arc::new(Notation::default()),
            setup: String::new(),
            fen: String::new(),
            moves: Vec::new(),
            state: None,
            engine: None,
            perft_source: PerftSource::from_env(),
        }
    }

    /// Counts perft with `source`.
    pub fn with_perft(mut self, source: PerftSource) -> Fsf {
        self.perft_source = source;
        self
    }

    /// Whether pyffish can be used here; the error says why not.
    pub fn available() -> Result<(), String> {
        Bridge::start().map(|_| ()).map_err(|e| e.to_string())
    }

    /// The FSF variant name a rule file is judged as: its file stem.
    pub fn default_variant(path: &Path) -> String {
        path.file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default()
    }

    fn bridge(&mut self) -> Result<&mut Bridge, ImplError> {
        if self.bridge.is_none() {
            let (bridge, version, known) = Bridge::start()?;
            self.bridge = Some(bridge);
            self.version = version;
            self.known = known;
        }
        self.bridge
            .as_mut()
            .ok_or_else(|| ImplError::Failed("pyffish bridge not started".to_string()))
    }

    fn request(&self, cmd: &str) -> Value {
        json!({"cmd": cmd, "variant": self.variant, "fen": self.fen, "moves": self.moves})
    }

    /// The state of the current position, asked once per position.
    fn state(&mut self) -> Result<&State, ImplError> {
        if self.state.is_none() {
            let request = self.request("state");
            let answer = self.bridge()?.ask(&request, true)?;
            self.state = Some(self.read_state(&answer)?);
        }
        self.state
            .as_ref()
            .ok_or_else(|| ImplError::Failed("no position".to_string()))
    }

    fn read_state(&self, answer: &Value) -> Result<State, ImplError> {
        let unreadable = || ImplError::Failed(format!("pyffish bridge: unreadable state {answer}"));
        let raw_fen = answer["fen"].as_str().ok_or_else(unreadable)?.to_string();
        let board = self.notation.board(&raw_fen).ok_or_else(|| {
            ImplError::Failed(format!(
                "Fairy-Stockfish's FEN `{raw_fen}` does not fit the rule file's board"
            ))
        })?;
        let mut legal: Vec<(String, String)> = answer["legal"]
            .as_array()
            .ok_or_else(unreadable)?
            .iter()
            .filter_map(Value::as_str)
            .map(|m| (self.notation.move_to_motley(&board, m), m.to_string()))
            .collect();
        legal.sort();
        let white = raw_fen.split_whitespace().nth(1) == Some("w");
        let winner = |value: i64| match value.signum() {
            0 => None,
            1 if white => Some(Color::White),
            -1 if !white => Some(Color::White),
            _ => Some(Color::Black),
        };
        let flag = |key: &str| answer[key][0].as_bool().unwrap_or(false);
        let value = |key: &str| answer[key][1].as_i64().unwrap_or(0);
        let outcome =
            |winner: Option<Color>, reason: Option<Reason>| Some(Outcome { winner, reason });
        let outcome = if flag("immediate") {
            outcome(winner(value("immediate")), None)
        } else if legal.is_empty() {
            let result = answer["result"].as_i64().unwrap_or(0);
            match answer["in_check"].as_bool().unwrap_or(false) {
                // A mate the mated side wins: shogi's mate by a pawn drop
                // as FSF rules it (LANGUAGE.md §14.2 `checkmate: loses`).
                true if result > 0 => outcome(winner(result), Some(Reason::CheckmateByDrop)),
                true => outcome(winner(result), Some(Reason::Checkmate)),
                false => outcome(winner(result), Some(Reason::Stalemate)),
            }
        } else if flag("optional") {
            // While a count of the counting rules runs, its limit stands
            // in the en passant field and its plies in the halfmove
            // clock's (LANGUAGE.md §10.1); the fifty-move count is not shown.
            let numbers: Vec<u32> = raw_fen
                .split_whitespace()
                .skip(3)
                .filter_map(|f| f.parse::<u32>().ok())
                .collect();
            let counting = raw_fen
                .split_whitespace()
                .nth(3)
                .is_some_and(|f| f.bytes().all(|b| b.is_ascii_digit()));
            let halfmove = raw_fen
                .split_whitespace()
                .filter_map(|f| f.parse::<u32>().ok())
                .next();
            // A claimable end FSF scores as a win (perpetual check, a
            // repetition or move limit decided by material counting) is
            // not named by it.
            let reason = match halfmove {
                _ if value("optional") != 0 => None,
                _ if counting && numbers.get(1) > numbers.first() => Some(Reason::Counting),
                _ if counting => Some(Reason::Repetition(3)),
                // Without a move rule, a claimable draw is a repetition.
                Some(n) if n >= 100 && self.notation.fifty_move => Some(Reason::FiftyMoveRule),
                _ => Some(Reason::Repetition(3)),
            };
            outcome(winner(value("optional")), reason)
        } else if flag("insufficient") && answer["insufficient"][1].as_bool() == Some(true) {
            outcome(None, Some(Reason::InsufficientMaterial))
        } else {
            None
        };
        let captures: Vec<String> = answer["captures"]
            .as_array()
            .map(|c| {
                c.iter()
                    .filter_map(Value::as_str)
                    .map(str::to_string)
                    .collect()
            })
            .unwrap_or_default();
        Ok(State {
            legal,
            fen: self.notation.with_passes(
                self.notation.fen_to_motley(&raw_fen, &board, &captures),
                &self.moves,
            ),
            raw_fen,
            outcome,
        })
    }

    /// Plays one move given in Motley's (or FSF's own) text.
    fn step(&mut self, mv: &str) -> Result<(), ImplError> {
        let state = self.state()?;
        let Some((_, fsf)) = state.legal.iter().find(|(m, f)| m == mv || f == mv) else {
            let listed: Vec<&str> = state.legal.iter().map(|(m, _)| m.as_str()).collect();
            return Err(ImplError::Rejected(format!(
                "illegal move `{mv}` in `{}` (Fairy-Stockfish's legal moves: {})",
                state.fen,
                if listed.is_empty() {
                    "none".to_string()
                } else {
                    listed.join(" ")
                }
            )));
        };
        let fsf = fsf.clone();
        self.moves.push(fsf);
        self.state = None;
        Ok(())
    }

    /// Debian's engine at the current position, when it can count here.
    fn engine(&mut self) -> Option<&mut Uci> {
        let engine = self.engine.as_mut()?;
        engine
            .set_position(Some(&self.fen), &self.moves)
            .ok()
            .map(|_| engine)
    }

    /// Perft at the current position counted by Debian's engine, as FSF
    /// counts (the last ply in bulk), with the CPU time the engine spent;
    /// `None` when the engine is absent or lacks the variant.
    pub fn timed_engine_perft(
        &mut self,
        depth: u32,
    ) -> Result<Option<(u64, std::time::Duration)>, ImplError> {
        match self.engine() {
            Some(engine) => engine.timed_perft(depth).map(Some),
            None => Ok(None),
        }
    }

    /// Perft divide in FSF's text.
    fn fsf_divide(&mut self, depth: u32) -> Result<Vec<(String, u64)>, ImplError> {
        let uci = match self.perft_source {
            PerftSource::Uci => true,
            PerftSource::Pyffish => false,
            PerftSource::Auto => depth >= UCI_FROM_DEPTH,
        };
        if uci {
            if let Some(engine) = self.engine() {
                return engine.divide(depth);
            }
        }
        let mut request = self.request("perft");
        request["depth"] = json!(depth);
        let answer = self.bridge()?.ask(&request, false)?;
        answer
            .as_array()
            .map(|rows| {
                rows.iter()
                    .filter_map(|r| Some((r[0].as_str()?.to_string(), r[1].as_u64()?)))
                    .collect()
            })
            .ok_or_else(|| ImplError::Failed(format!("pyffish bridge: unreadable perft {answer}")))
    }
}

impl Implementation for Fsf {
    fn name(&self) -> String {
        match &self.chosen {
            Some(v) => format!("fsf:{v}"),
            None => "fsf".to_string(),
        }
    }

    fn load(&mut self, file: &str, source: &str, rulings: &Rulings) -> Result<(), ImplError> {
        if let Some((id, _)) = rulings.first() {
            return Err(ImplError::Unsupported(format!(
                "rulings (`{id}`): Fairy-Stockfish plays each variant one way"
            )));
        }
        let rules = build(file, source)?.rules;
        let name = self
            .chosen
            .clone()
            .unwrap_or_else(|| Fsf::default_variant(Path::new(file)));
        self.bridge()?;
        if !self.known.contains(&name) {
            return Err(ImplError::Unsupported(format!(
                "Fairy-Stockfish (pyffish {}) has no variant `{name}`",
                self.version
            )));
        }
        self.variant = name.clone();
        self.notation = Arc::new(Notation::new(&rules));
        let start = self.request("start");
        self.setup = self
            .bridge()?
            .ask(&start, true)?
            .as_str()
            .ok_or_else(|| ImplError::Failed("pyffish bridge: unreadable start".to_string()))?
            .to_string();
        self.fen = self.setup.clone();
        self.moves.clear();
        self.state = None;
        self.engine = None;
        if self.perft_source != PerftSource::Pyffish {
            if let Some(program) = engine_program() {
                let mut engine = Uci::for_fsf(&program, &name);
                if engine.load(file, source, &[]).is_ok() {
                    self.engine = Some(engine);
                }
            }
        }
        Ok(())
    }

    fn set_position(&mut self, fen: Option<&str>, moves: &[String]) -> Result<(), ImplError> {
        self.fen = match fen {
            Some(fen) => {
                let fen = self.notation.fen_to_fsf(fen);
                let check = json!({"cmd": "check", "variant": self.variant, "fen": fen});
                self.bridge()?.ask(&check, true)?;
                fen
            }
            None => self.setup.clone(),
        };
        self.moves.clear();
        self.state = None;
        for mv in moves {
            self.step(mv)?;
        }
        Ok(())
    }

    fn legal_moves(&mut self) -> Result<Vec<String>, ImplError> {
        Ok(self.state()?.legal.iter().map(|(m, _)| m.clone()).collect())
    }

    fn play(&mut self, mv: &str) -> Result<(), ImplError> {
        self.step(mv)
    }

    fn fen(&mut self) -> Result<String, ImplError> {
        Ok(self.state()?.fen.clone())
    }

    fn outcome(&mut self) -> Result<Option<Outcome>, ImplError> {
        Ok(self.state()?.outcome)
    }

    fn perft(&mut self, depth: u32) -> Result<u64, ImplError> {
        match depth {
            0 => Ok(1),
            1 => Ok(self.state()?.legal.len() as u64),
            _ => Ok(self.fsf_divide(depth)?.iter().map(|r| r.1).sum()),
        }
    }

    fn divide(&mut self, depth: u32) -> Result<Vec<(String, u64)>, ImplError> {
        if depth == 0 {
            return Ok(Vec::new());
        }
        let rows = self.fsf_divide(depth)?;
        let raw_fen = self.state()?.raw_fen.clone();
        let board = self.notation.board(&raw_fen).ok_or_else(|| {
            ImplError::Failed(format!("Fairy-Stockfish's FEN `{raw_fen}` is unreadable"))
        })?;
        let mut rows: Vec<(String, u64)> = rows
            .into_iter()
            .map(|(m, n)| (self.notation.move_to_motley(&board, &m), n))
            .collect();
        rows.sort();
        Ok(rows)
    }
}
