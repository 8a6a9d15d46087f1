//! Arbitrary FEN and move text against the bundled rule files: no panic,
//! printed FENs read back to themselves, refused input changes nothing.
//! The oracle: `motley_fuzzing::position_text`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    motley_fuzzing::position_text(data);
});
