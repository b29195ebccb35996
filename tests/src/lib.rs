//! Integration tests live in `tests/`; they drive the engine library and the `tessera` binary.
//! This library holds what several of them share: a handle on the running binary and a small
//! game for protocol tests that must not depend on any real variant, and the hidden-information
//! toys (`toys`) with the test engine binary that serves them (`src/bin/toy-engine.rs`),
//! scratch directories that remove themselves (`scratch`), and a web board server to send
//! raw HTTP to (`board_server`).

pub mod binary;
pub mod board_server;
pub mod fuzz;
pub mod pile;
pub mod san;
pub mod scratch;
pub mod toys;
