//! How long to think: a soft budget (no new iteration after it) and a hard one (abort the
//! iteration), from the `go` limits and the clock of the side to move.

use std::sync::atomic::Ordering;
use std::time::Duration;

use super::types::{Limits, SearchConfig, SearchControl};
use crate::core::game::Player;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TimeBudget {
    /// Do not start another iteration after this many milliseconds.
    pub soft_ms: Option<u64>,
    /// Stop searching at this many milliseconds.
    pub hard_ms: Option<u64>,
}

impl TimeBudget {
    pub fn new(limits: &Limits, cfg: &SearchConfig, side: Player) -> TimeBudget {
        let overhead = cfg.move_overhead;
        if let Some(mt) = limits.movetime {
            let t = mt.saturating_sub(overhead).max(1);
            return TimeBudget {
                soft_ms: Some(t),
                hard_ms: Some(t),
            };
        }
        let (time, inc) = match side {
            Player::White => (limits.wtime, limits.winc),
            Player::Black => (limits.btime, limits.binc),
        };
        let Some(time) = time else {
            return TimeBudget {
                soft_ms: None,
                hard_ms: None,
            };
        };
        let inc = inc.unwrap_or(0);
        let left = time.saturating_sub(overhead).max(1);
        // Moves the remaining time must cover: the given count, or a guess that keeps a
        // reserve for a long game (`tm_moves`).
        let moves = limits
            .movestogo
            .map(|m| m.clamp(1, 50) as u64)
            .unwrap_or_else(|| moves_to_share(&cfg.params, limits.turns_played));
        let share = left / moves + inc * cfg.params.tm_inc.max(0) as u64 / 100;
        let hard_cap = if moves == 1 { left * 9 / 10 } else { left / 3 };
        let hard = (share * 4).min(hard_cap).max(1);
        let soft = (share * cfg.params.tm_soft.max(1) as u64 / 100)
            .min(hard)
            .max(1);
        TimeBudget {
            soft_ms: Some(soft),
            hard_ms: Some(hard),
        }
    }

    /// Milliseconds the clock has run for this search: from `ponderhit` when pondering was
    /// hit, `None` while still pondering (no time limit applies then).
    pub fn elapsed_ms(ctl: &SearchControl, pondered: bool) -> Option<u64> {
        if ctl.pondering.load(Ordering::Relaxed) {
            return None;
        }
        let now = ctl.start.elapsed().as_millis() as u64;
        if pondered {
            Some(now.saturating_sub(ctl.ponderhit_at.load(Ordering::Relaxed)))
        } else {
            Some(now)
        }
    }

    pub fn hard_expired(&self, ctl: &SearchControl, pondered: bool) -> bool {
        match (self.hard_ms, Self::elapsed_ms(ctl, pondered)) {
            (Some(h), Some(e)) => e >= h,
            _ => false,
        }
    }

    /// True when another iteration should not start. `scale` stretches the soft budget
    /// (above 1 while the best action keeps changing).
    pub fn soft_expired(&self, ctl: &SearchControl, pondered: bool, scale: f64) -> bool {
        match (self.soft_ms, Self::elapsed_ms(ctl, pondered)) {
            (Some(s), Some(e)) => {
                let s = ((s as f64 * scale) as u64).min(self.hard_ms.unwrap_or(u64::MAX));
                e >= s
            }
            _ => false,
        }
    }
}

/// The moves a clock without a move count is shared over: `tm_moves`, fewer by `tm_ply`
/// hundredths a turn played, never below half of it.
fn moves_to_share(p: &super::params::SearchParams, turns_played: u32) -> u64 {
    let full = p.tm_moves.max(1) as u64;
    let fewer = p.tm_ply.max(0) as u64 * turns_played as u64 / 100;
    full.saturating_sub(fewer).max(full.div_ceil(2))
}

/// How far the soft limit stretches after an iteration: more where the best action keeps
/// changing (`instability`, a decaying count of changes), less where it took nearly all the
/// nodes (`effort`, its share: its rivals were refuted at once), more where the score fell
/// by `fall` centipawns since the last iteration (a line going wrong).
pub fn soft_scale(instability: f64, effort: f64, fall: i32) -> f64 {
    let changes = (0.7 + 0.6 * instability).clamp(0.6, 2.0);
    let focus = ((1.5 - effort) * 1.35).clamp(0.6, 1.5);
    let falling = 1.0 + fall.clamp(0, 100) as f64 / 200.0;
    changes * focus * falling
}

/// Sleeps in short steps until `ctl.stop`, for `go infinite` and unanswered pondering, which
/// must not return before the protocol says so.
pub fn wait_for_stop(ctl: &SearchControl, limits: &Limits) {
    loop {
        let must_wait = limits.infinite || (limits.ponder && ctl.pondering.load(Ordering::Relaxed));
        if !must_wait || ctl.stopped() {
            return;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::params::SearchParams;

    fn cfg() -> SearchConfig {
        SearchConfig::default()
    }

    #[test]
    fn movetime_keeps_the_overhead() {
        let l = Limits {
            movetime: Some(1000),
            ..Limits::default()
        };
        let b = TimeBudget::new(&l, &cfg(), Player::White);
        assert_eq!(b.hard_ms, Some(970));
        assert_eq!(b.soft_ms, Some(970));
    }

    #[test]
    fn clock_budget_uses_the_side_to_moves_clock() {
        let l = Limits {
            wtime: Some(60_000),
            btime: Some(3_000),
            winc: Some(1000),
            ..Limits::default()
        };
        let w = TimeBudget::new(&l, &cfg(), Player::White);
        let b = TimeBudget::new(&l, &cfg(), Player::Black);
        assert!(w.hard_ms.unwrap() > b.hard_ms.unwrap());
        assert!(w.hard_ms.unwrap() <= 60_000 / 3);
        assert!(b.hard_ms.unwrap() <= 3_000 / 3);
        assert!(w.soft_ms.unwrap() <= w.hard_ms.unwrap());
    }

    #[test]
    fn last_move_before_the_control_may_use_most_of_the_clock() {
        let l = Limits {
            wtime: Some(10_000),
            movestogo: Some(1),
            ..Limits::default()
        };
        let b = TimeBudget::new(&l, &cfg(), Player::White);
        assert!(b.hard_ms.unwrap() < 10_000 - 30);
        assert!(b.hard_ms.unwrap() > 5_000);
    }

    /// White's budget at 10 s + 0.1 s with the clock parameters `tune` sets.
    fn ten_and_a_tenth(tune: impl FnOnce(&mut SearchParams)) -> TimeBudget {
        ten_and_a_tenth_after(0, tune)
    }

    /// The budget with 10 s and 0.1 s left after `turns_played` turns of the game.
    fn ten_and_a_tenth_after(
        turns_played: u32,
        tune: impl FnOnce(&mut SearchParams),
    ) -> TimeBudget {
        let l = Limits {
            wtime: Some(10_000),
            winc: Some(100),
            turns_played,
            ..Limits::default()
        };
        let mut c = cfg();
        tune(&mut c.params);
        TimeBudget::new(&l, &c, Player::White)
    }

    #[test]
    fn a_shorter_expected_game_spends_more_of_the_clock() {
        let long = ten_and_a_tenth(|_| {});
        let short = ten_and_a_tenth(|p| p.tm_moves = 11);
        // (10000 - 30) / 22 + 100 = 553, of which 60%.
        assert_eq!(long.soft_ms, Some(331));
        assert_eq!(short.soft_ms, Some((9970 / 11 + 100) * 6 / 10));
        assert!(short.hard_ms > long.hard_ms);
        let eager = ten_and_a_tenth(|p| p.tm_soft = 120);
        assert_eq!(eager.soft_ms, Some(663));
        assert_eq!(eager.hard_ms, long.hard_ms);
    }

    #[test]
    fn the_increment_share_is_a_parameter() {
        let b = ten_and_a_tenth(|p| p.tm_inc = 150);
        // (10000 - 30) / 22 + 150 = 603, of which 60%.
        assert_eq!(b.soft_ms, Some(361));
        assert_eq!(b.hard_ms, Some(603 * 4));
        let three_quarters = ten_and_a_tenth(|p| p.tm_inc = 75);
        assert_eq!(three_quarters.soft_ms, Some(528 * 6 / 10));
        let none = ten_and_a_tenth(|p| p.tm_inc = 0);
        assert_eq!(none.soft_ms, Some(453 * 6 / 10));
    }

    #[test]
    fn later_in_the_game_a_move_takes_a_larger_part_of_the_clock() {
        let spend = |p: &mut SearchParams| p.tm_ply = 20;
        let keep = |p: &mut SearchParams| p.tm_ply = 0;
        // At 0 the turns played change nothing.
        assert_eq!(ten_and_a_tenth_after(60, keep), ten_and_a_tenth(keep));
        assert_eq!(ten_and_a_tenth_after(0, spend), ten_and_a_tenth(keep));
        // 20 is the default.
        assert_eq!(
            ten_and_a_tenth_after(60, |_| {}),
            ten_and_a_tenth_after(60, spend)
        );
        // 22 - 20 · 50 / 100 = 12 moves to share over.
        let mid = ten_and_a_tenth_after(50, spend);
        assert_eq!(mid.soft_ms, Some((9970 / 12 + 100) * 6 / 10));
        // Never fewer than half of 22.
        let late = ten_and_a_tenth_after(200, spend);
        assert_eq!(late.soft_ms, Some((9970 / 11 + 100) * 6 / 10));
        // A move count from the protocol is kept as it is.
        let l = Limits {
            wtime: Some(10_000),
            movestogo: Some(20),
            turns_played: 80,
            ..Limits::default()
        };
        let mut c = cfg();
        spend(&mut c.params);
        assert_eq!(
            TimeBudget::new(&l, &c, Player::White).soft_ms,
            Some(9970 / 20 * 6 / 10)
        );
    }

    #[test]
    fn no_clock_means_no_budget() {
        let b = TimeBudget::new(&Limits::depth(5), &cfg(), Player::Black);
        assert_eq!(b.hard_ms, None);
        assert_eq!(b.soft_ms, None);
    }

    #[test]
    fn pondering_suspends_the_clock() {
        let l = Limits {
            movetime: Some(1),
            ..Limits::default()
        };
        let b = TimeBudget::new(&l, &cfg(), Player::White);
        let ctl = SearchControl::new(true);
        std::thread::sleep(Duration::from_millis(5));
        assert!(!b.hard_expired(&ctl, true));
        ctl.ponderhit();
        std::thread::sleep(Duration::from_millis(5));
        assert!(b.hard_expired(&ctl, true));
    }

    #[test]
    fn the_soft_limit_stretches_with_doubt_and_shrinks_with_a_clear_best() {
        let settled = soft_scale(0.0, 0.5, 0);
        assert!(soft_scale(1.0, 0.5, 0) > settled, "a changing best action");
        assert!(
            soft_scale(0.0, 0.95, 0) < settled,
            "one action took the search"
        );
        assert!(
            soft_scale(0.0, 0.2, 0) > settled,
            "rivals that took long to refute"
        );
        assert!(soft_scale(0.0, 0.5, 60) > settled, "a falling score");
        assert_eq!(
            soft_scale(0.0, 0.5, -60),
            settled,
            "a rising score changes nothing"
        );
        let most = soft_scale(10.0, 0.0, 1000);
        assert!((most - 2.0 * 1.5 * 1.5).abs() < 1e-9, "{most}");
        let least = soft_scale(0.0, 1.0, 0);
        assert!((least - 0.7 * 0.675).abs() < 1e-9, "{least}");
    }
}
