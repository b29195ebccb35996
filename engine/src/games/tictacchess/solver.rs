//! The solver: retrograde analysis over every position reachable from a root.
//!
//! Positions are enumerated breadth-first (no history: a position is board, reserves and side
//! to move). Values are then propagated backwards from the decided ends: a position is won
//! when one action reaches a position lost for the opponent, lost when every action reaches a
//! position won for the opponent. Positions never decided this way are draws: neither side can
//! force an end, so play goes on until a repetition (or a stalemate). This is exact with cycles,
//! which is how the threefold-repetition draw enters the value. Distances are in plies: the
//! winner takes the shortest way, the loser the longest.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

use ahash::AHashMap;

use crate::core::game::{Player, RuleError};
use crate::core::options::VariantOptions;
use crate::core::variant::{SolveProgress, SolveReport};

use super::notation::format_action;
use super::position::{Config, Position, TttAction, KINDS};
use super::{config_from_options, TicTacChess};

/// A game value for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    Win,
    Loss,
    Draw,
}

impl Value {
    pub fn sign(self) -> i32 {
        match self {
            Value::Win => 1,
            Value::Loss => -1,
            Value::Draw => 0,
        }
    }
}

const UNKNOWN: i8 = 2;

/// Every position reachable from a root, with its exact value and distance.
pub struct Solution {
    pub cfg: Config,
    pub root: Position,
    index: AHashMap<u64, u32>,
    codes: Vec<u64>,
    /// +1 win, -1 loss, 0 draw, for the side to move.
    value: Vec<i8>,
    /// Plies to the end under best play (0 for draws).
    dist: Vec<u16>,
    pub edges: u64,
    /// Positions at each breadth-first depth from the root.
    pub layers: Vec<usize>,
    pub elapsed: Duration,
}

/// The enumeration passed its budget before the reachable set was complete.
#[derive(Clone, Debug)]
pub struct TooLarge {
    pub states: usize,
    pub edges: u64,
    /// Positions at each completed breadth-first depth.
    pub layers: Vec<usize>,
    pub elapsed: Duration,
}

/// How a position without actions ends, for the side to move.
fn dead_end(p: &Position) -> Value {
    if p.pending_line() != 0 || p.in_check() {
        Value::Loss
    } else {
        Value::Draw
    }
}

/// Solves every position reachable from `root`, or gives up past `cap` positions.
pub fn solve_from(cfg: Config, root: Position, cap: usize) -> Result<Solution, TooLarge> {
    let start = Instant::now();
    let mut index: AHashMap<u64, u32> = AHashMap::new();
    let mut codes: Vec<u64> = Vec::new();
    let mut child_start: Vec<u64> = vec![0];
    let mut children: Vec<u32> = Vec::new();
    let mut layers = Vec::new();
    index.insert(root.encode(), 0);
    codes.push(root.encode());
    let mut layer_end = 1;
    let mut layer_start = 0;
    let mut actions: Vec<TttAction> = Vec::new();
    let mut i = 0;
    while i < codes.len() {
        if i == layer_end {
            layers.push(layer_end - layer_start);
            layer_start = layer_end;
            layer_end = codes.len();
        }
        let p = Position::decode(codes[i]);
        actions.clear();
        p.legal_actions(&cfg, &mut actions);
        for &a in &actions {
            let mut c = p;
            c.apply(a);
            let code = c.encode();
            let next = codes.len() as u32;
            let id = *index.entry(code).or_insert(next);
            if id == next {
                codes.push(code);
            }
            children.push(id);
        }
        child_start.push(children.len() as u64);
        if codes.len() > cap {
            return Err(TooLarge {
                states: codes.len(),
                edges: children.len() as u64,
                layers,
                elapsed: start.elapsed(),
            });
        }
        i += 1;
    }
    layers.push(layer_end - layer_start);
    let n = codes.len();

    // Parents of each position, as a compressed list.
    let mut parent_start = vec![0u64; n + 1];
    for &c in &children {
        parent_start[c as usize + 1] += 1;
    }
    for j in 0..n {
        parent_start[j + 1] += parent_start[j];
    }
    let mut fill = parent_start.clone();
    let mut parents = vec![0u32; children.len()];
    for p in 0..n {
        for e in child_start[p]..child_start[p + 1] {
            let c = children[e as usize] as usize;
            parents[fill[c] as usize] = p as u32;
            fill[c] += 1;
        }
    }
    drop(fill);

    let mut remaining: Vec<u32> = (0..n)
        .map(|p| (child_start[p + 1] - child_start[p]) as u32)
        .collect();
    drop(child_start);
    let edges = children.len() as u64;
    drop(children);
    let mut value = vec![UNKNOWN; n];
    let mut dist = vec![0u16; n];
    let mut queue: VecDeque<u32> = VecDeque::new();
    for p in 0..n {
        if remaining[p] == 0 {
            match dead_end(&Position::decode(codes[p])) {
                Value::Loss => {
                    value[p] = -1;
                    queue.push_back(p as u32);
                }
                _ => value[p] = 0,
            }
        }
    }
    // First in, first out: positions leave the queue in order of distance, so each value is
    // fixed by its shortest win or its longest loss.
    while let Some(c) = queue.pop_front() {
        let c = c as usize;
        let d = dist[c] + 1;
        for e in parent_start[c]..parent_start[c + 1] {
            let p = parents[e as usize] as usize;
            if value[p] != UNKNOWN {
                continue;
            }
            if value[c] == -1 {
                value[p] = 1;
                dist[p] = d;
                queue.push_back(p as u32);
            } else {
                remaining[p] -= 1;
                if remaining[p] == 0 {
                    value[p] = -1;
                    dist[p] = d;
                    queue.push_back(p as u32);
                }
            }
        }
    }
    for v in value.iter_mut() {
        if *v == UNKNOWN {
            *v = 0;
        }
    }
    Ok(Solution {
        cfg,
        root,
        index,
        codes,
        value,
        dist,
        edges,
        layers,
        elapsed: start.elapsed(),
    })
}

impl Solution {
    pub fn len(&self) -> usize {
        self.codes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.codes.is_empty()
    }

    /// The value and distance of a position, if the table covers it.
    pub fn lookup(&self, p: &Position) -> Option<(Value, u32)> {
        let &i = self.index.get(&p.encode())?;
        let v = match self.value[i as usize] {
            1 => Value::Win,
            -1 => Value::Loss,
            _ => Value::Draw,
        };
        Some((v, self.dist[i as usize] as u32))
    }

    /// Every covered position with its value and distance.
    pub fn iter(&self) -> impl Iterator<Item = (Position, Value, u32)> + '_ {
        (0..self.len()).map(|i| {
            let v = match self.value[i] {
                1 => Value::Win,
                -1 => Value::Loss,
                _ => Value::Draw,
            };
            (Position::decode(self.codes[i]), v, self.dist[i] as u32)
        })
    }

    /// Counts of won, lost and drawn positions (for the side to move).
    pub fn counts(&self) -> (usize, usize, usize) {
        let w = self.value.iter().filter(|&&v| v == 1).count();
        let l = self.value.iter().filter(|&&v| v == -1).count();
        (w, l, self.len() - w - l)
    }

    /// A best action from a covered position: the quickest win, the slowest loss, or a move
    /// that keeps the draw.
    pub fn best_action(&self, p: &Position) -> Option<TttAction> {
        let (v, d) = self.lookup(p)?;
        let mut actions = Vec::new();
        p.legal_actions(&self.cfg, &mut actions);
        let child = |a: &TttAction| {
            let mut c = *p;
            c.apply(*a);
            self.lookup(&c)
        };
        actions.into_iter().find(|a| match (v, child(a)) {
            (Value::Win, Some((Value::Loss, cd))) => cd + 1 == d,
            (Value::Loss, Some((Value::Win, cd))) => cd + 1 == d,
            (Value::Draw, Some((Value::Draw, _))) => true,
            _ => false,
        })
    }

    /// The principal line from the root, at most `max` plies.
    pub fn principal_line(&self, max: usize) -> Vec<String> {
        let mut p = self.root;
        let mut out = Vec::new();
        while out.len() < max {
            match self.best_action(&p) {
                Some(a) => {
                    out.push(format_action(a));
                    p.apply(a);
                }
                None => break,
            }
        }
        out
    }
}

/// Positions the enumeration may hold before the solver gives up on a start position (about
/// 1.5 GiB of tables at this size).
pub const FULL_GAME_CAP: usize = 10_000_000;
/// Seconds the bounded proof search gets when the enumeration gives up.
pub const PROOF_SECONDS: u64 = 60;
/// Material (pieces on the board and in both reserves) at or below which a position is solved
/// on demand when the search probes it: such endgames have at most a few ten thousand
/// positions, solved in milliseconds.
pub const PROBE_MATERIAL: u32 = 4;
/// Positions an on-demand solve may visit.
const PROBE_CAP: usize = 100_000;
/// Values the shared cache may hold before on-demand solving stops.
const CACHE_LIMIT: usize = 5_000_000;

fn material(p: &Position) -> u32 {
    let on_board = p.occupied().count_ones();
    let reserve: u32 = (0..2)
        .map(|s| (0..KINDS).map(|k| p.reserve[s][k] as u32).sum::<u32>())
        .sum();
    on_board + reserve
}

/// Solved values, shared by every game of the process: start positions of small
/// configurations, and the endgames solved on demand.
struct Cache {
    values: AHashMap<(Config, u64), (i8, u16)>,
    /// Roots already attempted (solved or too large), so none is tried twice.
    tried: AHashMap<(Config, u64), bool>,
}

/// Set once `solve` has stored a whole game's table in the cache.
static WHOLE_GAMES: AtomicBool = AtomicBool::new(false);

fn cache() -> &'static Mutex<Cache> {
    static C: OnceLock<Mutex<Cache>> = OnceLock::new();
    C.get_or_init(|| {
        Mutex::new(Cache {
            values: AHashMap::new(),
            tried: AHashMap::new(),
        })
    })
}

/// Solves from `root` unless tried before, and stores every value found.
fn fill_cache(cfg: &Config, root: &Position, cap: usize) {
    let key = (*cfg, root.encode());
    {
        let c = cache().lock().unwrap_or_else(|e| e.into_inner());
        if c.tried.contains_key(&key) {
            return;
        }
    }
    let solved = solve_from(*cfg, *root, cap);
    let mut c = cache().lock().unwrap_or_else(|e| e.into_inner());
    if c.values.len() > CACHE_LIMIT {
        c.tried.insert(key, false);
        return;
    }
    c.tried.insert(key, solved.is_ok());
    if let Ok(s) = solved {
        for i in 0..s.len() {
            c.values.insert((*cfg, s.codes[i]), (s.value[i], s.dist[i]));
        }
    }
}

/// The exact value of a position for the side to move with plies to the end, when a solved
/// table covers it: the whole game of a small configuration, or an endgame with at most
/// `PROBE_MATERIAL` pieces left in play and in reserve (solved on first probe, then cached).
pub fn probe(cfg: &Config, p: &Position) -> Option<(i32, u32)> {
    let small = start_is_small(cfg);
    let endgame = material(p) <= PROBE_MATERIAL;
    // Most probes in a search are of large positions: answer them without the lock.
    if !small && !endgame && !WHOLE_GAMES.load(Ordering::Relaxed) {
        return None;
    }
    let key = (*cfg, p.encode());
    let look = || {
        let c = cache().lock().unwrap_or_else(|e| e.into_inner());
        c.values.get(&key).map(|&(v, d)| (v as i32, d as u32))
    };
    if let Some(hit) = look() {
        return Some(hit);
    }
    if small {
        fill_cache(cfg, &Position::start(cfg), SMALL_GAME_CAP);
        if let Some(hit) = look() {
            return Some(hit);
        }
        // A set-up position the start does not reach: solve from it instead.
        fill_cache(cfg, p, SMALL_GAME_CAP);
    } else if endgame {
        fill_cache(cfg, p, PROBE_CAP);
    } else if !WHOLE_GAMES.load(Ordering::Relaxed) {
        return None;
    }
    look()
}

/// Positions the whole game of a small configuration may have to be solved at first probe.
const SMALL_GAME_CAP: usize = 1_000_000;

/// True when a configuration's whole game is small enough to solve at the first probe (three
/// pieces a side or fewer: at most a few hundred thousand positions, under a second).
fn start_is_small(cfg: &Config) -> bool {
    cfg.reserve.iter().map(|&r| r as u32).sum::<u32>() <= 3
}

fn value_words(v: Value, mover: Player) -> String {
    match v {
        Value::Win => format!("{} wins", mover.name()),
        Value::Loss => format!("{} wins", mover.opponent().name()),
        Value::Draw => "draw".to_string(),
    }
}

/// Report lines for a finished solve.
pub fn report(s: &Solution) -> Vec<String> {
    let (v, d) = s.lookup(&s.root).expect("the root is in its own table");
    let (w, l, dr) = s.counts();
    let line = s.principal_line(if v == Value::Draw { 16 } else { 200 });
    let mut out = vec![
        format!(
            "value: {} (start position, {} to move){}",
            value_words(v, s.root.to_move),
            s.root.to_move.name(),
            if v == Value::Draw {
                String::new()
            } else {
                format!(", in {d} plies")
            }
        ),
        format!(
            "proof: retrograde analysis over all {} reachable positions ({} actions); \
             won/lost/drawn for the side to move: {w}/{l}/{dr}",
            s.len(),
            s.edges
        ),
        format!("depth: {} breadth-first layers", s.layers.len()),
        format!("time: {:.2} s", s.elapsed.as_secs_f64()),
    ];
    if line.is_empty() {
        out.push("principal line: none (the start position has no legal action)".to_string());
    } else {
        out.push(format!("principal line: {}", line.join(" ")));
    }
    out
}

/// The registry's solver: the value of the start position under the given options.
pub fn solve(
    opts: &VariantOptions,
    progress: &mut dyn FnMut(&SolveProgress),
) -> Result<SolveReport, RuleError> {
    let cfg = config_from_options(opts)?;
    let cap = match opts.get("TicTacSolveCap") {
        Some(c) => c
            .trim()
            .parse()
            .map_err(|_| RuleError::new(format!("TicTacSolveCap: '{c}' is not a number")))?,
        None => FULL_GAME_CAP,
    };
    let root = TicTacChess::new(cfg).position().to_owned();
    match solve_from(cfg, root, cap) {
        Ok(s) => {
            let lines = report(&s);
            // Keep the proof for the searcher's probes in this process.
            let mut c = cache().lock().unwrap_or_else(|e| e.into_inner());
            c.tried.insert((cfg, root.encode()), true);
            WHOLE_GAMES.store(true, Ordering::Relaxed);
            for i in 0..s.len() {
                c.values.insert((cfg, s.codes[i]), (s.value[i], s.dist[i]));
            }
            Ok(SolveReport { lines })
        }
        Err(t) => {
            let secs = match opts.get("TicTacSolveSeconds") {
                Some(c) => c.trim().parse().map_err(|_| {
                    RuleError::new(format!("TicTacSolveSeconds: '{c}' is not a number"))
                })?,
                None => PROOF_SECONDS,
            };
            let mut lines = match opts.get("TicTacProof").map(|m| m.trim().to_string()) {
                Some(m) if m == "bounded" => bounded_proof(cfg, root, Duration::from_secs(secs)),
                _ => {
                    let popts = super::proof::options_from(opts, secs)?;
                    let r = super::proof::prove(cfg, root, &popts, &mut |done, message| {
                        progress(&SolveProgress {
                            done,
                            total: None,
                            message,
                        })
                    })
                    .map_err(RuleError::new)?;
                    super::proof::report(&r, &popts)
                }
            };
            if !lines[0].starts_with("value:") {
                lines.insert(0, "value: not solved".to_string());
            }
            lines.extend(too_large_report(&t, cap));
            Ok(SolveReport { lines })
        }
    }
}

/// Iterative deepening of the bounded proof search from the root, within a time budget.
pub fn bounded_proof(cfg: Config, root: Position, budget: Duration) -> Vec<String> {
    let start = Instant::now();
    let mover = root.to_move;
    let mut prover = Prover::new(cfg, budget);
    let mut no_win = 0;
    let mut no_loss = 0;
    let mut found = None;
    for d in (1..250).step_by(2) {
        let w = prover.wins(&root, d);
        if prover.out_of_time {
            break;
        }
        if w {
            found = Some((Value::Win, d));
            break;
        }
        no_win = d;
        let l = prover.loses(&root, d + 1);
        if prover.out_of_time {
            break;
        }
        if l {
            found = Some((Value::Loss, d + 1));
            break;
        }
        no_loss = d + 1;
    }
    let mut out = Vec::new();
    match found {
        Some((Value::Win, d)) => {
            out.push(format!(
                "value: {} wins in at most {d} plies (bounded proof search)",
                mover.name()
            ));
            let mut line = Vec::new();
            let mut p = root;
            let mut left = d;
            while left >= 1 {
                let Some(a) = prover.winning_action(&p, left) else {
                    break;
                };
                line.push(format_action(a));
                p.apply(a);
                // The defender's longest resistance: the reply after which the win takes
                // the most plies.
                let mut acts = Vec::new();
                p.legal_actions(&cfg, &mut acts);
                let mut best: Option<(u32, TttAction)> = None;
                for r in acts {
                    let mut c = p;
                    c.apply(r);
                    let need = (1..left.max(2) - 1)
                        .step_by(2)
                        .find(|&k| prover.wins(&c, k))
                        .unwrap_or(left);
                    if best.is_none_or(|(b, _)| need > b) {
                        best = Some((need, r));
                    }
                }
                let Some((need, r)) = best else { break };
                line.push(format_action(r));
                p.apply(r);
                left = need;
            }
            out.push(format!("principal line: {}", line.join(" ")));
        }
        Some((_, d)) => {
            out.push(format!(
                "value: {} wins in at most {d} plies (bounded proof search)",
                mover.opponent().name()
            ));
        }
        None => {
            out.push(format!(
                "bounded proof search: {} has no forced win within {no_win} plies and {} none \
                 within {no_loss} plies; the next depth did not finish in {:.0} s",
                mover.name(),
                mover.opponent().name(),
                budget.as_secs_f64()
            ));
        }
    }
    out.push(format!(
        "proof search size: {} nodes, {} positions in its table, {:.1} s",
        prover.nodes,
        prover.table_len(),
        start.elapsed().as_secs_f64()
    ));
    out
}

fn too_large_report(t: &TooLarge, cap: usize) -> Vec<String> {
    vec![
        format!(
            "the reachable positions exceed the budget of {cap}: {} positions ({} actions) \
             found in {:.1} s before giving up",
            t.states,
            t.edges,
            t.elapsed.as_secs_f64()
        ),
        format!(
            "positions per breadth-first depth (completed layers): {:?}",
            t.layers
        ),
        "covered instead: every configuration small enough to enumerate (options \
         TicTacReserve, TicTacMaxPieces) and, during play, every endgame with at most 4 pieces \
         left on the board and in the reserves"
            .to_string(),
    ]
}

/// Bounded proof search from one position, for games too large to enumerate: does the side to
/// move force a win within `d` plies, or lose within `d` plies? Proven results are exact and
/// hold under the repetition rule, because the winner's strategy always reaches a position
/// with a strictly smaller bound, so no position repeats on the way. A failed search proves
/// only that no win exists within the bound.
pub struct Prover {
    cfg: Config,
    /// Per position: [shortest proven win, longest disproven win, shortest proven loss,
    /// longest disproven loss], in plies (0 / 255: nothing known).
    tt: AHashMap<u64, [u8; 4]>,
    pub nodes: u64,
    deadline: Instant,
    pub out_of_time: bool,
}

const NONE_LOW: u8 = 0;
const NONE_HIGH: u8 = 255;

impl Prover {
    pub fn new(cfg: Config, budget: Duration) -> Prover {
        Prover {
            cfg,
            tt: AHashMap::new(),
            nodes: 0,
            deadline: Instant::now() + budget,
            out_of_time: false,
        }
    }

    pub fn table_len(&self) -> usize {
        self.tt.len()
    }

    fn entry(&mut self, p: &Position) -> &mut [u8; 4] {
        self.tt
            .entry(p.encode())
            .or_insert([NONE_HIGH, NONE_LOW, NONE_HIGH, NONE_LOW])
    }

    fn children(&self, p: &Position) -> Vec<(TttAction, Position)> {
        let mut acts = Vec::new();
        p.legal_actions(&self.cfg, &mut acts);
        let mut kids: Vec<(i32, TttAction, Position)> = acts
            .into_iter()
            .map(|a| {
                let mut c = *p;
                c.apply(a);
                (super::eval::evaluate(&c), a, c)
            })
            .collect();
        // Best for the mover first: the child's score is from the opponent's side.
        kids.sort_by_key(|k| k.0);
        kids.into_iter().map(|(_, a, c)| (a, c)).collect()
    }

    fn timed_out(&mut self) -> bool {
        if self.nodes & 0xfff == 0 && Instant::now() > self.deadline {
            self.out_of_time = true;
        }
        self.out_of_time
    }

    /// True when the side to move forces a win within `d` plies.
    pub fn wins(&mut self, p: &Position, d: u32) -> bool {
        self.nodes += 1;
        let e = *self.entry(p);
        if (e[0] as u32) <= d {
            return true;
        }
        if (e[1] as u32) >= d || d == 0 || self.timed_out() {
            return false;
        }
        let kids = self.children(p);
        let mut won = None;
        for (_, c) in &kids {
            let mut acts = Vec::new();
            c.legal_actions(&self.cfg, &mut acts);
            if acts.is_empty() && dead_end(c) == Value::Loss {
                won = Some(1);
                break;
            }
        }
        if won.is_none() && d >= 3 {
            for (_, c) in &kids {
                if self.loses(c, d - 1) {
                    won = Some(d);
                    break;
                }
            }
        }
        if self.out_of_time {
            return false;
        }
        let e = self.entry(p);
        match won {
            Some(w) => {
                e[0] = e[0].min(w as u8);
                true
            }
            None => {
                e[1] = e[1].max(d.min(254) as u8);
                false
            }
        }
    }

    /// True when the side to move loses within `d` plies whatever it does.
    pub fn loses(&mut self, p: &Position, d: u32) -> bool {
        self.nodes += 1;
        let e = *self.entry(p);
        if (e[2] as u32) <= d {
            return true;
        }
        if (e[3] as u32) >= d || self.timed_out() {
            return false;
        }
        let kids = self.children(p);
        let lost = if kids.is_empty() {
            dead_end(p) == Value::Loss
        } else if d == 0 {
            false
        } else {
            let mut all = true;
            // The opponent's best replies are the mover's worst: try the mover's best first,
            // as they are the likeliest refutations.
            for (_, c) in &kids {
                if !self.wins(c, d - 1) {
                    all = false;
                    break;
                }
            }
            all
        };
        if self.out_of_time {
            return false;
        }
        let e = self.entry(p);
        if lost {
            e[2] = e[2].min(d.min(254) as u8);
        } else {
            e[3] = e[3].max(d.min(254) as u8);
        }
        lost
    }

    /// A winning action within `d` plies, once `wins(p, d)` holds.
    pub fn winning_action(&mut self, p: &Position, d: u32) -> Option<TttAction> {
        let kids = self.children(p);
        for (a, c) in kids {
            let mut acts = Vec::new();
            c.legal_actions(&self.cfg, &mut acts);
            if (acts.is_empty() && dead_end(&c) == Value::Loss) || (d >= 3 && self.loses(&c, d - 1))
            {
                return Some(a);
            }
        }
        None
    }
}
