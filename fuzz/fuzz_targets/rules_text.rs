//! Arbitrary bytes as a rule file: `build` never panics and every
//! diagnostic is placed inside the text (or concerns the whole file).
//! The oracle: `motley_fuzzing::rules_text`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    motley_fuzzing::rules_text(data);
});
