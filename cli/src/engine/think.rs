//! Searching in the background while the protocol keeps reading commands.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;

use motley_interpreter::Game;
use motley_search::{Info, Interpreted, Limits, Searcher};

/// The table size of a searcher made anew after a search failed.
const FALLBACK_HASH_MB: usize = 16;

/// A searcher that runs one search at a time on its own thread.
pub struct Thinker {
    idle: Option<Searcher<Interpreted>>,
    running: Option<(JoinHandle<Searcher<Interpreted>>, Arc<AtomicBool>)>,
}

impl Thinker {
    /// A thinker with a transposition table of `hash_mb` MB.
    pub fn new(hash_mb: usize) -> Thinker {
        Thinker {
            idle: Some(Searcher::new(hash_mb)),
            running: None,
        }
    }

    /// Starts searching `game`: `report` gets each iteration, `done` the
    /// best move's text (`None` when there is no legal move). A running
    /// search is stopped first.
    pub fn start(
        &mut self,
        game: &Game,
        limits: Limits,
        mut report: impl FnMut(&Info) + Send + 'static,
        done: impl FnOnce(Option<String>) + Send + 'static,
    ) {
        self.stop();
        let Some(mut searcher) = self.idle.take() else {
            return;
        };
        let flag = searcher.stop_flag();
        flag.store(false, Ordering::Relaxed);
        let rules = game.shared_rules();
        let mut position = Interpreted::new(rules.clone(), game.position().clone());
        let history = game.history();
        let before = history[..history.len().saturating_sub(1)].to_vec();
        // A search that fails (a bug: the panic's message goes to stderr)
        // still answers, with the first legal move, so that a GUI or a
        // referee is not left waiting.
        let fallback = game.legal_moves().into_iter().next();
        let handle = std::thread::spawn(move || {
            let searched = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                searcher.search(&mut position, &before, limits, &mut report)
            }));
            match searched {
                Ok(best) => {
                    done(best.map(|m| rules.uci(&m)));
                    searcher
                }
                Err(_) => {
                    done(fallback);
                    Searcher::new(FALLBACK_HASH_MB)
                }
            }
        });
        self.running = Some((handle, flag));
    }

    /// Stops the running search, if any, and waits for its `done`.
    pub fn stop(&mut self) {
        if let Some((_, flag)) = &self.running {
            flag.store(true, Ordering::Relaxed);
        }
        self.wait();
    }

    /// Waits for the running search, if any, to finish by itself.
    pub fn wait(&mut self) {
        if let Some((handle, _)) = self.running.take() {
            match handle.join() {
                Ok(searcher) => self.idle = Some(searcher),
                Err(_) => self.idle = Some(Searcher::new(FALLBACK_HASH_MB)),
            }
        }
    }

    /// Forgets what earlier searches learnt (a new game), or resizes the table.
    pub fn reset(&mut self, hash_mb: Option<usize>) {
        self.stop();
        if let Some(searcher) = &mut self.idle {
            match hash_mb {
                Some(mb) => searcher.resize(mb),
                None => searcher.clear(),
            }
        }
    }
}
