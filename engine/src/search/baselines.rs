//! Two plain players for any game, as match opponents and yardsticks: `random` plays legal
//! actions drawn uniformly; `greedy` plays, action by action, the one whose resulting
//! position evaluates best for it (one ply, no search), averaged over truths sampled from
//! its view where it has one. Both complete a whole turn, pausing where a turn pauses (an
//! action that reveals something, chance inside the turn).

use rand_core::SeedableRng;

use super::mcts::worker::{centipawns, eval_reward, outcome_reward};
use super::sampling::Model;
use crate::core::game::{below, Game, GameRng, Player};
use crate::search::types::{Score, SearchConfig, SearchInfo, SearchOutput};

type A<M> = <<M as Model>::G as Game>::Action;

/// The random numbers of a search: mixed with the position's key, so that searches of
/// different positions differ, except with `Fixed Sample`, where every search of a game
/// draws the same ones (its samples then stay put while the view allows them).
pub(super) fn rng_for<M: Model>(model: &M, cfg: &SearchConfig) -> GameRng {
    let position = if cfg.fixed_sample {
        model.player().index() as u64
    } else {
        model.root_key()
    };
    GameRng::seed_from_u64(
        cfg.mcts
            .seed
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .wrapping_add(position),
    )
}

/// True when `me`'s turn (or the part of it it can decide now) is over after `a`.
fn paused<M: Model>(model: &M, before: &M::G, a: A<M>, after: &M::G, me: Player) -> bool {
    after.terminal().is_some()
        || after.players() == 1
        || after.to_move() != me
        || model.reveals(before, a)
        || model.is_chance(after)
}

fn no_turn() -> SearchOutput {
    SearchOutput {
        turn: Vec::new(),
        ponder: None,
        score: Score::Cp(0),
        nodes: 0,
        depth: 0,
    }
}

/// Keeps the actions `go searchmoves` names, where it names any legal one.
pub(crate) fn only_searchmoves<G: Game>(
    g: &G,
    actions: &mut Vec<G::Action>,
    searchmoves: &[String],
) {
    let only: Vec<G::Action> = searchmoves
        .iter()
        .filter_map(|m| g.parse_action(m).ok())
        .filter(|a| actions.contains(a))
        .collect();
    if !only.is_empty() {
        *actions = only;
    }
}

/// Uniformly drawn legal actions until the turn ends (the first among `searchmoves`, where
/// given).
pub fn random<M: Model>(model: &M, cfg: &SearchConfig, searchmoves: &[String]) -> SearchOutput {
    let mut rng = rng_for(model, cfg);
    let me = model.player();
    let mut g = model.world(&mut rng).state;
    let mut turn = Vec::new();
    let mut v = Vec::new();
    while turn.len() < 64 && g.terminal().is_none() && !model.is_chance(&g) {
        v.clear();
        g.legal_actions(&mut v);
        if turn.is_empty() {
            only_searchmoves(&g, &mut v, searchmoves);
        }
        if v.is_empty() {
            break;
        }
        let a = v[below(&mut rng, v.len())];
        let before = g.clone();
        turn.push(g.format_action(a));
        g.play(a);
        if paused(model, &before, a, &g, me) {
            break;
        }
    }
    if turn.is_empty() {
        return no_turn();
    }
    SearchOutput {
        turn,
        ponder: None,
        score: Score::Cp(0),
        nodes: 1,
        depth: 1,
    }
}

/// The value for `me` (0..1) of a position reached by one action: the result where the game
/// is over, the static evaluation otherwise.
fn value_after<G: crate::core::game::Evaluate>(g: &G, me: Player) -> f64 {
    let r = match g.terminal() {
        Some(o) => outcome_reward(g, &o),
        None => eval_reward(g),
    };
    r[me.index()]
}

/// One ply of evaluation per action, averaged over `cfg.determinizations` sampled truths (one
/// where every iteration sees the same state), action after action until the turn ends.
pub fn greedy<M: Model>(
    model: &M,
    cfg: &SearchConfig,
    searchmoves: &[String],
    report: &mut dyn FnMut(&SearchInfo),
) -> SearchOutput {
    let mut rng = rng_for(model, cfg);
    let me = model.player();
    let samples = if M::FIXED {
        1
    } else {
        cfg.determinizations.max(1) as usize
    };
    let mut worlds: Vec<M::G> = (0..samples).map(|_| model.world(&mut rng).state).collect();
    let mut turn = Vec::new();
    let mut first_value = 0.5;
    let mut nodes = 0u64;
    let mut actions = Vec::new();
    while turn.len() < 64 {
        let g0 = &worlds[0];
        if g0.terminal().is_some() || model.is_chance(g0) {
            break;
        }
        actions.clear();
        g0.legal_actions(&mut actions);
        if turn.is_empty() {
            only_searchmoves(g0, &mut actions, searchmoves);
        }
        if actions.is_empty() {
            break;
        }
        let mut best: Vec<A<M>> = Vec::new();
        let mut best_v = f64::NEG_INFINITY;
        for &a in &actions {
            let mut sum = 0.0;
            let mut count = 0.0;
            for w in &worlds {
                if !M::FIXED && !w.is_legal(a) {
                    continue;
                }
                let mut after = w.clone();
                after.play(a);
                nodes += 1;
                sum += value_after(&after, me);
                count += 1.0;
            }
            if count == 0.0 {
                continue;
            }
            let v = sum / count;
            if v > best_v + 1e-12 {
                best_v = v;
                best.clear();
                best.push(a);
            } else if (v - best_v).abs() <= 1e-12 {
                best.push(a);
            }
        }
        if best.is_empty() {
            break;
        }
        let a = best[below(&mut rng, best.len())];
        if turn.is_empty() {
            first_value = best_v;
        }
        let before = worlds[0].clone();
        turn.push(before.format_action(a));
        worlds.retain(|w| M::FIXED || w.is_legal(a));
        for w in &mut worlds {
            w.play(a);
        }
        if paused(model, &before, a, &worlds[0], me) {
            break;
        }
    }
    if turn.is_empty() {
        return no_turn();
    }
    let score = Score::Cp(centipawns(first_value));
    report(&SearchInfo {
        depth: 1,
        seldepth: 1,
        multipv: 1,
        score,
        nodes,
        time_ms: 0,
        nps: 0,
        hashfull: 0,
        pv: turn.clone(),
        note: None,
    });
    SearchOutput {
        turn,
        ponder: None,
        score,
        nodes,
        depth: 1,
    }
}
