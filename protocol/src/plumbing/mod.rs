//! What the two protocols (`crate::uci`, `crate::xboard`) share: where their lines go, the
//! engine's options, the search settings and table they keep between searches, and searches
//! on a thread of their own. Neither protocol uses the other; both use this.

pub mod options;
pub mod search;

use std::io::{BufRead, Write};
use std::sync::Arc;

use tessera::core::options::VariantOptions;
use tessera::faces::variant::VariantInfo;
use tessera::search::tt::TranspositionTable;
use tessera::search::SearchConfig;
use tessera::AnyGame;

use crate::setup;

/// Where protocol lines go; each call writes one whole line. Shared with the search thread.
pub type Output = Arc<dyn Fn(&str) + Send + Sync>;

/// An output that writes each line to stdout and flushes it at once (GUIs read line by line).
pub fn stdout_output() -> Output {
    Arc::new(|line: &str| {
        let mut s = std::io::stdout().lock();
        let _ = writeln!(s, "{line}");
        let _ = s.flush();
    })
}

/// Whether the protocol loop goes on after a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
}

/// Hands `input` to `handle` line by line until `handle` answers `Flow::Quit` (returned) or
/// the input ends (`Flow::Continue`). Invalid UTF-8 is bad input like any other: it becomes
/// replacement characters, and the protocol answers it with an error line.
pub fn read_lines(input: &mut dyn BufRead, handle: &mut dyn FnMut(&str) -> Flow) -> Flow {
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match input.read_until(b'\n', &mut buf) {
            Ok(0) | Err(_) => return Flow::Continue,
            Ok(_) => {}
        }
        if handle(&String::from_utf8_lossy(&buf)) == Flow::Quit {
            return Flow::Quit;
        }
    }
}

/// Keeps one output line one line: control characters (a stray newline in a note or an echoed
/// token) would otherwise split or corrupt the protocol stream.
pub fn one_line(s: &str) -> String {
    s.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

/// Where a protocol starts: the first variant of `catalog`, no option set, at its start
/// position.
pub fn first_variant(
    catalog: &'static [VariantInfo],
) -> Result<(&'static VariantInfo, VariantOptions, Box<dyn AnyGame>), String> {
    let variant = catalog.first().ok_or("no variant is registered")?;
    let vopts = VariantOptions::new();
    let game = setup::build_position(variant, &vopts, None, "")?;
    Ok((variant, vopts, game))
}

/// The search settings and the transposition table, kept from one search to the next.
pub struct SearchSettings {
    pub cfg: SearchConfig,
    hash_mb: usize,
    tt: Arc<TranspositionTable>,
}

impl Default for SearchSettings {
    fn default() -> SearchSettings {
        let mb = options::DEFAULT_HASH_MB as usize;
        SearchSettings {
            cfg: SearchConfig::default(),
            hash_mb: mb,
            tt: Arc::new(TranspositionTable::new(mb)),
        }
    }
}

impl SearchSettings {
    pub fn hash_mb(&self) -> usize {
        self.hash_mb
    }

    /// The table, for a search to share.
    pub fn table(&self) -> Arc<TranspositionTable> {
        self.tt.clone()
    }

    /// Forgets what earlier searches stored (a new game).
    pub fn clear_table(&self) {
        self.tt.clear();
    }

    /// Resizes the table (a fresh one; its contents are lost) when `mb` is a new size. A
    /// search already running keeps its own table; the next one gets the new size. A size
    /// the machine cannot hold is refused.
    pub fn set_hash_mb(&mut self, mb: usize) -> Result<(), String> {
        if mb != self.hash_mb {
            options::check_hash_fits(mb)?;
            self.tt = Arc::new(TranspositionTable::new(mb));
            self.hash_mb = mb;
        }
        Ok(())
    }
}
