//! Time controls and the referee's clocks. Thinking time is measured on the referee's side,
//! from writing `go` to reading `bestmove`, so an engine's own report of its time is not
//! trusted.

use std::time::Duration;

/// `[moves/]seconds[+increment]`, as in `40/60+0.5`, `10+0.1` or `60`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// Moves per period; the base time is added again after each period.
    pub moves: Option<u32>,
    pub base_ms: u64,
    pub inc_ms: u64,
}

fn seconds_to_ms(s: &str, what: &str) -> Result<u64, String> {
    let v: f64 = s
        .trim()
        .parse()
        .map_err(|_| format!("time control: {what} '{s}' is not a number of seconds"))?;
    if !v.is_finite() || v < 0.0 {
        return Err(format!("time control: {what} '{s}' must be zero or more"));
    }
    Ok((v * 1000.0).round() as u64)
}

impl TimeControl {
    pub fn parse(s: &str) -> Result<TimeControl, String> {
        let (moves, rest) = match s.split_once('/') {
            Some((m, r)) => {
                let m: u32 = m
                    .trim()
                    .parse()
                    .map_err(|_| format!("time control '{s}': '{m}' is not a move count"))?;
                if m == 0 {
                    return Err(format!("time control '{s}': zero moves per period"));
                }
                (Some(m), r)
            }
            None => (None, s),
        };
        let (base, inc) = match rest.split_once('+') {
            Some((b, i)) => (b, Some(i)),
            None => (rest, None),
        };
        let base_ms = seconds_to_ms(base, "base time")?;
        let inc_ms = match inc {
            Some(i) => seconds_to_ms(i, "increment")?,
            None => 0,
        };
        if base_ms == 0 && inc_ms == 0 {
            return Err(format!("time control '{s}' gives no time at all"));
        }
        Ok(TimeControl {
            moves,
            base_ms,
            inc_ms,
        })
    }

    /// The PGN `TimeControl` tag: seconds, `+increment`, `moves/` for periods.
    pub fn pgn_tag(&self) -> String {
        let secs = |ms: u64| {
            if ms.is_multiple_of(1000) {
                format!("{}", ms / 1000)
            } else {
                format!("{}", ms as f64 / 1000.0)
            }
        };
        let mut s = String::new();
        if let Some(m) = self.moves {
            s.push_str(&format!("{m}/"));
        }
        s.push_str(&secs(self.base_ms));
        if self.inc_ms > 0 {
            s.push('+');
            s.push_str(&secs(self.inc_ms));
        }
        s
    }
}

/// One side's clock during a game.
#[derive(Clone, Debug)]
pub struct Clock {
    tc: TimeControl,
    remaining_ms: u64,
    turns_in_period: u32,
}

/// What happened to the clock when a turn was charged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Charge {
    InTime,
    /// The flag fell: the turn took longer than the time left plus the margin.
    Flagged,
}

impl Clock {
    pub fn new(tc: TimeControl) -> Clock {
        Clock {
            tc,
            remaining_ms: tc.base_ms,
            turns_in_period: 0,
        }
    }

    pub fn remaining_ms(&self) -> u64 {
        self.remaining_ms
    }

    pub fn increment_ms(&self) -> u64 {
        self.tc.inc_ms
    }

    /// Moves left to the end of the period, for `go movestogo`.
    pub fn moves_to_go(&self) -> Option<u32> {
        self.tc.moves.map(|m| m - self.turns_in_period)
    }

    /// The longest a turn may take before it is lost on time.
    pub fn allowance(&self, margin_ms: u64) -> Duration {
        Duration::from_millis(self.remaining_ms + margin_ms)
    }

    /// Charges one turn's thinking time, then adds the increment (and the next period's time
    /// when a period ends). A turn within the margin leaves the clock at zero, not negative.
    pub fn charge(&mut self, used: Duration, margin_ms: u64) -> Charge {
        let used_ms = used.as_millis() as u64;
        if used_ms > self.remaining_ms + margin_ms {
            self.remaining_ms = 0;
            return Charge::Flagged;
        }
        self.remaining_ms = self.remaining_ms.saturating_sub(used_ms) + self.tc.inc_ms;
        if let Some(m) = self.tc.moves {
            self.turns_in_period += 1;
            if self.turns_in_period == m {
                self.turns_in_period = 0;
                self.remaining_ms += self.tc.base_ms;
            }
        }
        Charge::InTime
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_usual_forms() {
        assert_eq!(
            TimeControl::parse("10+0.1").unwrap(),
            TimeControl {
                moves: None,
                base_ms: 10_000,
                inc_ms: 100
            }
        );
        assert_eq!(
            TimeControl::parse("40/60+0.5").unwrap(),
            TimeControl {
                moves: Some(40),
                base_ms: 60_000,
                inc_ms: 500
            }
        );
        assert_eq!(TimeControl::parse("0.5").unwrap().base_ms, 500);
        for bad in ["", "x+1", "10+y", "0/10", "-1+0", "0+0", "1/2/3"] {
            assert!(TimeControl::parse(bad).is_err(), "{bad}");
        }
        assert_eq!(
            TimeControl::parse("40/60+0.5").unwrap().pgn_tag(),
            "40/60+0.5"
        );
        assert_eq!(TimeControl::parse("10").unwrap().pgn_tag(), "10");
    }

    #[test]
    fn increments_margins_and_flags() {
        let mut c = Clock::new(TimeControl::parse("1+0.1").unwrap());
        assert_eq!(c.charge(Duration::from_millis(300), 0), Charge::InTime);
        assert_eq!(c.remaining_ms(), 800);
        // Over the time left but inside the margin: kept, clock at zero plus increment.
        assert_eq!(c.charge(Duration::from_millis(850), 100), Charge::InTime);
        assert_eq!(c.remaining_ms(), 100);
        assert_eq!(c.charge(Duration::from_millis(101), 0), Charge::Flagged);
        assert_eq!(c.remaining_ms(), 0);
    }

    #[test]
    fn periods_refill_the_clock() {
        let mut c = Clock::new(TimeControl::parse("2/1").unwrap());
        assert_eq!(c.moves_to_go(), Some(2));
        c.charge(Duration::from_millis(400), 0);
        assert_eq!(c.moves_to_go(), Some(1));
        c.charge(Duration::from_millis(400), 0);
        assert_eq!(c.moves_to_go(), Some(2));
        assert_eq!(c.remaining_ms(), 1200);
    }
}
