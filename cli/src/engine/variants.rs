//! The variants an engine command offers: the bundled rule files and the
//! files given on the command line, by their `name:`.

use std::path::PathBuf;

use motley_interpreter::{build_path, Game};

use crate::bundled::{build_bundled, BUNDLED};
use crate::Failure;

/// One offered variant: its name and a game at its setup.
pub struct Entry {
    /// The rule file's `name:`.
    pub name: String,
    /// A fresh game of it, default rulings.
    pub game: Game,
}

/// Every offered variant, the given files first.
pub struct Catalog {
    entries: Vec<Entry>,
}

impl Catalog {
    /// The given rule files, then the bundled ones whose names they do not
    /// take, chess first.
    pub fn new(files: &[PathBuf]) -> Result<Catalog, Failure> {
        let mut entries: Vec<Entry> = Vec::new();
        for path in files {
            let source = crate::read(path)?;
            let rules = build_path(path, &source)
                .map_err(|d| Failure(d.render(&path.display().to_string(), &source)))?;
            entries.push(Entry {
                name: rules.rules.variant().name.clone(),
                game: Game::new(rules),
            });
        }
        // Chess first: the default of `uci` and `xboard`.
        let mut bundled: Vec<&(&str, &str)> = BUNDLED.iter().collect();
        bundled.sort_by_key(|(stem, _)| *stem != "chess");
        for (stem, source) in bundled {
            let rules = build_bundled(stem, source).map_err(|d| Failure(d.to_string()))?;
            if !entries.iter().any(|e| e.name == rules.rules.variant().name) {
                entries.push(Entry {
                    name: rules.rules.variant().name.clone(),
                    game: Game::new(rules),
                });
            }
        }
        Ok(Catalog { entries })
    }

    /// The offered variants, in order.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// A fresh game of the named variant.
    pub fn game(&self, name: &str) -> Option<Game> {
        self.entries
            .iter()
            .find(|e| e.name == name)
            .map(|e| e.game.clone())
    }

    /// Every ruling of every variant: full id, options, default.
    pub fn rulings(&self) -> Vec<(String, Vec<String>, String)> {
        self.entries
            .iter()
            .flat_map(|e| {
                let file = e.game.rule_file();
                file.rulings.iter().map(move |r| {
                    (
                        format!("{}.{}", file.name.value, r.id),
                        r.options.clone(),
                        r.default.value.clone(),
                    )
                })
            })
            .collect()
    }
}
