//! Perft of the chess move generator against published counts.
//!
//! Sources: chessprogramming.org "Perft Results" (start position, Kiwipete, positions 3-6)
//! and the Chess960 perft list of chessprogramming.org "Chess960 Perft Results"
//! (the reference list distributed with Reinhard Scharnagl's and H.G. Muller's tables).

use tessera::games::chess::Chess;
use tessera::tools::perft::perft;
use tessera::Game;

fn check(fen: &str, expected: &[(u32, u64)]) {
    let mut g = Chess::from_fen(fen, false).expect("valid FEN");
    for &(depth, nodes) in expected {
        assert_eq!(perft(&mut g, depth), nodes, "perft({depth}) of {fen}");
        assert_eq!(
            g.fen(),
            Chess::from_fen(fen, false).unwrap().fen(),
            "perft left the position changed"
        );
    }
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const POS3: &str = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
const POS4: &str = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
const POS4_MIRRORED: &str = "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1";
const POS5: &str = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8";
const POS6: &str = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10";

#[test]
fn start_position() {
    check(
        START,
        &[
            (1, 20),
            (2, 400),
            (3, 8_902),
            (4, 197_281),
            (5, 4_865_609),
            (6, 119_060_324),
        ],
    );
}

#[test]
fn kiwipete() {
    check(
        KIWIPETE,
        &[
            (1, 48),
            (2, 2_039),
            (3, 97_862),
            (4, 4_085_603),
            (5, 193_690_690),
        ],
    );
}

#[test]
fn position3() {
    check(
        POS3,
        &[(1, 14), (2, 191), (3, 2_812), (4, 43_238), (5, 674_624)],
    );
}

#[test]
fn position4_and_mirror() {
    for fen in [POS4, POS4_MIRRORED] {
        check(fen, &[(1, 6), (2, 264), (3, 9_467), (4, 422_333)]);
    }
}

#[test]
fn position5() {
    check(POS5, &[(1, 44), (2, 1_486), (3, 62_379), (4, 2_103_487)]);
}

#[test]
fn position6() {
    check(POS6, &[(1, 46), (2, 2_079), (3, 89_890), (4, 3_894_594)]);
}

#[test]
#[ignore = "deep perft: run with --release -- --ignored"]
fn deep() {
    check(POS3, &[(6, 11_030_083), (7, 178_633_661)]);
    check(POS4, &[(5, 15_833_292)]);
    check(POS5, &[(5, 89_941_194)]);
    check(POS6, &[(5, 164_075_551)]);
}

/// From chessprogramming.org "Chess960 Perft Results" (the list also shipped as
/// `fischer.epd`): position, then counts for depths 1..=5.
const CHESS960: &[(&str, [u64; 5])] = &[
    (
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        [21, 528, 12189, 326672, 8146062],
    ),
    (
        "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9",
        [21, 807, 18002, 667366, 16253601],
    ),
    (
        "b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9",
        [20, 479, 10471, 273318, 6417013],
    ),
    (
        "qbbnnrkr/2pp2pp/p7/1p2pp2/8/P3PP2/1PPP1KPP/QBBNNR1R w hf - 0 9",
        [22, 593, 13440, 382958, 9183776],
    ),
    (
        "1nbbnrkr/p1p1ppp1/3p4/1p3P1p/3Pq2P/8/PPP1P1P1/QNBBNRKR w HFhf - 0 9",
        [28, 1120, 31058, 1171749, 34030312],
    ),
    (
        "qnbnr1kr/ppp1b1pp/4p3/3p1p2/8/2NPP3/PPP1BPPP/QNB1R1KR w HEhe - 1 9",
        [29, 899, 26578, 824055, 24851983],
    ),
    (
        "q1bnrkr1/ppppp2p/2n2p2/4b1p1/2NP4/8/PPP1PPPP/QNB1RRKB w ge - 1 9",
        [30, 860, 24566, 732757, 21093346],
    ),
    (
        "qbn1brkr/ppp1p1p1/2n4p/3p1p2/P7/6PP/QPPPPP2/1BNNBRKR w HFhf - 0 9",
        [25, 635, 17054, 465806, 13203304],
    ),
    (
        "qnnbbrkr/1p2ppp1/2pp3p/p7/1P5P/2NP4/P1P1PPP1/Q1NBBRKR w HFhf - 0 9",
        [24, 572, 15243, 384260, 11110203],
    ),
    (
        "qn1rbbkr/ppp2p1p/1n1pp1p1/8/3P4/P6P/1PP1PPPK/QNNRBB1R w hd - 2 9",
        [28, 811, 23175, 679699, 19836606],
    ),
    (
        "qnr1bkrb/pppp2pp/3np3/5p2/8/P2P2P1/NPP1PP1P/QN1RBKRB w GDg - 3 9",
        [33, 823, 26895, 713420, 23114629],
    ),
    (
        "bnqnrbkr/1pp2pp1/p7/3pP2p/4P1P1/8/PPPP3P/BNQNRBKR w HEhe d6 0 9",
        [31, 984, 28677, 962591, 29032175],
    ),
    (
        "nqn2krb/p1prpppp/1pbp4/7P/5P2/8/PPPPPKP1/NQNRB1RB w g - 3 9",
        [21, 461, 10608, 248069, 6194124],
    ),
    (
        "1nqr1rbb/pppkp1pp/1n3p2/3p4/1P6/5P1P/P1PPPKP1/NNQR1RBB w - - 1 9",
        [24, 623, 15921, 429446, 11594634],
    ),
    (
        "nnrkrbbq/pppp2pp/8/4pp2/4P3/P7/1PPPBPPP/NNKRR1BQ w c - 0 9",
        [25, 792, 19883, 636041, 16473376],
    ),
    (
        "n1rk1qbb/pppprpp1/2n4p/4p3/2PP3P/8/PP2PPP1/NNRKRQBB w ECc - 1 9",
        [25, 622, 16031, 425247, 11420973],
    ),
];

#[test]
fn chess960_positions() {
    for (fen, counts) in CHESS960 {
        let expected: Vec<(u32, u64)> = (1..=4).map(|d| (d, counts[d as usize - 1])).collect();
        check(fen, &expected);
    }
}

#[test]
#[ignore = "deep perft: run with --release -- --ignored"]
fn chess960_deep() {
    for (fen, counts) in CHESS960 {
        check(fen, &[(5, counts[4])]);
    }
}
