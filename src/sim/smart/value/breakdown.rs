//! Explanations: the model's battle prices as text (`unbroken report --model`) and a position's
//! value taken apart (UNBROKEN_BOT_DEBUG, for `trace`).

use super::brain::Brain;
use super::game_cache::Cache;
use crate::engine::res::Res;
use crate::engine::State;

impl Brain {
    /// The model's battle prices as plain text: expected cost (± spread) of each monster with
    /// each weapon, plain stock, player first; and each level's expected net cost.
    pub fn model_text(&self) -> String {
        let mut out = String::new();
        let db = &self.db;
        out.push_str(&format!("{:<18}", "monster"));
        for w in &db.weapons {
            out.push_str(&format!("{:>12}", w.id));
        }
        out.push('\n');
        for (mi, m) in db.monsters.iter().enumerate() {
            out.push_str(&format!("{:<18}", format!("L{} {}", m.level, m.id)));
            for w in 0..db.weapons.len() {
                let o = self.fight_cost[0][w][mi];
                out.push_str(&format!("{:>12}", format!("{:.1}±{:.1}", o.cost, o.sd)));
            }
            out.push('\n');
        }
        for order in 0..2 {
            out.push_str(if order == 0 {
                "net cost by level, player first\n"
            } else {
                "net cost by level, monster first\n"
            });
            for (w, lc) in self.level_cost[order].iter().enumerate() {
                out.push_str(&format!(
                    "{:<12}{:>8.1}{:>8.1}{:>8.1}{:>8.1}\n",
                    db.weapons[w].id, lc[0], lc[1], lc[2], lc[3]
                ));
            }
        }
        out
    }
}

impl Brain {
    /// The value's parts, for debugging the bot.
    pub fn explain(&self, s: &State, cache: &mut Cache) -> String {
        let (threat, pd, _) = self.current_threat(s, cache);
        format!(
            "assets {:.1} (food {:.1} upg {:.1}) time {} threat {:.1} pdie {:.2} cond {:.1} total {:.1}",
            self.assets(s),
            self.food_term(s, s.stock.get(Res::Food) as f64),
            self.upgrade_term(s, s.stock.get(Res::Wood), s.stock.get(Res::Metal)),
            s.time,
            threat,
            pd,
            self.conditions_cost(s, false),
            self.value(s, cache)
        )
    }
}
