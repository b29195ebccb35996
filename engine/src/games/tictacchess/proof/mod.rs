//! The proof search for positions too large to enumerate: for each side, iterative deepening
//! of "does this side force a win within d plies" with depth-first proof-number search
//! (`dfpn`), a lock-free table keyed by canonical position (`table`, `symmetry`), one thread per
//! side over the shared table, and a checkpoint file to stop and resume (`checkpoint`).
//!
//! A side's wins end on its own moves, so White's bounds are odd and Black's even (Black
//! moving second); "no win within 21 plies" for Black is the 20-ply proof.

pub mod checkpoint;
pub mod dfpn;
pub mod symmetry;
pub mod table;

#[cfg(test)]
mod tests;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::core::game::{Player, RuleError};
use crate::core::options::VariantOptions;

use super::notation::format_action;
use super::position::{Config, Position, TttAction};
use checkpoint::{Checkpoint, DepthStat, SideState};
use dfpn::{lost_dead_end, Answer, Kind, Searcher};
use symmetry::canonical_code;
use table::{Entry, Table};

/// Defaults of the proof options.
pub const DEFAULT_DEPTH: u32 = 21;
pub const DEFAULT_TABLE_MIB: usize = 1024;
pub const DEFAULT_CHECKPOINT_SECONDS: u64 = 300;

/// How a proof runs.
#[derive(Clone, Debug)]
pub struct ProofOptions {
    /// The bound to reach, in plies, for both sides.
    pub depth: u32,
    /// Wall time for the whole run (resumed runs count only their own).
    pub seconds: f64,
    pub checkpoint: Option<PathBuf>,
    pub checkpoint_seconds: u64,
    pub table_mib: usize,
    /// 1: one thread alternates the sides; 2: one thread per side.
    pub threads: usize,
    /// Probe the exact endgame tables at positions with few pieces left.
    pub leaves: bool,
    /// Nodes each searching thread may visit before it stops as if out of time.
    pub node_limit: u64,
    /// A text file that gets a line per finished depth and per checkpoint.
    pub log: Option<PathBuf>,
}

impl Default for ProofOptions {
    fn default() -> ProofOptions {
        ProofOptions {
            depth: DEFAULT_DEPTH,
            seconds: 60.0,
            checkpoint: None,
            checkpoint_seconds: DEFAULT_CHECKPOINT_SECONDS,
            table_mib: DEFAULT_TABLE_MIB,
            threads: 2,
            leaves: false,
            node_limit: u64::MAX,
            log: None,
        }
    }
}

fn number<T: std::str::FromStr>(opts: &VariantOptions, name: &str) -> Result<Option<T>, RuleError> {
    opts.get(name)
        .map(|v| {
            v.trim()
                .parse()
                .map_err(|_| RuleError::new(format!("{name}: '{v}' is not a number")))
        })
        .transpose()
}

/// Reads the proof options (`TicTacSolveSeconds` is the time budget).
pub fn options_from(opts: &VariantOptions, seconds: u64) -> Result<ProofOptions, RuleError> {
    let mut o = ProofOptions {
        seconds: seconds as f64,
        ..ProofOptions::default()
    };
    if let Some(d) = number(opts, "TicTacProofDepth")? {
        o.depth = d;
    }
    if let Some(p) = opts.get("TicTacProofCheckpoint") {
        let p = p.trim();
        if !p.is_empty() {
            o.checkpoint = Some(PathBuf::from(p));
        }
    }
    if let Some(s) = number(opts, "TicTacProofCheckpointSeconds")? {
        o.checkpoint_seconds = s;
    }
    if let Some(m) = number(opts, "TicTacProofTableMiB")? {
        o.table_mib = m;
    }
    if let Some(t) = number::<usize>(opts, "TicTacProofThreads")? {
        o.threads = t.clamp(1, 2);
    }
    if let Some(l) = opts.get("TicTacProofLeaves") {
        o.leaves = matches!(l.trim(), "true" | "1" | "on");
    }
    if let Some(p) = opts.get("TicTacProofLog") {
        let p = p.trim();
        if !p.is_empty() {
            o.log = Some(PathBuf::from(p));
        }
    }
    Ok(o)
}

/// What a proof run established.
#[derive(Clone, Debug)]
pub struct ProofResult {
    /// White's and Black's iterative deepening.
    pub sides: [SideState; 2],
    /// The winning line, when a side was proven to win.
    pub line: Option<Vec<String>>,
    pub nodes: u64,
    pub table_used: usize,
    pub table_capacity: usize,
    pub leaf_hits: u64,
    pub elapsed: Duration,
    /// Resumed from a checkpoint.
    pub resumed: bool,
}

impl ProofResult {
    /// The deepest bound of each side proven without a win, White first.
    pub fn bounds(&self) -> [u32; 2] {
        [self.sides[0].no_win, self.sides[1].no_win]
    }
}

/// The question a side asks at the root and its first depth.
fn root_question(root: &Position, side: Player) -> (Kind, u32) {
    if root.to_move == side {
        (Kind::Win, 1)
    } else {
        (Kind::Loss, 2)
    }
}

struct Shared {
    sides: [SideState; 2],
    /// A depth finished since the last checkpoint.
    fresh: bool,
    leaf_hits: u64,
}

fn append_log(path: &Option<PathBuf>, line: &str) {
    if let Some(p) = path {
        if let Ok(mut f) = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(p)
        {
            let _ = writeln!(f, "{line}");
        }
    }
}

fn side_index(s: Player) -> usize {
    match s {
        Player::White => 0,
        Player::Black => 1,
    }
}

const SIDES: [Player; 2] = [Player::White, Player::Black];

struct Run<'a> {
    cfg: Config,
    root: Position,
    opts: &'a ProofOptions,
    table: &'a Table,
    shared: &'a Mutex<Shared>,
    stop: &'a AtomicBool,
    nodes: &'a AtomicU64,
    deadline: Instant,
    start: Instant,
}

impl Run<'_> {
    /// Runs the given sides' iterative deepening, one depth at a time, the side with the
    /// smaller next depth first.
    fn work(&self, mine: &[usize]) {
        let mut searcher = Searcher::new(self.cfg, self.table, Some(self.deadline), self.stop);
        searcher.leaves = self.opts.leaves;
        searcher.node_limit = self.opts.node_limit;
        searcher.counter = Some(self.nodes);
        loop {
            let pick = {
                let sh = self.shared.lock().unwrap_or_else(|e| e.into_inner());
                mine.iter()
                    .copied()
                    .filter(|&s| sh.sides[s].win.is_none() && sh.sides[s].next <= self.opts.depth)
                    .min_by_key(|&s| sh.sides[s].next)
                    .map(|s| (s, sh.sides[s].next))
            };
            let Some((s, d)) = pick else { break };
            if self.stop.load(Ordering::Relaxed) {
                break;
            }
            let (kind, _) = root_question(&self.root, SIDES[s]);
            let t0 = Instant::now();
            let n0 = searcher.nodes;
            let h0 = searcher.leaf_hits;
            let ans = searcher.solve(&self.root, kind, d);
            let nodes = searcher.nodes - n0;
            let secs = t0.elapsed().as_secs_f64();
            searcher.flush();
            let table = if ans == Answer::Stopped {
                0
            } else {
                self.table.used() as u64
            };
            let mut sh = self.shared.lock().unwrap_or_else(|e| e.into_inner());
            sh.leaf_hits += searcher.leaf_hits - h0;
            let st = &mut sh.sides[s];
            st.partial_nodes += nodes;
            st.partial_seconds += secs;
            if ans == Answer::Stopped {
                break;
            }
            let won = ans == Answer::Proven;
            let stat = DepthStat {
                depth: d,
                won,
                nodes: st.partial_nodes,
                seconds: st.partial_seconds,
                table,
            };
            append_log(
                &self.opts.log,
                &format!(
                    "{:.1} s: {}",
                    self.start.elapsed().as_secs_f64(),
                    depth_line(SIDES[s], &stat)
                ),
            );
            st.depths.push(stat);
            st.partial_nodes = 0;
            st.partial_seconds = 0.0;
            st.next = d + 2;
            if won {
                st.win = Some(d);
                // The game's value is known: the other side's search is moot.
                self.stop.store(true, Ordering::Relaxed);
            } else {
                st.no_win = d;
            }
            sh.fresh = true;
            if won || searcher.nodes >= self.opts.node_limit {
                break;
            }
        }
    }
}

fn save(
    path: &Path,
    cfg: Config,
    root: &Position,
    table: &Table,
    shared: &Mutex<Shared>,
) -> Result<usize, String> {
    let sides = shared
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .sides
        .clone();
    let facts = table.facts();
    let n = facts.len();
    Checkpoint {
        cfg,
        root: canonical_code(root),
        sides,
        facts,
    }
    .save(path)?;
    Ok(n)
}

fn thousands(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, ch) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

fn depth_line(side: Player, d: &DepthStat) -> String {
    format!(
        "{} within {} plies: {}; {} nodes, {:.1} s, {} table slots in use",
        side.name(),
        d.depth,
        if d.won { "wins" } else { "no win" },
        thousands(d.nodes),
        d.seconds,
        thousands(d.table)
    )
}

/// Proves bounds for both sides from `root`, resuming from the checkpoint file when it
/// exists. `progress` gets the nodes so far and a line of text about once a second.
pub fn prove(
    cfg: Config,
    root: Position,
    opts: &ProofOptions,
    progress: &mut dyn FnMut(u64, String),
) -> Result<ProofResult, String> {
    let start = Instant::now();
    let table = Table::new(opts.table_mib);
    let mut sides: [SideState; 2] = Default::default();
    for (i, s) in SIDES.iter().enumerate() {
        sides[i].next = root_question(&root, *s).1;
    }
    let mut resumed = false;
    if let Some(path) = &opts.checkpoint {
        if let Some(ck) = Checkpoint::load(path)? {
            if ck.cfg != cfg || ck.root != canonical_code(&root) {
                return Err(format!(
                    "{} holds a proof of another configuration or start position",
                    path.display()
                ));
            }
            for (code, bounds) in ck.facts {
                table.put(
                    code,
                    Entry {
                        bounds,
                        work: None,
                        effort: 16,
                    },
                );
            }
            sides = ck.sides;
            resumed = true;
        }
    }
    let shared = Mutex::new(Shared {
        sides,
        fresh: false,
        leaf_hits: 0,
    });
    let stop = AtomicBool::new(false);
    let nodes = AtomicU64::new(0);
    let run = Run {
        cfg,
        root,
        opts,
        table: &table,
        shared: &shared,
        stop: &stop,
        nodes: &nodes,
        deadline: start + Duration::from_secs_f64(opts.seconds.max(0.0)),
        start,
    };
    let mut save_error = None;
    std::thread::scope(|scope| {
        let workers: Vec<_> = if opts.threads >= 2 {
            vec![
                scope.spawn(|| run.work(&[0])),
                scope.spawn(|| run.work(&[1])),
            ]
        } else {
            vec![scope.spawn(|| run.work(&[0, 1]))]
        };
        let mut last_save = Instant::now();
        let mut last_report = Instant::now();
        let mut last_count = Instant::now();
        let mut last_n = 0;
        let mut slots = 0;
        while !workers.iter().all(|w| w.is_finished()) {
            std::thread::sleep(Duration::from_millis(50));
            if last_report.elapsed() >= Duration::from_secs(1) {
                let dt = last_report.elapsed().as_secs_f64();
                last_report = Instant::now();
                let n = nodes.load(Ordering::Relaxed);
                if last_count.elapsed() >= Duration::from_secs(30) {
                    // A count of the table reads every slot: now and then only.
                    slots = table.used();
                    last_count = Instant::now();
                }
                let sh = shared.lock().unwrap_or_else(|e| e.into_inner());
                let msg = format!(
                    "white within {} plies, black within {} plies: {} nodes, {:.0} nodes/s, \
                     {} table slots in use, {:.0} s",
                    sh.sides[0].next,
                    sh.sides[1].next,
                    thousands(n),
                    (n - last_n) as f64 / dt,
                    thousands(slots as u64),
                    start.elapsed().as_secs_f64()
                );
                drop(sh);
                last_n = n;
                progress(n, msg);
            }
            let fresh = shared.lock().unwrap_or_else(|e| e.into_inner()).fresh;
            let due = last_save.elapsed() >= Duration::from_secs(opts.checkpoint_seconds.max(1));
            if let Some(path) = &opts.checkpoint {
                if fresh || due {
                    shared.lock().unwrap_or_else(|e| e.into_inner()).fresh = false;
                    last_save = Instant::now();
                    match save(path, cfg, &root, &table, &shared) {
                        Ok(n) => append_log(
                            &opts.log,
                            &format!(
                                "{:.1} s: checkpoint {} ({} facts)",
                                start.elapsed().as_secs_f64(),
                                path.display(),
                                thousands(n as u64)
                            ),
                        ),
                        Err(e) => save_error = Some(e),
                    }
                }
            }
        }
    });
    if let Some(e) = save_error {
        return Err(e);
    }
    if let Some(path) = &opts.checkpoint {
        save(path, cfg, &root, &table, &shared)?;
    }
    let sh = shared.into_inner().unwrap_or_else(|e| e.into_inner());
    let mut result = ProofResult {
        sides: sh.sides,
        line: None,
        nodes: nodes.load(Ordering::Relaxed),
        table_used: table.used(),
        table_capacity: table.capacity(),
        leaf_hits: sh.leaf_hits,
        elapsed: start.elapsed(),
        resumed,
    };
    for (i, s) in SIDES.iter().enumerate() {
        if let Some(d) = result.sides[i].win {
            result.line = Some(win_line(cfg, &table, &root, *s, d));
        }
    }
    Ok(result)
}

/// The winner's line from the root: the winner's first proven move, the loser's longest
/// resistance. Every question is decided by the same search (no time limit).
pub fn win_line(
    cfg: Config,
    table: &Table,
    root: &Position,
    winner: Player,
    d: u32,
) -> Vec<String> {
    let never = AtomicBool::new(false);
    let mut s = Searcher::new(cfg, table, None, &never);
    let mut p = *root;
    let mut left = d;
    let mut line = Vec::new();
    while left > 0 {
        let mut acts: Vec<TttAction> = Vec::new();
        p.legal_actions(&cfg, &mut acts);
        let next = if p.to_move == winner {
            acts.into_iter().find_map(|a| {
                let mut c = p;
                c.apply(a);
                (lost_dead_end(&cfg, &c) || s.solve(&c, Kind::Loss, left - 1) == Answer::Proven)
                    .then_some((a, c, left - 1))
            })
        } else {
            acts.into_iter()
                .map(|a| {
                    let mut c = p;
                    c.apply(a);
                    let need = (1..left)
                        .step_by(2)
                        .find(|&j| s.solve(&c, Kind::Win, j) == Answer::Proven)
                        .unwrap_or(left - 1);
                    (a, c, need)
                })
                .max_by_key(|&(_, _, need)| need)
        };
        let Some((a, c, need)) = next else { break };
        line.push(format_action(a));
        p = c;
        left = need;
    }
    line
}

/// The report lines of a run.
pub fn report(r: &ProofResult, opts: &ProofOptions) -> Vec<String> {
    let mut out = Vec::new();
    let win = SIDES
        .iter()
        .enumerate()
        .find_map(|(i, s)| r.sides[i].win.map(|d| (*s, d)));
    match win {
        Some((side, d)) => {
            let i = side_index(side);
            out.push(format!(
                "value: {} wins in {d} plies (proof-number search; no win within {} plies)",
                side.name(),
                r.sides[i].no_win
            ));
            if let Some(line) = &r.line {
                out.push(format!("principal line: {}", line.join(" ")));
            }
        }
        None => {
            let [w, b] = r.bounds();
            let reached = SIDES
                .iter()
                .enumerate()
                .all(|(i, _)| r.sides[i].next > opts.depth);
            out.push(format!(
                "proof-number search: white has no forced win within {w} plies and black none \
                 within {b} plies{}",
                if reached {
                    String::new()
                } else {
                    format!(
                        "; the next depth did not finish within the budget of {:.0} s",
                        opts.seconds
                    )
                }
            ));
        }
    }
    for (i, s) in SIDES.iter().enumerate() {
        for d in &r.sides[i].depths {
            out.push(depth_line(*s, d));
        }
        let st = &r.sides[i];
        if st.win.is_none() && st.next <= opts.depth && st.partial_nodes > 0 {
            out.push(format!(
                "{} within {} plies: unfinished after {} nodes, {:.1} s",
                s.name(),
                st.next,
                thousands(st.partial_nodes),
                st.partial_seconds
            ));
        }
    }
    out.push(format!(
        "proof search size: {} nodes this run, {} of {} table slots in use, {:.1} s, {} thread(s), \
         4 board images per position{}{}",
        thousands(r.nodes),
        thousands(r.table_used as u64),
        thousands(r.table_capacity as u64),
        r.elapsed.as_secs_f64(),
        opts.threads,
        if opts.leaves {
            format!(", endgame-table leaves: {} hits", thousands(r.leaf_hits))
        } else {
            String::new()
        },
        if r.resumed {
            ", resumed from the checkpoint"
        } else {
            ""
        }
    ));
    out
}
