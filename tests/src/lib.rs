//! Integration tests live in `tests/`; they drive the engine library and the `tessera` binary.
