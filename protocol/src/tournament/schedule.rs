//! Who plays whom, with which colours, from which opening.

/// One scheduled game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pairing {
    /// 1-based game number (the PGN `Round`).
    pub round: u32,
    pub white: usize,
    pub black: usize,
    /// Index into the match's openings: each opening is played twice, colours swapped.
    pub opening: usize,
}

/// Distinct openings needed for `games` games per pair.
pub fn openings_needed(games: u32) -> usize {
    games.div_ceil(2) as usize
}

/// Every pair of engines (round robin) or the first engine against each other one
/// (gauntlet) plays `games` games; within a pair, game `g` uses opening `g / 2` and the
/// colours swap from one game to the next.
pub fn pairings(engines: usize, games: u32, gauntlet: bool) -> Vec<Pairing> {
    let mut pairs = Vec::new();
    for i in 0..engines {
        for j in i + 1..engines {
            if !gauntlet || i == 0 {
                pairs.push((i, j));
            }
        }
    }
    let mut out = Vec::new();
    for (i, j) in pairs {
        for g in 0..games {
            let (white, black) = if g % 2 == 0 { (i, j) } else { (j, i) };
            out.push(Pairing {
                round: out.len() as u32 + 1,
                white,
                black,
                opening: (g / 2) as usize,
            });
        }
    }
    out
}

/// The games of shard `k` of `n` (1-based): whole game pairs (the games of one opening
/// between the same two engines) dealt out in turn, so that the shards together are the
/// tournament and each game keeps its round, colours and opening.
pub fn shard(pairings: &[Pairing], games: u32, k: u32, n: u32) -> Vec<Pairing> {
    let per_pair = openings_needed(games);
    pairings
        .iter()
        .enumerate()
        .filter(|(i, p)| {
            let id = i / games as usize * per_pair + p.opening;
            id % n as usize == (k - 1) as usize
        })
        .map(|(_, p)| *p)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_robin_and_gauntlet() {
        let rr = pairings(3, 2, false);
        let pairs: Vec<(usize, usize)> = rr.iter().map(|p| (p.white, p.black)).collect();
        assert_eq!(pairs, [(0, 1), (1, 0), (0, 2), (2, 0), (1, 2), (2, 1)]);
        assert!(rr.iter().all(|p| p.opening == 0));
        let g = pairings(4, 3, true);
        assert_eq!(g.len(), 9);
        assert!(g.iter().all(|p| p.white == 0 || p.black == 0));
        assert_eq!(
            g.iter().map(|p| p.opening).collect::<Vec<_>>(),
            [0, 0, 1, 0, 0, 1, 0, 0, 1]
        );
        assert_eq!(g.iter().map(|p| p.round).max(), Some(9));
        assert_eq!(openings_needed(3), 2);
    }

    #[test]
    fn shards_deal_whole_pairs_and_cover_the_tournament() {
        for (engines, games, n) in [(2, 10, 3), (3, 4, 2), (4, 5, 4), (2, 1, 2), (2, 6, 1)] {
            let all = pairings(engines, games, false);
            let mut seen: Vec<u32> = Vec::new();
            for k in 1..=n {
                let s = shard(&all, games, k, n);
                for p in &s {
                    // The other game of its pair is in the same shard.
                    let partner = all.iter().find(|q| {
                        q.round != p.round
                            && q.opening == p.opening
                            && q.white == p.black
                            && q.black == p.white
                    });
                    if let Some(q) = partner {
                        assert!(s.contains(q), "{p:?} and {q:?} split");
                    }
                }
                seen.extend(s.iter().map(|p| p.round));
            }
            seen.sort();
            let rounds: Vec<u32> = all.iter().map(|p| p.round).collect();
            assert_eq!(seen, rounds, "{engines} engines, {games} games, {n} shards");
        }
        // Ten games in three shards: pairs 0, 3 / 1, 4 / 2.
        let s: Vec<u32> = shard(&pairings(2, 10, false), 10, 1, 3)
            .iter()
            .map(|p| p.round)
            .collect();
        assert_eq!(s, [1, 2, 7, 8]);
    }
}
