//! A match's results as they accumulate: standings, the first two engines' duel and its game
//! pairs. One run and `tessera match merge` feed the same struct game by game, so both print
//! the same statistics. Also the results file (`--results`): JSON lines, a header that names
//! the tournament and the shard, then one line per finished game with its PGN.

use std::collections::HashMap;

use serde_json::{json, Map, Value};
use tessera::core::game::Player;

use super::display::{self, Standing};
use super::schedule::Pairing;
use super::stats::{Pentanomial, Sprt, Tally};

/// The results of the games played so far.
pub struct Results {
    pub standings: Vec<Standing>,
    /// The first two engines' results from the first one's side (the two-engine report).
    pub duel: Tally,
    /// Their game pairs (one opening, colours swapped) for the SPRT: the first game's result
    /// waits here, by opening, for the second.
    half_pairs: HashMap<usize, i32>,
    pub pairs: Pentanomial,
    pub done: usize,
}

fn add(t: &mut Tally, value: i32) {
    match value {
        1 => t.wins += 1,
        -1 => t.losses += 1,
        _ => t.draws += 1,
    }
}

impl Results {
    pub fn new(names: &[String]) -> Results {
        Results {
            standings: names
                .iter()
                .map(|n| Standing {
                    name: n.clone(),
                    ..Standing::default()
                })
                .collect(),
            duel: Tally::default(),
            half_pairs: HashMap::new(),
            pairs: Pentanomial::default(),
            done: 0,
        }
    }

    /// Counts one finished game; `fault`: the loser lost by a fault (time, crash, illegal
    /// move, hang).
    pub fn add(&mut self, p: &Pairing, winner: Option<Player>, fault: bool) {
        self.done += 1;
        let (w, b) = (p.white, p.black);
        let white_value = match winner {
            Some(Player::White) => 1,
            Some(Player::Black) => -1,
            None => 0,
        };
        add(&mut self.standings[w].tally, white_value);
        add(&mut self.standings[b].tally, -white_value);
        if fault {
            if let Some(winner) = winner {
                self.standings[if winner == Player::White { b } else { w }].faults += 1;
            }
        }
        let first_engine_value = match (w, b) {
            (0, 1) => Some(white_value),
            (1, 0) => Some(-white_value),
            _ => None,
        };
        if let Some(v) = first_engine_value {
            add(&mut self.duel, v);
            match self.half_pairs.remove(&p.opening) {
                Some(first) => self.pairs.add_pair(first, v),
                None => {
                    self.half_pairs.insert(p.opening, v);
                }
            }
        }
    }

    /// The running report after a game: the score and Elo line (two engines), the leader
    /// (more), with the LLR.
    pub fn running(&self, tty: bool, sprt: Option<&Sprt>) -> String {
        let st = &self.standings;
        let two = st.len() == 2;
        let mut summary = if two && tty {
            format!(
                "{} vs {}: {}",
                st[0].name,
                st[1].name,
                display::compact_score(&self.duel)
            )
        } else if two {
            let mut s = display::score_line(&st[0].name, &st[1].name, &self.duel);
            if let Some(e) = display::elo_line(&self.duel) {
                s = format!("{s}  {e}");
            }
            s
        } else {
            let leader = st
                .iter()
                .max_by(|a, b| a.tally.points().total_cmp(&b.tally.points()))
                .expect("engines");
            format!(
                "leader {} {:.1}/{}",
                leader.name,
                leader.tally.points(),
                leader.tally.games()
            )
        };
        if let Some(sprt) = sprt {
            summary = format!("{summary}  LLR {:.2}", sprt.llr_pairs(&self.pairs));
        }
        summary
    }

    /// The final report: score, Elo and SPRT for two engines, the table for more.
    pub fn report(&self, sprt: Option<&Sprt>) -> String {
        let st = &self.standings;
        let mut out = String::new();
        if st.len() == 2 {
            out.push_str(&display::score_line(&st[0].name, &st[1].name, &self.duel));
            out.push('\n');
            if let Some(e) = display::elo_line(&self.duel) {
                out.push_str(&e);
                out.push('\n');
            }
            if let Some(s) = sprt {
                out.push_str(&display::sprt_line(s, &self.pairs));
                out.push('\n');
            }
            for s in st {
                out.push_str(&format!("Faults of {}: {}\n", s.name, s.faults));
            }
        } else {
            out.push_str(&display::table(st));
        }
        out
    }
}

/// The results file's first line: what identifies the tournament (every shard of one
/// tournament has the same), the shard, and how many games it and the whole have.
#[derive(Clone, Debug, PartialEq)]
pub struct Header {
    pub tournament: Map<String, Value>,
    pub shard: (u32, u32),
    pub games_in_shard: usize,
    pub games_total: usize,
}

/// Marks the first line of a results file.
const FORMAT: &str = "tessera-match-results-1";

impl Header {
    pub fn line(&self) -> String {
        json!({
            "format": FORMAT,
            "tournament": self.tournament,
            "shard": [self.shard.0, self.shard.1],
            "games_in_shard": self.games_in_shard,
            "games_total": self.games_total,
        })
        .to_string()
    }

    pub fn parse(line: &str) -> Result<Header, String> {
        let v: Value = serde_json::from_str(line).map_err(|e| format!("not a header: {e}"))?;
        if v.get("format").and_then(Value::as_str) != Some(FORMAT) {
            return Err("not a tessera match results file".into());
        }
        let tournament = v
            .get("tournament")
            .and_then(Value::as_object)
            .cloned()
            .ok_or("the header has no tournament")?;
        let shard = v
            .get("shard")
            .and_then(Value::as_array)
            .filter(|a| a.len() == 2)
            .and_then(|a| Some((a[0].as_u64()? as u32, a[1].as_u64()? as u32)))
            .ok_or("the header's shard is not [K, N]")?;
        let count = |k: &str| {
            v.get(k)
                .and_then(Value::as_u64)
                .map(|n| n as usize)
                .ok_or(format!("the header has no {k}"))
        };
        Ok(Header {
            tournament,
            shard,
            games_in_shard: count("games_in_shard")?,
            games_total: count("games_total")?,
        })
    }

    /// The engines' names, in order.
    pub fn engine_names(&self) -> Result<Vec<String>, String> {
        self.tournament
            .get("engines")
            .and_then(Value::as_array)
            .ok_or("the header lists no engines")?
            .iter()
            .map(|e| {
                e.get("name")
                    .and_then(Value::as_str)
                    .map(str::to_string)
                    .ok_or("an engine without a name".to_string())
            })
            .collect()
    }

    /// The SPRT the tournament was run with, if any.
    pub fn sprt(&self) -> Result<Option<Sprt>, String> {
        match self.tournament.get("sprt") {
            None | Some(Value::Null) => Ok(None),
            Some(v) => {
                let f = |k: &str| v.get(k).and_then(Value::as_f64).ok_or(format!("sprt {k}"));
                Sprt::new(f("elo0")?, f("elo1")?, f("alpha")?, f("beta")?).map(Some)
            }
        }
    }
}

/// One finished game as the results file keeps it.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    pub pairing: Pairing,
    pub winner: Option<Player>,
    pub fault: bool,
    pub termination: String,
    pub pgn: String,
}

impl Row {
    pub fn line(&self) -> String {
        let p = &self.pairing;
        let result = match self.winner {
            Some(Player::White) => "1-0",
            Some(Player::Black) => "0-1",
            None => "1/2-1/2",
        };
        json!({
            "round": p.round,
            "white": p.white,
            "black": p.black,
            "opening": p.opening,
            "result": result,
            "fault": self.fault,
            "termination": self.termination,
            "pgn": self.pgn,
        })
        .to_string()
    }

    pub fn parse(line: &str) -> Result<Row, String> {
        let v: Value = serde_json::from_str(line).map_err(|e| format!("not a game: {e}"))?;
        let n = |k: &str| v.get(k).and_then(Value::as_u64).ok_or(format!("no {k}"));
        let s = |k: &str| v.get(k).and_then(Value::as_str).ok_or(format!("no {k}"));
        let winner = match s("result")? {
            "1-0" => Some(Player::White),
            "0-1" => Some(Player::Black),
            "1/2-1/2" => None,
            r => return Err(format!("result '{r}'")),
        };
        Ok(Row {
            pairing: Pairing {
                round: n("round")? as u32,
                white: n("white")? as usize,
                black: n("black")? as usize,
                opening: n("opening")? as usize,
            },
            winner,
            fault: v.get("fault").and_then(Value::as_bool).ok_or("no fault")?,
            termination: s("termination")?.to_string(),
            pgn: s("pgn")?.to_string(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_and_rows_round_trip() {
        let mut t = Map::new();
        t.insert(
            "engines".into(),
            json!([{"name": "a"}, {"name": "b \"q\""}]),
        );
        t.insert(
            "sprt".into(),
            json!({"elo0": 0.0, "elo1": 5.0, "alpha": 0.05, "beta": 0.1}),
        );
        let h = Header {
            tournament: t,
            shard: (2, 3),
            games_in_shard: 4,
            games_total: 10,
        };
        let back = Header::parse(&h.line()).unwrap();
        assert_eq!(back, h);
        assert_eq!(back.engine_names().unwrap(), ["a", "b \"q\""]);
        assert_eq!(back.sprt().unwrap().unwrap().beta, 0.1);
        let r = Row {
            pairing: Pairing {
                round: 7,
                white: 1,
                black: 0,
                opening: 3,
            },
            winner: Some(Player::Black),
            fault: true,
            termination: "time forfeit".into(),
            pgn: "[Event \"x\"]\n\n1. e4 {book} 0-1\n\n".into(),
        };
        assert_eq!(Row::parse(&r.line()).unwrap(), r);
        assert!(Header::parse("{}").is_err());
        assert!(Row::parse("{\"round\": 1}").is_err());
    }

    #[test]
    fn results_add_up_games_and_pairs() {
        let mut res = Results::new(&["a".into(), "b".into()]);
        let p = |round, white, black, opening| Pairing {
            round,
            white,
            black,
            opening,
        };
        res.add(&p(1, 0, 1, 0), Some(Player::White), false);
        res.add(&p(2, 1, 0, 0), None, false);
        res.add(&p(3, 0, 1, 1), Some(Player::Black), true);
        assert_eq!(res.done, 3);
        assert_eq!((res.duel.wins, res.duel.draws, res.duel.losses), (1, 1, 1));
        // One complete pair: a win and a draw for the first engine (3/2 points).
        assert_eq!(res.pairs.0, [0, 0, 0, 1, 0]);
        assert_eq!(res.standings[0].faults, 1);
        assert!(res.report(None).starts_with("Score of a vs b: 1 - 1 - 1"));
    }
}
