//! One engine of a match: a child process spoken to over UCI or CECP.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use super::Limits;

/// The protocol an engine speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Protocol {
    /// The Universal Chess Interface.
    Uci,
    /// CECP, the XBoard/WinBoard protocol v2.
    Xboard,
}

/// How long an engine may take to start and to answer `isready` or `ping`.
const HANDSHAKE: Duration = Duration::from_secs(10);

/// Why an engine gave no move.
#[derive(Debug)]
pub enum Failed {
    /// No answer in time.
    Timeout,
    /// The process ended or closed its output.
    Crashed,
    /// It resigned.
    Resigned,
    /// It refused what it was sent: its `Illegal move` or `Error` line.
    Refused(String),
}

/// What the engine is asked to do for one move.
pub struct Turn<'a> {
    /// The start FEN, when not the variant's setup.
    pub fen: Option<&'a str>,
    /// The moves from the start, canonical text.
    pub moves: &'a [String],
    /// The side to move: 0 White, 1 Black.
    pub side: usize,
    /// The clocks (White, Black) and the increment, with a time control.
    pub clocks: Option<([Duration; 2], Duration)>,
    /// The match's limits; its time control (base, increment) is what
    /// `level` announces.
    pub limits: Limits,
    /// The longest wait for the answer.
    pub deadline: Duration,
}

/// A running engine.
pub struct Player {
    /// The command it runs as.
    pub command: String,
    /// Its name as it says it (`id name`, `myname`), else the command.
    pub name: String,
    protocol: Protocol,
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
    /// The protocol's name of the variant.
    variant: String,
    /// CECP: the moves the engine knows in this game; `usermove` prefix.
    known: Option<usize>,
    usermove: bool,
    setboard: bool,
}

impl Player {
    /// Starts `command` (run by `sh -c`) and makes it ready for `variant`.
    pub fn start(command: &str, protocol: Protocol, variant: &str) -> Result<Player, String> {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(format!("exec {command}"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start `{command}`: {e}"))?;
        let input = child.stdin.take().ok_or("no stdin")?;
        let output = child.stdout.take().ok_or("no stdout")?;
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut player = Player {
            command: command.to_string(),
            name: command.to_string(),
            protocol,
            child,
            input,
            lines: rx,
            variant: variant.to_string(),
            known: None,
            usermove: false,
            setboard: false,
        };
        match protocol {
            Protocol::Uci => player.uci_handshake(variant)?,
            Protocol::Xboard => player.cecp_handshake(variant)?,
        }
        Ok(player)
    }

    fn send(&mut self, line: &str) {
        let _ = writeln!(self.input, "{line}");
        let _ = self.input.flush();
    }

    /// The next line, waiting until `deadline`.
    fn line(&self, deadline: Instant) -> Result<String, Failed> {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(left) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => Err(Failed::Timeout),
            Err(RecvTimeoutError::Disconnected) => Err(Failed::Crashed),
        }
    }

    fn uci_handshake(&mut self, variant: &str) -> Result<(), String> {
        self.send("uci");
        let deadline = Instant::now() + HANDSHAKE;
        let mut variants: Option<Vec<String>> = None;
        loop {
            let line = self
                .line(deadline)
                .map_err(|e| format!("`{}` did not finish `uci`: {e:?}", self.command))?;
            if let Some(name) = line.strip_prefix("id name ") {
                self.name = name.trim().to_string();
            } else if line.starts_with("option name UCI_Variant ") {
                variants = Some(
                    line.split(" var ")
                        .skip(1)
                        .map(|v| v.trim().to_string())
                        .collect(),
                );
            } else if line.trim() == "uciok" {
                break;
            }
        }
        if variant != "chess" {
            match variants {
                Some(list) if list.iter().any(|v| v == variant) => {
                    self.send(&format!("setoption name UCI_Variant value {variant}"));
                }
                _ => {
                    return Err(format!(
                        "{} does not play {variant} (no such UCI_Variant)",
                        self.name
                    ))
                }
            }
        }
        self.ready()
    }

    /// `isready` … `readyok`.
    fn ready(&mut self) -> Result<(), String> {
        self.synchronize()
            .map_err(|e| format!("{} did not answer isready: {e:?}", self.name))
    }

    /// Sends `isready` and reads up to `readyok`, dropping what comes
    /// before: a late line of an earlier search (a second `bestmove`) is
    /// never taken for the answer to the next `go`.
    fn synchronize(&mut self) -> Result<(), Failed> {
        self.send("isready");
        let deadline = Instant::now() + HANDSHAKE;
        loop {
            if self.line(deadline)?.trim() == "readyok" {
                return Ok(());
            }
        }
    }

    fn cecp_handshake(&mut self, variant: &str) -> Result<(), String> {
        self.send("xboard");
        self.send("protover 2");
        let deadline = Instant::now() + HANDSHAKE;
        let mut offered = Vec::new();
        loop {
            let line = match self.line(deadline) {
                Ok(line) => line,
                // Engines of protocol 1 send no features.
                Err(Failed::Timeout) => break,
                Err(e) => return Err(format!("`{}` did not start: {e:?}", self.command)),
            };
            if !line.starts_with("feature ") {
                continue;
            }
            for (key, value) in features(&line) {
                match key.as_str() {
                    "myname" => self.name = value,
                    "usermove" => self.usermove = value == "1",
                    "setboard" => self.setboard = value == "1",
                    "variants" => offered.extend(value.split(',').map(str::to_string)),
                    _ => {}
                }
            }
            if line.contains("done=1") {
                break;
            }
        }
        let wanted = if variant == "chess" {
            "normal"
        } else {
            variant
        };
        let plain = |s: &str| s.replace('-', "");
        self.variant = match offered.iter().find(|o| plain(o) == plain(wanted)) {
            Some(name) => name.clone(),
            None if variant == "chess" => "normal".into(),
            None => {
                return Err(format!(
                    "{} does not play {variant} (not in its variants feature)",
                    self.name
                ))
            }
        };
        self.send("ping 1");
        let deadline = Instant::now() + HANDSHAKE;
        loop {
            match self.line(deadline) {
                Ok(line) if line.trim() == "pong 1" => return Ok(()),
                Ok(_) => {}
                Err(e) => return Err(format!("{} did not answer ping: {e:?}", self.name)),
            }
        }
    }

    /// Prepares a new game.
    pub fn new_game(&mut self) -> Result<(), String> {
        match self.protocol {
            Protocol::Uci => {
                self.send("ucinewgame");
                self.ready()
            }
            Protocol::Xboard => {
                self.known = None;
                Ok(())
            }
        }
    }

    /// Asks for a move; returns its text.
    pub fn go(&mut self, turn: &Turn) -> Result<String, Failed> {
        match self.protocol {
            Protocol::Uci => self.uci_go(turn),
            Protocol::Xboard => self.cecp_go(turn),
        }
    }

    fn uci_go(&mut self, turn: &Turn) -> Result<String, Failed> {
        let start = match turn.fen {
            Some(fen) => format!("fen {fen}"),
            None => "startpos".into(),
        };
        let moves = if turn.moves.is_empty() {
            String::new()
        } else {
            format!(" moves {}", turn.moves.join(" "))
        };
        self.send(&format!("position {start}{moves}"));
        self.synchronize()?;
        let mut go = String::from("go");
        if let Some(([w, b], inc)) = turn.clocks {
            go.push_str(&format!(
                " wtime {} btime {} winc {} binc {}",
                w.as_millis(),
                b.as_millis(),
                inc.as_millis(),
                inc.as_millis()
            ));
        }
        if let Some(t) = turn.limits.movetime {
            go.push_str(&format!(" movetime {}", t.as_millis()));
        }
        if let Some(d) = turn.limits.depth {
            go.push_str(&format!(" depth {d}"));
        }
        self.send(&go);
        let deadline = Instant::now() + turn.deadline;
        loop {
            let line = self.line(deadline)?;
            if let Some(rest) = line.strip_prefix("bestmove ") {
                return Ok(rest.split_whitespace().next().unwrap_or("").to_string());
            }
        }
    }

    fn cecp_go(&mut self, turn: &Turn) -> Result<String, Failed> {
        let prefix = if self.usermove { "usermove " } else { "" };
        if self.known.is_none() {
            self.send("new");
            if self.variant != "normal" {
                self.send(&format!("variant {}", self.variant));
            }
            self.send("force");
            if let Some(fen) = turn.fen {
                self.send(&format!("setboard {fen}"));
            }
            if let Some((base, inc)) = turn.limits.tc {
                self.send(&level(base, inc));
            }
            if let Some(t) = turn.limits.movetime {
                self.send(&format!("st {}", t.as_secs_f64().max(0.01)));
            }
            if let Some(d) = turn.limits.depth {
                self.send(&format!("sd {d}"));
            }
            self.send("post");
            self.known = Some(0);
        } else {
            self.send("force");
        }
        let known = self.known.unwrap_or(0);
        for m in &turn.moves[known.min(turn.moves.len())..] {
            self.send(&format!("{prefix}{m}"));
        }
        if let Some((clocks, _)) = turn.clocks {
            self.send(&format!("time {}", clocks[turn.side].as_millis() / 10));
            self.send(&format!("otim {}", clocks[turn.side ^ 1].as_millis() / 10));
        }
        self.send("go");
        let deadline = Instant::now() + turn.deadline;
        loop {
            let line = self.line(deadline)?;
            let words: Vec<&str> = line.split_whitespace().collect();
            match words.as_slice() {
                ["move", m] => {
                    self.known = Some(turn.moves.len() + 1);
                    return Ok(m.to_string());
                }
                ["resign", ..] => return Err(Failed::Resigned),
                _ if refusal(&line) => return Err(Failed::Refused(line.trim().to_string())),
                _ => {}
            }
        }
    }

    /// Whether this engine can start from a FEN.
    pub fn sets_up(&self) -> bool {
        self.protocol == Protocol::Uci || self.setboard
    }

    /// Asks the engine to quit and makes sure it has.
    pub fn quit(mut self) {
        self.send("quit");
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The CECP `level` command of a time control: `level 0 MIN:SEC INC`,
/// the base as it is (`0:02`, `1:30`, `0:02.5`), never the clock left
/// when the engine joins the game.
fn level(base: Duration, inc: Duration) -> String {
    let seconds = base.as_secs_f64();
    let minutes = (seconds / 60.0).floor();
    let rest = seconds - minutes * 60.0;
    let rest = if rest.fract() == 0.0 {
        format!("{rest:02}")
    } else {
        format!("{rest:04.1}")
    };
    format!("level 0 {minutes}:{rest} {}", inc.as_secs_f64())
}

/// Whether a CECP line is the engine refusing a move or a command
/// (`Illegal move: e2e5`, `Illegal move (in check): e1e2`,
/// `Error (unknown command): usermove`).
fn refusal(line: &str) -> bool {
    let line = line.trim_start();
    line.starts_with("Illegal move") || line.starts_with("Error")
}

/// The `key=value` pairs of a CECP `feature` line (values may be quoted).
fn features(line: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut rest = line.trim_start_matches("feature").trim();
    while let Some(eq) = rest.find('=') {
        let key = rest[..eq].trim().to_string();
        rest = &rest[eq + 1..];
        let value;
        if let Some(quoted) = rest.strip_prefix('"') {
            let end = quoted.find('"').unwrap_or(quoted.len());
            value = quoted[..end].to_string();
            rest = quoted.get(end + 1..).unwrap_or("").trim_start();
        } else {
            let end = rest.find(' ').unwrap_or(rest.len());
            value = rest[..end].to_string();
            rest = rest[end..].trim_start();
        }
        out.push((key, value));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{features, level, refusal};
    use std::time::Duration;

    #[test]
    fn level_announces_the_base_in_minutes_and_seconds() {
        let ms = Duration::from_millis;
        assert_eq!(level(ms(2000), ms(50)), "level 0 0:02 0.05");
        assert_eq!(level(ms(90_000), ms(0)), "level 0 1:30 0");
        assert_eq!(level(ms(2500), ms(100)), "level 0 0:02.5 0.1");
        assert_eq!(level(ms(600_000), ms(1000)), "level 0 10:00 1");
    }

    #[test]
    fn illegal_move_and_error_lines_are_refusals() {
        assert!(refusal("Illegal move: j2i3"));
        assert!(refusal("Illegal move (in check): e1e2"));
        assert!(refusal("Error (unknown command): usermove"));
        assert!(!refusal("move e2e4"));
        assert!(!refusal(" 5     14       12      45613 i1h3 b8c6"));
        assert!(!refusal("# Illegal move ahead"));
    }

    #[test]
    fn feature_lines_are_split_into_pairs() {
        assert_eq!(
            features(
                r#"feature myname="Fairy-Max 5.0b" setboard=0 variants="normal,shatranj" done=1"#
            ),
            vec![
                ("myname".to_string(), "Fairy-Max 5.0b".to_string()),
                ("setboard".to_string(), "0".to_string()),
                ("variants".to_string(), "normal,shatranj".to_string()),
                ("done".to_string(), "1".to_string()),
            ]
        );
    }
}
