//! An external engine spoken to over UCI, as Stockfish and Fairy-Stockfish
//! understand it: `uci`/`isready` handshake, `setoption name UCI_Variant`,
//! `position ... moves ...` and `go perft N`.
//!
//! Only perft can be asked: legal moves come from `go perft 1`; FEN,
//! outcomes and error checks are [`ImplError::Unsupported`].

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender};
use std::time::{Duration, Instant};

use crate::implementation::{variant_name, ImplError, Implementation, Outcome, Rulings};

/// How long the whole handshake (`uci` to `uciok`, `isready` to `readyok`)
/// may take, however much the engine writes meanwhile.
const HANDSHAKE: Duration = Duration::from_secs(20);

/// How long one question (`go perft N`) may take unless told otherwise
/// (`motley conform --uci-timeout`).
pub const DEFAULT_QUESTION_TIMEOUT: Duration = Duration::from_secs(60);

/// The longest line read from an engine; UCI lines are short (the longest
/// usual one, Fairy-Stockfish's list of variants, is a few kilobytes).
const MAX_LINE_BYTES: usize = 64 * 1024;

/// The most lines one answer may have: a `go perft` answer has one per
/// root move and a few more.
const MAX_ANSWER_LINES: usize = 10_000;

/// Lines read ahead of the questions; the engine waits when they are not
/// taken, so an engine that writes for ever fills no memory.
const LINES_AHEAD: usize = 256;

/// What the reader thread passes on: a line, or why reading stopped.
enum Incoming {
    /// A line, without its end.
    Line(String),
    /// A line longer than [`MAX_LINE_BYTES`].
    TooLong,
    /// Bytes that are not UTF-8.
    NotUtf8,
}

/// A running UCI engine process.
struct Process {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<Incoming>,
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

/// Reads the engine's output line by line into `lines`, each line at most
/// [`MAX_LINE_BYTES`]; stops at the end, at a line too long or at bytes
/// that are not UTF-8.
fn read_lines(stdout: ChildStdout, lines: SyncSender<Incoming>) {
    let mut reader = BufReader::new(stdout);
    loop {
        let mut bytes = Vec::new();
        let limit = (MAX_LINE_BYTES + 1) as u64;
        match (&mut reader).take(limit).read_until(b'\n', &mut bytes) {
            Ok(0) | Err(_) => return,
            Ok(_) => {}
        }
        let ended = bytes.last() == Some(&b'\n');
        if !ended && bytes.len() > MAX_LINE_BYTES {
            let _ = lines.send(Incoming::TooLong);
            return;
        }
        while matches!(bytes.last(), Some(b'\n' | b'\r')) {
            bytes.pop();
        }
        let message = match String::from_utf8(bytes) {
            Ok(line) => Incoming::Line(line),
            Err(_) => Incoming::NotUtf8,
        };
        let stop = !matches!(message, Incoming::Line(_));
        if lines.send(message).is_err() || stop {
            return;
        }
    }
}

/// An external engine behind [`Implementation`] (`--impl uci:COMMAND`).
pub struct Uci {
    command: String,
    /// The `UCI_Variant` to ask for; the rule file's `name` when `None`.
    forced_variant: Option<String>,
    /// Whether to ask for Chess960 notation (castling as king takes rook).
    chess960: bool,
    /// The lines of the handshake, which list the variants offered.
    offered: Vec<String>,
    timeout: Duration,
    process: Option<Process>,
    /// The variant loaded, to start the engine again after it was stopped.
    loaded: Option<String>,
    fen: Option<String>,
    moves: Vec<String>,
}

impl Uci {
    /// An engine to be started with `command` (program and arguments
    /// separated by spaces) when a variant is loaded; each question may take
    /// `timeout`.
    pub fn new(command: &str, timeout: Duration) -> Uci {
        Uci {
            command: command.to_string(),
            forced_variant: None,
            chess960: false,
            offered: Vec::new(),
            timeout,
            process: None,
            loaded: None,
            fen: None,
            moves: Vec::new(),
        }
    }

    /// Fairy-Stockfish's engine `command` playing its variant `variant`,
    /// with castling written as king takes rook (`UCI_Chess960`).
    pub fn for_fsf(command: &str, variant: &str) -> Uci {
        Uci {
            forced_variant: Some(variant.to_string()),
            chess960: true,
            ..Uci::new(command, DEFAULT_QUESTION_TIMEOUT)
        }
    }

    /// Whether the handshake offers this `UCI_Variant` (or offers none,
    /// when only `chess` is known to work).
    fn offers(&self, variant: &str) -> bool {
        match self
            .offered
            .iter()
            .find(|l| l.starts_with("option name UCI_Variant "))
        {
            Some(line) => line.split(" var ").skip(1).any(|v| v.trim() == variant),
            None => variant == "chess",
        }
    }

    /// Starts the engine for `variant` (unless it runs) and waits until it
    /// is ready.
    fn start(&mut self, variant: &str) -> Result<(), ImplError> {
        if self.process.is_none() {
            self.spawn()?;
            self.send("uci")?;
            self.offered = self.wait_for(|l| l.trim() == "uciok", self.handshake())?.0;
        }
        if variant != "chess" {
            if !self.offers(variant) {
                return Err(ImplError::Unsupported(format!(
                    "UCI engine `{}` offers no variant `{variant}`",
                    self.command
                )));
            }
            self.send(&format!("setoption name UCI_Variant value {variant}"))?;
        }
        if self.chess960 {
            self.send("setoption name UCI_Chess960 value true")?;
        }
        self.send("ucinewgame")?;
        self.send("isready")?;
        self.wait_for(|l| l.trim() == "readyok", self.handshake())?;
        self.loaded = Some(variant.to_string());
        Ok(())
    }

    /// How long a handshake may take: [`HANDSHAKE`], or less when the
    /// questions may take less.
    fn handshake(&self) -> Duration {
        self.timeout.min(HANDSHAKE)
    }

    fn spawn(&mut self) -> Result<(), ImplError> {
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
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(ImplError::Failed("UCI engine without pipes".to_string()));
        };
        let (tx, rx) = mpsc::sync_channel(LINES_AHEAD);
        std::thread::spawn(move || read_lines(stdout, tx));
        self.process = Some(Process {
            child,
            stdin,
            lines: rx,
        });
        Ok(())
    }

    fn send(&mut self, line: &str) -> Result<(), ImplError> {
        let command = self.command.clone();
        let process = self
            .process
            .as_mut()
            .ok_or_else(|| ImplError::Failed("UCI engine not started".to_string()))?;
        let sent = writeln!(process.stdin, "{line}").and_then(|_| process.stdin.flush());
        sent.map_err(|e| {
            self.process = None;
            ImplError::Failed(format!("UCI engine `{command}` does not accept input: {e}"))
        })
    }

    /// Reads lines until one satisfies `done`, within `limit`; returns the
    /// lines before it and that line. On any failure the engine is stopped
    /// (killed if it does not quit), to be started again by the next
    /// question.
    fn wait_for(
        &mut self,
        done: impl Fn(&str) -> bool,
        limit: Duration,
    ) -> Result<(Vec<String>, String), ImplError> {
        let answer = self.read_answer(done, limit);
        if answer.is_err() {
            self.process = None;
        }
        answer
    }

    fn read_answer(
        &mut self,
        done: impl Fn(&str) -> bool,
        limit: Duration,
    ) -> Result<(Vec<String>, String), ImplError> {
        let deadline = Instant::now() + limit;
        let command = &self.command;
        let process = self
            .process
            .as_mut()
            .ok_or_else(|| ImplError::Failed("UCI engine not started".to_string()))?;
        let failed = |why: String| ImplError::Failed(format!("UCI engine `{command}` {why}"));
        let mut before = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = match process.lines.recv_timeout(left) {
                Ok(Incoming::Line(line)) => line,
                Ok(Incoming::TooLong) => {
                    return Err(failed(format!(
                        "sent a line longer than {MAX_LINE_BYTES} bytes"
                    )))
                }
                Ok(Incoming::NotUtf8) => {
                    return Err(failed("sent a line that is not UTF-8".into()))
                }
                Err(RecvTimeoutError::Timeout) => {
                    return Err(failed(format!("did not answer within {}", seconds(limit))))
                }
                Err(RecvTimeoutError::Disconnected) => return Err(failed("exited".into())),
            };
            if done(&line) {
                return Ok((before, line));
            }
            if before.len() == MAX_ANSWER_LINES {
                return Err(failed(format!(
                    "sent more than {MAX_ANSWER_LINES} lines without finishing its answer"
                )));
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

    /// Starts the engine again for the loaded variant if it was stopped.
    fn restart_if_stopped(&mut self) -> Result<(), ImplError> {
        if self.process.is_none() {
            let variant = self
                .loaded
                .clone()
                .ok_or_else(|| ImplError::Failed("UCI engine not started".to_string()))?;
            self.start(&variant)?;
        }
        Ok(())
    }

    /// Perft at the current position and the CPU time the engine's process
    /// spent answering (read from `/proc`: Linux only).
    pub fn timed_perft(&mut self, depth: u32) -> Result<(u64, Duration), ImplError> {
        self.restart_if_stopped()?;
        let before = self.cpu_time();
        let total = self.go_perft(depth)?.1;
        match (before, self.cpu_time()) {
            (Some(before), Some(after)) => Ok((total, after.saturating_sub(before))),
            _ => Err(ImplError::Unsupported(
                "the CPU time of an engine's process (read from /proc on Linux)".to_string(),
            )),
        }
    }

    /// CPU time the engine's process has used so far.
    fn cpu_time(&self) -> Option<Duration> {
        crate::cpu::of_process(self.process.as_ref()?.child.id())
    }

    /// Runs `go perft depth` and returns the divide lines and the total.
    fn go_perft(&mut self, depth: u32) -> Result<(Vec<(String, u64)>, u64), ImplError> {
        self.restart_if_stopped()?;
        let position = self.position_command();
        self.send(&position)?;
        self.send(&format!("go perft {depth}"))?;
        let (lines, last) = self.wait_for(
            |l| l.trim_start().starts_with("Nodes searched"),
            self.timeout,
        )?;
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

/// A duration as written in messages: `20s`, `0.5s`.
fn seconds(d: Duration) -> String {
    format!("{}s", d.as_secs_f64())
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

    fn load(&mut self, file: &str, source: &str, rulings: &Rulings) -> Result<(), ImplError> {
        if let Some((id, _)) = rulings.first() {
            return Err(ImplError::Unsupported(format!("rulings over UCI (`{id}`)")));
        }
        let name = match &self.forced_variant {
            Some(name) => name.clone(),
            None => variant_name(file, source)?,
        };
        self.start(&name)?;
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
