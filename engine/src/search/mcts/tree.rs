//! The search tree: nodes in an arena, each with its edges. An edge is either a *choice* made
//! at the node by the player whose tree it is (keyed by the action; its children keyed by
//! what that player then saw, several when the action revealed something), or an event the
//! tree's player only *saw* (an opponent's action in another player's tree, a chance event),
//! keyed by the observation, with one child.

use crate::core::game::Player;

pub type NodeId = u32;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Label<A, O> {
    Choice(A),
    Seen(O),
}

/// The children of an edge, by what the tree's player saw: almost always one. Several are
/// rare (an action that reveals something), so they sit behind one thin pointer: a boxed
/// `Vec` keeps every edge a word smaller than a boxed slice would.
#[allow(clippy::box_collection)]
#[derive(Clone, Debug)]
enum Kids<O> {
    None,
    One(O, NodeId),
    Many(Box<Vec<(O, NodeId)>>),
}

#[derive(Clone, Debug)]
pub struct Edge<A, O> {
    pub label: Label<A, O>,
    /// Visits (weighted).
    pub n: f64,
    /// Sum of rewards for the player who acts at the edge's node.
    pub w: f64,
    /// How often the edge was available when its node was visited (information-set trees:
    /// an action exists only in some sampled truths).
    pub avail: f64,
    /// The game's prior for a choice (`Evaluate::prior`): scales its exploration.
    pub prior: f32,
    kids: Kids<O>,
}

impl<A, O: PartialEq> Edge<A, O> {
    pub fn new(label: Label<A, O>) -> Edge<A, O> {
        Edge {
            label,
            n: 0.0,
            w: 0.0,
            avail: 0.0,
            prior: 1.0,
            kids: Kids::None,
        }
    }

    pub fn kid(&self, key: &O) -> Option<NodeId> {
        match &self.kids {
            Kids::None => None,
            Kids::One(k, id) => (k == key).then_some(*id),
            Kids::Many(v) => v.iter().find(|(k, _)| k == key).map(|(_, id)| *id),
        }
    }

    pub fn add_kid(&mut self, key: O, id: NodeId) {
        self.kids = match std::mem::replace(&mut self.kids, Kids::None) {
            Kids::None => Kids::One(key, id),
            Kids::One(k, i) => Kids::Many(Box::new(vec![(k, i), (key, id)])),
            Kids::Many(mut v) => {
                v.push((key, id));
                Kids::Many(v)
            }
        };
    }

    /// Every child with its key.
    pub fn kids(&self) -> Vec<(&O, NodeId)> {
        match &self.kids {
            Kids::None => Vec::new(),
            Kids::One(k, id) => vec![(k, *id)],
            Kids::Many(v) => v.iter().map(|(k, id)| (k, *id)).collect(),
        }
    }

    pub fn kid_count(&self) -> usize {
        match &self.kids {
            Kids::None => 0,
            Kids::One(..) => 1,
            Kids::Many(v) => v.len(),
        }
    }
}

impl<A, O> Edge<A, O> {
    /// Mean reward (0.5 before the first visit).
    pub fn mean(&self) -> f64 {
        if self.n > 0.0 {
            self.w / self.n
        } else {
            0.5
        }
    }
}

#[derive(Clone, Debug)]
pub struct Node<A, O> {
    pub edges: Vec<Edge<A, O>>,
    /// Visits (weighted).
    pub n: f64,
    /// Who acts here: `None` for chance, unknown until the node is first reached.
    pub actor: Option<Player>,
    pub chance: bool,
    /// The node's actions have been listed (nodes whose actions are the same in every
    /// iteration list them once; an edge is added as each is first tried).
    pub listed: bool,
    /// Actions listed but not tried yet, the first to try last.
    pub untried: Vec<A>,
}

impl<A, O> Node<A, O> {
    fn new() -> Node<A, O> {
        Node {
            edges: Vec::new(),
            n: 0.0,
            actor: None,
            chance: false,
            listed: false,
            untried: Vec::new(),
        }
    }
}

/// One tree, rooted at node 0.
pub struct Tree<A, O> {
    pub nodes: Vec<Node<A, O>>,
    /// The player whose observations key the tree (`None`: each node's actor's).
    pub observer: Player,
}

impl<A, O> Tree<A, O> {
    pub fn new(observer: Player) -> Tree<A, O> {
        Tree {
            nodes: vec![Node::new()],
            observer,
        }
    }

    pub fn push(&mut self) -> NodeId {
        self.nodes.push(Node::new());
        (self.nodes.len() - 1) as NodeId
    }

    pub fn node(&self, id: NodeId) -> &Node<A, O> {
        &self.nodes[id as usize]
    }

    pub fn node_mut(&mut self, id: NodeId) -> &mut Node<A, O> {
        &mut self.nodes[id as usize]
    }

    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }
}

impl<A: PartialEq, O: PartialEq> Node<A, O> {
    pub fn find(&self, label: &Label<A, O>) -> Option<usize> {
        self.edges.iter().position(|e| &e.label == label)
    }

    /// The index of the edge with `label`, added if missing. `hint`: where it probably is.
    /// A sampled truth lists its actions in the order the last one did, mostly, so a caller
    /// walking a list passes the index after the last edge found and the lookup is one
    /// comparison instead of a scan of every edge.
    pub fn find_or_add_near(&mut self, label: Label<A, O>, hint: usize) -> usize {
        if self.edges.get(hint).is_some_and(|e| e.label == label) {
            return hint;
        }
        self.find_or_add(label)
    }

    /// The index of the edge with `label`, added if missing.
    pub fn find_or_add(&mut self, label: Label<A, O>) -> usize {
        match self.find(&label) {
            Some(i) => i,
            None => {
                self.edges.push(Edge::new(label));
                self.edges.len() - 1
            }
        }
    }

    /// The most visited choice edge (`ranks_above`).
    pub fn best_choice(&self) -> Option<usize> {
        self.top_edge(|e| matches!(e.label, Label::Choice(_)))
    }

    /// The most visited edge of any kind (`ranks_above`).
    pub fn most_visited(&self) -> Option<usize> {
        self.top_edge(|_| true)
    }

    /// The visited edge that `ranks_above` the others among those `keep` accepts.
    fn top_edge(&self, keep: impl Fn(&Edge<A, O>) -> bool) -> Option<usize> {
        let mut best: Option<usize> = None;
        for (i, e) in self.edges.iter().enumerate() {
            if e.n > 0.0
                && keep(e)
                && best.is_none_or(|b| ranks_above(e.n, e.w, self.edges[b].n, self.edges[b].w))
            {
                best = Some(i);
            }
        }
        best
    }
}

/// True when an edge with `n` visits and rewards `w` ranks above one with `n2` and `w2`
/// as the choice to play: more visits, or as many and a higher mean. The move played and
/// the principal line both rank by it, so they agree (the first of exact ties wins).
pub fn ranks_above(n: f64, w: f64, n2: f64, w2: f64) -> bool {
    n > n2 || (n == n2 && n > 0.0 && w / n > w2 / n2)
}
