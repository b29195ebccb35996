//! Options both solitaires understand: the deal (a deck order, or a seed for a shuffled one),
//! and the clairvoyant solver's caps and number of deals. The names are shared, so
//! `setoption name Deal value ...` works the same in both; each variant checks a deal against
//! its own decks when it is built.

use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::core::game::RuleError;
use crate::core::options::{OptionKind, OptionSpec, VariantOptions};
use crate::kits::cards::{parse_cards, Card};

pub const DEAL: &str = "Deal";
pub const DEAL_SEED: &str = "DealSeed";
pub const SOLVE_SECONDS: &str = "SolveSeconds";
pub const SOLVE_MB: &str = "SolveMB";
pub const DEALS: &str = "Deals";

/// Seconds per deal when many deals are solved and `SolveSeconds` is not set.
pub const SECONDS_PER_DEAL: u64 = 10;

fn check_deal(v: &str) -> Result<(), RuleError> {
    let text: String = v.chars().filter(|&c| c != '|').collect();
    parse_cards(&text).map(|_| ())
}

pub const DEAL_SPEC: OptionSpec = OptionSpec {
    name: DEAL,
    kind: OptionKind::Text { default: "" },
    help: "solitaires: the deck order, top card first, e.g. '9H 10H KS ...' (empty: \
               shuffled with DealSeed)",
    check: Some(check_deal),
};

pub const SEED_SPEC: OptionSpec = OptionSpec {
    name: DEAL_SEED,
    kind: OptionKind::Spin {
        default: 1,
        min: 0,
        max: i32::MAX as i64,
    },
    help: "solitaires: the seed of the shuffled deal when Deal is empty (and of the first \
               of many deals for tessera solve)",
    check: None,
};

pub const SECONDS_SPEC: OptionSpec = OptionSpec {
    name: SOLVE_SECONDS,
    kind: OptionKind::Spin {
        default: 60,
        min: 1,
        max: 86_400,
    },
    help: "solitaires: seconds the clairvoyant solver may spend on one deal (go, solve)",
    check: None,
};

pub const MB_SPEC: OptionSpec = OptionSpec {
    name: SOLVE_MB,
    kind: OptionKind::Spin {
        default: 1024,
        min: 16,
        max: 1 << 20,
    },
    help: "solitaires: megabytes the clairvoyant solver may use for one deal",
    check: None,
};

pub const DEALS_SPEC: OptionSpec = OptionSpec {
    name: DEALS,
    kind: OptionKind::Spin {
        default: 0,
        min: 0,
        max: 1_000_000,
    },
    help: "solitaires, tessera solve: compare the solver and reference players over this \
               many seeded deals (0: solve the one deal)",
    check: None,
};

pub const FAIR_NODES: &str = "FairNodes";

pub const FAIR_NODES_SPEC: OptionSpec = OptionSpec {
    name: FAIR_NODES,
    kind: OptionKind::Spin {
        default: 2000,
        min: 0,
        max: 10_000_000,
    },
    help: "solitaires, tessera solve with Deals: iterations a decision of the fair player \
               (information-set MCTS from the view; 0: not played)",
    check: None,
};

pub const FAIR_SAMPLES: &str = "FairSamples";

/// Sampled deck orders a decision of the fair player by default.
pub const FAIR_SAMPLES_DEFAULT: i64 = 4;

pub const FAIR_SAMPLES_SPEC: OptionSpec = OptionSpec {
    name: FAIR_SAMPLES,
    kind: OptionKind::Spin {
        default: FAIR_SAMPLES_DEFAULT,
        min: 0,
        max: 100_000,
    },
    help: "solitaires, tessera solve with Deals: deck orders the fair player samples a \
               decision, each action valued by the clairvoyant solver in each (perfect-information \
               Monte Carlo; 0: information-set MCTS with FairNodes instead)",
    check: None,
};

pub const FAIR_SOLVE_KB: &str = "FairSolveKB";

/// Kilobytes of the solver's tables for one (sample, action) of the fair player by default.
pub const FAIR_SOLVE_KB_DEFAULT: i64 = 512;

pub const FAIR_SOLVE_KB_SPEC: OptionSpec = OptionSpec {
    name: FAIR_SOLVE_KB,
    kind: OptionKind::Spin {
        default: FAIR_SOLVE_KB_DEFAULT,
        min: 1,
        max: 1 << 20,
    },
    help: "solitaires, tessera solve with Deals: kilobytes the clairvoyant solver may use \
               for one action in one sample of the fair player (a capped solve counts its best \
               line found)",
    check: None,
};

/// The options both solitaires take.
pub const OPTIONS: [OptionSpec; 8] = [
    DEAL_SPEC,
    SEED_SPEC,
    SECONDS_SPEC,
    MB_SPEC,
    DEALS_SPEC,
    FAIR_NODES_SPEC,
    FAIR_SAMPLES_SPEC,
    FAIR_SOLVE_KB_SPEC,
];

pub fn fair_nodes(opts: &VariantOptions) -> Result<u64, RuleError> {
    Ok(opts.int(FAIR_NODES, 2000, 0, 10_000_000)? as u64)
}

/// The deal from the options: the `Deal` text if set, else shuffled from `DealSeed`.
/// `shuffled(seed)` makes a deal from a seed; `parse` reads a text deal.
pub fn deal_text(opts: &VariantOptions) -> Option<&str> {
    opts.get(DEAL).filter(|t| !t.trim().is_empty())
}

pub fn seed(opts: &VariantOptions) -> Result<u64, RuleError> {
    Ok(opts.int(DEAL_SEED, 1, 0, i32::MAX as i64)? as u64)
}

pub fn deals(opts: &VariantOptions) -> Result<usize, RuleError> {
    Ok(opts.int(DEALS, 0, 0, 1_000_000)? as usize)
}

/// A generator for the deal with this seed (each game shuffles its own decks with it).
pub fn rng(seed: u64) -> Xoshiro256PlusPlus {
    Xoshiro256PlusPlus::seed_from_u64(seed ^ 0x0dea_1501)
}

/// Reads a list of cards, ignoring `|` separators.
pub fn cards(text: &str) -> Result<Vec<Card>, RuleError> {
    let t: String = text
        .chars()
        .map(|c| if c == '|' { ' ' } else { c })
        .collect();
    parse_cards(&t)
}
