//! Integration tests live in `tests/`; they drive the engine library and the `tessera` binary.
//! This library holds what several of them share: a handle on the running binary and a small
//! game for protocol tests that must not depend on any real variant.

pub mod binary;
pub mod fuzz;
pub mod pile;
pub mod san;
