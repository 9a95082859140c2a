//! The words the status keys put in the live region (`keymap::Readout`): one piece of the
//! state each, short by default and in detail with Shift, read from the engine's state and the
//! card texts only. Compiled natively so every readout is unit-tested.

use super::keymap::Readout;
use super::reducer::Model;
use crate::engine::event::RollFor;
use crate::engine::res::Res;
use crate::engine::{derived, words, Pending};

/// What a status key says now (`detail`: Shift was held).
pub fn read(m: &Model, r: Readout, detail: bool) -> String {
    let Some(v) = m.view.as_ref() else {
        return "No game on the table.".into();
    };
    let db = v.db();
    let s = v.s();
    match r {
        Readout::Effort => {
            let list = |rs: &[Res]| {
                let parts: Vec<String> = rs
                    .iter()
                    .filter(|r| detail || s.stock.get(**r) > 0)
                    .map(|r| format!("{} {}", s.stock.get(*r), r.name()))
                    .collect();
                if parts.is_empty() {
                    "none".to_string()
                } else {
                    parts.join(", ")
                }
            };
            let effort = [Res::Small, Res::Medium, Res::Large];
            let supplies = [
                Res::Food,
                Res::Wood,
                Res::Metal,
                Res::Cunning,
                Res::Treasure,
            ];
            let mut t = format!(
                "Effort: {} (total {}). Supplies: {}.",
                list(&effort),
                s.stock.effort_total(),
                list(&supplies)
            );
            if detail {
                t.push_str(&format!(" Ability uses left this level: {}.", s.uses));
            }
            t
        }
        Readout::Monster => match (
            &s.monster,
            s.monster.as_ref().and_then(|x| db.monster(x.card)),
        ) {
            (Some(ms), Some(card)) => {
                let mut t = format!(
                    "{}, level {} monster: Armor {} of {}, Health {} of {}{}.",
                    card.name,
                    card.level,
                    ms.armor,
                    ms.max_armor,
                    ms.health,
                    ms.max_health,
                    if ms.defending {
                        ", DEFEND: its next weapon attack is ignored"
                    } else {
                        ""
                    }
                );
                if detail {
                    for (i, row) in card.table.iter().enumerate() {
                        let what = words::effects(db, &row.effects);
                        t.push_str(&format!(" Roll {}: {} {}.", i + 1, row.verb, what));
                    }
                } else {
                    t.push_str(" Shift+M for its table.");
                }
                t
            }
            _ => format!("The level {} monster is not revealed yet.", s.level),
        },
        Readout::Roll => {
            let Some((why, face)) = m.dice.last() else {
                return "No die has been rolled yet.".into();
            };
            let why = match why {
                RollFor::EasyBonus => "for the Easy bonus",
                RollFor::Monster => "for which monster",
                RollFor::Combat => "the monster's combat roll",
                RollFor::Reroll => "the monster's re-roll",
                RollFor::Check => "for a card",
            };
            let mut t = format!("Last roll: {face}, {why}.");
            if let (Some(row), Some(card)) = (
                m.monster_roll,
                s.monster.as_ref().and_then(|x| db.monster(x.card)),
            ) {
                if let Some(r) = card.table.get(usize::from(row).saturating_sub(1)) {
                    t.push_str(&format!(
                        " The lit row is {row}: {} {}.",
                        r.verb,
                        words::effects(db, &r.effects)
                    ));
                }
            }
            t
        }
        Readout::Time => {
            if s.time_removed {
                return "Time is off the track (Level IV battle): each Time lost costs Small Effort.".into();
            }
            let threat = if s.time <= 0 {
                "you are ambushed: the monster attacks first".to_string()
            } else if s.time <= 2 {
                format!(
                    "ambush threat high: exploring with {} Time left may bring you to 0",
                    s.time
                )
            } else {
                "no ambush threat yet: at 0 Time the monster ambushes you".to_string()
            };
            let mut t = format!("Time: {}; {threat}.", s.time);
            if detail {
                t.push_str(&format!(
                    " Explore reveals {} encounter cards.",
                    derived::explore_count(s, db)
                ));
            }
            t
        }
        Readout::Weapon => match derived::weapon(s, db) {
            Some(w) => {
                let mut t = format!("Weapon: {}.", w.name);
                let attacks: Vec<String> = w
                    .attacks
                    .iter()
                    .enumerate()
                    .map(|(i, a)| {
                        format!(
                            "attack {}: power {}{}, costs {}",
                            i + 1,
                            a.power,
                            if a.pierce { ", pierce" } else { "" },
                            if a.cost.is_empty() {
                                "nothing".to_string()
                            } else {
                                a.cost.describe()
                            }
                        )
                    })
                    .collect();
                if !attacks.is_empty() {
                    t.push_str(&format!(" {}.", attacks.join("; ")));
                }
                if detail {
                    let ups: Vec<String> = w
                        .upgrades
                        .iter()
                        .filter_map(|u| db.weapon(u.to.idx).map(|x| x.name.clone()))
                        .collect();
                    if !ups.is_empty() {
                        t.push_str(&format!(" Upgrades to: {}.", ups.join(", ")));
                    }
                }
                t
            }
            None => "No weapon.".into(),
        },
        Readout::Skills => {
            let skills: Vec<String> = s
                .skills
                .iter()
                .filter_map(|k| db.skill(*k))
                .map(|k| {
                    if detail {
                        format!("{}: {}", k.name, k.text)
                    } else {
                        k.name.clone()
                    }
                })
                .collect();
            let conds: Vec<String> = s
                .conditions
                .iter()
                .filter_map(|h| db.condition(h.card).map(|c| (h, c)))
                .map(|(h, c)| {
                    let when = if h.next_level { " (next level)" } else { "" };
                    if detail {
                        format!("{}{when}: {}", c.name, c.text)
                    } else {
                        format!("{}{when}", c.name)
                    }
                })
                .collect();
            let or_none = |l: Vec<String>| {
                if l.is_empty() {
                    "none".to_string()
                } else {
                    l.join("; ")
                }
            };
            format!(
                "Skills: {}. Conditions: {}.",
                or_none(skills),
                or_none(conds)
            )
        }
        Readout::Prompt => {
            let what = match &s.pending {
                Pending::Over(_) => "The game is over.".to_string(),
                _ => format!("Level {}. Your choices:", s.level),
            };
            let choices: Vec<String> = v
                .choices()
                .iter()
                .enumerate()
                .map(|(i, a)| format!("{}: {}", i + 1, v.label(a)))
                .collect();
            if choices.is_empty() {
                what
            } else {
                format!("{what} {}.", choices.join("; "))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::CardDb;
    use crate::engine::{Difficulty, Setup};
    use crate::ui::reducer::Msg;
    use std::sync::Arc;

    fn started() -> Model {
        let db = Arc::new(CardDb::builtin().expect("the box loads"));
        let setup = Setup {
            seed: 3,
            character: "brawler".into(),
            side: 0,
            difficulty: Difficulty::Normal,
            easy_toggle: false,
        };
        Model::new(db, None)
            .reduce(Msg::Start(setup))
            .expect("a game starts")
    }

    #[test]
    fn each_readout_says_its_piece_of_the_state() {
        let m = started();
        let s = m.view.as_ref().unwrap().s();
        let effort = read(&m, Readout::Effort, false);
        assert!(
            effort.contains(&format!("{} Small Effort", s.stock.get(Res::Small))),
            "{effort}"
        );
        assert!(read(&m, Readout::Time, false).starts_with(&format!("Time: {};", s.time)));
        assert!(read(&m, Readout::Monster, false).contains("not revealed"));
        assert!(read(&m, Readout::Weapon, false).starts_with("Weapon: "));
        assert!(read(&m, Readout::Skills, false).starts_with("Skills: "));
        let prompt = read(&m, Readout::Prompt, false);
        let v = m.view.as_ref().unwrap();
        assert!(
            prompt.contains(&format!("1: {}", v.label(&v.choices()[0]))),
            "{prompt}"
        );
        assert!(read(&m, Readout::Effort, true).contains("Ability uses"));
    }
}
