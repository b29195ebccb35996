//! Tools over any game: perft, pictures, contract checks, the benchmark and its positions.

pub mod bench;
pub mod bench_positions;
pub mod contract;
pub mod perft;
pub mod render;
