//! The `tessera` binary.

fn main() {
    println!("tessera {}", env!("CARGO_PKG_VERSION"));
}
