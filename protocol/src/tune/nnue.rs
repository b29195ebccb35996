//! `tessera tune nnue`: trains a chess network (`tessera::core::network`) on the quiet positions of
//! games that `tessera match` recorded, then puts it to an SPRT match against the engine's
//! default evaluation (the hand-written one with the built-in correction); only an accepted
//! network is written to `--out`.

use std::path::PathBuf;

use clap::Args;
use tessera::core::game::{Game, Player};
use tessera::core::network::{FloatNet, Network};
use tessera::games::chess::{nnue, Chess};
use tessera::tune::nnue::{initial, net_loss, train_net, NetOptions, NetSamples};
use tessera::tune::{blend_target, collect_quiet, win_chance, EpochReport, SampleOptions};

use super::accept::{conclude, sprt_match, AcceptArgs, MatchSettings};
use super::progress::Progress;
use super::texel::read_games;
use super::{set_threads, sibling};

#[derive(Args)]
pub struct NnueArgs {
    /// PGN files of chess games (repeatable).
    #[arg(long, required = true)]
    pub pgn: Vec<PathBuf>,
    /// Where the accepted network is written (only if the acceptance match accepts it). The
    /// trained network is always written next to it as NAME.candidate.EXT.
    #[arg(long)]
    pub out: PathBuf,
    /// Turns at the start of each game that are not sampled.
    #[arg(long = "skip-turns", default_value_t = 8)]
    pub skip_turns: usize,
    /// Use at most this many games (the first ones).
    #[arg(long = "max-games")]
    pub max_games: Option<usize>,
    /// Fraction of the games held out to measure the fit.
    #[arg(long, default_value_t = 0.1)]
    pub validation: f64,
    /// Hidden neurons per perspective (32, 64, 128, 256 and 512 evaluate fastest).
    #[arg(long, default_value_t = 32)]
    pub hidden: usize,
    #[arg(long, default_value_t = 20)]
    pub epochs: usize,
    /// Positions per Adam step.
    #[arg(long, default_value_t = 4096)]
    pub batch: usize,
    /// Adam's step size (tenfold smaller for the last quarter of the epochs).
    #[arg(long, default_value_t = 0.001)]
    pub rate: f32,
    /// Stop after this many epochs without a better held-out loss.
    #[arg(long, default_value_t = 6)]
    pub patience: usize,
    /// Weight of the game's result in the target; the rest goes to the search score
    /// recorded with each move.
    #[arg(long, default_value_t = 0.0)]
    pub lambda: f64,
    /// The sigmoid's scale: a score of s centipawns is worth 1 / (1 + 10^(-K s / 400)).
    #[arg(long, default_value_t = 1.0)]
    pub k: f64,
    /// Train on each position's mirror image too (files a and h swapped): chess is the same
    /// game mirrored but for castling, which the inputs do not show.
    #[arg(long, default_value_t = true, action = clap::ArgAction::Set)]
    pub mirror: bool,
    /// Train a correction of the hand-written evaluation instead of a replacement: the
    /// network's score is added to the evaluation's (its file says so, `chess-768+hce`),
    /// and starts near zero.
    #[arg(long)]
    pub residual: bool,
    /// Go on training this network (a file, or `builtin`) instead of starting from new
    /// weights: the games it learnt from need not be kept. Its feature set must be the one
    /// trained (`chess-768+hce` with `--residual`, `chess-768` without) and its size
    /// `--hidden`.
    #[arg(long)]
    pub init: Option<String>,
    /// Seed of the first weights and of the order of the positions.
    #[arg(long = "net-seed", default_value_t = 1)]
    pub net_seed: u64,
    /// Worker threads for collecting samples and training (default: every core).
    #[arg(long)]
    pub threads: Option<usize>,
    #[command(flatten)]
    pub accept: AcceptArgs,
    #[command(flatten)]
    pub matches: MatchSettings,
}

/// A sample's inputs, the side to move of its quiet position, and the hand-written
/// evaluation there and in its mirror image (side to move's view) with the share of a
/// correction that goes with each (`Chess::hand_evaluation`): kept to compare the two fits,
/// and the base of a correction (`--residual`).
type Inputs = (Vec<u16>, Vec<u16>, Player, (i32, f32), (i32, f32));

pub fn run(a: NnueArgs) -> Result<(), String> {
    set_threads(a.threads)?;
    if a.hidden == 0 || a.hidden > tessera::core::network::MAX_HIDDEN {
        return Err(format!(
            "--hidden must be 1 to {}",
            tessera::core::network::MAX_HIDDEN
        ));
    }
    // Loaded (or refused) before the games are read, which takes a while.
    let init = a
        .init
        .as_deref()
        .map(|i| start_from(i, a.residual, a.hidden))
        .transpose()?;
    let games = read_games(&a.pgn, a.max_games, "chess")?;
    eprintln!("{} chess games", games.len());
    let proto = Chess::new(false);
    let opts = SampleOptions {
        skip_turns: a.skip_turns,
        ..SampleOptions::default()
    };
    let mut bar = Progress::new("positions", games.len() as u64);
    let bar_cell = std::sync::Mutex::new(&mut bar);
    let quiet = collect_quiet(
        &proto,
        &games,
        &opts,
        &|done| {
            if let Ok(mut b) = bar_cell.lock() {
                b.set(done as u64, "");
            }
        },
        &|leaf: &Chess| -> Inputs {
            let f = leaf.net_features();
            let mirrored = Chess::from_fen(&nnue::mirror_files_fen(&leaf.fen()), false)
                .map_or((0, 1.0), |m| m.hand_evaluation());
            (
                f.own().to_vec(),
                f.other().to_vec(),
                leaf.to_move(),
                leaf.hand_evaluation(),
                mirrored,
            )
        },
    );
    bar.finish(&format!("{} samples", quiet.samples.len()));
    let lambda = a.lambda.clamp(0.0, 1.0);
    let mut set = NetSamples::new();
    let mut hand = Vec::with_capacity(quiet.samples.len());
    for l in &quiet.samples {
        let (own, other, stm, eval, mirrored) = &l.sample;
        let white = *stm == Player::White;
        let result = if white { l.result } else { 1.0 - l.result } as f64;
        let search = if white { l.search } else { -l.search } as f64;
        let target = blend_target(result, search, a.k, lambda) as f32;
        // A network that replaces the evaluation stands whole; a correction goes with the
        // evaluation's share of it.
        let base = |(e, share): (i32, f32)| {
            if a.residual {
                (e as f32 / tessera::core::network::SCALE as f32, share)
            } else {
                (0.0, 1.0)
            }
        };
        let (b, share) = base(*eval);
        set.push_on(own, other, target, l.game, b, share);
        hand.push(eval.0);
        if a.mirror {
            // The fitted piece-square tables are not symmetric left to right: a correction
            // of the mirror image starts from that image's own evaluation.
            let flip = |f: &[u16]| f.iter().map(|&x| nnue::mirror(x)).collect::<Vec<u16>>();
            let (b, share) = base(*mirrored);
            set.push_on(&flip(own), &flip(other), target, l.game, b, share);
            hand.push(mirrored.0);
        }
    }
    println!(
        "{} games ({} unreadable), {} positions, {} samples ({} decided or beyond the evaluation cap)",
        quiet.games,
        quiet.unreadable.len(),
        quiet.positions,
        set.len(),
        quiet.dropped
    );
    if set.len() < 1000 {
        return Err(format!("only {} samples: too few to train", set.len()));
    }
    let (train, valid) = set.split(a.validation.clamp(0.0, 0.5));
    let hand_loss = |rows: &[usize]| -> f64 {
        rows.iter()
            .map(|&i| (win_chance(a.k, hand[i] as f64) - set.target[i] as f64).powi(2))
            .sum::<f64>()
            / rows.len().max(1) as f64
    };
    let opts = NetOptions {
        hidden: a.hidden,
        epochs: a.epochs,
        batch: a.batch,
        rate: a.rate,
        k: a.k as f32,
        patience: a.patience,
        seed: a.net_seed,
    };
    let net = if let Some(init) = init {
        init
    } else if a.residual {
        // The evaluation already holds the material: the correction starts from nothing,
        // its output layer small, so training starts at the evaluation's own loss.
        let mut n = initial(
            nnue::FEATURES_ON_HAND,
            nnue::INPUTS,
            a.hidden,
            None,
            a.net_seed,
        );
        n.w2.iter_mut().for_each(|w| *w *= 0.05);
        n
    } else {
        initial(
            nnue::FEATURES,
            nnue::INPUTS,
            a.hidden,
            Some(nnue::material_start()),
            a.net_seed,
        )
    };
    let mut bar = Progress::new("epochs", a.epochs as u64);
    let r = train_net(net, &set, &train, &valid, &opts, &mut |e: &EpochReport| {
        bar.epoch(e)
    });
    bar.finish(&format!("best held-out loss {:.6}", r.best_valid));
    let q = Network::quantize(&r.net);
    let q_loss = valid
        .iter()
        .map(|&i| {
            let (own, other) = set.features(i);
            let cp = if a.residual {
                Chess::corrected(hand[i], set.share[i], q.evaluate(own, other))
            } else {
                q.evaluate(own, other)
            } as f64;
            (win_chance(a.k, cp) - set.target[i] as f64).powi(2)
        })
        .sum::<f64>()
        / valid.len().max(1) as f64;
    println!(
        "{} training, {} held-out samples; held-out loss: hand-written evaluation {:.6}, \
         network {:.6} (best at epoch {} of {}, {:.6} before the first; {:.6} as integers); \
         training loss {:.6}",
        train.len(),
        valid.len(),
        hand_loss(&valid),
        r.best_valid,
        r.best_epoch,
        r.epochs,
        r.start_valid,
        q_loss,
        net_loss(&r.net, &set, &train, a.k as f32)
    );
    let candidate = sibling(&a.out, "candidate");
    let bytes = q.to_bytes();
    std::fs::write(&candidate, &bytes)
        .map_err(|e| format!("cannot write {}: {e}", candidate.display()))?;
    println!("trained network: {}", candidate.display());
    let write_out = || {
        std::fs::write(&a.out, &bytes).map_err(|e| format!("cannot write {}: {e}", a.out.display()))
    };
    if a.accept.no_sprt {
        write_out()?;
        println!("written without an acceptance match: {}", a.out.display());
        return Ok(());
    }
    let path =
        std::fs::canonicalize(&candidate).map_err(|e| format!("{}: {e}", candidate.display()))?;
    let r = sprt_match(
        "acceptance",
        "chess",
        &[],
        &[("EvalNet".to_string(), path.display().to_string())],
        &[],
        &a.matches,
        &a.accept,
    )?;
    conclude(&r, &a.out, write_out)
}

/// The network `--init` names, as floats to train on, if it is the kind and size asked for.
fn start_from(init: &str, residual: bool, hidden: usize) -> Result<FloatNet, String> {
    let net = nnue::load(init)
        .map_err(|e| format!("--init: {e}"))?
        .ok_or_else(|| format!("--init {init}: names no network"))?;
    let (want, flag) = if residual {
        (nnue::FEATURES_ON_HAND, "with --residual")
    } else {
        (nnue::FEATURES, "without --residual")
    };
    if net.features != want {
        return Err(format!(
            "--init {init} is a {} network; training {flag} needs {want}",
            net.features
        ));
    }
    if net.hidden != hidden {
        return Err(format!(
            "--init {init} has {} hidden neurons; --hidden says {hidden}",
            net.hidden
        ));
    }
    Ok(net.to_float())
}
