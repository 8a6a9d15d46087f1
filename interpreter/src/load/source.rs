//! Reading a rule file's text from disk, bounded.

use std::fmt;
use std::io::Read;
use std::path::Path;

/// The largest file read as a rule file or case file: the largest bundled
/// one is a few kilobytes, so a megabyte leaves room for any real file and
/// keeps `/dev/zero` or a mistaken multi-gigabyte file from filling memory.
pub const MAX_SOURCE_BYTES: u64 = 1 << 20;

/// Why a file could not be read as text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SourceError {
    /// Not a regular file: a folder, a device, a pipe, e.g. `/dev/zero`.
    NotAFile,
    /// Larger than [`MAX_SOURCE_BYTES`].
    TooLarge,
    /// The system refused (no such file, no permission, ...), or the text is
    /// not UTF-8.
    Io(String),
}

impl fmt::Display for SourceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SourceError::NotAFile => f.write_str("not a regular file"),
            SourceError::TooLarge => write!(
                f,
                "larger than {} MB, the most a rule or case file may be",
                MAX_SOURCE_BYTES >> 20
            ),
            SourceError::Io(e) => f.write_str(e),
        }
    }
}

/// Reads a regular file of at most [`MAX_SOURCE_BYTES`] as UTF-8 text.
/// The size is checked before reading and again while reading, so a file
/// that grows meanwhile is cut off too.
pub fn read_source(path: &Path) -> Result<String, SourceError> {
    let io = |e: std::io::Error| SourceError::Io(e.to_string());
    let file = std::fs::File::open(path).map_err(io)?;
    let meta = file.metadata().map_err(io)?;
    if !meta.is_file() {
        return Err(SourceError::NotAFile);
    }
    if meta.len() > MAX_SOURCE_BYTES {
        return Err(SourceError::TooLarge);
    }
    let mut bytes = Vec::new();
    file.take(MAX_SOURCE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(io)?;
    if bytes.len() as u64 > MAX_SOURCE_BYTES {
        return Err(SourceError::TooLarge);
    }
    String::from_utf8(bytes)
        .map_err(|_| SourceError::Io("stream did not contain valid UTF-8".into()))
}
