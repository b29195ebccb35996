//! Neighbour Chess Solitaire (placeholder while Parade is built).
