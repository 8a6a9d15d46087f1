//! Structure-aware: an `Arbitrary` description of a small rule file is
//! printed as YAML, loaded and played at random; perft stays
//! self-consistent and symmetric files give a position and its
//! colour-mirrored twin the same perft.
//! The oracle: `motley_fuzzing::generated_rules`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use motley_fuzzing::RuleDesc;

fuzz_target!(|desc: RuleDesc| {
    motley_fuzzing::generated_rules(&desc);
});
