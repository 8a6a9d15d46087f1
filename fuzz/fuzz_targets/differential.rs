//! Bytes choose a variant, a ruling option, a seed and the moves of a
//! game; the interpreter and the engine agree at every ply.
//! The oracle: `motley_fuzzing::differential`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    motley_fuzzing::differential(data);
});
