//! From recorded games to tuning samples.

use rayon::prelude::*;

use crate::core::game::{Evaluate, Player, RuleError};
use crate::core::param_table;
use crate::search::quiet::with_quiet_probe;

/// A game as a record gives it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RecordedGame {
    /// The start position; `None` for the variant's own.
    pub fen: Option<String>,
    /// One entry per turn, its actions comma-joined, in the variant's notation or in SAN.
    pub turns: Vec<String>,
    /// The result for White: 1, 0.5 or 0.
    pub result: f32,
    /// The score in centipawns the mover's engine reported for each turn (its own point of
    /// view), where the record has one.
    pub scores: Vec<Option<f32>>,
}

impl RecordedGame {
    /// A number for the game from its start position, turns and result (FNV-1a), not from
    /// where it stands among the files: held-out games stay held out when games are added
    /// or the files are read in another order, so a table fitted on one set can be measured
    /// on the held-out games of a larger one.
    pub fn id(&self) -> u32 {
        let mut h = 0xcbf2_9ce4_8422_2325u64;
        let mut eat = |bytes: &[u8]| {
            for &b in bytes {
                h = (h ^ b as u64).wrapping_mul(0x0100_0000_01b3);
            }
        };
        eat(self.fen.as_deref().unwrap_or("").as_bytes());
        for turn in &self.turns {
            eat(b" ");
            eat(turn.as_bytes());
        }
        eat(&self.result.to_le_bytes());
        (h ^ (h >> 32)) as u32
    }
}

/// Which positions of a game become samples.
#[derive(Clone, Debug, PartialEq)]
pub struct SampleOptions {
    /// Turns from the start that are never sampled (opening moves, often random).
    pub skip_turns: usize,
    /// At most this many positions per game, spread evenly over the game (0: all).
    pub per_game: usize,
    /// Positions whose quiet evaluation is beyond this many centipawns tell little (the
    /// logistic curve is flat there) and are left out.
    pub max_eval: i32,
}

impl Default for SampleOptions {
    fn default() -> Self {
        SampleOptions {
            skip_turns: 8,
            per_game: 0,
            max_eval: 2000,
        }
    }
}

/// Positions of many games, variant-free: per sample the static evaluation of its quiet
/// position with the weights it was collected with (White's point of view), the gradient of
/// that evaluation (sparse rows), the game's result, and the game it came from.
#[derive(Clone, Debug, Default)]
pub struct SampleSet {
    pub names: Vec<String>,
    /// The weights the samples were collected with.
    pub start: Vec<i32>,
    /// Row `i` is `index[offsets[i]..offsets[i + 1]]` with `coef[..]` alongside.
    pub offsets: Vec<usize>,
    pub index: Vec<u32>,
    pub coef: Vec<f32>,
    pub eval: Vec<f32>,
    /// What the fit predicts: the game's result for White (1, 0.5, 0), or a blend of it with
    /// the search score (`blend`).
    pub result: Vec<f32>,
    /// The engine's search score of the position, White's point of view, in centipawns;
    /// NaN where the record has none.
    pub search: Vec<f32>,
    /// Each sample's game (`RecordedGame::id`), which decides the held-out split.
    pub game: Vec<u32>,
    /// Games read, and games left out because a move could not be replayed.
    pub games: usize,
    pub unreadable: Vec<String>,
    /// Positions looked at, and those left out (decided, or beyond `max_eval`).
    pub positions: usize,
    pub dropped: usize,
}

impl SampleSet {
    pub fn len(&self) -> usize {
        self.eval.len()
    }

    pub fn is_empty(&self) -> bool {
        self.eval.is_empty()
    }

    /// Replaces each result by `lambda * result + (1 - lambda) * sigmoid(k * search / 400)`
    /// where the sample has a search score: deeper search's opinion of the position, less
    /// noisy than one game's result.
    pub fn blend(&mut self, k: f64, lambda: f64) {
        for (r, &s) in self.result.iter_mut().zip(&self.search) {
            *r = blend_target(*r as f64, s as f64, k, lambda) as f32;
        }
    }

    /// The sparse gradient row of sample `i`.
    pub fn row(&self, i: usize) -> (&[u32], &[f32]) {
        let r = self.offsets[i]..self.offsets[i + 1];
        (&self.index[r.clone()], &self.coef[r])
    }
}

/// The expected score of a side `cp` centipawns ahead: `1 / (1 + 10^(-k * cp / 400))`.
#[inline]
pub fn win_chance(k: f64, cp: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * cp / 400.0))
}

/// What a fit predicts for a position: `lambda * result + (1 - lambda) * win_chance(k,
/// search)`, or the result alone where there is no search score (NaN).
pub fn blend_target(result: f64, search: f64, k: f64, lambda: f64) -> f64 {
    if search.is_nan() {
        result
    } else {
        lambda * result + (1.0 - lambda) * win_chance(k, search)
    }
}

/// One position's Texel sample: its gradient row (weight index, coefficient) and evaluation,
/// White's point of view.
type Row = (Vec<(u32, f32)>, f32);

/// A quiet position's sample as `collect_quiet`'s mapper made it, with the labels of the
/// position it was reached from: the game's result and the mover's search score, both from
/// White's point of view (the score NaN where the record has none), and the game's number
/// (`RecordedGame::id`).
#[derive(Clone, Debug)]
pub struct Labeled<T> {
    pub sample: T,
    pub result: f32,
    pub search: f32,
    pub game: u32,
}

/// The quiet positions of many games, each made into a sample by a mapper.
#[derive(Clone, Debug, Default)]
pub struct QuietSet<T> {
    pub samples: Vec<Labeled<T>>,
    /// Games read, and games left out because a move could not be replayed.
    pub games: usize,
    pub unreadable: Vec<String>,
    /// Positions looked at, and those left out (decided, or beyond `max_eval`).
    pub positions: usize,
    pub dropped: usize,
}

/// One game's samples before they are joined.
struct Part<T> {
    rows: Vec<(T, f32)>,
    positions: usize,
    dropped: usize,
    error: Option<String>,
}

/// Plays one turn token (`e4`, `e2e4`, `e2e3,b1c3,g1f3`); each action may be in the variant's
/// notation or in SAN.
fn play_turn<G: Evaluate>(g: &mut G, token: &str) -> Result<(), RuleError> {
    let side = g.to_move();
    for part in token.split(',') {
        let a = match g.parse_action(part) {
            Ok(a) => a,
            Err(e) => {
                let mut legal = Vec::new();
                g.legal_actions(&mut legal);
                *legal
                    .iter()
                    .find(|&&a| g.san(a).as_deref() == Some(part))
                    .ok_or(e)?
            }
        };
        g.play(a);
    }
    if g.to_move() == side && g.terminal().is_none() {
        return Err(RuleError::new(format!("'{token}' is not a whole turn")));
    }
    Ok(())
}

/// Replays `games` from `proto` and maps the end of the quiescence line of each sampled
/// position with `map` (tuners make their samples from it: a gradient row, a network's
/// inputs). `progress` is called with the number of games done so far, now and then.
pub fn collect_quiet<G: Evaluate, T: Send>(
    proto: &G,
    games: &[RecordedGame],
    opts: &SampleOptions,
    progress: &(dyn Fn(usize) + Sync),
    map: &(dyn Fn(&G) -> T + Sync),
) -> QuietSet<T> {
    let done = std::sync::atomic::AtomicUsize::new(0);
    const CHUNK: usize = 16;
    let parts: Vec<Part<T>> = games
        .par_chunks(CHUNK)
        .flat_map_iter(|chunk| {
            let parts: Vec<Part<T>> = with_quiet_probe(proto, |probe| {
                chunk
                    .iter()
                    .map(|rec| game_samples(proto, rec, opts, probe, map))
                    .collect()
            });
            let n = done.fetch_add(chunk.len(), std::sync::atomic::Ordering::Relaxed);
            progress(n + chunk.len());
            parts
        })
        .collect();
    let mut set = QuietSet {
        samples: Vec::new(),
        games: games.len(),
        unreadable: Vec::new(),
        positions: 0,
        dropped: 0,
    };
    for (gi, (p, rec)) in parts.into_iter().zip(games).enumerate() {
        if let Some(e) = p.error {
            set.unreadable.push(format!("game {}: {e}", gi + 1));
            continue;
        }
        set.positions += p.positions;
        set.dropped += p.dropped;
        for (sample, search) in p.rows {
            set.samples.push(Labeled {
                sample,
                result: rec.result,
                search,
                game: rec.id(),
            });
        }
    }
    set
}

/// Collects the Texel samples of `games`, played from `proto` (whose weights are used).
/// `progress` is called with the number of games done so far, now and then.
pub fn collect<G: Evaluate>(
    proto: &G,
    games: &[RecordedGame],
    opts: &SampleOptions,
    progress: &(dyn Fn(usize) + Sync),
) -> Result<SampleSet, RuleError> {
    let table = proto
        .eval_weights()
        .ok_or_else(|| RuleError::new(format!("{} has no evaluation weights", proto.variant())))?;
    let names = param_table::names(table);
    let start = param_table::values(table);
    let quiet = collect_quiet(proto, games, opts, progress, &|leaf: &G| -> Row {
        let sign = if leaf.to_move() == Player::White {
            1.0
        } else {
            -1.0
        };
        let mut row = Vec::new();
        leaf.eval_gradient(&mut row);
        for x in &mut row {
            x.1 *= sign;
        }
        (row, sign * leaf.evaluate() as f32)
    });
    let mut set = SampleSet {
        names,
        start,
        offsets: vec![0],
        games: quiet.games,
        unreadable: quiet.unreadable,
        positions: quiet.positions,
        dropped: quiet.dropped,
        ..SampleSet::default()
    };
    for l in quiet.samples {
        let (row, eval) = l.sample;
        for (i, c) in row {
            set.index.push(i);
            set.coef.push(c);
        }
        set.offsets.push(set.index.len());
        set.eval.push(eval);
        set.search.push(l.search);
        set.result.push(l.result);
        set.game.push(l.game);
    }
    Ok(set)
}

fn game_samples<G: Evaluate, T>(
    proto: &G,
    rec: &RecordedGame,
    opts: &SampleOptions,
    probe: &mut dyn FnMut(&G) -> Option<G>,
    map: &dyn Fn(&G) -> T,
) -> Part<T> {
    let mut part = Part {
        rows: Vec::new(),
        positions: 0,
        dropped: 0,
        error: None,
    };
    let mut g = proto.clone();
    match &rec.fen {
        Some(f) => {
            if let Err(e) = g.set_fen(f) {
                part.error = Some(format!("bad FEN: {e}"));
                return part;
            }
        }
        None => g.reset(),
    }
    // Positions at the start of each turn after the skipped ones, with the mover's search
    // score turned to White's point of view.
    let mut positions = Vec::new();
    for (t, token) in rec.turns.iter().enumerate() {
        if t >= opts.skip_turns {
            let score = rec.scores.get(t).copied().flatten().map_or(f32::NAN, |s| {
                if g.to_move() == Player::White {
                    s
                } else {
                    -s
                }
            });
            positions.push((g.clone(), score));
        }
        if let Err(e) = play_turn(&mut g, token) {
            part.error = Some(format!("turn {} '{token}': {e}", t + 1));
            return part;
        }
    }
    if opts.per_game > 0 && positions.len() > opts.per_game {
        let n = positions.len();
        positions = (0..opts.per_game)
            .map(|k| positions[k * n / opts.per_game].clone())
            .collect();
    }
    for (pos, search) in positions {
        part.positions += 1;
        let Some(leaf) = probe(&pos) else {
            part.dropped += 1;
            continue;
        };
        if leaf.evaluate().abs() > opts.max_eval {
            part.dropped += 1;
            continue;
        }
        part.rows.push((map(&leaf), search));
    }
    part
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::chess::Chess;

    fn game(turns: &[&str], result: f32) -> RecordedGame {
        RecordedGame {
            fen: None,
            turns: turns.iter().map(|s| s.to_string()).collect(),
            result,
            scores: turns.iter().map(|_| Some(25.0)).collect(),
        }
    }

    #[test]
    fn a_games_number_comes_from_its_moves_and_result() {
        let a = game(&["e4", "e5"], 1.0);
        assert_eq!(a.id(), game(&["e4", "e5"], 1.0).id());
        assert_ne!(a.id(), game(&["e4", "e6"], 1.0).id());
        assert_ne!(a.id(), game(&["e4", "e5"], 0.5).id());
        assert_ne!(a.id(), game(&["e4e5"], 1.0).id());
        let other_start = RecordedGame {
            fen: Some("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1".into()),
            ..a.clone()
        };
        assert_ne!(a.id(), other_start.id());
    }

    #[test]
    fn games_in_san_or_engine_notation_give_samples() {
        let g = Chess::new(false);
        let games = [
            game(
                &["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Bxc6", "dxc6"],
                1.0,
            ),
            game(&["d2d4", "d7d5", "c2c4", "e7e6", "b1c3", "g8f6"], 0.5),
            game(&["e4", "e5", "Qh5", "Ke7"], 0.0),
            game(&["e4", "e5", "Nf9"], 1.0),
        ];
        let opts = SampleOptions {
            skip_turns: 2,
            ..SampleOptions::default()
        };
        let set = collect(&g, &games, &opts, &|_| {}).unwrap();
        assert_eq!(set.unreadable.len(), 1, "{:?}", set.unreadable);
        assert!(set.unreadable[0].starts_with("game 4: turn 3 'Nf9'"));
        // 6 + 4 + 2 positions after the skipped turns.
        assert_eq!(set.positions, 12);
        assert_eq!(set.len() + set.dropped, 12);
        assert_eq!(set.names.len(), set.start.len());
        assert_eq!(set.offsets.len(), set.len() + 1);
        // Results and search scores come from White's side.
        assert_eq!(set.result[0], 1.0);
        assert_eq!(set.search[0], 25.0);
        assert_eq!(set.search[1], -25.0);
        // Every sample's evaluation is its gradient applied to the weights (the chess
        // evaluation is linear in them but for the king attack and rounding).
        for i in 0..set.len() {
            let (idx, coef) = set.row(i);
            let linear: f32 = idx
                .iter()
                .zip(coef)
                .map(|(&j, &c)| c * set.start[j as usize] as f32)
                .sum();
            assert!(
                (linear - set.eval[i]).abs() < 3.0,
                "{i}: {linear} vs {}",
                set.eval[i]
            );
        }
        // Samples carry their game's identity, whatever its place among the files.
        assert_eq!(set.game[0], games[0].id());
        assert_eq!(*set.game.last().unwrap(), games[2].id());
        let mut blended = set.clone();
        blended.blend(1.0, 0.5);
        assert!(blended.result[0] < 1.0 && blended.result[0] > 0.5);
    }
}
