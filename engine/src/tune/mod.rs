//! Tuning evaluation weights from games (Texel's method): every position of a set of games is
//! resolved to the end of its quiescence line, and the weights are fitted so that a logistic
//! function of that position's static evaluation predicts the game's result.
//!
//! `samples` turns recorded games into a variant-free data set (per position: the evaluation,
//! its gradient with respect to every weight, and the result); `texel` fits the weights on it.
//! `nnue` trains a network (`crate::core::network`) on the same quiet positions, given as the active
//! inputs a game names for them.
//! Nothing here names a variant: a game takes part through `Evaluate::eval_weights`,
//! `set_eval_weights` and `eval_gradient`.

pub mod nnue;
pub mod samples;
pub mod texel;

pub use samples::{
    blend_target, collect, collect_quiet, win_chance, Labeled, QuietSet, RecordedGame,
    SampleOptions, SampleSet,
};
pub use texel::{fit, fit_k, loss, EpochReport, FitOptions, FitReport, Split};
