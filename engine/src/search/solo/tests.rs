//! The solver checked against brute force on small games.
