//! Checks of the `Chance` and `Hidden` contracts that any game can run in its tests: random
//! games from a start position (chance sampled, players choosing uniformly), checking at
//! every step that
//!
//! - chance's actions are the legal actions at a chance node, with probabilities summing to 1;
//! - the truth's FEN round-trips and its incremental key equals a fresh computation;
//! - each player's view followed by observations equals the view projected from the truth
//!   (by view-FEN), and its view-FEN and every observation's text round-trip;
//! - every sampled truth has the same view (view-FEN) for that player, and offers the player
//!   to move the same legal actions (as text) as the truth: a player's options never depend
//!   on what it cannot see.
//!
//! Returns the first failure as a message naming the position.

use crate::core::game::{below, seeded_rng, Evaluate, Hidden, Player, View};

/// Runs `games` random games from `start` with `samples` sampled truths per view and step.
pub fn check_hidden<G: Hidden + Evaluate>(
    start: &G,
    games: usize,
    samples: usize,
    seed: u64,
) -> Result<(), String> {
    let mut rng = seeded_rng(seed);
    let players: Vec<Player> = [Player::White, Player::Black]
        .into_iter()
        .take(start.players())
        .collect();
    for game in 0..games {
        let mut truth = start.clone();
        let mut views: Vec<G::View> = players.iter().map(|&p| truth.view(p)).collect();
        for ply in 0..2000 {
            let at = || format!("game {game}, ply {ply}, position {}", truth.fen());
            check_truth(&truth).map_err(|e| format!("{e} ({})", at()))?;
            for (i, &p) in players.iter().enumerate() {
                check_view(&truth, p, &views[i], samples, &mut rng)
                    .map_err(|e| format!("{} ({}): {e}", p.name(), at()))?;
            }
            if truth.terminal().is_some() {
                break;
            }
            let a = if truth.is_chance_node() {
                truth.sample_chance(&mut rng)
            } else {
                let mut v = Vec::new();
                truth.legal_actions(&mut v);
                if v.is_empty() {
                    break;
                }
                v[below(&mut rng, v.len())]
            };
            for (i, &p) in players.iter().enumerate() {
                let o = truth.observe(a, p);
                let text = views[i].format_observation(&o);
                if text.is_empty() || text.contains([' ', ',']) {
                    return Err(format!("observation '{text}' is not one word ({})", at()));
                }
                match views[i].parse_observation(&text) {
                    Ok(back) if back == o => {}
                    other => {
                        return Err(format!(
                            "observation '{text}' reads back as {other:?}, not {o:?} ({})",
                            at()
                        ))
                    }
                }
                views[i]
                    .apply(&o)
                    .map_err(|e| format!("{}'s view refuses '{text}': {e} ({})", p.name(), at()))?;
            }
            truth.play(a);
        }
    }
    Ok(())
}

fn check_truth<G: Hidden>(truth: &G) -> Result<(), String> {
    if truth.key() != truth.recompute_key() {
        return Err("incremental key differs from a fresh one".into());
    }
    let mut back = truth.clone();
    back.reset();
    back.set_fen(&truth.fen())
        .map_err(|e| format!("FEN does not read back: {e}"))?;
    if back.fen() != truth.fen() {
        return Err(format!("FEN reads back as {}", back.fen()));
    }
    if truth.terminal().is_none() && truth.is_chance_node() {
        let mut legal = Vec::new();
        truth.legal_actions(&mut legal);
        let mut chance = Vec::new();
        truth.chance_actions(&mut chance);
        let sum: f64 = chance.iter().map(|x| x.1).sum();
        if (sum - 1.0).abs() > 1e-9 {
            return Err(format!("chance's probabilities sum to {sum}"));
        }
        let listed: Vec<_> = chance.iter().map(|x| x.0).collect();
        if listed != legal {
            return Err("chance's actions are not the legal actions".into());
        }
    }
    Ok(())
}

fn check_view<G: Hidden>(
    truth: &G,
    p: Player,
    followed: &G::View,
    samples: usize,
    rng: &mut crate::core::game::GameRng,
) -> Result<(), String> {
    let projected = truth.view(p);
    if followed.fen() != projected.fen() {
        return Err(format!(
            "view by observations '{}' differs from the projected view '{}'",
            followed.fen(),
            projected.fen()
        ));
    }
    match truth.parse_view(&projected.fen()) {
        Ok(v) if v.fen() == projected.fen() => {}
        Ok(v) => return Err(format!("view-FEN reads back as '{}'", v.fen())),
        Err(e) => {
            return Err(format!(
                "view-FEN '{}' does not read back: {e}",
                projected.fen()
            ))
        }
    }
    if followed.player() != p || followed.to_move() != truth.to_move() {
        return Err("the view's player or side to move is wrong".into());
    }
    // Over by the rules, or for want of an action where the player is to move: it knows its
    // own actions (a solitaire stuck with no move, a side checkmated). Whether the opponent
    // has an action may hang on what the player cannot see: there only the rules' end counts.
    let truth_over = if !truth.is_chance_node() && truth.to_move() == p {
        truth.outcome().is_some()
    } else {
        truth.terminal().is_some()
    };
    let view_over = followed.outcome().is_some();
    if view_over != truth_over {
        return Err("the view and the truth disagree on the game being over".into());
    }
    let own_turn = truth.terminal().is_none() && !truth.is_chance_node() && truth.to_move() == p;
    let legal_text = |g: &G| {
        let mut v = Vec::new();
        g.legal_actions(&mut v);
        let mut t: Vec<String> = v.into_iter().map(|a| g.format_action(a)).collect();
        t.sort();
        t
    };
    let truth_legal = own_turn.then(|| legal_text(truth));
    for _ in 0..samples {
        let s = followed.sample(rng).state;
        if s.view(p).fen() != followed.fen() {
            return Err(format!(
                "a sampled truth '{}' has the view '{}', not '{}'",
                s.fen(),
                s.view(p).fen(),
                followed.fen()
            ));
        }
        if let Some(l) = &truth_legal {
            if legal_text(&s) != *l {
                return Err(format!(
                    "a sampled truth '{}' offers other actions than the truth",
                    s.fen()
                ));
            }
        }
    }
    Ok(())
}
