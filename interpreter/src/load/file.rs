//! Reading an input file (rule file, case file) from disk: only regular
//! files of bounded size, and only UTF-8 text, with the place of the first
//! invalid byte.

use std::io::Read;
use std::path::Path;

use crate::diagnostic::{Diagnostic, Span};

/// The largest file read as a rule file or case file: the largest bundled
/// one is a few kilobytes, so a megabyte leaves room for any real file and
/// keeps `/dev/zero` or a mistaken multi-gigabyte file from filling memory.
pub const MAX_SOURCE_BYTES: u64 = 1 << 20;

/// Reads a text file. The error says why: the file is a folder or a
/// device, is larger than [`MAX_SOURCE_BYTES`], cannot be read, or is not
/// UTF-8 (then placed at the first invalid byte). The size is checked
/// before reading and again while reading, so a file that grows meanwhile
/// is cut off too.
pub fn read_text(path: &Path) -> Result<String, Diagnostic> {
    let cannot = |why: String| Diagnostic::whole(format!("cannot read: {why}"));
    let too_large = || {
        cannot(format!(
            "larger than {} MB, the most a rule or case file may be",
            MAX_SOURCE_BYTES >> 20
        ))
    };
    let meta = std::fs::metadata(path).map_err(|e| cannot(e.to_string()))?;
    if meta.is_dir() {
        return Err(cannot("it is a folder, not a file".into()));
    }
    if !meta.is_file() {
        return Err(cannot("it is not a regular file".into()));
    }
    if meta.len() > MAX_SOURCE_BYTES {
        return Err(too_large());
    }
    let file = std::fs::File::open(path).map_err(|e| cannot(e.to_string()))?;
    let mut bytes = Vec::new();
    file.take(MAX_SOURCE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| cannot(e.to_string()))?;
    if bytes.len() as u64 > MAX_SOURCE_BYTES {
        return Err(too_large());
    }
    String::from_utf8(bytes).map_err(|e| not_utf8(e.as_bytes(), e.utf8_error().valid_up_to()))
}

/// The message for bytes that are valid UTF-8 up to `valid`.
fn not_utf8(bytes: &[u8], valid: usize) -> Diagnostic {
    let before = String::from_utf8_lossy(&bytes[..valid]);
    let line = crate::diagnostic::lines(&before).count().max(1);
    let ends_line = before.ends_with(['\n', '\r']);
    let col = if ends_line {
        1
    } else {
        crate::diagnostic::lines(&before)
            .last()
            .map_or(0, |l| l.chars().count())
            + 1
    };
    let line = if ends_line { line + 1 } else { line };
    Diagnostic::at(
        Span::new(line as u32, col as u32, 1),
        format!(
            "the file is not UTF-8 text (byte {:#04x} at offset {valid})",
            bytes[valid]
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::not_utf8;

    #[test]
    fn invalid_utf8_is_located() {
        let bytes = b"motley: 1\nname: \xff\n";
        assert_eq!(
            not_utf8(bytes, 16).to_string(),
            "2:7: the file is not UTF-8 text (byte 0xff at offset 16)"
        );
        assert_eq!(
            not_utf8(b"\xfe", 0).to_string(),
            "1:1: the file is not UTF-8 text (byte 0xfe at offset 0)"
        );
        assert_eq!(
            not_utf8(b"a\n\xfe", 2).to_string(),
            "2:1: the file is not UTF-8 text (byte 0xfe at offset 2)"
        );
    }
}
