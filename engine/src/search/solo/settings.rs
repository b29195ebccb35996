//! The solitaires' solver settings read from their options (the option names and checks are
//! the kit's, `kits::solitaire::options`).

use std::time::Duration;

use super::pimc::PimcConfig;
use super::Caps;
use crate::core::game::RuleError;
use crate::core::options::VariantOptions;
use crate::kits::solitaire::options::{
    deals, FAIR_SAMPLES, FAIR_SAMPLES_DEFAULT, FAIR_SOLVE_KB, FAIR_SOLVE_KB_DEFAULT,
    SECONDS_PER_DEAL, SOLVE_MB, SOLVE_SECONDS,
};

/// The fair player by perfect-information Monte Carlo, or `None` for information-set MCTS.
pub fn fair_pimc(opts: &VariantOptions) -> Result<Option<PimcConfig>, RuleError> {
    let samples = opts.int(FAIR_SAMPLES, FAIR_SAMPLES_DEFAULT, 0, 100_000)? as usize;
    let kb = opts.int(FAIR_SOLVE_KB, FAIR_SOLVE_KB_DEFAULT, 1, 1 << 20)? as usize;
    Ok((samples > 0).then(|| PimcConfig {
        samples,
        caps: Caps {
            expansions: None,
            // The memory cap decides (the same answer on a loaded machine); the time cap only
            // guards against a pathological solve.
            time: Some(Duration::from_secs(2)),
            memory: kb << 10,
        },
    }))
}

/// The solver's caps. With many deals and no `SolveSeconds`, each deal gets
/// `SECONDS_PER_DEAL`.
pub fn caps(opts: &VariantOptions) -> Result<Caps, RuleError> {
    let default_seconds = if deals(opts)? > 0 {
        SECONDS_PER_DEAL as i64
    } else {
        60
    };
    let seconds = opts.int(SOLVE_SECONDS, default_seconds, 1, 86_400)?;
    let mb = opts.int(SOLVE_MB, 1024, 16, 1 << 20)?;
    Ok(Caps {
        expansions: None,
        time: Some(Duration::from_secs(seconds as u64)),
        memory: (mb as usize) << 20,
    })
}
