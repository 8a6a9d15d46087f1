//! Conformance cases, runner and oracles.
