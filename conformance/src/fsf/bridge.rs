//! The pyffish bridge process: `conformance/fsf/bridge.py`, built into the
//! binary and run with `python3 -c`, spoken to in line-delimited JSON.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::Duration;

use serde_json::{json, Value};

use crate::implementation::ImplError;

/// The bridge script, shipped in the repository and built in.
const SCRIPT: &str = include_str!("../../fsf/bridge.py");

/// How long one answer may take; a perft of pyffish's may take long, so
/// perft requests wait without a limit.
const ANSWER: Duration = Duration::from_secs(60);

/// Longest answer line accepted, in bytes.
const MAX_LINE: usize = 64 << 20;

/// The Python interpreter to run: `$MOTLEY_PYTHON`, else `python3`.
fn python() -> String {
    std::env::var("MOTLEY_PYTHON").unwrap_or_else(|_| "python3".to_string())
}

/// A running bridge.
pub struct Bridge {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<Result<String, String>>,
}

impl Drop for Bridge {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Bridge {
    /// Starts the bridge and greets it; returns it with pyffish's version
    /// and variant names.
    pub fn start() -> Result<(Bridge, String, Vec<String>), ImplError> {
        let python = python();
        let mut child = Command::new(&python)
            .args(["-u", "-c", SCRIPT])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| {
                ImplError::Unsupported(format!(
                    "Fairy-Stockfish: cannot start `{python}` for the pyffish bridge: {e}"
                ))
            })?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(ImplError::Failed(
                "pyffish bridge without pipes".to_string(),
            ));
        };
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            loop {
                let mut line = Vec::new();
                match reader
                    .by_ref()
                    .take(MAX_LINE as u64 + 1)
                    .read_until(b'\n', &mut line)
                {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        let answer = if line.len() > MAX_LINE {
                            Err(format!("an answer longer than {MAX_LINE} bytes"))
                        } else {
                            String::from_utf8(line).map_err(|_| "an answer not in UTF-8".into())
                        };
                        let stop = answer.is_err();
                        if tx.send(answer).is_err() || stop {
                            break;
                        }
                    }
                }
            }
        });
        let mut bridge = Bridge {
            child,
            stdin,
            lines: rx,
        };
        let hello = bridge
            .ask(&json!({"cmd": "hello"}), true)
            .map_err(|e| match e {
                // Python is there but pyffish is not: the tool is absent.
                ImplError::Rejected(m) => ImplError::Unsupported(format!("Fairy-Stockfish: {m}")),
                other => other,
            })?;
        let version = hello["version"]
            .as_array()
            .map(|v| {
                v.iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(".")
            })
            .unwrap_or_default();
        let variants = hello["variants"]
            .as_array()
            .map(|v| {
                v.iter()
                    .filter_map(|n| n.as_str().map(str::to_string))
                    .collect()
            })
            .unwrap_or_default();
        Ok((bridge, version, variants))
    }

    /// Sends a request and returns its `ok` value; an `error` answer is
    /// [`ImplError::Rejected`] with the bridge's message. `timed` limits
    /// the wait to [`ANSWER`].
    pub fn ask(&mut self, request: &Value, timed: bool) -> Result<Value, ImplError> {
        writeln!(self.stdin, "{request}")
            .and_then(|_| self.stdin.flush())
            .map_err(|e| ImplError::Failed(format!("pyffish bridge does not accept input: {e}")))?;
        let line = if timed {
            self.lines.recv_timeout(ANSWER).map_err(|e| match e {
                RecvTimeoutError::Timeout => ImplError::Failed(format!(
                    "pyffish bridge did not answer within {}s",
                    ANSWER.as_secs()
                )),
                RecvTimeoutError::Disconnected => {
                    ImplError::Failed("pyffish bridge exited".to_string())
                }
            })?
        } else {
            self.lines
                .recv()
                .map_err(|_| ImplError::Failed("pyffish bridge exited".to_string()))?
        }
        .map_err(|e| ImplError::Failed(format!("pyffish bridge sent {e}")))?;
        let mut answer: Value = serde_json::from_str(&line).map_err(|e| {
            ImplError::Failed(format!(
                "pyffish bridge sent unreadable `{}`: {e}",
                line.trim()
            ))
        })?;
        if let Some(ok) = answer.get_mut("ok") {
            return Ok(ok.take());
        }
        Err(ImplError::Rejected(
            answer["error"]
                .as_str()
                .unwrap_or("pyffish bridge answered neither ok nor error")
                .to_string(),
        ))
    }
}
