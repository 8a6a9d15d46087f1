//! Hand-written engine.
