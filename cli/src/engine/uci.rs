//! `motley uci`: the Universal Chess Interface, as Stockfish and
//! Fairy-Stockfish speak it, for every offered variant.

use std::collections::BTreeMap;
use std::io::{BufRead, Write};
use std::time::Duration;

use motley_interpreter::{Game, Leaves};
use motley_search::{Clock, Info, Limits, Score};

use super::random::Random;
use super::think::Thinker;
use super::variants::Catalog;
use crate::Failure;

/// Default transposition table size, MB.
const HASH_MB: usize = 16;

/// The state of a UCI session.
struct Session {
    catalog: Catalog,
    variant: String,
    rulings: BTreeMap<String, String>,
    game: Game,
    thinker: Thinker,
    random: Option<Random>,
    /// The setup and moves of the `position` command `game` was set up by,
    /// `None` after `ucinewgame` or a change of variant or ruling. A GUI
    /// sends the whole game before each `go`; the moves it shares with the
    /// last command are not played again (replaying a long game's every
    /// move cost a loaded machine its clock).
    line: Option<(Vec<String>, Vec<String>)>,
}

/// Prints a line and flushes, so a GUI reading a pipe sees it at once.
pub fn say(line: &str) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

/// Runs UCI on stdin and stdout until `quit` or the end of input. With
/// `random`, moves are drawn at random (seeded), not searched.
pub fn run(catalog: Catalog, random: Option<u64>) -> Result<(), Failure> {
    let first = catalog
        .entries()
        .first()
        .ok_or_else(|| Failure("no variant to play".into()))?;
    let mut session = Session {
        variant: first.name.clone(),
        game: first.game.clone(),
        rulings: BTreeMap::new(),
        catalog,
        thinker: Thinker::new(HASH_MB),
        random: random.map(Random::new),
        line: None,
    };
    let stdin = std::io::stdin();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&command, args)) = words.split_first() else {
            continue;
        };
        match command {
            "uci" => session.identify(),
            "isready" => say("readyok"),
            "ucinewgame" => session.thinker.reset(None),
            "setoption" => session.set_option(args),
            "position" => session.position(args),
            "go" => session.go(args),
            "stop" => session.thinker.stop(),
            "ponderhit" => {}
            "d" => session.show(),
            "quit" => break,
            _ => say(&format!("info string unknown command `{line}`")),
        }
    }
    session.thinker.stop();
    Ok(())
}

impl Session {
    fn identify(&self) {
        let random = if self.random.is_some() {
            " (random mover)"
        } else {
            ""
        };
        say(&format!(
            "id name Motley {}{random}",
            env!("CARGO_PKG_VERSION")
        ));
        say("id author the Motley developers");
        let names: Vec<&str> = self
            .catalog
            .entries()
            .iter()
            .map(|e| e.name.as_str())
            .collect();
        let default = if names.contains(&"chess") {
            "chess"
        } else {
            names[0]
        };
        say(&format!(
            "option name UCI_Variant type combo default {default} var {}",
            names.join(" var ")
        ));
        say(&format!(
            "option name Hash type spin default {HASH_MB} min 1 max 4096"
        ));
        for (id, options, default) in self.catalog.rulings() {
            say(&format!(
                "option name Ruling {id} type combo default {default} var {}",
                options.join(" var ")
            ));
        }
        say("uciok");
    }

    /// `setoption name NAME value VALUE`.
    fn set_option(&mut self, args: &[&str]) {
        let text = args.join(" ");
        let Some(rest) = text.strip_prefix("name ") else {
            return say(&format!("info string bad setoption `{text}`"));
        };
        let (name, value) = match rest.split_once(" value ") {
            Some((n, v)) => (n.trim(), v.trim()),
            None => (rest.trim(), ""),
        };
        match name {
            _ if name.eq_ignore_ascii_case("UCI_Variant") => match self.catalog.game(value) {
                Some(_) => {
                    self.variant = value.to_string();
                    self.new_game();
                }
                None => say(&format!("info string unknown variant `{value}`")),
            },
            _ if name.eq_ignore_ascii_case("Hash") => match value.parse::<usize>() {
                Ok(mb) if (1..=4096).contains(&mb) => self.thinker.reset(Some(mb)),
                _ => say(&format!("info string bad Hash `{value}`: 1 to 4096 MB")),
            },
            _ => match name.strip_prefix("Ruling ") {
                Some(id) => {
                    let known = self.catalog.rulings().into_iter().find(|r| r.0 == id);
                    match known {
                        Some((_, options, _)) if options.iter().any(|o| o == value) => {
                            self.rulings.insert(id.to_string(), value.to_string());
                            self.new_game();
                        }
                        Some((_, options, _)) => say(&format!(
                            "info string ruling `{id}` has no option `{value}`; the options are: {}",
                            options.join(", ")
                        )),
                        None => say(&format!("info string unknown ruling `{id}`")),
                    }
                }
                None => say(&format!("info string unknown option `{name}`")),
            },
        }
    }

    /// A fresh game of the current variant under the chosen rulings.
    fn fresh(&self) -> Result<Game, String> {
        let mut game = self
            .catalog
            .game(&self.variant)
            .ok_or_else(|| format!("unknown variant `{}`", self.variant))?;
        let prefix = format!("{}.", game.rule_file().name.value);
        for (id, value) in self.rulings.iter().filter(|r| r.0.starts_with(&prefix)) {
            game.set_ruling(id, value).map_err(|e| e.to_string())?;
        }
        Ok(game)
    }

    fn new_game(&mut self) {
        self.thinker.stop();
        self.line = None;
        match self.fresh() {
            Ok(game) => self.game = game,
            Err(e) => say(&format!("info string {e}")),
        }
    }

    /// `position (startpos | fen FEN...) [moves M...]`: all or nothing.
    fn position(&mut self, args: &[&str]) {
        self.thinker.stop();
        let split = args.iter().position(|&w| w == "moves");
        let (setup, moves) = match split {
            Some(i) => (&args[..i], &args[i + 1..]),
            None => (args, &[][..]),
        };
        let setup: Vec<String> = setup.iter().map(ToString::to_string).collect();
        let moves: Vec<String> = moves.iter().map(ToString::to_string).collect();
        let result = (|| -> Result<Game, String> {
            let (mut game, played) = match &self.line {
                Some((known, played)) if *known == setup && moves.starts_with(played) => {
                    (self.game.clone(), played.len())
                }
                _ => (self.set_up(&setup)?, 0),
            };
            for m in &moves[played..] {
                game.play(m).map_err(|e| e.to_string())?;
            }
            Ok(game)
        })();
        match result {
            Ok(game) => {
                self.game = game;
                self.line = Some((setup, moves));
            }
            Err(e) => say(&format!("info string {e}")),
        }
    }

    /// A fresh game from `startpos` or `fen FEN...`.
    fn set_up(&self, setup: &[String]) -> Result<Game, String> {
        let mut game = self.fresh()?;
        match setup.split_first() {
            Some((first, [])) if first == "startpos" => {}
            Some((first, fen)) if first == "fen" && !fen.is_empty() => {
                game.set_fen(&fen.join(" ")).map_err(|e| e.to_string())?;
            }
            _ => return Err(format!("bad position `{}`", setup.join(" "))),
        }
        Ok(game)
    }

    /// `go ...`: perft, or a search within the given limits.
    fn go(&mut self, args: &[&str]) {
        self.thinker.stop();
        let number = |key: &str| -> Option<u64> {
            args.iter()
                .position(|&w| w == key)
                .and_then(|i| args.get(i + 1))
                .and_then(|v| v.parse::<i64>().ok())
                .map(|v| v.max(0) as u64)
        };
        if let Some(depth) = number("perft") {
            return self.perft(depth as u32);
        }
        if let Some(random) = &mut self.random {
            let moves = self.game.legal_moves();
            return say(&match random.pick(&moves) {
                Some(m) => format!("bestmove {m}"),
                None => "bestmove (none)".into(),
            });
        }
        let ms = |key: &str| number(key).map(Duration::from_millis);
        let (time, increment) =
            if self.game.position().side_to_move() == motley_interpreter::Color::White {
                (ms("wtime"), ms("winc"))
            } else {
                (ms("btime"), ms("binc"))
            };
        let limits = Limits {
            depth: number("depth")
                .or(number("mate").map(|n| 2 * n))
                .map(|d| d as u32),
            nodes: number("nodes"),
            movetime: ms("movetime"),
            clock: time.map(|time| Clock {
                time,
                increment: increment.unwrap_or_default(),
                moves_to_go: number("movestogo").map(|n| n as u32),
            }),
        };
        let limits = if args.contains(&"infinite") {
            Limits {
                clock: None,
                movetime: None,
                ..limits
            }
        } else {
            limits
        };
        self.thinker.start(
            &self.game,
            limits,
            |info| say(&info_line(info)),
            |best| say(&format!("bestmove {}", best.as_deref().unwrap_or("(none)"))),
        );
    }

    /// `go perft N`: `MOVE: COUNT` per root move, then the total; the last
    /// ply counted in bulk.
    fn perft(&self, depth: u32) {
        let rows = if depth == 0 {
            Vec::new()
        } else {
            self.game.divide(depth, Leaves::Bulk, 1, &|_, _| {})
        };
        let total: u64 = if depth == 0 {
            1
        } else {
            rows.iter().map(|r| r.1).sum()
        };
        let mut text = String::new();
        for (m, n) in &rows {
            text.push_str(&format!("{m}: {n}\n"));
        }
        text.push_str(&format!("\nNodes searched: {total}\n"));
        say(&text);
    }

    /// `d`: the board and FEN, as Stockfish prints them.
    fn show(&self) {
        say(&format!(
            "{}\nFen: {}",
            self.game.rules().board_text(self.game.position()),
            self.game.fen()
        ));
    }
}

/// An `info` line of one finished iteration.
pub fn info_line(info: &Info) -> String {
    let score = match info.score {
        Score::Centipawns(cp) => format!("cp {cp}"),
        Score::Mate(n) => format!("mate {n}"),
    };
    format!(
        "info depth {} seldepth {} score {score} nodes {} nps {} time {} pv {}",
        info.depth,
        info.seldepth,
        info.nodes,
        info.nps(),
        info.time.as_millis(),
        info.pv.join(" ")
    )
}
