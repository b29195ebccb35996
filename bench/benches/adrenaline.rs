//! Adrenaline Chess: turn perft and action perft in a middlegame full of checkers, legal-action
//! generation (every action proves that its turn can still end safely), and the adrenaline-check
//! test on its own.

use criterion::{criterion_group, criterion_main, Criterion};
use tessera::games::adrenaline::Adrenaline;
use tessera::tools::perft::{perft, perft_turns};
use tessera::{Game, Player};

/// A middlegame with stacks on both sides (from a self-play game).
pub const MIDDLE: &str =
    "r2qk2r/1pp3pp/2nb3n/p3pp1P/P2pP1b1/3P1NPB/1PPB1P2/RN1QK2R w KQkq - 0 11 b2:2,c6:1,f3:1,h7:1";
/// The seed's strange checkmate: every king move must be refuted by a stepped capture.
pub const STRANGE_MATE: &str = "6k1/pp3pp1/2b5/7p/2q5/8/PP1P1KPP/2B3NR w - - 0 1 c1:3,h5:1";

fn adrenaline_benches(c: &mut Criterion) {
    let mut g = Adrenaline::from_fen(MIDDLE).unwrap();
    c.bench_function("adrenaline/perft_turns1/middle", |b| {
        b.iter(|| perft_turns(&mut g, 1))
    });
    c.bench_function("adrenaline/perft2/middle", |b| b.iter(|| perft(&mut g, 2)));
    let start = Adrenaline::new();
    c.bench_function("adrenaline/legal/start", |b| {
        b.iter(|| {
            let mut v = Vec::new();
            start.legal_actions(&mut v);
            v.len()
        })
    });
    c.bench_function("adrenaline/legal/middle", |b| {
        b.iter(|| {
            let mut v = Vec::new();
            g.legal_actions(&mut v);
            v.len()
        })
    });
    let mate = Adrenaline::from_fen(STRANGE_MATE).unwrap();
    c.bench_function("adrenaline/check/strange-mate", |b| {
        b.iter(|| mate.king_exposed(Player::White))
    });
    c.bench_function("adrenaline/check/middle", |b| {
        b.iter(|| g.king_exposed(Player::White) || g.king_exposed(Player::Black))
    });
}

criterion_group!(benches, adrenaline_benches);
criterion_main!(benches);
