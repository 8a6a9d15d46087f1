//! The transposition table: one entry per slot, replaced when the new
//! result is deeper or from another position.

/// What a stored score says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub(crate) enum Bound {
    /// No entry.
    #[default]
    Empty,
    /// The exact score.
    Exact,
    /// At least the score (a beta cut-off).
    Lower,
    /// At most the score (every move failed low).
    Upper,
}

/// One stored search result.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Entry<M> {
    pub key: u64,
    pub best: M,
    pub score: i32,
    pub depth: i16,
    pub bound: Bound,
}

/// A table of a power-of-two number of entries.
pub(crate) struct Table<M> {
    entries: Vec<Entry<M>>,
}

impl<M: Copy + Default> Table<M> {
    /// A table of about `megabytes` MB.
    pub fn new(megabytes: usize) -> Table<M> {
        let size = std::mem::size_of::<Entry<M>>().max(1);
        let wanted = (megabytes.max(1) << 20) / size;
        let count = 1usize << (usize::BITS - 1 - wanted.max(2).leading_zeros());
        Table {
            entries: vec![Entry::default(); count],
        }
    }

    fn slot(&self, key: u64) -> usize {
        (key as usize) & (self.entries.len() - 1)
    }

    /// The entry of `key`, if stored.
    pub fn get(&self, key: u64) -> Option<Entry<M>> {
        let e = self.entries[self.slot(key)];
        (e.bound != Bound::Empty && e.key == key).then_some(e)
    }

    /// Stores a result.
    pub fn put(&mut self, entry: Entry<M>) {
        let slot = self.slot(entry.key);
        let old = &mut self.entries[slot];
        if old.key != entry.key || entry.depth >= old.depth || entry.bound == Bound::Exact {
            *old = entry;
        }
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        self.entries.fill(Entry::default());
    }
}
