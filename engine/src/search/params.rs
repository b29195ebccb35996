//! The searcher's tunable numbers (reductions, margins, windows) as one typed table, the
//! defaults being what the engine plays with. The `SearchParams` engine option loads them
//! from a file (see `crate::core::param_table`); `tessera tune spsa` tunes them by self-play.

use crate::core::param_table::ParamTable;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchParams {
    /// Half-width of the first aspiration window, in centipawns.
    pub aspiration_delta: i32,
    /// Reverse futility pruning: the deepest remaining depth it is tried at...
    pub rfp_depth: i32,
    /// ...and the margin per ply of depth.
    pub rfp_margin: i32,
    /// Razoring: at depths up to `razor_depth`, where the evaluation plus
    /// `razor_margin * depth` does not reach alpha, quiescence decides the node when it
    /// stays below alpha.
    pub razor_depth: i32,
    pub razor_margin: i32,
    /// Null move: the shallowest depth it is tried at...
    pub nmp_depth: i32,
    /// ...its reduction, `nmp_base + depth / nmp_divisor`...
    pub nmp_base: i32,
    pub nmp_divisor: i32,
    /// ...plus one per `nmp_eval_step` centipawns of evaluation above beta (at most 3).
    pub nmp_eval_step: i32,
    /// Late move reductions: `(lmr_base + ln(depth) ln(moves) * 100 / lmr_divisor) / 100`
    /// plies, both in hundredths...
    pub lmr_base: i32,
    pub lmr_divisor: i32,
    /// ...one ply less for a quiet action whose history is above this.
    pub lmr_history: i32,
    /// Late move pruning: quiet actions after `lmp_base + depth²` are skipped at depths up
    /// to `lmp_depth`.
    pub lmp_base: i32,
    pub lmp_depth: i32,
    /// Internal iterative reduction: one ply less without a table action from this depth.
    pub iir_depth: i32,
    /// Futility pruning: quiet actions are skipped at depths up to `fp_depth` where the
    /// evaluation plus `fp_base + fp_margin * depth` does not reach alpha.
    pub fp_depth: i32,
    pub fp_base: i32,
    pub fp_margin: i32,
    /// Tactical actions the game expects to lose more than `see_margin * depth` are skipped
    /// at depths up to `see_depth`.
    pub see_depth: i32,
    pub see_margin: i32,
    /// At the same depths, quiet actions the game's exchange count (`Evaluate::exchange`)
    /// expects to lose more than `quiet_see_margin * depth²` are skipped.
    pub quiet_see_margin: i32,
    /// Singular extensions from this depth, for a table action whose score beats every
    /// other action's by `se_margin * depth`.
    pub se_depth: i32,
    pub se_margin: i32,
    /// Off the principal variation, a table action that beats every other by
    /// `se_double_margin` more is searched two plies deeper.
    pub se_double_margin: i32,
    /// Late move reductions: this many plies more at nodes expected to fail high.
    pub lmr_cut_node: i32,
    /// History reward of the action that cut (and punishment of those tried before it) at
    /// `depth`: `min(hist_quad * depth² + hist_lin * depth, hist_max)`.
    pub hist_quad: i32,
    pub hist_lin: i32,
    pub hist_max: i32,
    /// Percent of that reward given to the opponent's quiet action that led to a node where
    /// every action failed low (it refuted what came before it); 0 gives none.
    pub hist_prior: i32,
    /// Percent of that reward given to the table's action when its entry cuts the node off
    /// (the cutoff the node would have found again); 0 gives none.
    pub hist_tt_cut: i32,
    /// A check is extended a ply unless the game's exchange count (`Evaluate::exchange`)
    /// expects it to lose more than this, in centipawns; a negative value extends every
    /// check.
    pub check_see_margin: i32,
    /// 1: checks are extended (as `check_see_margin` says); 0: they are not (a singular
    /// extension may still extend one).
    pub check_ext: i32,
    /// After a reduced search of a late action beats alpha, its full-depth search goes a
    /// ply deeper where the reduced score beat the node's best so far by more than
    /// `lmr_deeper + 10 * reduction`; a negative value never goes deeper.
    pub lmr_deeper: i32,
    /// ...and a ply shallower (or is skipped, when that is the reduced depth) where it beat
    /// the best by less than the full depth, if this is 1; 0 never goes shallower.
    pub lmr_shallower: i32,
    /// Late move reductions: one ply less at nodes off the principal variation whose
    /// position the table knows from one (`tt::Entry::pv`), if this is 1.
    pub lmr_tt_pv: i32,
    /// Late move reductions: this many plies more for quiet actions at a node whose table
    /// action is tactical (it will likely be the best; quiet ones seldom beat it).
    pub lmr_tt_tactical: i32,
    /// Quiescence: where the table's bound says the static evaluation is off, standing pat
    /// uses the table's score instead, if this is 1.
    pub qs_tt_eval: i32,
    /// Late move reductions for tactical actions the game expects to lose material too
    /// (the quiet actions' reduction), if this is 1.
    pub lmr_losing_tactical: i32,
    /// Percent of the cutoff reward that a reduced quiet action's continuation history gets
    /// (beat beta) or loses (stayed at or below alpha) from its full-depth re-search.
    pub lmr_cont_update: i32,
    /// A cutoff that beats beta by more than this many centipawns is rewarded as one a ply
    /// deeper (a clear refutation); 0 never.
    pub hist_bonus_margin: i32,
    /// After the root fails high, the aspiration loop searches again a ply shallower (at
    /// most three below the iteration's depth), if this is 1: the score rose, and the
    /// shallower search confirms it sooner.
    pub asp_fail_high_reduce: i32,
    /// Percent of the cutoff reward a quiet action gets (or the ones tried before it lose)
    /// in the structure history (by the game's `correction_key`: in chess, the pawns),
    /// which then orders quiet actions; 0: the table is neither kept nor read.
    pub struct_hist: i32,
    /// Plies more of late move reduction where the nodes a ply below have failed high more
    /// than three times since this node's parent began (a cutoff without a table action
    /// counting twice).
    pub lmr_cutoffs: i32,
    /// Quiescence in check: once a score above a lost mate is found, quiet evasions past
    /// the first `qs_evasions` are skipped; 0 searches every evasion.
    pub qs_evasions: i32,
    /// Reverse futility pruning returns the mean of the evaluation and beta instead of the
    /// evaluation, if this is 1 (a score nearer the bound it was proven against).
    pub rfp_blend: i32,
    /// A node that fails high returns its best score drawn toward beta by `depth` parts
    /// in `depth + 1` (`(best * depth + beta) / (depth + 1)`), if this is 1: a score
    /// nearer the bound it was proven against, less trusting of one deep line.
    pub fail_high_blend: i32,
    /// Internal iterative reduction: this many plies more at nodes expected to fail high
    /// (where a shallow look suffices to find the refutation).
    pub iir_cut_node: i32,
    /// Late move reductions also at nodes in check and for quiet actions that give check
    /// (those a ply less), if this is 1.
    pub lmr_checks: i32,
    /// ProbCut: from depth `probcut_depth`, off the principal variation, a tactical action
    /// whose quiescence and then a search `probcut_reduction` plies shallower beat beta by
    /// `probcut_margin` cuts the node (a margin of 0 turns it off).
    pub probcut_depth: i32,
    pub probcut_margin: i32,
    pub probcut_reduction: i32,
    /// Percent of the corrections learnt by the game's `more_correction_keys` added to the
    /// static evaluation (0: those tables are neither kept nor read).
    pub corr_more: i32,
    /// Percent of the continuation correction (how far searches found the static
    /// evaluation off after the same last two actions) added to the static evaluation
    /// (0: the table is neither kept nor read).
    pub corr_cont: i32,
    /// History pruning: at depths up to `hist_prune_depth`, off the principal variation and
    /// out of check, a quiet action whose ordering key (histories and the game's hint) is
    /// below `-hist_prune * depth` is skipped (0 turns it off).
    pub hist_prune: i32,
    pub hist_prune_depth: i32,
    /// Late move reductions by history in steps: a reduction one ply less per
    /// `lmr_hist_div` of the quiet action's ordering key above 0, one more per
    /// `lmr_hist_div` below, in place of the single ply less above `lmr_history` (0 keeps
    /// that rule).
    pub lmr_hist_div: i32,
    /// Futility of tactical actions: at depths up to `fp_depth`, off the principal
    /// variation and out of check, a tactical action that gives no check is skipped where
    /// the evaluation plus `fp_base`, plus `cap_fp` per ply, plus what the game's exchange
    /// count expects it to win does not reach alpha (0 turns it off).
    pub cap_fp: i32,
    /// Playing on a clock without a move count, the remaining time is shared as if this
    /// many moves were left (plus the increment a move)...
    pub tm_moves: i32,
    /// ...and no iteration starts after this percent of a move's share (stretched by how
    /// settled the search is, `time::soft_scale`).
    pub tm_soft: i32,
    /// ...where a move's share also takes this percent of the increment. Above 100 the
    /// clock settles lower late in a game (the share's increment part is what a move may
    /// spend past the clock it keeps).
    pub tm_inc: i32,
    /// ...and the moves the remaining time is shared over shrink by this many hundredths of
    /// a move per turn played, down to half of `tm_moves` (0: they do not): the clock is
    /// spent in the middlegame, where games are decided, rather than kept for an ending
    /// (from move 28 on at 20, the default).
    pub tm_ply: i32,
    /// Percent of the static evaluation taken off by the time a counted draw rule (the
    /// game's `draw_count`: chess's fifty moves) would end the game, in proportion to the
    /// count so far (0: none): a lead kept without progress is worth less, so the search
    /// prefers the captures and pawn moves that reset the count.
    pub fifty_damp: i32,
}

impl Default for SearchParams {
    fn default() -> Self {
        SearchParams {
            aspiration_delta: 18,
            rfp_depth: 6,
            rfp_margin: 85,
            razor_depth: 3,
            razor_margin: 300,
            nmp_depth: 3,
            nmp_base: 3,
            nmp_divisor: 4,
            nmp_eval_step: 200,
            lmr_base: 75,
            lmr_divisor: 225,
            lmr_history: 4000,
            lmp_base: 3,
            lmp_depth: 3,
            iir_depth: 4,
            fp_depth: 6,
            fp_base: 100,
            fp_margin: 90,
            see_depth: 4,
            see_margin: 150,
            quiet_see_margin: 15,
            se_depth: 8,
            se_margin: 3,
            se_double_margin: 20,
            lmr_cut_node: 1,
            hist_quad: 0,
            hist_lin: 200,
            hist_max: 3200,
            hist_prior: 0,
            hist_tt_cut: 0,
            check_see_margin: -1,
            check_ext: 1,
            lmr_deeper: -1,
            lmr_shallower: 0,
            lmr_tt_pv: 0,
            lmr_tt_tactical: 0,
            qs_tt_eval: 0,
            lmr_losing_tactical: 0,
            lmr_cont_update: 0,
            hist_bonus_margin: 0,
            asp_fail_high_reduce: 0,
            struct_hist: 0,
            lmr_cutoffs: 0,
            qs_evasions: 0,
            rfp_blend: 0,
            fail_high_blend: 0,
            iir_cut_node: 0,
            lmr_checks: 0,
            probcut_depth: 5,
            probcut_margin: 0,
            probcut_reduction: 4,
            corr_more: 0,
            corr_cont: 0,
            hist_prune: 0,
            hist_prune_depth: 4,
            lmr_hist_div: 0,
            cap_fp: 0,
            tm_moves: 22,
            tm_soft: 60,
            tm_inc: 100,
            tm_ply: 20,
            fifty_damp: 0,
        }
    }
}

crate::param_table!(SearchParams {
    aspiration_delta,
    rfp_depth,
    rfp_margin,
    razor_depth,
    razor_margin,
    nmp_depth,
    nmp_base,
    nmp_divisor,
    nmp_eval_step,
    lmr_base,
    lmr_divisor,
    lmr_history,
    lmp_base,
    lmp_depth,
    iir_depth,
    fp_depth,
    fp_base,
    fp_margin,
    see_depth,
    see_margin,
    quiet_see_margin,
    se_depth,
    se_margin,
    se_double_margin,
    lmr_cut_node,
    hist_quad,
    hist_lin,
    hist_max,
    hist_prior,
    hist_tt_cut,
    check_see_margin,
    check_ext,
    lmr_deeper,
    lmr_shallower,
    lmr_tt_pv,
    lmr_tt_tactical,
    qs_tt_eval,
    lmr_losing_tactical,
    lmr_cont_update,
    hist_bonus_margin,
    asp_fail_high_reduce,
    struct_hist,
    lmr_cutoffs,
    qs_evasions,
    rfp_blend,
    fail_high_blend,
    iir_cut_node,
    lmr_checks,
    probcut_depth,
    probcut_margin,
    probcut_reduction,
    corr_more,
    corr_cont,
    hist_prune,
    hist_prune_depth,
    lmr_hist_div,
    cap_fp,
    tm_moves,
    tm_soft,
    tm_inc,
    tm_ply,
    fifty_damp,
});

/// How SPSA may move a parameter: its range and the size of its perturbation at the end of
/// a run (`c_end`, in the parameter's own units).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SpsaRange {
    pub name: &'static str,
    pub min: i32,
    pub max: i32,
    pub c_end: f64,
}

/// The ranges, in the table's order.
pub const SPSA_RANGES: &[SpsaRange] = &[
    r("aspiration_delta", 5, 60, 3.0),
    r("rfp_depth", 2, 12, 1.0),
    r("rfp_margin", 40, 250, 10.0),
    r("razor_depth", 0, 6, 0.7),
    r("razor_margin", 50, 1000, 25.0),
    r("nmp_depth", 1, 6, 0.7),
    r("nmp_base", 1, 6, 0.7),
    r("nmp_divisor", 2, 8, 0.7),
    r("nmp_eval_step", 50, 500, 20.0),
    r("lmr_base", 0, 200, 10.0),
    r("lmr_divisor", 100, 400, 15.0),
    r("lmr_history", 0, 16000, 500.0),
    r("lmp_base", 1, 12, 1.0),
    r("lmp_depth", 1, 8, 0.7),
    r("iir_depth", 2, 10, 0.7),
    r("fp_depth", 0, 12, 1.0),
    r("fp_base", 0, 400, 15.0),
    r("fp_margin", 20, 300, 10.0),
    r("see_depth", 0, 10, 1.0),
    r("see_margin", 0, 400, 15.0),
    r("quiet_see_margin", 0, 100, 3.0),
    r("se_depth", 4, 64, 1.0),
    r("se_margin", 0, 20, 1.0),
    r("se_double_margin", 0, 200, 5.0),
    r("lmr_cut_node", 0, 3, 0.5),
    r("hist_quad", 0, 32, 1.0),
    r("hist_lin", 0, 600, 20.0),
    r("hist_max", 100, 16000, 100.0),
    r("hist_prior", 0, 300, 10.0),
    r("hist_tt_cut", 0, 300, 10.0),
    r("check_see_margin", -1, 400, 15.0),
    r("check_ext", 0, 1, 0.5),
    r("lmr_deeper", -1, 300, 10.0),
    r("lmr_shallower", 0, 1, 0.5),
    r("lmr_tt_pv", 0, 1, 0.5),
    r("lmr_tt_tactical", 0, 2, 0.5),
    r("qs_tt_eval", 0, 1, 0.5),
    r("lmr_losing_tactical", 0, 1, 0.5),
    r("lmr_cont_update", 0, 300, 10.0),
    r("hist_bonus_margin", 0, 400, 15.0),
    r("asp_fail_high_reduce", 0, 1, 0.5),
    r("struct_hist", 0, 300, 10.0),
    r("lmr_cutoffs", 0, 2, 0.5),
    r("qs_evasions", 0, 8, 0.7),
    r("rfp_blend", 0, 1, 0.5),
    r("fail_high_blend", 0, 1, 0.5),
    r("iir_cut_node", 0, 2, 0.5),
    r("lmr_checks", 0, 1, 0.5),
    r("probcut_depth", 2, 16, 1.0),
    r("probcut_margin", 0, 600, 15.0),
    r("probcut_reduction", 2, 8, 0.7),
    r("corr_more", 0, 200, 10.0),
    r("corr_cont", 0, 200, 10.0),
    r("hist_prune", 0, 16000, 300.0),
    r("hist_prune_depth", 1, 12, 0.7),
    r("lmr_hist_div", 0, 40000, 1000.0),
    r("cap_fp", 0, 600, 15.0),
    r("tm_moves", 5, 60, 2.0),
    r("tm_soft", 20, 150, 5.0),
    r("tm_inc", 0, 300, 10.0),
    r("tm_ply", 0, 100, 4.0),
    r("fifty_damp", 0, 100, 4.0),
];

impl SearchParams {
    /// The history reward of a cutoff at `depth`.
    #[inline]
    pub fn history_reward(&self, depth: i32) -> i32 {
        (self.hist_quad * depth * depth + self.hist_lin * depth).min(self.hist_max)
    }
}

const fn r(name: &'static str, min: i32, max: i32, c_end: f64) -> SpsaRange {
    SpsaRange {
        name,
        min,
        max,
        c_end,
    }
}

impl SearchParams {
    /// Checks that every value lies in its SPSA range (which is also the range the
    /// searcher is safe with: no division by zero, no negative depth).
    pub fn check(&self) -> Result<(), crate::core::game::RuleError> {
        let mut err = None;
        let mut i = 0;
        self.visit(&mut |name, v| {
            let r = &SPSA_RANGES[i];
            debug_assert_eq!(r.name, name);
            if err.is_none() && !(r.min..=r.max).contains(&v) {
                err = Some(format!(
                    "search parameter {name} = {v} is outside {}..{}",
                    r.min, r.max
                ));
            }
            i += 1;
        });
        match err {
            Some(e) => Err(crate::core::game::RuleError::new(e)),
            None => Ok(()),
        }
    }

    /// Late move reductions by depth and move number (both below 64).
    pub fn lmr_table(&self) -> Vec<[u8; 64]> {
        (0..64)
            .map(|d| {
                let mut row = [0u8; 64];
                for (m, r) in row.iter_mut().enumerate() {
                    if d > 0 && m > 0 {
                        let v = self.lmr_base as f64 / 100.0
                            + (d as f64).ln() * (m as f64).ln() / (self.lmr_divisor as f64 / 100.0);
                        *r = v.clamp(0.0, 63.0) as u8;
                    }
                }
                row
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::param_table::names;

    #[test]
    fn ranges_follow_the_table_and_hold_the_defaults() {
        let p = SearchParams::default();
        let n = names(&p);
        assert_eq!(n.len(), SPSA_RANGES.len());
        for (name, r) in n.iter().zip(SPSA_RANGES) {
            assert_eq!(name, r.name);
        }
        p.check().unwrap();
        let bad = SearchParams {
            nmp_divisor: 0,
            ..p
        };
        assert!(bad.check().is_err());
    }

    #[test]
    fn default_reductions_are_the_formula() {
        let t = SearchParams::default().lmr_table();
        // 0.75 + ln(8) ln(20) / 2.25 = 3.51
        assert_eq!(t[8][20], 3);
        assert_eq!(t[0][5], 0);
        assert_eq!(t[1][1], 0);
    }
}
