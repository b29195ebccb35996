//! One thread's tree search: each iteration takes a state from the model (the root, or a
//! truth sampled from a view), descends the trees by UCB, adds one node, finishes with a
//! playout or the static evaluation, and backs the reward up every tree it went through.
//!
//! Information-set search with several observers keeps one tree per player: the player to
//! move chooses in its own tree (among the actions legal in this iteration's truth, counting
//! how often each was available), and every other tree follows what its player saw of that
//! action. With a single observer there is one tree: every player chooses there, and chance
//! branches on what the searching player sees.

use std::mem::size_of;

use super::tree::{Edge, Label, Node, NodeId, Tree};
use crate::core::game::{below, unit_f64, Evaluate, Game, GameRng, Outcome, Player};
use crate::search::sampling::model::{Model, PathStep};
use crate::search::types::{MctsConfig, Observers};

type A<M> = <<M as Model>::G as Game>::Action;

/// Deeper than this the descent stops and the playout takes over.
const MAX_TREE_DEPTH: usize = 256;
/// A playout "to the end" stops here and takes the static evaluation.
const MAX_PLAYOUT: u32 = 400;

/// Rewards on the 0 (loss) to 1 (win) scale, White then Black.
pub type Reward = [f64; 2];

pub struct Worker<'m, M: Model> {
    model: &'m M,
    pub trees: Vec<Tree<A<M>, M::Obs>>,
    rng: GameRng,
    exploration: f64,
    /// Leaf scores are multiplied by this before they become rewards (400 over the reward
    /// scale).
    to_reward: f64,
    /// Progressive widening: actions a node may have open per √visit (0: off).
    widening: f64,
    /// The descent stops at the start of the other players' n-th turn (0: never).
    tree_turns: u32,
    /// Visits of a tree-end node after which its leaf search goes a ply deeper (0: never).
    leaf_deepening: u32,
    playout_plies: u32,
    guided: bool,
    single: bool,
    bytes: usize,
    max_bytes: usize,
    actions: Vec<A<M>>,
    present: Vec<usize>,
    untried: Vec<usize>,
    scores: Vec<i32>,
    paths: Vec<Vec<(NodeId, u32)>>,
    cur: Vec<NodeId>,
    pub iterations: u64,
    pub seldepth: usize,
    /// The searching player's first action is one of these (`go searchmoves`), where given.
    root_only: Option<Vec<A<M>>>,
    /// The model hides the searching player's secrets from the other trees
    /// (`Model::world_hiding_own`).
    hides: bool,
    /// This iteration searches a world hiding the searching player's secrets (it trains
    /// the other trees only; with `hides`, the other iterations train its own tree only).
    hidden_world: bool,
}

/// The 0..1 reward of a finished game for each side. A solitaire with a score is scored by
/// where the score lies between its bounds.
pub fn outcome_reward<G: Game>(g: &G, o: &Outcome) -> Reward {
    if g.players() == 1 {
        if let Some(s) = g.score() {
            let (lo, hi) = g.score_bounds();
            let r = if hi > lo {
                ((s - lo) / (hi - lo)).clamp(0.0, 1.0)
            } else {
                0.5
            };
            return [r, r];
        }
    }
    match o.value_for(Player::White) {
        1 => [1.0, 0.0],
        -1 => [0.0, 1.0],
        _ => [0.5, 0.5],
    }
}

/// Centipawns (from the side to move) to a win probability, on the logistic Elo scale.
pub fn win_probability(cp: i32) -> f64 {
    1.0 / (1.0 + 10f64.powf(-(cp as f64) / 400.0))
}

/// The inverse of `win_probability`, clamped to about ±12 pawns.
pub fn centipawns(p: f64) -> i32 {
    let p = p.clamp(0.001, 0.999);
    (400.0 * (p / (1.0 - p)).log10()).round() as i32
}

/// The reward of a position by its static evaluation.
pub fn eval_reward<G: Evaluate>(g: &G) -> Reward {
    score_reward(g, g.evaluate())
}

/// The reward of a position by a score for its side to move (centipawns; a decided score
/// is worth a near-certain result).
pub fn score_reward<G: Game>(g: &G, score: i32) -> Reward {
    let p = win_probability(score);
    match g.to_move() {
        Player::White => [p, 1.0 - p],
        Player::Black => [1.0 - p, p],
    }
}

impl<'m, M: Model> Worker<'m, M> {
    pub fn new(
        model: &'m M,
        cfg: &MctsConfig,
        seed: u64,
        max_bytes: usize,
        players: usize,
    ) -> Self {
        // A state every iteration shares is seen whole by everyone: one tree is enough.
        let single = cfg.observers == Observers::Single || M::FIXED;
        let trees: Vec<Tree<A<M>, M::Obs>> = if single {
            vec![Tree::new(model.player())]
        } else {
            [Player::White, Player::Black][..players.clamp(1, 2)]
                .iter()
                .map(|&p| Tree::new(p))
                .collect()
        };
        let n = trees.len();
        let mut rng = <GameRng as rand_core::SeedableRng>::seed_from_u64(seed);
        let hides = cfg.hide_own && !single && n > 1 && model.world_hiding_own(&mut rng).is_some();
        // A leaf scored by a search is scored where the tree ends: a random playout would
        // only blur what the search sees.
        let playout_plies = cfg
            .playout_plies
            .unwrap_or(if !M::CHANCE || cfg.leaf.searches() {
                0
            } else {
                MAX_PLAYOUT
            });
        Worker {
            model,
            bytes: n * size_of::<Node<A<M>, M::Obs>>(),
            trees,
            rng,
            exploration: cfg.exploration as f64 / 100.0,
            to_reward: 400.0 / cfg.reward_scale.max(1) as f64,
            widening: cfg.widening.unwrap_or(0) as f64 / 100.0,
            tree_turns: cfg.tree_turns.unwrap_or(0),
            leaf_deepening: cfg.leaf_deepening.unwrap_or(0),
            playout_plies: playout_plies.min(MAX_PLAYOUT),
            guided: cfg.guided,
            single,
            max_bytes,
            actions: Vec::with_capacity(64),
            present: Vec::with_capacity(64),
            untried: Vec::with_capacity(64),
            scores: Vec::with_capacity(64),
            paths: vec![Vec::with_capacity(64); n],
            cur: vec![0; n],
            iterations: 0,
            seldepth: 0,
            root_only: None,
            hides,
            hidden_world: false,
        }
    }

    /// A win probability as the centipawns of the game's scores (the reward scale undone).
    pub fn centipawns(&self, p: f64) -> i32 {
        (centipawns(p) as f64 / self.to_reward).round() as i32
    }

    /// Restricts the searching player's first action (`go searchmoves`).
    pub fn restrict_root(&mut self, only: Vec<A<M>>) {
        self.root_only = Some(only);
    }

    /// Drops actions `go searchmoves` leaves out, at the root of the searching player's tree.
    fn filter_root(&mut self, t: usize, id: NodeId) {
        if let Some(only) = &self.root_only {
            if id == 0 && t == self.own_tree() {
                self.actions.retain(|a| only.contains(a));
            }
        }
    }

    pub fn model(&self) -> &'m M {
        self.model
    }

    /// The tree the searching player's choices are in.
    pub fn own_tree(&self) -> usize {
        self.tree_of(self.model.player())
    }

    fn tree_of(&self, p: Player) -> usize {
        if self.single {
            0
        } else {
            p.index().min(self.trees.len() - 1)
        }
    }

    fn full(&self) -> bool {
        self.bytes >= self.max_bytes
    }

    /// Memory the trees use, roughly, in bytes.
    pub fn bytes(&self) -> usize {
        self.bytes
    }

    /// One iteration; `leaf` scores the position where the playout stops (for its side to
    /// move): the static evaluation, or a search from there.
    pub fn iterate(&mut self, leaf: &mut dyn FnMut(&M::G, u32) -> i32) {
        // Where the model can hide the searching player's own secrets, every other iteration
        // searches such a world and trains only the other players' trees, and the rest train
        // only the searching player's: each tree learns from worlds its player could believe.
        let hidden = if self.hides && self.iterations % 2 == 1 {
            self.model.world_hiding_own(&mut self.rng)
        } else {
            None
        };
        self.hidden_world = hidden.is_some();
        let sample = match hidden {
            Some(s) => s,
            None => self.model.world(&mut self.rng),
        };
        let mut g = sample.state;
        for p in &mut self.paths {
            p.clear();
        }
        for c in &mut self.cur {
            *c = 0;
        }
        let mut grown = false;
        let mut depth = 0;
        let me = self.model.player();
        let mut last_mover = None;
        let mut opp_turns = 0;
        let reward = loop {
            if let Some(o) = g.terminal() {
                break outcome_reward(&g, &o);
            }
            if depth > 0 && g.repeated() {
                break [0.5, 0.5];
            }
            if grown || depth >= MAX_TREE_DEPTH {
                break self.playout(&mut g, leaf, 0);
            }
            depth += 1;
            if self.model.is_chance(&g) {
                let a = self.model.sample_chance(&g, &mut self.rng);
                for t in 0..self.trees.len() {
                    let key = self.model.observe(&g, a, self.trees[t].observer);
                    grown |= self.follow_seen(t, None, key);
                }
                g.play(a);
                continue;
            }
            let mover = g.to_move();
            if mover != me && last_mover != Some(mover) {
                opp_turns += 1;
                if self.tree_turns > 0 && opp_turns >= self.tree_turns {
                    let deeper = self.deeper(self.cur[self.own_tree()]);
                    break self.playout(&mut g, leaf, deeper);
                }
            }
            last_mover = Some(mover);
            let dt = self.tree_of(mover);
            let Some((a, e)) = self.select(dt, &g) else {
                break outcome_reward(&g, &g.no_action_outcome());
            };
            for t in 0..self.trees.len() {
                let key = self.model.observe(&g, a, self.trees[t].observer);
                if t == dt {
                    grown |= self.follow_choice(t, e, key);
                } else {
                    grown |= self.follow_seen(t, Some(mover), key);
                }
            }
            g.play(a);
        };
        self.seldepth = self.seldepth.max(depth);
        self.backup(reward, sample.weight);
        self.iterations += 1;
    }

    /// Chooses the action at the current node of tree `t` (whose player moves in `g`):
    /// untried actions first, then by UCB. `None` when there is no legal action.
    fn select(&mut self, t: usize, g: &M::G) -> Option<(A<M>, usize)> {
        let id = self.cur[t];
        let c = self.exploration;
        if M::FIXED {
            if !self.tree_node(t, id).listed {
                self.actions.clear();
                g.legal_actions(&mut self.actions);
                self.filter_root(t, id);
                // Untried actions are taken in the game's ordering (captures first, say):
                // kept as a stack, the first to try on top.
                self.scores.clear();
                self.scores
                    .extend(self.actions.iter().map(|&a| g.order_score(a)));
                let mut order: Vec<usize> = (0..self.actions.len()).collect();
                order.sort_by_key(|&i| self.scores[i]);
                let node = self.trees[t].node_mut(id);
                node.listed = true;
                node.actor = Some(g.to_move());
                node.untried = order.into_iter().map(|i| self.actions[i]).collect();
                self.bytes += node.untried.len() * size_of::<A<M>>();
            }
            let node = self.trees[t].node_mut(id);
            if let Some(a) = node.untried.pop() {
                if node.untried.is_empty() {
                    node.untried = Vec::new();
                }
                node.edges.push(Edge::new(Label::Choice(a)));
                self.bytes += size_of::<Edge<A<M>, M::Obs>>();
                return Some((a, node.edges.len() - 1));
            }
            if node.edges.is_empty() {
                return None;
            }
            let pick = match node.edges.iter().position(|e| e.n == 0.0) {
                Some(i) => i,
                None => {
                    let ln = node.n.max(1.0).ln();
                    best_ucb(&node.edges, 0..node.edges.len(), ln, c, |e| e.n)
                }
            };
            let Label::Choice(a) = node.edges[pick].label else {
                unreachable!("a listed node holds choices only")
            };
            return Some((a, pick));
        }
        self.actions.clear();
        g.legal_actions(&mut self.actions);
        self.filter_root(t, id);
        if self.actions.is_empty() {
            return None;
        }
        self.present.clear();
        let mut added = 0;
        {
            let node = self.trees[t].node_mut(id);
            node.actor = Some(g.to_move());
            let mut hint = 0;
            for &a in &self.actions {
                let before = node.edges.len();
                let i = node.find_or_add_near(Label::Choice(a), hint);
                hint = i + 1;
                if node.edges.len() > before {
                    added += 1;
                    // The prior is the same in every truth of the node's information set:
                    // it is read once, when the action is first met.
                    node.edges[i].prior = g.prior(a).clamp(0.0, 1.0) as f32;
                }
                node.edges[i].avail += 1.0;
                self.present.push(i);
            }
        }
        self.bytes += added * size_of::<Edge<A<M>, M::Obs>>();
        let node = self.trees[t].node(id);
        self.untried.clear();
        self.untried.extend(
            self.present
                .iter()
                .copied()
                .filter(|&i| node.edges[i].n == 0.0 && node.edges[i].prior >= 1.0),
        );
        // With widening, a node opens its actions one at a time, the game's most urgent
        // first, as its visits grow; without, every action present gets a first visit
        // before any a second. Actions with a prior below 1 are left to their prior and do
        // not count.
        let open = if self.widening > 0.0 && !self.untried.is_empty() {
            let tried = self
                .present
                .iter()
                .filter(|&&i| node.edges[i].n > 0.0 && node.edges[i].prior >= 1.0)
                .count();
            tried < 1 + (self.widening * node.n.sqrt()) as usize
        } else {
            !self.untried.is_empty()
        };
        let pick = if open {
            if self.widening > 0.0 {
                best_ordered(g, &node.edges, &self.untried, &mut self.rng)
            } else {
                self.untried[below(&mut self.rng, self.untried.len())]
            }
        } else {
            // Information-set UCB: an action is explored against how often it was available,
            // scaled by its prior. An action with a prior below 1 gets no forced first visit:
            // until it has one, it is valued at the mean of its siblings' visits. Unopened
            // actions wait for widening to open them.
            let mut first = None;
            let mut best = self.present[0];
            let mut best_v = f64::NEG_INFINITY;
            for &i in &self.present {
                let e = &node.edges[i];
                let ln = e.avail.max(1.0).ln();
                let v = if e.n > 0.0 {
                    e.mean() + c * e.prior as f64 * (ln / e.n).sqrt()
                } else if e.prior >= 1.0 {
                    continue;
                } else {
                    let f = *first
                        .get_or_insert_with(|| first_play_urgency(&node.edges, &self.present));
                    f + c * e.prior as f64 * ln.sqrt()
                };
                if v > best_v {
                    best_v = v;
                    best = i;
                }
            }
            best
        };
        let Label::Choice(a) = node.edges[pick].label else {
            unreachable!("choices are looked up by their action")
        };
        Some((a, pick))
    }

    fn tree_node(&self, t: usize, id: NodeId) -> &Node<A<M>, M::Obs> {
        self.trees[t].node(id)
    }

    /// Moves tree `t` along choice edge `e` to the child keyed by what its player saw.
    /// True when a node was added (or could not be, the trees being full).
    fn follow_choice(&mut self, t: usize, e: usize, key: M::Obs) -> bool {
        let id = self.cur[t];
        self.paths[t].push((id, e as u32));
        let found = self.trees[t].node(id).edges[e].kid(&key);
        match found {
            Some(k) => {
                self.cur[t] = k;
                false
            }
            None => {
                if !self.full() {
                    let k = self.trees[t].push();
                    self.trees[t].node_mut(id).edges[e].add_kid(key, k);
                    self.bytes += size_of::<Node<A<M>, M::Obs>>();
                    self.cur[t] = k;
                }
                true
            }
        }
    }

    /// Moves tree `t` along the edge of an event its player only saw (chance, or another
    /// player's action). True when a node was added (or could not be).
    fn follow_seen(&mut self, t: usize, actor: Option<Player>, key: M::Obs) -> bool {
        let id = self.cur[t];
        let full = self.full();
        let tree = &mut self.trees[t];
        let node = tree.node_mut(id);
        node.actor = actor;
        node.chance = actor.is_none();
        let before = node.edges.len();
        let e = node.find_or_add(Label::Seen(key.clone()));
        let added_edge = node.edges.len() - before;
        self.bytes += added_edge * size_of::<Edge<A<M>, M::Obs>>();
        self.paths[t].push((id, e as u32));
        match tree.node(id).edges[e].kid(&key) {
            Some(k) => {
                self.cur[t] = k;
                false
            }
            None => {
                if !full {
                    let k = tree.push();
                    tree.node_mut(id).edges[e].add_kid(key, k);
                    self.bytes += size_of::<Node<A<M>, M::Obs>>();
                    self.cur[t] = k;
                }
                true
            }
        }
    }

    fn backup(&mut self, r: Reward, weight: f64) {
        let own = self.own_tree();
        for t in 0..self.trees.len() {
            if self.hides && (t == own) == self.hidden_world {
                continue;
            }
            let observer = self.trees[t].observer;
            let tree = &mut self.trees[t];
            for &(id, e) in &self.paths[t] {
                let node = tree.node_mut(id);
                let who = node.actor.unwrap_or(observer);
                node.n += weight;
                let edge = &mut node.edges[e as usize];
                edge.n += weight;
                edge.w += weight * r[who.index()];
            }
            // The node the descent ended on counts its visit too (it has no edge on the path).
            tree.node_mut(self.cur[t]).n += weight;
        }
    }

    /// Plies a leaf search at the tree's end below node `id` of the searching player's tree
    /// adds to its depth: one once the node has `leaf_deepening` visits, one more at each
    /// eightfold, two at most. The lines the tree keeps coming back to are searched deeper.
    fn deeper(&self, id: NodeId) -> u32 {
        if self.leaf_deepening == 0 {
            return 0;
        }
        let n = self.trees[self.own_tree()].node(id).n / self.leaf_deepening as f64;
        if n < 1.0 {
            0
        } else {
            (1 + (n.log2() / 3.0) as u32).min(2)
        }
    }

    /// Plays on from `g` with the playout policy, for `playout_plies` plies at most, then
    /// scores the result (by `leaf` where the game is not over; the static evaluation at a
    /// chance node).
    fn playout(
        &mut self,
        g: &mut M::G,
        leaf: &mut dyn FnMut(&M::G, u32) -> i32,
        deeper: u32,
    ) -> Reward {
        for _ in 0..self.playout_plies {
            if let Some(o) = g.terminal() {
                return outcome_reward(g, &o);
            }
            if self.model.is_chance(g) {
                let a = self.model.sample_chance(g, &mut self.rng);
                g.play(a);
                continue;
            }
            self.actions.clear();
            g.legal_actions(&mut self.actions);
            if self.actions.is_empty() {
                return outcome_reward(g, &g.no_action_outcome());
            }
            let a = self.playout_choice(g);
            g.play(a);
        }
        if let Some(o) = g.terminal() {
            return outcome_reward(g, &o);
        }
        let score = if self.model.is_chance(g) {
            g.evaluate()
        } else {
            self.actions.clear();
            g.legal_actions(&mut self.actions);
            if self.actions.is_empty() {
                return outcome_reward(g, &g.no_action_outcome());
            }
            leaf(g, deeper)
        };
        score_reward(g, (score as f64 * self.to_reward).round() as i32)
    }

    /// Guided playouts take the game's most urgent action (by `order_score`: captures,
    /// promotions) half the time, a uniform one otherwise.
    fn playout_choice(&mut self, g: &M::G) -> A<M> {
        let n = self.actions.len();
        if self.guided && unit_f64(&mut self.rng) < 0.5 {
            let mut best = Vec::with_capacity(4);
            let mut best_s = i32::MIN;
            for (i, &a) in self.actions.iter().enumerate() {
                let s = g.order_score(a);
                if s > best_s {
                    best_s = s;
                    best.clear();
                    best.push(i);
                } else if s == best_s {
                    best.push(i);
                }
            }
            return self.actions[best[below(&mut self.rng, best.len())]];
        }
        self.actions[below(&mut self.rng, n)]
    }

    /// The principal line in the searching player's tree: the most visited choice at each
    /// node, the most visited event elsewhere, while the nodes have been visited twice.
    pub fn principal_path(&self, max: usize) -> Vec<PathStep<A<M>, M::Obs>> {
        let tree = &self.trees[self.own_tree()];
        let mut out = Vec::new();
        let mut id: NodeId = 0;
        while out.len() < max {
            let node = tree.node(id);
            let Some(e) = node.most_visited() else { break };
            let edge = &node.edges[e];
            if edge.n < 2.0 {
                break;
            }
            let Some((key, kid)) = edge
                .kids()
                .into_iter()
                .max_by(|a, b| tree.node(a.1).n.total_cmp(&tree.node(b.1).n))
            else {
                break;
            };
            out.push(match &edge.label {
                Label::Choice(a) => PathStep::Choice(*a, key.clone()),
                Label::Seen(o) => PathStep::Seen(o.clone()),
            });
            id = kid;
        }
        out
    }
}

/// The untried action the game orders first (`order_score`), ties broken at random.
fn best_ordered<G: Evaluate, O>(
    g: &G,
    edges: &[Edge<G::Action, O>],
    untried: &[usize],
    rng: &mut GameRng,
) -> usize {
    let mut best = untried[0];
    let mut best_s = i32::MIN;
    let mut ties = 0;
    for &i in untried {
        let Label::Choice(a) = edges[i].label else {
            continue;
        };
        let s = g.order_score(a);
        if s > best_s {
            best_s = s;
            best = i;
            ties = 1;
        } else if s == best_s {
            ties += 1;
            if below(rng, ties) == 0 {
                best = i;
            }
        }
    }
    best
}

/// The value an unvisited action starts from: the mean reward of the visits to the other
/// actions at `present` (0.5 before any).
fn first_play_urgency<A, O>(edges: &[Edge<A, O>], present: &[usize]) -> f64 {
    let (w, n) = present
        .iter()
        .map(|&i| &edges[i])
        .fold((0.0, 0.0), |(w, n), e| (w + e.w, n + e.n));
    if n > 0.0 {
        w / n
    } else {
        0.5
    }
}

/// UCB over the edges at `range`: mean reward plus the exploration term.
fn best_ucb<A, O>(
    edges: &[Edge<A, O>],
    range: std::ops::Range<usize>,
    ln_parent: f64,
    c: f64,
    n: impl Fn(&Edge<A, O>) -> f64,
) -> usize {
    let mut best = range.start;
    let mut best_v = f64::NEG_INFINITY;
    for i in range {
        let e = &edges[i];
        let v = e.mean() + c * (ln_parent / n(e)).sqrt();
        if v > best_v {
            best_v = v;
            best = i;
        }
    }
    best
}
