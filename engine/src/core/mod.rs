//! The bottom layer: what every game and every searcher shares. The rules traits (`game`),
//! board geometry and cell sets, Zobrist keys, variant options, named parameter tables, the
//! integer network, random helpers. Nothing here imports a layer above it.

pub mod bitboard;
pub mod game;
pub mod geometry;
pub mod hints;
pub mod network;
pub mod options;
pub mod param_table;
pub mod random;
pub mod solo;
pub mod variant;
pub mod zobrist;
