//! The variant registry: name + options -> a boxed game. The protocol knows variants only
//! through this table.

use std::collections::BTreeMap;

use crate::game::RuleError;
use crate::session::AnyGame;

/// The type and default of a variant option, as UCI declares it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionKind {
    Check {
        default: bool,
    },
    Spin {
        default: i64,
        min: i64,
        max: i64,
    },
    Combo {
        default: &'static str,
        values: &'static [&'static str],
    },
    Text {
        default: &'static str,
    },
}

/// One option a variant understands (set with `setoption name <name> value <v>`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionSpec {
    pub name: &'static str,
    pub kind: OptionKind,
    pub help: &'static str,
}

/// Option values by lower-cased option name, as text.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct VariantOptions(BTreeMap<String, String>);

impl VariantOptions {
    pub fn new() -> VariantOptions {
        VariantOptions::default()
    }

    pub fn set(&mut self, name: &str, value: &str) {
        self.0.insert(name.to_ascii_lowercase(), value.to_string());
    }

    pub fn get(&self, name: &str) -> Option<&str> {
        self.0.get(&name.to_ascii_lowercase()).map(String::as_str)
    }

    /// A check option's value (`true`/`false`), or `default` when unset.
    pub fn flag(&self, name: &str, default: bool) -> Result<bool, RuleError> {
        match self.get(name) {
            None => Ok(default),
            Some(v) if v.eq_ignore_ascii_case("true") => Ok(true),
            Some(v) if v.eq_ignore_ascii_case("false") => Ok(false),
            Some(v) => Err(RuleError::new(format!(
                "option {name} takes true or false, not '{v}'"
            ))),
        }
    }
}

/// What a solver reports (for variants that can be solved).
#[derive(Clone, Debug)]
pub struct SolveReport {
    /// Human-readable lines: value, proof size, time, principal line.
    pub lines: Vec<String>,
}

/// Computes the game-theoretic value of a variant's start position.
pub type SolveFn = fn(&VariantOptions) -> Result<SolveReport, RuleError>;

/// Builds a variant's start position from its options.
pub type CreateFn = fn(&VariantOptions) -> Result<Box<dyn AnyGame>, RuleError>;

/// A registered variant.
pub struct VariantInfo {
    pub name: &'static str,
    pub summary: &'static str,
    pub options: &'static [OptionSpec],
    pub create: CreateFn,
    /// Computes the game-theoretic value of the start position, where the variant can.
    pub solve: Option<SolveFn>,
}

/// Every registered variant, the default (`chess`) first.
pub fn variants() -> &'static [VariantInfo] {
    &[
        VariantInfo {
            name: "chess",
            summary: "Standard chess and Chess960 (FIDE rules)",
            options: &[OptionSpec {
                name: "UCI_Chess960",
                kind: OptionKind::Check { default: false },
                help: "write castling as king takes own rook (e1h1), as Chess960 GUIs expect",
            }],
            create: |o| {
                let c960 = o.flag("UCI_Chess960", false)?;
                Ok(crate::session::Session::boxed(
                    crate::games::chess::Chess::new(c960),
                ))
            },
            solve: None,
        },
        VariantInfo {
            name: "tictacchess",
            summary:
                "Tic Tac Chess: drop chess pieces on a 3x3 board; three in a row or checkmate wins",
            options: crate::games::tictacchess::OPTIONS,
            create: |opts| {
                let cfg = crate::games::tictacchess::config_from_options(opts)?;
                Ok(crate::session::Session::boxed(
                    crate::games::tictacchess::TicTacChess::new(cfg),
                ))
            },
            solve: Some(crate::games::tictacchess::solver::solve),
        },
        crate::games::turtleshell::INFO,
        VariantInfo {
            name: "tches",
            summary:
                "TCHES: move-then-capture pieces, reverse sides, Strike turns of three actions",
            options: crate::games::tches::options::OPTIONS,
            create: crate::games::tches::Tches::boxed,
            solve: None,
        },
    ]
}

pub fn find(name: &str) -> Option<&'static VariantInfo> {
    variants()
        .iter()
        .find(|v| v.name.eq_ignore_ascii_case(name))
}

/// Builds a variant's start position with the given options.
pub fn create(name: &str, opts: &VariantOptions) -> Result<Box<dyn AnyGame>, RuleError> {
    let v = find(name).ok_or_else(|| {
        let names: Vec<&str> = variants().iter().map(|v| v.name).collect();
        RuleError::new(format!(
            "unknown variant '{name}' (known: {})",
            names.join(", ")
        ))
    })?;
    (v.create)(opts)
}

/// Every option of every variant, each name once (for the `uci` option list).
pub fn all_options() -> Vec<&'static OptionSpec> {
    let mut out: Vec<&'static OptionSpec> = Vec::new();
    for v in variants() {
        for o in v.options {
            if !out.iter().any(|x| x.name.eq_ignore_ascii_case(o.name)) {
                out.push(o);
            }
        }
    }
    out
}
