//! An external engine spoken to over UCI, as Stockfish and Fairy-Stockfish
//! understand it: `uci`/`isready` handshake, `setoption name UCI_Variant`,
//! `position ... moves ...` and `go perft N`.
//!
//! Only perft can be asked: legal moves come from `go perft 1`; FEN,
//! outcomes and error checks are [`ImplError::Unsupported`].

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::Duration;

use crate::implementation::{variant_name, ImplError, Implementation, Outcome};

/// How long the handshake may take.
const HANDSHAKE: Duration = Duration::from_secs(20);

/// A running UCI engine process.
struct Process {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.stdin.flush();
        for _ in 0..20 {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An external engine behind [`Implementation`] (`--impl uci:COMMAND`).
pub struct Uci {
    command: String,
    /// The `UCI_Variant` to ask for; the rule file's `name` when `None`.
    variant: Option<String>,
    /// Whether to ask for Chess960 notation (castling as king takes rook).
    chess960: bool,
    /// The lines of the handshake, which list the variants offered.
    handshake: Vec<String>,
    process: Option<Process>,
    fen: Option<String>,
    moves: Vec<String>,
}

impl Uci {
    /// An engine to be started with `command` (program and arguments
    /// separated by spaces) when a variant is loaded.
    pub fn new(command: &str) -> Uci {
        Uci {
            command: command.to_string(),
            variant: None,
            chess960: false,
            handshake: Vec::new(),
            process: None,
            fen: None,
            moves: Vec::new(),
        }
    }

    /// Fairy-Stockfish's engine `command` playing its variant `variant`,
    /// with castling written as king takes rook (`UCI_Chess960`).
    pub fn for_fsf(command: &str, variant: &str) -> Uci {
        Uci {
            variant: Some(variant.to_string()),
            chess960: true,
            ..Uci::new(command)
        }
    }

    /// Whether the handshake offers this `UCI_Variant` (or offers none,
    /// when only `chess` is known to work).
    fn offers(&self, variant: &str) -> bool {
        match self
            .handshake
            .iter()
            .find(|l| l.starts_with("option name UCI_Variant "))
        {
            Some(line) => line.split(" var ").skip(1).any(|v| v.trim() == variant),
            None => variant == "chess",
        }
    }

    fn start(&mut self) -> Result<(), ImplError> {
        if self.process.is_some() {
            return Ok(());
        }
        let mut words = self.command.split_whitespace();
        let program = words
            .next()
            .ok_or_else(|| ImplError::Failed("empty UCI command".to_string()))?;
        let mut child = Command::new(program)
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| {
                ImplError::Failed(format!("cannot start UCI engine `{}`: {e}", self.command))
            })?;
        let (stdin, stdout) = match (child.stdin.take(), child.stdout.take()) {
            (Some(i), Some(o)) => (i, o),
            _ => return Err(ImplError::Failed("UCI engine without pipes".to_string())),
        };
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                match line {
                    Ok(line) => {
                        if tx.send(line).is_err() {
                            break;
                        }
                    }
                    Err(_) => break,
                }
            }
        });
        self.process = Some(Process {
            child,
            stdin,
            lines: rx,
        });
        self.send("uci")?;
        self.handshake = self.wait_for(|l| l.trim() == "uciok", Some(HANDSHAKE))?.0;
        Ok(())
    }

    fn send(&mut self, line: &str) -> Result<(), ImplError> {
        let command = self.command.clone();
        let process = self
            .process
            .as_mut()
            .ok_or_else(|| ImplError::Failed("UCI engine not started".to_string()))?;
        writeln!(process.stdin, "{line}")
            .and_then(|_| process.stdin.flush())
            .map_err(|e| {
                ImplError::Failed(format!("UCI engine `{command}` does not accept input: {e}"))
            })
    }

    /// Reads lines until one satisfies `done`; returns the lines before it
    /// and that line.
    fn wait_for(
        &mut self,
        done: impl Fn(&str) -> bool,
        timeout: Option<Duration>,
    ) -> Result<(Vec<String>, String), ImplError> {
        let command = self.command.clone();
        let process = self
            .process
            .as_mut()
            .ok_or_else(|| ImplError::Failed("UCI engine not started".to_string()))?;
        let mut before = Vec::new();
        loop {
            let line = match timeout {
                Some(t) => process.lines.recv_timeout(t).map_err(|e| match e {
                    RecvTimeoutError::Timeout => ImplError::Failed(format!(
                        "UCI engine `{command}` did not answer within {}s",
                        t.as_secs()
                    )),
                    RecvTimeoutError::Disconnected => {
                        ImplError::Failed(format!("UCI engine `{command}` exited"))
                    }
                })?,
                None => process
                    .lines
                    .recv()
                    .map_err(|_| ImplError::Failed(format!("UCI engine `{command}` exited")))?,
            };
            if done(&line) {
                return Ok((before, line));
            }
            before.push(line);
        }
    }

    fn position_command(&self) -> String {
        let mut text = match &self.fen {
            Some(fen) => format!("position fen {fen}"),
            None => "position startpos".to_string(),
        };
        if !self.moves.is_empty() {
            text.push_str(" moves ");
            text.push_str(&self.moves.join(" "));
        }
        text
    }

    /// Runs `go perft depth` and returns the divide lines and the total.
    fn go_perft(&mut self, depth: u32) -> Result<(Vec<(String, u64)>, u64), ImplError> {
        let position = self.position_command();
        self.send(&position)?;
        self.send(&format!("go perft {depth}"))?;
        let (lines, last) =
            self.wait_for(|l| l.trim_start().starts_with("Nodes searched"), None)?;
        let total = last
            .split(':')
            .nth(1)
            .and_then(|n| n.trim().parse::<u64>().ok())
            .ok_or_else(|| ImplError::Failed(format!("unreadable UCI perft total `{last}`")))?;
        let mut divide: Vec<(String, u64)> =
            lines.iter().filter_map(|l| parse_divide_line(l)).collect();
        divide.sort();
        Ok((divide, total))
    }
}

/// Reads a `MOVE: COUNT` line as Stockfish prints it under `go perft`.
pub fn parse_divide_line(line: &str) -> Option<(String, u64)> {
    let (mv, count) = line.trim().split_once(':')?;
    let mv = mv.trim();
    if mv.is_empty() || mv.contains(char::is_whitespace) {
        return None;
    }
    Some((mv.to_string(), count.trim().parse().ok()?))
}

impl Implementation for Uci {
    fn name(&self) -> String {
        format!("uci:{}", self.command)
    }

    fn load(&mut self, variant: &Path, rulings: &[(String, String)]) -> Result<(), ImplError> {
        if let Some((id, _)) = rulings.first() {
            return Err(ImplError::Unsupported(format!("rulings over UCI (`{id}`)")));
        }
        let name = match &self.variant {
            Some(name) => name.clone(),
            None => variant_name(variant)?,
        };
        self.start()?;
        if name != "chess" {
            if !self.offers(&name) {
                return Err(ImplError::Unsupported(format!(
                    "UCI engine `{}` offers no variant `{name}`",
                    self.command
                )));
            }
            self.send(&format!("setoption name UCI_Variant value {name}"))?;
        }
        if self.chess960 {
            self.send("setoption name UCI_Chess960 value true")?;
        }
        self.send("ucinewgame")?;
        self.send("isready")?;
        self.wait_for(|l| l.trim() == "readyok", Some(HANDSHAKE))?;
        self.fen = None;
        self.moves.clear();
        Ok(())
    }

    fn set_position(&mut self, fen: Option<&str>, moves: &[String]) -> Result<(), ImplError> {
        self.fen = fen.map(str::to_string);
        self.moves = moves.to_vec();
        Ok(())
    }

    fn legal_moves(&mut self) -> Result<Vec<String>, ImplError> {
        Ok(self.go_perft(1)?.0.into_iter().map(|(m, _)| m).collect())
    }

    fn play(&mut self, mv: &str) -> Result<(), ImplError> {
        self.moves.push(mv.to_string());
        Ok(())
    }

    fn fen(&mut self) -> Result<String, ImplError> {
        Err(ImplError::Unsupported("FEN over UCI".to_string()))
    }

    fn outcome(&mut self) -> Result<Option<Outcome>, ImplError> {
        Err(ImplError::Unsupported("outcomes over UCI".to_string()))
    }

    fn perft(&mut self, depth: u32) -> Result<u64, ImplError> {
        if depth == 0 {
            return Ok(1);
        }
        Ok(self.go_perft(depth)?.1)
    }

    fn divide(&mut self, depth: u32) -> Result<Vec<(String, u64)>, ImplError> {
        if depth == 0 {
            return Ok(Vec::new());
        }
        Ok(self.go_perft(depth)?.0)
    }

    fn validates_input(&self) -> bool {
        false
    }
}
