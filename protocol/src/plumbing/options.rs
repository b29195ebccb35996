//! The engine's own options (hash size, threads, searcher settings) and the validation of
//! every option value, for both protocols and the command line.

use tessera::core::options::{OptionKind, OptionSpec};
use tessera::faces::variant::VariantInfo;
use tessera::search::{Leaf, Observers, SearchConfig, Searcher};

pub const DEFAULT_HASH_MB: i64 = 16;
/// The largest `Hash` accepted; a table this size must fit in memory, so it stays modest.
pub const MAX_HASH_MB: i64 = 65536;

/// Options that belong to the engine rather than to a variant.
pub const ENGINE_OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        name: "Hash",
        kind: OptionKind::Spin {
            default: DEFAULT_HASH_MB,
            min: 1,
            max: MAX_HASH_MB,
        },
        help: "transposition table size in MB",
        check: None,
    },
    OptionSpec {
        name: "Threads",
        kind: OptionKind::Spin {
            default: 1,
            min: 1,
            max: 256,
        },
        help: "search threads",
        check: None,
    },
    OptionSpec {
        name: "MultiPV",
        kind: OptionKind::Spin {
            default: 1,
            min: 1,
            max: 256,
        },
        help: "number of principal variations reported",
        check: None,
    },
    OptionSpec {
        name: "Move Overhead",
        kind: OptionKind::Spin {
            default: 30,
            min: 0,
            max: 5000,
        },
        help: "milliseconds kept in reserve per move on a clock",
        check: None,
    },
    OptionSpec {
        name: "Contempt",
        kind: OptionKind::Spin {
            default: 0,
            min: -500,
            max: 500,
        },
        help: "centipawns a draw is worth less than even to the engine (alpha-beta)",
        check: None,
    },
    OptionSpec {
        name: "Ponder",
        kind: OptionKind::Check { default: false },
        help: "the GUI may send go ponder",
        check: None,
    },
    OptionSpec {
        name: "EvalWeights",
        kind: OptionKind::Text { default: "" },
        help: "evaluation weights: a JSON file, or the JSON itself (empty: the defaults)",
        check: None,
    },
    OptionSpec {
        name: "SearchParams",
        kind: OptionKind::Text { default: "" },
        help: "search parameters: a JSON file, or the JSON itself (empty: the defaults)",
        check: None,
    },
    OptionSpec {
        name: "UCI_Chess960",
        kind: OptionKind::Check { default: false },
        help: "Chess960 castling notation (king takes own rook)",
        check: None,
    },
    OptionSpec {
        name: "Search",
        kind: OptionKind::Combo {
            default: "auto",
            values: Searcher::NAMES,
        },
        help: "the searcher: auto (alpha-beta, or ISMCTS where information is hidden), \
               alphabeta, mcts, greedy (one ply) or random",
        check: None,
    },
    OptionSpec {
        name: "MCTS Exploration",
        kind: OptionKind::Spin {
            default: 70,
            min: 0,
            max: 1000,
        },
        help: "UCB exploration constant of the tree search, in hundredths",
        check: None,
    },
    OptionSpec {
        name: "MCTS Playout",
        kind: OptionKind::Spin {
            default: -1,
            min: -1,
            max: 400,
        },
        help: "plies of playout before the static evaluation (-1: none for perfect \
               information, to the end otherwise)",
        check: None,
    },
    OptionSpec {
        name: "MCTS Guided",
        kind: OptionKind::Check { default: true },
        help: "playouts prefer the game's most urgent actions (captures) half the time",
        check: None,
    },
    OptionSpec {
        name: "MCTS Observers",
        kind: OptionKind::Combo {
            default: "multiple",
            values: &["multiple", "single"],
        },
        help: "information-set search: one tree per player (multiple) or one for the \
               searching player (single)",
        check: None,
    },
    OptionSpec {
        name: "MCTS Leaf",
        kind: OptionKind::Combo {
            default: "auto",
            values: Leaf::NAMES,
        },
        help: "how the tree search scores a leaf: the game's choice (auto), the static \
               evaluation (eval), a \
               quiescence search of the captures pending there (quiescence), or an \
               alpha-beta search of 1 to 3 plies and quiescence (search1 to search3)",
        check: None,
    },
    OptionSpec {
        name: "MCTS Hide Own",
        kind: OptionKind::Check { default: false },
        help: "information-set search trains the opponent's tree on worlds where one's own \
               secrets are drawn again from what the opponent has seen (games that can)",
        check: None,
    },
    OptionSpec {
        name: "MCTS Reward Scale",
        kind: OptionKind::Spin {
            default: 0,
            min: 0,
            max: 10000,
        },
        help: "centipawns of a leaf's score that make odds of 10 to 1 in its reward \
               (0: the game's choice, 400 unless the game says otherwise)",
        check: None,
    },
    OptionSpec {
        name: "MCTS Widening",
        kind: OptionKind::Spin {
            default: -1,
            min: -1,
            max: 1000,
        },
        help: "information-set search opens a node's actions one at a time, the game's \
               most urgent first, up to 1 + this/100 x the square root of its visits \
               (0: every action once before any twice; -1: the game's choice)",
        check: None,
    },
    OptionSpec {
        name: "MCTS Tree Turns",
        kind: OptionKind::Spin {
            default: -1,
            min: -1,
            max: 64,
        },
        help: "information-set search ends its tree at the start of the opponents' n-th \
               turn and scores the leaf there (0: no limit; -1: the game's choice)",
        check: None,
    },
    OptionSpec {
        name: "MCTS Leaf Deepening",
        kind: OptionKind::Spin {
            default: -1,
            min: -1,
            max: 100000,
        },
        help: "where the tree ends at the opponent's turn, a leaf below a node with this \
               many visits is searched a ply deeper, two at eight times as many (0: never; \
               -1: the game's choice)",
        check: None,
    },
    OptionSpec {
        name: "Determinizations",
        kind: OptionKind::Spin {
            default: 8,
            min: 1,
            max: 256,
        },
        help: "truths sampled from a view by determinized alpha-beta and the greedy player",
        check: None,
    },
    OptionSpec {
        name: "Exact Worlds",
        kind: OptionKind::Spin {
            default: 1,
            min: 1,
            max: 256,
        },
        help: "Search auto plays a hidden-information view by determinized alpha-beta over \
               every truth it allows where there are at most this many (1: once the view \
               is certain), by information-set tree search otherwise",
        check: None,
    },
    OptionSpec {
        name: "Fixed Sample",
        kind: OptionKind::Check { default: false },
        help: "determinized alpha-beta and the greedy player draw their truths with the same \
               random numbers at every move (with Determinizations 1: one fixed sample, \
               drawn again only when the game refutes it, where the variant's view allows)",
        check: None,
    },
    OptionSpec {
        name: "Prior Floor",
        kind: OptionKind::Spin {
            default: 0,
            min: 0,
            max: 100,
        },
        help: "determinized alpha-beta leaves out root actions the game rates below this \
               percent (Cloak and Dagger: guesses less likely right than that); 0 keeps all",
        check: None,
    },
    OptionSpec {
        name: "Leave Speculative",
        kind: OptionKind::Check { default: false },
        help: "Search alphabeta leaves out the game's speculative actions below the root, \
               as the tree search's leaf searches do and Search auto's alpha-beta on a view \
               always does (Cloak and Dagger: guesses below CloakGuessThreat and \
               CloakOwnGuessThreat)",
        check: None,
    },
    OptionSpec {
        name: "Random Seed",
        kind: OptionKind::Spin {
            default: 0,
            min: 0,
            max: 2_147_483_647,
        },
        help: "seed of the searchers' random numbers",
        check: None,
    },
];

/// Sets a searcher option (validated, canonical value) in `cfg`. False when `name` is not
/// one of them.
pub fn set_search_option(cfg: &mut SearchConfig, name: &str, value: &str) -> bool {
    let int = || value.parse::<i64>().unwrap_or(0);
    match name {
        "Threads" => cfg.threads = int().max(1) as usize,
        "MultiPV" => cfg.multipv = int().max(1) as usize,
        "Move Overhead" => cfg.move_overhead = int().max(0) as u64,
        "Contempt" => cfg.contempt = int().clamp(-500, 500) as i32,
        "Search" => cfg.searcher = Searcher::from_name(value).unwrap_or_default(),
        "MCTS Exploration" => cfg.mcts.exploration = int().max(0) as u32,
        "MCTS Playout" => cfg.mcts.playout_plies = u32::try_from(int()).ok(),
        "MCTS Guided" => cfg.mcts.guided = value == "true",
        "MCTS Observers" => {
            cfg.mcts.observers = if value == "single" {
                Observers::Single
            } else {
                Observers::Multiple
            }
        }
        "MCTS Leaf" => cfg.mcts.leaf = Leaf::from_name(value).unwrap_or_default(),
        "MCTS Hide Own" => cfg.mcts.hide_own = value == "true",
        "MCTS Reward Scale" => cfg.mcts.reward_scale = u32::try_from(int()).unwrap_or(0),
        "MCTS Widening" => cfg.mcts.widening = u32::try_from(int()).ok(),
        "MCTS Tree Turns" => cfg.mcts.tree_turns = u32::try_from(int()).ok(),
        "MCTS Leaf Deepening" => cfg.mcts.leaf_deepening = u32::try_from(int()).ok(),
        "Determinizations" => cfg.determinizations = int().max(1) as u32,
        "Exact Worlds" => cfg.exact_worlds = int().clamp(1, 256) as u32,
        "Fixed Sample" => cfg.fixed_sample = value == "true",
        "Prior Floor" => cfg.prior_floor = int().clamp(0, 100) as u32,
        "Leave Speculative" => cfg.leave_speculative = value == "true",
        "Random Seed" => cfg.mcts.seed = int().max(0) as u64,
        _ => return false,
    }
    true
}

/// The name of the option that selects the variant.
pub const VARIANT_OPTION: &str = "UCI_Variant";

/// Checks `value` against an option's kind and its own check and returns it in canonical
/// form (`true`/`false`, a decimal integer, the combo value as declared).
pub fn validate(spec: &OptionSpec, value: &str) -> Result<String, String> {
    spec.validate(value).map_err(|e| e.to_string())
}

/// The default value of an option, as text.
pub fn default_value(spec: &OptionSpec) -> String {
    spec.default_value()
}

/// Memory the system can still give, in MB (Linux `MemAvailable`); `None` where unknown.
pub fn available_mb() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024)
}

/// Refuses a `Hash` size the machine cannot hold: allocating it would kill the process
/// instead of giving an error.
pub fn check_hash_fits(mb: usize) -> Result<(), String> {
    match available_mb() {
        Some(avail) if mb as u64 > avail => Err(format!(
            "Hash {mb} MB is more than the {avail} MB of memory available"
        )),
        _ => Ok(()),
    }
}

/// Every variant option of `catalog`, each name once, leaving out names the engine declares.
pub fn variant_options(catalog: &'static [VariantInfo]) -> Vec<&'static OptionSpec> {
    let mut out: Vec<&'static OptionSpec> = Vec::new();
    for o in catalog.iter().flat_map(|v| v.options.iter()) {
        let taken = ENGINE_OPTIONS
            .iter()
            .chain(out.iter().copied())
            .any(|x| x.name.eq_ignore_ascii_case(o.name));
        if !taken && !o.name.eq_ignore_ascii_case(VARIANT_OPTION) {
            out.push(o);
        }
    }
    out
}

/// The option spec a variant declares under `name` (case-insensitive), if any variant does.
pub fn find_variant_option(
    catalog: &'static [VariantInfo],
    name: &str,
) -> Option<&'static OptionSpec> {
    catalog
        .iter()
        .flat_map(|v| v.options.iter())
        .find(|o| o.name.eq_ignore_ascii_case(name))
}

pub fn find_engine_option(name: &str) -> Option<&'static OptionSpec> {
    ENGINE_OPTIONS
        .iter()
        .find(|o| o.name.eq_ignore_ascii_case(name))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_larger_than_memory_is_refused() {
        if available_mb().is_some() {
            assert!(check_hash_fits(1 << 40).is_err());
        }
        assert!(check_hash_fits(1).is_ok());
    }

    #[test]
    fn values_are_validated_and_canonical() {
        let hash = find_engine_option("hash").unwrap();
        assert_eq!(validate(hash, "64").unwrap(), "64");
        assert!(validate(hash, "0").is_err());
        assert!(validate(hash, "1e3").is_err());
        assert!(validate(hash, "99999999999999999999").is_err());
        let ponder = find_engine_option("PONDER").unwrap();
        assert_eq!(validate(ponder, "TRUE").unwrap(), "true");
        assert!(validate(ponder, "yes").is_err());
        let combo = OptionSpec {
            name: "Layer",
            kind: OptionKind::Combo {
                default: "one",
                values: &["one", "two"],
            },
            help: "",
            check: None,
        };
        assert_eq!(validate(&combo, "TWO").unwrap(), "two");
        assert!(validate(&combo, "three").is_err());
    }

    #[test]
    fn tree_settings_left_to_the_game_read_minus_one() {
        let mut cfg = SearchConfig::default();
        for (name, read) in [
            (
                "MCTS Widening",
                (|c: &SearchConfig| c.mcts.widening) as fn(&SearchConfig) -> _,
            ),
            ("MCTS Tree Turns", |c: &SearchConfig| c.mcts.tree_turns),
            ("MCTS Leaf Deepening", |c: &SearchConfig| {
                c.mcts.leaf_deepening
            }),
        ] {
            let spec = find_engine_option(name).unwrap();
            assert!(validate(spec, "-2").is_err());
            for (text, want) in [("-1", None), ("0", Some(0)), ("2", Some(2))] {
                assert!(set_search_option(
                    &mut cfg,
                    name,
                    &validate(spec, text).unwrap()
                ));
                assert_eq!(read(&cfg), want, "{name} {text}");
            }
        }
    }

    #[test]
    fn help_texts_read_as_one_line() {
        for o in ENGINE_OPTIONS {
            assert!(!o.help.contains("  "), "{}: {}", o.name, o.help);
        }
    }
}
