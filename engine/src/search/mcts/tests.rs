//! The tree searchers checked on small games whose right answers are known: perfect
//! information (the search's own toys), and High Card, a two-card showdown with a hidden deal,
//! chance and an action that reveals something.

use rand_core::SeedableRng;

use super::*;
use crate::core::bitboard::Cell;
use crate::core::game::{
    Action, Chance, Game, GameRng, Hidden, ObservationOf, Outcome, Player, RuleError, View,
};
use crate::core::geometry::Geometry;
use crate::faces::session::AnyGame;
use crate::search::tests::toys::{Nim, TicTacToe, TwoStep};
use crate::search::tt::TranspositionTable;
use crate::search::types::{Observers, Score, Searcher};

fn cfg() -> SearchConfig {
    SearchConfig::default()
}

fn mcts_cfg(observers: Observers) -> SearchConfig {
    let mut c = cfg();
    c.mcts.observers = observers;
    c
}

fn nodes(n: u64) -> Limits {
    Limits {
        nodes: Some(n),
        ..Limits::default()
    }
}

fn run_perfect<G: Evaluate>(g: &G, limits: &Limits, c: &SearchConfig) -> SearchOutput {
    let ctl = SearchControl::new(false);
    think(g, limits, c, &ctl, 16, &mut |_| {})
}

#[test]
fn uct_takes_the_winning_nim_move() {
    for pile in [5u8, 6, 7, 9, 10, 11] {
        let out = run_perfect(&Nim::new(pile), &nodes(20_000), &cfg());
        assert_eq!(out.turn, vec![(pile % 4).to_string()], "pile {pile}");
        match out.score {
            Score::Cp(c) => assert!(c > 200, "pile {pile}: {c}"),
            s => panic!("{s:?}"),
        }
    }
}

#[test]
fn uct_wins_and_blocks_at_tic_tac_toe() {
    let g = TicTacToe::from_rows(["XX.", "OO.", "..."]);
    let out = run_perfect(&g, &nodes(5_000), &cfg());
    assert_eq!(out.turn, vec!["c3".to_string()]);
    let g = TicTacToe::from_rows(["X.O", ".X.", "..."]);
    let out = run_perfect(&g, &nodes(20_000), &cfg());
    assert_eq!(out.turn, vec!["c1".to_string()], "O blocks the diagonal");
}

#[test]
fn uct_plays_whole_two_action_turns_that_win() {
    // (1, 2): taking both piles in one turn wins at once.
    let out = run_perfect(&TwoStep::new(1, 2), &nodes(5_000), &cfg());
    assert_eq!(out.turn.len(), 2, "{:?}", out.turn);
    let mut g = TwoStep::new(1, 2);
    for t in &out.turn {
        let a = g.parse_action(t).unwrap();
        g.play(a);
    }
    assert_eq!(g.stones(), 0);
    // Every answer is a legal whole turn.
    for (a, b) in [(3, 4), (5, 6), (9, 2), (1, 1)] {
        let out = run_perfect(&TwoStep::new(a, b), &nodes(500), &cfg());
        let mut g = TwoStep::new(a, b);
        for t in &out.turn {
            assert_eq!(g.to_move(), Player::White, "{:?}", out.turn);
            let x = g.parse_action(t).unwrap();
            g.play(x);
        }
        assert!(g.to_move() == Player::Black || g.terminal().is_some());
    }
}

#[test]
fn node_limit_is_exact_and_threads_add_up() {
    let out = run_perfect(&TicTacToe::default(), &nodes(777), &cfg());
    assert_eq!(out.nodes, 777);
    let two = SearchConfig {
        threads: 2,
        ..cfg()
    };
    let out = run_perfect(&Nim::new(9), &nodes(20_000), &two);
    assert!(
        out.nodes >= 20_000 && out.nodes < 20_000 + 64,
        "{}",
        out.nodes
    );
    assert_eq!(out.turn, vec!["1".to_string()]);
}

#[test]
fn movetime_is_kept_and_reports_arrive() {
    let ctl = SearchControl::new(false);
    let limits = Limits {
        movetime: Some(150),
        ..Limits::default()
    };
    let mut infos = Vec::new();
    let t = std::time::Instant::now();
    let out = think(&TicTacToe::default(), &limits, &cfg(), &ctl, 16, &mut |i| {
        infos.push(i.clone())
    });
    let ms = t.elapsed().as_millis();
    assert!(ms < 400, "{ms} ms");
    assert_eq!(out.turn.len(), 1);
    let last = infos.last().expect("a final report");
    assert!(last.nodes > 0 && !last.pv.is_empty());
    assert_eq!(last.pv[0], out.turn[0]);
}

#[test]
fn depth_limit_stops_when_the_line_is_that_long() {
    let out = run_perfect(&TicTacToe::default(), &Limits::depth(3), &cfg());
    assert!(out.depth >= 3, "{}", out.depth);
    assert!(out.nodes < 1_000_000);
}

#[test]
fn the_win_rate_maps_to_centipawns_and_back() {
    for cp in [-900, -300, -35, 0, 35, 300, 900] {
        assert!((centipawns(win_probability(cp)) - cp).abs() <= 1, "{cp}");
    }
    assert_eq!(centipawns(1.0), -centipawns(0.0));
}

// ---------------------------------------------------------------------------------------
// High Card: cards 1, 2, 3. Chance deals one to White, then one to Black (each sees only its
// own). White then may `swap` its card for the one left over (it sees the new card: the
// action reveals it) and must `show`: the higher card wins. Right play: swap a 1 (it wins
// half the time instead of never), keep a 3 (swapping it loses half the time).

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Hc {
    Deal(u8),
    Swap,
    Show,
}

impl Action for Hc {
    fn code(self) -> u32 {
        match self {
            Hc::Deal(c) => c as u32,
            Hc::Swap => 10,
            Hc::Show => 11,
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HighCard {
    /// White's card, Black's card (0: not dealt).
    cards: [u8; 2],
    swapped: bool,
    shown: bool,
    /// The game gives the swap a prior of 0 (`Evaluate::prior`) and calls it speculative:
    /// search should leave it.
    doubt_swap: bool,
}

fn one_cell() -> &'static Geometry {
    static G: std::sync::OnceLock<Geometry> = std::sync::OnceLock::new();
    G.get_or_init(|| Geometry::square(1, 1))
}

impl HighCard {
    fn dealt(w: u8, b: u8) -> HighCard {
        HighCard {
            cards: [w, b],
            ..HighCard::default()
        }
    }

    fn left_over(&self) -> u8 {
        6 - self.cards[0] - self.cards[1]
    }
}

impl Game for HighCard {
    type Action = Hc;
    type Undo = HighCard;
    fn variant(&self) -> &'static str {
        "highcard"
    }
    fn geometry(&self) -> &Geometry {
        one_cell()
    }
    fn to_move(&self) -> Player {
        Player::White
    }
    fn legal_actions(&self, out: &mut Vec<Hc>) {
        if self.terminal().is_some() {
            return;
        }
        if self.is_chance_node() {
            out.extend((1..=3).filter(|c| !self.cards.contains(c)).map(Hc::Deal));
            return;
        }
        if !self.swapped {
            out.push(Hc::Swap);
        }
        out.push(Hc::Show);
    }
    fn play(&mut self, a: Hc) -> HighCard {
        let u = self.clone();
        match a {
            Hc::Deal(c) => {
                let i = if self.cards[0] == 0 { 0 } else { 1 };
                self.cards[i] = c;
            }
            Hc::Swap => {
                self.cards[0] = self.left_over();
                self.swapped = true;
            }
            Hc::Show => self.shown = true,
        }
        u
    }
    fn undo(&mut self, u: HighCard) {
        *self = u;
    }
    fn key(&self) -> u64 {
        self.recompute_key()
    }
    fn recompute_key(&self) -> u64 {
        (self.cards[0] as u64)
            | (self.cards[1] as u64) << 4
            | (self.swapped as u64) << 8
            | (self.shown as u64) << 9
    }
    fn terminal(&self) -> Option<Outcome> {
        self.shown.then(|| Outcome::Win {
            winner: if self.cards[0] > self.cards[1] {
                Player::White
            } else {
                Player::Black
            },
            reason: "the higher card",
        })
    }
    fn no_action_outcome(&self) -> Outcome {
        Outcome::Draw { reason: "none" }
    }
    fn parse_action(&self, s: &str) -> Result<Hc, RuleError> {
        let mut v = Vec::new();
        self.legal_actions(&mut v);
        v.into_iter()
            .find(|&a| self.format_action(a) == s)
            .ok_or_else(|| RuleError::new(format!("'{s}' is not legal here")))
    }
    fn format_action(&self, a: Hc) -> String {
        match a {
            Hc::Deal(c) => format!("d{c}"),
            Hc::Swap => "swap".into(),
            Hc::Show => "show".into(),
        }
    }
    fn fen(&self) -> String {
        format!(
            "{}{} {}{}",
            self.cards[0], self.cards[1], self.swapped as u8, self.shown as u8
        )
    }
    fn set_fen(&mut self, fen: &str) -> Result<(), RuleError> {
        let b = fen.as_bytes();
        if b.len() != 5 || fen.contains('?') {
            return Err(RuleError::new("bad fen"));
        }
        let d = |i: usize| b[i].wrapping_sub(b'0');
        self.cards = [d(0), d(1)];
        self.swapped = d(3) == 1;
        self.shown = d(4) == 1;
        Ok(())
    }
    fn reset(&mut self) {
        *self = HighCard::default();
    }
    fn display(&self) -> String {
        self.fen()
    }
    fn pieces(&self) -> Vec<(Cell, String)> {
        Vec::new()
    }
}

impl Evaluate for HighCard {
    fn evaluate(&self) -> i32 {
        0
    }
    fn prior(&self, a: Hc) -> f64 {
        if self.doubt_swap && a == Hc::Swap {
            0.0
        } else {
            1.0
        }
    }
    fn speculative(&self, a: Hc) -> bool {
        self.doubt_swap && a == Hc::Swap
    }
}

impl Chance for HighCard {
    fn is_chance_node(&self) -> bool {
        self.cards.contains(&0)
    }
    fn chance_actions(&self, out: &mut Vec<(Hc, f64)>) {
        let mut v = Vec::new();
        self.legal_actions(&mut v);
        let p = 1.0 / v.len() as f64;
        out.extend(v.into_iter().map(|a| (a, p)));
    }
}

/// What a player perceives: a card (its own, else 0 for unseen), a swap (with the new card
/// for White), the showdown (both cards).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum HcSeen {
    Dealt(u8),
    Swapped(u8),
    Shown(u8, u8),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HcView {
    me: Player,
    game: HighCard,
    /// Cards the viewer knows the opponent does not hold.
    not_theirs: Vec<u8>,
}

impl Hidden for HighCard {
    type View = HcView;
    type Observation = HcSeen;
    fn view(&self, p: Player) -> HcView {
        let mine = p.index();
        let mut g = self.clone();
        if !self.shown {
            g.cards[1 - mine] = if self.cards[1 - mine] == 0 { 0 } else { 9 };
        }
        let mut not_theirs = vec![self.cards[mine]];
        if p == Player::White && self.swapped {
            not_theirs.push(self.left_over());
        }
        not_theirs.retain(|&c| c != 0);
        not_theirs.sort();
        HcView {
            me: p,
            game: g,
            not_theirs,
        }
    }
    fn observe(&self, a: Hc, p: Player) -> HcSeen {
        match a {
            Hc::Deal(c) => {
                let to = if self.cards[0] == 0 { 0 } else { 1 };
                HcSeen::Dealt(if to == p.index() { c } else { 0 })
            }
            Hc::Swap => HcSeen::Swapped(if p == Player::White {
                self.left_over()
            } else {
                0
            }),
            Hc::Show => HcSeen::Shown(self.cards[0], self.cards[1]),
        }
    }
    fn reveals(&self, a: Hc) -> bool {
        a == Hc::Swap
    }
    fn parse_view(&self, text: &str) -> Result<HcView, RuleError> {
        let (who, rest) = text
            .split_once(':')
            .ok_or_else(|| RuleError::new("a view is '<w|b>:<fen>'"))?;
        let me = match who {
            "w" => Player::White,
            "b" => Player::Black,
            _ => return Err(RuleError::new("bad viewer")),
        };
        let mut g = HighCard::default();
        g.set_fen(&rest.replace('9', "0"))?;
        let mut truth = g.clone();
        // The unseen card is written 9; any consistent card restores the view.
        let other = 1 - me.index();
        if rest.as_bytes()[other] == b'9' {
            truth.cards[other] = (1..=3).find(|c| !truth.cards.contains(c)).unwrap_or(0);
        }
        Ok(truth.view(me))
    }
}

impl View for HcView {
    type Game = HighCard;
    fn player(&self) -> Player {
        self.me
    }
    fn to_move(&self) -> Player {
        Player::White
    }
    fn outcome(&self) -> Option<Outcome> {
        self.game.shown.then(|| self.game.terminal()).flatten()
    }
    fn apply(&mut self, o: &HcSeen) -> Result<(), RuleError> {
        let mine = self.me.index();
        match *o {
            HcSeen::Dealt(c) => {
                let to = if self.game.cards[0] == 0 { 0 } else { 1 };
                if to == mine {
                    self.game.cards[to] = c;
                    self.not_theirs.push(c);
                } else {
                    self.game.cards[to] = 9;
                }
            }
            HcSeen::Swapped(c) => {
                if self.me == Player::White {
                    self.game.cards[0] = c;
                    self.not_theirs.push(c);
                }
                self.game.swapped = true;
            }
            HcSeen::Shown(w, b) => {
                self.game.cards = [w, b];
                self.game.shown = true;
            }
        }
        self.not_theirs.sort();
        Ok(())
    }
    fn parse_observation(&self, text: &str) -> Result<HcSeen, RuleError> {
        let b = text.as_bytes();
        let d = |i: usize| match b.get(i) {
            Some(b'?') => Ok(0),
            Some(x @ b'1'..=b'3') => Ok(x - b'0'),
            _ => Err(RuleError::new(format!("bad observation '{text}'"))),
        };
        match b.first() {
            Some(b'd') => Ok(HcSeen::Dealt(d(1)?)),
            Some(b's') if text.starts_with("swap=") => Ok(HcSeen::Swapped(d(5)?)),
            Some(b's') if text == "swap" => Ok(HcSeen::Swapped(0)),
            Some(b's') if text.starts_with("show=") => Ok(HcSeen::Shown(d(5)?, d(6)?)),
            _ => Err(RuleError::new(format!("bad observation '{text}'"))),
        }
    }
    fn format_observation(&self, o: &HcSeen) -> String {
        let c = |x: u8| {
            if x == 0 {
                "?".to_string()
            } else {
                x.to_string()
            }
        };
        match *o {
            HcSeen::Dealt(x) => format!("d{}", c(x)),
            HcSeen::Swapped(0) => "swap".into(),
            HcSeen::Swapped(x) => format!("swap={x}"),
            HcSeen::Shown(w, b) => format!("show={w}{b}"),
        }
    }
    fn fen(&self) -> String {
        format!("{}:{}", self.me.fen_char(), self.game.fen())
    }
    fn display(&self) -> String {
        self.fen()
    }
    fn determinize(&self, rng: &mut GameRng) -> HighCard {
        let mut g = self.game.clone();
        let other = 1 - self.me.index();
        if g.cards[other] == 9 {
            let options: Vec<u8> = (1..=3).filter(|c| !self.not_theirs.contains(c)).collect();
            g.cards[other] = options[crate::core::game::below(rng, options.len())];
        }
        g
    }
}

fn white_view(w: u8, b: u8) -> HcView {
    HighCard::dealt(w, b).view(Player::White)
}

fn view_answer(v: &HcView, c: &SearchConfig, n: u64) -> Vec<String> {
    let ctl = SearchControl::new(false);
    let tt = TranspositionTable::new(1);
    crate::search::run_view(v, &nodes(n), c, &ctl, &tt, &mut |_| {}).turn
}

#[test]
fn views_follow_observations_and_samples_agree_with_the_view() {
    let mut rng = GameRng::seed_from_u64(7);
    for _ in 0..200 {
        let mut truth = HighCard::default();
        let mut views = [
            HighCard::default().view(Player::White),
            HighCard::default().view(Player::Black),
        ];
        while truth.terminal().is_none() {
            let a = if truth.is_chance_node() {
                truth.sample_chance(&mut rng)
            } else {
                let mut v = Vec::new();
                truth.legal_actions(&mut v);
                v[crate::core::game::below(&mut rng, v.len())]
            };
            for (i, p) in [Player::White, Player::Black].into_iter().enumerate() {
                let o: ObservationOf<HcView> = truth.observe(a, p);
                let text = views[i].format_observation(&o);
                assert_eq!(views[i].parse_observation(&text).unwrap(), o);
                views[i].apply(&o).unwrap();
            }
            truth.play(a);
            for (i, p) in [Player::White, Player::Black].into_iter().enumerate() {
                assert_eq!(views[i].fen(), truth.view(p).fen());
                let s = views[i].determinize(&mut rng);
                assert_eq!(s.view(p).fen(), views[i].fen());
            }
        }
    }
}

#[test]
fn ismcts_swaps_a_one_and_keeps_a_three() {
    for observers in [Observers::Multiple, Observers::Single] {
        let c = mcts_cfg(observers);
        for black in [2, 3] {
            assert_eq!(
                view_answer(&white_view(1, black), &c, 3000),
                vec!["swap"],
                "{observers:?}"
            );
        }
        for black in [1, 2] {
            assert_eq!(
                view_answer(&white_view(3, black), &c, 3000),
                vec!["show"],
                "{observers:?}"
            );
        }
    }
}

#[test]
fn information_set_search_leaves_an_action_whose_prior_is_zero() {
    // Swapping a one wins two times in three (above); with a prior of 0 the swap is never
    // explored, so the search shows.
    for observers in [Observers::Multiple, Observers::Single] {
        let c = mcts_cfg(observers);
        let mut g = HighCard::dealt(1, 2);
        g.doubt_swap = true;
        assert_eq!(
            view_answer(&g.view(Player::White), &c, 3000),
            vec!["show"],
            "{observers:?}"
        );
    }
}

#[test]
fn a_leaf_search_leaves_out_speculative_actions() {
    // White's 1 against Black's 2: swapping for the left-over 3 wins, and a search of this
    // truth sees it, unless the game calls the swap speculative: then only the losing show
    // is left.
    use crate::search::quiet::with_search_score;
    use crate::search::score::MATE_BOUND;
    let mut g = HighCard::dealt(1, 2);
    assert!(with_search_score(&g, 2, |score| score(&g, 0)) >= MATE_BOUND);
    g.doubt_swap = true;
    assert!(with_search_score(&g, 2, |score| score(&g, 0)) <= -MATE_BOUND);
}

#[test]
fn a_search_that_knows_the_truth_swaps_only_when_it_wins() {
    let ctl = SearchControl::new(false);
    let tt = TranspositionTable::new(1);
    let answer = |w, b| {
        let t = HighCard::dealt(w, b);
        crate::search::run_truth(&t, &nodes(2000), &cfg(), &ctl, &tt, &mut |_| {}).turn
    };
    // 1 against 2: the left-over 3 wins.
    assert_eq!(answer(1, 2), vec!["swap", "show"]);
    // 3 against 2: the left-over 1 would lose: keep.
    assert_eq!(answer(3, 2), vec!["show"]);
}

#[test]
fn determinized_alpha_beta_and_the_baselines_answer_legally() {
    let ctl = SearchControl::new(false);
    let tt = TranspositionTable::new(1);
    for searcher in [Searcher::AlphaBeta, Searcher::Greedy, Searcher::Random] {
        let c = SearchConfig { searcher, ..cfg() };
        for (w, b) in [(1, 2), (3, 1), (2, 3)] {
            let out = crate::search::run_view(
                &white_view(w, b),
                &Limits::depth(4),
                &c,
                &ctl,
                &tt,
                &mut |_| {},
            );
            assert!(
                out.turn == ["swap"] || out.turn == ["show"],
                "{searcher:?}: {:?}",
                out.turn
            );
        }
    }
    // Determinized alpha-beta keeps a 3: in every sample the 3 wins.
    let c = SearchConfig {
        searcher: Searcher::AlphaBeta,
        ..cfg()
    };
    let out = crate::search::run_view(
        &white_view(3, 2),
        &Limits::depth(4),
        &c,
        &ctl,
        &tt,
        &mut |_| {},
    );
    assert_eq!(out.turn, vec!["show"]);
}

#[test]
fn a_search_from_a_view_stopped_before_it_starts_still_answers_a_turn() {
    let tt = TranspositionTable::new(1);
    for searcher in [Searcher::AlphaBeta, Searcher::Mcts, Searcher::Auto] {
        let c = SearchConfig { searcher, ..cfg() };
        for limits in [Limits::default(), Limits::depth(6), nodes(5000)] {
            let ctl = SearchControl::new(false);
            ctl.stop();
            let out =
                crate::search::run_view(&white_view(3, 2), &limits, &c, &ctl, &tt, &mut |_| {});
            assert!(
                out.turn == ["swap"] || out.turn == ["show"],
                "{searcher:?} {limits:?}: {:?}",
                out.turn
            );
        }
    }
}

#[test]
fn fixed_chance_draws_the_same_outcome_for_the_same_position() {
    let mut rng = GameRng::seed_from_u64(3);
    let mut seen = std::collections::HashSet::new();
    for seed in 0..40 {
        let f = FixedChance::new(HighCard::default(), seed);
        let mut v = Vec::new();
        f.legal_actions(&mut v);
        assert_eq!(v.len(), 1);
        assert_eq!(v[0], f.fixed());
        assert!(f.is_legal(v[0]));
        seen.insert(v[0]);
        let _ = crate::core::game::unit_f64(&mut rng);
    }
    assert_eq!(seen.len(), 3, "every card is dealt under some seed");
}

#[test]
fn futures_of_one_state_never_share_a_key() {
    // Determinized alpha-beta keeps one table for all its samples: a position of one future
    // must not read another's entry, and within a future the key stays that of the position.
    let state = HighCard::dealt(1, 2);
    let keys: std::collections::HashSet<u64> = (0..64)
        .map(|seed| FixedChance::new(state.clone(), seed).key())
        .collect();
    assert_eq!(keys.len(), 64, "every seed salts the key differently");
    let mut f = FixedChance::new(state.clone(), 5);
    assert_eq!(f.key(), FixedChance::new(state, 5).key());
    let before = f.key();
    let u = f.play(Hc::Swap);
    assert_eq!(f.key(), f.recompute_key());
    assert_ne!(f.key(), before);
    f.undo(u);
    assert_eq!(f.key(), before);
}

#[test]
fn the_text_face_holds_a_truth_or_a_view() {
    let mut s = crate::faces::hidden_session::HiddenSession::new(HighCard::default());
    assert!(s.is_chance_node());
    assert!(s.searchable().is_err());
    s.play_str("d1,d3").unwrap();
    assert_eq!(s.legal_actions(), vec!["swap", "show"]);
    assert_eq!(s.observe("swap", Player::White).unwrap(), "swap=2");
    assert_eq!(s.observe("swap", Player::Black).unwrap(), "swap");
    assert!(s.reveals("swap").unwrap());
    let mut v = s.view(Player::White).unwrap();
    assert_eq!(v.viewer(), Some(Player::White));
    assert_eq!(v.fen(), "w:19 00");
    v.play_str("swap=2").unwrap();
    assert_eq!(v.legal_actions(), vec!["show"]);
    assert!(v.check_turn("show").is_ok());
    assert!(v.check_turn("swap").is_err());
    let mut b = s.view(Player::Black).unwrap();
    assert!(b.legal_actions().is_empty());
    assert!(b.searchable().is_err());
    b.play_str("swap").unwrap();
    assert!(b.play_str("bogus").is_err());
    assert_eq!(b.fen(), "b:93 10");
    // A view-FEN sets a view; a truth's FEN a truth.
    let mut t = crate::faces::hidden_session::HiddenSession::new(HighCard::default());
    t.set_fen("b:93 10").unwrap();
    assert_eq!(t.viewer(), Some(Player::Black));
    t.set_fen("13 00").unwrap();
    assert_eq!(t.viewer(), None);
    assert!(t.set_fen("xx").is_err());
}

#[test]
fn a_fixed_sample_reuses_the_random_numbers_of_every_move() {
    use rand_core::RngCore;
    let first = |v: HcView, c: &SearchConfig| {
        crate::search::baselines::rng_for(&FromView { view: v }, c).next_u64()
    };
    let (a, b) = (white_view(1, 2), white_view(3, 2));
    let mut c = cfg();
    assert_ne!(first(a.clone(), &c), first(b.clone(), &c));
    c.fixed_sample = true;
    assert_eq!(first(a.clone(), &c), first(b, &c));
    let mut other_seed = c.clone();
    other_seed.mcts.seed = 5;
    assert_ne!(first(a.clone(), &c), first(a, &other_seed));
}

#[test]
fn an_edge_is_found_by_its_label_whatever_the_hint() {
    use super::tree::{Label, Node, Tree};
    let mut t: Tree<u8, ()> = Tree::new(Player::White);
    let node: &mut Node<u8, ()> = t.node_mut(0);
    for a in [3u8, 5, 7] {
        node.find_or_add(Label::Choice(a));
    }
    for hint in 0..6 {
        assert_eq!(node.find_or_add_near(Label::Choice(5), hint), 1);
        assert_eq!(node.find_or_add_near(Label::Choice(7), hint), 2);
    }
    // A label not there is added once, at the end.
    assert_eq!(node.find_or_add_near(Label::Choice(9), 1), 3);
    assert_eq!(node.find_or_add_near(Label::Choice(9), 0), 3);
    assert_eq!(node.edges.len(), 4);
}

#[test]
fn the_reward_scale_turns_scores_into_rewards_and_back() {
    use super::worker::Worker;
    use crate::search::types::MctsConfig;
    // Every leaf scores 300 for its side to move. Nine iterations try each of X's first
    // moves once, and each leaf has O to move: every root edge is worth 300 to O. A wider
    // scale makes the same score a smaller edge; the reported centipawns undo the scale.
    let model = Perfect {
        root: TicTacToe::default(),
    };
    let mut means = Vec::new();
    for scale in [400, 1200] {
        let c = MctsConfig {
            reward_scale: scale,
            ..MctsConfig::default()
        };
        let mut w = Worker::new(&model, &c, 1, 1 << 24, 2);
        for _ in 0..9 {
            w.iterate(&mut |_: &TicTacToe, _| 300);
        }
        let root = w.trees[w.own_tree()].node(0);
        let mean = root.edges[root.best_choice().unwrap()].mean();
        assert!((w.centipawns(mean) + 300).abs() <= 2, "{scale}: {mean}");
        means.push(mean);
    }
    assert!(means[0] < means[1] && means[1] < 0.5, "{means:?}");
    assert!((means[0] - (1.0 - win_probability(300))).abs() < 1e-9);
}

#[test]
fn settings_left_to_the_game_take_its_defaults_and_the_rest_stay() {
    use crate::search::{Leaf, MctsConfig, TreeDefaults};
    let game = TreeDefaults {
        leaf: Leaf::Search(1),
        reward_scale: 1200,
        widening: 100,
        tree_turns: 1,
        leaf_deepening: 8,
    };
    let left = MctsConfig::default().resolve(game);
    assert_eq!(
        (
            left.leaf,
            left.reward_scale,
            left.widening,
            left.tree_turns,
            left.leaf_deepening
        ),
        (Leaf::Search(1), 1200, Some(100), Some(1), Some(8))
    );
    let set = MctsConfig {
        leaf: Leaf::Eval,
        reward_scale: 400,
        widening: Some(0),
        tree_turns: Some(0),
        leaf_deepening: Some(0),
        ..MctsConfig::default()
    };
    assert_eq!(set.resolve(game), set);
    // A game that says nothing: the static evaluation, the Elo scale, no widening, no limit.
    let plain = MctsConfig::default().resolve(TreeDefaults::default());
    assert_eq!(
        (
            plain.leaf,
            plain.reward_scale,
            plain.widening,
            plain.tree_turns,
            plain.leaf_deepening
        ),
        (Leaf::Eval, 400, Some(0), Some(0), Some(0))
    );
}

#[test]
fn the_last_report_shows_the_turn_played_whatever_the_threads() {
    // The turn is chosen on every thread's statistics, the line comes from the main thread's
    // tree: on an empty board many first moves are about equal, and the two can differ.
    for seed in 0..24 {
        let mut c = SearchConfig {
            threads: 4,
            ..cfg()
        };
        c.mcts.seed = seed;
        let ctl = SearchControl::new(false);
        let mut infos = Vec::new();
        let out = think(&TicTacToe::default(), &nodes(300), &c, &ctl, 16, &mut |i| {
            infos.push(i.clone())
        });
        let last = infos.last().expect("a final report");
        assert!(
            last.pv.starts_with(&out.turn),
            "seed {seed}: {:?} then {:?}",
            out.turn,
            last.pv
        );
    }
}
