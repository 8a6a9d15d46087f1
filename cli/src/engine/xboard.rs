//! `motley xboard`: the Chess Engine Communication Protocol (CECP v2) as
//! XBoard, WinBoard and Fairy-Max speak it.

use std::io::BufRead;
use std::sync::mpsc::{channel, Sender};
use std::time::Duration;

use motley_interpreter::Game;
use motley_search::{Clock, Limits, Score};

use super::think::Thinker;
use super::uci::say;
use super::variants::Catalog;
use crate::Failure;

/// What the main loop waits for: a command, or the search's move.
enum Event {
    Line(String),
    Moved(u64, Option<String>),
    Closed,
}

/// The CECP name of a variant: `normal` for chess.
fn cecp_name(name: &str) -> &str {
    if name == "chess" {
        "normal"
    } else {
        name
    }
}

/// The state of a CECP session.
struct Session {
    catalog: Catalog,
    variant: String,
    start: Game,
    moves: Vec<String>,
    game: Game,
    force: bool,
    /// The colour the engine plays, when not in force mode.
    engine: Option<usize>,
    post: bool,
    /// `level`: moves per session (0: all), base, increment.
    level: Option<(u32, Duration, Duration)>,
    movetime: Option<Duration>,
    depth: Option<u32>,
    time: Option<Duration>,
    thinker: Thinker,
    /// Counts searches, so a stale move is told from a current one.
    generation: u64,
    events: Sender<Event>,
}

/// Runs CECP on stdin and stdout until `quit` or the end of input.
pub fn run(catalog: Catalog) -> Result<(), Failure> {
    let (tx, rx) = channel();
    let input = tx.clone();
    std::thread::spawn(move || {
        for line in std::io::stdin().lock().lines() {
            let Ok(line) = line else { break };
            if input.send(Event::Line(line)).is_err() {
                return;
            }
        }
        let _ = input.send(Event::Closed);
    });
    let first = catalog
        .game("chess")
        .or_else(|| catalog.entries().first().map(|e| e.game.clone()))
        .ok_or_else(|| Failure("no variant to play".into()))?;
    let variant = first.rules().variant().name.clone();
    let mut session = Session {
        catalog,
        variant,
        start: first.clone(),
        moves: Vec::new(),
        game: first,
        force: false,
        engine: Some(1),
        post: false,
        level: None,
        movetime: None,
        depth: None,
        time: None,
        thinker: Thinker::new(16),
        generation: 0,
        events: tx,
    };
    while let Ok(event) = rx.recv() {
        match event {
            Event::Line(line) => {
                if !session.command(&line) {
                    break;
                }
            }
            Event::Moved(generation, best) => {
                if generation == session.generation {
                    session.thinker.wait();
                    session.engine_moved(best);
                }
            }
            Event::Closed => {
                // The input ended: the move being searched is still made.
                session.thinker.wait();
                while let Ok(event) = rx.try_recv() {
                    if let Event::Moved(generation, best) = event {
                        if generation == session.generation {
                            session.engine_moved(best);
                        }
                    }
                }
                break;
            }
        }
    }
    session.thinker.stop();
    Ok(())
}

impl Session {
    /// Handles one command; `false` on `quit`.
    fn command(&mut self, line: &str) -> bool {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&command, args)) = words.split_first() else {
            return true;
        };
        let arg = args.join(" ");
        match command {
            "xboard" | "accepted" | "rejected" | "hard" | "easy" | "random" | "computer"
            | "name" | "rating" | "ics" | "otim" => {}
            "nopost" => self.post = false,
            "post" => self.post = true,
            "protover" => self.features(),
            "new" => {
                self.halt();
                self.variant = "chess".into();
                self.reset(None);
                self.force = false;
                self.engine = Some(1);
                self.depth = None;
            }
            "variant" => {
                self.halt();
                let name = if arg == "normal" {
                    "chess"
                } else {
                    arg.as_str()
                };
                if self.catalog.game(name).is_some() {
                    self.variant = name.to_string();
                    self.reset(None);
                    self.announce_setup();
                } else {
                    say(&format!("Error (unknown variant): {arg}"));
                }
            }
            "setboard" => {
                self.halt();
                self.reset(Some(&arg));
            }
            "force" => {
                self.halt();
                self.force = true;
            }
            "go" => {
                self.force = false;
                self.engine = Some(self.game.position().side_to_move().index());
                self.think();
            }
            "playother" => {
                self.force = false;
                self.engine = Some(self.game.position().side_to_move().opposite().index());
            }
            "usermove" => self.user_move(&arg),
            "?" => self.thinker.stop(),
            "ping" => say(&format!("pong {arg}")),
            "result" => {
                self.halt();
                self.force = true;
            }
            "undo" => self.take_back(1),
            "remove" => self.take_back(2),
            "level" => self.level(args),
            "st" => match arg.parse::<f64>() {
                Ok(s) if s > 0.0 => self.movetime = Some(Duration::from_secs_f64(s)),
                _ => say(&format!("Error (bad st): {arg}")),
            },
            "sd" => match arg.parse::<u32>() {
                Ok(d) if d > 0 => self.depth = Some(d),
                _ => say(&format!("Error (bad sd): {arg}")),
            },
            "time" => match arg.parse::<u64>() {
                Ok(cs) => self.time = Some(Duration::from_millis(cs * 10)),
                _ => say(&format!("Error (bad time): {arg}")),
            },
            "quit" => return false,
            _ if args.is_empty() && self.looks_like_move(command) => self.user_move(command),
            _ => say(&format!("Error (unknown command): {command}")),
        }
        true
    }

    fn features(&self) {
        // Chess is `normal`, so a rule file named `normal` is offered once.
        let mut names: Vec<&str> = Vec::new();
        for entry in self.catalog.entries() {
            let name = cecp_name(&entry.name);
            if !names.contains(&name) {
                names.push(name);
            }
        }
        say("feature done=0");
        say(&format!(
            "feature myname=\"Motley {}\" ping=1 setboard=1 usermove=1 san=0 sigint=0 reuse=1 colors=0 analyze=0 variants=\"{}\"",
            env!("CARGO_PKG_VERSION"),
            names.join(",")
        ));
        say("feature done=1");
    }

    /// `setup` for a variant beyond chess, as Fairy-Max and Fairy-Stockfish
    /// send it: the piece letters, board size and hand, and the start
    /// position; then each piece's movement in Betza notation.
    fn announce_setup(&self) {
        if self.variant == "chess" {
            return;
        }
        let rules = self.start.rules();
        let v = &rules.variant();
        let letters: String = v.pieces.iter().map(|p| p.letter).collect();
        let hand = if rules.tracks_hands() {
            v.pieces.len()
        } else {
            0
        };
        say(&format!(
            "setup ({}{}) {}x{}+{}_fairy {}",
            letters,
            letters.to_ascii_lowercase(),
            rules.files(),
            rules.ranks(),
            hand,
            self.start.fen()
        ));
        for p in v.pieces.iter().filter(|p| !p.betza.is_empty()) {
            say(&format!("piece {}& {}", p.letter, p.betza));
        }
    }

    /// The variant's start, or `fen`; moves forgotten. All or nothing.
    fn reset(&mut self, fen: Option<&str>) {
        let Some(mut game) = self.catalog.game(&self.variant) else {
            return;
        };
        if let Some(fen) = fen {
            if let Err(e) = game.set_fen(fen) {
                return say(&format!("tellusererror Illegal position: {e}"));
            }
        }
        self.start = game.clone();
        self.game = game;
        self.moves.clear();
        self.generation += 1;
    }

    /// Stops thinking; the move it would have made is dropped.
    fn halt(&mut self) {
        self.generation += 1;
        self.thinker.stop();
    }

    fn looks_like_move(&self, text: &str) -> bool {
        text.len() >= 4 && text.chars().any(|c| c.is_ascii_digit())
    }

    fn user_move(&mut self, text: &str) {
        self.halt();
        match self.game.play(text) {
            Ok(_) => {
                self.moves.push(text.to_string());
                if !self.report_end()
                    && !self.force
                    && self.engine == Some(self.game.position().side_to_move().index())
                {
                    self.think();
                }
            }
            Err(e) => say(&format!("Illegal move ({e}): {text}")),
        }
    }

    fn take_back(&mut self, n: usize) {
        self.halt();
        let keep = self.moves.len().saturating_sub(n);
        let mut game = self.start.clone();
        for m in &self.moves[..keep] {
            let _ = game.play(m);
        }
        self.moves.truncate(keep);
        self.game = game;
    }

    /// `level MPS BASE INC`, BASE in minutes or `minutes:seconds`.
    fn level(&mut self, args: &[&str]) {
        let parsed = (|| {
            let [mps, base, inc] = args else { return None };
            let mps: u32 = mps.parse().ok()?;
            let base = match base.split_once(':') {
                Some((m, s)) => m.parse::<f64>().ok()? * 60.0 + s.parse::<f64>().ok()?,
                None => base.parse::<f64>().ok()? * 60.0,
            };
            let inc: f64 = inc.parse().ok()?;
            Some((
                mps,
                Duration::from_secs_f64(base.max(0.0)),
                Duration::from_secs_f64(inc.max(0.0)),
            ))
        })();
        match parsed {
            Some(level) => {
                self.level = Some(level);
                self.movetime = None;
            }
            None => say(&format!("Error (bad level): {}", args.join(" "))),
        }
    }

    fn think(&mut self) {
        if self.game.outcome().is_some() {
            self.report_end();
            return;
        }
        self.generation += 1;
        let generation = self.generation;
        let clock = self.level.map(|(mps, base, increment)| {
            let played = self.moves.len() as u32 / 2;
            Clock {
                time: self.time.unwrap_or(base),
                increment,
                moves_to_go: (mps > 0).then(|| mps - played % mps),
            }
        });
        let limits = Limits {
            depth: self.depth,
            nodes: None,
            movetime: self.movetime,
            clock: if self.movetime.is_some() { None } else { clock },
        };
        let limits = if limits == Limits::default() {
            Limits {
                movetime: Some(Duration::from_secs(5)),
                ..limits
            }
        } else {
            limits
        };
        let post = self.post;
        let events = self.events.clone();
        self.thinker.start(
            &self.game,
            limits,
            move |info| {
                if post {
                    let score = match info.score {
                        Score::Centipawns(cp) => cp,
                        Score::Mate(n) if n > 0 => 100_000 + n,
                        Score::Mate(n) => -100_000 + n,
                    };
                    say(&format!(
                        "{} {score} {} {} {}",
                        info.depth,
                        info.time.as_millis() / 10,
                        info.nodes,
                        info.pv.join(" ")
                    ));
                }
            },
            move |best| {
                let _ = events.send(Event::Moved(generation, best));
            },
        );
    }

    fn engine_moved(&mut self, best: Option<String>) {
        let Some(m) = best else {
            self.report_end();
            return;
        };
        if self.game.play(&m).is_ok() {
            self.moves.push(m.clone());
            say(&format!("move {m}"));
            self.report_end();
        }
    }

    /// Prints the result when the game has ended; whether it has.
    fn report_end(&self) -> bool {
        let Some(outcome) = self.game.outcome() else {
            return false;
        };
        let who = match outcome.winner {
            Some(motley_interpreter::Color::White) => "White wins",
            Some(motley_interpreter::Color::Black) => "Black wins",
            None => "Draw",
        };
        say(&format!(
            "{} {{{who} by {}}}",
            outcome.score(),
            outcome.reason
        ));
        true
    }
}
