//! Arbitrary text as Betza and as an expression: the parsers never
//! panic, and printing then parsing again gives the same tree.
//! The oracle: `motley_fuzzing::expression`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    motley_fuzzing::expression(data);
});
